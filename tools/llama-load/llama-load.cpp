// llama-server's load phase and nothing else, on the llama.cpp libraries the npm package
// node-llama-cpp ships (which has no llama-server of its own). It takes the flags the
// planner's llama.cpp launch command uses, loads the model and creates the context the way
// llama-server v0.5.0 does (one logit row per slot, a unified KV cache unless
// --no-kv-unified), printing llama.cpp's own log lines, then exits. The test of
// `memplan-cli reconcile --run` starts it in place of llama-server (--program), so the run
// it reconciles is a real allocation by the real libraries. Build: tests/CMakeLists.txt.
#include "ggml-backend.h"
#include "llama.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

ggml_type kvType(const std::string &s)
{
    if (s == "f16")
        return GGML_TYPE_F16;
    if (s == "bf16")
        return GGML_TYPE_BF16;
    if (s == "q8_0")
        return GGML_TYPE_Q8_0;
    if (s == "q4_0")
        return GGML_TYPE_Q4_0;
    if (s == "q4_1")
        return GGML_TYPE_Q4_1;
    if (s == "q5_0")
        return GGML_TYPE_Q5_0;
    if (s == "q5_1")
        return GGML_TYPE_Q5_1;
    if (s == "f32")
        return GGML_TYPE_F32;
    std::fprintf(stderr, "llama-load: unknown cache type %s\n", s.c_str());
    std::exit(2);
}

// Graph-input debug lines are left out, as llama-server leaves them out at its default verbosity.
void logLine(ggml_log_level level, const char *text, void *)
{
    if (level != GGML_LOG_LEVEL_DEBUG)
        std::fputs(text, stderr);
}

} // namespace

int main(int argc, char **argv)
{
    std::string model;
    llama_model_params mp = llama_model_default_params();
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = 4096;
    cp.n_batch = 2048;
    cp.n_ubatch = 512;
    cp.n_seq_max = 1;
    cp.kv_unified = true;
    cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_AUTO;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "llama-load: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "-m" || a == "--model")
            model = next();
        else if (a == "-c" || a == "--ctx-size")
            cp.n_ctx = std::stoul(next());
        else if (a == "-np" || a == "--parallel")
            cp.n_seq_max = std::stoul(next());
        else if (a == "-b" || a == "--batch-size")
            cp.n_batch = std::stoul(next());
        else if (a == "-ub" || a == "--ubatch-size")
            cp.n_ubatch = std::stoul(next());
        else if (a == "-ngl" || a == "--n-gpu-layers")
            mp.n_gpu_layers = std::stoi(next());
        else if (a == "-fa" || a == "--flash-attn") {
            const std::string v = next();
            cp.flash_attn_type = v == "on"    ? LLAMA_FLASH_ATTN_TYPE_ENABLED
                                 : v == "off" ? LLAMA_FLASH_ATTN_TYPE_DISABLED
                                              : LLAMA_FLASH_ATTN_TYPE_AUTO;
        } else if (a == "-ctk" || a == "--cache-type-k")
            cp.type_k = kvType(next());
        else if (a == "-ctv" || a == "--cache-type-v")
            cp.type_v = kvType(next());
        else if (a == "--no-kv-unified")
            cp.kv_unified = false;
        else if (a == "--no-mmap")
            mp.load_mode = LLAMA_LOAD_MODE_NONE;
        else if (a == "--swa-full")
            cp.swa_full = true;
        else if (a == "--host" || a == "--port" || a == "--cache-ram" || a == "--ctx-checkpoints")
            next(); // the HTTP server and its host-RAM caches: allocated only once requests come
        else if (a == "--hf-repo" || a == "--hf-file" || a == "-hf") {
            std::fprintf(stderr, "llama-load: %s downloads; a load-only run takes a local file (-m)\n", a.c_str());
            return 2;
        } else {
            std::fprintf(stderr, "llama-load: flag %s is not one the planner's launch command uses\n", a.c_str());
            return 2;
        }
    }
    if (model.empty()) {
        std::fprintf(stderr, "usage: llama-load -m MODEL.gguf [llama-server flags]\n");
        return 2;
    }
    // llama-server keeps one logit row per slot (its n_outputs_max), where the library's
    // default is a whole batch.
    cp.n_outputs_max = cp.n_seq_max;
    cp.n_threads = cp.n_threads_batch = 2;

    llama_log_set(logLine, nullptr);
    if (const char *dir = std::getenv("LLAMA_BACKEND_DIR"))
        ggml_backend_load_all_from_path(dir);
    else
        ggml_backend_load_all();
    llama_backend_init();
    llama_model *m = llama_model_load_from_file(model.c_str(), mp);
    if (!m) {
        std::fprintf(stderr, "llama-load: failed to load %s\n", model.c_str());
        return 1;
    }
    llama_context *ctx = llama_init_from_model(m, cp);
    if (!ctx) {
        std::fprintf(stderr, "llama-load: failed to create the context\n");
        llama_model_free(m);
        return 1;
    }
    std::fprintf(stderr, "llama-load: model and context allocated; exiting (load-only)\n");
    llama_free(ctx);
    llama_model_free(m);
    return 0;
}
