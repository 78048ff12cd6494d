#include "trainingsummaryjson.h"

#include "files/jsonutil.h"

namespace memplan {

namespace ju = jsonutil;

nlohmann::json trainingSummaryToJson(const TrainingSummary &s)
{
    return {{"method", s.method},
            {"optimizer", s.optimizer},
            {"sharding", s.sharding},
            {"trainable_parameters", s.trainableParameters},
            {"frozen_parameters", s.frozenParameters},
            {"data_parallel", s.dataParallel},
            {"tensor_parallel", s.tensorParallel},
            {"shard_degree", s.shardDegree},
            {"micro_batch", s.microBatch},
            {"sequence_length", s.sequenceLength},
            {"peak_sequence_tokens", s.peakSequenceTokens},
            {"tokens_per_step", s.tokensPerStep},
            {"model_state_bytes_per_rank", s.modelStateBytesPerRank},
            {"model_state_bytes_total", s.modelStateBytesTotal},
            {"activation_bytes_per_rank", s.activationBytesPerRank},
            // The four figures frameworks print, per GPU; the window's bar is the device total.
            {"gpu_memory",
             {{"allocated_bytes", s.allocatedBytesPerGpu},
              {"active_bytes", s.activeBytesPerGpu},
              {"reserved_bytes", s.reservedBytesPerGpu},
              {"device_total_bytes", s.deviceBytesPerGpu},
              {"bar_shows", "device_total_bytes"}}}};
}

TrainingSummary trainingSummaryFromJson(const nlohmann::json &doc)
{
    TrainingSummary s;
    const nlohmann::json *t = ju::optional(doc, "training");
    if (!t)
        return s;
    ju::requireObject(*t, "training");
    const std::uint64_t big = ~0ULL;
    s.active = true;
    s.method = ju::string(*t, "method", "training");
    s.optimizer = ju::string(*t, "optimizer", "training");
    s.sharding = ju::string(*t, "sharding", "training");
    s.trainableParameters = ju::count(*t, "trainable_parameters", "training", 0, big, 0);
    s.frozenParameters = ju::count(*t, "frozen_parameters", "training", 0, big, 0);
    s.dataParallel = static_cast<std::uint32_t>(ju::count(*t, "data_parallel", "training", 1, 1 << 20, 1));
    s.tensorParallel = static_cast<std::uint32_t>(ju::count(*t, "tensor_parallel", "training", 1, 1 << 20, 1));
    s.shardDegree = static_cast<std::uint32_t>(ju::count(*t, "shard_degree", "training", 1, 1 << 20, 1));
    s.microBatch = ju::count(*t, "micro_batch", "training", 0, big, 0);
    s.sequenceLength = ju::count(*t, "sequence_length", "training", 0, big, 0);
    // Absent in estimates written before the twenty-first session: the peak was the sequence.
    s.peakSequenceTokens = ju::count(*t, "peak_sequence_tokens", "training", 0, big, s.sequenceLength);
    s.tokensPerStep = ju::count(*t, "tokens_per_step", "training", 0, big, 0);
    s.modelStateBytesPerRank = ju::count(*t, "model_state_bytes_per_rank", "training", 0, big, 0);
    s.modelStateBytesTotal = ju::count(*t, "model_state_bytes_total", "training", 0, big, 0);
    s.activationBytesPerRank = ju::count(*t, "activation_bytes_per_rank", "training", 0, big, 0);
    if (const nlohmann::json *g = ju::optional(*t, "gpu_memory")) { // absent in estimates written before issue 29
        ju::requireObject(*g, "training.gpu_memory");
        s.allocatedBytesPerGpu = ju::count(*g, "allocated_bytes", "training.gpu_memory", 0, big, 0);
        s.activeBytesPerGpu = ju::count(*g, "active_bytes", "training.gpu_memory", 0, big, 0);
        s.reservedBytesPerGpu = ju::count(*g, "reserved_bytes", "training.gpu_memory", 0, big, 0);
        s.deviceBytesPerGpu = ju::count(*g, "device_total_bytes", "training.gpu_memory", 0, big, 0);
    }
    return s;
}

} // namespace memplan
