#include "runtimes/registry.h"
#include "runtimes/modelstores.h"
#include "runtimes/startupfailures.h"

#include "llamacpp/llamacppmodel.h"
#include "mlx/mlxmodel.h"
#include "ollama/ollamamodel.h"
#include "sglang/sglangmodel.h"
#include "theory/theorymodel.h"
#include "transformers/transformersmodel.h"
#include "vllm/vllmmodel.h"

#include <stdexcept>
#include <utility>

namespace memplan {

namespace {

struct Registry {
    std::vector<const RuntimeModel *> models;
    /// Engines without a module of their own and the module that answers for them.
    std::vector<std::pair<Engine, const RuntimeModel *>> aliases;
    std::vector<std::unique_ptr<RuntimeModel>> registered;
};

Registry &registry()
{
    static const runtimes::TheoryModel theory;
    static const runtimes::LlamaCppModel llamaCpp;
    static const runtimes::OllamaModel ollama;
    static const runtimes::VllmModel vllm;
    static const runtimes::SglangModel sglang;
    static const runtimes::TransformersModel transformers;
    static const runtimes::MlxModel mlx;
    // A training framework asked for inference runs PyTorch: Transformers' rules.
    static Registry r{
        {&theory, &llamaCpp, &ollama, &vllm, &sglang, &transformers, &mlx}, {{Engine::Training, &transformers}}, {}};
    return r;
}

} // namespace

std::span<const StartupFailureReader> startupFailureReaders()
{
    // vLLM's own refusals before PyTorch's allocator message that vLLM, SGLang and Transformers share.
    static constexpr StartupFailureReader readers[] = {
        runtimes::readVllmKvTooSmall,     runtimes::readVllmNoCacheBlocks,  runtimes::readTorchOutOfMemory,
        runtimes::readLlamaCppAllocation, runtimes::readOllamaSystemMemory, runtimes::readMetalOutOfMemory};
    return readers;
}

std::span<const ModelStore> modelStores()
{
    static constexpr ModelStore stores[] = {
        {"llama.cpp", runtimes::addLlamaCppCacheRoots, runtimes::scanLlamaCppCache},
        {"ollama", runtimes::addOllamaStoreRoots, runtimes::scanOllamaStore},
    };
    return stores;
}

const std::vector<const RuntimeModel *> &runtimeModels()
{
    return registry().models;
}

void registerRuntime(std::unique_ptr<RuntimeModel> model)
{
    if (!model || engineFromId(model->engine().id()))
        throw std::invalid_argument("a runtime needs a new engine id");
    Registry &r = registry();
    r.models.push_back(model.get());
    r.registered.push_back(std::move(model));
}

const RuntimeModel &runtimeModel(Engine e)
{
    const Registry &r = registry();
    for (const RuntimeModel *m : r.models)
        if (m->engine() == e)
            return *m;
    for (const auto &[alias, m] : r.aliases)
        if (alias == e)
            return *m;
    return *r.models.front();
}

std::optional<Engine> engineFromId(std::string_view id)
{
    for (Engine e : allEngines())
        if (e.id() == id)
            return e;
    return std::nullopt;
}

std::vector<Engine> allEngines()
{
    const Registry &r = registry();
    std::vector<Engine> out;
    for (const RuntimeModel *m : r.models)
        out.push_back(m->engine());
    for (const auto &alias : r.aliases)
        out.push_back(alias.first);
    return out;
}

std::string engineIdList()
{
    const std::vector<Engine> all = allEngines();
    std::string out;
    for (std::size_t i = 0; i < all.size(); ++i)
        out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].id());
    return out;
}

const RuntimeModel *runtimeForLog(std::string_view logId)
{
    for (const RuntimeModel *m : runtimeModels())
        if (!logId.empty() && m->logId() == logId)
            return m;
    return nullptr;
}

const RuntimeModel *runtimeForCluster(std::string_view clusterId)
{
    for (const RuntimeModel *m : runtimeModels())
        if (!clusterId.empty() && m->clusterId() == clusterId)
            return m;
    return nullptr;
}

std::string clusterRuntimeIds(std::string_view separator)
{
    std::string out;
    for (const RuntimeModel *m : runtimeModels())
        if (!m->clusterId().empty())
            out += (out.empty() ? std::string() : std::string(separator)) + std::string(m->clusterId());
    return out;
}

Engine defaultClusterRuntime()
{
    return Engine::Vllm;
}

} // namespace memplan
