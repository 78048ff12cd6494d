#include "logs/reconcile.h"

#include "estimator.h"
#include "itemids.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "model/ggufrecipe.h"
#include "model/modelconfig.h"
#include "model/quantformat.h"
#include "runtimes/registry.h"
#include "scenario/runtimesettings.h"
#include "scenario/scenariojson.h"
#include "units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace memplan {

namespace {

using nlohmann::json;

/// Lower-case alphanumeric words: "Qwen2.5-7B-Instruct" -> {qwen2, 5, 7b, instruct}.
std::vector<std::string> words(std::string_view s)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            cur.push_back(char(std::tolower(static_cast<unsigned char>(c))));
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
        if (out.size() > 64)
            break;
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

/// How many words of `name` appear in `text` when all do; 0 otherwise.
std::size_t allWordsIn(const std::vector<std::string> &name, const std::set<std::string> &text)
{
    if (name.empty())
        return 0;
    for (const std::string &w : name)
        if (!text.count(w))
            return 0;
    return name.size();
}

std::string repoTail(const std::string &repo)
{
    const std::size_t slash = repo.rfind('/');
    return slash == std::string::npos ? repo : repo.substr(slash + 1);
}

/// Metal prints the chip ("Apple M4", "Apple M3 Max"), not the variant: the presets of exactly
/// that chip, the smallest whose memory holds what the log says was free at load.
/// The smallest Apple preset of exactly this chip ("m4", "pro") holding the free memory.
const HardwarePreset *matchAppleTier(const std::vector<std::string> &chip, Bytes freeBytes,
                                     const PresetCatalog &catalog);

const HardwarePreset *matchAppleChip(const std::vector<std::string> &printed, Bytes freeBytes,
                                     const PresetCatalog &catalog, bool *standIn)
{
    std::vector<std::string> chip;
    for (const std::string &x : printed)
        if (x != "apple")
            chip.push_back(x);
    if (chip.empty() || chip.front().size() < 2 || chip.front()[0] != 'm' ||
        !std::isdigit(static_cast<unsigned char>(chip.front()[1])))
        return nullptr;
    // A chip newer than the presets ("Apple M5"): the newest earlier generation of the same tier
    // stands in. Its unified pool and working-set rule are what the buffers are checked against.
    const int generation = std::atoi(chip.front().c_str() + 1);
    for (int g = generation; g >= 1 && g > generation - 4; --g) {
        std::vector<std::string> tier = chip;
        tier.front() = "m" + std::to_string(g);
        if (const HardwarePreset *h = matchAppleTier(tier, freeBytes, catalog)) {
            if (standIn)
                *standIn = g != generation;
            return h;
        }
    }
    return nullptr;
}

const HardwarePreset *matchAppleTier(const std::vector<std::string> &chip, Bytes freeBytes,
                                     const PresetCatalog &catalog)
{
    const HardwarePreset *best = nullptr;
    for (const HardwarePreset &h : catalog.hardware()) {
        const auto w = words(h.spec.name);
        if (w.empty() || w.front() != "apple")
            continue;
        std::vector<std::string> c; // the words before the core count: "m4", "pro"
        for (std::size_t i = 1; i < w.size() && !std::isdigit(static_cast<unsigned char>(w[i][0])); ++i)
            c.push_back(w[i]);
        if (c != chip || h.spec.capacityBytes < freeBytes)
            continue;
        if (!best || h.spec.capacityBytes < best->spec.capacityBytes)
            best = &h;
    }
    return best;
}

const HardwarePreset *matchHardware(const std::string &deviceName, Bytes freeBytes, const PresetCatalog &catalog,
                                    bool *standIn = nullptr)
{
    const auto w = words(deviceName);
    if (!w.empty() && w.front() == "apple")
        if (const HardwarePreset *apple = matchAppleChip(w, freeBytes, catalog, standIn))
            return apple;
    const std::set<std::string> text(w.begin(), w.end());
    const HardwarePreset *best = nullptr;
    std::size_t bestScore = 0;
    for (const HardwarePreset &h : catalog.hardware()) {
        // Vendor words are optional in the printed name ("NVIDIA GeForce RTX 3090" vs "GeForce RTX 3090").
        std::vector<std::string> name;
        for (const std::string &x : words(h.spec.name))
            if (x != "nvidia" && x != "geforce" && x != "amd" && x != "radeon" && x != "apple")
                name.push_back(x);
        const std::size_t score = allWordsIn(name, text);
        if (score > bestScore) {
            best = &h;
            bestScore = score;
        }
    }
    // One word is enough when it is a model number the preset's whole name is ("L40S" in
    // "NVIDIA L40S"); a lone vendor or family word is not.
    const auto modelNumber = [](const std::string &word) {
        return std::any_of(word.begin(), word.end(), [](unsigned char ch) { return std::isdigit(ch); });
    };
    if (bestScore == 1) {
        for (const std::string &x : words(best->spec.name))
            if (x != "nvidia" && x != "geforce" && x != "amd" && x != "radeon" && x != "apple")
                return modelNumber(x) ? best : nullptr;
    }
    return bestScore >= 2 ? best : nullptr;
}

std::string poolLabel(const Estimate &e, std::size_t i)
{
    return i < e.pools.size() ? e.pools[i].id : std::string("?");
}

std::size_t hostPool(const Estimate &e)
{
    for (std::size_t i = 0; i < e.pools.size(); ++i)
        if (e.pools[i].kind == PoolKind::Ram)
            return i;
    return e.pools.size() - 1;
}

/// The stated low and high of one guest in one pool (sum of its items).
std::pair<double, double> statedRange(const Estimate &e, std::size_t pool, Guest g, bool *allCalculated)
{
    double low = 0, high = 0;
    bool calc = true;
    for (const Item &it : e.items)
        if (it.pool == pool && it.guest == g) {
            low += double(it.low);
            high += double(it.high);
            calc = calc && it.evidence != Evidence::Estimated;
        }
    if (allCalculated)
        *allCalculated = calc;
    return {low, high};
}

/// Settings that shape each guest (docs/reconcile-format.md): a mismatch in one of them is the
/// first suspect when that guest is off.
std::vector<std::string> settingsFor(const std::string &guest)
{
    if (guest == "weights")
        return {"n_gpu_layers",         "n_cpu_moe", "override_tensor", "tensor_split", "quantization",
                "tensor_parallel_size", "tp_size"};
    if (guest == "kv_cache" || guest == "kv_tokens") // a layout the printed sizes show comes first
        return {"mla_cache",
                "ctx_size",
                "parallel",
                "tensor_split",
                "cache_type_k",
                "cache_type_v",
                "n_gpu_layers",
                "kv_unified",
                "no_kv_offload",
                "max_model_len",
                "gpu_memory_utilization",
                "kv_cache_dtype",
                "mem_fraction_static",
                "tensor_parallel_size",
                "tp_size",
                "block_size",
                "max_num_batched_tokens"};
    if (guest == "activation")
        return {"ubatch_size",
                "batch_size",
                "flash_attn",
                "n_gpu_layers",
                "ctx_size",
                "parallel",
                "max_num_batched_tokens",
                "max_model_len",
                "max_num_seqs"};
    return {"gpu_memory_utilization", "tensor_parallel_size", "tp_size"};
}

/// Sets the comparison's cause: its English text, its id and the id's arguments.
void setCause(Comparison &c, const char *id, std::string english, std::vector<std::string> args = {})
{
    c.cause = std::move(english);
    c.causeId = id;
    c.causeArgs = std::move(args);
}

void likelyCause(Comparison &c, const MeasuredRun &run, const Scenario &s, bool userScenario)
{
    struct Diff {
        std::string key, logged, planned; // planned empty: the scenario does not set it
    };
    std::vector<Diff> diffs;
    for (const std::string &k : settingsFor(c.guest)) {
        if (!run.settings.contains(k))
            continue;
        const json &logged = run.settings[k];
        if (!s.runtime.settings.contains(k))
            diffs.push_back({k, logged.dump(), {}});
        else if (s.runtime.settings[k] != logged)
            diffs.push_back({k, logged.dump(), s.runtime.settings[k].dump()});
    }
    if (!diffs.empty() && (userScenario || diffs.size() < 3)) {
        const Diff &d = diffs.front();
        if (d.planned.empty())
            return setCause(c, "cause.setting_missing",
                            "the log shows " + d.key + " = " + d.logged + ", the scenario does not set it",
                            {d.key, d.logged});
        return setCause(c, "cause.setting_differs",
                        "the log shows " + d.key + " = " + d.logged + ", the scenario has " + d.planned,
                        {d.key, d.logged, d.planned});
    }
    if (c.guest == "activation" && run.pipelineCopies > 1)
        return setCause(c, "cause.pipeline_copies",
                        "pipeline parallelism (n_copies=" + std::to_string(run.pipelineCopies) +
                            ") keeps several copies of the cross-device inputs",
                        {std::to_string(run.pipelineCopies)});
    if (c.guest == "weights" && run.model.fileType.empty() && s.weights.format.empty())
        return setCause(c, "cause.weights_format_unprinted",
                        "the log does not print the weights format; the scenario assumes the model's own");
    if (run.version.empty())
        return setCause(c, "cause.release_unprinted",
                        "the log does not print its release; the runtime's accounting changes between releases");
    setCause(c, "cause.release_differs",
             "a different release (" + run.version +
                 ") than the runtime profile describes, or a setting the log does not print",
             {run.version});
}

} // namespace

