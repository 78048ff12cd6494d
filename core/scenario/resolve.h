#pragma once
// Turns a Scenario (ids and overrides) into the concrete numbers the estimator
// works on: the architecture, parameter counts, storage formats, the machine,
// the runtime profile with the runtime's own settings applied. Resolution does
// all lookups and validation once, so the estimator itself is pure arithmetic
// and a slider drag re-runs only the cheap part.

#include "estimate.h"
#include "hardware/hardware.h"
#include "import/importedmodel.h"
#include "model/ggufmix.h"
#include "model/modelarch.h"
#include "model/quantformat.h"
#include "model/visiontower.h"
#include "runtimes/release.h"
#include "scenario/catalog.h"
#include "scenario/runtimeprofile.h"
#include "scenario/runtimesettings.h"
#include "scenario/scenario.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// Weight bytes read from a model file, split the way placement needs them.
struct MeasuredWeights {
    Bytes embedding = 0;
    Bytes outputHead = 0;
    Bytes layers = 0; ///< decoder layers without routed experts
    Bytes routedExperts = 0;
    /// Bytes of decoder blocks [0, i), i = 0 … L, as the file's tensors number them (empty when
    /// they do not, or not for every layer): what a device holding a run of layers stores.
    std::vector<Bytes> layersBefore;
    std::vector<Bytes> expertsBefore;
    bool operator==(const MeasuredWeights &) const = default;
    Bytes total() const { return embedding + outputHead + layers + routedExperts; }
};

/// The largest context a solver or sweep may try: the model's stated limit, or the scenario
/// format's own ceiling when the limit is only assumed.
std::uint64_t contextSearchLimit(const struct ResolvedModel &m);

struct ResolvedModel {
    std::string id;
    std::string name;
    std::string source; ///< HF repo of a preset, or the imported path
    /// A preset's: the format its hf_repo ships ("mxfp4", "fp8"; empty = the native dtype) and
    /// the other formats' repositories, for the launch command (core/questions/launchcommand.h).
    std::string shippedFormat;
    std::map<std::string, WeightRepository> repositories;
    ModelArchitecture arch;
    ParameterCounts params;
    std::optional<std::uint64_t> declaredParameters;
    std::uint64_t maxContext = 0;
    /// No stated limit (no max_position_embeddings, context_length or max_context): maxContext
    /// is the planner's assumption, which may warn but never refuse (issue 31).
    bool maxContextAssumed = false;
    bool hypothetical = false;                     ///< overrides changed the preset's architecture
    std::optional<MeasuredWeights> measured;       ///< from model.file
    std::shared_ptr<const ImportedModel> imported; ///< what was read from model.file (files, tensors, dtype mix)
    VisionTower vision;        ///< of a multimodal checkpoint (preset) or an mmproj file; empty otherwise
    bool visionLoaded = false; ///< the runtime loads it (visiontower.h loadsVisionTower)
    bool operator==(const ResolvedModel &) const = default;
};

struct HostSpec {
    Bytes ramBytes = 0;
    std::uint64_t bandwidthBytesPerSecond = 0;
    double sustainedBandwidthFraction = 0; ///< from the CPU preset (0 = none stated)
    bool bandwidthAssumed = false;         ///< no host preset: bandwidth is the default platform's
    Bytes reservedBytes = 0;
    CpuCores cpu;            ///< the scenario's host.cpu, else defaultCpuCores()
    bool cpuAssumed = false; ///< no host.cpu: the default CPU is used
    bool operator==(const HostSpec &) const = default;
};

struct ResolvedScenario {
    ResolvedModel model;
    const QuantFormat *weightFormat = nullptr;
    const QuantFormat *embeddingFormat = nullptr; ///< token embedding table
    const QuantFormat *outputFormat = nullptr;    ///< output head (core/formats/tableformats.h)
    const QuantFormat *expertFormat = nullptr;
    /// A K-quant mix tensor by tensor (core/model/ggufmix.h), when the layers are modelled and no
    /// file or declared parameter count gives the bytes.
    std::optional<ggufmix::MixedWeights> weightMix;
    /// A GGUF recipe sized by the closest stock one (core/model/ggufrecipe.h): the weight figures are
    /// estimates with this range around them, wider than a stock mix's.
    std::optional<Range> recipeRange;
    /// The weights file's stated size (weights.file_bytes), 0 = none; a model file read wins.
    Bytes weightsFileBytes = 0;
    const QuantFormat *kvFormatK = nullptr;
    const QuantFormat *kvFormatV = nullptr;
    Workload workload;
    /// The tokens each sequence holds as the scenario states them, before a runtime setting that
    /// sizes the cache (llama.cpp's ctx_size) replaced workload.contextTokens: what a decode step
    /// attends over, since runtimes read only the cells in use.
    std::uint64_t heldTokens = 0;
    HardwareSpec hardware;
    std::uint32_t gpuCount = 1;
    HostSpec host;
    RuntimeProfile runtime;
    RuntimeSettings settings; ///< the runtime's own options after translation
    RuntimeRelease release;   ///< the runtime release modelled (runtime.version, or the profile's newest)
    Placement placement;
    bool tensorParallel = true; ///< multi-GPU split mode after defaults
    Bytes displayReservedBytes = 0;
    std::vector<std::string> warnings; ///< English, one per notice
    std::vector<Notice> notices;
    std::vector<Notice> refusals; ///< settings the runtime refuses at start-up ("will not start")
    bool operator==(const ResolvedScenario &) const = default;

    /// Bytes of decoder layers [0, i) for i = 0 … layers, of the layers part or the routed experts:
    /// the file's own blocks when it was read, else the GGUF mix's types; nullptr when neither
    /// knows (every layer is then alike).
    const std::vector<Bytes> *layerProfile(bool experts, std::uint32_t layers) const
    {
        auto usable = [&](const std::vector<Bytes> &v) { return v.size() == std::size_t(layers) + 1 && v.back() > 0; };
        if (model.measured) {
            const std::vector<Bytes> &v = experts ? model.measured->expertsBefore : model.measured->layersBefore;
            if (usable(v))
                return &v;
        }
        if (weightMix) {
            const std::vector<Bytes> &v = experts ? weightMix->expertsBefore : weightMix->layersBefore;
            if (usable(v))
                return &v;
        }
        return nullptr;
    }

    /// Adds a warning as a notice and its English sentence.
    void warn(Notice n)
    {
        warnings.push_back(noticeEnglish(n));
        notices.push_back(std::move(n));
    }
};

/// Resolves against the catalog; throws InputError naming the scenario key.
ResolvedScenario resolveScenario(const Scenario &scenario, const PresetCatalog &catalog);

/// importModel() behind a cache keyed by path, size and modification time, so that
/// re-resolving a scenario on every slider step does not re-read the file's headers.
std::shared_ptr<const ImportedModel> importModelCached(const std::string &path);

} // namespace memplan
