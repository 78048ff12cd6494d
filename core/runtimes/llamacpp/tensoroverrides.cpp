#include "tensoroverrides.h"

#include "error.h"
#include "scenario/runtimesettings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <regex>
#include <string_view>

namespace memplan::llamacpp {

namespace {

constexpr std::size_t kMaxEntries = 64;
constexpr std::size_t kMaxPatternLength = 256;
/// std::regex searches by backtracking, so a pattern's cost grows with its repetitions; real
/// override patterns use one or two ("blk\.[0-9]+\.ffn_.*_exps"), and three keep a search of a
/// tensor name to some thousands of steps.
constexpr int kMaxRepetitions = 3;
constexpr int kMaxBound = 99;

/// -1: host; a GPU index; nullopt: not a buffer llama.cpp has.
std::optional<int> bufferTarget(std::string_view b)
{
    if (b == "CPU")
        return -1;
    if (b == "Metal")
        return 0;
    for (std::string_view prefix : {"CUDA", "ROCm", "Vulkan", "SYCL", "CANN", "MUSA", "OpenCL"})
        if (b.size() > prefix.size() && b.size() <= prefix.size() + 2 && b.substr(0, prefix.size()) == prefix &&
            std::all_of(b.begin() + std::ptrdiff_t(prefix.size()), b.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
            return std::stoi(std::string(b.substr(prefix.size())));
    return std::nullopt;
}

/// Rejects what std::regex could search for long: a repeated group that itself repeats, many
/// repetitions, or large counted bounds.
std::string repetitionProblem(std::string_view p)
{
    int repetitions = 0;
    std::vector<bool> groupRepeats; // per open group: does it hold a repetition?
    bool lastGroupRepeats = false;  // the group just closed
    for (std::size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\') {
            ++i;
            lastGroupRepeats = false;
            continue;
        }
        if (c == '[') { // a class: skip to its end
            std::size_t j = i + 1;
            if (j < p.size() && p[j] == ']')
                ++j;
            while (j < p.size() && p[j] != ']')
                j += p[j] == '\\' ? 2 : 1;
            i = j;
            lastGroupRepeats = false;
            continue;
        }
        if (c == '(') {
            groupRepeats.push_back(false);
            continue;
        }
        if (c == ')') {
            lastGroupRepeats = !groupRepeats.empty() && groupRepeats.back();
            if (!groupRepeats.empty())
                groupRepeats.pop_back();
            if (lastGroupRepeats && !groupRepeats.empty())
                groupRepeats.back() = true;
            continue;
        }
        if (c == '*' || c == '+' || c == '?' || c == '{') {
            if (c == '?' && i > 0 && (p[i - 1] == '*' || p[i - 1] == '+' || p[i - 1] == '?' || p[i - 1] == '}'))
                continue; // a lazy marker, not a repetition
            const bool afterGroup = i > 0 && p[i - 1] == ')';
            if (c == '{') {
                std::size_t j = i + 1;
                int bound = 0;
                while (j < p.size() && (std::isdigit(static_cast<unsigned char>(p[j])) || p[j] == ',')) {
                    bound = p[j] == ',' ? 0 : std::min(bound * 10 + (p[j] - '0'), 100000);
                    if (bound > kMaxBound)
                        return "a counted repetition above " + std::to_string(kMaxBound);
                    ++j;
                }
                i = j;
            }
            if (afterGroup && lastGroupRepeats)
                return "a repeated group that itself repeats";
            if (++repetitions > kMaxRepetitions)
                return "more than " + std::to_string(kMaxRepetitions) + " repetitions (*, +, ?, {})";
            if (!groupRepeats.empty())
                groupRepeats.back() = true;
        }
        lastGroupRepeats = false;
    }
    return {};
}

struct Entry {
    std::regex pattern;
    std::string text;
    int target = -1; ///< -1 host, else a GPU
};

/// The entry's form, buffer and repetitions (no regular expression is built); returns where '='
/// splits pattern from buffer.
std::size_t checkEntry(const std::string &entry, const std::string &key)
{
    const std::size_t eq = entry.rfind('=');
    if (eq == std::string::npos || eq == 0)
        throw InputError(key, "'" + entry + "' is not pattern=buffer (e.g. exps=CPU or blk\\.1[0-9]\\.=CUDA1)");
    if (!bufferTarget(std::string_view(entry).substr(eq + 1)))
        throw InputError(key, "'" + entry.substr(eq + 1) +
                                  "' is not a buffer llama.cpp has: CPU or a device's own, like CUDA0, ROCm1, "
                                  "Vulkan0, SYCL0 or Metal");
    const std::string_view pattern = std::string_view(entry).substr(0, eq);
    if (pattern.size() > kMaxPatternLength)
        throw InputError(key, "a pattern longer than " + std::to_string(kMaxPatternLength) + " characters");
    if (const std::string why = repetitionProblem(pattern); !why.empty())
        throw InputError(key, "'" + std::string(pattern) + "' has " + why + ", which the planner does not search");
    return eq;
}

Entry compile(const std::string &entry, const std::string &key)
{
    const std::size_t eq = checkEntry(entry, key);
    const std::string pattern = entry.substr(0, eq);
    try {
        return {std::regex(pattern), entry, *bufferTarget(std::string_view(entry).substr(eq + 1))};
    } catch (const std::regex_error &) {
        throw InputError(key, "'" + pattern + "' is not a regular expression std::regex reads");
    }
}

void splitEntries(const std::string &value, const std::string &key, std::vector<std::string> &out)
{
    std::size_t from = 0;
    while (from <= value.size()) {
        const std::size_t comma = std::min(value.find(',', from), value.size());
        if (comma > from) {
            if (out.size() >= kMaxEntries)
                throw InputError(key, "more than " + std::to_string(kMaxEntries) + " entries");
            out.push_back(value.substr(from, comma - from));
            checkEntry(out.back(), key); // the regular expression itself is built once, when resolved
        }
        from = comma + 1;
    }
}

/// Tensors besides the routed experts a layer may hold (src/llama-arch.cpp names).
constexpr std::array<std::string_view, 13> kLayerTensors = {
    "attn_norm", "attn_q", "attn_k",   "attn_v",         "attn_output",  "ffn_norm",      "ffn_gate_inp",
    "ffn_gate",  "ffn_up", "ffn_down", "ffn_gate_shexp", "ffn_up_shexp", "ffn_down_shexp"};
constexpr std::array<std::string_view, 3> kExpertMatrices = {"ffn_gate_exps", "ffn_up_exps", "ffn_down_exps"};

const Entry *firstMatch(const std::vector<Entry> &entries, const std::string &name)
{
    for (const Entry &e : entries)
        if (std::regex_search(name, e.pattern))
            return &e;
    return nullptr;
}

std::string tensorName(std::uint32_t layer, std::string_view base)
{
    return "blk." + std::to_string(layer) + "." + std::string(base) + ".weight";
}

} // namespace

std::vector<std::string> parseOverrideTensor(const nlohmann::json &v, const std::string &key)
{
    std::vector<std::string> out;
    if (v.is_string())
        splitEntries(v.get<std::string>(), key, out);
    else if (v.is_array())
        for (const nlohmann::json &e : v) {
            if (!e.is_string())
                throw InputError(key, "must list pattern=buffer strings");
            splitEntries(e.get<std::string>(), key, out);
        }
    else
        throw InputError(key, "must be a pattern=buffer string or a list of them");
    return out;
}

std::vector<double> parseTensorSplit(const nlohmann::json &v, const std::string &key)
{
    std::vector<double> out;
    auto add = [&](double x) {
        if (!(x >= 0 && x <= 1e12))
            throw InputError(key, "shares must be numbers from 0 up");
        if (out.size() >= 64)
            throw InputError(key, "more than 64 shares");
        out.push_back(x);
    };
    if (v.is_array()) {
        for (const nlohmann::json &x : v) {
            if (!x.is_number())
                throw InputError(key, "must list numbers, one share per GPU");
            add(x.get<double>());
        }
    } else if (v.is_string()) {
        const std::string s = v.get<std::string>();
        std::size_t from = 0;
        while (from < s.size()) {
            const std::size_t sep = std::min(s.find_first_of(",/", from), s.size());
            try {
                std::size_t used = 0;
                const double x = std::stod(s.substr(from, sep - from), &used);
                if (used != sep - from)
                    throw std::invalid_argument("trailing");
                add(x);
            } catch (const std::logic_error &) {
                throw InputError(key, "'" + s + "' is not a list of shares like 3,1");
            }
            from = sep + 1;
        }
    } else
        throw InputError(key, "must be a list of shares, one per GPU");
    if (std::all_of(out.begin(), out.end(), [](double x) { return x == 0; }))
        out.clear(); // llama.cpp: all zero means its default split
    return out;
}

std::vector<std::int16_t> resolveExpertOverrides(const std::vector<std::string> &entries, const ModelArchitecture &a,
                                                 std::uint32_t gpus, std::vector<Notice> &warnings)
{
    if (entries.empty())
        return {};
    std::vector<Entry> compiled;
    compiled.reserve(entries.size());
    for (const std::string &e : entries)
        compiled.push_back(compile(e, "runtime.override_tensor"));
    std::vector<bool> warned(compiled.size(), false);
    auto warnOnce = [&](const Entry &e, Notice n) {
        const auto k = std::size_t(&e - compiled.data());
        if (!warned[k])
            warnings.push_back(std::move(n));
        warned[k] = true;
    };
    const std::uint32_t layers = a.numHiddenLayers;
    std::vector<std::int16_t> out(std::size_t(layers) * kExpertMatrices.size(), kExpertsWithLayer);
    for (std::uint32_t il = 0; il < layers; ++il) {
        for (std::size_t m = 0; a.isMoeLayer(il) && m < kExpertMatrices.size(); ++m) {
            const Entry *e = firstMatch(compiled, tensorName(il, kExpertMatrices[m]));
            if (!e)
                continue;
            if (e->target >= int(gpus)) {
                warnOnce(*e, makeNotice("warn.override_tensor_device",
                                        {textArg("entry", e->text), numberArg("gpus", NoticeArg::Kind::Count, gpus)}));
                continue;
            }
            out[std::size_t(il) * kExpertMatrices.size() + m] =
                e->target < 0 ? kExpertsOnHost : std::int16_t(e->target);
        }
        for (std::string_view t : kLayerTensors)
            if (const Entry *e = firstMatch(compiled, tensorName(il, t)))
                warnOnce(*e, makeNotice("warn.override_tensor_other",
                                        {textArg("entry", e->text), textArg("tensor", tensorName(il, t))}));
    }
    for (std::string_view t : {"token_embd.weight", "output.weight", "output_norm.weight"})
        if (const Entry *e = firstMatch(compiled, std::string(t)))
            warnOnce(*e, makeNotice("warn.override_tensor_other",
                                    {textArg("entry", e->text), textArg("tensor", std::string(t))}));
    return out;
}

} // namespace memplan::llamacpp
