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

} // namespace memplan::net
