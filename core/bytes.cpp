#include "bytes.h"

#include <cmath>

namespace memplan {

void throwOverflow(const char *what)
{
    throw OverflowError(std::string("the ") + what + " is too large to count in 64-bit bytes");
}

Bytes fractionOf(Bytes total, double fraction)
{
    if (!(fraction > 0.0))
        return 0;
    if (fraction >= 1.0)
        return total;
    // Work in parts per billion so large totals keep integer precision.
    const auto ppb = static_cast<std::uint64_t>(std::llround(fraction * 1e9));
    return mulDiv(total, ppb, 1'000'000'000ULL);
}

} // namespace memplan
