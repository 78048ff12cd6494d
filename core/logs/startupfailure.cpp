// The messages a runtime prints when it cannot start for lack of memory, read into
// MeasuredRun::failure with the figures they give (wanted, free, total):
//   vLLM       "... (24.0 GiB KV cache is needed, which is larger than the available KV cache
//              memory (3.18 GiB). Based on the available memory, the estimated maximum model
//              length is 34736." / "No available memory for the cache blocks" / "# GPU blocks: 0"
//   PyTorch    "CUDA out of memory. Tried to allocate X. GPU N has a total capacity of Y of which
//              Z is free" and its older "(GPU N; Y total capacity; A already allocated; Z free; ...)"
//   llama.cpp  "allocating X MiB on device N: cudaMalloc failed: out of memory",
//              "failed to allocate CUDA0 buffer of size B", "failed to allocate compute buffers",
//              "failed to initialize the context", "unable to allocate CUDA0 buffer"
//   Ollama     "model requires more system memory (X) than is available (Y)"
//   Metal      "Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)"
// A run keeps the first failure; later lines of the same failure add what they know (llama.cpp
// prints the exact byte count and the guest on the lines after the cudaMalloc line).
#include "logs/logparser.h"
#include "logs/logtext.h"

namespace memplan {

namespace {

using namespace logtext;

/// The failure to fill: the run's, or a new one of `kind` starting at this line.
StartupFailure &failureOf(MeasuredRun &run, const char *kind, std::string_view line, std::size_t lineNo)
{
    if (!run.failure) {
        run.failure = StartupFailure{};
        run.failure->kind = kind;
        run.failure->line = lineNo;
        run.failure->message = std::string(line.substr(0, 300));
    }
    return *run.failure;
}

std::optional<Size> sizeAfter(std::string_view line, std::string_view key)
{
    const auto v = after(line, key);
    return v ? leadingSize(*v, false) : std::nullopt;
}

int gpuAfter(std::string_view line, std::string_view key)
{
    const auto v = after(line, key);
    if (!v)
        return -1;
    const auto n = leadingInteger(*v);
    return n && *n < 4096 ? int(*n) : -1;
}

bool vllmKvTooSmall(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    const std::size_t at = line.find(" KV cache is needed, which is larger than the available KV cache memory (");
    if (at == std::string_view::npos)
        return false;
    StartupFailure &f = failureOf(run, "kv_cache_too_small", line, lineNo);
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

bool vllmNoCacheBlocks(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    const bool noMemory = contains(line, "No available memory for the cache blocks") && !contains(line, "raise ");
    bool zeroBlocks = false;
    if (const auto v = after(line, "# GPU blocks: "))
        zeroBlocks = leadingInteger(*v) == std::uint64_t(0) && !v->empty() && (*v)[0] == '0';
    if (!noMemory && !zeroBlocks)
        return false;
    StartupFailure &f = failureOf(run, "no_kv_cache_memory", line, lineNo);
    f.gpu = 0;
    f.guest = Guest::KvCache;
    return true;
}

bool torchOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    const auto tried = after(line, " out of memory. Tried to allocate ");
    if (!tried)
        return false;
    StartupFailure &f = failureOf(run, "cuda_out_of_memory", line, lineNo);
    if (const auto s = leadingSize(*tried, false))
        f.wanted = s->bytes, f.precision = s->precision;
    if (const int gpu = gpuAfter(*tried, ". GPU "); gpu >= 0) {
        // PyTorch 2.1 and later: "GPU 0 has a total capacity of 23.69 GiB of which 3.09 GiB is free"
        // (2.1 spelled it "capacty").
        f.gpu = gpu;
        for (std::string_view key : {"has a total capacity of ", "has a total capacty of "})
            if (const auto s = sizeAfter(*tried, key))
                f.total = s->bytes;
        if (const auto s = sizeAfter(*tried, " of which "))
            f.free = s->bytes;
    } else if (const int old = gpuAfter(*tried, "(GPU "); old >= 0) {
        // Before 2.1: "(GPU 0; 44.56 GiB total capacity; 27.91 GiB already allocated; 565.31 MiB free; ...)"
        f.gpu = old;
        std::string_view r = tried->substr(0, std::min<std::size_t>(tried->size(), 400));
        r = r.substr(0, r.find(')'));
        for (std::size_t start = r.find(';'); start != std::string_view::npos;) {
            const std::size_t end = r.find(';', start + 1);
            const std::string_view field =
                trim(r.substr(start + 1, end == std::string_view::npos ? std::string_view::npos : end - start - 1));
            auto endsWith = [&](std::string_view tail) {
                return field.size() > tail.size() && field.substr(field.size() - tail.size()) == tail;
            };
            if (const auto s = leadingSize(field, false); s && endsWith(" total capacity"))
                f.total = s->bytes;
            else if (s && endsWith(" free"))
                f.free = s->bytes;
            start = end;
        }
    }
    f.device = f.gpu >= 0 ? "gpu" + std::to_string(f.gpu) : std::string();
    return true;
}

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

bool llamaCppAllocation(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (const auto v = after(line, "allocating "); v && contains(line, "failed: out of memory")) {
        StartupFailure &f = failureOf(run, "device_allocation_failed", line, lineNo);
        if (!f.wanted)
            if (const auto s = leadingSize(*v, false))
                f.wanted = s->bytes, f.precision = s->precision;
        if (f.gpu < 0)
            f.gpu = gpuAfter(*v, " on device ");
        return true;
    }
    if (const auto v = after(line, "failed to allocate "); v && contains(*v, " buffer of size ")) {
        StartupFailure &f = failureOf(run, "device_allocation_failed", line, lineNo);
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
    StartupFailure &f = failureOf(run, context ? "context_failed" : "device_allocation_failed", line, lineNo);
    if (!f.guest)
        f.guest = compute ? std::optional(Guest::Activation) : weights ? std::optional(Guest::Weights) : std::nullopt;
    return true;
}

bool ollamaSystemMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    const auto v = after(line, "model requires more system memory (");
    if (!v)
        return false;
    StartupFailure &f = failureOf(run, "host_memory_insufficient", line, lineNo);
    if (const auto s = leadingSize(*v, false))
        f.wanted = s->bytes, f.precision = s->precision;
    if (const auto s = sizeAfter(*v, "than is available ("))
        f.free = s->bytes;
    f.device = "host";
    return true;
}

bool metalOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (!contains(line, "Insufficient Memory") || !contains(line, "OutOfMemory"))
        return false;
    StartupFailure &f = failureOf(run, "metal_out_of_memory", line, lineNo);
    f.gpu = 0;
    f.device = "Metal";
    return true;
}

} // namespace