const ModelPreset *matchModelPreset(const std::string &text, const PresetCatalog &catalog)
{
    const auto w = words(text);
    const std::set<std::string> have(w.begin(), w.end());
    const ModelPreset *best = nullptr;
    std::size_t bestScore = 0;
    for (const ModelPreset &m : catalog.models()) {
        std::size_t score = 0;
        for (const std::string &name : {m.id, repoTail(m.hfRepo)})
            score = std::max(score, allWordsIn(words(name), have));
        if (score > bestScore) {
            best = &m;
            bestScore = score;
        }
    }
    return best;
}

namespace {

/// The format a quantization method's name stands for, as vLLM names the methods (its
/// `quantization` argument) and repository names carry them: GPTQ and AWQ checkpoints are 4-bit
/// with groups of 128 in nearly every published file, bitsandbytes loads NF4. Empty: none.
std::string methodFormat(std::string_view method)
{
    if (findQuantFormat(method))
        return std::string(method);
    for (auto [name, format] : {std::pair{"gptq", "gptq-int4"},
                                {"gptq_marlin", "gptq-int4"},
                                {"autoround", "gptq-int4"}, // AutoRound exports GPTQ's packing
                                {"awq", "awq-int4"},
                                {"awq_marlin", "awq-int4"},
                                {"bitsandbytes", "nf4"}})
        if (method == name)
            return format;
    return {};
}

/// The weights format: the printed file type, a quantization setting, or the model name's suffix.
void inferWeightsFormat(const MeasuredRun &run, std::string_view shippedFormat, const RuntimeModel &rt, Scenario &s,
                        std::vector<std::string> &notes)
{
    // A published recipe the command's file name carries ("…-UD-Q2_K_XL.gguf", "…-Q4_K_L.gguf") says
    // more than the file type it prints ("Q2_K - Medium", "Q4_K - Medium"): the recipe's tables and
    // experts, or that Unsloth chose the types (a widened range).
    const std::string fileRecipe = quantNameInFileName(run.model.fileName);
    const std::optional<RecipeChoice> named =
        fileRecipe.empty() || findQuantFormat(fileRecipe) ? std::nullopt : findGgufRecipe(fileRecipe);
    if (named && named->known) {
        s.weights.format = normalizeQuantName(fileRecipe);
        notes.push_back("weights sized as the recipe '" + fileRecipe + "' the file name '" + run.model.fileName +
                        "' carries");
        // Its publisher chose the types per model: the printed size is the one exact figure.
        if (named->recipe.approximate && run.model.fileBytes > 0) {
            s.weights.fileBytes = run.model.fileBytes;
            char gib[32];
            std::snprintf(gib, sizeof gib, "%.2f", double(run.model.fileBytes) / double(GiB));
            notes.push_back(std::string("the file's printed size (") + gib +
                            " GiB) fixes the weights' total; the routed experts keep the recipe's types");
        }
    } else if (!run.model.fileType.empty()) {
        if (!rt.weightsFromFileType(run.model.fileType, s.weights))
            notes.push_back("file type '" + run.model.fileType + "' is not modelled; the model's own format is used");
    } else if (run.settings.contains("quantization") && run.settings["quantization"].is_string() &&
               !methodFormat(run.settings["quantization"].get<std::string>()).empty()) {
        s.weights.format = methodFormat(run.settings["quantization"].get<std::string>());
    } else {
        // A published recipe the file name carries ("…-UD-Q4_K_XL.gguf", "…-Q6_K_L.gguf"), which the
        // word scan below would cut to its first words ("q4_k"); resolve sizes it (core/model/ggufrecipe.h).
        const std::string quant = quantNameInFileName(run.model.name);
        if (!quant.empty() && !findQuantFormat(quant) && findGgufRecipe(quant))
            s.weights.format = normalizeQuantName(quant);
        // The format a file or repository name carries ("…-Q4_K_M.gguf", "…-FP8", "…-mxfp4.gguf").
        const auto w = words(run.model.name);
        for (std::size_t i = 0; i < w.size() && s.weights.format.empty(); ++i)
            for (std::size_t n = 3; n >= 1; --n) {
                if (i + n > w.size())
                    continue;
                std::string id = w[i];
                for (std::size_t k = 1; k < n; ++k)
                    id += "_" + w[i + k];
                if (id != "f32" && id.size() > 2 && findQuantFormat(id)) {
                    s.weights.format = fileNameQuantFormat(id);
                    break;
                }
                if (n == 1 && !methodFormat(id).empty() && !findQuantFormat(id)) {
                    s.weights.format = methodFormat(id); // "…-GPTQ-4bit", "…-AWQ"
                    break;
                }
            }
        rt.adjustLogWeights(s.weights);
        if (!s.weights.format.empty())
            notes.push_back("weights format '" + s.weights.format + "' read from the model's name");
    }
    // A GGUF's printed size is the file's: a mix quantized by other rules than the build the planner
    // sums (an older llama-quantize) is scaled to it when more than 0.5 % off (estimation/plan.cpp).
    if (rt.logPrintsFileType() && run.model.fileBytes > 0 && s.weights.fileBytes == 0)
        s.weights.fileBytes = run.model.fileBytes;
    if (!s.weights.format.empty() && shippedFormat == s.weights.format)
        s.weights.format.clear();
    if (s.weights.format.empty() && shippedFormat.empty() && rt.logPrintsFileType())
        notes.push_back("the log prints no file type; the model's own dtype is assumed");
}

/// A model that is no preset, built from the shape llama.cpp printed (print_info): the layers,
/// width, heads, feed-forward, vocabulary and experts as config.json keys, the file type as the
/// weights format. False when the log printed too little for it.
bool modelFromShape(const MeasuredRun &run, const RuntimeModel &rt, Scenario &s, std::vector<std::string> &notes)
{
    const MeasuredModel &m = run.model;
    if (!m.layers || !m.embedding || !m.heads || !m.vocab || (!m.ffn && !m.ffnExpert))
        return false;
    json c{{"model_type", m.architecture.empty() ? std::string("llama") : m.architecture},
           {"num_hidden_layers", m.layers},
           {"hidden_size", m.embedding},
           {"num_attention_heads", m.heads},
           {"num_key_value_heads", m.kvHeads ? m.kvHeads : m.heads},
           {"vocab_size", m.vocab}};
    if (m.ffn)
        c["intermediate_size"] = m.ffn;
    if (m.headDim)
        c["head_dim"] = m.headDim;
    if (m.trainedContext)
        c["max_position_embeddings"] = m.trainedContext;
    if (m.experts > 1) {
        c["num_local_experts"] = m.experts;
        c["num_experts_per_tok"] = std::max<std::uint32_t>(1, m.expertsUsed);
        if (m.ffnExpert)
            c["moe_intermediate_size"] = m.ffnExpert;
    }
    s.model.config = c;
    // As for a preset: a recipe the file name carries, else the printed file type.
    inferWeightsFormat(run, {}, rt, s, notes);
    notes.push_back("model built from the printed shape of '" + (m.name.empty() ? m.architecture : m.name) + "'");
    return true;
}

/// Whatever else of the shape the log printed agrees with the preset: heads, cached heads, the
/// feed-forward width and the experts. Granite 4.1 8B (dense) and Granite 4.0 H Small (a hybrid
/// mixture) share their layers, width and vocabulary; only these tell them apart.
bool printedShapeAgrees(const MeasuredModel &m, const ModelArchitecture &a)
{
    if (m.heads && a.numAttentionHeads && m.heads != a.numAttentionHeads)
        return false;
    if (m.kvHeads && a.numAttentionHeads && m.kvHeads != a.kvHeads())
        return false;
    if (m.experts > 1 && m.experts != a.numExperts)
        return false;
    // llama.cpp prints n_ff from the config's feed-forward width: a dense model's, or one of a
    // mixture's (its dense layers', its shared expert's, or the experts' own in some conversions).
    if (!m.ffn)
        return true;
    for (std::uint32_t w :
         {a.intermediateSize, a.moeIntermediateSize, a.intermediateSizeMlp, a.sharedExpertIntermediateSize})
        if (w == m.ffn)
            return true;
    return a.intermediateSize == 0;
}

/// The preset of that architecture with that many layers, when exactly one has both.
const ModelPreset *onlyPresetOfArchitecture(std::string_view architecture, std::uint32_t layers,
                                            const PresetCatalog &catalog)
{
    const std::string key = architectureKey(architecture);
    const ModelPreset *only = nullptr;
    for (const ModelPreset &m : catalog.models())
        if (m.arch.numHiddenLayers == layers && architectureKey(m.arch.modelType) == key) {
            if (only)
                return nullptr;
            only = &m;
        }
    return only;
}

} // namespace

