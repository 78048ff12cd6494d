#pragma once
// How close each runtime and backend comes to the speed bound: measured speed ÷
// bound, as a low-middle-high range per phase. The figures come from the
// published measurements listed in tests/data/speed/ (sources in each case) and
// are summarised in docs/accuracy.md; they are per backend, never per case.

#include "estimate.h"

#include <string_view>

namespace memplan {

struct BackendEfficiency {
    std::string_view family;  ///< "ggml", "vllm", "mlx", "transformers", "theory"
    std::string_view backend; ///< "cuda", "rocm", "metal", "vulkan", "cpu", "link", "any"
    Efficiency decode;
    Efficiency prefill;
    std::string_view basis; ///< which measurements the range rests on
};

/// "ggml" for llama.cpp and Ollama, "vllm" for vLLM and SGLang, else the engine (always a string literal).
std::string_view engineFamily(std::string_view engine);

/// The backend that computes on a pool: "cuda" / "rocm" / "metal" / "sycl" for a GPU by
/// vendor, "mlx" under MLX, "cpu" for host RAM computed by the CPU, "link" for weights
/// streamed over the host link.
std::string_view poolBackend(std::string_view engine, std::string_view vendor, bool hostPool, bool streamed);

/// The efficiency range for a family and backend (a documented fallback when none was measured).
const BackendEfficiency &backendEfficiency(std::string_view family, std::string_view backend);

} // namespace memplan
