// Issue 18: the runtime-log parsers of core/logs. Every committed excerpt
// (tests/data/runtime-logs/*.json) goes through parseRuntimeLog and must give the
// figures its case file copied by hand (the two are independent readings of
// the same lines); the rest checks untrusted-input handling on made-up lines
// written in the formats the excerpts show.
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/llamacpp/llamacpplog.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <map>

using namespace memplan;
using nlohmann::json;

namespace {

json readCase(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString());
}

/// The hand-copied value and the parsed one agree within the print rounding (plus a byte per
/// rounding step the hand copy may have taken).
bool agrees(double hand, FigureSum parsed)
{
    return std::abs(hand - double(parsed.bytes)) <= double(parsed.precision) + 2.0 * double(parsed.count);
}

} // namespace

class TstLogParsers : public QObject {
    Q_OBJECT
private slots:
    void containsByFindsTheWordWhereverItStands()
    {
        // containsBy (logtext.h) searches by one letter of the word and compares around each copy of
        // it: the answer must be contains()'s for every placement, at the line's ends too.
        using logtext::containsBy;
        const std::string word = "failed to";
        for (std::size_t k = 0; k < word.size(); ++k)
            for (std::size_t at = 0; at <= 12; ++at) {
                const std::string line = std::string(at, 'f') + word + std::string(12 - at, 't');
                QVERIFY(containsBy(line, word, k));
                QVERIFY(!containsBy(line.substr(0, at + word.size() - 1), word, k));
                QVERIFY(!containsBy(line.substr(at + 1), word, k));
            }
        QVERIFY(!containsBy("", "mory", 3));
        QVERIFY(!containsBy("y", "mory", 3));
        QVERIFY(containsBy("out of memory", "mory", 3));
        QVERIFY(containsBy("yyy memory", "mory", 3));
    }
    void excerpts_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}))
            QTest::newRow(qPrintable(f.chopped(5))) << dir.filePath(f);
    }
    void excerpts()
    {
        QFETCH(QString, path);
        const json doc = readCase(path);
        const MeasuredRun run = parseRuntimeLog(doc["log_excerpt"].get<std::string>());
        QVERIFY2(!run.empty(), "every committed excerpt holds recognisable lines");
        const std::string runtime = doc["runtime"];
        if (runtime == "ollama") // an excerpt of only the llama.cpp lines Ollama's runner prints reads as llama.cpp
            QVERIFY(run.runtime == "ollama" || run.runtime == "llama.cpp");
        else if (runtime == "llama.cpp")
            QCOMPARE(run.runtime, std::string("llama.cpp"));
        else
            QCOMPARE(run.runtime, runtime);
        const json &m = doc["measured"];
        int checked = 0;
        // llama.cpp buffers, device by device.
        for (auto [key, kind] : {std::pair{"model_buffer_bytes", "model_buffer"},
                                 {"kv_buffer_bytes", "kv_buffer"},
                                 {"compute_buffer_bytes", "compute_buffer"},
                                 {"output_buffer_bytes", "output_buffer"}}) {
            if (!m.contains(key))
                continue;
            for (auto &[dev, bytes] : m[key].items()) {
                FigureSum s = sumFigures(run, kind, dev);
                // A CPU-only excerpt that shows only the KV total line ("KV self size"): that is its one buffer.
                if (s.count == 0 && std::string_view(kind) == "kv_buffer" && m[key].size() == 1)
                    s = sumFigures(run, "kv_total");
                // The Command-R excerpt cuts the CUDA1 compute line off; its case lists only CUDA0.
                QVERIFY2(s.count > 0,
                         qPrintable(QStringLiteral("%1 %2 not parsed").arg(key, QString::fromStdString(dev))));
                QVERIFY2(agrees(bytes.get<double>(), s), qPrintable(QStringLiteral("%1 %2: hand %3, parsed %4")
                                                                        .arg(key, QString::fromStdString(dev))
                                                                        .arg(bytes.get<double>(), 0, 'f', 0)
                                                                        .arg(s.bytes)));
                ++checked;
            }
            // Nothing parsed that the hand copy does not list (a device missed by either side).
            for (const MeasuredFigure &f : run.figures)
                if (f.kind == kind)
                    QVERIFY2(m[key].contains(f.device), qPrintable(QString::fromStdString(f.kind + " " + f.device)));
        }
        // vLLM and SGLang single figures (one rank).
        for (auto [key, kind] : {std::pair{"vllm_weights_bytes", "weights"},
                                 {"vllm_kv_cache_bytes", "kv_cache"},
                                 {"vllm_activation_peak_bytes", "activation_peak"},
                                 {"vllm_non_torch_bytes", "non_torch"},
                                 {"vllm_cuda_graph_bytes", "cuda_graph"},
                                 {"vllm_peak_torch_bytes", "peak_torch"}}) {
            if (!m.contains(key))
                continue;
            const FigureSum s = sumFigures(run, kind);
            QVERIFY2(s.count == 1, key);
            QVERIFY2(agrees(m[key].get<double>(), s), qPrintable(QStringLiteral("%1: hand %2, parsed %3")
                                                                     .arg(key)
                                                                     .arg(m[key].get<double>(), 0, 'f', 0)
                                                                     .arg(s.bytes)));
            ++checked;
        }
        if (m.contains("sglang_k_bytes")) {
            const FigureSum s = sumFigures(run, "kv_cache");
            QVERIFY(agrees(m["sglang_k_bytes"].get<double>() + m["sglang_v_bytes"].get<double>(), s));
            ++checked;
        }
        if (m.contains("kv_capacity_tokens")) {
            QCOMPARE(run.kvCapacityTokens, m["kv_capacity_tokens"].get<std::uint64_t>());
            ++checked;
        }
        if (m.contains("max_concurrency") && m["max_concurrency"].contains("value")) {
            QCOMPARE(run.maxConcurrency, m["max_concurrency"]["value"].get<double>());
            ++checked;
        }
        if (m.contains("total_gpu_bytes")) {
            const MeasuredDevice *d = run.findDevice("gpu0");
            QVERIFY(d);
            // Printed with two decimals in GiB.
            QVERIFY(std::abs(double(d->totalBytes) - m["total_gpu_bytes"].get<double>()) <= 0.005 * GiB + 2);
            ++checked;
        }
        if (m.contains("ollama_estimate"))
            for (auto &[k, v] : m["ollama_estimate"].items()) {
                QVERIFY2(run.runtimeEstimate.contains(k), k.c_str());
                // One decimal in GiB or MiB: agree within 0.05 of the unit.
                QVERIFY2(std::abs(run.runtimeEstimate[k].get<double>() - v.get<double>()) <= 0.05 * GiB, k.c_str());
                ++checked;
            }
        // Printed settings the case copied agree with what the parser read from the log.
        const json &st = doc.value("settings", json::object());
        for (const char *k : {"ctx_size", "batch_size", "ubatch_size", "n_gpu_layers", "parallel", "flash_attn",
                              "cache_type_k", "cache_type_v", "max_model_len", "gpu_memory_utilization",
                              "tensor_parallel_size", "max_num_batched_tokens", "mem_fraction_static"})
            if (st.contains(k) && run.settings.contains(k)) {
                // "-ngl 99" asks for more layers than the model has: the log prints how many it offloaded (all).
                // llama.cpp pads the context to a multiple of 256 cells per sequence and prints the padded n_ctx.
                if (std::string_view(k) == "ctx_size" && run.settings[k] != st[k]) {
                    const std::uint64_t pad = 256 * run.settings.value("parallel", std::uint64_t(1));
                    QCOMPARE(run.settings[k].get<std::uint64_t>(), (st[k].get<std::uint64_t>() + pad - 1) / pad * pad);
                    continue;
                }
                if (std::string_view(k) == "n_gpu_layers" &&
                    st[k].get<std::uint64_t>() > run.settings[k].get<std::uint64_t>()) {
                    QCOMPARE(run.settings[k].get<std::uint64_t>(), std::uint64_t(run.offloadableLayers));
                    continue;
                }
                QVERIFY2(run.settings[k] == st[k],
                         qPrintable(QStringLiteral("%1: case %2, log %3")
                                        .arg(k)
                                        .arg(QString::fromStdString(st[k].dump()))
                                        .arg(QString::fromStdString(run.settings[k].dump()))));
                ++checked;
            }
        qInfo("%s: %d figures agree", qPrintable(QFileInfo(path).baseName()), checked);
        QVERIFY(checked > 0);
    }

    void untrustedText()
    {
        // ANSI colours, CRLF, wrapper prefixes: the same line still reads.
        // (Two containers or programs named by their wrappers are two runs since issue 27: the
        // journald line is read on its own.)
        const MeasuredRun run =
            parseRuntimeLog("\x1b[32mllama_context:\x1b[0m      CUDA0 compute buffer size =   258.50 MiB\r\n"
                            "app  | llama_kv_cache:      CUDA0 KV buffer size =    64.00 MiB\r\n");
        QCOMPARE(run.runtime, std::string("llama.cpp"));
        QCOMPARE(sumFigures(run, "compute_buffer", "CUDA0").bytes, Bytes(std::llround(258.50 * MiB)));
        QCOMPARE(sumFigures(run, "kv_buffer", "CUDA0").bytes, 64 * MiB);
        const MeasuredRun journal = parseRuntimeLog(
            "Jul 24 21:50:02 host ollama[1]: llama_context:        CPU  output buffer size =     0.49 MiB\r\n");
        QCOMPARE(sumFigures(journal, "output_buffer", "CPU").bytes, Bytes(std::llround(0.49 * MiB)));
        // Nothing recognisable is a result, not an error.
        const MeasuredRun none = parseRuntimeLog("hello\nworld\n\xff\xfe\x00binary");
        QVERIFY(none.empty());
        QVERIFY(none.runtime.empty());
        QVERIFY(parseRuntimeLog("").empty());
        // Truncated lines and absurd numbers neither crash nor invent figures.
        const MeasuredRun cut =
            parseRuntimeLog("llama_context:      CUDA0 compute buffer size =\nllama_context: n_ctx = 9"
                            "99999999999999999999999999999999\nllama_context: CUDA0 compute buffer size = 1e999 MiB");
        QCOMPARE(sumFigures(cut, "compute_buffer").count, std::size_t(0));
        // A line past the cap is cut, not read whole.
        const std::string huge(kMaxLogLineBytes * 2, 'x');
        QCOMPARE(parseRuntimeLog(huge).notes.size(), std::size_t(1));
    }

    void aSecondContextIsTheNextLoad()
    {
        // Two server starts on one model with another -c, pasted one after the other (the
        // TrashCanLLM README, tests/data/runtime-logs/gpu): the second context prints its output and
        // KV lines again after the first one's compute buffers, with no model lines between.
        const MeasuredRun run = parseRuntimeLog("llama_context:        CPU  output buffer size =     0.77 MiB\n"
                                                "init:        CPU KV buffer size = 48000.00 MiB\n"
                                                "llama_context:    Vulkan0 compute buffer size =   616.06 MiB\n"
                                                "llama_context:        CPU  output buffer size =     0.77 MiB\n"
                                                "init:        CPU KV buffer size = 12000.00 MiB\n"
                                                "llama_context:    Vulkan0 compute buffer size =   616.06 MiB\n");
        QCOMPARE(run.loads, std::uint32_t(2));
        Bytes first = 0, second = 0;
        for (const MeasuredFigure &f : run.figures)
            if (f.kind == "kv_buffer")
                (f.load == 0 ? first : second) += f.bytes;
        QCOMPARE(first, 48000 * MiB);
        QCOMPARE(second, 12000 * MiB);
        // A cache line after a compute line of another device is the same context (an excerpt
        // pasted out of order), as untrustedText reads it.
        const MeasuredRun one = parseRuntimeLog("llama_context:      CUDA0 compute buffer size =   258.50 MiB\n"
                                                "llama_kv_cache:      CUDA0 KV buffer size =    64.00 MiB\n");
        QVERIFY(one.loads <= 1);
    }

    void llamaCppCpuAndRecurrent()
    {
        // CPU runs print a CPU_REPACK model buffer (ggml-cpu repacked weights) beside CPU_Mapped, and
        // recurrent models an RS buffer (src/llama-memory-recurrent.cpp) for their state.
        const MeasuredRun run = parseRuntimeLog("load_tensors:   CPU_Mapped model buffer size =   636.18 MiB\n"
                                                "load_tensors:   CPU_REPACK model buffer size =   449.25 MiB\n"
                                                "llama_memory_recurrent:        CPU RS buffer size =    17.62 MiB\n"
                                                "llama_kv_cache:        CPU KV buffer size =    48.00 MiB\n");
        QCOMPARE(sumFigures(run, "model_buffer").count, std::size_t(2));
        QCOMPARE(sumFigures(run, "model_buffer", "CPU_REPACK").bytes, Bytes(std::llround(449.25 * MiB)));
        const FigureSum rs = sumFigures(run, "rs_buffer", "CPU");
        QCOMPARE(rs.bytes, Bytes(std::llround(17.62 * MiB)));
        for (const MeasuredFigure &f : run.figures) {
            QCOMPARE(f.gpu, -1); // all host memory
            if (f.kind == "rs_buffer")
                QVERIFY(f.guest == Guest::KvCache);
        }
    }

    void memoryBreakdownTable()
    {
        // llama_memory_breakdown_print's layout (src/llama-context.cpp): GPU rows
        // "total = free + (self = model + context + compute) + unaccounted", other rows "self = model + context +
        // compute".
        const MeasuredRun run = parseRuntimeLog("llama_memory_breakdown_print: | memory breakdown [MiB] | total   free "
                                                "    self   model   context   compute    unaccounted |\n"
                                                "llama_memory_breakdown_print: |   - CUDA0 (RTX 5090)   | 32606 = 1057 "
                                                "+ (29365 = 28609 +     397 +     358) +        2183 |\n"
                                                "llama_memory_breakdown_print: |   - Host               |              "
                                                "   30956 = 30940 +       0 +      16                |\n");
        QCOMPARE(run.breakdown.size(), std::size_t(2));
        QCOMPARE(run.breakdown[0].device, std::string("CUDA0"));
        QCOMPARE(run.breakdown[0].name, std::string("RTX 5090"));
        QCOMPARE(run.breakdown[0].model, 28609 * MiB);
        QCOMPARE(run.breakdown[0].context, 397 * MiB);
        QCOMPARE(run.breakdown[1].compute, 16 * MiB);
        const MeasuredDevice *d = run.findDevice("CUDA0");
        QVERIFY(d);
        QCOMPARE(d->totalBytes, 32606 * MiB);
        QCOMPARE(d->freeBytes, 1057 * MiB);
    }

    void loadsAndCommandLine()
    {
        // A second model load (llama-bench repetitions, a draft model) is kept apart from the first.
        const MeasuredRun run =
            parseRuntimeLog("llama-server -m /models/Qwen2.5-7B-Instruct-Q4_K_M.gguf -c 8192 -ngl 99 -fa on -ctk q8_0\n"
                            "load_tensors:        CUDA0 model buffer size =  4168.09 MiB\n"
                            "llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n"
                            "load_tensors:        CUDA0 model buffer size =   900.00 MiB\n"
                            "llama_kv_cache:      CUDA0 KV buffer size =    10.00 MiB\n");
        QCOMPARE(run.loads, 2u);
        QCOMPARE(sumFigures(run, "model_buffer").bytes, Bytes(std::llround(4168.09 * MiB)));
        QCOMPARE(sumFigures(run, "kv_buffer").bytes, 224 * MiB);
        QCOMPARE(run.settings["ctx_size"].get<int>(), 8192);
        QCOMPARE(run.settings["flash_attn"].get<bool>(), true);
        QCOMPARE(run.settings["cache_type_k"].get<std::string>(), std::string("q8_0"));
        QCOMPARE(run.model.name, std::string("Qwen2.5-7B-Instruct-Q4_K_M.gguf"));
    }

    void aScriptOfSeveralProgramsIsOneRunEach()
    {
        // llama.cpp's CI (ggml-org/ci, the Pythia jobs of tests/data/runtime-logs/gpu) traces each
        // program it starts ("+ ./bin/…"); older programs print "main: build = N (commit)", and "-c 0"
        // asks for the trained context, which the load prints as n_ctx.
        const std::vector<MeasuredRun> runs = parseRuntimeLogRuns(
            "+ ./bin/llama-save-load-state --model ../models-mnt/pythia/2.8B/ggml-model-q4_0.gguf -ngl 10 -c 0\n"
            "main: build = 4629 (b34aedd55)\n"
            "print_info: arch             = gptneox\n"
            "print_info: n_layer          = 32\n"
            "load_tensors:        CUDA0 model buffer size =   423.14 MiB\n"
            "llama_init_from_model: n_ctx         = 2048\n"
            "llama_kv_cache_init:      CUDA0 KV buffer size =   200.00 MiB\n"
            "+ ./bin/llama-perplexity --model ../models-mnt/pythia/2.8B/ggml-model-q4_0.gguf -ngl 99 -c 128 -b 128\n"
            "load_tensors: Metal_Mapped model buffer size =   871.83 MiB\n"
            "llama_kv_cache_init:      Metal KV buffer size =    24.00 MiB\n");
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].version, std::string("b4629 (b34aedd55)"));
        QCOMPARE(runs[0].settings["n_gpu_layers"].get<int>(), 10);
        QCOMPARE(runs[0].settings["ctx_size"].get<int>(), 2048);
        QCOMPARE(runs[1].settings["ctx_size"].get<int>(), 128);
        QCOMPARE(runs[1].settings["batch_size"].get<int>(), 128);
        QCOMPARE(sumFigures(runs[1], "kv_buffer").bytes, 24 * MiB);
        // The second program loads the same file, whose facts, build and devices the excerpt kept once.
        QCOMPARE(runs[1].model.architecture, std::string("gptneox"));
        QCOMPARE(runs[1].model.layers, 32u);
        QCOMPARE(runs[1].version, runs[0].version);
        // Without a printed n_ctx, "-c 0" stays the trained context (a scenario's ctx_size 0).
        const MeasuredRun exe = parseRuntimeLog("./llama-cli.exe -m m.gguf -c 0 -ngl 99\n");
        QCOMPARE(exe.settings["ctx_size"].get<int>(), 0);
        QCOMPARE(exe.settings["n_gpu_layers"].get<int>(), 99);
        // A command pasted in Markdown bold, and a container named after the program, which is not one.
        QCOMPARE(parseRuntimeLog("**llama-server** -m m.gguf -c 4096\n").settings["ctx_size"].get<int>(), 4096);
        QVERIFY(!parseRuntimeLog("llama-server-1  -c 4096\n").settings.contains("ctx_size"));
    }

    void settingsThePlanDoesNotTakeAreNamed()
    {
        // Issue 28: a setting a log shows that changes memory but that the plan does not model is
        // named in a note, never dropped silently; those it models are read, not noted.
        auto notes = [](const MeasuredRun &run) {
            std::string all;
            for (const std::string &n : run.notes)
                all += n + "\n";
            return all;
        };
        // vLLM's echo of its non-default engine arguments (cli_args.py), and `vllm serve` flags.
        const MeasuredRun vllm = parseRuntimeLog(
            "INFO 05-01 10:00:00 [api_server.py:1043] vLLM API server version 0.9.1\n"
            "INFO 05-01 10:00:00 [cli_args.py:325] non-default args: {'model': 'Qwen/Qwen3-8B', 'max_model_len': "
            "8192, 'enable_lora': True, 'max_loras': 4, 'data_parallel_size': 1, 'enable_expert_parallel': False, "
            "'num_gpu_blocks_override': 2048}\n"
            "INFO 05-01 10:00:40 [kv_cache_utils.py:715] GPU KV cache size: 32,768 tokens\n");
        QCOMPARE(vllm.runtime, std::string("vllm"));
        QCOMPARE(vllm.settings["max_model_len"].get<int>(), 8192);
        QVERIFY2(notes(vllm) == "the log sets enable_lora, which the plan does not take\n"
                                "the log sets num_gpu_blocks_override, which the plan does not take\n",
                 notes(vllm).c_str()); // one data-parallel rank and no expert parallelism change nothing
        const MeasuredRun serve =
            parseRuntimeLog("$ vllm serve Qwen/Qwen3-8B --max-model-len 8192 -dp 2 --enable-expert-parallel\n"
                            "INFO 05-01 10:00:40 [kv_cache_utils.py:715] GPU KV cache size: 32,768 tokens\n");
        QVERIFY(notes(serve).find("data_parallel_size") != std::string::npos);
        QVERIFY(notes(serve).find("enable_expert_parallel") != std::string::npos);
        QCOMPARE(serve.settings["max_model_len"].get<int>(), 8192);

        // SGLang's ServerArgs dump: the chunk and the page it models are read, data parallelism noted.
        const MeasuredRun sglang = parseRuntimeLog(
            "[2025-05-01 10:00:00] server_args=ServerArgs(model_path='Qwen/Qwen3-8B', chunked_prefill_size=4096, "
            "max_running_requests=None, page_size=16, kv_cache_dtype='fp8_e5m2', dp_size=2, ep_size=1, "
            "enable_dp_attention=False, speculative_algorithm=None, disable_cuda_graph=False)\n"
            "[2025-05-01 10:00:30 TP0] KV Cache is allocated. #tokens: 100000, K size: 7.00 GB, V size: 7.00 GB\n");
        QCOMPARE(sglang.runtime, std::string("sglang"));
        QCOMPARE(sglang.settings["chunked_prefill_size"].get<int>(), 4096);
        QCOMPARE(sglang.settings["page_size"].get<int>(), 16);
        QCOMPARE(sglang.settings["kv_cache_dtype"].get<std::string>(), std::string("fp8_e5m2"));
        QVERIFY(!sglang.settings.contains("max_running_requests"));
        QVERIFY2(notes(sglang) == "the log sets dp_size, which the plan does not take\n", notes(sglang).c_str());

        // llama.cpp: memory options it models are read (the loader's own mmap line wins over the
        // command), a draft model and LoRA adapters are noted.
        const MeasuredRun llama = parseRuntimeLog(
            "llama-server -m /models/Qwen2.5-7B-Instruct-Q4_K_M.gguf -md /models/Qwen2.5-0.5B-Q8_0.gguf "
            "--lora /a/adapter.gguf --mmap --swa-full -kvu -cram 4096 -ctxcp 8 -c 8192\n"
            "load_tensors: loading model tensors, this can take a while... (mmap = false)\n"
            "load_tensors:        CUDA0 model buffer size =  4168.09 MiB\n");
        QCOMPARE(llama.settings["mmap"].get<bool>(), false);
        QCOMPARE(llama.settings["swa_full"].get<bool>(), true);
        QCOMPARE(llama.settings["kv_unified"].get<bool>(), true);
        QCOMPARE(llama.settings["cache_ram"].get<int>(), 4096);
        QCOMPARE(llama.settings["ctx_checkpoints"].get<int>(), 8);
        QVERIFY2(notes(llama) == "the log sets --model-draft, which the plan does not take\n"
                                 "the log sets --lora, which the plan does not take\n",
                 notes(llama).c_str());
    }

    void anyLineOfOllamasGoCodeNamesTheRunOllamas()
    {
        // journalctl lines of Ollama 0.5's runner (tests/data/runtime-logs/gpu/ollama-0.5-qwen2.5-32b-
        // …-journalctl.json): beside llama.cpp's buffer lines only the runner's start-up messages
        // are Ollama's own, none of them a setting or a figure.
        const std::string buffers =
            "Jan 10 16:31:02 node1 ollama[119046]: llama_kv_cache_init:      CUDA0 KV buffer size =  5120.00 MiB\n"
            "Jan 10 16:31:02 node1 ollama[119046]: llama_new_context_with_model:      CUDA0 compute buffer size =  "
            "2896.01 MiB\n";
        const MeasuredRun run = parseRuntimeLog(
            buffers + "Jan 10 16:31:02 node1 ollama[119046]: time=2025-01-10T16:31:02.292+01:00 level=INFO "
                      "source=server.go:594 msg=\"llama runner started in 3.76 seconds\"\n");
        QCOMPARE(run.runtime, std::string("ollama"));
        // The runner's "source=.:0" and a source that is not Go code do not.
        QCOMPARE(parseRuntimeLog(buffers + "time=2025-01-10T16:30:58.659+01:00 level=INFO source=.:0 "
                                           "msg=\"Server listening on 127.0.0.1:46519\"\n")
                     .runtime,
                 std::string("llama.cpp"));
        QCOMPARE(parseRuntimeLog(buffers + "time=2025-01-10 level=INFO source=serve.py:12 msg=\"started\"\n").runtime,
                 std::string("llama.cpp"));
    }

    void computeBuffersStraightAfterTheContextMeanNoPipelineParallelism()
    {
        // Builds before the llama_context refactor printed "pipeline parallelism enabled (n_copies=N)"
        // between a context's output or KV buffer lines and its compute buffers. The five-GPU ROCm log
        // of issue 12369 (tests/data/runtime-logs/gpu, a build without peer copies) has none there.
        const std::string context = "llama_init_from_model:  ROCm_Host  output buffer size =     0.58 MiB\n";
        const std::string compute = "llama_init_from_model:      ROCm0 compute buffer size =  2664.00 MiB\n"
                                    "llama_init_from_model:      ROCm1 compute buffer size =  2664.00 MiB\n";
        const MeasuredRun off = parseRuntimeLog(context + compute);
        QCOMPARE(off.settings.value("pipeline_copies", 0), 1);
        const MeasuredRun on =
            parseRuntimeLog(context + "llama_init_from_model: pipeline parallelism enabled (n_copies=4)\n" + compute);
        QCOMPARE(on.settings.value("pipeline_copies", 0), 4);
        // Lines left out of an excerpt between them, or a line that is no buffer, say nothing.
        QVERIFY(!parseRuntimeLog(context + "...\n" + compute).settings.contains("pipeline_copies"));
        QVERIFY(!parseRuntimeLog("llama_init_from_model: KV self size  =  640.00 MiB\n" + compute)
                     .settings.contains("pipeline_copies"));
    }

    void flashAttentionAutoAsResolved()
    {
        // --flash-attn auto: the context prints what it resolved to on the model's devices.
        const std::string ctx = "llama_context: flash_attn    = auto\n";
        QCOMPARE(parseRuntimeLog(ctx + "llama_context: Flash Attention was auto, set to enabled\n")
                     .settings.value("flash_attn", json()),
                 json(true));
        QCOMPARE(parseRuntimeLog(ctx + "llama_context: Flash Attention was auto, set to disabled\n")
                     .settings.value("flash_attn", json()),
                 json(false));
        QVERIFY(!parseRuntimeLog(ctx).settings.contains("flash_attn"));
    }

    void vllmSamplerChoiceIsASetting()
    {
        // V1's sampler says at start-up whether it takes FlashInfer's kernel or sorts the logits
        // (topk_topp_sampler.py); the profiling run's peak follows (use_flashinfer_sampler).
        const std::string v1 =
            "(EngineCore_DP0 pid=1944) INFO 09-24 20:45:58 [core.py:76] Initializing a V1 LLM engine "
            "(v0.10.2) with config: model='Qwen/Qwen3-8B'\n";
        auto sampler = [&](const std::string &line) {
            return parseRuntimeLog(v1 + line + "\n").settings.value("use_flashinfer_sampler", json());
        };
        QCOMPARE(sampler("(EngineCore_DP0 pid=87) WARNING 02-11 16:35:13 [topk_topp_sampler.py:66] FlashInfer is not "
                         "available. Falling back to the PyTorch-native implementation of top-p & top-k sampling. "
                         "For the best performance, please install FlashInfer."),
                 json(false));
        QCOMPARE(sampler("INFO 05-03 20:21:10 [topk_topp_sampler.py:44] Currently, FlashInfer top-p & top-k sampling "
                         "sampler is disabled because FlashInfer>=v0.2.3 is not backward compatible. Falling back to "
                         "the PyTorch-native implementation of top-p & top-k sampling."),
                 json(false));
        QCOMPARE(sampler("(EngineCore_DP0 pid=9) INFO 01-02 03:04:05 [topk_topp_sampler.py:40] Using FlashInfer for "
                         "top-p & top-k sampling."),
                 json(true));
        QCOMPARE(sampler("INFO 01-02 03:04:05 [topk_topp_sampler.py:70] FlashInfer top-p/top-k sampling disabled via "
                         "VLLM_USE_FLASHINFER_SAMPLER=0."),
                 json(false));
        QCOMPARE(sampler("INFO 01-02 03:04:05 [gpu_model_runner.py:1] Model loading took 15.3 GiB"), json());
    }

    void ollamaLoadRequestAndServerConfig()
    {
        // Ollama 0.12 prints no llama.cpp command line: its runner's settings are in the load
        // request (runner.go; the line is the one of tests/data/ollama-offload/collected-lines.json,
        // 0.12.9), the last one (Operation:commit) being what ran, and the server's environment
        // gives the defaults a request may override. An empty KvCacheType is f16.
        const MeasuredRun run = parseRuntimeLog(
            "time=2025-11-03T04:30:00.000-05:00 level=INFO source=routes.go:1511 msg=\"server config\" "
            "env=\"map[CUDA_VISIBLE_DEVICES: OLLAMA_CONTEXT_LENGTH:8192 OLLAMA_FLASH_ATTENTION:false "
            "OLLAMA_GPU_OVERHEAD:536870912 OLLAMA_KV_CACHE_TYPE:q8_0 OLLAMA_NUM_PARALLEL:2 OLLAMA_ORIGINS:[http://a "
            "https://b] OLLAMA_SCHED_SPREAD:false]\"\n"
            "time=2025-11-03T04:36:00.683-05:00 level=INFO source=runner.go:845 msg=load request=\"{Operation:fit "
            "LoraPath:[] Parallel:1 BatchSize:512 FlashAttention:true KvSize:8192 KvCacheType: NumThreads:24 "
            "GPULayers:67[ID:GPU-b3d5d3574c66244c Layers:67(0..66)] MultiUserCache:false ProjectorPath: MainGPU:0 "
            "UseMmap:true}\"\n"
            "time=2025-11-03T04:36:00.683-05:00 level=INFO source=runner.go:845 msg=load request=\"{Operation:commit "
            "LoraPath:[] Parallel:1 BatchSize:512 FlashAttention:true KvSize:4096 KvCacheType: NumThreads:24 "
            "GPULayers:5[ID:GPU-b3d5d3574c66244c Layers:5(61..65)] MultiUserCache:false ProjectorPath: MainGPU:0 "
            "UseMmap:true}\"\n"
            "time=2025-11-03T04:36:01.000-05:00 level=INFO source=ggml.go:482 msg=\"model weights\" device=CUDA0 "
            "size=\"1.1 GiB\"\n");
        QCOMPARE(run.runtime, std::string("ollama"));
        QCOMPARE(run.settings["ctx_size"].get<int>(), 4096);
        QCOMPARE(run.settings["n_gpu_layers"].get<int>(), 5);
        QCOMPARE(run.settings["parallel"].get<int>(), 1);
        QCOMPARE(run.settings["flash_attn"].get<bool>(), true);
        QCOMPARE(run.settings["cache_type_k"].get<std::string>(), std::string("f16"));
        QCOMPARE(run.settings["threads"].get<int>(), 24);
        QCOMPARE(run.settings["mmap"].get<bool>(), true);
        QCOMPARE(run.notes, std::vector<std::string>{"the log sets OLLAMA_GPU_OVERHEAD, which the plan does not take"});
        // Without a load request, the environment is what the server used.
        const MeasuredRun env = parseRuntimeLog(
            "time=2025-11-03T04:30:00.000-05:00 level=INFO source=routes.go:1511 msg=\"server config\" "
            "env=\"map[OLLAMA_CONTEXT_LENGTH:8192 OLLAMA_FLASH_ATTENTION:true OLLAMA_KV_CACHE_TYPE:q8_0 "
            "OLLAMA_NUM_PARALLEL:2]\"\n"
            "time=2025-11-03T04:36:01.000-05:00 level=INFO source=ggml.go:482 msg=\"model weights\" device=CUDA0 "
            "size=\"1.1 GiB\"\n");
        QCOMPARE(env.settings["ctx_size"].get<int>(), 8192);
        QCOMPARE(env.settings["parallel"].get<int>(), 2);
        QCOMPARE(env.settings["cache_type_v"].get<std::string>(), std::string("q8_0"));
        QCOMPARE(env.settings["flash_attn"].get<bool>(), true);
        QVERIFY(env.notes.empty());
    }

    void ollamaDeviceLinesBesideLlamaCppBuffersAreItsEstimate()
    {
        // Ollama 0.17 on its llama.cpp runner (tests/data/runtime-logs/gpu/ollama-0.17.0-codegeex4-…):
        // its device.go lines are what its scheduler expected before the load; llama.cpp's own
        // buffer lines follow and are what was allocated. Only the latter are measurements.
        const std::string head =
            "time=2026-02-25T18:14:34.262+08:00 level=INFO source=device.go:240 msg=\"model weights\" device=Metal "
            "size=\"4.7 GiB\"\n"
            "time=2026-02-25T18:14:34.262+08:00 level=INFO source=device.go:251 msg=\"kv cache\" device=Metal "
            "size=\"1.2 GiB\"\n"
            "time=2026-02-25T18:14:34.262+08:00 level=INFO source=device.go:262 msg=\"compute graph\" device=Metal "
            "size=\"2.1 GiB\"\n";
        const MeasuredRun run =
            parseRuntimeLog(head + "load_tensors: Metal_Mapped model buffer size =  4863.84 MiB\n"
                                   "llama_kv_cache:      Metal KV buffer size =  1280.00 MiB\n"
                                   "llama_context:      Metal compute buffer size =   304.00 MiB\n");
        QCOMPARE(sumFigures(run, "kv_buffer").bytes, 1280 * MiB);
        QCOMPARE(sumFigures(run, "compute_buffer").bytes, 304 * MiB);
        QCOMPARE(run.runtimeEstimate.value("device_compute_graph_bytes", Bytes(0)),
                 Bytes(std::llround(2.1 * double(GiB))));
        // Ollama's own engine prints no llama.cpp buffer: its lines are the allocation.
        const MeasuredRun own = parseRuntimeLog(head);
        QCOMPARE(sumFigures(own, "kv_buffer").bytes, Bytes(std::llround(1.2 * double(GiB))));
        QVERIFY(!own.runtimeEstimate.contains("device_kv_cache_bytes"));
    }

    void decimalCommasOfAGermanLocale()
    {
        // A llama.cpp build printing "%.2f" under a German locale (tests/data/runtime-logs/gpu/
        // llamacpp-qwen2.5-7b-ft-f16-…-sycl-arc-a770-…): "1039,50 MiB". Three digits after a comma stay
        // a thousands group, and a comma between counts ("-ts 3,1") is no decimal point.
        const MeasuredRun run = parseRuntimeLog("print_info: file size   = 14,19 GiB (16,00 BPW) \n"
                                                "load_tensors:   CPU_Mapped model buffer size =  1039,50 MiB\n"
                                                "load_tensors:        SYCL0 model buffer size = 13486,77 MiB\n");
        QCOMPARE(sumFigures(run, "model_buffer").bytes,
                 Bytes(std::llround(1039.50 * double(MiB))) + Bytes(std::llround(13486.77 * double(MiB))));
        QCOMPARE(run.model.fileBytes, Bytes(std::llround(14.19 * double(GiB))));
        QCOMPARE(logtext::leadingSize("93,872 MiB", false)->bytes, 93872 * MiB);
        nlohmann::json settings = nlohmann::json::object();
        readLlamaCppArgs("llama-server -m x.gguf -ts 3,1", settings, nullptr);
        QCOMPARE(settings["tensor_split"], nlohmann::json::array({3, 1}));
    }

    void offloadLineOrderAndProjectorBuffers()
    {
        // tests/data/runtime-logs/gpu/llamacpp-qwen2.5-vl-7b-…-gfx906-b7972: since PR #18148 the output
        // layer is offloaded (and printed) before the repeating layers; older builds print it after
        // them, or not at all for a partial offload (the Llama 4 Scout log: 11 repeating of 49).
        const MeasuredRun now = parseRuntimeLog("load_tensors: offloading output layer to GPU\n"
                                                "load_tensors: offloading 20 repeating layers to GPU\n"
                                                "load_tensors: offloaded 21/29 layers to GPU\n"
                                                "alloc_compute_meta:      ROCm0 compute buffer size =   704.79 MiB\n"
                                                "alloc_compute_meta:        CPU compute buffer size =   292.41 MiB\n");
        QCOMPARE(now.settings.value("output_layer_first", false), true);
        QCOMPARE(now.settings["n_gpu_layers"].get<int>(), 21);
        const MeasuredRun before = parseRuntimeLog("load_tensors: offloading 11 repeating layers to GPU\n"
                                                   "load_tensors: offloaded 11/49 layers to GPU\n");
        QCOMPARE(before.settings.value("output_layer_first", true), false);
        // The multimodal projector's graph (tools/mtmd/clip.cpp) is not llama.cpp's context: kept
        // with no guest, so it is not summed with the compute buffers, and named in a note.
        QCOMPARE(sumFigures(now, "compute_buffer").count, std::size_t(0));
        QCOMPARE(sumFigures(now, "projector_compute_buffer").bytes,
                 Bytes(std::llround(704.79 * double(MiB))) + Bytes(std::llround(292.41 * double(MiB))));
        for (const MeasuredFigure &f : now.figures)
            QVERIFY(!f.guest);
        QCOMPARE(now.notes.size(), std::size_t(2));
        QCOMPARE(now.notes[0],
                 std::string("the multimodal projector's compute buffer on ROCm0 (704.79 MiB) is not planned"));
    }

    void aServeCommandOverLinesAndTheTablesPastedBesideIt()
    {
        // As pasted in tests/data/runtime-logs/gpu/vllm-0.10.2-qwen3-30b-a3b-fp8-tp2-ep-2x-l40s-…:
        // the release answered by `vllm --version`, a serve command continued with backslashes
        // ("32K" is 32 × 1024 in vLLM's arg_utils.human_readable_int), and nvidia-smi's table.
        const MeasuredRun run = parseRuntimeLog(
            "$ vllm --version\n"
            "INFO 09-24 19:55:02 [__init__.py:216] Automatically detected platform cuda.\n"
            "0.10.2\n"
            "vllm serve Qwen/Qwen3-30B-A3B-Instruct-2507-FP8 \\\n"
            "    --tensor-parallel-size 2 \\\n"
            "    --enable-expert-parallel \\\n"
            "    --gpu-memory-utilization 0.95 \\\n"
            "    --max-model-len 32K\n"
            "(EngineCore_DP0 pid=2225) INFO 09-24 19:58:12 [kv_cache_utils.py:864] GPU KV cache size: 566,016 tokens\n"
            "|   0  NVIDIA L40S                    On  |   00000000:56:00.0 Off |                    0 |\n"
            "| N/A   58C    P0            259W /  350W |   45241MiB /  46068MiB |     95%      Default |\n");
        QCOMPARE(run.runtime, std::string("vllm"));
        QCOMPARE(run.version, std::string("0.10.2"));
        QCOMPARE(run.model.name, std::string("Qwen/Qwen3-30B-A3B-Instruct-2507-FP8"));
        QCOMPARE(run.settings["tensor_parallel_size"].get<int>(), 2);
        QCOMPARE(run.settings["gpu_memory_utilization"].get<double>(), 0.95);
        QCOMPARE(run.settings["max_model_len"].get<int>(), 32768);
        const MeasuredDevice *gpu = run.findDevice("gpu0");
        QVERIFY(gpu);
        QCOMPARE(gpu->name, std::string("NVIDIA L40S"));
        QCOMPARE(gpu->totalBytes, Bytes(46068) * MiB);
        QCOMPARE(parseRuntimeLog("vllm serve m --max-model-len 32k\n").settings["max_model_len"].get<int>(), 32000);
    }

    void aV0LogUnderThePythonApi()
    {
        // tests/data/runtime-logs/gpu/vllm-0.6-phi-4-gptq-…: the LLM(...) call above the log, V0's
        // "Starting to load model", and 0.6's one-line budget after "model weights take".
        const MeasuredRun run = parseRuntimeLog(
            "llm = LLM(\n"
            "    model=model_name,\n"
            "    max_model_len=2048,\n"
            "    gpu_memory_utilization=0.15,  # a comment\n"
            "    trust_remote_code=True\n"
            ")\n"
            "INFO 12-22 10:55:31 model_runner.py:1092] Starting to load model kaitchup/Phi-4-AutoRound-GPTQ-4bit...\n"
            "INFO 12-22 10:55:34 worker.py:241] the current vLLM instance can use total_gpu_memory (79.25GiB) x "
            "gpu_memory_utilization (0.15) = 11.89GiB\n"
            "INFO 12-22 10:55:34 worker.py:241] model weights take 8.51GiB; non_torch_memory takes 0.26GiB; PyTorch "
            "activation peak memory takes 0.94GiB; the rest of the memory reserved for KV Cache is 2.18GiB.\n");
        QCOMPARE(run.runtime, std::string("vllm"));
        QCOMPARE(run.model.name, std::string("kaitchup/Phi-4-AutoRound-GPTQ-4bit"));
        QCOMPARE(run.settings["max_model_len"].get<int>(), 2048);
        QCOMPARE(run.settings["gpu_memory_utilization"].get<double>(), 0.15);
        std::map<std::string, double> gib;
        for (const MeasuredFigure &f : run.figures)
            gib[f.kind] = double(f.bytes) / double(GiB);
        QVERIFY(std::abs(gib["weights"] - 8.51) < 0.006);
        QVERIFY(std::abs(gib["non_torch"] - 0.26) < 0.006);
        QVERIFY(std::abs(gib["activation_peak"] - 0.94) < 0.006);
        QVERIFY(std::abs(gib["kv_cache"] - 2.18) < 0.006);
        // A call on one line, its model a literal: every argument is read, commas in quotes kept.
        const MeasuredRun oneLine =
            parseRuntimeLog("llm = LLM(model=\"Qwen/Qwen3-8B\", tensor_parallel_size=2, max_model_len=8192, "
                            "kv_cache_dtype=\"fp8\", trust_remote_code=True)\n"
                            "INFO 12-22 10:55:34 model_runner.py:1097] Loading model weights took 8.5107 GB\n");
        QCOMPARE(oneLine.model.name, std::string("Qwen/Qwen3-8B"));
        QCOMPARE(oneLine.settings["tensor_parallel_size"].get<int>(), 2);
        QCOMPARE(oneLine.settings["max_model_len"].get<int>(), 8192);
        QCOMPARE(oneLine.settings["kv_cache_dtype"].get<std::string>(), std::string("fp8"));
        QCOMPARE(oneLine.figures.size(), std::size_t(1));
        // A log line right after an unclosed call is still read.
        QCOMPARE(parseRuntimeLog("llm = LLM(\n    max_model_len=4096,\n"
                                 "INFO 12-22 10:55:34 model_runner.py:1097] Loading model weights took 8.5107 GB\n")
                     .figures.size(),
                 std::size_t(1));
    }

    void aRunOnTheSecondGpuIsTheFirstOfThePlan()
    {
        // llama-server -dev ROCm1 on a machine whose device 0 is an iGPU (ROCm/ROCm#6227): its
        // buffers name ROCm1 alone, so ROCm1 is the plan's first GPU and names the hardware.
        const MeasuredRun run = parseRuntimeLog(
            "ggml_cuda_init: found 2 ROCm devices (Total VRAM: 28781 MiB):\n"
            "  Device 0: AMD Radeon(TM) Graphics, gfx1036 (0x1036), VMM: no, Wave Size: 32, VRAM: 12477 MiB\n"
            "  Device 1: AMD Radeon RX 9070 XT, gfx1201 (0x1201), VMM: no, Wave Size: 32, VRAM: 16304 MiB\n"
            "build_info: b9106-dd9280a66\n"
            "load_tensors:        ROCm1 model buffer size =  9938.39 MiB\n"
            "load_tensors:    ROCm_Host model buffer size =   784.00 MiB\n"
            "llama_kv_cache:      ROCm1 KV buffer size =  4920.00 MiB\n"
            "sched_reserve:      ROCm1 compute buffer size =   204.00 MiB\n");
        QCOMPARE(run.version, std::string("b9106"));
        for (const MeasuredFigure &f : run.figures)
            QCOMPARE(f.gpu, f.device == "ROCm1" ? 0 : -1);
        const MeasuredDevice *first = nullptr;
        for (const MeasuredDevice &d : run.devices)
            if (logtext::gpuIndexOfDevice(d.id) == 0)
                first = &d;
        QVERIFY(first);
        QVERIFY2(first->name.find("9070 XT") != std::string::npos, first->name.c_str());
    }

    void sglangFreeMemoryIsItsTotalAndTheLoadsDifferenceItsWeights()
    {
        // SGLang of early 2025 (tests/data/runtime-logs/gpu/sglang-0.4.2-…-rtx3090-…) prints only the
        // free memory before and after loading. The first is the total its pool arithmetic takes
        // (rest = free after loading - total x (1 - mem_fraction_static)); the drop is the weights.
        const MeasuredRun run =
            parseRuntimeLog("[2025-02-04 05:21:33] server_args=ServerArgs(model_path='/m/DeepSeek-R1-Distill-Qwen-7B', "
                            "mem_fraction_static=0.88, tp_size=1)\n"
                            "[2025-02-04 05:21:40 TP0] Load weight begin. avail mem=22.76 GB\n"
                            "[2025-02-04 05:29:17 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, "
                            "avail mem=8.37 GB\n");
        QCOMPARE(run.runtime, std::string("sglang"));
        QCOMPARE(run.devices.size(), std::size_t(1));
        QCOMPARE(run.devices.front().totalBytes, Bytes(22.76 * double(GiB)));
        QCOMPARE(run.figures.size(), std::size_t(1));
        QCOMPARE(run.figures.front().kind, std::string("weights"));
        QVERIFY(std::abs(double(run.figures.front().bytes) - (22.76 - 8.37) * double(GiB)) <= 1);
        // A release printing "mem usage=" keeps that figure.
        const MeasuredRun newer =
            parseRuntimeLog("[2025-05-01 10:00:00 TP0] Load weight begin. avail mem=78.50 GB\n"
                            "[2025-05-01 10:00:20 TP0] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, "
                            "avail mem=63.10 GB, mem usage=15.27 GB.\n");
        QCOMPARE(newer.figures.size(), std::size_t(1));
        QCOMPARE(newer.figures.front().bytes, Bytes(15.27 * double(GiB)));
    }

    void aPrintedGraphReserveNamesTheLogitRows()
    {
        // A verbose log of an embedded llama.cpp (tests/data/runtime-logs/gpu/llamacpp-qwen2.5-0.5b-…-golek)
        // prints no build, but prints the graphs it reserves: 512 output rows, so the compute buffer
        // holds a whole micro-batch's logits (512 × 151,936 × 4 B of its 300.25 MiB).
        const MeasuredRun run = parseRuntimeLog(
            "graph_reserve: reserving a graph for ubatch with n_tokens =    1, n_seqs =  1, n_outputs =    1\n"
            "graph_reserve: reserving a graph for ubatch with n_tokens =  512, n_seqs =  1, n_outputs =  512\n"
            "sched_reserve:       MTL0 compute buffer size =   300.25 MiB\n");
        QCOMPARE(run.settings["n_outputs_max"].get<int>(), 512);
    }

    void theOldContextWordingDatesALog()
    {
        // llama_init_from_model and llama_kv_cache_init lines (a build between b4463 and b4897:
        // the committed logs of b4701 and b4897 bracket the rename) date a log printing no build.
        const MeasuredRun run =
            parseRuntimeLog("llama_kv_cache_init:      ROCm0 KV buffer size =  1664.00 MiB\n"
                            "llama_init_from_model:      ROCm0 compute buffer size =  2664.00 MiB\n");
        QCOMPARE(run.wordedBefore, std::string("b4897"));
    }

    void mlxPeak()
    {
        // mlx_lm/generate.py prints mx.get_peak_memory() / 1e9 as "GB": decimal.
        const MeasuredRun run = parseRuntimeLog("Prompt: 12 tokens, 95.3 tokens-per-sec\nPeak memory: 4.512 GB\n");
        QCOMPARE(run.runtime, std::string("mlx-lm"));
        QCOMPARE(sumFigures(run, "peak_memory").bytes, Bytes(4512000000ULL));
    }

    void fileTypes()
    {
        QCOMPARE(llamaFileTypeFormat("Q4_K - Medium"), std::string("q4_k_m"));
        QCOMPARE(llamaFileTypeFormat("17"), std::string("q5_k_m"));
        QCOMPARE(llamaFileTypeFormat("something new"), std::string());
    }
};

QTEST_APPLESS_MAIN(TstLogParsers)
#include "tst_logparsers.moc"
