#include "runtimes/ggml/ggmlspeed.h"

#include <array>

namespace memplan::runtimes {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}; docs/accuracy.md ("Speed") lists the
// measurements behind each row; "fallback" rows have none and carry a wide range.
constexpr std::array<BackendEfficiency, 6> kGgmlRows = {{
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
}};

} // namespace

const SpeedRules &ggmlSpeedRules()
{
    // Host layers are computed by the CPU (only activations cross the link).
    static const SpeedRules rules{"ggml", kGgmlRows, false, true, {}};
    return rules;
}

} // namespace memplan::runtimes
