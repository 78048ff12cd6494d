#include "mxfp4experts.h"

namespace memplan::vllm {

namespace {
std::uint64_t roundUp(std::uint64_t v, std::uint64_t m)
{
    return (v + m - 1) / m * m;
}
} // namespace

std::optional<Mxfp4Backend> parseMxfp4Backend(std::string_view name)
{
    if (name == "marlin")
        return Mxfp4Backend::Marlin;
    if (name == "triton")
        return Mxfp4Backend::Triton;
    if (name == "flashinfer")
        return Mxfp4Backend::FlashInfer256;
    if (name == "flashinfer_cutlass")
        return Mxfp4Backend::FlashInfer128;
    return std::nullopt;
}

Mxfp4Backend defaultMxfp4Backend(std::string_view id)
{
    const auto starts = [&](std::string_view p) { return id.substr(0, p.size()) == p; };
    return starts("b200") || starts("b300") || starts("gb200") || starts("gb300") ? Mxfp4Backend::FlashInfer256
                                                                                  : Mxfp4Backend::Marlin;
}

ExpertDims paddedExpertDims(Mxfp4Backend backend, ExpertDims d)
{
    switch (backend) {
    case Mxfp4Backend::Marlin:
        return {roundUp(d.hidden, 256), roundUp(d.intermediate, 128)};
    case Mxfp4Backend::FlashInfer256:
        return {roundUp(d.hidden, 256), roundUp(d.intermediate, 256)};
    case Mxfp4Backend::FlashInfer128:
        return {roundUp(d.hidden, 128), roundUp(d.intermediate, 128)};
    case Mxfp4Backend::Triton:
        break;
    }
    return {d.hidden, roundUp(d.intermediate, 64)};
}

double expertPaddingFactor(Mxfp4Backend backend, ExpertDims d)
{
    if (d.hidden == 0 || d.intermediate == 0)
        return 1.0;
    const ExpertDims p = paddedExpertDims(backend, d);
    return double(p.hidden) * double(p.intermediate) / (double(d.hidden) * double(d.intermediate));
}

} // namespace memplan::vllm
