#pragma once
// Scenarios that name a Hugging Face repository (model.hub) are resolved by the
// engine, but reading the repository needs the network layer, which core/ must
// not link. The program that owns the network (memplan-cli, memplan-report, the
// window) installs a loader at start-up; the engine asks it through here and
// keeps what it returned, so a slider step does not re-read the header cache.

#include "hubreference.h"
#include "importedmodel.h"

#include <functional>
#include <memory>

namespace memplan {

/// Reads the repository's headers (from the on-disk cache, or the network when the
/// program allows it). Throws InputError for malformed files, SourceUnavailable when
/// the headers cannot be had (not cached and no network allowed, HTTP error, timeout).
using HubModelLoader = std::function<ImportedModel(const HubReference &)>;

/// Installs the loader (an empty function removes it) and forgets what the previous one returned.
void setHubModelLoader(HubModelLoader loader);

/// The model for a reference: what an earlier call or rememberHubModel() kept, else the
/// loader's answer (kept on success). Throws SourceUnavailable when no loader is installed.
std::shared_ptr<const ImportedModel> loadHubModel(const HubReference &ref);

/// Keeps a model fetched elsewhere (the window's import runs off the GUI thread), so
/// resolving a scenario that names the reference uses exactly that object.
void rememberHubModel(const HubReference &ref, std::shared_ptr<const ImportedModel> model);

/// Drops every kept model (tests: "reopen" as a new session would).
void forgetHubModels();

/// The command-line programs' loader around `import`: sizing a saved scenario should not reach
/// out to the network by surprise, so it reads the header cache only unless `fetch` (the user's
/// MEMPLAN_HF_FETCH=1), and a cache miss says how to fetch.
HubModelLoader commandLineHubLoader(std::function<ImportedModel(const HubReference &, bool allowNetwork)> import,
                                    bool fetch);

} // namespace memplan
