#include "logs/calibration.h"

#include "error.h"
#include "logs/logtext.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

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
    auto str = [&](const char *k) {
        if (!doc.contains(k) || !doc[k].is_string())
            throw InputError(k, "must be a string");
        return doc[k].get<std::string>();
    };
    c.runtime = str("runtime");
    c.machine = str("machine");
    c.logFile = doc.value("log_file", std::string());
    c.logText = doc.contains("log") && doc["log"].is_string() ? doc["log"].get<std::string>() : std::string();
    const json m = doc.value("measured", json::object());
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
    const fs::path temp = dir / (safeFileName(c.runtime) + ".calibration.tmp");
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << calibrationToJson(c).dump(2, ' ', false, json::error_handler_t::replace) << "\n";
        out.flush();
        if (!out)
            throw InputError(ErrorInfo{temp.string(), "", "cannot be written"});
    }
    // A failed write leaves the old calibration as it was: the new text replaces it only whole.
    fs::rename(temp, target, ec);
    if (ec) {
        fs::remove(temp, ec);
        throw InputError(ErrorInfo{target.string(), "", "cannot be replaced"});
    }
    return target.string();
}

std::vector<std::string> applyCalibrations(PresetCatalog &catalog, const std::string &userPresetDirectory)
{
    std::vector<std::string> problems;
    const fs::path dir = fs::path(userPresetDirectory) / "calibrations";
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return problems;
    std::vector<fs::path> files;
    for (const auto &e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".calibration")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files) {
        try {
            std::ifstream in(f, std::ios::binary);
            std::ostringstream buf;
            buf << in.rdbuf();
            const Calibration c = calibrationFromJson(parseJsonText(buf.str(), f.string()));
            const RuntimeProfile *base = catalog.runtime(c.runtime);
            if (!base) {
                problems.push_back(f.string() + ": runtime '" + c.runtime + "' is not among the presets");
                continue;
            }
            catalog.addRuntime(applyCalibration(*base, c));
        } catch (const InputError &e) {
            problems.push_back(e.inFile(f.string()).info().message());
        } catch (const std::exception &e) {
            problems.push_back(f.string() + ": " + e.what());
        }
    }
    return problems;
}

} // namespace memplan
