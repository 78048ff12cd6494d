// llama.cpp (and Ollama's runner) failing to allocate a buffer: "allocating X MiB on device N:
// cudaMalloc failed: out of memory", "failed to allocate CUDA0 buffer of size B", "failed to
// allocate compute buffers", "failed to initialize the context", "unable to allocate CUDA0 buffer".
// The exact byte count and the guest come on the lines after the cudaMalloc line.
#include "logs/failurereading.h"
#include "runtimes/startupfailures.h"

namespace memplan::runtimes {

using namespace logtext;
using failures::failureOf;
using failures::gpuAfter;
using failures::sizeAfter;

namespace {

/// The guest a llama.cpp function allocates for.
std::optional<Guest> llamaGuest(std::string_view line)
{
    if (contains(line, "compute buffer") || contains(line, "gallocr") || contains(line, "graph_reserve"))
        return Guest::Activation;
    if (contains(line, "kv cache") || contains(line, "KV cache") || contains(line, "kv_cache_init"))
        return Guest::KvCache;
    if (contains(line, "alloc_tensor_range") || contains(line, "llama_model_load") || contains(line, "load_tensors"))
        return Guest::Weights;
    return std::nullopt;
}

} // namespace

bool readLlamaCppAllocation(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (const auto v = after(line, "allocating "); v && contains(line, "failed: out of memory")) {
        StartupFailure &f = failureOf(run, "device_allocation_failed", "llama.cpp", line, lineNo);
        if (!f.wanted)
            if (const auto s = leadingSize(*v, false))
                f.wanted = s->bytes, f.precision = s->precision;
        if (f.gpu < 0)
            f.gpu = gpuAfter(*v, " on device ");
        return true;
    }
    if (const auto v = after(line, "failed to allocate "); v && contains(*v, " buffer of size ")) {
        StartupFailure &f = failureOf(run, "device_allocation_failed", "llama.cpp", line, lineNo);
        const std::string_view dev = v->substr(0, std::min<std::size_t>(v->find(' '), 40));
        f.device = std::string(dev);
        f.gpu = gpuIndexOfDevice(dev);
        if (const auto n = leadingInteger(*after(*v, " buffer of size ")); n && *n > 0)
            f.wanted = *n, f.precision = 0; // the exact byte count
        if (!f.guest)
            f.guest = llamaGuest(line);
        return true;
    }
    const bool compute = contains(line, "failed to allocate compute");
    const bool context =
        contains(line, "failed to initialize the context") || contains(line, "failed to create context");
    const bool weights = contains(line, "unable to allocate") && contains(line, "buffer");
    if (!compute && !context && !weights)
        return false;
    StartupFailure &f =
        failureOf(run, context ? "context_failed" : "device_allocation_failed", "llama.cpp", line, lineNo);
    // "unable to allocate CUDA0 buffer": the device, when an earlier line named only its index.
    if (const auto v = after(line, "unable to allocate "); weights && v && f.device.empty()) {
        const std::string_view dev = v->substr(0, std::min<std::size_t>(v->find(' '), 40));
        if (const int gpu = gpuIndexOfDevice(dev); gpu >= 0 && (f.gpu < 0 || f.gpu == gpu)) {
            f.device = std::string(dev);
            f.gpu = gpu;
        }
    }
    if (!f.guest)
        f.guest = compute ? std::optional(Guest::Activation) : weights ? std::optional(Guest::Weights) : std::nullopt;
    return true;
}

} // namespace memplan::runtimes
