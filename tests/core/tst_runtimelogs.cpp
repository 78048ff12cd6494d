// Issue 3 validation: real runtime logs (tests/data/runtime-logs/*.json, each
// with its source link) against the planner's estimate. Prints the error per
// guest and fails past the bounds stated in docs/accuracy.md. The measured figures are
// read from each case's log_excerpt by core/logs (the hand-copied ones cross-check it).
#include "estimator.h"
#include "logs/logparser.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <regex>

#include <map>
#include <utility>

using namespace memplan;
using nlohmann::json;

namespace {

Bytes sumObject(const json &o)
{
    Bytes s = 0;
    if (o.is_object())
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it->is_number())
                s += it->get<Bytes>();
    return s;
}

/// The "measured" block as core/logs reads it from the excerpt (issue 18): the same keys the
/// case files copied by hand, so the checks below run on the parser's figures.
json parsedMeasured(const MeasuredRun &run)
{
    json m = json::object();
    bool anyKvBuffer = false, anyGpu = false;
    for (const MeasuredFigure &f : run.figures) {
        anyKvBuffer = anyKvBuffer || f.kind == "kv_buffer";
        anyGpu = anyGpu || f.gpu >= 0;
    }
    for (const MeasuredFigure &f : run.figures) {
        if (f.load != 0)
            continue;
        std::string key;
        if (f.kind == "model_buffer" || f.kind == "kv_buffer" || f.kind == "compute_buffer" ||
            f.kind == "output_buffer")
            key = f.kind + "_bytes";
        else if (f.kind == "kv_total" && !anyKvBuffer && !anyGpu)
            key = "kv_buffer_bytes"; // a CPU run printing only the KV total: its one buffer
        if (!key.empty()) {
            const std::string dev = f.device.empty() ? std::string("CPU") : f.device;
            if (!m.contains(key))
                m[key] = json::object();
            m[key][dev] = m[key].value(dev, Bytes(0)) + f.bytes;
            continue;
        }
        for (auto [kind, k] : {std::pair{"weights", "vllm_weights_bytes"},
                               {"kv_cache", "vllm_kv_cache_bytes"},
                               {"activation_peak", "vllm_activation_peak_bytes"},
                               {"non_torch", "vllm_non_torch_bytes"},
                               {"cuda_graph", "vllm_cuda_graph_bytes"},
                               {"peak_torch", "vllm_peak_torch_bytes"}})
            if (f.kind == kind)
                m[k] = f.bytes;
    }
    if (run.kvCapacityTokens)
        m["kv_capacity_tokens"] = run.kvCapacityTokens;
    if (run.maxConcurrency > 0)
        m["max_concurrency"]["value"] = run.maxConcurrency;
    if (const MeasuredDevice *d = run.findDevice("gpu0"); d && d->totalBytes)
        m["total_gpu_bytes"] = d->totalBytes;
    if (!run.runtimeEstimate.empty())
        m["ollama_estimate"] = run.runtimeEstimate;
    return m;
}

/// Parsed and hand-copied figures agree within the log's rounding: half of the last printed
/// digit of GiB (vLLM, two decimals; Ollama's estimate, one). tst_logparsers checks each
/// buffer line to its own rounding.
bool sameFigure(const json &parsed, const json &hand, double tolerance)
{
    if (parsed.is_object() && hand.is_object()) {
        for (auto &[k, v] : hand.items())
            if (parsed.contains(k) && !sameFigure(parsed[k], v, tolerance))
                return false;
        return true;
    }
    if (!parsed.is_number() || !hand.is_number())
        return parsed == hand;
    return std::abs(parsed.get<double>() - hand.get<double>()) <= tolerance;
}

double relErr(double ours, double real)
{
    return real > 0 ? (ours - real) / real : 0;
}

/// The low and high ends the estimate states for one guest of one pool (sum of its items).
std::pair<double, double> statedRange(const Estimate &e, std::uint16_t pool, Guest g)
{
    double low = 0, high = 0;
    for (const Item &it : e.items)
        if (it.pool == pool && it.guest == g) {
            low += double(it.low);
            high += double(it.high);
        }
    return {low, high};
}

} // namespace

