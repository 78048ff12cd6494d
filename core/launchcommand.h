#pragma once
// The runtime's own command line equivalent to a scenario, ready to copy.

#include <string>

namespace memplan {

struct ResolvedScenario;

/// "llama-server -m model.gguf -c 8192 ..." or "vllm serve ..."; empty for runtimes without a CLI.
std::string launchCommand(const ResolvedScenario &scenario);

} // namespace memplan
