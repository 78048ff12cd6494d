// Issue 18 in core: what a reconciled log measured, laid over an estimate for the window's
// chart and table (core/logs/measuredoverlay), and the likely cause of a difference as an id
// with arguments (so a translated UI never shows core's English sentence).
#include "logs/logparser.h"
#include "logs/measuredoverlay.h"
#include "logs/reconcile.h"

#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

using namespace memplan;

namespace {
std::string excerpt(const char *caseFile)
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs/") + QLatin1String(caseFile));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>();
}
} // namespace

class TstMeasuredOverlay : public QObject {
    Q_OBJECT
private slots:
    void stacksMeasuredGuestsPerPool()
    {
        // Mistral 7B, 20 of 33 layers on the GPU (llama.cpp): the log prints weights, KV and
        // compute buffers for CUDA0 and the host.
        const MeasuredRun run =
            parseRuntimeLog(excerpt("llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        QVERIFY(ls.modelIdentified);
        const Reconciliation r = reconcile(run, ls.scenario, test::shippedCatalog(), false);
        const MeasuredOverlay o = measuredOverlay(r, r.estimate, "run.log");
        QCOMPARE(o.runtime, std::string("llama.cpp"));
        QCOMPARE(o.origin, std::string("run.log"));
        QVERIFY(o.bars.size() >= 2);
        for (const MeasuredBar &b : o.bars) {
            // Stacked in guest order from zero; the top is the sum of the compared figures.
            double sum = 0;
            std::size_t lastGuest = 0;
            for (const MeasuredSegment &s : b.segments) {
                QVERIFY(s.guest.has_value());
                QVERIFY(guestIndex(*s.guest) >= lastGuest);
                lastGuest = guestIndex(*s.guest);
                if (!s.compared)
                    continue;
                QCOMPARE(s.base, sum);
                sum += s.bytes;
            }
            QCOMPARE(b.top, sum);
        }
        // Every compared byte figure of the reconciliation is in the overlay, with its own value.
        for (const Comparison &c : r.comparisons) {
            if (c.unit != "bytes")
                continue;
            const MeasuredSegment *s = o.find(c.pool, *guestFromId(c.guest));
            QVERIFY(s);
            QCOMPARE(s->bytes, c.measured);
            QCOMPARE(s->inRange, c.inRange);
        }
        QVERIFY(o.maxTop() > 0);

        // Laid over an estimate without a host pool, the host's figures are dropped.
        Estimate gpuOnly = r.estimate;
        gpuOnly.pools.resize(1);
        const MeasuredOverlay g = measuredOverlay(r, gpuOnly, "run.log");
        QCOMPARE(g.bars.size(), std::size_t(1));
        QCOMPARE(g.bars[0].pool, std::size_t(0));
    }

    void appleChipMatchesItsUnifiedPreset()
    {
        // Metal prints the chip, not the variant (llama.cpp's CI log on an Apple M4, build 4897):
        // the smallest M4 preset holding the 10,922 MiB free, so the log is planned on one
        // unified pool rather than on a stand-in discrete card.
        const std::string name = "llama_model_loader: - kv   2: general.name str = Llama 3.2 1B Instruct\n";
        const std::string log = name +
                                "llama_model_load_from_file_impl: using device Metal (Apple M4) - 10922 MiB free\n"
                                "load_tensors: Metal_Mapped model buffer size =  1435.25 MiB\n"
                                "init:      Metal KV buffer size =   384.00 MiB\n";
        const LogScenario ls = scenarioFromLog(parseRuntimeLog(log), test::shippedCatalog());
        QCOMPARE(ls.scenario.hardware.preset, std::string("m4-16gb"));
        // A Pro is not a plain M4, nor the reverse.
        const std::string pro = name +
                                "llama_model_load_from_file_impl: using device Metal (Apple M4 Pro) - 30000 MiB free\n"
                                "init:      Metal KV buffer size =   384.00 MiB\n";
        QCOMPARE(scenarioFromLog(parseRuntimeLog(pro), test::shippedCatalog()).scenario.hardware.preset,
                 std::string("m4-pro-48gb"));
    }

    void aOneWordModelNumberNamesTheCard()
    {
        // nvidia-smi names an "NVIDIA L40S"; the preset's whole name is the one model number.
        const std::string log = "vllm serve Qwen/Qwen3-8B --max-model-len 8192\n"
                                "INFO [kv_cache_utils.py:864] GPU KV cache size: 100,000 tokens\n"
                                "|   0  NVIDIA L40S                    On  |   00000000:56:00.0 Off |   0 |\n"
                                "| N/A   58C    P0   259W /  350W |   45241MiB /  46068MiB |   95%  Default |\n";
        const LogScenario ls = scenarioFromLog(parseRuntimeLog(log), test::shippedCatalog());
        QCOMPARE(ls.scenario.hardware.preset, std::string("l40s"));
        QCOMPARE(ls.scenario.hardware.capacityBytes, std::uint64_t(46068) * MiB);
        // llama.cpp names the card but prints no total; the pasted table's total completes it.
        const std::string both = "  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes\n"
                                 "llama_model_loader: - kv   2: general.name str = Llama 3.2 1B Instruct\n"
                                 "load_tensors:        CUDA0 model buffer size =  1435.25 MiB\n"
                                 "|   0  NVIDIA GeForce RTX 3090        Off |   00000000:01:00.0 Off |  N/A |\n"
                                 "| 30%   45C    P2   110W / 350W |   4000MiB /  24576MiB |  10%  Default |\n";
        const LogScenario card = scenarioFromLog(parseRuntimeLog(both), test::shippedCatalog());
        QCOMPARE(card.scenario.hardware.preset, std::string("rtx-3090"));
        QCOMPARE(card.scenario.hardware.capacityBytes, std::uint64_t(24576) * MiB);
        // A vendor word alone names nothing.
        const std::string vendorOnly = "vllm serve Qwen/Qwen3-8B\n"
                                       "|   0  NVIDIA Graphics Device           On  | 00000000:56:00.0 Off | 0 |\n";
        QCOMPARE(scenarioFromLog(parseRuntimeLog(vendorOnly), test::shippedCatalog()).scenario.hardware.preset,
                 std::string("h100-sxm"));
    }

    void aPresetMustAgreeWithEveryPrintedDimension()
    {
        // Granite 4.1 8B (dense) and the Granite 4.0 H Small preset (a hybrid mixture) share 40
        // layers, width 4,096 and a 100,352-token vocabulary; the printed feed-forward width
        // (12,800, where the preset's experts are 768 wide) tells them apart, so the model is
        // built from the printed shape (ROCm/ROCm#6227).
        const std::string log = "print_info: arch                  = granite\n"
                                "print_info: n_embd                = 4096\n"
                                "print_info: n_layer               = 40\n"
                                "print_info: n_head                = 32\n"
                                "print_info: n_head_kv             = 8\n"
                                "print_info: n_ff                  = 12800\n"
                                "print_info: n_expert              = 0\n"
                                "print_info: general.name          = Granite-4.1-8B\n"
                                "print_info: n_vocab               = 100352\n"
                                "load_tensors:        CUDA0 model buffer size =  9938.39 MiB\n";
        const LogScenario ls = scenarioFromLog(parseRuntimeLog(log), test::shippedCatalog());
        QVERIFY(ls.modelIdentified);
        QVERIFY(ls.scenario.model.preset.empty());
        QCOMPARE(ls.scenario.model.config["intermediate_size"].get<int>(), 12800);
    }

    void aQuantizationMethodInTheNameIsItsFormat()
    {
        // "kaitchup/Phi-4-AutoRound-GPTQ-4bit": GPTQ (and AutoRound's GPTQ export) is 4-bit with
        // groups of 128 in nearly every published checkpoint; AWQ likewise.
        for (const auto &[name, format] : {std::pair{"kaitchup/Phi-4-AutoRound-GPTQ-4bit", "gptq-int4"},
                                           {"Qwen/Qwen2.5-7B-Instruct-AWQ", "awq-int4"}}) {
            const std::string log = std::string("vllm serve ") + name +
                                    "\n"
                                    "INFO [kv_cache_utils.py:864] GPU KV cache size: 100,000 tokens\n";
            QCOMPARE(scenarioFromLog(parseRuntimeLog(log), test::shippedCatalog()).scenario.weights.format,
                     std::string(format));
        }
    }

    void causesCarryIdsAndArguments()
    {
        // Qwen2.5 32B on two GPUs with -ts 10,6: planned from the log, the KV rows are the 41 / 23
        // layers llama.cpp gave each GPU. A scenario without the split puts them outside the even
        // split, and the cause names the setting as an id with the setting and its value.
        const MeasuredRun run =
            parseRuntimeLog(excerpt("llamacpp-qwen2.5-32b-q8_0-kv-q8_0-ctx32768-ub256-fa-on-2gpu.json"));
        LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        for (const Comparison &c : reconcile(run, ls.scenario, test::shippedCatalog(), false).comparisons)
            if (c.guest == "kv_cache")
                QVERIFY2(c.inRange, c.poolId.c_str());
        ls.scenario.runtime.settings.erase("tensor_split");
        const Reconciliation r = reconcile(run, ls.scenario, test::shippedCatalog(), false);
        int named = 0;
        for (const Comparison &c : r.comparisons) {
            if (c.cause.empty())
                continue;
            QVERIFY2(!c.causeId.empty(), c.cause.c_str());
            if (c.guest == "kv_cache") {
                QVERIFY(c.causeId == "cause.setting_missing" || c.causeId == "cause.setting_differs");
                QCOMPARE(c.causeArgs.at(0), std::string("tensor_split"));
                QVERIFY(c.cause.find(c.causeArgs.at(1)) != std::string::npos);
                ++named;
            }
        }
        QCOMPARE(named, 2);
        const nlohmann::json j = reconciliationToJson(r);
        bool inJson = false;
        for (const auto &row : j["comparisons"])
            inJson = inJson || (row.contains("cause_id") && row["cause_args"].is_array());
        QVERIFY(inJson);
    }
};

QTEST_MAIN(TstMeasuredOverlay)
#include "tst_measuredoverlay.moc"
