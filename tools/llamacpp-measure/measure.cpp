// Loads a GGUF with the llama.cpp library that node-llama-cpp ships and creates one
// context, printing llama.cpp's own log lines (model, KV, RS, compute and output
// buffers, the context parameters). Nothing is evaluated: every buffer is sized and
// allocated when the context is created. Build and usage: README.md in this folder.
//
//   measure MODEL.gguf key=value...
//   keys: ctx batch ubatch seqs fa(on|off|auto) ctk ctv unified(0|1) mmap(0|1)
//         outputs(n_outputs_max, 0 = n_batch as in llama-cli/node-llama-cpp) repack(0|1) threads
#include "ggml-backend.h"
#include "llama.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

static ggml_type kvType(const std::string &s)
{
    if (s == "f16") return GGML_TYPE_F16;
    if (s == "bf16") return GGML_TYPE_BF16;
    if (s == "q8_0") return GGML_TYPE_Q8_0;
    if (s == "q4_0") return GGML_TYPE_Q4_0;
    if (s == "f32") return GGML_TYPE_F32;
    std::fprintf(stderr, "unknown KV type %s\n", s.c_str());
    std::exit(2);
}

// Debug lines (one per graph input) are left out; info, warnings and errors are kept.
static void logLine(ggml_log_level level, const char *text, void *)
{
    if (level != GGML_LOG_LEVEL_DEBUG)
        std::fputs(text, stdout);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s MODEL.gguf [key=value...]\n", argv[0]);
        return 2;
    }
    std::map<std::string, std::string> kv = {{"ctx", "4096"}, {"batch", "2048"}, {"ubatch", "512"}, {"seqs", "1"},
                                             {"fa", "auto"},   {"ctk", "f16"},    {"ctv", "f16"},    {"unified", "0"},
                                             {"mmap", "1"},    {"outputs", "0"},  {"repack", "1"},   {"threads", "2"}};
    for (int i = 2; i < argc; ++i) {
        const char *eq = std::strchr(argv[i], '=');
        if (!eq || !kv.count(std::string(argv[i], std::size_t(eq - argv[i])))) {
            std::fprintf(stderr, "bad argument %s\n", argv[i]);
            return 2;
        }
        kv[std::string(argv[i], std::size_t(eq - argv[i]))] = eq + 1;
    }
    llama_log_set(logLine, nullptr);
    const char *dir = std::getenv("LLAMA_BACKEND_DIR");
    if (dir)
        ggml_backend_load_all_from_path(dir);
    else
        ggml_backend_load_all();
    llama_backend_init();

    llama_model_params mp = llama_model_default_params();
    mp.n_gpu_layers = 0;
    mp.load_mode = kv["mmap"] == "1" ? LLAMA_LOAD_MODE_MMAP : LLAMA_LOAD_MODE_NONE;
    mp.use_extra_bufts = kv["repack"] == "1";
    llama_model *model = llama_model_load_from_file(argv[1], mp);
    if (!model)
        return 1;

    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = std::stoul(kv["ctx"]);
    cp.n_batch = std::stoul(kv["batch"]);
    cp.n_ubatch = std::stoul(kv["ubatch"]);
    cp.n_seq_max = std::stoul(kv["seqs"]);
    cp.n_outputs_max = std::stoul(kv["outputs"]);
    cp.n_threads = cp.n_threads_batch = std::stoi(kv["threads"]);
    cp.flash_attn_type = kv["fa"] == "on"    ? LLAMA_FLASH_ATTN_TYPE_ENABLED
                         : kv["fa"] == "off" ? LLAMA_FLASH_ATTN_TYPE_DISABLED
                                             : LLAMA_FLASH_ATTN_TYPE_AUTO;
    cp.type_k = kvType(kv["ctk"]);
    cp.type_v = kvType(kv["ctv"]);
    cp.kv_unified = kv["unified"] == "1";
    llama_context *ctx = llama_init_from_model(model, cp);
    if (!ctx)
        return 1;
    llama_free(ctx);
    llama_model_free(model);
    return 0;
}
