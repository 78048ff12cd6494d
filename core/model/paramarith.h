#pragma once
// Parameter counts of untrusted configs overflow loudly: every product and sum is checked and an
// overflow names what was being counted (model/modelarch.cpp, layers/mixerparams.cpp).

#include "bytes.h"

#include <cstdint>

namespace memplan::params {

inline constexpr const char *kWhat = "parameter count";

inline std::uint64_t mul(std::uint64_t a, std::uint64_t b)
{
    return checkedMul(a, b, kWhat);
}
inline std::uint64_t add(std::uint64_t a, std::uint64_t b)
{
    return checkedAdd(a, b, kWhat);
}

} // namespace memplan::params
