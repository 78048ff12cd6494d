#pragma once
// "Keep these overheads for this machine": the workspace and system figures a
// log measured for one runtime, saved in the user presets folder (with the log
// they came from) and laid over that runtime's profile in later estimates,
// which then name the calibration. Allocator slack is never printed by a
// runtime, so a calibration leaves it as the profile states.
//
// Stored as `<user presets>/calibrations/<runtime>.calibration` (JSON,
// `memplan.calibration/1`); the extension keeps the preset loader, which reads
// *.json, from mistaking it for a preset.

#include "bytes.h"
#include "logs/reconcile.h"
#include "scenario/catalog.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace memplan {

inline constexpr const char *kCalibrationSchema = "memplan.calibration/1";

struct Calibration {
    std::string runtime;                       ///< runtime profile id it applies to
    std::string machine;                       ///< the device the log ran on ("NVIDIA H100 80GB HBM3")
    std::string logFile;                       ///< where the log came from
    std::string logText;                       ///< the log itself (capped), so the figures can be checked later
    std::optional<Bytes> workspacePerDevice;   ///< vLLM non-torch memory; llama.cpp's unaccounted device memory
    std::optional<Bytes> cudaGraphBytes;       ///< captured CUDA graphs
    std::optional<Bytes> displayReservedBytes; ///< device memory others held before the runtime started
    std::vector<std::string> notes;            ///< how each figure was taken

    bool empty() const { return !workspacePerDevice && !cudaGraphBytes && !displayReservedBytes; }
};

/// The overheads a reconciled log measured. Empty when the log prints none of them.
Calibration calibrationFromRun(const Reconciliation &r, const std::string &logFile, const std::string &logText);

nlohmann::json calibrationToJson(const Calibration &c);
/// Throws InputError naming the key when the document is not a calibration.
Calibration calibrationFromJson(const nlohmann::json &doc);

/// The profile with the calibration's figures in place (ranges of replaced figures collapse to
/// the measured value) and calibratedFrom set.
RuntimeProfile applyCalibration(RuntimeProfile profile, const Calibration &c);

/// Writes the calibration next to the user's presets with writeFileAtomically() (a link is never
/// followed; a failure leaves the old calibration). Returns the path written; throws WriteError
/// naming the file and the system's reason when it cannot be written.
std::string saveCalibration(const Calibration &c, const std::string &userPresetDirectory);

/// Reads every *.calibration file of `<userPresetDirectory>/calibrations` into the catalog's
/// runtime profiles (calibrationFile names the file). Files are read as scenario files are
/// (regular files only, at most kMaxCalibrationFileBytes); one that is skipped — not a regular
/// file, too large, broken, for an unknown runtime, or a second one for the same runtime — is
/// added to catalog.problems() and returned as a message, never thrown.
std::vector<std::string> applyCalibrations(PresetCatalog &catalog, const std::string &userPresetDirectory);

/// The catalog's problems that are skipped calibration files, as messages (the CLI warns of each).
std::vector<std::string> calibrationNotices(const PresetCatalog &catalog);

inline constexpr std::size_t kCalibrationLogCap = 1024 * 1024;
/// A calibration holds at most kCalibrationLogCap of log, which JSON escaping can grow; the
/// rest is a few hundred bytes.
inline constexpr std::uint64_t kMaxCalibrationFileBytes = 8ULL << 20;
/// The runtime id and the machine name a calibration names.
inline constexpr std::size_t kCalibrationNameLimit = 256;

} // namespace memplan
