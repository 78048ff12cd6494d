#pragma once
// Shared by the core suites: the shipped presets read straight from the
// source tree, and small scenario builders with readable defaults.

#include "estimate.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <QString>

namespace memplan::test {

inline const PresetCatalog &shippedCatalog()
{
    static const PresetCatalog catalog = [] {
        PresetCatalog c;
        c.addDirectory(MEMPLAN_SOURCE_DIR "/presets");
        return c;
    }();
    return catalog;
}

/// A scenario on the theory profile: the seeds' pure formulas, no overheads.
inline Scenario theoryScenario(const std::string &model, const std::string &format, std::uint64_t context,
                               std::uint64_t concurrency = 1, const std::string &hardware = "h100-sxm")
{
    Scenario s;
    s.model.preset = model;
    s.weights.format = format;
    s.kvCacheDtype = "f16";
    s.workload.contextTokens = context;
    s.workload.concurrency = concurrency;
    s.hardware.preset = hardware;
    s.runtime.preset = "theory";
    return s;
}

/// The bytes of the items with this id in one pool.
inline Bytes itemBytesById(const Estimate &e, std::string_view id, std::size_t pool)
{
    Bytes b = 0;
    for (const Item &it : e.items)
        if (it.id == id && it.pool == pool)
            b += it.bytes;
    return b;
}

/// Whether the estimate carries the notice (warnings are data: core/notice.h).
inline bool hasNotice(const Estimate &e, std::string_view id)
{
    for (const Notice &n : e.notices)
        if (n.id == id)
            return true;
    return false;
}

} // namespace memplan::test
