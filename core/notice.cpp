#include "notice.h"

namespace memplan {

bool Notice::operator==(const Notice &other) const
{
    if (id != other.id || args.size() != other.args.size())
        return false;
    for (const NoticeArg &a : args) {
        const NoticeArg *b = other.arg(a.name);
        if (!b || !(*b == a))
            return false;
    }
    return true;
}

const NoticeArg *Notice::arg(std::string_view name) const
{
    for (const NoticeArg &a : args)
        if (a.name == name)
            return &a;
    return nullptr;
}

Notice makeNotice(std::string_view id, std::initializer_list<NoticeArg> args)
{
    return Notice{id, args};
}

NoticeArg textArg(std::string_view name, std::string text)
{
    NoticeArg a;
    a.name = name;
    a.text = std::move(text);
    return a;
}

NoticeArg numberArg(std::string_view name, NoticeArg::Kind kind, std::uint64_t value)
{
    NoticeArg a;
    a.name = name;
    a.kind = kind;
    a.number = value;
    return a;
}

namespace {

std::string s(const Notice &n, std::string_view name)
{
    const NoticeArg *a = n.arg(name);
    if (!a)
        return "?";
    return a->kind == NoticeArg::Kind::Text ? a->text : std::to_string(a->number);
}

} // namespace

std::string noticeEnglish(const Notice &n)
{
    const std::string_view id = n.id;
    if (id == "warn.what_if_architecture")
        return "the architecture was changed from the preset (a what-if model, not the real one)";
    if (id == "warn.context_above_max")
        return "context of " + s(n, "context") + " tokens is longer than the model's maximum of " + s(n, "max");
    if (id == "warn.context_limit_assumed")
        return "the model states no context limit (no max_position_embeddings), so " + s(n, "max") +
               " tokens is assumed; a context of " + s(n, "context") +
               " tokens is above it: a runtime that checks the limit refuses to start if the real limit is lower";
    if (id == "warn.tp_heads_indivisible")
        return "tensor parallelism needs the attention heads (" + s(n, "heads") + ") to divide by the GPU count (" +
               s(n, "gpus") + ")";
    if (id == "warn.one_device_count")
        return "hardware.count is " + s(n, "count") +
               ", but a unified-memory or CPU-only machine is one device: the plan uses one (several machines: "
               "memplan-cli cluster)";
    if (id == "warn.mixed_format_average")
        return s(n, "format") + " mixes tensor types; its size is an average from llama.cpp's table, so the real file "
                                "may differ by a few percent (import the file for exact bytes)";
    if (id == "warn.window_unsupported")
        return s(n, "runtime") + " does not use the sliding window of " + s(n, "model_type") +
               " models: every layer keeps the whole context";
    if (id == "refuse.kv_cache_dtype" && n.arg("accepted")) // the setting and the choices named
        return s(n, "runtime") + " will not start: it has no " + s(n, "dtype") + " KV cache (" + s(n, "setting") +
               " states it; " + s(n, "runtime") + " takes " + s(n, "accepted") + ")";
    if (id == "refuse.kv_cache_dtype") // an estimate written before the setting was named
        return s(n, "runtime") + " will not start: its KV cache cannot be " + s(n, "dtype") +
               " (kv_cache_dtype takes auto or fp8 variants)";
    // The GGUF line from both sides: llama.cpp loads nothing else (its notice names the runtime
    // and the setting), Transformers dequantizes it.
    if (id == "refuse.gguf_weights" && n.arg("runtime"))
        return s(n, "runtime") + " will not start: it loads GGUF files, and " + s(n, "format") +
               " weights are not a GGUF type (" + s(n, "setting") +
               " states it; choose a GGUF format such as q4_k_m, q8_0 or bf16)";
    if (id == "refuse.gguf_weights")
        return "Transformers will not run " + s(n, "format") +
               " weights: GGUF quantized tensors are dequantized on load (gguf_file), so choose bf16, f16 or a "
               "format Transformers runs (GPTQ, AWQ, bitsandbytes, FP8)";
    if (id == "refuse.tp_heads")
        return "will not start: tensor parallelism of " + s(n, "tp") + " does not divide the " + s(n, "heads") +
               " attention heads (the runtime requires num_attention_heads % tensor_parallel_size == 0)";
    if (id == "refuse.context_above_max")
        return s(n, "runtime") + " will not start: a context of " + s(n, "context") +
               " tokens is above the model's maximum of " + s(n, "max") +
               " without rope scaling (max_model_len must not exceed max_position_embeddings)";
    if (id == "refuse.cross_attention")
        return s(n, "runtime") + " will not start: it cannot run " + s(n, "model_type") +
               " models, whose cross-attention layers read the image (llama.cpp never added them; vLLM dropped them "
               "with its V0 engine in 0.11.0; Transformers and SGLang run them)";
    if (id == "warn.speed_host_assumed")
        return "speed: no host CPU platform preset, so host RAM is taken as dual-channel DDR5-5600 (89.6 GB/s); set "
               "host.preset for your machine's channels and speed";
    if (id == "warn.speed_cpu_assumed")
        return "speed: the scenario states no host CPU, so what the CPU computes is timed on 8 cores at 4.5 GHz "
               "with AVX2; set host.cpu (cores, clock, vector class) for your machine";
    if (id == "warn.speed_no_compute_figure")
        return "speed: " + s(n, "device") +
               " states no compute rate, so its prompt rate is taken from its memory bandwidth times the FLOP per "
               "byte of the GPU presets (a wide range); a preset that states the rate gives a narrower one";
    if (id == "warn.paged_optimizer")
        return "paged optimizer: its states live in CUDA unified memory and move to host RAM only when the GPU runs "
               "out, at the cost of PCIe transfers; the estimate counts them on the GPU";
    if (id == "warn.zero_single_rank")
        return "ZeRO/FSDP over a single rank shards nothing: use several GPUs or offload";
    if (id == "warn.framework_untied_head")
        return s(n, "framework") +
               " builds the model with an output head of its own: the head the checkpoint ties to "
               "the embedding becomes a second table of " +
               s(n, "params") + " parameters";
    if (id == "warn.release_older")
        return s(n, "runtime") + " " + s(n, "release") + " is older than the oldest release the planner models (" +
               s(n, "oldest") + "): it is sized with that release's rules, which may not match";
    if (id == "warn.gguf_recipe_approximate")
        return s(n, "recipe") + " is sized as " + s(n, "assumed") + " because its per-tensor types are not modelled (" +
               s(n, "source") + "), so the weights' range is widened to " + s(n, "low") + "-" + s(n, "high") +
               " % of the figure (import the file for exact bytes)";
    if (id == "warn.override_tensor_other")
        return "the tensor override '" + s(n, "entry") + "' also matches " + s(n, "tensor") +
               "; the planner places only the routed experts by overrides, so such tensors stay with their layer";
    if (id == "warn.override_tensor_device")
        return "the tensor override '" + s(n, "entry") + "' names a GPU the scenario does not have (it has " +
               s(n, "gpus") + "), so the tensors it matches stay with their layer";
    if (id == "warn.gguf_recipe_unknown")
        return s(n, "name") + " is not a GGUF recipe the planner knows: it is sized as " + s(n, "assumed") +
               ", the closest stock recipe with the same bits in its name, and the weights' range is widened to " +
               s(n, "low") + "-" + s(n, "high") + " % of the figure (import the file for exact bytes)";
    if (id == "warn.reclaimable_mapped")
        return s(n, "pool") + ": " + s(n, "bytes") +
               " bytes of it are the mapped file's originals of the repacked weights; the kernel drops them when RAM "
               "runs short, so they are shown but not required (--no-mmap never loads them)";
    if (id == "note.launch_weights_unknown")
        return "no download of " + s(n, "model") + " in " + s(n, "format") + " is known to the planner: replace " +
               s(n, "placeholder") + " in the command with the repository or file you use";
    if (id == "warn.loading_peak")
        return s(n, "pool") + ": the loading peak (" + s(n, "peak") +
               " bytes) exceeds the capacity although steady use would fit";
    return s(n, "text");
}

} // namespace memplan
