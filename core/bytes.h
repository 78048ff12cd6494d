#pragma once
// Memory is counted in whole bytes (unsigned 64-bit). Every multiplication or
// sum that can grow with user input goes through these helpers, so an absurd
// scenario (10^13 parameters x 10^7 tokens x 10^5 sequences) fails loudly
// instead of wrapping around to a small, plausible-looking number.

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace memplan {

using Bytes = std::uint64_t;

inline constexpr Bytes KiB = 1024ULL;
inline constexpr Bytes MiB = 1024ULL * KiB;
inline constexpr Bytes GiB = 1024ULL * MiB;
inline constexpr Bytes kGB = 1000ULL * 1000ULL * 1000ULL;

// GCC and Clang provide a 128-bit integer; __extension__ keeps -Wpedantic quiet about it.
__extension__ typedef unsigned __int128 Uint128;

class OverflowError : public std::overflow_error {
public:
    explicit OverflowError(const std::string &what) : std::overflow_error(what) {}
};

[[noreturn]] void throwOverflow(const char *what);

constexpr std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b, const char *what = "byte count")
{
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        throwOverflow(what);
    return r;
}

constexpr std::uint64_t checkedAdd(std::uint64_t a, std::uint64_t b, const char *what = "byte count")
{
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
        throwOverflow(what);
    return r;
}

/// a - b, clamped at zero (memory that is "left over" is never negative).
constexpr std::uint64_t saturatingSub(std::uint64_t a, std::uint64_t b)
{
    return a > b ? a - b : 0;
}

/// ceil(a / b) for b > 0.
constexpr std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b)
{
    return a / b + (a % b != 0 ? 1 : 0);
}

/// Rounds a up to a multiple of m (m > 0), overflow-checked.
constexpr std::uint64_t roundUp(std::uint64_t a, std::uint64_t m, const char *what = "byte count")
{
    return checkedMul(ceilDiv(a, m), m, what);
}

/// a * num / den computed without intermediate overflow where the result fits.
constexpr std::uint64_t mulDiv(std::uint64_t a, std::uint64_t num, std::uint64_t den, const char *what = "byte count")
{
    const Uint128 wide = static_cast<Uint128>(a) * num / den;
    if (wide > std::numeric_limits<std::uint64_t>::max())
        throwOverflow(what);
    return static_cast<std::uint64_t>(wide);
}

/// ceil(a * num / den), no intermediate overflow.
constexpr std::uint64_t mulDivCeil(std::uint64_t a, std::uint64_t num, std::uint64_t den,
                                   const char *what = "byte count")
{
    const Uint128 prod = static_cast<Uint128>(a) * num;
    const Uint128 wide = prod / den + (prod % den != 0 ? 1 : 0);
    if (wide > std::numeric_limits<std::uint64_t>::max())
        throwOverflow(what);
    return static_cast<std::uint64_t>(wide);
}

/// Bytes for a fraction (0..1) of a byte count, rounded down.
Bytes fractionOf(Bytes total, double fraction);

static_assert(ceilDiv(10, 3) == 4);
static_assert(roundUp(4097, 256) == 4352);
static_assert(mulDiv(7'000'000'000ULL, 4, 8) == 3'500'000'000ULL);
static_assert(mulDivCeil(3, 1, 2) == 2);

} // namespace memplan
