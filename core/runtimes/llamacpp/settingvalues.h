#pragma once
// llama.cpp's own spellings of three settings (common/arg.cpp), so a scenario can
// use the values people type:
//   flash_attn   on | off | auto (true / false too). auto is the default since
//                llama.cpp turned flash attention on where the backend supports it;
//                the CPU, CUDA, Metal and Vulkan backends all do for the usual head
//                sizes, so auto resolves to on for them;
//   n_gpu_layers a count, auto (-1: fit as many as the device holds), all (-2 or any
//                count at or above the layer count, e.g. 999);
//   ctx_size     0 means the model's trained context.

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>

namespace memplan::llamacpp {

enum class FlashAttn { Off, On, Auto };

/// Throws InputError naming `key` for any other value.
FlashAttn parseFlashAttn(const nlohmann::json &v, const std::string &key);
/// auto resolves to on for the backends the planner models (CPU, CUDA, ROCm, Metal, Vulkan).
bool resolveFlashAttn(FlashAttn mode);

struct GpuLayers {
    enum class Kind { Count, Auto, All } kind = Kind::Auto;
    std::uint32_t count = 0;
};
GpuLayers parseGpuLayers(const nlohmann::json &v, const std::string &key);
/// Layers to offload out of `layers`; auto means "as many as fit", which the caller solves.
std::uint32_t gpuLayersFor(const GpuLayers &g, std::uint32_t layers, std::uint32_t fitted);
/// The -ngl that puts `repeating` of `layers` decoder layers on the GPUs, with the output layer:
/// since PR #18148 (`outputFirst`) it is offloaded first, so -ngl k + 1 holds k repeating layers;
/// before, it went only with every repeating layer (-ngl layers + 1).
int ngLayersFor(std::uint32_t repeating, std::uint32_t layers, bool outputFirst);

/// ctx_size 0 resolves to the trained context.
std::uint64_t resolveContextSize(std::uint64_t ctxSize, std::uint64_t trainedContext);

} // namespace memplan::llamacpp
