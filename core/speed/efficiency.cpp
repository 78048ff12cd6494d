#include "speed/efficiency.h"

#include <array>

namespace memplan {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}. See docs/accuracy.md ("Speed") for the
// measurements behind each row; "fallback" rows have none and carry a wide range.
constexpr std::array<BackendEfficiency, 13> kTable = {{
    {"theory", "any", {1, 1, 1}, {1, 1, 1}, "the theory profile: expected = bound"},
    {"ggml",
     "cuda",
     {0.60, 0.72, 0.85},
     {0.15, 0.30, 0.50},
     "llama-bench tg128 / pp512 on RTX 3080, RTX 4090 and 8 x A100 (tests/data/speed)"},
    {"ggml",
     "rocm",
     {0.45, 0.55, 0.65},
     {0.30, 0.43, 0.55},
     "llama-bench on an RX 7900 XTX (tests/data/speed; one GPU, so a narrow basis)"},
    {"ggml",
     "metal",
     {0.35, 0.55, 0.85},
     {0.55, 0.68, 0.90},
     "llama-bench tg128 / pp512 on M1 Max, M1 Ultra, M2 Ultra and M4 (tests/data/speed)"},
    {"ggml", "vulkan", {0.40, 0.55, 0.75}, {0.10, 0.20, 0.40}, "fallback: between the ROCm and CUDA rows"},
    {"ggml", "sycl", {0.30, 0.50, 0.70}, {0.05, 0.15, 0.30}, "fallback: no measurement collected"},
    {"ggml",
     "cpu",
     {0.35, 0.65, 0.85},
     {0.20, 0.40, 0.60},
     "llama-bench tg128 on four CPU-only machines (tests/data/speed); prefill has no CPU rate to apply it to"},
    {"vllm",
     "cuda",
     {0.55, 0.72, 0.90},
     {0.30, 0.50, 0.70},
     "vLLM single-request decode on 2 x A100 and an RTX 4090 (tests/data/speed); prefill: fallback"},
    {"vllm", "rocm", {0.40, 0.55, 0.70}, {0.20, 0.40, 0.60}, "fallback: below the CUDA row"},
    {"mlx",
     "mlx",
     {0.60, 0.72, 0.85},
     {0.55, 0.70, 0.90},
     "mlx_lm and Rapid-MLX generation on M2 Ultra, M3 Ultra and M4 Pro; one long prompt (tests/data/speed)"},
    {"transformers",
     "any",
     {0.15, 0.30, 0.50},
     {0.20, 0.40, 0.60},
     "fallback: eager PyTorch decode launches one kernel per op"},
    {"any",
     "link",
     {0.60, 0.75, 0.85},
     {0.60, 0.75, 0.85},
     "pinned host-to-device copies reach about 75 % of the PCIe rate"},
    {"any", "any", {0.30, 0.55, 0.80}, {0.10, 0.30, 0.60}, "fallback for an unmeasured runtime and backend"},
}};

const BackendEfficiency &lookup(std::string_view family, std::string_view backend);

} // namespace

std::string_view engineFamily(std::string_view engine)
{
    if (engine == "llama.cpp" || engine == "ollama")
        return "ggml";
    if (engine == "vllm" || engine == "sglang")
        return "vllm";
    // Literals only: backendEfficiency() caches by the views' addresses.
    if (engine == "mlx")
        return "mlx";
    if (engine == "transformers")
        return "transformers";
    if (engine == "theory")
        return "theory";
    return "other";
}

std::string_view poolBackend(std::string_view engine, std::string_view vendor, bool hostPool, bool streamed)
{
    if (streamed)
        return "link";
    if (hostPool)
        return "cpu";
    if (engine == "mlx")
        return "mlx";
    if (vendor == "NVIDIA")
        return "cuda";
    if (vendor == "AMD")
        return "rocm";
    if (vendor == "Apple")
        return "metal";
    if (vendor == "Intel")
        return "sycl";
    return "gpu";
}

const BackendEfficiency &backendEfficiency(std::string_view family, std::string_view backend)
{
    // engineFamily() and poolBackend() return views of string literals, so the last answer can be
    // reused by comparing pointers (this runs for every pool of every estimate).
    thread_local const char *lastFamily = nullptr, *lastBackend = nullptr;
    thread_local const BackendEfficiency *last = nullptr;
    if (last && family.data() == lastFamily && backend.data() == lastBackend)
        return *last;
    lastFamily = family.data();
    lastBackend = backend.data();
    last = &lookup(family, backend);
    return *last;
}

namespace {
const BackendEfficiency &lookup(std::string_view family, std::string_view backend)
{
    if (family == "theory")
        return kTable[0];
    for (const BackendEfficiency &b : kTable)
        if ((b.family == family || b.family == "any") && (b.backend == backend || b.backend == "any") &&
            !(b.family == "any" && b.backend == "any"))
            return b;
    return kTable.back();
}

} // namespace

} // namespace memplan