namespace {

/// The release a case's runtime_version names, as runtime.version spells it; "" when it names none.
/// llama.cpp: "build 6699 (c08002a1)", "version: 4462 (...)" -> b6699; "v0.5.0 (commit ...)" -> v0.5.0.
/// vLLM: "0.10.1.1 (V1 engine)" -> 0.10.1.1.
std::string releaseNamedIn(const std::string &runtime, const std::string &text)
{
    std::smatch m;
    if (runtime == "llama.cpp") {
        if (std::regex_search(text, m, std::regex(R"(^v(\d+\.\d+\.\d+))")))
            return "v" + m[1].str();
        if (std::regex_search(text, m, std::regex(R"((?:build|version:)\s+(\d+))")))
            return "b" + m[1].str();
        return {};
    }
    if (runtime == "vllm" && std::regex_search(text, m, std::regex(R"(^v?(\d+\.\d+(?:\.\d+)*))")))
        return m[1].str();
    return {};
}

} // namespace

class TstRuntimeLogs : public QObject {
    Q_OBJECT
private slots:
    void cases_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}))
            QTest::newRow(qPrintable(f.chopped(5))) << dir.filePath(f);
    }
    void cases()
    {
        QFETCH(QString, path);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        QVERIFY2(doc.contains("source") && doc["source"].get<std::string>().find("http") == 0,
                 "every case cites its source");
        const std::string runtime = doc["runtime"];
        const std::string model = doc["model"];
        if (!test::shippedCatalog().model(model))
            QSKIP("model not among the presets");
        // The figures come from the excerpt through core/logs; what the hand copy holds beyond
        // them (derived values, cut-off lines) is kept, and where both have a figure they must agree.
        const json &hand = doc["measured"];
        json m = parsedMeasured(parseRuntimeLog(doc["log_excerpt"].get<std::string>()));
        for (auto &[k, v] : hand.items()) {
            if (!m.contains(k))
                m[k] = v;
            else
                QVERIFY2(sameFigure(m[k], v, (k == "ollama_estimate" ? 0.05 : 0.005) * double(GiB) + 2),
                         qPrintable(QStringLiteral("%1: parsed %2, hand %3")
                                        .arg(QString::fromStdString(k))
                                        .arg(QString::fromStdString(m[k].dump()))
                                        .arg(QString::fromStdString(v.dump()))));
        }
        // Settings the excerpt does not print but its buffers imply ("derived_settings", each
        // explained in the case's note) fill in; printed settings win.
        json st = doc.value("derived_settings", json::object());
        const json printed = doc.value("settings", json::object());
        for (auto &[k, v] : printed.items())
            st[k] = v;

        Scenario s;
        s.model.preset = model;
        s.weights.format = doc.contains("weights_format") && doc["weights_format"].is_string()
                               ? doc["weights_format"].get<std::string>()
                               : std::string("bf16");
        if (!findQuantFormat(s.weights.format))
            QSKIP("weight format not modelled");
        // As released (gpt-oss: MXFP4 experts, BF16 elsewhere): let the preset split the formats.
        if (test::shippedCatalog().model(model)->shippedFormat == s.weights.format)
            s.weights.format.clear();
        // A GGUF whose experts have their own type (llama.cpp's MXFP4_MOE: experts MXFP4, the rest Q8_0).
        if (doc.contains("expert_format"))
            s.weights.expertFormat = doc["expert_format"].get<std::string>();
        s.runtime.preset = runtime == "llama.cpp" || runtime == "ollama" ? "llama.cpp" : runtime;
        s.hardware.preset = "h100-sxm";
        // The total the driver reported (vLLM's total_gpu_memory), printed or derived from printed figures.
        const char *totalKey = m.contains("total_gpu_bytes")             ? "total_gpu_bytes"
                               : doc.contains("derived_total_gpu_bytes") ? "derived_total_gpu_bytes"
                                                                         : nullptr;
        const json &totals = m.contains("total_gpu_bytes") ? m : doc;
        if (totalKey) {
            s.hardware.capacityBytes = totals[totalKey].get<Bytes>();
            s.hardware.gpuUsableBytes = s.hardware.capacityBytes;
        }
        // A card named in the log but whose total is not printed: take the preset's capacity.
        const std::string hw = doc.value("hardware", std::string());
        const bool a100 = hw.find("A100 80GB") != std::string::npos;
        const bool rtx3090 = hw.find("RTX 3090") != std::string::npos;
        const bool namedCard = !totalKey && (a100 || rtx3090 || hw.find("H100") != std::string::npos);
        if (namedCard)
            s.hardware.preset = a100 ? "a100-80gb-sxm" : rtx3090 ? "rtx-3090" : "h100-sxm";
        s.host.ramBytes = 1024 * GiB;
        json settings = json::object();
        for (const char *k : {"ctx_size",
                              "ubatch_size",
                              "batch_size",
                              "parallel",
                              "flash_attn",
                              "cache_type_k",
                              "cache_type_v",
                              "n_gpu_layers",
                              "n_cpu_moe",
                              "gpu_memory_utilization",
                              "max_model_len",
                              "max_num_batched_tokens",
                              "tensor_parallel_size",
                              "block_size",
                              "max_num_seqs",
                              "kv_cache_dtype",
                              "use_flashinfer_sampler",
                              "enable_prefix_caching",
                              "mem_fraction_static",
                              "tp_size",
                              "kv_unified",
                              "mmap",
                              "n_outputs_max",
                              "program",
                              "cpu_features"})
            if (st.contains(k) && isRuntimeSettingKey(s.runtime.preset, k))
                settings[k] = st[k];
        // The release the log names becomes runtime.version, so the engine picks that release's
        // rules itself (core/runtimes/*/releaserules.h): llama.cpp's build or semantic version,
        // vLLM's version. Logs that name none get the rules their buffers show, as before.
        const std::string excerpt = doc.value("log_excerpt", std::string());
        const std::string version =
            doc.value("runtime_version", json()).is_string() ? doc["runtime_version"].get<std::string>() : "";
        std::string release = releaseNamedIn(s.runtime.preset, version);
        // A llama.cpp log that prints no build but names its cache class "llama_kv_cache_unified"
        // comes from before PR #15467 (merged late August 2025) dropped the prefix: the planner
        // places that at b6240, so the rules of that time apply (its Arm CPU had no K-quant repack).
        if (release.empty() && s.runtime.preset == "llama.cpp" &&
            excerpt.find("llama_kv_cache_unified:") != std::string::npos)
            release = "b6239";
        if (!release.empty())
            settings["version"] = release;
        // llama.cpp builds from before the GLU op and n_outputs_max print no "n_outputs_max" line.
        if (release.empty() && s.runtime.preset == "llama.cpp" && runtime == "llama.cpp" &&
            excerpt.find("n_outputs_max") == std::string::npos)
            settings["graph_rules"] = "legacy";
        // Case ids mark vLLM's V0 engine with a "-v0" word ("-v0.21" is a version, not the engine).
        const std::string id = doc["id"];
        const bool v0Engine = id.find("-v0-") != std::string::npos || id.ends_with("-v0");
        // vLLM V0 without chunked prefill profiled max(max_model_len, 2048) tokens at once.
        if (s.runtime.preset == "vllm" && v0Engine && release.empty() && settings.contains("max_model_len") &&
            !settings.contains("max_num_batched_tokens"))
            settings["max_num_batched_tokens"] =
                std::max<std::uint64_t>(2048, settings["max_model_len"].get<std::uint64_t>());
        // vLLM before 0.21 captured the CUDA graphs after the KV pool was sized; a log whose release is
        // not printed is taken as one of those (V0, or a V1 summary from before 0.21).
        if (s.runtime.preset == "vllm" && release.empty())
            settings["memory_profiler_estimate_cudagraphs"] = false;
        if (s.runtime.preset == "vllm" && settings.contains("tensor_parallel_size"))
            s.hardware.count = settings["tensor_parallel_size"].get<std::uint32_t>();
        if (s.runtime.preset == "sglang" && st.contains("tp")) // --tp is SGLang's short form of --tp-size
            settings["tp_size"] = st["tp"];
        // llama.cpp: a log whose compute buffers name no CUDA device ran without a GPU backend (with
        // one, ggml would offload the big products to it even at n_gpu_layers 0).
        bool anyCuda = false;
        for (auto &[kind, devices] : m.items())
            if (devices.is_object())
                for (auto &[dev, bytes] : devices.items())
                    anyCuda = anyCuda || dev.rfind("CUDA", 0) == 0;
        if (s.runtime.preset == "llama.cpp" && !anyCuda && m.contains("compute_buffer_bytes"))
            s.hardware.preset = "cpu-ddr5-5600-2ch";
        // llama.cpp: one pool per CUDA device that holds KV cells.
        std::uint32_t cudaDevices = 0;
        if (m.contains("kv_buffer_bytes"))
            for (auto &[k, v] : m["kv_buffer_bytes"].items())
                cudaDevices += k.rfind("CUDA", 0) == 0 && k != "CUDA_Host" ? 1 : 0;
        if (s.runtime.preset == "llama.cpp" && cudaDevices > 1)
            s.hardware.count = cudaDevices;
        s.runtime.settings = settings;
        Estimate e;
        try {
            e = estimate(s, test::shippedCatalog());
        } catch (const std::exception &ex) {
            QSKIP(ex.what());
        }
        Bytes kv = 0;
        for (const Pool &p : e.pools)
            kv += p.guest(Guest::KvCache);

        QString report;
        if (s.runtime.preset == "llama.cpp" && m.contains("kv_buffer_bytes") && st.contains("ctx_size")) {
            const double err = relErr(double(kv), double(sumObject(m["kv_buffer_bytes"])));
            report += QStringLiteral(" kv %1%").arg(err * 100, 0, 'f', 2);
            QVERIFY2(std::abs(err) <= 0.005, qPrintable(report));
        }
        if (s.runtime.preset == "llama.cpp" && m.contains("compute_buffer_bytes") && st.contains("ubatch_size") &&
            st.contains("ctx_size")) {
            // Every compute buffer the log prints, device by device (docs/accuracy.md). The host
            // pool's activation also holds the output buffer, printed on its own line.
            const json &cb = m["compute_buffer_bytes"];
            const std::size_t host = e.pools.size() - 1;
            for (auto &[dev, bytes] : cb.items()) {
                std::size_t pool = host;
                double real = bytes.get<double>();
                if (dev.rfind("CUDA", 0) == 0 && dev != "CUDA_Host")
                    pool = std::stoul(dev.substr(4));
                else if (m.contains("output_buffer_bytes") && m["output_buffer_bytes"].contains(dev))
                    real += m["output_buffer_bytes"][dev].get<double>();
                QVERIFY2(pool < e.pools.size(), qPrintable(QString::fromStdString(dev)));
                const double err = relErr(double(e.pools[pool].guest(Guest::Activation)), real);
                report += QStringLiteral(" compute %1 %2%").arg(QString::fromStdString(dev)).arg(err * 100, 0, 'f', 2);
                QVERIFY2(std::abs(err) <= 0.15, qPrintable(report));
            }
        }
        if (s.runtime.preset == "llama.cpp" && m.contains("model_buffer_bytes") && doc["weights_format"].is_string()) {
            // All weights: the model buffers of every device together. A CPU_Mapped buffer beside GPU
            // buffers is a mapped file span (below), so such cases are left out.
            const json &mb = m["model_buffer_bytes"];
            bool gpu = false;
            for (auto &[dev, bytes] : mb.items())
                gpu = gpu || (dev.rfind("CUDA", 0) == 0 && dev != "CUDA_Host" && bytes.get<double>() > 64 * MiB);
            if (!(gpu && mb.contains("CPU_Mapped"))) {
                // CPU only: the host pool's weights, which hold the repacked copy (CPU_REPACK) too.
                const bool cpuOnly = s.hardware.preset.rfind("cpu-", 0) == 0;
                const double ours =
                    cpuOnly ? double(e.pools.back().guest(Guest::Weights)) : double(e.model.weightsBytes);
                const double err = relErr(ours, sumObject(mb));
                report += QStringLiteral(" weights %1%").arg(err * 100, 0, 'f', 2);
                // Exact block formats: the 0.5 % target; a mixed recipe: the range it states.
                if (e.model.weightsEvidence == Evidence::Calculated)
                    QVERIFY2(std::abs(err) <= 0.005, qPrintable(report));
                else
                    QVERIFY2(err >= -0.03 && err <= 0.06, qPrintable(report));
            }
        }
        if (s.runtime.preset == "llama.cpp" && m.contains("model_buffer_bytes") && st.contains("ctx_size") &&
            st.contains("ubatch_size") && st.contains("n_gpu_layers") && doc["weights_format"].is_string()) {
            // Pool totals: every buffer the log prints for a device (model, KV, compute, output)
            // against the planner's weights + KV + activation there. The CUDA context and the
            // free margin are never printed, so they stay out of both sides.
            std::map<std::size_t, double> real;
            for (const char *kind :
                 {"model_buffer_bytes", "kv_buffer_bytes", "compute_buffer_bytes", "output_buffer_bytes"})
                if (m.contains(kind))
                    for (auto &[dev, bytes] : m[kind].items()) {
                        const bool gpu = dev.rfind("CUDA", 0) == 0 && dev != "CUDA_Host";
                        real[gpu ? std::stoul(dev.substr(4)) : e.pools.size() - 1] += bytes.get<double>();
                    }
            // A CPU_Mapped buffer next to GPU model buffers is the file span from the first to the
            // last host tensor, GPU tensors in between included: address space, not resident memory.
            const json &mb = m["model_buffer_bytes"];
            bool gpuWeights = false;
            for (auto &[dev, bytes] : mb.items())
                gpuWeights = gpuWeights || (dev.rfind("CUDA", 0) == 0 && dev != "CUDA_Host");
            const bool mappedSpan = gpuWeights && mb.contains("CPU_Mapped");
            for (auto &[pool, bytes] : real) {
                const Pool &p = e.pools[pool];
                const double ours =
                    double(p.guest(Guest::Weights) + p.guest(Guest::KvCache) + p.guest(Guest::Activation));
                const double err = relErr(ours, bytes);
                const bool span = mappedSpan && p.kind == PoolKind::Ram;
                report += QStringLiteral(" total %1 %2%%3")
                              .arg(QString::fromStdString(p.id))
                              .arg(err * 100, 0, 'f', 2)
                              .arg(span ? QStringLiteral(" (mapped span, not bounded)") : QString());
                if (!span)
                    QVERIFY2(std::abs(err) <= 0.05, qPrintable(report));
            }
        }
        if (m.contains("ollama_estimate") && m["ollama_estimate"].contains("memory_graph_partial_bytes")) {
            // Ollama's own pre-load estimate, not a measurement: reported to show how the two
            // estimators compare on a partial offload, never bounded.
            const double theirs = m["ollama_estimate"]["memory_graph_partial_bytes"].get<double>();
            report += QStringLiteral(" compute GPU 0 vs Ollama's graph.partial estimate %1%")
                          .arg(relErr(double(e.pools[0].guest(Guest::Activation)), theirs) * 100, 0, 'f', 2);
        }
        if (s.runtime.preset == "vllm" && m.contains("max_concurrency") && m["max_concurrency"].contains("value") &&
            (totalKey || namedCard)) {
            const double err = relErr(e.maxConcurrency, m["max_concurrency"]["value"].get<double>());
            report += QStringLiteral(" vllm max concurrency %1%").arg(err * 100, 0, 'f', 2);
        }
        if (s.runtime.preset == "sglang" && m.contains("kv_capacity_tokens") && (totalKey || namedCard)) {
            // "KV Cache is allocated. #tokens: N": the pool of one tensor-parallel rank.
            const double real = m["kv_capacity_tokens"].get<double>();
            const double err = relErr(double(e.kvCapacityTokens), real);
            const bool inRange = real >= double(e.kvCapacityTokensLow) && real <= double(e.kvCapacityTokensHigh);
            report += QStringLiteral(" sglang kv tokens %1% (range %2-%3%4)")
                          .arg(err * 100, 0, 'f', 2)
                          .arg(e.kvCapacityTokensLow)
                          .arg(e.kvCapacityTokensHigh)
                          .arg(inRange ? QString() : QStringLiteral(", OUTSIDE"));
            QVERIFY2(inRange, qPrintable(report));
            // One SGLang log so far; its constants are borrowed from vLLM's CUDA/NCCL figures, not
            // fitted to it, so the bound is looser than vLLM's (docs/accuracy.md).
            QVERIFY2(std::abs(err) <= 0.10, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("kv_capacity_tokens") && (totalKey || namedCard)) {
            const double real = m["kv_capacity_tokens"].get<double>();
            const double err = relErr(double(e.kvCapacityTokens), real);
            // The range the planner states around its figure must hold the logged capacity.
            const bool inRange = real >= double(e.kvCapacityTokensLow) && real <= double(e.kvCapacityTokensHigh);
            report += QStringLiteral(" vllm kv tokens %1% (range %2-%3%4)")
                          .arg(err * 100, 0, 'f', 2)
                          .arg(e.kvCapacityTokensLow)
                          .arg(e.kvCapacityTokensHigh)
                          .arg(inRange ? QString() : QStringLiteral(", OUTSIDE"));
            if (!v0Engine)
                QVERIFY2(inRange, qPrintable(report));
            // Issue 3's 5 % applies to V1 logs of a known release: the release decides the graph
            // accounting, and the batch defaults. V0 logs profiled whole prompts; a log without a
            // version is reported (docs/accuracy.md). A card total derived from two rounded log
            // figures is itself uncertain by about 4 % of the pool, so that case gets 10 %.
            const double bound = doc.contains("derived_total_gpu_bytes") ? 0.10 : 0.05;
            if (!v0Engine && !release.empty())
                QVERIFY2(std::abs(err) <= bound, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("vllm_kv_cache_bytes") && !m.contains("kv_capacity_tokens") &&
            totalKey && !v0Engine) {
            // Runs that print the KV memory but not the tokens (the llm-d summaries): bytes of
            // GPU 0's pool, which must lie inside the pool's stated range.
            const double real = m["vllm_kv_cache_bytes"].get<double>();
            const double err = relErr(double(e.pools[0].guest(Guest::KvCache)), real);
            const auto [low, high] = statedRange(e, 0, Guest::KvCache);
            report += QStringLiteral(" vllm kv bytes %1% (range %2-%3 GiB)")
                          .arg(err * 100, 0, 'f', 2)
                          .arg(low / GiB, 0, 'f', 2)
                          .arg(high / GiB, 0, 'f', 2);
            QVERIFY2(real >= low && real <= high, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("vllm_activation_peak_bytes")) {
            const double real = m["vllm_activation_peak_bytes"].get<double>();
            const double err = relErr(double(e.pools[0].guest(Guest::Activation)), real);
            const auto [low, high] = statedRange(e, 0, Guest::Activation);
            report += QStringLiteral(" vllm activation %1% (range %2-%3 GiB)")
                          .arg(err * 100, 0, 'f', 2)
                          .arg(low / GiB, 0, 'f', 2)
                          .arg(high / GiB, 0, 'f', 2);
            // The stated range covers every logged peak, the sampler-heavy llm-d runs included.
            QVERIFY2(real >= low && real <= high, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("vllm_weights_bytes") && s.weights.format == "bf16") {
            // vLLM reports the weights of one GPU (its tensor-parallel shard).
            const double err = relErr(double(e.pools[0].guest(Guest::Weights)), m["vllm_weights_bytes"].get<double>());
            report += QStringLiteral(" weights %1%").arg(err * 100, 0, 'f', 2);
            // Exact where the config was read from an official copy; unverified presets are reported only.
            if (test::shippedCatalog().model(model)->verified)
                QVERIFY2(std::abs(err) <= 0.005, qPrintable(report));
        }
        // Held-out runs (marked before any modelling, tools/llamacpp-measure) are reported apart.
        if (doc.value("held_out", false))
            report += QStringLiteral(" [held out]");
        qInfo("%s:%s", qPrintable(QFileInfo(path).completeBaseName()),
              qPrintable(report.isEmpty() ? QStringLiteral(" (nothing comparable)") : report));
    }
};

QTEST_APPLESS_MAIN(TstRuntimeLogs)
#include "tst_runtimelogs.moc"
