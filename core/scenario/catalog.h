#pragma once
// The library of presets: models, machines, runtime profiles and lessons,
// parsed from JSON text. core/ does not know where the text comes from (texts
// compiled into the programs, a folder in tests and with --presets); it only
// parses, validates and lets later files override earlier ones by id.
//
// Shipped presets are registered unparsed (addLazyText) and parsed the first time
// something asks for them: a lookup by id parses that one file, a listing parses
// its kind. So a command that sizes one scenario parses the few presets it touches,
// whichever those are, and a listing still sees every preset (issue 31).

#include "error.h"
#include "hardware/hardware.h"
#include "hardware/price.h"
#include "model/modelarch.h"
#include "scenario/runtimeprofile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

/// Where the weights of one format are published (preset key `repositories`, issue 34 item 6):
/// a Hugging Face repository and, for a GGUF download, the file to load from it.
struct WeightRepository {
    std::string repo;   ///< "Qwen/Qwen3-30B-A3B-FP8"
    std::string file;   ///< "gpt-oss-120b-mxfp4-00001-of-00003.gguf"; empty for a checkpoint repository
    std::string source; ///< where the repository was seen to exist
    bool isGguf() const { return !file.empty(); }
    bool operator==(const WeightRepository &) const = default;
};

struct ModelPreset {
    std::string id;
    std::string name;
    std::string family;
    std::string hfRepo;
    bool verified = false;
    ModelArchitecture arch;
    ParameterCounts computed;
    std::optional<std::uint64_t> declaredParameters;
    std::string declaredLabel;
    std::string nativeDtype;   ///< "bf16"
    std::string shippedFormat; ///< "mxfp4", "fp8" or empty
    std::uint64_t maxContext = 0;
    bool maxContextAssumed = false; ///< neither max_context nor max_position_embeddings given
    /// Vision tower + projector of a multimodal checkpoint (preset key "vision"), 0 = text only.
    std::uint64_t visionParameters = 0;
    std::vector<std::string> variants; ///< quant format ids people download
    /// Format id -> where that format is published, beside hf_repo (which holds the native or
    /// shipped format). Only repositories seen to exist; a launch command says when none is known.
    std::map<std::string, WeightRepository> repositories;
    std::vector<std::string> sources;
    std::string notes;
    std::string origin; ///< file it came from
    bool user = false;  ///< from a user folder rather than shipped

    /// The checkpoint's size as lists show it: the declared count, else the computed one with
    /// the vision tower (a multimodal model's name counts it: Llama 3.2 "11B" Vision).
    std::uint64_t listedParameters() const { return declaredParameters.value_or(computed.total() + visionParameters); }
};

struct HardwarePreset {
    HardwareSpec spec;
    std::uint32_t memoryChannels = 0; ///< CPU platforms
    std::uint32_t memoryMts = 0;
    std::string notes;
    Price price; ///< optional `price` with its source (core/hardware/price.h); unknown when absent
    std::string origin;
    bool user = false;
};

struct LessonPreset {
    std::string id;
    nlohmann::json document; ///< the whole lesson file; its shape belongs to classroom mode
    std::string origin;
};

/// The kinds of preset, as the shipped folders name them (presets/<kind>s/<id>.json).
enum class PresetKind { Model, Hardware, Runtime, Lesson };

class PresetCatalog {
public:
    /// Parses one preset file's text and adds (or replaces, by id) what it holds.
    /// A broken file adds nothing and is reported in problems(); it never throws.
    bool addText(const std::string &text, const std::string &origin, bool user = false);
    /// Adds every *.json below dir (sorted by path). Missing dir: a problem, nothing else.
    void addDirectory(const std::string &dir, bool user = false);
    /// Registers a shipped preset's text without parsing it: it is parsed when a lookup asks for
    /// `id` of `kind` or a listing of that kind is read. The text must outlive the catalog
    /// (static data). A lazy text is the lowest layer: a preset of the same id added any other
    /// way wins, whichever came first.
    void addLazyText(PresetKind kind, std::string id, std::string_view text, std::string origin);

    // Listings parse every pending preset of their kind first; problems() parses all of them.
    const std::deque<ModelPreset> &models() const;
    const std::deque<HardwarePreset> &hardware() const;
    const std::deque<RuntimeProfile> &runtimes() const;
    const std::deque<LessonPreset> &lessons() const;
    const std::vector<ErrorInfo> &problems() const;
    /// The problems found so far, without parsing what is still pending: the files read whole
    /// (user and --presets folders, calibrations) and the shipped presets already asked for.
    std::vector<ErrorInfo> problemsSoFar() const;

    const ModelPreset *model(const std::string &id) const;
    const HardwarePreset *hardwareById(const std::string &id) const;
    const RuntimeProfile *runtime(const std::string &id) const;
    const LessonPreset *lesson(const std::string &id) const;

    /// Adds a preset parsed elsewhere (e.g. "Save as preset"); replaces one with the same id.
    void addModel(ModelPreset preset);
    void addHardware(HardwarePreset preset);
    /// Adds or replaces (by id) a runtime profile, e.g. one calibrated from a log.
    void addRuntime(RuntimeProfile profile);
    /// Records a file skipped by a reader outside the catalog (a calibration, core/logs/calibration.h),
    /// so it is listed with the presets skipped.
    void addProblem(ErrorInfo problem) { m_problems.push_back(std::move(problem)); }

    PresetCatalog() = default;
    PresetCatalog(const PresetCatalog &other);
    PresetCatalog &operator=(const PresetCatalog &other);
    PresetCatalog(PresetCatalog &&other) noexcept;
    PresetCatalog &operator=(PresetCatalog &&other) noexcept;

private:
    struct Pending {
        PresetKind kind;
        std::string id;
        std::string_view text;
        std::string origin;
    };
    bool addParsed(const std::string &text, const std::string &origin, bool user, bool lazy);
    /// Parses the pending texts of `kind` (all kinds when nullopt) named `id` (every id when
    /// empty). Callers hold m_lock.
    void materialize(std::optional<PresetKind> kind, const std::string &id) const;
    bool holds(PresetKind kind, const std::string &id) const;

    // Deques: a lookup may parse a pending preset and append it, and pointers handed out
    // earlier must stay valid.
    mutable std::deque<ModelPreset> m_models;
    mutable std::deque<HardwarePreset> m_hardware;
    mutable std::deque<RuntimeProfile> m_runtimes;
    mutable std::deque<LessonPreset> m_lessons;
    mutable std::vector<ErrorInfo> m_problems;
    mutable std::vector<Pending> m_pending;
    // Lookups are const and may parse: they serialise on this lock (the window estimates on
    // worker threads with a shared catalog).
    mutable std::recursive_mutex m_lock;
};

// Parsers for each kind; they throw InputError naming the key.
ModelPreset parseModelPreset(const nlohmann::json &doc);
HardwarePreset parseHardwarePreset(const nlohmann::json &doc);
RuntimeProfile parseRuntimeProfile(const nlohmann::json &doc);

/// The JSON a model or hardware preset is saved as (round-trips through the parsers).
nlohmann::json modelPresetToJson(const ModelPreset &preset);
nlohmann::json hardwarePresetToJson(const HardwarePreset &preset);

/// Parses JSON text with a nesting limit; throws InputError with the parser's reason.
nlohmann::json parseJsonText(const std::string &text, const std::string &origin);

} // namespace memplan
