#pragma once
// `memplan-cli inspect org/name` and the window's Import: a repository's headers,
// fetched (or read from the cache) and sized by core/import.

#include "hubsource.h"

#include "import/hubmodels.h"
#include "import/importedmodel.h"

namespace memplan::net {

/// Reads the repository the reference names. Throws InputError (malformed files,
/// nothing to read) or SourceUnavailable (network, HTTP status, timeout).
ImportedModel importHubModel(const HubReference &ref, const HubSettings &settings);

/// Same, with the settings from the environment (hubSettingsFromEnvironment()).
ImportedModel importHubModel(const HubReference &ref);

/// How a scenario's model.hub is read (core/import/hubmodels.h): importHubModel() with the
/// settings from the environment, the network used only when allowNetwork.
HubModelLoader hubModelLoader(bool allowNetwork);

/// Installs the command line's loader: the header cache, and the network only when the
/// user allows it with MEMPLAN_HF_FETCH=1 (docs/scenario-format.md, model.hub).
void installCommandLineHubLoader();

} // namespace memplan::net
