#include "localcommands.h"
#include "clitext.h"

#include "error.h"
#include "files/localmodels.h"
#include "formats/comparejson.h"
#include "hardware/hostdetect.h"
#include "questions/fitsearch.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <ostream>

namespace memplan::cli {

namespace {

constexpr const char *kUsage =
    "presets models --local [--hardware ID[:COUNT]] [--runtime ID] [--context N] [--dir FOLDER]... [--json]";

std::string badgeWord(FitBadge b)
{
    return b == FitBadge::Fits              ? say(QT_TRANSLATE_NOOP("CliText", "fits"))
           : b == FitBadge::FitsWithOffload ? say(QT_TRANSLATE_NOOP("CliText", "offload"))
                                            : say(QT_TRANSLATE_NOOP("CliText", "no"));
}

std::uint64_t parseTokens(const std::string &text)
{
    std::uint64_t n = 0;
    const char *end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, n);
    const std::uint64_t scale = p + 1 == end && (*p == 'k' || *p == 'K') ? 1024 : 1;
    if (ec != std::errc() || n == 0 || (p != end && scale == 1) || n > 100'000'000 / scale)
        throw InputError(
            "--context",
            say(QT_TRANSLATE_NOOP("CliText", "'%1' is not a token count from 1 to 100,000,000 (32k allowed)"), {text}));
    return n * scale;
}

} // namespace

int cmdLocalModels(const std::vector<std::string> &args, Context &ctx)
{
    std::string hardware = kThisComputerId, runtime;
    std::uint64_t context = 0;
    bool asJson = false;
    LocalModelRoots roots = localModelRootsFromEnvironment();
    for (std::size_t i = 2; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&]() -> const std::string & {
            if (i + 1 >= args.size())
                throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "needs a value; usage: %1"), {kUsage}));
            return args[++i];
        };
        if (a == "--local")
            continue;
        if (a == "--hardware")
            hardware = value();
        else if (a == "--runtime")
            runtime = value();
        else if (a == "--context")
            context = parseTokens(value());
        else if (a == "--dir")
            roots.folders.push_back(value());
        else if (a == "--json")
            asJson = true;
        else
            throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "is not understood here; usage: %1"), {kUsage}));
    }
    const std::vector<Candidate> machines = parseCandidates(hardware);
    if (machines.size() != 1)
        throw InputError("--hardware", say(QT_TRANSLATE_NOOP("CliText", "takes one machine")));
    Scenario base = defaultScenario();
    base.hardware = HardwareChoice{};
    base.hardware.preset = machines.front().hardware;
    base.hardware.count = machines.front().count;
    useThisComputerRam(base, ctx);
    if (!runtime.empty()) {
        base.runtime = RuntimeChoice{};
        base.runtime.preset = runtime;
    }
    if (context)
        base.workload.contextTokens = context;

    nlohmann::json list = nlohmann::json::array();
    char buf[640];
    if (!asJson) {
        ctx.out << padTo(say(QT_TRANSLATE_NOOP("CliText", "fits")), 8) << " "
                << padTo(say(QT_TRANSLATE_NOOP("CliText", "source")), 12) << " "
                << padTo(say(QT_TRANSLATE_NOOP("CliText", "model")), 44);
        ctx.out << " " << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "params")), 10) << " "
                << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "weights")), 10) << "  "
                << say(QT_TRANSLATE_NOOP("CliText", "path")) << "\n";
    }
    for (const LocalModel &m : findLocalModels(roots)) {
        if (!m.error.empty()) {
            ctx.err << "memplan-cli: "
                    << say(QT_TRANSLATE_NOOP("CliText", "skipped %1 model %2: %3"), {m.source, m.name, m.error})
                    << "\n";
            continue;
        }
        Scenario s = base;
        s.model = ModelChoice{};
        s.model.file = m.path;
        s.weights = WeightsChoice{};
        const CandidateResult r = compareCandidates(s, {machines.front()}, ctx.catalog).front();
        const std::string badge = r.error.empty() ? badgeWord(r.badge) : say(QT_TRANSLATE_NOOP("CliText", "error"));
        if (asJson) {
            nlohmann::json e = {{"source", m.source},
                                {"name", m.name},
                                {"path", m.path},
                                {"parameters", m.model.parameters},
                                {"weights_bytes", m.model.weightsBytes},
                                {"badge", r.error.empty() ? std::string(fitBadgeId(r.badge)) : std::string("error")}};
            if (!r.error.empty())
                e["error"] = r.error;
            if (r.maxContext)
                e["max_context"] = *r.maxContext;
            list.push_back(e);
            continue;
        }
        // A config.json alone has no tensors: its parameters come from the architecture, its bytes from the format.
        const double params = double(m.model.parameters ? m.model.parameters : m.model.architectureParameters);
        std::snprintf(buf, sizeof buf, "%s %-12s %-44s %9.2fB %10s  %s\n", padTo(badge, 8).c_str(), m.source.c_str(),
                      m.name.c_str(), params / 1e9, m.model.tensorCount ? formatGiB(m.model.weightsBytes).c_str() : "-",
                      m.path.c_str());
        ctx.out << buf;
        if (!r.error.empty())
            ctx.err << "memplan-cli: " << m.name << ": " << r.error << "\n";
    }
    if (asJson) {
        ctx.out << nlohmann::json{{"hardware", hardware}, {"models", list}}.dump(2) << "\n";
    } else {
        ctx.out << say(QT_TRANSLATE_NOOP("CliText",
                                         "weights in GiB (2^30 bytes) as stored; fits = every layer in "
                                         "device memory, offload = some in host RAM, on %1 with %2 host RAM"),
                       {hardware, formatBinary(base.host.ramBytes)})
                << "\n";
    }
    return kExitOk;
}

} // namespace memplan::cli
