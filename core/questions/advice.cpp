#include "questions/advice.h"

#include "estimator.h"
#include "model/quantformat.h"
#include "questions/solvers.h"
#include "runtimes/ollama/ollamafit.h"
#include "runtimes/runtimemodel.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <optional>

namespace memplan {

namespace {

/// The changed scenario and whether it fits; nullopt when the engine rejects the change.
std::optional<Advice> tryChange(const Scenario &base, const PresetCatalog &catalog, AdviceKind kind,
                                const std::function<void(Scenario &)> &change)
{
    Advice a;
    a.kind = kind;
    a.scenario = base;
    change(a.scenario);
    try {
        a.fits =
            estimate(resolveScenario(a.scenario, catalog), {.items = false, .speed = false, .notices = false}).fits;
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return a;
}

/// Smaller storage formats, largest first: the first that fits costs the least quality.
std::optional<Advice> firstSmallerFormat(const Scenario &s, const PresetCatalog &catalog, const QuantFormat *current,
                                         bool kv, const AdviceOptions &options)
{
    if (!current)
        return std::nullopt;
    for (const QuantFormat &f : allQuantFormats()) {
        if (f.bitsPerWeight() >= current->bitsPerWeight() || (kv && !f.kvCapable))
            continue;
        const AdviceKind kind =
            kv ? AdviceKind::KvFormat
               : (f.bitsPerWeight() < options.lowBitThreshold ? AdviceKind::LowBitWeights : AdviceKind::WeightFormat);
        auto a = tryChange(s, catalog, kind,
                           [&](Scenario &c) { (kv ? c.kvCacheDtype : c.weights.format) = std::string(f.id); });
        if (a && a->fits) {
            a->format = std::string(f.id);
            a->formatLabel = std::string(f.label);
            a->bitsPerWeight = f.bitsPerWeight();
            return a;
        }
    }
    return std::nullopt;
}

/// Rank of a kind when the scenario does not fit: lower is offered first.
int costRank(AdviceKind k)
{
    switch (k) {
    case AdviceKind::OllamaLayers: // not a change to make but what will happen: first
        return -1;
    case AdviceKind::GrowContext:
        return 0;
    case AdviceKind::MoreSequences:
        return 1;
    case AdviceKind::KvFormat:
        return 2;
    case AdviceKind::WeightFormat:
        return 3;
    case AdviceKind::MoreGpus:
    case AdviceKind::RaiseGpuLimit:
        return 4;
    case AdviceKind::ExpertsOnHost: // attention and the cache stay on the GPU: cheaper than whole layers
        return 5;
    case AdviceKind::GpuLayers:
        return 6;
    case AdviceKind::ShorterContext:
        return 7;
    case AdviceKind::LowBitWeights:
        return 8;
    case AdviceKind::GpuLayersNotEnough:
        return 9;
    }
    return 10;
}

void addWorkloadAdvice(std::vector<Advice> &out, const Scenario &s, const ResolvedScenario &r, const Estimate &e,
                       const AdviceOptions &options)
{
    const std::uint64_t context = s.workload.contextTokens;
    if (const auto maxContext = solveMaxContext(r); maxContext && *maxContext != context) {
        Advice a;
        a.kind = e.fits ? AdviceKind::GrowContext : AdviceKind::ShorterContext;
        a.scenario = s;
        a.scenario.workload.contextTokens = *maxContext;
        a.value = *maxContext;
        a.fits = true; // the solver's answer fits by construction (tst_solvers)
        if (e.fits == (*maxContext > context))
            out.push_back(std::move(a));
    }
    if (!e.fits)
        return;
    if (const auto maxUsers = solveMaxConcurrency(r, options.concurrencyLimit);
        maxUsers && *maxUsers != s.workload.concurrency) {
        Advice a;
        a.kind = AdviceKind::MoreSequences;
        a.scenario = s;
        a.scenario.workload.concurrency = *maxUsers;
        a.value = *maxUsers;
        a.fits = true;
        out.push_back(std::move(a));
    }
}

/// A unified machine whose GPU limit, not its memory, is what the plan passes: the limit is a
/// system setting (macOS's iogpu.wired_limit_mb, the amdgpu TTM page limit on Linux), and
/// raising it to the memory less the OS share lets the GPU side use what is there.
void addGpuLimitAdvice(std::vector<Advice> &out, const Scenario &s, const ResolvedScenario &r,
                       const PresetCatalog &catalog)
{
    const HardwareSpec &h = r.hardware;
    const bool apple = h.vendor == "Apple";
    if (h.kind != HardwareKind::Unified || (!apple && h.vendor != "AMD"))
        return;
    const Bytes limit = saturatingSub(h.capacityBytes, r.host.reservedBytes) / MiB * MiB;
    if (limit <= h.gpuUsableBytes)
        return;
    auto a = tryChange(s, catalog, AdviceKind::RaiseGpuLimit, [&](Scenario &c) { c.hardware.gpuUsableBytes = limit; });
    if (!a || !a->fits) // a system setting is worth changing only when it settles the question
        return;
    a->value = limit;
    a->command = apple ? "sudo sysctl iogpu.wired_limit_mb=" + std::to_string(limit / MiB)
                       : "ttm.pages_limit=" + std::to_string(limit / 4096);
    out.push_back(std::move(*a));
}

/// A mixture of experts on a separate GPU: its routed experts, most of its weights but read
/// only k of E at a time, can stay in host RAM while attention and the KV cache keep the GPU.
/// The command is the runtime's own setting for it, when it has one.
void addExpertsOnHostAdvice(std::vector<Advice> &out, const Scenario &s, const ResolvedScenario &r,
                            const PresetCatalog &catalog)
{
    if (!r.model.arch.isMoe() || r.placement.expertsOnHost || r.hardware.kind != HardwareKind::DiscreteGpu ||
        !runtimeModel(r.runtime.engine).offloadsLayersToHost())
        return;
    auto a = tryChange(s, catalog, AdviceKind::ExpertsOnHost, [](Scenario &c) { c.placement.expertsOnHost = true; });
    if (!a || !a->fits) // when it does not settle it, the layer advice says how far offloading goes
        return;
    a->value = r.model.arch.numHiddenLayers;
    a->command = runtimeModel(r.runtime.engine).expertsOnHostSetting(r.model.arch.numHiddenLayers);
    out.push_back(std::move(*a));
}

void addPlacementAdvice(std::vector<Advice> &out, const Scenario &s, const ResolvedScenario &r,
                        const PresetCatalog &catalog)
{
    addGpuLimitAdvice(out, s, r, catalog);
    if (r.hardware.kind != HardwareKind::DiscreteGpu)
        return;
    addExpertsOnHostAdvice(out, s, r, catalog);
    if (const auto gpus = solveMinGpus(r); gpus && *gpus > r.gpuCount) {
        if (auto a = tryChange(s, catalog, AdviceKind::MoreGpus, [&](Scenario &c) { c.hardware.count = *gpus; })) {
            a->value = *gpus;
            out.push_back(std::move(*a));
        }
    }
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    const auto gpuLayers = solveMaxGpuLayers(r);
    if (!gpuLayers || layers == 0)
        return;
    auto a = tryChange(s, catalog, AdviceKind::GpuLayers,
                       [&](Scenario &c) { c.placement.gpuLayerFraction = double(*gpuLayers) / double(layers); });
    if (!a || a->scenario.placement == s.placement)
        return;
    if (!a->fits)
        a->kind = AdviceKind::GpuLayersNotEnough;
    a->value = *gpuLayers;
    a->total = layers;
    out.push_back(std::move(*a));
}

/// Ollama chooses --n-gpu-layers itself when num_gpu is not set (core/runtimes/ollama/ollamafit.h):
/// when its choice differs from the plan's placement, say what Ollama will do, as a changed
/// scenario the user can apply.
void addOllamaAdvice(std::vector<Advice> &out, const Scenario &s, const ResolvedScenario &r, const Estimate &e,
                     const PresetCatalog &catalog)
{
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    if (r.runtime.engine != Engine::Ollama || r.hardware.kind == HardwareKind::Cpu || layers == 0 ||
        (s.runtime.settings.is_object() && s.runtime.settings.contains("n_gpu_layers")))
        return;
    ollama::Request q;
    q.context = std::uint64_t(r.workload.contextTokens) * std::max<std::uint32_t>(1, r.settings.parallel);
    q.kvCacheType = r.settings.flashAttn ? r.settings.cacheTypeK : "";
    q.library = r.hardware.vendor == "Apple" ? "metal" : r.hardware.vendor == "AMD" ? "rocm" : "cuda";
    for (const Pool &p : e.pools)
        if (p.kind != PoolKind::Ram)
            q.freeMemory.push_back(p.usableBytes);
    if (q.freeMemory.empty())
        return;
    const ollama::Offload o = ollama::estimateGpuLayers(ollama::modelFacts(r), q);
    const double fraction = double(std::min<std::uint64_t>(std::uint64_t(o.layers), layers)) / double(layers);
    if (std::abs(fraction - r.placement.gpuLayerFraction) < 0.5 / double(layers))
        return;
    auto a =
        tryChange(s, catalog, AdviceKind::OllamaLayers, [&](Scenario &c) { c.placement.gpuLayerFraction = fraction; });
    if (!a)
        return;
    a->value = std::uint64_t(o.layers);
    a->total = std::uint64_t(o.layersModel);
    out.push_back(std::move(*a));
}

} // namespace

std::string_view adviceId(AdviceKind kind)
{
    switch (kind) {
    case AdviceKind::GrowContext:
        return "advice.grow_context";
    case AdviceKind::MoreSequences:
        return "advice.more_sequences";
    case AdviceKind::ShorterContext:
        return "advice.shorter_context";
    case AdviceKind::KvFormat:
        return "advice.kv_format";
    case AdviceKind::WeightFormat:
        return "advice.weight_format";
    case AdviceKind::LowBitWeights:
        return "advice.low_bit_weights";
    case AdviceKind::MoreGpus:
        return "advice.more_gpus";
    case AdviceKind::GpuLayers:
        return "advice.gpu_layers";
    case AdviceKind::GpuLayersNotEnough:
        return "advice.gpu_layers_not_enough";
    case AdviceKind::ExpertsOnHost:
        return "advice.experts_on_host";
    case AdviceKind::RaiseGpuLimit:
        return "advice.raise_gpu_limit";
    case AdviceKind::OllamaLayers:
        return "advice.ollama_layers";
    }
    return "advice.unknown";
}

std::string adviceText(const Advice &a)
{
    switch (a.kind) {
    case AdviceKind::GrowContext:
        return "Context can grow to " + formatCount(a.value) + " tokens";
    case AdviceKind::MoreSequences:
        return "Up to " + formatCount(a.value) + " concurrent sequences at this context";
    case AdviceKind::ShorterContext:
        return "Shorten the context to " + formatCount(a.value) + " tokens";
    case AdviceKind::KvFormat:
        return "Store the KV cache as " + a.formatLabel;
    case AdviceKind::WeightFormat:
    case AdviceKind::LowBitWeights:
        return "Quantize the weights to " + a.formatLabel;
    case AdviceKind::MoreGpus:
        return "Use " + std::to_string(a.value) + " GPUs";
    case AdviceKind::GpuLayers:
        return "Keep " + std::to_string(a.value) + " of " + std::to_string(a.total) +
               " layers on the GPU, the rest in host RAM";
    case AdviceKind::GpuLayersNotEnough:
        return "At most " + std::to_string(a.value) + " of " + std::to_string(a.total) + " layers fit on the GPU";
    case AdviceKind::ExpertsOnHost:
        return a.command.empty()
                   ? "Keep the MoE experts in host RAM, attention and the KV cache on the GPU"
                   : "Keep the MoE experts in host RAM (" + a.command + "), attention and the KV cache on the GPU";
    case AdviceKind::RaiseGpuLimit:
        return "Raise the GPU memory limit to " + formatBoth(a.value) + " (" + a.command + ")";
    case AdviceKind::OllamaLayers:
        return "Ollama's own estimate puts " + std::to_string(a.value) + " of " + std::to_string(a.total) +
               " layers on the GPU when num_gpu is not set";
    }
    return {};
}

std::string adviceCost(const Advice &a)
{
    switch (a.kind) {
    case AdviceKind::GrowContext:
        return "none: the memory is already free";
    case AdviceKind::MoreSequences:
        return "none in memory; the sequences share the memory bandwidth";
    case AdviceKind::ShorterContext:
        return "workload: longer requests no longer fit";
    case AdviceKind::KvFormat:
        return "a small quality cost in attention";
    case AdviceKind::WeightFormat:
        return "some quality loss against the current format";
    case AdviceKind::LowBitWeights:
        return "below 3.5 bits per weight the quality loss is noticeable";
    case AdviceKind::MoreGpus:
        return "hardware: more GPUs";
    case AdviceKind::GpuLayers:
    case AdviceKind::GpuLayersNotEnough:
        return "speed: layers in host RAM run at host-RAM bandwidth";
    case AdviceKind::ExpertsOnHost:
        return "speed: the experts each token uses are read at host-RAM bandwidth";
    case AdviceKind::RaiseGpuLimit:
        return "a system setting: less memory is left for other programs";
    case AdviceKind::OllamaLayers:
        return "none to choose: this is what Ollama does; set num_gpu to override it";
    }
    return {};
}

std::vector<Advice> advise(const Scenario &s, const ResolvedScenario &r, const Estimate &e,
                           const PresetCatalog &catalog, const AdviceOptions &options)
{
    std::vector<Advice> out;
    try {
        addOllamaAdvice(out, s, r, e, catalog);
        addWorkloadAdvice(out, s, r, e, options);
        if (!e.fits) {
            if (auto a = firstSmallerFormat(s, catalog, r.kvFormatK, true, options))
                out.push_back(std::move(*a));
            if (auto a = firstSmallerFormat(s, catalog, r.weightFormat, false, options))
                out.push_back(std::move(*a));
            addPlacementAdvice(out, s, r, catalog);
        }
    } catch (const std::exception &) {
        // A solver overflowing on an absurd scenario leaves the advice found so far.
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Advice &a, const Advice &b) { return costRank(a.kind) < costRank(b.kind); });
    return out;
}

std::vector<Advice> advise(const Scenario &scenario, const PresetCatalog &catalog, const AdviceOptions &options)
{
    const ResolvedScenario r = resolveScenario(scenario, catalog);
    return advise(scenario, r, estimate(r), catalog, options);
}

} // namespace memplan
