#include "speed/efficiency.h"

#include "runtimes/registry.h"
#include "runtimes/runtimemodel.h"

#include <array>

namespace memplan {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}. See docs/accuracy.md ("Speed") for the
// measurements behind each row; "fallback" rows have none and carry a wide range.
constexpr std::array<BackendEfficiency, 3> kShared = {{
    {"any",
     "link",
     {0.60, 0.75, 0.85},
     {0.60, 0.75, 0.85},
     "pinned host-to-device copies reach about 75 % of the PCIe rate"},
    // Pageable memory is copied through the driver's pinned staging buffer, one CPU memcpy more
    // per byte. ollama/ollama#16221: an RTX 3090 (PCIe 4.0 x16) prefilling 1,024 tokens of an 80B
    // MoE with ~28 GiB of weights in host RAM took 2,061 ms from pageable and 1,591 ms from pinned
    // memory. If the pinned copies ran at the row above (75 % of 32 GB/s: 1.25 s), the compute
    // took 0.34 s and the pageable copies 1.72 s, 55 % of the link. The high end is the pinned
    // figure (a host whose memcpy keeps up with the link). The staging copy is the CPU's, so the low
    // and middle are shares of that PCIe 4.0 x16 link's 32 GB/s (12.8 and 17.6 GB/s) on any link,
    // capped by the pinned row on a slower one, and the high end is the pinned row's share of the
    // link (speedengine.cpp, opOffloadLinkShare).
    {"any",
     "link_pageable",
     {0.40, 0.55, 0.75},
     {0.40, 0.55, 0.75},
     "pageable host-to-device copies, staged by the CPU through a pinned buffer: about 17.6 GB/s (55 % of PCIe "
     "4.0 x16) on any link"},
    {"any",
     "any",
     {0.40, 0.75, 1.0},
     {0.10, 0.30, 0.60},
     "fallback for an unmeasured runtime and backend",
     {20e-6, 80e-6, 200e-6},
     {},
     "fallback: between a captured graph and eager launches"},
}};

const BackendEfficiency &lookup(std::string_view family, std::string_view backend, std::string_view memory,
                                std::string_view vendor)
{
    for (const RuntimeModel *m : runtimeModels()) {
        const SpeedRules &rules = m->speedRules();
        if (rules.family != family)
            continue;
        for (const BackendEfficiency &b : rules.rows)
            if ((b.backend == backend || b.backend == "any") && (b.memory == "any" || b.memory == memory) &&
                (b.vendor == "any" || b.vendor == vendor))
                return b;
        break;
    }
    for (const BackendEfficiency &b : kShared)
        if (b.backend == backend)
            return b;
    return kShared.back();
}

} // namespace

const SpeedRules &speedRulesOf(Engine engine)
{
    return runtimeModel(engine).speedRules();
}

std::string_view engineFamily(Engine engine)
{
    return speedRulesOf(engine).family;
}

std::string_view poolBackend(const SpeedRules &rules, const HardwareSpec &h, bool hostPool, bool streamed)
{
    if (streamed)
        return "link";
    if (hostPool)
        return "cpu";
    if (!rules.deviceBackend.empty())
        return rules.deviceBackend;
    // The literal, never the spec's own string: backendEfficiency() caches by address.
    for (std::string_view b : kComputeBackends)
        if (h.backend == b)
            return b;
    if (h.vendor == "NVIDIA")
        return "cuda";
    if (h.vendor == "AMD")
        return "rocm";
    if (h.vendor == "Apple")
        return "metal";
    if (h.vendor == "Intel")
        return "sycl";
    return h.kind == HardwareKind::Unified ? "metal" : "cuda";
}

std::string_view poolMemory(const HardwareSpec &h, bool hostPool)
{
    return !hostPool && h.hasHbm() ? "hbm" : "any";
}

std::string_view poolVendor(const HardwareSpec &h, bool hostPool)
{
    if (hostPool)
        return "any";
    if (h.vendor == "NVIDIA")
        return "nvidia";
    if (h.vendor == "AMD")
        return "amd";
    if (h.vendor == "Intel")
        return "intel";
    if (h.vendor == "Apple")
        return "apple";
    return "any";
}

const BackendEfficiency &backendEfficiency(std::string_view family, std::string_view backend, std::string_view memory,
                                           std::string_view vendor)
{
    // Families and the poolBackend(), poolMemory() and poolVendor() answers are views of string
    // literals, so the last answer can be reused by comparing pointers (this runs for every pool
    // of every estimate).
    thread_local const char *lastFamily = nullptr, *lastBackend = nullptr, *lastMemory = nullptr, *lastVendor = nullptr;
    thread_local const BackendEfficiency *last = nullptr;
    if (last && family.data() == lastFamily && backend.data() == lastBackend && memory.data() == lastMemory &&
        vendor.data() == lastVendor)
        return *last;
    lastFamily = family.data();
    lastBackend = backend.data();
    lastMemory = memory.data();
    lastVendor = vendor.data();
    last = &lookup(family, backend, memory, vendor);
    return *last;
}

} // namespace memplan
