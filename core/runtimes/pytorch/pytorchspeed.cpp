#include "runtimes/pytorch/pytorchspeed.h"

#include <array>

namespace memplan::runtimes {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}; docs/accuracy.md ("Speed") lists the
// measurements behind each row; "fallback" rows have none and carry a wide range.
// Why these fixed costs: vLLM and SGLang replay a CUDA graph captured for the decode batch, so a
// layer costs only its kernels' minimum run time (about 10 us), but every step also runs the
// Python scheduler, prepares its inputs and samples on the host (about a millisecond).
constexpr std::array<BackendEfficiency, 2> kPagedRows = {{
    {"vllm",
     "cuda",
     {0.60, 0.88, 1.0},
     {0.30, 0.50, 0.70},
     "vLLM single-request decode on 2 x A100 and an RTX 4090 (tests/data/speed); prefill: fallback",
     {5 * kUs, 10 * kUs, 20 * kUs},
     {500 * kUs, 1200 * kUs, 3000 * kUs},
     "CUDA graphs replay the layers' kernels (about 10 us a layer); the host's scheduling, input "
     "preparation and sampling run once per step (vLLM's and SGLang's model runners)"},
    {"vllm",
     "rocm",
     {0.50, 0.80, 1.0},
     {0.20, 0.40, 0.60},
     "fallback: below the CUDA row",
     {10 * kUs, 20 * kUs, 40 * kUs},
     {500 * kUs, 1500 * kUs, 4000 * kUs},
     "fallback: the CUDA row with slower HIP graph replay"},
}};

// Eager PyTorch launches every op of every layer from Python (some 15 a layer at about 10 us
// each) and runs the generate loop's logits processing on the host each step.
constexpr std::array<BackendEfficiency, 1> kEagerRows = {{
    {"transformers",
     "any",
     {0.50, 0.80, 1.0},
     {0.20, 0.40, 0.60},
     "fallback: no measurement collected",
     {80 * kUs, 150 * kUs, 300 * kUs},
     {1000 * kUs, 2000 * kUs, 5000 * kUs},
     "eager PyTorch: one Python-launched kernel per op, about 15 a layer; no measurement collected"},
}};

} // namespace

const SpeedRules &pagedServerSpeedRules()
{
    static const SpeedRules rules{"vllm", kPagedRows, true, false, {}};
    return rules;
}

const SpeedRules &eagerPytorchSpeedRules()
{
    static const SpeedRules rules{"transformers", kEagerRows, true, false, {}};
    return rules;
}

} // namespace memplan::runtimes
