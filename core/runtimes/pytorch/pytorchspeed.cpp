#include "runtimes/pytorch/pytorchspeed.h"

#include <array>

namespace memplan::runtimes {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}; docs/accuracy.md ("Speed") lists the
// measurements behind each row; "fallback" rows have none and carry a wide range.
constexpr std::array<BackendEfficiency, 2> kPagedRows = {{
    {"vllm",
     "cuda",
     {0.55, 0.72, 0.90},
     {0.30, 0.50, 0.70},
     "vLLM single-request decode on 2 x A100 and an RTX 4090 (tests/data/speed); prefill: fallback"},
    {"vllm", "rocm", {0.40, 0.55, 0.70}, {0.20, 0.40, 0.60}, "fallback: below the CUDA row"},
}};

constexpr std::array<BackendEfficiency, 1> kEagerRows = {{
    {"transformers",
     "any",
     {0.15, 0.30, 0.50},
     {0.20, 0.40, 0.60},
     "fallback: eager PyTorch decode launches one kernel per op"},
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
