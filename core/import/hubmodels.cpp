#include "hubmodels.h"

#include "modelsource.h"

#include <map>
#include <mutex>
#include <string>

namespace memplan {

namespace {

struct HubModels {
    std::mutex mutex;
    HubModelLoader loader;
    std::map<std::string, std::shared_ptr<const ImportedModel>> kept; ///< by HubReference::text()
};

HubModels &state()
{
    static HubModels s;
    return s;
}

// Files and quantization picked the same way give the same text; the revision is part of it.
std::string key(const HubReference &ref)
{
    return ref.text();
}

} // namespace

void setHubModelLoader(HubModelLoader loader)
{
    std::lock_guard lock(state().mutex);
    state().loader = std::move(loader);
    state().kept.clear();
}

std::shared_ptr<const ImportedModel> loadHubModel(const HubReference &ref)
{
    HubModelLoader loader;
    {
        std::lock_guard lock(state().mutex);
        if (auto it = state().kept.find(key(ref)); it != state().kept.end())
            return it->second;
        loader = state().loader;
    }
    if (!loader)
        throw SourceUnavailable(ref.text() + ": this program cannot read Hugging Face repositories");
    // Outside the lock: a first read may wait on the network for seconds.
    auto model = std::make_shared<const ImportedModel>(loader(ref));
    rememberHubModel(ref, model);
    return model;
}

void rememberHubModel(const HubReference &ref, std::shared_ptr<const ImportedModel> model)
{
    std::lock_guard lock(state().mutex);
    if (state().kept.size() > 16)
        state().kept.clear(); // a handful of repositories is all a session imports
    state().kept[key(ref)] = std::move(model);
}

void forgetHubModels()
{
    std::lock_guard lock(state().mutex);
    state().kept.clear();
}

HubModelLoader commandLineHubLoader(std::function<ImportedModel(const HubReference &, bool allowNetwork)> import,
                                    bool fetch)
{
    return [fetch, import = std::move(import)](const HubReference &ref) {
        try {
            return import(ref, fetch);
        } catch (const SourceUnavailable &e) {
            if (fetch)
                throw;
            throw SourceUnavailable(std::string(e.what()) + " (fetch it with `memplan-cli inspect " + ref.text() +
                                        "`, or set MEMPLAN_HF_FETCH=1)",
                                    e.reason());
        }
    };
}

} // namespace memplan
