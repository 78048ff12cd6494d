#include "speed/efficiency.h"

#include "runtimes/registry.h"
#include "runtimes/runtimemodel.h"

#include <array>

namespace memplan {

namespace {

// decode {low, mid, high}, prefill {low, mid, high}. See docs/accuracy.md ("Speed") for the
// measurements behind each row; "fallback" rows have none and carry a wide range.
constexpr std::array<BackendEfficiency, 2> kShared = {{
    {"any",
     "link",
     {0.60, 0.75, 0.85},
     {0.60, 0.75, 0.85},
     "pinned host-to-device copies reach about 75 % of the PCIe rate"},
    {"any", "any", {0.30, 0.55, 0.80}, {0.10, 0.30, 0.60}, "fallback for an unmeasured runtime and backend"},
}};

const BackendEfficiency &lookup(std::string_view family, std::string_view backend)
{
    for (const RuntimeModel *m : runtimeModels()) {
        const SpeedRules &rules = m->speedRules();
        if (rules.family != family)
            continue;
        for (const BackendEfficiency &b : rules.rows)
            if (b.backend == backend || b.backend == "any")
                return b;
        break;
    }
    return backend == kShared[0].backend ? kShared[0] : kShared[1];
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

std::string_view poolBackend(const SpeedRules &rules, std::string_view vendor, bool hostPool, bool streamed)
{
    if (streamed)
        return "link";
    if (hostPool)
        return "cpu";
    if (!rules.deviceBackend.empty())
        return rules.deviceBackend;
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
    // Families and poolBackend() answers are views of string literals, so the last answer can be
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

} // namespace memplan