LogScenario scenarioFromLog(const MeasuredRun &run, const PresetCatalog &catalog)
{
    LogScenario out;
    Scenario &s = out.scenario;
    s = Scenario{};
    s.name = "from log";
    // The runtime that logged the run, and the one whose profile (named like its engine) sizes it.
    const RuntimeModel *logged = runtimeForLog(run.runtime);
    const RuntimeModel &rt = runtimeModel(logged ? logged->logSizedBy(run) : Engine{});
    const std::string rtId(logged ? rt.engine().id() : std::string_view(run.runtime));
    s.runtime.preset = catalog.runtime(rtId) ? rtId : std::string(kModelOnlyRuntime);
    if (std::string note = logged ? logged->logSizedByNote(run) : std::string(); !note.empty())
        out.notes.push_back(std::move(note));

    // Model: a name the log printed, else the shape it printed.
    const ModelPreset *model = run.model.name.empty() ? nullptr : matchModelPreset(run.model.name, catalog);
    if (model) {
        out.notes.push_back("model '" + model->id + "' matched from the printed name '" + run.model.name + "'");
    } else if (run.model.layers && run.model.embedding && run.model.vocab) {
        for (const ModelPreset &m : catalog.models())
            if (m.arch.numHiddenLayers == run.model.layers && m.arch.hiddenSize == run.model.embedding &&
                m.arch.vocabSize == run.model.vocab && printedShapeAgrees(run.model, m.arch)) {
                model = &m;
                out.notes.push_back("model '" + m.id + "' matched from the printed shape (layers, width, vocabulary)");
                break;
            }
    }
    // A log naming only the architecture and the layers (Ollama's own engine): the one preset with both.
    if (!model && !run.model.embedding && run.model.layers && !run.model.architecture.empty())
        if ((model = onlyPresetOfArchitecture(run.model.architecture, run.model.layers, catalog)))
            out.notes.push_back("model '" + model->id + "' matched from the printed architecture '" +
                                run.model.architecture + "' and its " + std::to_string(run.model.layers) +
                                " layers (the only preset with both)");
    if (!model && !modelFromShape(run, rt, s, out.notes)) {
        out.notes.push_back(run.model.name.empty() ? "the log names no model"
                                                   : "no preset matches the printed model '" + run.model.name + "'");
        return out;
    }
    out.modelIdentified = true;
    if (model) {
        s.model.preset = model->id;
        inferWeightsFormat(run, model->shippedFormat, rt, s, out.notes);
    }

    // Settings the log printed (or its command line asked for), where the profile knows them.
    json settings = json::object();
    const RuntimeProfile *profile = catalog.runtime(s.runtime.preset);
    const RuntimeModel &profileRuntime = runtimeModel(profile ? profile->engine : Engine{});
    for (auto &[k, v] : run.settings.items())
        if (isRuntimeSettingKey(s.runtime.preset, k))
            settings[k] = v;
    std::optional<ModelArchitecture> shaped;
    if (!model && !s.model.config.is_null()) {
        try {
            shaped = architectureFromConfig(s.model.config);
        } catch (const InputError &) {
            // a shape the planner cannot read implies nothing further
        }
    }
    profileRuntime.settingsFromLog(run, settings, s, model ? &model->arch : shaped ? &*shaped : nullptr);
    if (run.runtime == "ollama" && rtId != run.runtime && settings.contains("version") &&
        settings["version"].is_string())
        out.notes.push_back("Ollama " + run.version + " runs llama.cpp " + settings["version"].get<std::string>() +
                            ", the tree it vendors");
    s.runtime.settings = settings;

    // Hardware: the printed device and its total.
    std::set<int> gpus;
    for (const MeasuredFigure &f : run.figures)
        if (f.gpu >= 0 && f.load == 0)
            gpus.insert(f.gpu);
    // The first GPU as every line that names it describes it: the runtime's own device line, a
    // pasted nvidia-smi table ("gpu0"), a memory table. The first to give a name, total or free wins.
    std::optional<MeasuredDevice> first;
    for (const MeasuredDevice &d : run.devices)
        if (logtext::gpuIndexOfDevice(d.id) == 0 || d.id == "gpu0") {
            if (!first) {
                first = d;
                continue;
            }
            if (first->name.empty())
                first->name = d.name;
            if (!first->totalBytes)
                first->totalBytes = d.totalBytes;
            if (!first->freeBytes)
                first->freeBytes = d.freeBytes;
        }
    const MeasuredDevice *dev = first ? &*first : nullptr;
    const bool cpuOnly = (rt.logListsEveryDevice() && gpus.empty() && !run.figures.empty());
    if (cpuOnly) {
        s.hardware.preset = "cpu-ddr5-5600-2ch";
        out.notes.push_back("no GPU buffer in the log: a CPU machine (cpu-ddr5-5600-2ch) is assumed");
    } else {
        bool standIn = false;
        const HardwarePreset *hw =
            dev && !dev->name.empty() ? matchHardware(dev->name, dev->freeBytes, catalog, &standIn) : nullptr;
        s.hardware.preset = hw ? hw->spec.id : "h100-sxm";
        if (hw && standIn)
            out.notes.push_back("hardware '" + hw->spec.id + "' stands in for the printed device '" + dev->name +
                                "', a chip no preset describes");
        else if (hw)
            out.notes.push_back("hardware '" + hw->spec.id + "' matched from the printed device '" + dev->name + "'");
        else
            out.notes.push_back("the log names no known device: an H100 SXM is assumed for the device's size");
        if (dev && dev->totalBytes) {
            s.hardware.capacityBytes = dev->totalBytes;
            s.hardware.gpuUsableBytes = dev->totalBytes;
            out.notes.push_back("device total taken from the log");
        }
        if (rt.logListsEveryDevice() && gpus.size() > 1)
            s.hardware.count = std::uint32_t(gpus.size());
    }
    s.host.ramBytes = 1024 * GiB; // the host's size is not printed and changes no buffer
    return out;
}

