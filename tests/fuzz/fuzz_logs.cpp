// libFuzzer target: any bytes as a runtime log, through every parser of core/logs
// and the JSON writer (which must accept whatever text the parsers kept).
#include "logs/logparser.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const memplan::MeasuredRun run =
        memplan::parseRuntimeLog(std::string_view(reinterpret_cast<const char *>(data), size));
    // Names copied from the log need not be UTF-8: the writer replaces what is not.
    (void)memplan::measuredRunToJson(run).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
