#pragma once
// The refusal of a KV cache type a runtime does not have, shared by every runtime module's
// startup check: it names the type, the setting the scenario stated it with (the runtime's
// own key when given, else kv_cache.dtype) and what the runtime takes instead.

#include "notice.h"
#include "scenario/resolve.h"

#include <string>
#include <string_view>

namespace memplan::runtimes {

/// "refuse.kv_cache_dtype" with runtime, dtype, setting and accepted.
Notice kvCacheRefusal(const ResolvedScenario &r, std::string_view dtype, std::string accepted);

} // namespace memplan::runtimes
