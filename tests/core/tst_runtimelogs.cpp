// Issue 3 validation: real runtime logs (tests/data/runtime-logs/*.json, each
// with its source link) against the planner's estimate. Prints the error per
// guest and fails past the bounds stated in docs/accuracy.md.
#include "estimator.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

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

double relErr(double ours, double real) { return real > 0 ? (ours - real) / real : 0; }

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
        QVERIFY2(doc.contains("source") && doc["source"].get<std::string>().find("http") == 0, "every case cites its source");
        const std::string runtime = doc["runtime"];
        const std::string model = doc["model"];
        if (!test::shippedCatalog().model(model))
            QSKIP("model not among the presets");
        const json &m = doc["measured"];
        const json &st = doc.value("settings", json::object());

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
        s.runtime.preset = runtime == "llama.cpp" || runtime == "ollama" ? "llama.cpp" : runtime;
        s.hardware.preset = "h100-sxm";
        if (m.contains("total_gpu_bytes"))
            s.hardware.capacityBytes = m["total_gpu_bytes"].get<Bytes>();
        // A card named in the log but whose total is not printed: take the preset's capacity.
        const std::string hw = doc.value("hardware", std::string());
        const bool namedCard = !m.contains("total_gpu_bytes") && hw.find("A100 80GB") != std::string::npos;
        if (namedCard)
            s.hardware.preset = "a100-80gb-sxm";
        s.host.ramBytes = 1024 * GiB;
        json settings = json::object();
        for (const char *k : {"ctx_size", "ubatch_size", "batch_size", "parallel", "flash_attn", "cache_type_k", "cache_type_v",
                              "n_gpu_layers", "n_cpu_moe", "gpu_memory_utilization", "max_model_len", "max_num_batched_tokens",
                              "tensor_parallel_size", "block_size", "max_num_seqs"})
            if (st.contains(k) && isRuntimeSettingKey(s.runtime.preset, k))
                settings[k] = st[k];
        // vLLM V0 without chunked prefill profiled max(max_model_len, 2048) tokens at once.
        const std::string version = doc.value("runtime_version", json()).is_string() ? doc["runtime_version"].get<std::string>() : "";
        if (s.runtime.preset == "vllm" && (doc["id"].get<std::string>().find("-v0") != std::string::npos) &&
            settings.contains("max_model_len") && !settings.contains("max_num_batched_tokens"))
            settings["max_num_batched_tokens"] = std::max<std::uint64_t>(2048, settings["max_model_len"].get<std::uint64_t>());
        (void)version;
        if (s.runtime.preset == "vllm" && settings.contains("tensor_parallel_size"))
            s.hardware.count = settings["tensor_parallel_size"].get<std::uint32_t>();
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
            m["compute_buffer_bytes"].contains("CUDA0") && st.contains("n_gpu_layers") && st["n_gpu_layers"].is_number() &&
            st["n_gpu_layers"].get<double>() > 0) {
            const double real = m["compute_buffer_bytes"]["CUDA0"].get<double>();
            const double err = relErr(double(e.pools[0].guest(Guest::Activation)), real);
            report += QStringLiteral(" compute %1%").arg(err * 100, 0, 'f', 2);
            // Several GPUs turn on llama.cpp's pipeline parallelism (n_copies=4), which the planner does
            // not model yet: those cases are reported, not bounded (docs/accuracy.md).
            const bool multiGpu = m.contains("kv_buffer_bytes") && m["kv_buffer_bytes"].contains("CUDA1");
            if (!multiGpu)
                QVERIFY2(std::abs(err) <= 0.15, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("max_concurrency") && m["max_concurrency"].contains("value") &&
            (m.contains("total_gpu_bytes") || namedCard)) {
            const double err = relErr(e.maxConcurrency, m["max_concurrency"]["value"].get<double>());
            report += QStringLiteral(" vllm max concurrency %1%").arg(err * 100, 0, 'f', 2);
        }
        if (s.runtime.preset == "vllm" && m.contains("kv_capacity_tokens") && (m.contains("total_gpu_bytes") || namedCard)) {
            const double err = relErr(double(e.kvCapacityTokens), m["kv_capacity_tokens"].get<double>());
            report += QStringLiteral(" vllm kv tokens %1%").arg(err * 100, 0, 'f', 2);
            // V0 logs predate the profiler the planner models (graphs captured after the KV
            // allocation, whole-prompt profiling): reported, not bounded (docs/accuracy.md).
            if (doc["id"].get<std::string>().find("-v0") == std::string::npos)
                QVERIFY2(std::abs(err) <= 0.10, qPrintable(report));
        }
        if (s.runtime.preset == "vllm" && m.contains("vllm_activation_peak_bytes")) {
            const double err = relErr(double(e.pools[0].guest(Guest::Activation)), m["vllm_activation_peak_bytes"].get<double>());
            report += QStringLiteral(" vllm activation %1%").arg(err * 100, 0, 'f', 2);
        }
        if (s.runtime.preset == "vllm" && m.contains("vllm_weights_bytes") && s.weights.format == "bf16") {
            // vLLM reports the weights of one GPU (its tensor-parallel shard).
            const double err = relErr(double(e.pools[0].guest(Guest::Weights)), m["vllm_weights_bytes"].get<double>());
            report += QStringLiteral(" weights %1%").arg(err * 100, 0, 'f', 2);
            // Exact where the config was read from an official copy; unverified presets are reported only.
            if (test::shippedCatalog().model(model)->verified)
                QVERIFY2(std::abs(err) <= 0.005, qPrintable(report));
        }
        qInfo("%s:%s", qPrintable(QFileInfo(path).baseName()), qPrintable(report.isEmpty() ? QStringLiteral(" (nothing comparable)") : report));
    }
};

QTEST_APPLESS_MAIN(TstRuntimeLogs)
#include "tst_runtimelogs.moc"
