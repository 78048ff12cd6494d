#pragma once
// Ollama decides how many layers go to the GPUs before llama.cpp starts: its scheduler
// estimates the memory of the model from the GGUF header and the request, places whole
// layers on the GPUs while they fit, and passes the count as --n-gpu-layers. The log shows
// the decision as one "offload to cuda" line (layers.offload, memory.required.*,
// memory.graph.*). This is that estimate as Ollama 0.3.10 … 0.5.x compute it (llm/memory.go
// EstimateGPULayers, llm/ggml.go GraphSize; docs/formulas.md, "Ollama's own estimate"):
// learned from the source, checked against the lines users post (tests/data/ollama-offload).
// Later releases with the Ollama engine measure the graph instead; earlier ones had no
// OLLAMA_GPU_OVERHEAD.

#include "bytes.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace memplan {
struct MeasuredRun;
struct ModelArchitecture;
struct ResolvedScenario;
} // namespace memplan

namespace memplan::ollama {

/// The --tensor-split Ollama passes with several GPUs: the layers its round-robin gives each
/// one when every GPU has room (EstimateGPULayers: block i to GPU i % n, then the output layer
/// to GPU blocks % n; llm/server.go joins the counts into --tensor-split).
std::vector<double> roundRobinSplit(std::uint32_t blocks, bool output, std::uint32_t gpus);

/// A log of Ollama's runner on several GPUs: settings["tensor_split"] becomes the layers Ollama's
/// EstimateGPULayers gave each GPU (unless a split is already there). With the free memory of
/// every GPU, the file size and the context printed, that is the round-robin run until a GPU is
/// full (an RTX 4060 Ti beside an RTX 3090 stops taking layers first), on facts read off the
/// model's shapes and file size; without them, or when that fill does not place the n_gpu_layers
/// the log shows, the round-robin's counts as if every GPU had room. `context` is the runner's
/// n_ctx when settings hold no ctx_size (0: not known).
void splitFromLog(const MeasuredRun &run, nlohmann::json &settings, const ModelArchitecture *model,
                  std::uint64_t context);

/// What Ollama reads from the GGUF header.
struct ModelFacts {
    std::string architecture; ///< general.architecture ("llama", "qwen2", "gemma2" …)
    std::uint64_t blockCount = 0;
    std::uint64_t embedding = 0; ///< embedding_length
    std::uint64_t heads = 0;     ///< attention.head_count
    std::uint64_t headsKv = 0;   ///< attention.head_count_kv
    std::uint64_t headDimK = 0;  ///< key_length, else embedding / heads
    std::uint64_t headDimV = 0;  ///< value_length, else embedding / heads
    std::uint64_t vocab = 0;     ///< tokenizer.ggml.tokens entries
    std::uint64_t feedForward = 0;
    Bytes layerBytes = 0; ///< one decoder layer's tensors (blk.N), the average
    /// Each block's own tensors where they differ (a K-quant mix raises some layers' types);
    /// empty: every block is layerBytes. Ollama reads blk.i's size layer by layer.
    std::vector<Bytes> blockBytes;
    Bytes outputBytes = 0;                ///< output_norm + output (or the tied token_embd)
    Bytes expertGateBytes = 0;            ///< blk.0.ffn_gate_exps (merged experts), 0 if none
    std::uint64_t separateExpertRows = 0; ///< ffn_gate.0's rows when experts are separate tensors (old Mixtral files)
};

struct Request {
    std::uint64_t context = 0;     ///< num_ctx × num_parallel (what --ctx-size gets)
    std::uint64_t batch = 512;     ///< num_batch
    std::string kvCacheType;       ///< "", "f16", "q8_0", "q4_0" (only with flash attention)
    int numGpu = -1;               ///< -1: as many layers as fit
    std::string library = "cuda";  ///< "cuda", "rocm", "metal"
    std::vector<Bytes> freeMemory; ///< per GPU, as Ollama reads it (driver's free memory)
    Bytes overhead = 0;            ///< OLLAMA_GPU_OVERHEAD
    Bytes projectorWeights = 0;
    Bytes projectorGraph = 0;
};

struct Offload {
    int layers = 0;                 ///< layers.offload (the output layer counts as one)
    int layersModel = 0;            ///< block count + 1
    Bytes kv = 0;                   ///< memory.required.kv
    Bytes graphFull = 0;            ///< memory.graph.full
    Bytes graphPartial = 0;         ///< memory.graph.partial
    Bytes requiredPartial = 0;      ///< memory.required.partial: what the offloaded layers take
    Bytes requiredFull = 0;         ///< memory.required.full: the whole model on the GPUs
    Bytes weightsTotal = 0;         ///< memory.weights.total (layers with their KV share)
    std::vector<Bytes> allocations; ///< memory.required.allocations, per GPU
    std::vector<int> layersPerGpu;
};

/// Ollama's KV bytes and graph sizes (GraphSize) for a context and batch.
void graphSize(const ModelFacts &m, const Request &q, Bytes &kv, Bytes &partial, Bytes &full);

/// The whole estimate: KV, graphs, and the layers placed GPU by GPU.
Offload estimateGpuLayers(const ModelFacts &m, const Request &q);

/// The minimum memory Ollama keeps free per GPU of a library (discover package): 457 MiB for
/// CUDA and ROCm, 512 MiB for Metal.
Bytes minimumMemory(const std::string &library);

/// The header facts Ollama would read from the plan's GGUF: architecture names as GGUF writes
/// them (a Mistral or Mixtral checkpoint is "llama"), the decoder layers' bytes spread evenly
/// over the layers, and the output layer (output_norm + output, or the tied token_embd).
ModelFacts modelFacts(const ResolvedScenario &r);

/// What Ollama reads from a GGUF header, from the shapes and the file's size alone: the bytes
/// per parameter are the file's average (a log names no tensor types).
ModelFacts factsFromShapes(const ModelArchitecture &a, Bytes fileBytes);

} // namespace memplan::ollama
