#pragma once
// The training-specific figures of an estimate (`training` in memplan.estimate/1,
// present only for training scenarios): what trains, how the ranks split it.

#include "../bytes.h"

#include <cstdint>
#include <string>

namespace memplan {

struct TrainingSummary {
    bool active = false;
    std::string method;    ///< "full", "lora", "qlora", "freeze"
    std::string optimizer; ///< "adamw", ...
    std::string sharding;  ///< "ddp", "zero3", "fsdp_full_shard", ...
    std::uint64_t trainableParameters = 0;
    std::uint64_t frozenParameters = 0;
    std::uint32_t dataParallel = 1;
    std::uint32_t tensorParallel = 1;
    std::uint32_t shardDegree = 1; ///< ranks one copy of the sharded states is spread over
    std::uint64_t microBatch = 0;
    std::uint64_t sequenceLength = 0;
    /// Tokens per sequence the activations are sized for: sequence_length, or, for padded
    /// batches with `longest_sample`, the longest sample (what the peak step holds).
    std::uint64_t peakSequenceTokens = 0;
    std::uint64_t tokensPerStep = 0;  ///< micro-batch x sequence x accumulation x data-parallel ranks
    Bytes modelStateBytesPerRank = 0; ///< weights + gradients + master weights + optimizer states on one GPU
    Bytes modelStateBytesTotal = 0;   ///< the same summed over the whole model, unsharded
    Bytes activationBytesPerRank = 0; ///< saved activations + logits on one GPU
    // What frameworks print, per GPU (GPU 0 with its display share), from the same items:
    Bytes allocatedBytesPerGpu = 0; ///< torch.cuda.max_memory_allocated: tensors only
    Bytes activeBytesPerGpu = 0;    ///< max active bytes: allocated blocks (512-byte rounding is below a byte per MB)
    Bytes reservedBytesPerGpu = 0;  ///< torch.cuda.max_memory_reserved: + the caching allocator's slack
    Bytes deviceBytesPerGpu = 0;    ///< nvidia-smi: + CUDA context, NCCL buffers, display; what the bar shows
    bool operator==(const TrainingSummary &) const = default;
};

} // namespace memplan
