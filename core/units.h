#pragma once
// The one place where byte counts become text. Binary units (KiB, MiB, GiB,
// 2^10 steps) and decimal units (kB, MB, GB, 10^3 steps) are never mixed in one
// figure; the seeds use GB for weight tables and GiB for KV examples, so both
// are always labelled.

#include "bytes.h"
#include "quantity.h"

#include <string>

namespace memplan {

enum class UnitSystem { Binary, Decimal };

/// "512.00 MiB", "10.00 GiB", "1.50 TiB": the largest binary unit that keeps the value >= 1.
std::string formatBinary(Bytes bytes, int decimals = 2);
/// "14.00 GB", "512.0 MB": decimal counterpart of formatBinary.
std::string formatDecimal(Bytes bytes, int decimals = 2);
/// Always in GiB ("0.50 GiB"), for charts and tables that share one axis.
std::string formatGiB(Bytes bytes, int decimals = 2);
/// Always in GB.
std::string formatGB(Bytes bytes, int decimals = 2);
/// The number alone, for columns headed by the unit: "10.00".
std::string formatGiBNumber(Bytes bytes, int decimals = 2);
std::string formatGBNumber(Bytes bytes, int decimals = 2);
/// "10.00 GiB (10.74 GB)" in the chosen primary system with the other in brackets.
std::string formatBoth(Bytes bytes, UnitSystem primary = UnitSystem::Binary, int decimals = 2);
/// Bytes with thousands separators: "131,072".
std::string formatCount(std::uint64_t value);

/// "1008 GB/s", "89.6 GB/s": bandwidth in decimal GB per second, as vendors quote it.
std::string formatBandwidth(BytesPerSecond bandwidth);
/// "42.3 tok/s", "1,250 tok/s".
std::string formatRate(TokensPerSecond rate);
/// "850 µs", "12.5 ms", "3.20 s".
std::string formatDuration(Seconds time);
/// Bandwidth as a number of GB/s (10^9 bytes per second), for spin boxes and axes.
double toGBps(BytesPerSecond bandwidth);

double toGiB(Bytes bytes);
double toGB(Bytes bytes);

} // namespace memplan
