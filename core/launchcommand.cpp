#include "launchcommand.h"

#include "resolve.h"

#include <cstdio>
#include <sstream>

namespace memplan {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string modelFileName(const ResolvedScenario &r)
{
    if (r.model.id == "file")
        return r.model.source;
    std::string base = r.model.id.empty() ? std::string("model") : r.model.id;
    return base + "-" + std::string(r.weightFormat->id) + ".gguf";
}

} // namespace

std::string launchCommand(const ResolvedScenario &r)
{
    const RuntimeSettings &s = r.settings;
    const std::string &engine = r.runtime.engine;
    std::ostringstream o;
    if (engine == "llama.cpp") {
        o << "llama-server -m " << modelFileName(r) << " --ctx-size " << s.ctxSize << " --parallel " << s.parallel
          << " --batch-size " << s.batchSize << " --ubatch-size " << s.ubatchSize << " --n-gpu-layers "
          << (r.hardware.kind == HardwareKind::Cpu ? 0 : s.nGpuLayers) << " --flash-attn " << (s.flashAttn ? "on" : "off")
          << " --cache-type-k " << s.cacheTypeK << " --cache-type-v " << s.cacheTypeV;
        if (s.nCpuMoe)
            o << " --n-cpu-moe " << s.nCpuMoe;
        if (!s.kvUnified)
            o << " --no-kv-unified";
        if (!s.mmap)
            o << " --no-mmap";
        if (s.swaFull)
            o << " --swa-full";
    } else if (engine == "ollama") {
        o << "OLLAMA_CONTEXT_LENGTH=" << r.workload.contextTokens << " OLLAMA_NUM_PARALLEL=" << s.parallel
          << " OLLAMA_FLASH_ATTENTION=" << (s.flashAttn ? 1 : 0) << " OLLAMA_KV_CACHE_TYPE=" << s.cacheTypeK
          << " ollama serve";
    } else if (engine == "vllm") {
        if (!s.profileCudaGraphs)
            o << "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 ";
        if (!s.flashinferSampler)
            o << "VLLM_USE_FLASHINFER_SAMPLER=0 ";
        o << "vllm serve " << r.model.source << " --max-model-len " << s.maxModelLen << " --gpu-memory-utilization "
          << fixed(s.gpuMemoryUtilization, 2) << " --max-num-seqs " << s.maxNumSeqs << " --max-num-batched-tokens "
          << s.maxNumBatchedTokens << " --block-size " << s.blockSize << " --kv-cache-dtype "
          << (s.kvCacheDtype == "f16" || s.kvCacheDtype == "bf16" ? std::string("auto") : s.kvCacheDtype)
          << " --tensor-parallel-size " << s.tensorParallelSize;
        if (s.enforceEager)
            o << " --enforce-eager";
    } else if (engine == "sglang") {
        o << "python -m sglang.launch_server --model-path " << r.model.source << " --context-length " << s.maxModelLen
          << " --mem-fraction-static " << fixed(s.memFractionStatic, 2) << " --tp-size " << s.tensorParallelSize
          << " --chunked-prefill-size " << s.maxNumBatchedTokens;
    } else if (engine == "transformers") {
        o << "AutoModelForCausalLM.from_pretrained(\"" << r.model.source << "\", torch_dtype=\"auto\", low_cpu_mem_usage="
          << (s.lowCpuMemUsage ? "True" : "False") << ", use_safetensors=" << (s.useSafetensors ? "True" : "False")
          << ")";
        if (s.cacheImplementation == "static")
            o << "; model.generate(..., cache_implementation=\"static\")";
    } else if (engine == "mlx") {
        o << "mlx_lm.server --model " << r.model.source;
    }
    return o.str();
}

} // namespace memplan
