// vLLM's start-up refusals: the KV cache it was asked for does not fit what profiling left
// ("... 24.0 GiB KV cache is needed, which is larger than the available KV cache memory (3.18 GiB).
// Based on the available memory, the estimated maximum model length is 34736."), or no memory at
// all is left for cache blocks ("No available memory for the cache blocks", "# GPU blocks: 0", a
// negative KV cache budget); V0 said it in tokens ("max seq len (N) is larger than the maximum number
// of tokens that can be stored in KV cache (M)").
#include "logs/failurereading.h"
#include "runtimes/startupfailures.h"

namespace memplan::runtimes {

using namespace logtext;
using failures::failureOf;
using failures::gpuAfter;
using failures::sizeAfter;

bool readVllmKvTooSmall(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // Both messages name "KV cache"; one search rules out every other line the filter lets through.
    if (!contains(line, "KV cache"))
        return false;
    // V0 counted tokens, not bytes: "The model's max seq len (4096) is larger than the maximum number
    // of tokens that can be stored in KV cache (3584)."
    if (const auto v = after(line, "is larger than the maximum number of tokens that can be stored in KV cache (")) {
        StartupFailure &f = failureOf(run, "kv_cache_too_small", "vllm", line, lineNo);
        f.gpu = 0;
        f.guest = Guest::KvCache;
        if (const auto len = after(line, "max seq len ("))
            f.maxModelLen = leadingInteger(*len).value_or(0);
        f.suggestedMaxModelLen = leadingInteger(*v).value_or(0);
        return true;
    }
    const std::size_t at = line.find(" KV cache is needed, which is larger than the available KV cache memory (");
    if (at == std::string_view::npos)
        return false;
    StartupFailure &f = failureOf(run, "kv_cache_too_small", "vllm", line, lineNo);
    f.gpu = 0;
    f.guest = Guest::KvCache;
    // "..., (24.0 GiB KV cache is needed": the size starts after the last '(' before the phrase.
    const std::size_t open = line.substr(0, at).rfind('(');
    if (open != std::string_view::npos && at - open < 32)
        if (const auto s = leadingSize(line.substr(open + 1), false))
            f.wanted = s->bytes, f.precision = s->precision;
    if (const auto s = sizeAfter(line, "larger than the available KV cache memory ("))
        f.free = s->bytes;
    if (const auto v = after(line, "max seq len ("))
        f.maxModelLen = leadingInteger(*v).value_or(0);
    if (const auto v = after(line, "estimated maximum model length is "))
        f.suggestedMaxModelLen = leadingInteger(*v).value_or(0);
    return true;
}

bool readVllmNoCacheBlocks(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // V1 prints the budget before it refuses; a negative one is the same refusal ("Available KV cache
    // memory: -2.14 GiB", then "EngineCore failed to start").
    const bool noMemory = (contains(line, "No available memory for the cache blocks") && !contains(line, "raise ")) ||
                          contains(line, "Available KV cache memory: -");
    bool zeroBlocks = false;
    if (const auto v = after(line, "# GPU blocks: "))
        zeroBlocks = leadingInteger(*v) == std::uint64_t(0) && !v->empty() && (*v)[0] == '0';
    if (!noMemory && !zeroBlocks)
        return false;
    StartupFailure &f = failureOf(run, "no_kv_cache_memory", "vllm", line, lineNo);
    f.gpu = 0;
    f.guest = Guest::KvCache;
    return true;
}

} // namespace memplan::runtimes
