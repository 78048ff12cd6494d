#pragma once
// One free/over figure per pool, computed here once and read by the headline, the bar,
// the report, the lessons, the compare view and the CLI (issue 34 item 2).
//
// On a unified pool the usable limit is the GPU's working-set limit (a Mac's, a Strix Halo's
// GTT), and the OS share (Guest::System) is not the GPU's: it only has to fit in the physical
// capacity together with the rest — the rule estimation/verdict.cpp decides the fit with. So
// a pool is over by whichever limit it passes further, and its free bytes are what is left
// below the nearer one. Pool::headroom() and Pool::overflow() (estimate.h) measure the usable
// limit alone; on a unified pool they count the OS share twice, so nothing shows them.

#include "estimate.h"

#include <algorithm>

namespace memplan {

/// What the usable limit is held against: the resident bytes, without the OS share on a unified pool.
inline Bytes limitedBytes(const Pool &p)
{
    return p.kind == PoolKind::Unified ? saturatingSub(p.requiredBytes(), p.guest(Guest::System)) : p.requiredBytes();
}

/// Free bytes: the smaller of what is left below the usable limit and below the capacity (0 when over).
inline Bytes poolFree(const Pool &p)
{
    return std::min(saturatingSub(p.usableBytes, limitedBytes(p)), saturatingSub(p.capacityBytes, p.requiredBytes()));
}

/// Bytes over the usable limit or the capacity, whichever is further (0 when it fits).
inline Bytes poolOver(const Pool &p)
{
    return std::max(saturatingSub(limitedBytes(p), p.usableBytes), saturatingSub(p.requiredBytes(), p.capacityBytes));
}

/// The two figures the verdict turns on: what is held against which limit. held − limit is
/// poolOver() when over, limit − held at most poolFree() when not.
struct PoolLimit {
    Bytes held = 0;
    Bytes limit = 0;
};
inline PoolLimit bindingLimit(const Pool &p)
{
    const Bytes overUsable = saturatingSub(limitedBytes(p), p.usableBytes);
    const Bytes overCapacity = saturatingSub(p.requiredBytes(), p.capacityBytes);
    if (overCapacity > overUsable)
        return {p.requiredBytes(), p.capacityBytes};
    return {limitedBytes(p), p.usableBytes};
}

} // namespace memplan
