#include "kvrefusal.h"

namespace memplan::runtimes {

Notice kvCacheRefusal(const ResolvedScenario &r, std::string_view dtype, std::string accepted)
{
    const std::string &own = r.settings.kvFormatSetting;
    return makeNotice("refuse.kv_cache_dtype",
                      {textArg("runtime", r.runtime.name), textArg("dtype", std::string(dtype)),
                       textArg("setting", own.empty() ? std::string("kv_cache.dtype") : "runtime." + own),
                       textArg("accepted", std::move(accepted))});
}

} // namespace memplan::runtimes
