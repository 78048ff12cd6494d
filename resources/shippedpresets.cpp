#include "shippedpresets.h"

#include "logs/calibration.h"
#include "presetdata.h"

#include <cstdlib>
#include <filesystem>

namespace memplan::presetdata {

namespace {

std::optional<PresetKind> kindOfFolder(std::string_view folder)
{
    if (folder == "models")
        return PresetKind::Model;
    if (folder == "hardware")
        return PresetKind::Hardware;
    if (folder == "runtimes")
        return PresetKind::Runtime;
    if (folder == "lessons")
        return PresetKind::Lesson;
    return std::nullopt;
}

} // namespace

void addShippedPresets(PresetCatalog &catalog)
{
    for (const EmbeddedPreset &p : shippedPresets()) {
        if (const auto kind = kindOfFolder(p.folder))
            catalog.addLazyText(*kind, std::string(p.id), p.text, std::string(p.path));
        else // a file outside the four folders is parsed now, so its problem is reported
            catalog.addText(std::string(p.text), std::string(p.path));
    }
}

PresetCatalog loadPresets(const std::string &userDirectory, const std::vector<std::string> &extraDirectories)
{
    PresetCatalog catalog;
    addShippedPresets(catalog);
    std::error_code ec;
    const bool user = !userDirectory.empty() && std::filesystem::is_directory(userDirectory, ec);
    if (user)
        catalog.addDirectory(userDirectory, true);
    for (const std::string &dir : extraDirectories)
        catalog.addDirectory(dir, true);
    // Overheads measured on this machine (reconcile --keep-overheads) replace the profile's.
    if (user)
        applyCalibrations(catalog, userDirectory);
    for (const std::string &dir : extraDirectories)
        applyCalibrations(catalog, dir);
    return catalog;
}

std::string userPresetDirectoryFromEnvironment()
{
    const char *xdg = std::getenv("XDG_DATA_HOME");
    std::string base;
    if (xdg && xdg[0]) // as Qt 6.4 takes it, a relative value included
        base = xdg;
    else if (const char *home = std::getenv("HOME"); home && home[0])
        base = std::string(home) + "/.local/share";
    else
        return {};
    return base + "/memplan/memplan/presets";
}

} // namespace memplan::presetdata
