// libFuzzer target: any text as a preset file (model, hardware, runtime or lesson).
// PresetCatalog::addText must never throw: a broken file becomes one problem entry.
// A model or hardware preset it accepts must come back unchanged from the JSON
// "Save as preset" writes (modelPresetToJson / hardwarePresetToJson).
#include "error.h"
#include "scenario/catalog.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    memplan::PresetCatalog catalog;
    const bool added = catalog.addText(text, "fuzz.json", true);
    if (added != catalog.problems().empty())
        std::abort();
    for (const memplan::ModelPreset &m : catalog.models()) {
        const memplan::ModelPreset back = memplan::parseModelPreset(memplan::modelPresetToJson(m));
        if (!(back.arch == m.arch) || back.id != m.id || back.maxContext != m.maxContext)
            std::abort();
    }
    for (const memplan::HardwarePreset &h : catalog.hardware()) {
        const memplan::HardwarePreset back = memplan::parseHardwarePreset(memplan::hardwarePresetToJson(h));
        if (back.spec.capacityBytes != h.spec.capacityBytes || back.spec.kind != h.spec.kind)
            std::abort();
    }
    return 0;
}
