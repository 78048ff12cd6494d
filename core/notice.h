#pragma once
// Warnings as data: a stable id ("warn.loading_peak") and typed arguments
// (bytes, tokens, counts, names). Core renders the English sentence for the CLI
// and the `warnings` strings of the estimate JSON; the UI translates by id and
// formats the arguments itself (ui/enginetext.cpp). Item ids live in itemids.h.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

struct NoticeArg {
    enum class Kind { Bytes, Tokens, Count, Text };
    std::string_view name; ///< "peak", "pool", "context" (static text)
    Kind kind = Kind::Text;
    std::uint64_t number = 0;
    std::string text;
    bool operator==(const NoticeArg &) const = default;
};

struct Notice {
    std::string_view id; ///< one of kNoticeIds (static text)
    std::vector<NoticeArg> args;
    /// Arguments are named, so their order carries nothing: the estimate JSON keeps them in an
    /// object, which reads back in key order.
    bool operator==(const Notice &other) const;

    const NoticeArg *arg(std::string_view name) const;
};

/// Every notice id the engine emits (tests check each has English and Korean text).
inline constexpr std::array kNoticeIds = {
    "warn.what_if_architecture",  ///< the scenario changed the preset's architecture
    "warn.context_above_max",     ///< context (tokens) longer than the model's max (tokens)
    "warn.context_limit_assumed", ///< context (tokens) above max (tokens), a limit the model does not state
    "warn.tp_heads_indivisible",  ///< heads (count) do not divide by gpus (count)
    "warn.one_device_count",      ///< hardware.count (count) on a unified or CPU-only machine, which is one device
    "warn.mixed_format_average",  ///< format (text) is a table average
    "warn.window_unsupported",    ///< runtime (text) ignores the window of model_type (text)
    "warn.loading_peak",          ///< pool (text): loading peak (bytes) above capacity
    "warn.reclaimable_mapped",    ///< pool (text): bytes (bytes) of mapped originals of repacked weights, not required
    "warn.model_input",           ///< a note from the model file or config reader (text), English only
    "warn.speed_host_assumed",    ///< speed: no host platform preset, dual-channel DDR5-5600 assumed
    "warn.speed_cpu_assumed",     ///< speed: no host.cpu, an 8-core 4.5 GHz AVX2 CPU assumed
    "warn.speed_no_compute_figure", ///< speed: device (text) states no compute rate; the prompt's is from its bandwidth
    "warn.paged_optimizer",         ///< training: paged optimizer states counted on the GPU
    "warn.zero_single_rank",        ///< training: ZeRO/FSDP over one rank shards nothing
    "warn.framework_untied_head",   ///< training: framework (text) keeps a head of its own, params (count) more
    "warn.release_older",           ///< runtime (text) release (text) is older than the oldest it knows, oldest (text)
    "warn.gguf_recipe_approximate", ///< recipe (text) of source (text) sized as assumed (text), range low..high (count,
                                    ///< %)
    "warn.gguf_recipe_unknown",     ///< name (text) unknown, sized as assumed (text), range low..high (count, %)
    "warn.override_tensor_other",   ///< -ot entry (text) also moves tensor (text), which stays with its layer
    "warn.override_tensor_device",  ///< -ot entry (text) names a GPU past the scenario's gpus (count)
    // Beside the launch command only (Estimate::launchNote), never among the warnings.
    "note.launch_weights_unknown", ///< no download of model (text) in format (text) known: replace placeholder (text)
    // Settings the runtime refuses at start-up: the estimate's verdict is "will not start".
    "refuse.kv_cache_dtype",    ///< runtime (text) has no KV cache of dtype (text)
    "refuse.gguf_weights",      ///< Transformers does not run GGUF format (text) weights
    "refuse.tp_heads",          ///< heads (count) do not divide by tensor_parallel_size tp (count)
    "refuse.context_above_max", ///< runtime (text): context (tokens) above the model's max (tokens)
    "refuse.cross_attention",   ///< runtime (text) has no model_type (text) models (cross-attention image layers)
};

Notice makeNotice(std::string_view id, std::initializer_list<NoticeArg> args);
NoticeArg textArg(std::string_view name, std::string text);
NoticeArg numberArg(std::string_view name, NoticeArg::Kind kind, std::uint64_t value);

/// The English sentence (byte counts as plain integers, as the CLI always printed them).
std::string noticeEnglish(const Notice &n);

} // namespace memplan
