#include "logs/calibration.h"

#include "error.h"
#include "files/atomicfile.h"
#include "files/inputfile.h"
#include "logs/logtext.h"

#include <algorithm>
#include <filesystem>

namespace memplan {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string safeFileName(std::string id)
{
    for (char &c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            c = '_';
    return id.empty() ? std::string("runtime") : id;
}

} // namespace

Calibration calibrationFromRun(const Reconciliation &r, const std::string &logFile, const std::string &logText)
{
    Calibration c;
    c.runtime = r.scenario.runtime.preset;
    c.logFile = logFile;
    c.logText = logText.substr(0, kCalibrationLogCap);
    const MeasuredRun &run = r.run;
    for (const MeasuredDevice &d : run.devices)
        if (logtext::gpuIndexOfDevice(d.id) == 0 || d.id == "gpu0") {
            c.machine = d.name;
            break;
        }
    if (c.machine.empty())
        c.machine = r.scenario.hardware.preset;
    if (const FigureSum nt = sumFigures(run, "non_torch"); nt.count) {
        c.workspacePerDevice = nt.bytes;
        c.notes.push_back("workspace: the non-torch memory the runtime printed");
    }
    if (const FigureSum g = sumFigures(run, "cuda_graph"); g.count) {
        c.cudaGraphBytes = g.bytes;
        c.notes.push_back("CUDA graphs: the capture the runtime printed");
    }
    // llama.cpp's breakdown: device memory in use that none of its buffers account for
    // (total - free - self): the CUDA/Metal context and library workspaces.
    for (const MeasuredBreakdown &b : run.breakdown)
        if (logtext::gpuIndexOfDevice(b.device) == 0 && b.total > 0 && b.free + b.self < b.total) {
            c.workspacePerDevice = b.total - b.free - b.self;
            c.notes.push_back("workspace: " + b.device +
                              "'s memory not held by llama.cpp's buffers (memory breakdown)");
            break;
        }
    // Memory others held on the device before the runtime loaded anything.
    for (const MeasuredDevice &d : run.devices)
        if ((logtext::gpuIndexOfDevice(d.id) == 0 || d.id == "gpu0") && d.totalBytes && d.freeBytes &&
            d.freeBytes < d.totalBytes && run.breakdown.empty()) {
            c.displayReservedBytes = d.totalBytes - d.freeBytes;
            c.notes.push_back("system: device memory in use before the runtime started (total - free at start)");
            break;
        }
    return c;
}

json calibrationToJson(const Calibration &c)
{
    json j{{"schema", kCalibrationSchema}, {"runtime", c.runtime}, {"machine", c.machine},
           {"log_file", c.logFile},        {"log", c.logText},     {"notes", c.notes}};
    json f = json::object();
    if (c.workspacePerDevice)
        f["workspace_per_device_bytes"] = *c.workspacePerDevice;
    if (c.cudaGraphBytes)
        f["cuda_graph_bytes"] = *c.cudaGraphBytes;
    if (c.displayReservedBytes)
        f["display_reserved_bytes"] = *c.displayReservedBytes;
    j["measured"] = f;
    return j;
}

Calibration calibrationFromJson(const json &doc)
{
    if (!doc.is_object() || doc.value("schema", json()) != kCalibrationSchema)
        throw InputError("schema", std::string("is not '") + kCalibrationSchema + "'");
    Calibration c;
    // Names are shown in the runtime list and in every estimate that uses the profile.
    auto str = [&](const char *k, bool required, std::size_t limit) {
        if (!doc.contains(k) && !required)
            return std::string();
        if (!doc.contains(k) || !doc[k].is_string())
            throw InputError(k, "must be a string");
        const std::string v = doc[k].get<std::string>();
        if (v.size() > limit)
            throw InputError(k, "is longer than " + std::to_string(limit) + " bytes");
        return v;
    };
    c.runtime = str("runtime", true, kCalibrationNameLimit);
    c.machine = str("machine", true, kCalibrationNameLimit);
    c.logFile = str("log_file", false, 4096);
    c.logText = str("log", false, kCalibrationLogCap);
    const json m = doc.contains("measured") ? doc["measured"] : json::object();
    if (!m.is_object())
        throw InputError("measured", "must be an object");
    auto bytes = [&](const char *k) -> std::optional<Bytes> {
        if (!m.contains(k))
            return std::nullopt;
        if (!m[k].is_number_unsigned() || m[k].get<Bytes>() > 64ULL * 1024 * GiB)
            throw InputError(std::string("measured.") + k, "must be a byte count");
        return m[k].get<Bytes>();
    };
    c.workspacePerDevice = bytes("workspace_per_device_bytes");
    c.cudaGraphBytes = bytes("cuda_graph_bytes");
    c.displayReservedBytes = bytes("display_reserved_bytes");
    return c;
}

RuntimeProfile applyCalibration(RuntimeProfile p, const Calibration &c)
{
    if (c.workspacePerDevice || c.cudaGraphBytes) {
        if (c.workspacePerDevice)
            p.workspacePerDevice = *c.workspacePerDevice;
        if (c.cudaGraphBytes)
            p.cudaGraphBytes = *c.cudaGraphBytes;
        p.workspaceRange = Range{1.0, 1.0}; // measured on this machine, not a spread over machines
        p.sources["workspace"] = "calibrated from " + c.logFile;
    }
    if (c.displayReservedBytes) {
        p.displayReservedBytes = *c.displayReservedBytes;
        p.sources["system"] = "calibrated from " + c.logFile;
    }
    p.calibratedFrom = c.logFile.empty() ? std::string("(pasted log)") : c.logFile;
    p.name += " — calibrated on " + c.machine;
    return p;
}

std::string saveCalibration(const Calibration &c, const std::string &userPresetDirectory)
{
    const fs::path dir = fs::path(userPresetDirectory) / "calibrations";
    std::error_code ec;
    fs::create_directories(dir, ec);
    const fs::path target = dir / (safeFileName(c.runtime) + ".calibration");
    // The project's one writer: a hidden temporary created exclusively (a link planted under
    // its name is never followed), every write checked, then renamed over the old calibration.
    // The name is the program's own: a link found there is replaced, never followed to a user file.
    const FileWriteResult written = writeFileAtomically(
        target.string(), calibrationToJson(c).dump(2, ' ', false, json::error_handler_t::replace) + "\n",
        TargetLink::Replace);
    if (!written)
        throw WriteError(ErrorInfo{target.string(), "", "cannot be written (" + written.reason + ")"});
    return target.string();
}

std::vector<std::string> applyCalibrations(PresetCatalog &catalog, const std::string &userPresetDirectory)
{
    std::vector<std::string> problems;
    auto skip = [&](const fs::path &f, const std::string &reason) {
        catalog.addProblem(ErrorInfo{f.string(), "", reason});
        problems.push_back(ErrorInfo{f.string(), "", reason}.message());
    };
    const fs::path dir = fs::path(userPresetDirectory) / "calibrations";
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return problems;
    // Hidden temporaries of a save that was killed (kill -9) go at the next start.
    removeStaleTemporaries(dir.string());
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".calibration")
            files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files) {
        try {
            // Regular files of bounded size only, as for scenarios: a FIFO here once hung every start.
            const std::string text = readInputFile(f.string(), kMaxCalibrationFileBytes);
            const Calibration c = calibrationFromJson(parseJsonText(text, f.string()));
            const RuntimeProfile *base = catalog.runtime(c.runtime);
            if (!base) {
                skip(f, "runtime '" + c.runtime + "' is not among the presets");
                continue;
            }
            if (!base->calibrationFile.empty()) {
                // One measurement per runtime: a second file (a shared --presets folder) does not
                // silently replace the first.
                skip(f, "runtime '" + c.runtime + "' is already calibrated by " + base->calibrationFile);
                continue;
            }
            RuntimeProfile p = applyCalibration(*base, c);
            p.calibrationFile = f.string();
            catalog.addRuntime(std::move(p));
        } catch (const InputError &e) {
            const ErrorInfo info = e.inFile(f.string()).info();
            catalog.addProblem(info);
            problems.push_back(info.message());
        } catch (const std::exception &e) {
            skip(f, e.what());
        }
    }
    return problems;
}

std::vector<std::string> calibrationNotices(const PresetCatalog &catalog)
{
    std::vector<std::string> out;
    // Calibrations are read whole at start-up: no need to parse every pending shipped preset.
    for (const ErrorInfo &p : catalog.problemsSoFar())
        if (p.file.size() > 12 && p.file.compare(p.file.size() - 12, 12, ".calibration") == 0)
            out.push_back(p.message());
    return out;
}

} // namespace memplan
