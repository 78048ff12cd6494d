#include "runtimes/ggml/ggmlspeed.h"

#include "runtimes/ggml/ggmlcpukernels.h"

#include <array>

namespace memplan::runtimes {

namespace {

// One hand-over between a GPU and the CPU inside a decode step (a graph split in the ggml
// scheduler): the GPU stream is synchronised, the activations are copied, the CPU's workers
// compute their split, and the result is copied back. Since OpenMP became ggml's thread pool
// (PR #7606, b3077) the workers persist and spin between splits; ggml-cuda also stops using CUDA
// graphs when the splits change its graph every call, which this cost takes in. The middle is the
// median, over the modelling set's partial-offload decode cases on CUDA and ROCm with at least 16
// hand-overs (all -ot / --n-cpu-moe runs of 2025 builds), of (measured step - the rest of the
// expected step) / hand-overs: 75 us (16 cases, quartiles -48 and 151 us). The fast end is a
// stream synchronisation and two small copies alone.
constexpr FixedCost kHandOver{25 * kUs, 75 * kUs, 200 * kUs};
// Before b3077 ggml_graph_compute created the CPU's worker threads for every graph it ran, so
// every hand-over also started and joined them: llama-bench with the KV cache in host RAM (-nkvo
// 1) against the same run with it on the GPU (PR #4812, build b1786) gives about 140 us for each
// of its 64 hand-overs.
constexpr FixedCost kHandOverThreadsCreated{50 * kUs, 130 * kUs, 250 * kUs};

// decode {low, mid, high} of the bytes part, prefill {low, mid, high}; then the fixed costs of a
// decode step {fast, mid, slow} per layer and per step. docs/accuracy.md ("Speed") lists the
// measurements behind each row; "fallback" rows have none and carry a wide range.
//
// Why a cost per layer: ggml builds and schedules the graph on the CPU for every token and runs
// each node as its own kernel (some 20 per layer after fusion), so a layer costs launch and
// synchronisation time whatever its size. On a fast GPU a small model's bytes take less time than
// that: a 7B Q4_0 step on an RTX 4090 reads its 3.6 GiB in 4 ms but takes about 7 ms. Several
// formats of one model on one GPU separate the two: the step time grows with the bytes at about
// nearly the full bandwidth and keeps a constant of 2 to 3 ms for 32 layers.
// Prefill on CUDA: the middle is the median of measured ÷ bound over the CUDA prefill cases of the
// modelling set (0.23); MMQ kernels stay far from the INT8 tensor rate the bound uses.
constexpr std::array<BackendEfficiency, 8> kGgmlRows = {{
    // HBM (A100, H100): its peak needs far more reads in flight than ggml's matrix-vector kernels
    // keep at batch 1, and a kernel has more SMs to fill, so both terms are worse than on GDDR.
    {"ggml",
     "cuda",
     {0.55, 0.70, 0.85},
     {0.12, 0.23, 0.50},
     "llama-bench decode on A100 and H100 cards (HBM; tests/data/speed, modelling set)",
     {70 * kUs, 125 * kUs, 200 * kUs},
     {},
     "least squares of step time = bytes/(bandwidth x eta) + layers x c over the decode cases on HBM "
     "cards in the modelling set (eta 0.70, c 126 us)",
     "hbm",
     kHandOver},
    {"ggml",
     "cuda",
     {0.70, 0.85, 1.0},
     {0.12, 0.23, 0.50},
     "llama-bench decode on GeForce, RTX workstation and L40S cards (GDDR; tests/data/speed, modelling set)",
     {25 * kUs, 55 * kUs, 110 * kUs},
     {},
     "least squares of step time = bytes/(bandwidth x eta) + layers x c over the decode cases on GDDR "
     "cards in the modelling set (eta 0.85, c 53 us)",
     "any",
     kHandOver},
    {"ggml",
     "rocm",
     {0.70, 0.90, 1.0},
     {0.30, 0.43, 0.55},
     "llama-bench on an RX 7900 XTX (tests/data/speed; one GPU, so a narrow basis)",
     {80 * kUs, 140 * kUs, 220 * kUs},
     {},
     "the CUDA mechanism without CUDA graphs (HIP builds launch every kernel), checked on the RX 7900 XTX "
     "cases of the modelling set",
     "any",
     kHandOver},
    {"ggml",
     "metal",
     {0.60, 0.83, 1.0},
     {0.55, 0.68, 0.90},
     "llama-bench decode on M1, M1 Max, M2 Ultra, M3, M3 Max and M4 (tests/data/speed, modelling set)",
     {60 * kUs, 140 * kUs, 220 * kUs},
     {},
     "least squares as for CUDA over the Metal decode cases of the modelling set (eta 0.83, c 143 us: "
     "each kernel is encoded into a command buffer by the CPU)"},
    // Vulkan: ggml-vulkan records the graph's nodes into command buffers and submits them in
    // batches (about every 100 nodes, or so many FLOPs), so the CPU records while the GPU runs and a
    // kernel costs a dispatch and a barrier on the GPU rather than a launch from the host. Its
    // shaders are tuned per vendor (ggml-vulkan.cpp: subgroup sizes, which products use the integer
    // dot kernels, collectives off on Intel), and Intel's Arc runs well below the others.
    {"ggml",
     "vulkan",
     {0.30, 0.46, 0.70},
     {0.10, 0.20, 0.40},
     "llama-bench decode on an Arc A770 (Vulkan; tests/data/speed, modelling set: two runs, so a narrow basis)",
     {80 * kUs, 140 * kUs, 300 * kUs},
     {},
     "the two A770 decode cases of the modelling set solved for eta and c (0.46, 140 us)",
     "any",
     kHandOver,
     {},
     {},
     {},
     "intel"},
    {"ggml",
     "vulkan",
     {0.70, 0.90, 1.0},
     {0.10, 0.20, 0.40},
     "llama-bench decode on GeForce, Radeon and Strix Halo GPUs (Vulkan; tests/data/speed, modelling set)",
     {25 * kUs, 65 * kUs, 200 * kUs},
     {},
     "the median over the Vulkan decode cases of the modelling set of each step's time beyond its bytes at eta "
     "0.90, per layer (63 us; 2024 builds and a codebook type up to 380 us)",
     "any",
     kHandOver},
    // SYCL: ggml-sycl submits every node as its own kernel to an in-order queue, with no graph
    // capture by default, so a layer costs more submission time than on CUDA. Its decode kernels
    // read Q4_0 at nearly the card's peak once the weights are reordered (GGML_SYCL_DISABLE_OPT=0,
    // the default); with the reorder off an Arc A770 spends some 800 us per layer.
    {"ggml",
     "sycl",
     {0.60, 0.95, 1.0},
     {0.05, 0.15, 0.30},
     "llama-bench decode on an Arc B580 (two builds, two models) and an Arc A770 (tests/data/speed, modelling "
     "set; the prompt range is still the fallback, one A770 prompt case at 0.12 of the bound)",
     {100 * kUs, 170 * kUs, 850 * kUs},
     {},
     "least squares of step time = bytes/(bandwidth x eta) + layers x c over the four B580 decode cases of the "
     "modelling set (eta 0.95, c 172 us); the slow end is the A770 pair run with the reorder off (eta 0.92, "
     "c 811 us)",
     "any",
     kHandOver},
    {"ggml",
     "cpu",
     {0.35, 0.65, 0.85},
     {0.20, 0.40, 0.60},
     "llama-bench tg128 on CPU-only machines (tests/data/speed); prefill has no CPU rate to apply it to",
     {5 * kUs, 20 * kUs, 60 * kUs},
     {},
     "ggml's CPU backend waits at a barrier of all threads after each node (some 25 per layer, about a "
     "microsecond each); small beside the bytes of a CPU step",
     "any",
     {},
     {0.025, 0.05, 0.10},
     {0.05, 0.08, 0.17},
     "share of the cores' vector ceiling (host.cpu: threads x clock x int8 MACs per cycle): prefill, the median "
     "of measured / ceiling over the CPU prompt cases of the modelling set (0.08, spread 0.06-0.16); decode, over "
     "its CPU decode cases that ran below half the memory's rate (0.05, spread 0.015-0.14)"},
}};

} // namespace

FixedCost ggmlHandOverThreadsCreated()
{
    return kHandOverThreadsCreated;
}

const SpeedRules &ggmlSpeedRules()
{
    // Host layers are computed by the CPU (only activations cross the link).
    static const SpeedRules rules{"ggml", kGgmlRows, false, true, {}, &ggmlCpuKernelRate};
    return rules;
}

} // namespace memplan::runtimes
