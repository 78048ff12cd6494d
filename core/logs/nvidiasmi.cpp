#include "logs/nvidiasmi.h"

#include "bytes.h"
#include "logs/logtext.h"

#include <cctype>
#include <string>

namespace memplan {

namespace {

using namespace logtext;

// The device a GPU row's index maps to: the vLLM reader's name for GPU 0 ("gpu0"), so that a
// runtime that printed its own device keeps it.
std::string deviceId(int gpu)
{
    return "gpu" + std::to_string(gpu);
}

// "|   0  NVIDIA L40S                    On  |   00000000:56:00.0 Off |": the index, then the
// name up to the persistence-mode word.
bool gpuRow(std::string_view line, int &gpu, std::string &name)
{
    if (!startsWith(line, "|"))
        return false;
    std::string_view cell = line.substr(1, line.find('|', 1) - 1);
    cell = trim(cell);
    std::size_t i = 0;
    while (i < cell.size() && i < 3 && std::isdigit(static_cast<unsigned char>(cell[i])))
        ++i;
    if (i == 0 || i >= cell.size() || cell[i] != ' ')
        return false;
    std::string_view rest = trim(cell.substr(i));
    for (std::string_view mode : {" On", " Off"})
        if (rest.ends_with(mode)) {
            rest = trim(rest.substr(0, rest.size() - mode.size()));
            if (rest.size() < 3 || !std::isalpha(static_cast<unsigned char>(rest.front())))
                return false;
            gpu = std::stoi(std::string(cell.substr(0, i)));
            name = std::string(rest.substr(0, 120));
            return true;
        }
    return false;
}

} // namespace

bool readNvidiaSmiLine(std::string_view line, int &pendingGpu, MeasuredRun &run)
{
    int gpu = -1;
    std::string name;
    if (gpuRow(line, gpu, name)) {
        MeasuredDevice &d = run.device(deviceId(gpu));
        if (d.name.empty())
            d.name = name;
        pendingGpu = gpu;
        return true;
    }
    if (pendingGpu < 0)
        return false;
    const int gpuOfRow = pendingGpu;
    pendingGpu = -1;
    // "| N/A   58C    P0   259W /  350W |   45241MiB /  46068MiB |     95%      Default |"
    const std::size_t slash = line.find("MiB /");
    if (!startsWith(line, "|") || slash == std::string_view::npos)
        return false;
    std::string_view total = trim(line.substr(slash + 5));
    const auto mib = leadingInteger(total);
    if (!mib || !startsWith(total.substr(total.find_first_not_of("0123456789")), "MiB"))
        return false;
    MeasuredDevice &d = run.device(deviceId(gpuOfRow));
    if (!d.totalBytes)
        d.totalBytes = *mib * MiB;
    return true;
}

} // namespace memplan
