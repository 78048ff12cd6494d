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
    const bool fetch = qEnvironmentVariable("MEMPLAN_HF_FETCH") == QLatin1String("1");
    setHubModelLoader(commandLineHubLoader(
        [](const HubReference &ref, bool allowNetwork) { return hubModelLoader(allowNetwork)(ref); }, fetch));
}

} // namespace memplan::net
