// libFuzzer target: any bytes as a *.calibration file (issue 35), which every start reads from
// the user's presets folder and from any --presets folder. parseJsonText() and
// calibrationFromJson() must accept it or throw InputError; an accepted calibration must come
// back unchanged from calibrationToJson() (what --keep-overheads writes) and lay over a runtime
// profile without throwing. A crash, a sanitizer report or another exception is a finding.
#include "error.h"
#include "logs/calibration.h"
#include "scenario/catalog.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    memplan::Calibration c;
    try {
        c = memplan::calibrationFromJson(memplan::parseJsonText(text, "fuzz.calibration"));
    } catch (const memplan::InputError &) {
        return 0;
    }
    const memplan::Calibration back = memplan::calibrationFromJson(memplan::calibrationToJson(c));
    if (back.runtime != c.runtime || back.machine != c.machine || back.logFile != c.logFile ||
        back.logText != c.logText || back.workspacePerDevice != c.workspacePerDevice ||
        back.cudaGraphBytes != c.cudaGraphBytes || back.displayReservedBytes != c.displayReservedBytes)
        std::abort();
    memplan::RuntimeProfile profile;
    profile.id = c.runtime;
    const memplan::RuntimeProfile calibrated = memplan::applyCalibration(profile, c);
    if (calibrated.calibratedFrom.empty())
        std::abort();
    return 0;
}
