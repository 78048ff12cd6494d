#pragma once
// Loads memplan-hub.so (net/hubmodule.h) on the first `inspect org/name` and imports the
// repository through it. memplan-cli itself links no QtNetwork (issue 19).

#include "import/hubreference.h"
#include "import/importedmodel.h"

namespace memplan::cli {

/// The repository's model, read by the network module. Throws InputError as the import
/// does, SourceUnavailable for network failures and when the module cannot be loaded.
ImportedModel importHubModelViaModule(const HubReference &ref, bool allowNetwork = true);

/// Installs the loader through which the engine resolves a scenario's model.hub: the header
/// cache only, the network with MEMPLAN_HF_FETCH=1 (docs/hub.md), both through the module.
void installModuleHubLoader();

} // namespace memplan::cli
