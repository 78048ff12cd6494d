#include "runtimesettings.h"

#include <array>
#include <string_view>

namespace memplan {

namespace {
constexpr std::array kLlamaCppKeys = {"ctx_size",     "batch_size", "ubatch_size", "parallel", "flash_attn",
                                      "cache_type_k", "cache_type_v", "n_gpu_layers", "n_cpu_moe", "kv_unified",
                                      "mmap",         "swa_full",   "program",     "n_outputs_max", "cpu_features",
                                      "cache_ram",    "ctx_checkpoints", "graph_rules"};
constexpr std::array kVllmKeys = {"gpu_memory_utilization", "max_model_len", "max_num_seqs", "max_num_batched_tokens",
                                  "block_size",             "kv_cache_dtype", "tensor_parallel_size", "enforce_eager",
                                  "memory_profiler_estimate_cudagraphs", "use_flashinfer_sampler",
                                  "mxfp4_backend"};
constexpr std::array kSglangKeys = {"mem_fraction_static", "context_length", "max_running_requests",
                                    "chunked_prefill_size", "kv_cache_dtype", "tp_size", "page_size"};
constexpr std::array kTransformersKeys = {"cache_implementation", "low_cpu_mem_usage", "use_safetensors"};
constexpr std::array kMlxKeys = {"wired_limit_mb", "max_kv_size"};

template <std::size_t N>
bool contains(const std::array<const char *, N> &keys, const std::string &key)
{
    for (const char *k : keys)
        if (key == k)
            return true;
    return false;
}
} // namespace

bool isRuntimeSettingKey(const std::string &engine, const std::string &key)
{
    if (engine == "llama.cpp" || engine == "ollama")
        return contains(kLlamaCppKeys, key);
    if (engine == "vllm")
        return contains(kVllmKeys, key);
    if (engine == "sglang")
        return contains(kSglangKeys, key);
    if (engine == "transformers")
        return contains(kTransformersKeys, key);
    if (engine == "mlx")
        return contains(kMlxKeys, key);
    return false;
}

} // namespace memplan
