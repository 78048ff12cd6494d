#pragma once
// The runtime's own command line equivalent to a scenario, ready to copy. Each
// runtime module (core/runtimes/<engine>/) writes its own; this is the entry
// point and the small formatting helpers they share.
//
// A command names the download of the weight format chosen (issue 34 item 6): a
// preset's hf_repo holds its native or shipped format, its `repositories` the
// others. When no download of the chosen format is known the command holds a
// placeholder, and launchCommandNote() says so; it never names another format's.

#include "notice.h"

#include <optional>
#include <string>
#include <string_view>

namespace memplan {

struct ResolvedScenario;

/// "llama-server -m model.gguf -c 8192 ..." or "vllm serve ..."; empty for runtimes without a CLI.
std::string launchCommand(const ResolvedScenario &scenario);

/// "note.launch_weights_unknown" when the command holds a placeholder for the weights, else none.
std::optional<Notice> launchCommandNote(const ResolvedScenario &scenario);

namespace launch {
/// v with a fixed number of decimals ("0.90").
std::string fixed(double v, int decimals);
/// The format whose download the command names: the weight format, or the experts' format
/// for a checkpoint that keeps only its experts quantized (gpt-oss: MXFP4 experts, rest BF16).
std::string_view downloadFormat(const ResolvedScenario &r);
/// The repository vLLM, SGLang, Transformers and MLX load: the imported path or repository,
/// the preset's repository of the chosen format, or "<format-repository-of-Org/Name>".
std::string checkpointRepo(const ResolvedScenario &r);
/// The GGUF file a llama.cpp command loads: the imported path, the published file of the
/// chosen format, or "<preset>-<format>.gguf" (a local name the user supplies).
std::string ggufFileName(const ResolvedScenario &r);
/// "-m FILE", or "--hf-repo Org/Name-GGUF --hf-file FILE" for a published file llama.cpp downloads.
std::string ggufModelArgs(const ResolvedScenario &r);
/// Whether the weights the command names are a real download (or the user's own file).
bool weightsKnown(const ResolvedScenario &r, bool gguf);
} // namespace launch

} // namespace memplan
