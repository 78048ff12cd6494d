// libFuzzer target: any text as config.json, through to the parameter count.
#include "bytes.h"
#include "error.h"
#include "import/hfconfig.h"
#include "model/modelarch.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    try {
        const memplan::HfConfig c =
            memplan::parseHfConfig(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz.json");
        memplan::countParameters(c.architecture);
    } catch (const memplan::InputError &) {
    } catch (const memplan::OverflowError &) {
        // A parameter count past 2^64 is reported, not wrapped: the expected outcome.
    }
    return 0;
}
