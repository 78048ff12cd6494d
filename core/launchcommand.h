#pragma once
// The runtime's own command line equivalent to a scenario, ready to copy. Each
// runtime module (core/runtimes/<engine>/) writes its own; this is the entry
// point and the small formatting helpers they share.

#include <string>

namespace memplan {

struct ResolvedScenario;

/// "llama-server -m model.gguf -c 8192 ..." or "vllm serve ..."; empty for runtimes without a CLI.
std::string launchCommand(const ResolvedScenario &scenario);

namespace launch {
/// v with a fixed number of decimals ("0.90").
std::string fixed(double v, int decimals);
/// The GGUF file a llama.cpp command loads: the imported path, or "<preset>-<format>.gguf".
std::string ggufFileName(const ResolvedScenario &r);
} // namespace launch

} // namespace memplan
