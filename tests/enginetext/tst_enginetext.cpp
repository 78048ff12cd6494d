// Issue 21: the UI translates the engine's items and warnings by their stable ids.
// Every item id (core/itemids.h) and notice id (core/notice.h) must have an English
// text and a Korean translation, and a notice's typed arguments are formatted here.
#include "enginetext.h"
#include "itemids.h"
#include "translator.h"
#include "units.h"

#include <QCoreApplication>
#include <QTest>

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
        QCOMPARE(ui::noticeText(ctx), QStringLiteral("A context of %1 tokens is longer than the model's maximum of %2 tokens.")
                                          .arg(QString::fromStdString(formatCount(262144)),
                                               QString::fromStdString(formatCount(131072))));
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
