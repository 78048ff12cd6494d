#include "runtimes/pytorch/ropetables.h"

#include <cmath>

namespace memplan::runtimes {

namespace {

/// Rows of one table of get_rope for this scaling.
std::uint64_t tableRows(const RopeShape &r, std::uint64_t maxPosition)
{
    const std::uint64_t original = r.originalMaxPosition ? r.originalMaxPosition : maxPosition;
    const auto scaled = [&](std::uint64_t n) {
        const double v = std::floor(double(n) * r.factor);
        if (!(v < 1.8e19)) // an absurd factor: converting past 2^64 would be undefined
            throwOverflow("RoPE table");
        return static_cast<std::uint64_t>(v);
    };
    switch (r.scaling) {
    case RopeScaling::Linear:
    case RopeScaling::Dynamic:
        return scaled(maxPosition);
    case RopeScaling::Yarn:
    case RopeScaling::DeepseekYarn:
        return scaled(original);
    case RopeScaling::LongRope:
        return checkedAdd(original, maxPosition, "RoPE table");
    case RopeScaling::Default:
    case RopeScaling::Llama3:
        break;
    }
    return maxPosition;
}

} // namespace

RopeTables ropeTables(const ModelArchitecture &a)
{
    RopeTables t;
    const std::uint64_t maxPosition = a.maxPositionEmbeddings;
    if (maxPosition == 0 || a.numKvLayers() == 0 || a.modelType == "jamba")
        return t;
    const double head = a.isMla() ? double(a.qkRopeHeadDim) : double(a.effectiveHeadDim()) * a.rope.partialRotary;
    t.rotaryDims = static_cast<std::uint32_t>(head);
    if (t.rotaryDims == 0)
        return t;
    t.tables = 1;
    t.positions = tableRows(a.rope, maxPosition);
    // Gemma 3's sliding layers rotate with their own base and no scaling: a second table unless
    // both setups coincide.
    const bool ownLocal = a.rope.localTheta > 0 && a.numWindowedLayers > 0 &&
                          (a.rope.localTheta != a.rope.theta || a.rope.scaling != RopeScaling::Default);
    if (ownLocal) {
        t.tables = 2;
        t.positions = checkedAdd(t.positions, maxPosition, "RoPE table");
    }
    return t;
}

Bytes ropeTableBytes(const ModelArchitecture &a, std::uint32_t elementBytes)
{
    return checkedMul(ropeTables(a).elements(), elementBytes, "RoPE tables");
}

} // namespace memplan::runtimes