bool Reconciliation::allInRange() const
{
    bool any = false;
    for (const Comparison &c : comparisons)
        if (c.compared) {
            any = true;
            if (!c.inRange)
                return false;
        }
    return any;
}

namespace {

/// The printed figures of one pool and guest, summed.
struct PrintedSum {
    double bytes = 0, precision = 0;
    std::string sources;
    bool outputOnly = true; ///< only output buffers (the excerpt stops before the compute buffers)
    bool partial = false;
    std::string why;
    const char *whyId = nullptr; ///< the id of why (Comparison::causeId)
};
using PrintedSums = std::map<std::pair<std::size_t, Guest>, PrintedSum>;

/// llama.cpp's row split buffers ("CUDA0_Split model buffer size = …").
bool isRowSplitBuffer(const MeasuredFigure &f)
{
    return f.kind == "model_buffer" && f.device.size() > 6 && f.device.ends_with("_Split");
}

/// llama.cpp's row split prints one "CUDAn_Split" buffer per device whose layers it holds, each the
/// whole size of those matrices, while every GPU allocates only its rows of each (ggml-cuda's
/// split buffer). The printed total is given to the GPUs by the rows the estimate gives each.
void spreadRowSplitBuffers(const MeasuredRun &run, const Estimate &e, PrintedSums &acc)
{
    double total = 0, precision = 0;
    for (const MeasuredFigure &f : run.figures)
        if (f.load == 0 && isRowSplitBuffer(f)) {
            total += double(f.bytes);
            precision += double(f.precision);
        }
    if (total <= 0)
        return;
    std::vector<double> rows(e.pools.size(), 0);
    double sum = 0;
    for (const Item &it : e.items)
        if (it.pool < e.pools.size() && e.pools[it.pool].kind == PoolKind::Vram &&
            (it.id == itemid::kWeightsLayers || it.id == itemid::kWeightsOutputHead)) {
            rows[it.pool] += double(it.bytes);
            sum += double(it.bytes);
        }
    if (sum <= 0) // no items to weigh by: even over the GPUs, as llama.cpp's default split of equal cards
        for (std::size_t p = 0; p < e.pools.size(); ++p)
            if (e.pools[p].kind == PoolKind::Vram) {
                rows[p] = 1;
                sum += 1;
            }
    // A GPU whose own model buffer line is missing (a cut excerpt) gets no weights figure at all
    // rather than its rows alone.
    std::vector<bool> printed(e.pools.size(), false);
    bool anyPrinted = false;
    for (const MeasuredFigure &f : run.figures)
        if (f.load == 0 && f.kind == "model_buffer" && f.gpu >= 0 && std::size_t(f.gpu) < printed.size())
            anyPrinted = printed[std::size_t(f.gpu)] = true;
    for (std::size_t p = 0; p < e.pools.size(); ++p) {
        if (rows[p] <= 0 || (anyPrinted && !printed[p]))
            continue;
        PrintedSum &a = acc[{p, Guest::Weights}];
        a.bytes += total * rows[p] / sum;
        a.precision += precision * rows[p] / sum;
        a.sources += std::string(a.sources.empty() ? "" : " + ") + "rows of the *_Split buffers";
        a.outputOnly = false;
    }
}

bool isMappedModelBuffer(const MeasuredFigure &f)
{
    return f.kind == "model_buffer" && f.device.size() > 7 && f.device.ends_with("_Mapped");
}

/// Mapped model buffers are views into the model file: llama.cpp maps, for each buffer type, the
/// span from its first to its last tensor (get_mapping_range, then
/// ggml_backend_dev_buffer_from_host_ptr), so two views overlap wherever one type's tensors lie
/// inside the other's span. A file whose token embedding (kept on the CPU) sits among the layers
/// gives a Metal_Mapped span over the whole file beside a CPU_Mapped one over the embedding. The
/// memory they hold is the file's pages once: a pool's mapped views that add up to more than the
/// printed file size are compared as the file.
void countOverlappingViewsOnce(const MeasuredRun &run, std::size_t host, PrintedSums &acc,
                               std::vector<std::string> &notes)
{
    const double file = double(run.model.fileBytes);
    if (file <= 0)
        return;
    std::map<std::size_t, double> mapped;
    for (const MeasuredFigure &f : run.figures)
        if (f.load == 0 && isMappedModelBuffer(f))
            mapped[f.gpu >= 0 ? std::size_t(f.gpu) : host] += double(f.bytes);
    for (const auto &[pool, bytes] : mapped) {
        // llama.cpp prints the file size with two decimals of GiB (or MiB): 1 % is beyond that rounding.
        const auto it = acc.find({pool, Guest::Weights});
        if (bytes <= file * 1.01 || it == acc.end())
            continue;
        PrintedSum &a = it->second;
        a.bytes -= bytes - file;
        a.precision += 0.005 * file; // the file size's own rounding, at most 0.005 GiB per GiB printed
        char mib[32];
        std::snprintf(mib, sizeof mib, "%.2f", (bytes - file) / double(MiB));
        notes.push_back(std::string("the mapped model buffers overlap by ") + mib +
                        " MiB: views of one file, counted once as its printed size");
    }
}

/// Sums the first load's printed figures per pool and guest; a figure with no pool in the scenario
/// becomes a note.
PrintedSums sumPrintedFigures(const MeasuredRun &run, const Estimate &e, std::size_t host,
                              std::vector<std::string> &notes)
{
    PrintedSums acc;
    spreadRowSplitBuffers(run, e, acc);
    bool gpuWeights = false, mapped = false, anyKvBuffer = false, anyGpu = false;
    for (const MeasuredFigure &f : run.figures) {
        if (f.load != 0)
            continue;
        gpuWeights = gpuWeights || (f.kind == "model_buffer" && f.gpu >= 0 && f.bytes > 64 * MiB);
        mapped = mapped || (f.kind == "model_buffer" && f.device == "CPU_Mapped");
        anyKvBuffer = anyKvBuffer || f.kind == "kv_buffer" || f.kind == "rs_buffer";
        anyGpu = anyGpu || f.gpu >= 0;
    }
    for (const MeasuredFigure &f : run.figures) {
        if (f.load != 0 || isRowSplitBuffer(f))
            continue;
        std::optional<Guest> g = f.guest;
        int gpu = f.gpu;
        if (f.kind == "kv_total" && !anyKvBuffer && !anyGpu) {
            g = Guest::KvCache; // a CPU run that printed only the KV total: it is the one buffer
            gpu = -1;
        }
        if (!g)
            continue;
        const std::size_t pool = gpu >= 0 ? std::size_t(gpu) : host;
        if (pool >= e.pools.size()) {
            notes.push_back(f.device + " " + f.kind + " has no pool in the scenario");
            continue;
        }
        PrintedSum &a = acc[{pool, *g}];
        a.bytes += double(f.bytes);
        a.precision += double(f.precision);
        a.sources += (a.sources.empty() ? "" : " + ") + f.device + " " + f.kind;
        a.outputOnly = a.outputOnly && f.kind == "output_buffer";
        // On a unified machine the CPU's view is in the device's own pool: overlapping views are
        // counted once below instead.
        if (f.kind == "model_buffer" && f.device == "CPU_Mapped" && gpuWeights && e.pools[pool].kind == PoolKind::Ram) {
            a.partial = true;
            a.whyId = "cause.cpu_mapped_span";
            a.why = "CPU_Mapped beside GPU weights is the mapped file span from the first to the last host tensor "
                    "(GPU tensors in between included): address space, not resident memory";
        }
        if (f.kind == "non_torch" && !sumFigures(run, "cuda_graph").count) {
            a.partial = true;
            a.whyId = "cause.non_torch_without_graphs";
            a.why = "the log prints the non-torch memory but not the CUDA graphs: part of this guest";
        }
    }
    countOverlappingViewsOnce(run, host, acc, notes);
    return acc;
}

/// One comparison per pool and guest the log printed.
void compareGuests(const PrintedSums &acc, const Estimate &e, std::vector<Comparison> &out)
{
    for (auto &[key, a] : acc) {
        const auto [pool, g] = key;
        Comparison c;
        c.pool = std::uint16_t(pool);
        c.poolId = poolLabel(e, pool);
        c.guest = std::string(guestId(g));
        c.planned = double(e.pools[pool].guest(g));
        bool calculated = true;
        auto [low, high] = statedRange(e, pool, g, &calculated);
        if (g == Guest::Activation && a.outputOnly) {
            // Output buffers alone (a log cut before the compute buffers, or a context that failed to
            // allocate them): compare them with the planned logits buffer, not with all activation.
            c.planned = low = high = 0;
            for (const Item &it : e.items)
                if (it.pool == pool && it.id == itemid::kActLogitsBuffer) {
                    c.planned += double(it.bytes);
                    low += double(it.low);
                    high += double(it.high);
                }
        }
        c.plannedLow = low;
        c.plannedHigh = high;
        c.measured = a.bytes;
        c.precision = a.precision;
        c.sources = a.sources;
        out.push_back(c);
        Comparison &cc = out.back();
        if (a.partial) {
            cc.compared = false;
            cc.cause = a.why;
            cc.causeId = a.whyId ? a.whyId : "";
        }
    }
}

void compareKvTokens(const MeasuredRun &run, const Estimate &e, std::vector<Comparison> &out)
{
    // Token capacity of a preallocated pool (vLLM "GPU KV cache size", SGLang "#tokens").
    if (run.kvCapacityTokens && e.kvCapacityTokens) {
        Comparison c;
        c.poolId = poolLabel(e, 0);
        c.guest = "kv_tokens";
        c.unit = "tokens";
        c.planned = double(e.kvCapacityTokens);
        c.plannedLow = double(e.kvCapacityTokensLow ? e.kvCapacityTokensLow : e.kvCapacityTokens);
        c.plannedHigh = double(e.kvCapacityTokensHigh ? e.kvCapacityTokensHigh : e.kvCapacityTokens);
        c.measured = double(run.kvCapacityTokens);
        c.sources = "KV pool tokens";
        out.push_back(c);
    }
}

void comparePeakMemory(const MeasuredRun &run, const Estimate &e, std::vector<Comparison> &out)
{
    // MLX's peak: everything the engine held at once in the unified pool.
    if (const FigureSum peak = sumFigures(run, "peak_memory"); peak.count) {
        Comparison c;
        c.poolId = poolLabel(e, 0);
        c.guest = "total";
        for (Guest g : {Guest::Weights, Guest::KvCache, Guest::Activation}) {
            c.planned += double(e.pools[0].guest(g));
            const auto [low, high] = statedRange(e, 0, g, nullptr);
            c.plannedLow += low;
            c.plannedHigh += high;
        }
        c.measured = double(peak.bytes);
        c.precision = double(peak.precision);
        c.sources = "peak memory";
        out.push_back(c);
    }
}

/// The run with the settings its printed figures imply for the user's model (a DeepSeek-style
/// cache layout from the K and V sizes) beside those it printed, so a scenario that lacks one is
/// told which.
MeasuredRun withImpliedSettings(const MeasuredRun &run, const Scenario &scenario, const PresetCatalog &catalog)
{
    MeasuredRun out = run;
    const RuntimeProfile *profile = catalog.runtime(scenario.runtime.preset);
    const ModelPreset *model = scenario.model.preset.empty() ? nullptr : catalog.model(scenario.model.preset);
    if (!profile || !model)
        return out;
    json implied = json::object();
    Scenario copy = scenario;
    runtimeModel(profile->engine).settingsFromLog(run, implied, copy, &model->arch);
    for (auto &[k, v] : implied.items())
        if (!out.settings.contains(k))
            out.settings[k] = v;
    return out;
}

/// The difference, whether it is in range and, when not, the likely cause.
void judge(std::vector<Comparison> &comparisons, const Estimate &e, const MeasuredRun &run, const Scenario &scenario,
           bool userScenario)
{
    for (Comparison &c : comparisons) {
        c.difference = c.measured - c.planned;
        c.relative = c.planned > 0 ? c.difference / c.planned : 0;
        if (!c.compared)
            continue;
        // Inside the stated range, widened by the log's own rounding; a calculated (exact) figure
        // also gets the 0.5 % target docs/accuracy.md sets for exact figures.
        bool calculated = false;
        if (c.unit == "bytes" && c.guest != "total")
            if (auto g = guestFromId(c.guest))
                statedRange(e, c.pool, *g, &calculated);
        const double tol = c.precision + (calculated ? 0.005 * c.planned : 0);
        c.inRange = c.measured >= c.plannedLow - tol && c.measured <= c.plannedHigh + tol;
        if (!c.inRange)
            likelyCause(c, run, scenario, userScenario);
    }
}

/// What the failed allocation asked for, beside the planner's figure for the same guest: for
/// vLLM's "KV cache is needed" the bytes per token times the context it was asked for, else the
/// guest in the pool the failure names. Shown, not judged: a failure's figure is one allocation.
void compareFailure(const MeasuredRun &run, const Estimate &e, std::size_t host, std::vector<Comparison> &out)
{
    const auto &f = run.failure;
    if (!f || !f->wanted || !f->guest)
        return;
    const std::size_t pool = f->gpu >= 0 ? std::size_t(f->gpu) : host;
    if (pool >= e.pools.size())
        return;
    Comparison c;
    c.pool = std::uint16_t(pool);
    c.poolId = poolLabel(e, pool);
    c.guest = std::string(guestId(*f->guest));
    c.planned = f->kind == "kv_cache_too_small" && f->maxModelLen
                    ? double(e.model.kvBytesPerToken) * double(f->maxModelLen)
                    : double(e.pools[pool].guest(*f->guest));
    c.plannedLow = c.plannedHigh = c.planned;
    c.measured = double(f->wanted);
    c.precision = double(f->precision);
    c.sources = "wanted at start-up";
    c.compared = false;
    out.push_back(c);
}

/// The log says the runtime did not start: where the planner agrees, nothing to add; where it
/// expected a fit, the likeliest reason from what the failure printed.
void judgeFailure(Reconciliation &r)
{
    const auto &f = r.run.failure;
    if (!f || !r.estimate.fits)
        return;
    auto set = [&](const char *id, std::string english, std::vector<std::string> args = {}) {
        r.verdictCauseId = id;
        r.verdictCause = std::move(english);
        r.verdictCauseArgs = std::move(args);
    };
    // Memory in use that is not the failing process's own belongs to other processes.
    const Bytes used = f->total > f->free ? f->total - f->free : 0;
    const Bytes others = used > f->ownUse ? used - f->ownUse : 0;
    if (f->total && f->free && others > f->total / 2)
        return set("verdict.device_shared",
                   "the planner expects a fit, but only " + formatGiB(f->free) + " of " + formatGiB(f->total) +
                       " was free: other processes held the rest",
                   {formatGiB(f->free), formatGiB(f->total)});
    if (f->ownUse && f->wanted) {
        // The runtime itself held the memory: the plan for that device is too small.
        const std::string poolId = f->gpu >= 0 ? "gpu" + std::to_string(f->gpu) : std::string("host");
        Bytes planned = r.estimate.pools.empty() ? 0 : r.estimate.mainPool().totalBytes; // a unified pool
        for (const Pool &p : r.estimate.pools)
            if (p.id == poolId)
                planned = p.totalBytes;
        return set("verdict.runtime_used_more",
                   "the planner expects a fit, but the runtime itself held " + formatGiB(f->ownUse) +
                       " and asked for " + formatGiB(f->wanted) + " more; the plan for that device is " +
                       formatGiB(planned),
                   {formatGiB(f->ownUse), formatGiB(f->wanted), formatGiB(planned)});
    }
    if (f->suggestedMaxModelLen && f->maxModelLen)
        return set("verdict.context_too_long",
                   "the runtime needs the context to fit in one request's KV cache: it suggests " +
                       std::to_string(f->suggestedMaxModelLen) + " tokens instead of " + std::to_string(f->maxModelLen),
                   {std::to_string(f->suggestedMaxModelLen), std::to_string(f->maxModelLen)});
    set("verdict.planner_optimistic",
        "the planner expects a fit; a setting the log does not print, or memory outside the plan, made the "
        "difference");
}

} // namespace

