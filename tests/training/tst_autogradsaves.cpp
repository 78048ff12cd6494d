// The saved-activation model (core/training/autogradsaves) against our own CPU
// measurements: tests/data/training/saved-activations.json, written by
// tools/training-measure/measure.py (torch 1.13, saved_tensors_hooks, one
// forward/backward/AdamW step per row). Every row must be within 5 %; the
// fit, holdout and unseen rows are reported separately. The same rows check
// the parameter arithmetic (countParameters, loraTrainableParameters) and the
// gradient and AdamW state bytes.

#include "model/modelarch.h"
#include "training/autogradsaves.h"
#include "training/trainableparams.h"

#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace memplan;
using json = nlohmann::json;

namespace {

std::vector<LoraTarget> targetsOf(const std::string &id)
{
    if (id == "qv")
        return {LoraTarget::Q, LoraTarget::V};
    if (id == "all")
        return {std::begin(kAllLoraTargets), std::end(kAllLoraTargets)};
    return {};
}

AttentionKernel kernelOf(const std::string &id)
{
    return id == "eager" ? AttentionKernel::Eager : id == "sdpa" ? AttentionKernel::Sdpa : AttentionKernel::Flash;
}

/// The row's run as the model sees it, with the CPU / torch 1.13 mechanisms the instrument has.
AutogradSavesSetup setupOf(const json &r)
{
    AutogradSavesSetup s;
    s.hidden = r["hidden"].get<double>();
    s.heads = r["heads"].get<double>();
    s.kvHeads = r["kv_heads"].get<double>();
    s.headDim = s.hidden / s.heads;
    s.ffn = r["ffn"].get<double>();
    s.vocab = r["vocab"].get<double>();
    s.layers = r["layers"].get<std::uint32_t>();
    s.batch = r["batch"].get<double>();
    s.sequence = r["seq"].get<double>();
    s.bytes = r["dtype"].get<std::string>() == "fp32" ? 4 : 2;
    s.attention = kernelOf(r["attention"].get<std::string>());
    const double dropout = r["dropout"].get<bool>() ? 0.1 : 0;
    s.attentionDropout = dropout;
    s.dropoutMaskBytes = s.bytes; // the CPU's unfused dropout multiplies by a mask in the dtype
    s.meanKeepsInput = true;      // torch 1.13's MeanBackward1 keeps self
    s.loraRank = r["lora_rank"].get<double>();
    s.baseTrains = s.loraRank == 0;
    s.loraTargets = targetsOf(r["lora_targets_id"].get<std::string>());
    s.loraDropout = s.loraRank > 0 ? dropout : 0;
    s.checkpointing = r["checkpointing"].get<std::string>() == "full" ? Checkpointing::Full : Checkpointing::None;
    return s;
}

ModelArchitecture archOf(const json &r)
{
    ModelArchitecture a;
    a.numHiddenLayers = r["layers"].get<std::uint32_t>();
    a.hiddenSize = r["hidden"].get<std::uint32_t>();
    a.intermediateSize = r["ffn"].get<std::uint32_t>();
    a.numAttentionHeads = r["heads"].get<std::uint32_t>();
    a.numKeyValueHeads = r["kv_heads"].get<std::uint32_t>();
    a.vocabSize = r["vocab"].get<std::uint32_t>();
    a.tieWordEmbeddings = r["tied"].get<bool>();
    return a;
}

} // namespace

class TstAutogradSaves : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/training/saved-activations.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_rows = json::parse(f.readAll().toStdString())["rows"];
        QVERIFY(m_rows.size() >= 300);
    }

    void savedBytesWithinFivePercent()
    {
        std::map<std::string, std::vector<double>> errors;
        for (const json &r : m_rows) {
            const double measured = r["measured"]["saved_bytes"].get<double>();
            const double model = autogradSaves(setupOf(r)).total();
            const double err = model / measured - 1;
            errors[r["split"].get<std::string>()].push_back(std::fabs(err));
            QVERIFY2(std::fabs(err) <= 0.05, qPrintable(QStringLiteral("%1: measured %2, model %3")
                                                            .arg(QString::fromStdString(r["id"].get<std::string>()))
                                                            .arg(measured)
                                                            .arg(model)));
        }
        QCOMPARE(errors.size(), std::size_t(3)); // fit, holdout, unseen
        for (auto &[split, e] : errors) {
            std::sort(e.begin(), e.end());
            std::printf("%-8s %3zu rows  median |error| %.5f %%  max %.5f %%\n", split.c_str(), e.size(),
                        100 * e[e.size() / 2], 100 * e.back());
        }
    }

    void checkpointingKeepsOnlyLayerInputs()
    {
        // Full checkpointing keeps L x b x s x h activations plus the step's cos/sin, and rebuilds
        // exactly one un-checkpointed layer in backward.
        for (const json &r : m_rows) {
            AutogradSavesSetup s = setupOf(r);
            s.checkpointing = Checkpointing::Full;
            const AutogradSaves full = autogradSaves(s);
            QCOMPARE(full.stored, s.layers * s.batch * s.sequence * s.hidden * s.bytes);
            s.checkpointing = Checkpointing::None;
            QCOMPARE(full.recompute, autogradSaves(s).layer);
        }
    }

    void parameterGradientAndAdamBytes()
    {
        for (const json &r : m_rows) {
            const json &m = r["measured"];
            const ModelArchitecture a = archOf(r);
            const double bytes = r["dtype"].get<std::string>() == "fp32" ? 4 : 2;
            const std::uint64_t total = countParameters(a).total();
            const std::uint32_t rank = r["lora_rank"].get<std::uint32_t>();
            const std::uint64_t trainable =
                rank ? loraTrainableParameters(a, rank, targetsOf(r["lora_targets_id"].get<std::string>())) : total;
            QCOMPARE(m["parameters"].get<std::uint64_t>(),
                     rank ? total + trainable : total); // adapters beside the base
            QCOMPARE(m["trainable_parameters"].get<std::uint64_t>(), trainable);
            QCOMPARE(m["gradient_bytes"].get<double>(), double(trainable) * bytes);
            // AdamW: exp_avg and exp_avg_sq in the parameter's dtype, and a 4-byte step tensor per
            // parameter tensor (torch >= 1.12 keeps `step` as a float32 tensor).
            QCOMPARE(m["optimizer_state_bytes"].get<double>(),
                     2 * double(trainable) * bytes + 4 * m["trainable_tensors"].get<double>());
        }
    }

private:
    json m_rows;
};

QTEST_GUILESS_MAIN(TstAutogradSaves)
#include "tst_autogradsaves.moc"
