// libFuzzer target: any byte string as a whole GGUF file. Malformed input must end
// in InputError; anything else (a crash, a sanitizer report, another exception) is a bug.
#include "error.h"
#include "import/gguf.h"
#include "model/modelconfig.h"

#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    try {
        const memplan::GgufHeader h = memplan::parseGgufHeader(std::span(data, size), size, "fuzz.gguf");
        std::vector<std::string> warnings;
        const nlohmann::json config = memplan::ggufToHfConfig(h, &warnings);
        memplan::architectureFromConfig(config, &warnings);
    } catch (const memplan::InputError &) {
    }
    return 0;
}