Reconciliation measuredOnly(const MeasuredRun &run, std::string missingInput, std::vector<std::string> notes)
{
    Reconciliation r;
    r.run = run;
    r.planned = false;
    r.missingInput = std::move(missingInput);
    r.notes = std::move(notes);
    r.notes.insert(r.notes.end(), run.notes.begin(), run.notes.end()); // what the reader skipped
    std::map<std::pair<int, Guest>, Comparison> rows;
    // Without a plan the row split's *_Split buffers go to the GPUs in even shares, which is what
    // llama.cpp's default split by free memory gives equal, idle cards.
    int gpus = 0;
    double split = 0, splitPrecision = 0;
    for (const MeasuredFigure &f : run.figures)
        if (f.load == 0) {
            gpus = std::max(gpus, f.gpu + 1);
            if (isRowSplitBuffer(f)) {
                split += double(f.bytes);
                splitPrecision += double(f.precision);
            }
        }
    for (int g = 0; split > 0 && g < gpus; ++g) {
        Comparison &c = rows[{g, Guest::Weights}];
        c.measured += split / gpus;
        c.precision += splitPrecision / gpus;
        c.sources = "rows of the *_Split buffers (even shares)";
    }
    for (const MeasuredFigure &f : run.figures) {
        if (f.load != 0 || !f.guest || (split > 0 && gpus > 0 && isRowSplitBuffer(f)))
            continue;
        Comparison &c = rows[{f.gpu, *f.guest}];
        c.measured += double(f.bytes);
        c.precision += double(f.precision);
        c.sources += (c.sources.empty() ? "" : " + ") + f.device + " " + f.kind;
    }
    for (auto &[key, c] : rows) {
        c.poolId = key.first >= 0 ? "gpu" + std::to_string(key.first) : std::string("host");
        c.pool = std::uint16_t(std::max(0, key.first));
        c.guest = std::string(guestId(key.second));
        c.compared = false;
        r.comparisons.push_back(std::move(c));
    }
    return r;
}

