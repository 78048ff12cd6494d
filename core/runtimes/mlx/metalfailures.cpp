// Apple's Metal driver refusing a command buffer for lack of memory, as MLX and ggml's Metal
// backend both surface it: "Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)".
#include "logs/failurereading.h"
#include "runtimes/startupfailures.h"

namespace memplan::runtimes {

using namespace logtext;
using failures::failureOf;
using failures::gpuAfter;
using failures::sizeAfter;

bool readMetalOutOfMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (!contains(line, "Insufficient Memory") || !contains(line, "OutOfMemory"))
        return false;
    // MLX throws "[METAL] Command buffer execution failed: ..."; ggml's Metal backend prints "error: ...".
    const std::string_view runtime = contains(line, "[METAL]") ? "mlx-lm" : "llama.cpp";
    StartupFailure &f = failureOf(run, "metal_out_of_memory", runtime, line, lineNo);
    f.gpu = 0;
    f.device = "Metal";
    return true;
}

} // namespace memplan::runtimes
