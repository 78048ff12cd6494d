// PyTorch's caching allocator refusing an allocation, as vLLM, SGLang and Transformers print it:
// "CUDA out of memory. Tried to allocate X. GPU N has a total capacity of Y of which Z is free"
// (PyTorch 2.1 and later) and the older "(GPU N; Y total capacity; A already allocated; Z free; ...)";
// also CUDA's own "CUDA error: out of memory", which prints no sizes.
#include "logs/failurereading.h"
#include "runtimes/startupfailures.h"

namespace memplan::runtimes {

using namespace logtext;
using failures::failureOf;
using failures::gpuAfter;
using failures::sizeAfter;

bool readTorchOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // Both messages say "out of memory"; one search rules out the many lines that only say "memory".
    if (!contains(line, "out of memory"))
        return false;
    const auto tried = after(line, " out of memory. Tried to allocate ");
    if (!tried) {
        // "RuntimeError: CUDA error: out of memory" (CUDA graph capture, a kernel launch): no sizes.
        if (!contains(line, "CUDA error: out of memory"))
            return false;
        failureOf(run, "cuda_out_of_memory", "pytorch", line, lineNo);
        return true;
    }
    StartupFailure &f = failureOf(run, "cuda_out_of_memory", "pytorch", line, lineNo);
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
        // "Including non-PyTorch memory, this process has 20.57 GiB memory in use."
        if (const auto s = sizeAfter(*tried, "this process has "))
            f.ownUse = s->bytes;
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
            else if (s && endsWith(" already allocated"))
                f.ownUse = s->bytes;
            start = end;
        }
    }
    f.device = f.gpu >= 0 ? "gpu" + std::to_string(f.gpu) : std::string();
    return true;
}

} // namespace memplan::runtimes
