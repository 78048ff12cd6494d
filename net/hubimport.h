#pragma once
// `memplan-cli inspect org/name` and the window's Import: a repository's headers,
// fetched (or read from the cache) and sized by core/import.

#include "hubsource.h"

#include "import/importedmodel.h"

namespace memplan::net {

/// Reads the repository the reference names. Throws InputError (malformed files,
/// nothing to read) or SourceUnavailable (network, HTTP status, timeout).
ImportedModel importHubModel(const HubReference &ref, const HubSettings &settings);

/// Same, with the settings from the environment (hubSettingsFromEnvironment()).
ImportedModel importHubModel(const HubReference &ref);

} // namespace memplan::net
