// Times llama.cpp on the CPU the way llama-bench does, with the libraries node-llama-cpp
// ships: tgN (N single-token decode steps after an empty cache) and ppN (one N-token prompt
// in micro-batches). The weights of a weight-less GGUF read as zeros, which changes no
// instruction the kernels run, so the rates are those of the real checkpoint's format on
// this core. Build: README.md in this folder (same flags as measure.cpp).
//
//   decode_rate MODEL.gguf key=value...
//   keys: threads tg pp ubatch repeat
// Prints one line: "threads=T tg=N tg_s=SECONDS pp=M pp_s=SECONDS" (best of `repeat`).
#include "ggml-backend.h"
#include "llama.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

static void quiet(ggml_log_level, const char *, void *) {}

static double seconds(std::chrono::steady_clock::time_point a)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

// tg: one token per step, each step's logits read, as llama-bench's test_gen does.
static double timeDecode(llama_context *ctx, int n)
{
    llama_memory_clear(llama_get_memory(ctx), true);
    llama_token tok = 1;
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) {
        llama_batch b = llama_batch_get_one(&tok, 1);
        if (llama_decode(ctx, b) != 0)
            std::exit(3);
        llama_synchronize(ctx);
    }
    return seconds(t0);
}

// pp: the whole prompt in one llama_decode call; llama.cpp splits it into micro-batches.
static double timePrompt(llama_context *ctx, int n)
{
    llama_memory_clear(llama_get_memory(ctx), true);
    std::vector<llama_token> toks(std::size_t(n), 1);
    const auto t0 = std::chrono::steady_clock::now();
    llama_batch b = llama_batch_get_one(toks.data(), n);
    if (llama_decode(ctx, b) != 0)
        std::exit(3);
    llama_synchronize(ctx);
    return seconds(t0);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s MODEL.gguf [key=value...]\n", argv[0]);
        return 2;
    }
    std::map<std::string, std::string> kv = {
        {"threads", "1"}, {"tg", "32"}, {"pp", "0"}, {"ubatch", "512"}, {"repeat", "3"}};
    for (int i = 2; i < argc; ++i) {
        const char *eq = std::strchr(argv[i], '=');
        if (!eq || !kv.count(std::string(argv[i], std::size_t(eq - argv[i])))) {
            std::fprintf(stderr, "bad argument %s\n", argv[i]);
            return 2;
        }
        kv[std::string(argv[i], std::size_t(eq - argv[i]))] = eq + 1;
    }
    llama_log_set(quiet, nullptr);
    if (const char *dir = std::getenv("LLAMA_BACKEND_DIR"))
        ggml_backend_load_all_from_path(dir);
    else
        ggml_backend_load_all();
    llama_backend_init();

    llama_model_params mp = llama_model_default_params();
    mp.n_gpu_layers = 0;
    llama_model *model = llama_model_load_from_file(argv[1], mp);
    if (!model)
        return 1;
    const int tg = std::stoi(kv["tg"]), pp = std::stoi(kv["pp"]), repeat = std::stoi(kv["repeat"]);
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = std::uint32_t(std::max(tg, pp) + 16);
    cp.n_batch = std::uint32_t(std::max(pp, 1));
    cp.n_ubatch = std::uint32_t(std::stoi(kv["ubatch"]));
    cp.n_threads = cp.n_threads_batch = std::stoi(kv["threads"]);
    llama_context *ctx = llama_init_from_model(model, cp);
    if (!ctx)
        return 1;
    // Warm-up: touches every weight page once (mapped file) and every compute buffer.
    timeDecode(ctx, 2);
    double tgBest = 0, ppBest = 0;
    for (int r = 0; r < repeat; ++r) {
        if (tg > 0) {
            const double s = timeDecode(ctx, tg);
            tgBest = r == 0 ? s : std::min(tgBest, s);
        }
        if (pp > 0) {
            const double s = timePrompt(ctx, pp);
            ppBest = r == 0 ? s : std::min(ppBest, s);
        }
    }
    std::printf("threads=%s tg=%d tg_s=%.6f pp=%d pp_s=%.6f\n", kv["threads"].c_str(), tg, tgBest, pp, ppBest);
    llama_free(ctx);
    llama_model_free(model);
    return 0;
}
