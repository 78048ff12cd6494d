#pragma once
// How well the speed engine fits the published measurements in tests/data/speed/cases.json,
// tallied per split (the modelling set and the set kept aside) and per group of machines.
// The split rule lives here as well as in the data file's description, so a hand-edited
// "split" field is caught: a case is aside exactly when SHA-1 of its id is divisible by 3.

#include "scenario/resolve.h"
#include "scenario/scenario.h"
#include "speed/speedresult.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace memplan::test {

/// True when the case with this id belongs to the aside set: the SHA-1 digest of the id
/// (UTF-8), read as one big-endian number, is divisible by 3.
inline bool keptAsideByRule(const std::string &id)
{
    const QByteArray digest = QCryptographicHash::hash(QByteArray::fromStdString(id), QCryptographicHash::Sha1);
    int remainder = 0;
    for (const char byte : digest)
        remainder = (remainder * 256 + static_cast<unsigned char>(byte)) % 3;
    return remainder == 0;
}

/// The group a case is reported in, from its scenario alone (never from how well it fits).
/// A CPU-only machine wins over everything; then a GPU run with anything its speed reads from host
/// RAM or over the host link (layers, the KV cache or experts, whether the placement or the
/// runtime's own settings such as -ngl and --n-cpu-moe put them there); then Apple hardware;
/// everything else is a GPU run. tools/speed-accuracy/tabulate.py applies the same rule to the
/// CLI's speed pools.
inline std::string speedGroup(const ResolvedScenario &r, const SpeedEstimate &speed)
{
    if (r.hardware.kind == HardwareKind::Cpu)
        return "CPU-only";
    if (r.hardware.kind == HardwareKind::DiscreteGpu &&
        std::any_of(speed.pools.begin(), speed.pools.end(), [](const PoolTraffic &p) { return !p.device; }))
        return "partial offload";
    if (r.hardware.vendor == "Apple")
        return "Apple";
    return "GPU";
}

/// Counts for one split and group: bounds under a measurement, measured rates inside the
/// expected range [low, high], and |measured - expected| / measured for the median.
struct SpeedFit {
    int cases = 0;
    int boundsBelow = 0;
    int inRange = 0;
    std::vector<double> relativeErrors;

    void add(double measured, const SpeedFigure &f)
    {
        ++cases;
        if (f.bound < measured)
            ++boundsBelow;
        if (measured >= f.low && measured <= f.high)
            ++inRange;
        relativeErrors.push_back(std::abs(measured - f.expected) / measured);
    }

    double inRangeShare() const { return cases ? double(inRange) / cases : 0.0; }

    double medianError() const
    {
        if (relativeErrors.empty())
            return 0.0;
        std::vector<double> v = relativeErrors;
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
};

} // namespace memplan::test
