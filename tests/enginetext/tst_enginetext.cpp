// Issue 21: the UI translates the engine's items and warnings by their stable ids.
// Every item id (core/itemids.h) and notice id (core/notice.h) must have an English
// text and a Korean translation, and a notice's typed arguments are formatted here.
#include "../core/testsupport.h"
#include "enginetext.h"
#include "estimator.h"
#include "itemids.h"
#include "training/trainingestimator.h"
#include "translator.h"
#include "units.h"

#include <QCoreApplication>
#include <QTest>

#include <set>

using namespace memplan;

class TstEngineText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        static ui::FallbackTranslator korean;
        QVERIFY(korean.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        m_korean = &korean;
    }

    void everyItemIdHasEnglishAndKorean()
    {
        for (const char *id : itemid::kAll) {
            const char *english = ui::itemEnglish(id);
            QVERIFY2(english && *english, id);
            const QString ko = m_korean->translate("EngineText", english);
            QVERIFY2(!ko.isEmpty() && ko != QLatin1String(english), id);
        }
    }

    void everyNoticeIdHasEnglishAndKorean()
    {
        for (const char *id : kNoticeIds) {
            const char *tmpl = ui::noticeTemplate(id);
            QVERIFY2(tmpl && *tmpl, id);
            if (std::string_view(id) == "warn.model_input")
                continue; // the model-file reader's own English sentence, passed through
            const QString ko = m_korean->translate("EngineText", tmpl);
            QVERIFY2(!ko.isEmpty() && ko != QLatin1String(tmpl), id);
        }
    }

    // The refusals that name the stated setting and what the runtime takes (issue 34 item 4)
    // are forms of the KV and GGUF refusal ids: each has its Korean text too.
    void refusalFormsHaveKorean()
    {
        for (const char *form : {"refuse.kv_cache_dtype+setting", "refuse.gguf_weights+runtime"}) {
            const char *tmpl = ui::noticeTemplate(form);
            QVERIFY2(tmpl && *tmpl, form);
            const QString ko = m_korean->translate("EngineText", tmpl);
            QVERIFY2(!ko.isEmpty() && ko != QLatin1String(tmpl), form);
        }
    }

    // Issue 15: training items go through the same id lookup, so a Korean window never
    // shows "gradients" or "optimizer states" in English.
    void everyTrainingItemIdHasEnglishAndKorean()
    {
        for (std::string_view id : trainingItemIds()) {
            const std::string name(id);
            const char *english = ui::itemEnglish(id);
            QVERIFY2(english && *english, name.c_str());
            const QString ko = m_korean->translate("EngineText", english);
            QVERIFY2(!ko.isEmpty() && ko != QLatin1String(english), name.c_str());
        }
    }

    // Every item and term meaning of training estimates across methods, optimizers,
    // sharding, offload and frameworks reads in Korean once the translator is installed.
    void trainingItemsAndTermsReadInKorean()
    {
        QCoreApplication::installTranslator(m_korean);
        QStringList english;
        std::set<std::string_view> seen;
        const char *runtimes[] = {"hf-trainer", "deepspeed", "pytorch-fsdp", "unsloth",
                                  "axolotl",    "litgpt",    "torchtune"};
        const TrainingMethod methods[] = {TrainingMethod::Full, TrainingMethod::Lora, TrainingMethod::Qlora,
                                          TrainingMethod::Freeze};
        const Sharding shardings[] = {Sharding::None, Sharding::Zero1, Sharding::Zero3, Sharding::FsdpHybrid};
        for (const char *rt : runtimes)
            for (TrainingMethod m : methods)
                for (Sharding sh : shardings)
                    for (bool offload : {false, true}) {
                        Scenario s;
                        s.model.preset = "llama-3.1-8b";
                        s.hardware.preset = "h100-sxm";
                        s.hardware.count = sh == Sharding::None ? 1 : 4;
                        s.runtime.preset = rt;
                        s.workload.mode = WorkloadMode::Training;
                        s.workload.training.method = m;
                        s.workload.training.frozenLayers = 8;
                        s.workload.training.sharding = sh;
                        s.workload.training.offloadOptimizer = offload;
                        s.workload.training.offloadParameters = offload;
                        s.workload.training.optimizer = offload ? Optimizer::SgdMomentum : Optimizer::Adafactor;
                        Estimate e;
                        try {
                            e = estimate(s, test::shippedCatalog());
                        } catch (const std::exception &) {
                            continue;
                        }
                        for (const Item &it : e.items) {
                            seen.insert(it.id);
                            const QString label = ui::itemText(it);
                            if (label == QString::fromUtf8(it.label.data(), qsizetype(it.label.size())))
                                english << QString::fromUtf8(it.label.data(), qsizetype(it.label.size()));
                            for (const Term &t : it.terms) {
                                const QString meaning =
                                    QString::fromUtf8(t.meaning.data(), qsizetype(t.meaning.size()));
                                if (!meaning.isEmpty() && ui::engineText(t.meaning) == meaning)
                                    english << meaning;
                            }
                        }
                    }
        QCoreApplication::removeTranslator(m_korean);
        english.removeDuplicates();
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));
        // The loop reached the training items (not only the shared system ones).
        QVERIFY(seen.count("train.gradients") && seen.count("train.optimizer_states") &&
                seen.count("train.offloaded_optimizer") && seen.count("train.nf4_dequant"));
    }

    void noticeArgumentsAreFormattedByType()
    {
        // English (no translator installed): bytes in both unit systems, tokens with separators.
        const Notice peak = makeNotice("warn.loading_peak",
                                       {textArg("pool", "host"), numberArg("peak", NoticeArg::Kind::Bytes, 32 * GiB)});
        QCOMPARE(ui::noticeText(peak), QStringLiteral("host: the loading peak (") +
                                           QString::fromStdString(formatBoth(32 * GiB)) +
                                           QStringLiteral(") exceeds the capacity although steady use would fit."));
        const Notice ctx = makeNotice("warn.context_above_max", {numberArg("context", NoticeArg::Kind::Tokens, 262144),
                                                                 numberArg("max", NoticeArg::Kind::Tokens, 131072)});
        QCOMPARE(ui::noticeText(ctx),
                 QStringLiteral("A context of %1 tokens is longer than the model's maximum of %2 tokens.")
                     .arg(QString::fromStdString(formatCount(262144)), QString::fromStdString(formatCount(131072))));
        // With Korean installed the same notice reads in Korean.
        QCoreApplication::installTranslator(m_korean);
        QVERIFY(ui::noticeText(ctx).contains(QStringLiteral("컨텍스트 길이")));
        QCoreApplication::removeTranslator(m_korean);
    }

private:
    ui::FallbackTranslator *m_korean = nullptr;
};

QTEST_MAIN(TstEngineText)
#include "tst_enginetext.moc"
