#include "runtimes/llamacpp/swalayout.h"

#include "model/quantformat.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace memplan::llamacpp {

std::optional<bool> swaFullFromLog(const MeasuredRun &run, const ModelArchitecture &model)
{
    if (model.numWindowedLayers == 0 || model.isMla())
        return std::nullopt;
    const auto cells = run.settings.find("ctx_size");
    const auto type = run.settings.find("cache_type_k");
    if (cells == run.settings.end() || !cells->is_number_integer() || type == run.settings.end() || !type->is_string())
        return std::nullopt;
    const QuantFormat *f = findQuantFormat(type->get<std::string>());
    const double n = cells->get<double>();
    if (!f || !(n > double(model.slidingWindow)))
        return std::nullopt;
    double printed = 0;
    for (const MeasuredFigure &fig : run.figures)
        if (fig.load == 0 && fig.kind == "kv_k_total")
            printed = double(fig.bytes);
    if (printed <= 0)
        return std::nullopt;
    // Every layer's keys at every cell: what the unwindowed cache holds.
    const double full = n * model.numHiddenLayers * model.kvHeads() * model.effectiveHeadDim() * f->bitsPerWeight() / 8;
    return std::fabs(printed / full - 1) < 0.01;
}

} // namespace memplan::llamacpp