Reconciliation reconcileWithLogPlan(const MeasuredRun &run, const PresetCatalog &catalog)
{
    LogScenario ls = scenarioFromLog(run, catalog);
    if (!ls.modelIdentified)
        return measuredOnly(run, "model", std::move(ls.notes));
    try {
        return reconcile(run, ls.scenario, catalog, false, ls.notes);
    } catch (const InputError &e) {
        ls.notes.push_back(e.what());
        return measuredOnly(run, "model", std::move(ls.notes));
    }
}

Reconciliation reconcile(const MeasuredRun &run, const Scenario &scenario, const PresetCatalog &catalog,
                         bool userScenario, std::vector<std::string> notes)
{
    Reconciliation r;
    r.run = run;
    r.scenario = scenario;
    r.scenarioFromLog = !userScenario;
    r.notes = std::move(notes);
    // What the reader skipped: cut lines, settings the plan does not take.
    r.notes.insert(r.notes.end(), run.notes.begin(), run.notes.end());
    r.estimate = estimate(scenario, catalog);
    const Estimate &e = r.estimate;
    if (run.loads > 1)
        r.notes.push_back("the log holds " + std::to_string(run.loads) + " model loads; the first is compared");
    if (e.pools.empty())
        return r;
    const std::size_t host = hostPool(e);

    // Sum the printed figures per pool and guest.
    const PrintedSums acc = sumPrintedFigures(run, e, host, r.notes);
    compareGuests(acc, e, r.comparisons);
    compareKvTokens(run, e, r.comparisons);
    comparePeakMemory(run, e, r.comparisons);
    compareFailure(run, e, host, r.comparisons);
    judge(r.comparisons, e, userScenario ? withImpliedSettings(run, scenario, catalog) : run, scenario, userScenario);
    judgeFailure(r);
    return r;
}

