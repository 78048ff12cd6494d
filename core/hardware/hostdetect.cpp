#include "hardware/hostdetect.h"

#include "text.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace memplan {

namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMaxProcFile = 8ULL << 20; // /proc/cpuinfo of a 256-core server is ~1 MB

std::string readText(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    std::string out(kMaxProcFile, '\0');
    in.read(out.data(), std::streamsize(out.size()));
    out.resize(std::size_t(in.gcount()));
    return out;
}

std::string trimmedCopy(std::string s)
{
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), notSpace));
    s.erase(std::find_if(s.rbegin(), s.rend(), notSpace).base(), s.end());
    return s;
}

// "key : value" lines (cpuinfo, meminfo, the NVIDIA information file).
std::vector<std::pair<std::string, std::string>> keyValues(const std::string &text)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const std::size_t colon = line.find(':');
        if (colon != std::string::npos)
            out.emplace_back(trimmedCopy(line.substr(0, colon)), trimmedCopy(line.substr(colon + 1)));
    }
    return out;
}

std::uint64_t kibValue(const std::string &v)
{
    try {
        return std::stoull(v) * 1024; // "65843212 kB"
    } catch (...) {
        return 0;
    }
}

void readMeminfo(HostFacts &f, const fs::path &root)
{
    const std::string text = readText(root / "proc/meminfo");
    for (const auto &[k, v] : keyValues(text)) {
        if (k == "MemTotal")
            f.ramTotalBytes = kibValue(v);
        else if (k == "MemAvailable")
            f.ramAvailableBytes = kibValue(v);
    }
    if (!f.ramTotalBytes)
        f.unknown.push_back("host RAM: /proc/meminfo could not be read");
}

void readCpuinfo(HostFacts &f, const fs::path &root)
{
    static const std::set<std::string> kInteresting = {"avx2",     "avx512f",  "avx512_bf16", "avx512_vnni", "avx_vnni",
                                                       "amx_tile", "amx_bf16", "f16c",        "fma",         "asimd",
                                                       "asimdhp",  "sve",      "sve2",        "i8mm",        "bf16"};
    std::set<std::string> features;
    for (const auto &[k, v] : keyValues(readText(root / "proc/cpuinfo"))) {
        if (k == "processor")
            ++f.logicalCpus;
        else if ((k == "model name" || k == "Model") && f.cpuModel.empty())
            f.cpuModel = v;
        else if ((k == "flags" || k == "Features") && features.empty()) {
            std::istringstream in(v);
            for (std::string flag; in >> flag;)
                if (kInteresting.count(flag))
                    features.insert(flag);
        }
    }
    f.cpuFeatures.assign(features.begin(), features.end());
    if (!f.logicalCpus)
        f.unknown.push_back("CPU: /proc/cpuinfo could not be read");
}

std::vector<fs::path> sortedEntries(const fs::path &dir)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

void readGpus(HostFacts &f, const fs::path &root)
{
    // The NVIDIA driver names each GPU here; the size needs nvidia-smi (applyNvidiaSmi).
    for (const fs::path &gpu : sortedEntries(root / "proc/driver/nvidia/gpus")) {
        const fs::path info = gpu / "information";
        for (const auto &[k, v] : keyValues(readText(info)))
            if (k == "Model")
                f.gpus.push_back(
                    {v, "nvidia", 0, 0, "/proc/driver/nvidia/gpus/" + gpu.filename().string() + "/information"});
    }
    // amdgpu exposes the VRAM size (bytes) in sysfs.
    for (const fs::path &card : sortedEntries(root / "sys/class/drm")) {
        const std::string name = card.filename().string();
        if (name.rfind("card", 0) != 0 || name.find('-') != std::string::npos)
            continue;
        const std::string vram = trimmedCopy(readText(card / "device/mem_info_vram_total"));
        if (vram.empty())
            continue;
        DetectedGpu g{"AMD GPU (" + name + ")", "amd", 0, 0, "/sys/class/drm/" + name + "/device/mem_info_vram_total"};
        try {
            g.totalBytes = std::stoull(vram);
        } catch (...) {
            continue;
        }
        const std::string product = trimmedCopy(readText(card / "device/product_name"));
        if (!product.empty())
            g.name = product;
        f.gpus.push_back(g);
    }
}

const HardwarePreset *presetNamed(const PresetCatalog &catalog, const std::string &gpuName)
{
    // "NVIDIA GeForce RTX 4090" matches the preset "GeForce RTX 4090"; the longest name wins
    // ("RTX 4090" must not take "RTX 4090 D").
    const std::string wanted = text::lowerAscii(gpuName);
    const HardwarePreset *best = nullptr;
    for (const HardwarePreset &h : catalog.hardware()) {
        if (h.spec.kind != HardwareKind::DiscreteGpu || h.spec.name.empty())
            continue;
        const std::string name = text::lowerAscii(h.spec.name);
        const std::size_t at = wanted.find(name);
        if (at == std::string::npos || at + name.size() != wanted.size())
            continue;
        if (!best || h.spec.name.size() > best->spec.name.size())
            best = &h;
    }
    return best;
}

} // namespace

