#include "settingvalues.h"

#include "error.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memplan::llamacpp {

FlashAttn parseFlashAttn(const nlohmann::json &v, const std::string &key)
{
    if (v.is_boolean())
        return v.get<bool>() ? FlashAttn::On : FlashAttn::Off;
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "on" || s == "1" || s == "true")
            return FlashAttn::On;
        if (s == "off" || s == "0" || s == "false")
            return FlashAttn::Off;
        if (s == "auto")
            return FlashAttn::Auto;
    }
    throw InputError(key, "must be on, off, auto, true or false");
}

bool resolveFlashAttn(FlashAttn mode)
{
    return mode != FlashAttn::Off;
}

GpuLayers parseGpuLayers(const nlohmann::json &v, const std::string &key)
{
    GpuLayers g;
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "auto")
            return g;
        if (s == "all") {
            g.kind = GpuLayers::Kind::All;
            return g;
        }
    } else if (v.is_number_integer()) {
        const std::int64_t n = v.get<std::int64_t>();
        if (n == -1)
            return g;
        if (n <= -2) {
            g.kind = GpuLayers::Kind::All;
            return g;
        }
        if (n <= 100000) {
            g.kind = GpuLayers::Kind::Count;
            g.count = std::uint32_t(n);
            return g;
        }
    }
    throw InputError(key, "must be a layer count, auto (-1) or all (-2)");
}

std::uint32_t gpuLayersFor(const GpuLayers &g, std::uint32_t layers, std::uint32_t fitted)
{
    switch (g.kind) {
    case GpuLayers::Kind::All:
        return layers;
    case GpuLayers::Kind::Auto:
        return std::min(fitted, layers);
    case GpuLayers::Kind::Count:
        break;
    }
    return std::min(g.count, layers);
}

int ngLayersFor(std::uint32_t repeating, std::uint32_t layers, bool outputFirst)
{
    if (repeating >= layers)
        return int(layers) + 1;
    return outputFirst && repeating > 0 ? int(repeating) + 1 : int(repeating);
}

std::uint64_t resolveContextSize(std::uint64_t ctxSize, std::uint64_t trainedContext)
{
    return ctxSize == 0 ? trainedContext : ctxSize;
}

} // namespace memplan::llamacpp
