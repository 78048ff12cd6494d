#include "questions/kvshortfall.h"

#include "itemids.h"

#include <cmath>
#include <string_view>

namespace memplan {

KvShortfall kvPoolShortfall(const Estimate &e, std::size_t pool)
{
    KvShortfall s;
    if (e.requestedKvTokens <= e.kvCapacityTokens)
        return s;
    for (const Item &it : e.items) {
        if (it.pool != pool || it.id != std::string_view(itemid::kKvPool))
            continue;
        std::uint64_t poolTokens = 0;
        for (const Term &t : it.terms)
            if (t.symbol == "tokens")
                poolTokens = static_cast<std::uint64_t>(t.value);
        s.tokens = e.requestedKvTokens - e.kvCapacityTokens;
        s.poolTokens = e.kvCapacityTokens;
        s.requestedTokens = e.requestedKvTokens;
        // The pool's own bytes per token (this device's share under tensor parallelism); an
        // empty pool has none, and then the model's whole per-token cache stands in.
        const double perToken = poolTokens ? double(it.bytes) / double(poolTokens) : double(e.model.kvBytesPerToken);
        s.bytes = static_cast<Bytes>(std::ceil(double(s.tokens) * perToken));
        return s;
    }
    return s;
}

KvShortfall kvPoolShortfall(const Estimate &e)
{
    return kvPoolShortfall(e, 0);
}

} // namespace memplan
