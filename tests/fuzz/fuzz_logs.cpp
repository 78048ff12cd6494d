// libFuzzer target: any bytes as a runtime log, through the unwrapping layer, every parser
// of core/logs and the JSON writer (which must accept whatever text the parsers kept).
// The first byte picks a wrapper the rest is wrapped in line by line (issue 27), so the
// scanners and the learned prefix shapes see wrapped text as often as raw.
#include "logs/logparser.h"
#include "logs/unwrap.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace {

std::string wrap(std::string_view text, unsigned mode)
{
    static constexpr std::string_view kPrefixes[] = {
        "llama-server-1  | ",
        "0.01.072.940 I ",
        "Dec 04 10:00:00 gpu-07 ollama[1234]: ",
        "2026-12-04T10:00:00.123456789Z ",
        "(VllmWorker rank=0 pid=4242) INFO 12-04 10:33:22 [gpu_model_runner.py:1234] \x1b[32m",
        "[1,0]<stdout>:",
        "[2026-12-04 10:00:00 TP0] ",
        "> | ",
        "node-07 {12:00:01.123} >> ",
    };
    const std::string_view prefix = kPrefixes[mode % std::size(kPrefixes)];
    std::string out;
    out.reserve(text.size() + text.size() / 4 + prefix.size());
    std::size_t pos = 0;
    while (pos <= text.size() && out.size() < 4 * text.size() + 1024) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        out += prefix;
        out += text.substr(pos, end - pos);
        out += "\r\n";
        pos = end + 1;
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view raw(reinterpret_cast<const char *>(data), size);
    const unsigned mode = size > 0 ? data[0] : 0;
    const std::string wrapped = mode < 128 ? std::string(raw) : wrap(raw.substr(1), mode);
    for (const memplan::MeasuredRun &run : memplan::parseRuntimeLogRuns(wrapped))
        // Names copied from the log need not be UTF-8: the writer replaces what is not.
        (void)memplan::measuredRunToJson(run).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
