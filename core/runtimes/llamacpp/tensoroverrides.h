#pragma once
// llama.cpp's tensor placement flags, as users type them:
//   override_tensor  -ot / --override-tensor "pattern=buffer[,pattern=buffer…]", the flag
//                    given several times or an array of entries. Each tensor goes to the
//                    buffer of the first entry whose pattern (std::regex, searched anywhere in
//                    the tensor's name) matches it (src/llama-model-loader.cpp). The buffer is
//                    CPU or a device's own: CUDA0, ROCm1, Vulkan0, SYCL0, Metal …
//   tensor_split     -ts / --tensor-split "3,1": each GPU's share of the offloaded layers.
// The planner places the routed experts' three matrices (blk.N.ffn_{gate,up,down}_exps) by
// them, which is what people override; a pattern that also moves other tensors is named in a
// warning, and those tensors stay with their layer.

#include "model/modelarch.h"
#include "notice.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace memplan::llamacpp {

/// The entries of runtime.override_tensor (a string, split at commas as llama.cpp does, or an
/// array of them); throws InputError naming `key` for a malformed entry, an unknown buffer or a
/// pattern with repetition the planner cannot search in bounded time.
std::vector<std::string> parseOverrideTensor(const nlohmann::json &v, const std::string &key);

/// runtime.tensor_split: one non-negative share per GPU, as a list or llama.cpp's "3,1".
std::vector<double> parseTensorSplit(const nlohmann::json &v, const std::string &key);

/// Where each routed-expert matrix goes, three per layer in the order gate, up, down
/// (index 3 × layer + matrix): kExpertsWithLayer when no entry matches it, kExpertsOnHost, or
/// a GPU index. Entries naming a GPU past `gpus`, or moving tensors other than the experts,
/// add a warning; a pattern std::regex cannot read throws InputError (runtime.override_tensor).
std::vector<std::int16_t> resolveExpertOverrides(const std::vector<std::string> &entries, const ModelArchitecture &a,
                                                 std::uint32_t gpus, std::vector<Notice> &warnings);

} // namespace memplan::llamacpp
