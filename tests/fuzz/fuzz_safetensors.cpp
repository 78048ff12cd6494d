// libFuzzer target: any byte string as a safetensors file and as an index file.
#include "error.h"
#include "import/safetensors.h"

#include <cstdint>
#include <span>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    try {
        memplan::parseSafetensorsHeader(std::span(data, size), size, "fuzz.safetensors");
    } catch (const memplan::InputError &) {
    }
    try {
        memplan::parseSafetensorsIndex(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz.index.json");
    } catch (const memplan::InputError &) {
    }
    return 0;
}
