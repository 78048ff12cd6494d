// libFuzzer target: any text as a memplan.scenario/1 file. Parsing must end in a
// scenario or an InputError; a parsed scenario must survive the documented round
// trip scenarioFromJson(scenarioToJson(s)) == s, and resolving and estimating it
// against the shipped presets may only refuse it (InputError, OverflowError).
#include "error.h"
#include "estimator.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {
const memplan::PresetCatalog *g_catalog = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    static memplan::PresetCatalog catalog;
    catalog.addDirectory(MEMPLAN_SOURCE_DIR "/presets");
    g_catalog = &catalog;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    memplan::Scenario s;
    try {
        s = memplan::scenarioFromText(text, "(stdin)");
    } catch (const memplan::InputError &) {
        return 0;
    }
    const memplan::Scenario back = memplan::scenarioFromJson(memplan::scenarioToJson(s));
    if (!(back == s))
        std::abort(); // the file format's round trip is a contract (docs/scenario-format.md)
    if (!s.model.file.empty() || s.model.hub)
        return 0; // the fuzzer touches neither the file system nor the network (model.hub)
    try {
        const memplan::ResolvedScenario r = memplan::resolveScenario(s, *g_catalog);
        memplan::estimate(r);
    } catch (const memplan::InputError &) {
    } catch (const memplan::OverflowError &) {
    }
    return 0;
}
