#include "runtimes/ollama/ollamafit.h"

#include <algorithm>
#include <cmath>

namespace memplan::ollama {

namespace {

using U = std::uint64_t;

double kvBytesPerElement(const std::string &type)
{
    if (type == "q8_0")
        return 1.0;
    if (type == "q4_0")
        return 0.5;
    return 2.0;
}

// GraphSize's "llama" branch, with its two mixture variants (merged and separate experts).
void llamaGraph(const ModelFacts &m, U c, U b, U &partial, U &full)
{
    const U e = m.embedding, h = m.heads, hkv = m.headsKv, v = m.vocab, eh = m.heads ? e / m.heads : 0;
    full = std::max(4 * b * (1 + 4 * e + c * (1 + h)), 4 * b * (e + v));
    partial = 4 * b * e + std::max(4 * b * (1 + e + std::max(c, e)) + e * e * 9 / 16 + 4 * c * (b * h + eh * hkv),
                                   4 * b * (e + v) + e * v * 105 / 128);
    if (m.expertGateBytes > 0) {
        partial = std::max(3 * m.expertGateBytes + 4 * b * (2 * m.feedForward + hkv + e + c + eh * hkv),
                           4 * (c * b * h + c * eh * hkv + b * 1024 + eh * hkv * b));
    } else if (m.separateExpertRows > 0) {
        const U f = m.separateExpertRows;
        full = 4 * b * (2 + 3 * e + c * (1 + h) + 2 * hkv + f);
        partial = std::max(4 * b * (3 + eh * hkv + e + c * (1 + h) + f) + (e * e + 3 * e * hkv * f) * 9 / 16,
                           4 * b * (1 + 2 * e + c * (1 + h)) + e * (6 * c * hkv / h + e * 9 / 16));
    }
}

// The other architectures GraphSize knows in these releases; any other leaves both at zero.
void otherGraph(const ModelFacts &m, U c, U b, U &partial, U &full)
{
    const U e = m.embedding, h = m.heads, hkv = m.headsKv, v = m.vocab, ek = m.headDimK;
    const std::string &a = m.architecture;
    if (a == "gemma" || a == "gemma2") {
        full = std::max(4 * b * (e + v), 4 * b * (2 + c + c * h + 2 * e + 2 * ek * h));
        partial = std::max(4 * e * b + e * v * 105 / 128 + 4 * v * b,
                           4 * b * (2 * e + 1 + 2 * ek * h + c + c * h) + 4 * ek * c * 8 + e * ek * h * 9 / 16);
    } else if (a == "command-r") {
        full = std::max(4 * b * (e + v), 4 * b * (2 + 4 * e + c * (1 + h)));
        partial = std::max(4 * b * (e + v) + e * v * 105 / 128,
                           4 * b * (1 + 2 * e + c * (1 + h)) + 4 * e * c + e * e * 9 / 16);
    } else if (a == "qwen2") {
        full = std::max(4 * b * (e + v), 4 * b * (1 + 2 * e + c + c * h));
        partial = std::max(4 * b * (e + v) + e * v * 105 / 128, 4 * (b * (1 + 2 * e + c * (1 + h)) + e * (1 + c)));
    } else if (a == "phi2") {
        full = std::max(4 * b * (e + v), 4 * b * (1 + 4 * e + c + c * h));
        partial = std::max(4 * b * (2 * e + v) + e * v * 105 / 128, 4 * b * (2 + 3 * e + c + c * h));
    } else if (a == "stablelm") {
        full = 4 * b * (c * (1 + h) + 3 * e + 2);
        partial = std::max(4 * b * (v + 2 * e), full);
    } else if (a == "deepseek2") {
        full = std::max(4 * b * (3 * e + v), 4 * b * (3 * e + 2 + c * (1 + hkv) + 2 * ek * hkv));
        partial = std::max(4 * b * (3 * e + v) + e * v * 105 / 128,
                           4 * b * (2 * e + 1 + 2 * ek * hkv + c + c * hkv) + 4 * ek * c * hkv + e * ek * hkv * 9 / 16);
    } else if (a == "chatglm") {
        full = 4 * b * (e + v);
        partial = 4 * b * (e + v) + e * v * 105 / 128;
    }
}

} // namespace

Bytes minimumMemory(const std::string &library)
{
    return (library == "metal" ? 512 : 457) * MiB;
}

void graphSize(const ModelFacts &m, const Request &q, Bytes &kv, Bytes &partial, Bytes &full)
{
    const U c = q.context, b = std::min(q.context, q.batch);
    kv = Bytes(double(c * m.blockCount * (m.headDimK + m.headDimV) * m.headsKv) * kvBytesPerElement(q.kvCacheType));
    partial = full = 0;
    if (m.architecture == "llama")
        llamaGraph(m, c, b, partial, full);
    else
        otherGraph(m, c, b, partial, full);
}

Offload estimateGpuLayers(const ModelFacts &m, const Request &q)
{
    Offload e;
    const U blocks = m.blockCount;
    e.layersModel = int(blocks) + 1;
    graphSize(m, q, e.kv, e.graphPartial, e.graphFull);
    // A layer carries its KV share; blk.0 is the buffer each GPU keeps, and the last block's size
    // is what Ollama counts for every layer left over (llm/memory.go keeps the loop's last value).
    auto layerOf = [&](U i) {
        const Bytes own = i < m.blockBytes.size() ? m.blockBytes[i] : m.layerBytes;
        return own + (blocks ? e.kv / blocks : 0);
    };
    const Bytes layer = layerOf(0);
    if (e.graphPartial == 0)
        e.graphPartial = (m.headsKv ? m.heads / m.headsKv : 0) * e.kv / 6;
    if (e.graphFull == 0)
        e.graphFull = e.graphPartial;
    if (q.library == "metal")
        e.graphPartial = e.graphFull; // no partial-offload overhead on Metal
    else if (q.freeMemory.size() > 1)
        e.graphFull = e.graphPartial; // several GPUs always budget the partial graph
    const Bytes graph = std::max(e.graphPartial, e.graphFull);
    const Bytes gpuZero = q.projectorWeights + q.projectorGraph;
    const std::size_t n = q.freeMemory.size();
    e.allocations.assign(n, 0);
    e.layersPerGpu.assign(n, 0);

    // GPUs that hold the graph, the minimum, one layer as a buffer and at least one more.
    std::vector<std::size_t> withSpace;
    for (std::size_t i = 0; i < n; ++i) {
        const Bytes zero = withSpace.empty() ? gpuZero : 0;
        if (q.freeMemory[i] < q.overhead + zero + graph + minimumMemory(q.library) + 2 * layer)
            continue;
        withSpace.push_back(i);
        e.allocations[i] += minimumMemory(q.library) + layer; // the graph is added once full/partial is known
    }
    if (!withSpace.empty())
        e.allocations[withSpace.front()] += gpuZero;

    // Layers round-robin over the GPUs with space; a GPU that cannot take the next one leaves.
    Bytes overflow = 0;
    int placed = 0;
    for (U i = 0; i < blocks; ++i) {
        const Bytes block = layerOf(i);
        e.weightsTotal += block;
        if (q.numGpu >= 0 && placed >= q.numGpu)
            continue;
        for (std::size_t j = withSpace.size(); j > 0; --j) {
            const std::size_t k = std::size_t(i % j);
            const std::size_t g = withSpace[k];
            if (q.freeMemory[g] > q.overhead + e.allocations[g] + graph + block) {
                e.allocations[g] += block;
                ++e.layersPerGpu[g];
                ++placed;
                break;
            }
            withSpace.erase(withSpace.begin() + std::ptrdiff_t(k));
        }
    }
    bool fullyLoaded = placed >= int(blocks);
    if (!fullyLoaded)
        overflow += layerOf(blocks ? blocks - 1 : 0) * (blocks - U(placed));
    if (m.outputBytes > 0 && (q.numGpu < 0 || placed < q.numGpu)) {
        // The output layer goes last, on the GPU the round-robin reaches, without evicting.
        for (std::size_t j = withSpace.size(); j > 0; --j) {
            const std::size_t g = withSpace[std::size_t(placed) % j];
            if (q.freeMemory[g] > q.overhead + e.allocations[g] + graph + m.outputBytes) {
                e.allocations[g] += m.outputBytes;
                ++e.layersPerGpu[g];
                ++placed;
                break;
            }
        }
        if (placed < int(blocks) + 1) {
            fullyLoaded = false;
            overflow += m.outputBytes;
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (e.layersPerGpu[i] > 0)
            e.allocations[i] += fullyLoaded ? e.graphFull : e.graphPartial;
    for (Bytes a : e.allocations)
        e.requiredPartial += a;
    e.requiredFull = e.requiredPartial + overflow;
    e.layers = q.library == "cpu" || placed == 0 ? 0 : placed;
    return e;
}

} // namespace memplan::ollama

#include "estimation/plan.h"
#include "logs/logtext.h"
#include "logs/measuredrun.h"
#include "model/modelarch.h"
#include "scenario/resolve.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace memplan::ollama {

namespace {

/// general.architecture for a config.json model_type (convert_hf_to_gguf.py).
std::string ggufArchitecture(const std::string &modelType)
{
    if (modelType == "mistral" || modelType == "mixtral")
        return "llama";
    if (modelType == "cohere")
        return "command-r";
    if (modelType == "deepseek_v2" || modelType == "deepseek_v3")
        return "deepseek2";
    if (modelType == "phi")
        return "phi2";
    return modelType;
}

/// The header's shape keys as Ollama reads them.
ModelFacts shapeFacts(const ModelArchitecture &a)
{
    ModelFacts m;
    m.architecture = ggufArchitecture(a.modelType);
    m.blockCount = a.numHiddenLayers;
    m.embedding = a.hiddenSize;
    m.heads = a.numAttentionHeads;
    m.headsKv = a.kvHeads();
    m.headDimK = m.headDimV = a.effectiveHeadDim();
    m.vocab = a.vocabSize;
    m.feedForward = a.intermediateSize;
    return m;
}

} // namespace

ModelFacts modelFacts(const ResolvedScenario &r)
{
    const ModelArchitecture &a = r.model.arch;
    ModelFacts m = shapeFacts(a);
    // The plan's own weight parts (the per-tensor sum of a GGUF file type, or an imported header).
    const estimation::WeightParts w = estimation::makePlan(r).w;
    m.layerBytes = m.blockCount ? (w.layers + w.experts) / m.blockCount : 0;
    const std::uint32_t blocks = a.numHiddenLayers;
    if (const std::vector<Bytes> *l = r.layerProfile(false, blocks)) {
        const std::vector<Bytes> *x = r.layerProfile(true, blocks);
        auto part = [](Bytes total, const std::vector<Bytes> &p, std::size_t i) {
            return mulDiv(total, p[i + 1], p.back()) - mulDiv(total, p[i], p.back());
        };
        for (std::size_t i = 0; i < blocks; ++i)
            m.blockBytes.push_back(part(w.layers, *l, i) + (x ? part(w.experts, *x, i) : w.experts / blocks));
    }
    m.outputBytes = (w.outputHead ? w.outputHead : w.embedding) + Bytes(a.hiddenSize) * 4; // + output_norm
    if (a.numExperts > 0 && r.expertFormat) {
        const std::uint64_t width = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        m.expertGateBytes = r.expertFormat->bytesFor(std::uint64_t(a.hiddenSize) * width * a.numExperts);
    }
    return m;
}

std::vector<double> roundRobinSplit(std::uint32_t blocks, bool output, std::uint32_t gpus)
{
    std::vector<double> counts(gpus, 0);
    if (gpus == 0)
        return counts;
    for (std::uint32_t i = 0; i < blocks; ++i)
        counts[i % gpus] += 1;
    if (output)
        counts[blocks % gpus] += 1;
    return counts;
}

ModelFacts factsFromShapes(const ModelArchitecture &a, Bytes fileBytes)
{
    ModelFacts m = shapeFacts(a);
    const ParameterCounts p = countParameters(a);
    const double perParameter = p.total() ? double(fileBytes) / double(p.total()) : 0;
    m.layerBytes = m.blockCount ? Bytes(double(p.layers + p.routedExperts) * perParameter / double(m.blockCount)) : 0;
    m.outputBytes = Bytes(double(p.outputHead ? p.outputHead : p.embedding) * perParameter) + Bytes(a.hiddenSize) * 4;
    if (a.numExperts > 0) {
        const std::uint64_t width = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        m.expertGateBytes = Bytes(double(std::uint64_t(a.hiddenSize) * width * a.numExperts) * perParameter);
    }
    return m;
}

namespace {

/// Ollama's own fill for the GPUs a log names (see splitFromLog); empty when the log lacks what it
/// needs or the fill does not place the layers the run offloaded.
std::vector<double> fillFromLog(const MeasuredRun &run, const nlohmann::json &settings, const ModelArchitecture &model,
                                int gpus, std::uint64_t offloaded, std::uint64_t context)
{
    Request q;
    q.freeMemory.assign(std::size_t(gpus), 0);
    for (const MeasuredDevice &d : run.devices) {
        const int g = logtext::gpuIndexOfDevice(d.id);
        if (g >= 0 && g < gpus)
            q.freeMemory[std::size_t(g)] = d.freeAtLoadBytes ? d.freeAtLoadBytes : d.freeBytes;
    }
    const auto number = [&](const char *key, std::uint64_t fallback) {
        const auto it = settings.find(key);
        return it != settings.end() && it->is_number_integer() && it->get<std::int64_t>() > 0 ? it->get<std::uint64_t>()
                                                                                              : fallback;
    };
    q.context = number("ctx_size", context);
    q.batch = number("batch_size", 512);
    if (const auto k = settings.find("cache_type_k"); k != settings.end() && k->is_string())
        q.kvCacheType = k->get<std::string>();
    q.numGpu = int(std::min<std::uint64_t>(offloaded, 1u << 20));
    for (const MeasuredFigure &f : run.figures)
        if (f.gpu >= 0 && logtext::startsWith(f.device, "ROCm"))
            q.library = "rocm";
    // Past these Ollama's arithmetic leaves the range of its integers; no real run asks for them.
    if (run.model.fileBytes == 0 || q.context == 0 || q.context > (U(1) << 26) || q.batch > (U(1) << 20) ||
        std::any_of(q.freeMemory.begin(), q.freeMemory.end(), [](Bytes b) { return b == 0; }))
        return {};
    ModelFacts facts;
    try {
        facts = factsFromShapes(model, run.model.fileBytes);
    } catch (const std::exception &) { // shapes read off a log that do not add up: no fill
        return {};
    }
    const Offload o = estimateGpuLayers(facts, q);
    if (std::uint64_t(o.layers) != std::min<std::uint64_t>(offloaded, model.numHiddenLayers + 1))
        return {};
    return std::vector<double>(o.layersPerGpu.begin(), o.layersPerGpu.end());
}

} // namespace

void splitFromLog(const MeasuredRun &run, nlohmann::json &settings, const ModelArchitecture *model,
                  std::uint64_t context)
{
    int gpus = 0;
    for (const MeasuredFigure &f : run.figures)
        gpus = std::max(gpus, f.gpu + 1);
    const auto ngl = settings.find("n_gpu_layers");
    if (!model || gpus < 2 || gpus > 64 || settings.contains("tensor_split") || ngl == settings.end() ||
        !ngl->is_number_integer() || ngl->get<std::int64_t>() < 0)
        return;
    const std::uint64_t offloaded = ngl->get<std::uint64_t>();
    const std::uint32_t blocks = model->numHiddenLayers;
    std::vector<double> split = fillFromLog(run, settings, *model, gpus, offloaded, context);
    if (split.empty())
        split = roundRobinSplit(std::uint32_t(std::min<std::uint64_t>(offloaded, blocks)), offloaded > blocks,
                                std::uint32_t(gpus));
    settings["tensor_split"] = split;
}

} // namespace memplan::ollama
