#include "settingsupport.h"

#include "error.h"
#include "files/jsonutil.h"

namespace memplan::runtimes {

std::uint64_t settingCount(const nlohmann::json &s, const char *key, std::uint64_t min, std::uint64_t max,
                           std::uint64_t fallback)
{
    return jsonutil::count(s, key, "runtime", min, max, fallback);
}

const QuantFormat &requireKvFormat(const std::string &id, const std::string &key)
{
    const QuantFormat *f = findQuantFormat(id);
    if (!f)
        throw InputError(key, "'" + id + "' is not a known format (see `memplan-cli formats`)");
    if (!f->kvCapable)
        throw InputError(key, "'" + id +
                                  "' is not a KV cache type (use f32, f16, bf16, fp8, q8_0, q5_1, q5_0, "
                                  "q4_1, q4_0 or iq4_nl)");
    return *f;
}

} // namespace memplan::runtimes
