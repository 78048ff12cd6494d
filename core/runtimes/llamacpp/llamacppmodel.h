#pragma once
// llama.cpp's allocator (and Ollama's, which runs it): model buffers placed per
// offloaded layer, the KV cache reserved for every cell up front, one compute
// buffer per backend sized by ggml's graph allocator (ggmlgraph.h), graph
// inputs in pinned host memory, a host buffer of logits per sequence.
// Settings are llama-server's long flags.

#include "runtimes/ggml/ggmlgraph.h"
#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class LlamaCppModel : public RuntimeModel {
public:
    Engine engine() const override { return Engine::LlamaCpp; }
    std::span<const char *const> settingKeys() const override;
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    Bytes deviceActivation(const estimation::Plan &pl, std::uint32_t device, estimation::PoolBuilder &b) const override;
    Bytes hostActivation(const estimation::Plan &pl, estimation::PoolBuilder &b) const override;
    /// The CPU backend's buffer of a run the GPUs compute: the graph inputs (f32 KQ mask,
    /// positions) and the embedding rows gathered on the host.
    static Bytes graphInputBuffer(const estimation::Plan &pl, estimation::PoolBuilder &b);
    void addHostBuffers(const estimation::Plan &pl, estimation::PoolBuilder &b) const override;
    void splitLayers(const estimation::Plan &pl, std::uint32_t devices, std::uint32_t *start) const override;
    /// The layer split by these shares of the offloaded slots (empty: even).
    static void splitByShares(const estimation::Plan &pl, std::uint32_t devices, const std::vector<double> &ts,
                              std::uint32_t *start);
    std::string launchCommand(const ResolvedScenario &r) const override;
    LaunchWeights launchWeights() const override { return LaunchWeights::GgufFile; }
    /// llama-server on the imported GGUF file and a free local port, stopped at "model loaded".
    std::optional<LoadOnlyLaunch> loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const override;
    /// llama.cpp has no model with cross-attention image layers ("unknown model architecture:
    /// 'mllama'", llama.cpp issue 14951; the Llama 3.2 Vision request, issue 9643, was closed
    /// without it), and Ollama, which ran them on its own engine, fails the same way since it
    /// loads them through llama-server (Ollama issues 16490, 18486, 2026).
    void checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const override;

    // llamacppplan.cpp
    /// GGUF files, and plain floats converted to GGUF.
    bool runsFormat(const QuantFormat &f) const override;
    /// A vision tower comes from the separate mmproj file.
    bool visionFromProjectorFile() const override { return true; }
    /// Build numbers (b6699), since August 2026 semantic versions (v0.5.0).
    std::optional<ReleaseKey> parseReleaseName(std::string_view text) const override;
    std::string_view releaseExample() const override { return "a build such as b6699, or v0.5.0"; }
    /// Without kv_unified: one KV stream per sequence, each padded on its own.
    void adjustKvTokens(estimation::Plan &pl) const override;
    /// A tied output head is a second copy of the embedding table on the output layer's GPU.
    void adjustWeights(estimation::Plan &pl) const override;
    /// Several GPUs split whole layers (each layer's state on one device), never heads.
    bool shardsTensorParallel() const override { return false; }
    bool offloadsLayersToHost() const override { return true; }
    std::string expertsOnHostSetting(std::uint32_t layers) const override;
    StateRule stateRule(const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                        std::uint32_t modelDtypeBytes, Bytes attnBytesPerTokenLayer,
                        std::uint64_t blockTokens) const override;
    /// The ggml backends' efficiencies (core/runtimes/ggml/ggmlspeed.h).
    const SpeedRules &speedRules() const override;

    // llamacppcluster.cpp: the RPC backend across nodes.
    std::string_view clusterId() const override { return "llama.cpp-rpc"; }
    void checkClusterLayout(const ParallelLayout &l) const override;
    std::vector<std::uint32_t> stageLayers(std::uint32_t layers, std::uint32_t stages) const override;
    void addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const override;

    // llamacpplog.cpp and what its logs imply.
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    bool logStartsRun(std::string_view line) const override;
    void adjustLogWeights(WeightsChoice &w) const override;
    bool logPrintsFileType() const override { return true; }
    bool weightsFromFileType(std::string_view fileType, WeightsChoice &w) const override;
    bool logListsEveryDevice() const override { return true; }
    /// Without -ts in the log, the split llama.cpp chose: each GPU's free memory at load; for a
    /// DeepSeek-style model, the KV layout its printed K and V sizes show (mla_cache).
    void settingsFromLog(const MeasuredRun &run, nlohmann::json &settings, Scenario &s,
                         const ModelArchitecture *model) const override;
};

// The ggml graph of one estimate (llamacppgraph.cpp), exposed for the module's tests.
GgmlGraphShape ggmlShape(const estimation::Plan &pl);
GgmlGraphConstants ggmlConstants(const RuntimeProfile &rt);
/// ggml runs host weights' products on the GPU once a micro-batch is large enough (op offload).
bool ggmlOpOffload(const estimation::Plan &pl);
/// Copies of cross-device inputs kept by pipeline parallelism (1 when it is off).
std::uint32_t ggmlPipelineCopies(const estimation::Plan &pl);
/// The compute buffer of one backend as items; returns its bytes.
Bytes ggmlActivationBytes(const estimation::Plan &pl, const GgmlBackendRole &role, estimation::PoolBuilder &b);

} // namespace memplan::runtimes