json reconciliationToJson(const Reconciliation &r)
{
    json j;
    j["schema"] = kReconcileSchema;
    j["runtime"] = r.run.runtime;
    j["runtime_version"] = r.run.version;
    j["scenario_from"] = r.scenarioFromLog ? "log" : "file";
    j["scenario"] = scenarioToJson(r.scenario);
    j["measured"] = measuredRunToJson(r.run);
    json rows = json::array();
    for (const Comparison &c : r.comparisons) {
        json row{{"pool", c.poolId},
                 {"guest", c.guest},
                 {"unit", c.unit},
                 {"planned", c.planned},
                 {"planned_low", c.plannedLow},
                 {"planned_high", c.plannedHigh},
                 {"measured", c.measured},
                 {"measured_precision", c.precision},
                 {"difference", c.difference},
                 {"relative", c.relative},
                 {"compared", c.compared},
                 {"sources", c.sources},
                 {"evidence", evidenceId(Evidence::Measured)}};
        row["in_range"] = c.compared ? json(c.inRange) : json();
        if (!c.cause.empty())
            row["cause"] = c.cause;
        if (!c.causeId.empty()) {
            row["cause_id"] = c.causeId;
            row["cause_args"] = c.causeArgs;
        }
        rows.push_back(row);
    }
    j["comparisons"] = rows;
    j["all_in_range"] = r.allInRange();
    j["planned"] = r.planned;
    if (!r.planned) {
        j["needs"] = r.missingInput;
        j["scenario"] = json();
    }
    j["fits"] = r.planned ? json(r.estimate.fits) : json();
    j["runtime_verdict"] = r.didNotStart() ? "did_not_start" : "started";
    if (r.run.failure)
        j["failure"] = measuredRunToJson(r.run)["failure"];
    if (!r.verdictCauseId.empty())
        j["verdict_cause"] = {{"id", r.verdictCauseId}, {"text", r.verdictCause}, {"args", r.verdictCauseArgs}};
    j["notes"] = r.notes;
    return j;
}

} // namespace memplan
