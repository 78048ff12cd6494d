#pragma once
// Strong types for the quantities the engine mixes besides bytes: token counts,
// bytes per second, FLOP per second, seconds and tokens per second. Each wraps
// one number; only the conversions that mean something compile (bytes ÷
// bandwidth → seconds, tokens ÷ seconds → tokens per second), so a token count
// cannot be taken for a byte count and a bandwidth cannot be added to a rate.
// Formatters live in units.h; the binary/decimal facts are checked at compile
// time in tests/core/tst_quantity.cpp.

#include "bytes.h"

#include <compare>
#include <cstdint>

namespace memplan {

/// A count of something that is not memory, tagged so counts of different things do not mix.
template <typename Tag, typename Rep> class Quantity {
public:
    using rep = Rep;
    constexpr Quantity() = default;
    constexpr explicit Quantity(Rep value) : m_value(value) {}
    [[nodiscard]] constexpr Rep value() const { return m_value; }

    constexpr auto operator<=>(const Quantity &) const = default;
    constexpr Quantity operator+(Quantity o) const { return Quantity(m_value + o.m_value); }
    constexpr Quantity operator-(Quantity o) const { return Quantity(m_value - o.m_value); }
    constexpr Quantity &operator+=(Quantity o)
    {
        m_value += o.m_value;
        return *this;
    }
    constexpr Quantity operator*(Rep k) const { return Quantity(m_value * k); }
    constexpr Rep operator/(Quantity o) const { return m_value / o.m_value; } ///< a ratio has no unit

private:
    Rep m_value{};
};

struct TokensTag {};
struct BytesPerSecondTag {};
struct FlopsPerSecondTag {};
struct SecondsTag {};
struct TokensPerSecondTag {};

/// Tokens (context positions, KV cells, prompt lengths).
using Tokens = Quantity<TokensTag, std::uint64_t>;
/// Memory or link bandwidth, decimal as vendors quote it (1 GB/s = 10^9 B/s).
using BytesPerSecond = Quantity<BytesPerSecondTag, double>;
/// Arithmetic throughput (dense FLOP/s of one number format).
using FlopsPerSecond = Quantity<FlopsPerSecondTag, double>;
using Seconds = Quantity<SecondsTag, double>;
using TokensPerSecond = Quantity<TokensPerSecondTag, double>;

/// The time to move `bytes` at `bandwidth`.
constexpr Seconds transferTime(Bytes bytes, BytesPerSecond bandwidth)
{
    return Seconds(bandwidth.value() > 0 ? double(bytes) / bandwidth.value() : 0.0);
}
/// The time to do `flop` operations at `throughput`.
constexpr Seconds computeTime(double flop, FlopsPerSecond throughput)
{
    return Seconds(throughput.value() > 0 ? flop / throughput.value() : 0.0);
}
/// Tokens produced over a time.
constexpr TokensPerSecond rate(double tokens, Seconds time)
{
    return TokensPerSecond(time.value() > 0 ? tokens / time.value() : 0.0);
}
/// How many tokens of `perToken` bytes fit in `bytes` (whole tokens, rounded down).
constexpr Tokens tokensThatFit(Bytes bytes, Bytes perToken)
{
    return Tokens(perToken ? bytes / perToken : 0);
}

/// Unit facts the formatters rely on: binary prefixes are powers of 1024, decimal of 1000.
static_assert(GiB == (Bytes(1) << 30));
static_assert(kGB == 1'000'000'000ULL);
static_assert(GiB > kGB && GiB - kGB == 73'741'824ULL, "1 GiB is 7.37% more than 1 GB");

} // namespace memplan
