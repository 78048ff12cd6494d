#include "model/ropeshape.h"

#include <array>
#include <utility>

namespace memplan {

namespace {

constexpr std::array<std::pair<std::string_view, RopeScaling>, 8> kNames = {{
    {"default", RopeScaling::Default},
    {"linear", RopeScaling::Linear},
    {"dynamic", RopeScaling::Dynamic},
    {"yarn", RopeScaling::Yarn},
    {"deepseek_yarn", RopeScaling::DeepseekYarn},
    {"llama3", RopeScaling::Llama3},
    {"longrope", RopeScaling::LongRope},
    {"mrope", RopeScaling::Default}, // Qwen2-VL's config name; the sections do not change the table
}};

} // namespace

std::optional<RopeScaling> parseRopeScaling(std::string_view name)
{
    for (const auto &[n, s] : kNames)
        if (n == name)
            return s;
    // Phi-3's first configs wrote "su", then renamed it longrope (same tables).
    if (name == "su")
        return RopeScaling::LongRope;
    return std::nullopt;
}

const char *ropeScalingName(RopeScaling s)
{
    for (const auto &[n, v] : kNames)
        if (v == s)
            return n.data();
    return "default";
}

} // namespace memplan
