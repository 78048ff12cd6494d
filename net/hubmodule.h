#pragma once
// The network layer as a loadable module (issue 19, "a lean command line"). memplan-cli
// links no QtNetwork: only `inspect org/name` needs it, so the hub import is built into
// memplan-hub.so, which memplan-cli loads (app/cli/hubloader.cpp) the first time a command
// names a repository. Every other command starts without QtNetwork and the dozen libraries
// under it (Kerberos, brotli, libproxy, ...). The window links memplan_net directly.
//
// The module and the program come from one build, so plain C++ types cross the boundary;
// exceptions do not: the module reports them in HubImportResult and the program rethrows.

#include "error.h"
#include "import/hubreference.h"
#include "import/importedmodel.h"
#include "import/modelsource.h"

#include <string>

namespace memplan::net {

struct HubImportResult {
    enum class Status { Ok, InputError, Unavailable, Failed };
    Status status = Status::Failed;
    ImportedModel model;
    ErrorInfo error;     ///< Status::InputError
    std::string message; ///< Status::Unavailable (network, HTTP, timeout) and Status::Failed
    SourceUnavailable::Reason reason = SourceUnavailable::Reason::Other; ///< Status::Unavailable
};

/// Module entry points, looked up by these names.
inline constexpr char kHubImportSymbol[] = "memplan_hub_import";
inline constexpr char kHubVersionSymbol[] = "memplan_hub_version";
/// allowNetwork false: the on-disk header cache only (a scenario's model.hub, core/import/hubmodels.h).
using HubImportFunction = void (*)(const HubReference &ref, bool allowNetwork, HubImportResult &result);
using HubVersionFunction = const char *(*)();

/// What both sides must agree on: the release and the sizes of the types that cross.
inline std::string hubModuleAbi()
{
    return std::string(MEMPLAN_VERSION) + "/" + std::to_string(sizeof(ImportedModel)) + "/" +
           std::to_string(sizeof(HubImportResult)) + "/" + std::to_string(sizeof(HubReference));
}

} // namespace memplan::net
