#include "units.h"

#include <array>
#include <cstdio>

namespace memplan {

namespace {

std::string formatScaled(Bytes bytes, int decimals, double base, const std::array<const char *, 6> &names)
{
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= base && unit + 1 < names.size()) {
        value /= base;
        ++unit;
    }
    char buf[64];
    if (unit == 0)
        std::snprintf(buf, sizeof buf, "%llu %s", static_cast<unsigned long long>(bytes), names[0]);
    else
        std::snprintf(buf, sizeof buf, "%.*f %s", decimals, value, names[unit]);
    return buf;
}

std::string formatFixed(double value, int decimals, const char *unit)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, value, unit);
    return buf;
}

} // namespace

std::string formatBinary(Bytes bytes, int decimals)
{
    return formatScaled(bytes, decimals, 1024.0, {"B", "KiB", "MiB", "GiB", "TiB", "PiB"});
}

std::string formatDecimal(Bytes bytes, int decimals)
{
    return formatScaled(bytes, decimals, 1000.0, {"B", "kB", "MB", "GB", "TB", "PB"});
}

double toGBps(BytesPerSecond bandwidth)
{
    return bandwidth.value() / 1e9;
}

std::string formatBandwidth(BytesPerSecond bandwidth)
{
    const double gbps = toGBps(bandwidth);
    return formatFixed(gbps, gbps < 100 ? 1 : 0, "GB/s");
}

std::string formatRate(TokensPerSecond r)
{
    const double v = r.value();
    if (v >= 1000)
        return formatCount(std::uint64_t(v + 0.5)) + " tok/s";
    return formatFixed(v, v < 100 ? 1 : 0, "tok/s");
}

std::string formatDuration(Seconds time)
{
    const double s = time.value();
    if (s < 1e-3)
        return formatFixed(s * 1e6, 0, "\u00b5s");
    if (s < 1)
        return formatFixed(s * 1e3, s < 0.1 ? 1 : 0, "ms");
    return formatFixed(s, 2, "s");
}

double toGiB(Bytes bytes)
{
    return static_cast<double>(bytes) / static_cast<double>(GiB);
}
double toGB(Bytes bytes)
{
    return static_cast<double>(bytes) / 1e9;
}

std::string formatGiB(Bytes bytes, int decimals)
{
    return formatFixed(toGiB(bytes), decimals, "GiB");
}
std::string formatGB(Bytes bytes, int decimals)
{
    return formatFixed(toGB(bytes), decimals, "GB");
}

std::string formatGiBNumber(Bytes bytes, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, toGiB(bytes));
    return buf;
}

std::string formatGBNumber(Bytes bytes, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, toGB(bytes));
    return buf;
}

std::string formatBoth(Bytes bytes, UnitSystem primary, int decimals)
{
    if (primary == UnitSystem::Binary)
        return formatBinary(bytes, decimals) + " (" + formatDecimal(bytes, decimals) + ")";
    return formatDecimal(bytes, decimals) + " (" + formatBinary(bytes, decimals) + ")";
}

std::string formatCount(std::uint64_t value)
{
    std::string digits = std::to_string(value);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0)
            out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

} // namespace memplan
