#pragma once
// The one list of runtimes. Everything else asks a runtime's module
// (runtimemodel.h) what it does; only this list knows which modules exist.
// Built-in modules are listed in registry.cpp; a plug-in or a test adds its own
// with registerRuntime() before the first estimate.

#include "runtimes/runtimemodel.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

/// Every runtime module, the built-ins first in a fixed order, then the registered ones.
const std::vector<const RuntimeModel *> &runtimeModels();

/// Adds a runtime module; its engine id must be new (std::invalid_argument otherwise).
/// Not thread-safe: call it at start-up, before estimates run.
void registerRuntime(std::unique_ptr<RuntimeModel> model);

/// The module whose logs name a run `logId` (RuntimeModel::logId); null when none does.
const RuntimeModel *runtimeForLog(std::string_view logId);

/// The module whose multi-node deployment is named `clusterId`; null when none is.
const RuntimeModel *runtimeForCluster(std::string_view clusterId);

/// Every multi-node deployment's name, in the registry's order, joined by `separator`
/// ("vllm|sglang|llama.cpp-rpc"), for usage lines and messages.
std::string clusterRuntimeIds(std::string_view separator);

/// The deployment `cluster` plans when none is named.
Engine defaultClusterRuntime();

} // namespace memplan
