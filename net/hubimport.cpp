#include "hubimport.h"

namespace memplan::net {

ImportedModel importHubModel(const HubReference &ref, const HubSettings &settings)
{
    HubSource source(ref, settings);
    const std::vector<std::string> files = chooseHubFiles(source.listing(), ref);
    const std::string name = ref.repo.substr(ref.repo.find('/') + 1);
    return importFromSource(source, files, ref.text(), name);
}

ImportedModel importHubModel(const HubReference &ref)
{
    return importHubModel(ref, hubSettingsFromEnvironment());
}

HubModelLoader hubModelLoader(bool allowNetwork)
{
    return [allowNetwork](const HubReference &ref) {
        HubSettings settings = hubSettingsFromEnvironment();
        settings.allowNetwork = allowNetwork;
        return importHubModel(ref, settings);
    };
}

void installCommandLineHubLoader()
{
    // Sizing a saved scenario should not reach out to the network by surprise: `inspect`
    // fetches on request and fills the same cache; MEMPLAN_HF_FETCH=1 allows it here too.
    const bool fetch = qEnvironmentVariable("MEMPLAN_HF_FETCH") == QLatin1String("1");
    setHubModelLoader([fetch, load = hubModelLoader(fetch)](const HubReference &ref) {
        try {
            return load(ref);
        } catch (const SourceUnavailable &e) {
            if (fetch)
                throw;
            throw SourceUnavailable(std::string(e.what()) + " (fetch it with `memplan-cli inspect " + ref.text() +
                                        "`, or set MEMPLAN_HF_FETCH=1)",
                                    e.reason());
        }
    });
}

} // namespace memplan::net