HostFacts readHostFacts(const std::string &rootText)
{
    HostFacts f;
    const fs::path root(rootText.empty() ? "/" : rootText);
    readMeminfo(f, root);
    readCpuinfo(f, root);
    readGpus(f, root);
    return f;
}

void applyNvidiaSmi(HostFacts &facts, const std::string &csv)
{
    std::vector<DetectedGpu> smi;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::istringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');)
            cells.push_back(trimmedCopy(cell));
        if (cells.size() < 3)
            continue;
        try {
            const Bytes mib = 1024 * 1024;
            smi.push_back({cells[0], "nvidia", std::stoull(cells[1]) * mib, std::stoull(cells[2]) * mib,
                           "nvidia-smi --query-gpu"});
        } catch (...) {
            continue; // "[N/A]" and similar
        }
    }
    if (smi.empty())
        return;
    facts.gpus.erase(
        std::remove_if(facts.gpus.begin(), facts.gpus.end(), [](const DetectedGpu &g) { return g.vendor == "nvidia"; }),
        facts.gpus.end());
    facts.gpus.insert(facts.gpus.begin(), smi.begin(), smi.end());
}

HardwarePreset thisComputerPreset(const HostFacts &facts, const PresetCatalog &catalog)
{
    HardwarePreset p;
    p.spec.id = kThisComputerId;
    p.origin = "detected";
    std::string notes =
        "Detected on this computer: " + (facts.cpuModel.empty() ? std::string("CPU model unknown") : facts.cpuModel) +
        ", " + std::to_string(facts.logicalCpus) + " logical CPUs, " + formatBinary(facts.ramTotalBytes) + " RAM";
    const DetectedGpu *gpu = nullptr;
    std::uint32_t same = 0;
    for (const DetectedGpu &g : facts.gpus)
        if (!gpu && (g.totalBytes || presetNamed(catalog, g.name)))
            gpu = &g;
    for (const DetectedGpu &g : facts.gpus)
        same += gpu && g.name == gpu->name ? 1 : 0;
    if (gpu) {
        const HardwarePreset *known = presetNamed(catalog, gpu->name);
        if (known) {
            p.spec = known->spec;
            p.spec.id = kThisComputerId;
            p.spec.verified = false;
        } else {
            p.spec.kind = HardwareKind::DiscreteGpu;
            p.spec.vendor = gpu->vendor;
        }
        if (gpu->totalBytes) {
            p.spec.capacityBytes = gpu->totalBytes;
            p.spec.gpuUsableBytes = gpu->totalBytes; // what the driver reports
        }
        p.spec.name = "This computer (" + gpu->name + (same > 1 ? " ×" + std::to_string(same) : "") + ")";
        notes += "; GPU " + gpu->name + " from " + gpu->source +
                 (known ? "; bandwidth and compute from the preset " + known->spec.id
                        : "; memory bandwidth and compute unknown (no preset of that name)");
        if (!gpu->totalBytes)
            notes += "; memory size from the preset (run nvidia-smi for the driver's figure)";
    } else {
        p.spec.kind = HardwareKind::Cpu;
        p.spec.vendor = "generic";
        p.spec.name = "This computer (" + (facts.cpuModel.empty() ? std::string("CPU") : facts.cpuModel) + ")";
        notes += "; no GPU found (no NVIDIA driver entry, no amdgpu VRAM size); memory bandwidth unknown: the DIMM "
                 "speed and channel count are not readable without root";
    }
    for (const std::string &u : facts.unknown)
        notes += "; " + u;
    p.notes = notes;
    return p;
}

nlohmann::json hostFactsToJson(const HostFacts &f)
{
    nlohmann::json gpus = nlohmann::json::array();
    for (const DetectedGpu &g : f.gpus)
        gpus.push_back({{"name", g.name},
                        {"vendor", g.vendor},
                        {"total_bytes", g.totalBytes},
                        {"free_bytes", g.freeBytes},
                        {"source", g.source}});
    return {{"ram_total_bytes", f.ramTotalBytes},
            {"ram_available_bytes", f.ramAvailableBytes},
            {"cpu_model", f.cpuModel},
            {"logical_cpus", f.logicalCpus},
            {"cpu_features", f.cpuFeatures},
            {"gpus", gpus},
            {"unknown", f.unknown}};
}

} // namespace memplan
