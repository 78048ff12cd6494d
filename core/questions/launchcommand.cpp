#include "questions/launchcommand.h"

#include "runtimes/runtimemodel.h"
#include "scenario/resolve.h"

#include <cstdio>

namespace memplan {

namespace {

/// A model read from a file or a repository names itself; only presets need a lookup.
bool fromPreset(const ResolvedScenario &r)
{
    return r.model.id != "file" && r.model.id != "hub" && r.model.id != "custom";
}

const WeightRepository *published(const ResolvedScenario &r, bool gguf)
{
    const auto it = r.model.repositories.find(std::string(launch::downloadFormat(r)));
    if (it == r.model.repositories.end() || it->second.isGguf() != gguf)
        return nullptr;
    return &it->second;
}

/// hf_repo holds the shipped format, or the native dtype when nothing is shipped; a runtime
/// loads a 16- or 32-bit float checkpoint in another float width itself (--dtype).
bool inPresetRepo(const ResolvedScenario &r)
{
    const std::string_view format = launch::downloadFormat(r);
    if (!r.model.shippedFormat.empty())
        return format == r.model.shippedFormat;
    return format == "bf16" || format == "f16" || format == "f32";
}

} // namespace

std::string launchCommand(const ResolvedScenario &r)
{
    return runtimeModel(r.runtime.engine).launchCommand(r);
}

std::optional<Notice> launchCommandNote(const ResolvedScenario &r)
{
    const RuntimeModel::LaunchWeights names = runtimeModel(r.runtime.engine).launchWeights();
    if (names == RuntimeModel::LaunchWeights::None)
        return std::nullopt;
    const bool gguf = names == RuntimeModel::LaunchWeights::GgufFile;
    if (launch::weightsKnown(r, gguf))
        return std::nullopt;
    const std::string placeholder = gguf ? launch::ggufFileName(r) : launch::checkpointRepo(r);
    const QuantFormat *format = findQuantFormat(launch::downloadFormat(r));
    return makeNotice("note.launch_weights_unknown",
                      {textArg("model", r.model.name),
                       textArg("format", format ? std::string(format->label) : std::string()),
                       textArg("placeholder", placeholder)});
}

namespace launch {

std::string fixed(double v, int decimals)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string_view downloadFormat(const ResolvedScenario &r)
{
    if (r.expertFormat && r.expertFormat != r.weightFormat && r.weightFormat->family == FormatFamily::Float &&
        r.expertFormat->id == r.model.shippedFormat)
        return r.expertFormat->id;
    // gpt-oss's GGUF with MXFP4 experts and Q8_0 elsewhere (MXFP4_MOE, or a "Q8_0" label, which
    // keeps the experts) is the file published under the released MXFP4 checkpoint's name.
    if (r.expertFormat && r.expertFormat->id == "mxfp4" && r.model.shippedFormat == "mxfp4" &&
        r.weightFormat->id == "q8_0")
        return r.expertFormat->id;
    return r.weightFormat->id;
}

bool weightsKnown(const ResolvedScenario &r, bool gguf)
{
    if (!fromPreset(r))
        return true;
    if (published(r, gguf))
        return true;
    return !gguf && inPresetRepo(r);
}

std::string checkpointRepo(const ResolvedScenario &r)
{
    if (!fromPreset(r) || inPresetRepo(r))
        return r.model.source;
    if (const WeightRepository *w = published(r, false))
        return w->repo;
    // One word a shell keeps together, plainly not a repository: the user puts theirs in.
    return "<" + std::string(downloadFormat(r)) + "-repository-of-" + r.model.source + ">";
}

std::string ggufFileName(const ResolvedScenario &r)
{
    if (r.model.id == "file")
        return r.model.source;
    // A repository's GGUF: the file's own name, as it lands once downloaded (not "hub-q4_k_m.gguf").
    if (r.model.id == "hub" && r.model.imported && !r.model.imported->files.empty()) {
        const std::string &first = r.model.imported->files.front();
        if (first.size() > 5 && first.compare(first.size() - 5, 5, ".gguf") == 0)
            return first.substr(first.rfind('/') + 1);
    }
    if (const WeightRepository *w = published(r, true))
        return w->file;
    std::string base = r.model.id.empty() ? std::string("model") : r.model.id;
    return base + "-" + std::string(downloadFormat(r)) + ".gguf";
}

std::string ggufModelArgs(const ResolvedScenario &r)
{
    if (fromPreset(r))
        if (const WeightRepository *w = published(r, true))
            return "--hf-repo " + w->repo + " --hf-file " + w->file;
    return "-m " + ggufFileName(r);
}

} // namespace launch

} // namespace memplan