bool readStartupFailure(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // Every message names memory, an allocation, a failure or the GPU blocks: other lines cost four
    // searches, each led by a letter that is rare in log text.
    if (!contains(line, "mory") && !contains(line, "lloc") && !contains(line, "GPU blocks") &&
        !contains(line, "failed to"))
        return false;
    return vllmKvTooSmall(line, lineNo, run) || vllmNoCacheBlocks(line, lineNo, run) ||
           torchOutOfMemory(line, lineNo, run) || llamaCppAllocation(line, lineNo, run) ||
           ollamaSystemMemory(line, lineNo, run) || metalOutOfMemory(line, lineNo, run);
}

std::string_view failureRuntime(const StartupFailure &f)
{
    if (f.kind == "kv_cache_too_small" || f.kind == "no_kv_cache_memory")
        return "vllm";
    if (f.kind == "device_allocation_failed" || f.kind == "context_failed")
        return "llama.cpp";
    if (f.kind == "host_memory_insufficient")
        return "ollama";
    if (f.kind == "metal_out_of_memory")
        // MLX throws "[METAL] Command buffer execution failed: ..."; ggml's Metal backend prints "error: ...".
        return contains(f.message, "[METAL]") ? "mlx-lm" : "llama.cpp";
    return "pytorch";
}

} // namespace memplan
