#pragma once
// Stable ids of the estimate's items: what the UI translates and a compare view
// matches across two estimates, whatever the English label says. Adding an item
// adds its id here (tests check every id has English and Korean text).

#include <array>

namespace memplan::itemid {

inline constexpr const char *kWeightsLayers = "weights.layers";
inline constexpr const char *kWeightsExperts = "weights.experts";
inline constexpr const char *kWeightsEmbedding = "weights.embedding";
inline constexpr const char *kWeightsOutputHead = "weights.output_head";
inline constexpr const char *kKvFull = "kv.full";
inline constexpr const char *kKvWindow = "kv.window";
inline constexpr const char *kKvPool = "kv.pool";
inline constexpr const char *kKvRecurrent = "kv.recurrent";
inline constexpr const char *kKvCross = "kv.cross";
inline constexpr const char *kWeightsVision = "weights.vision";
inline constexpr const char *kWeightsRepacked = "weights.repacked";
inline constexpr const char *kWeightsRopeTables = "weights.rope_tables";
inline constexpr const char *kWorkspacePromptCache = "ws.prompt_cache";
inline constexpr const char *kWorkspaceCheckpoints = "ws.ctx_checkpoints";
inline constexpr const char *kActGeneric = "act.generic";
inline constexpr const char *kActProfileForward = "act.profile.forward";
inline constexpr const char *kActProfileSampler = "act.profile.sampler";
inline constexpr const char *kActGgmlCopies = "act.ggml.copies";
inline constexpr const char *kActGgmlPeak = "act.ggml.peak";
inline constexpr const char *kActGgmlHostInputs = "act.ggml.host_inputs";
inline constexpr const char *kActLogitsBuffer = "act.logits_buffer";
inline constexpr const char *kActVisionGraph = "act.vision_graph";
inline constexpr const char *kWorkspaceDevice = "ws.device";
inline constexpr const char *kWorkspaceCpu = "ws.cpu";
inline constexpr const char *kSlackDevice = "slack.device";
inline constexpr const char *kSlackHost = "slack.host";
inline constexpr const char *kSystemDisplay = "sys.display";
inline constexpr const char *kSystemOs = "sys.os";

inline constexpr std::array kAll = {kWeightsLayers,
                                    kWeightsExperts,
                                    kWeightsEmbedding,
                                    kWeightsOutputHead,
                                    kKvFull,
                                    kKvWindow,
                                    kKvPool,
                                    kActGeneric,
                                    kActProfileForward,
                                    kActProfileSampler,
                                    kActGgmlCopies,
                                    kActGgmlPeak,
                                    kActGgmlHostInputs,
                                    kActLogitsBuffer,
                                    kWorkspaceDevice,
                                    kWorkspaceCpu,
                                    kSlackDevice,
                                    kSlackHost,
                                    kSystemDisplay,
                                    kSystemOs,
                                    kKvRecurrent,
                                    kWeightsVision,
                                    kWeightsRepacked,
                                    kWorkspacePromptCache,
                                    kWorkspaceCheckpoints,
                                    kKvCross,
                                    kWeightsRopeTables,
                                    kActVisionGraph};

} // namespace memplan::itemid
