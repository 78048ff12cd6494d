#include "evidence.h"

namespace memplan {

std::optional<Guest> guestFromId(std::string_view id)
{
    for (Guest g : kAllGuests)
        if (guestId(g) == id)
            return g;
    return std::nullopt;
}

std::optional<Evidence> evidenceFromId(std::string_view id)
{
    for (Evidence e : {Evidence::Calculated, Evidence::Estimated, Evidence::Measured})
        if (evidenceId(e) == id)
            return e;
    return std::nullopt;
}

std::optional<PoolKind> poolKindFromId(std::string_view id)
{
    for (PoolKind k : {PoolKind::Vram, PoolKind::Ram, PoolKind::Unified})
        if (poolKindId(k) == id)
            return k;
    return std::nullopt;
}

} // namespace memplan
