#include "runtimes/llamacpp/mlalayout.h"

#include "error.h"
#include "model/quantformat.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

namespace memplan::llamacpp {

namespace {

constexpr std::array<std::pair<MlaCache, std::string_view>, 3> kLayouts{
    {{MlaCache::Latent, "latent"}, {MlaCache::LatentWithV, "latent_with_v"}, {MlaCache::PerHead, "per_head"}}};

/// The first load's printed figure of this kind, 0 when absent.
Bytes printed(const MeasuredRun &run, std::string_view kind)
{
    for (const MeasuredFigure &f : run.figures)
        if (f.load == 0 && f.kind == kind)
            return f.bytes;
    return 0;
}

/// Bits per cached element of the type a log printed ("f16", "q8_0"); 0 when unknown.
double typeBits(const MeasuredRun &run, const char *key)
{
    const auto it = run.settings.find(key);
    if (it == run.settings.end() || !it->is_string())
        return 0;
    const QuantFormat *f = findQuantFormat(it->get<std::string>());
    return f ? f->bitsPerWeight() : 0;
}

} // namespace

std::string_view mlaCacheId(MlaCache c)
{
    for (const auto &[layout, id] : kLayouts)
        if (layout == c)
            return id;
    return "latent";
}

MlaCache parseMlaCache(const nlohmann::json &v, const std::string &key)
{
    if (v.is_string())
        for (const auto &[layout, id] : kLayouts)
            if (v.get<std::string>() == id)
                return layout;
    throw InputError(key, "must be latent, latent_with_v or per_head");
}

std::optional<MlaCache> mlaCacheFromLog(const MeasuredRun &run, const ModelArchitecture &model)
{
    if (!model.isMla())
        return std::nullopt;
    const Bytes k = printed(run, "kv_k_total");
    const Bytes v = printed(run, "kv_v_total");
    const double kBits = typeBits(run, "cache_type_k");
    const double vBits = typeBits(run, "cache_type_v");
    if (!k || !kBits)
        return std::nullopt;
    // Elements of V per element of K: 0 for the latent alone.
    const double measured = v && vBits ? (double(v) / vBits) / (double(k) / kBits) : 0.0;
    std::optional<MlaCache> found;
    for (const auto &[layout, id] : kLayouts) {
        ModelArchitecture a = model;
        a.mlaCache = layout;
        const double expected = double(a.mlaValueElements()) / double(a.mlaKeyElements());
        const bool match = expected == 0 ? measured == 0 : std::fabs(measured / expected - 1) < 0.01;
        if (!match)
            continue;
        if (found)
            return std::nullopt; // two layouts print alike: the log cannot tell them apart
        found = layout;
    }
    return found;
}

} // namespace memplan::llamacpp
