// Korean as a Korean teacher would write it (issue 33). The rules live in
// resources/translations/glossary-ko.json: the rows of ../shared/glossary-ko.md (the Korean
// source texts' words) and the project's extensions (docs/glossary-ko-extensions.md). Every
// Korean text of the catalogue (window, reports, memplan-cli) and of every lesson is checked:
// - no word a rule rules out (기계 for the machine, 사용자 for concurrency, 최대치, 로짓 …);
// - one register: 합니다체, instructions in -십시오;
// - a particle after a placeholder written as a pair ("%1을(를)") for ui/koreanparticles to choose;
// - no English word left, except the Latin-script terms the source texts keep and names.
// It also checks the particle helper's reading rule and that input errors come out in Korean
// with the file and key as written.

#include "englishwords.h"
#include "error.h"
#include "errortext.h"
#include "koreanparticles.h"
#include "scenario/scenariojson.h"
#include "translator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace memplan;
using namespace memplan::testko;

namespace {

struct KoText {
    QString where; ///< "catalogue Context: source" or "lesson id: key.path"
    QString text;
    bool catalogue = false;
};

struct Rule {
    QString topic;
    QList<QRegularExpression> forbidden;
    QList<QRegularExpression> allowed;
};

QString sourcePath(const QString &relative)
{
    return QStringLiteral(MEMPLAN_SOURCE_DIR "/") + relative;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Every translation of the catalogue; empty when the file cannot be read whole.
QList<KoText> catalogueTexts()
{
    QList<KoText> out;
    QFile f(sourcePath(QStringLiteral("resources/translations/memplan_ko.ts")));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context, source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation"))
            out.push_back({QStringLiteral("catalogue %1: %2").arg(context, source.left(70)),
                           xml.readElementText(QXmlStreamReader::IncludeChildElements), true});
    }
    if (xml.hasError()) {
        qWarning("memplan_ko.ts: %s (line %lld)", qPrintable(xml.errorString()), xml.lineNumber());
        return {};
    }
    return out;
}

void collectKo(const QJsonValue &v, const QString &path, const QString &lesson, QList<KoText> &out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == QLatin1String("scenario"))
                continue; // a scenario's names are data, not Korean text
            const bool korean = it.key() == QLatin1String("ko") || it.key().endsWith(QLatin1String("_ko"));
            if (korean && it.value().isString())
                out.push_back({QStringLiteral("lesson %1: %2").arg(lesson, path), it.value().toString(), false});
            else
                collectKo(it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), lesson, out);
        }
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            collectKo(a.at(i), path + QStringLiteral("[%1]").arg(i), lesson, out);
    }
}

QList<KoText> lessonTexts()
{
    QList<KoText> out;
    const QDir dir(sourcePath(QStringLiteral("presets/lessons")));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QJsonObject o = readJson(dir.filePath(name));
        collectKo(o, QString(), o.value(QStringLiteral("id")).toString(), out);
    }
    return out;
}

QList<Rule> glossaryRules()
{
    QList<Rule> rules;
    const QJsonObject g = readJson(sourcePath(QStringLiteral("resources/translations/glossary-ko.json")));
    for (const QJsonValue &r : g.value(QStringLiteral("rules")).toArray()) {
        Rule rule;
        rule.topic = r[QStringLiteral("concept")].toString();
        for (const QJsonValue &p : r[QStringLiteral("not")].toArray())
            rule.forbidden << QRegularExpression(p.toString());
        for (const QJsonValue &p : r[QStringLiteral("allow")].toArray())
            rule.allowed << QRegularExpression(p.toString());
        rules << rule;
    }
    return rules;
}

/// The ruled-out words `text` uses, one line each ("기계 (machine (hardware choice))").
QStringList ruledOut(const QString &text, const QList<Rule> &rules)
{
    QStringList found;
    for (const Rule &rule : rules)
        for (const QRegularExpression &re : rule.forbidden) {
            auto it = re.globalMatch(text);
            while (it.hasNext()) {
                const auto m = it.next();
                bool allowed = false;
                for (const QRegularExpression &ok : rule.allowed) {
                    auto a = ok.globalMatch(text);
                    while (a.hasNext() && !allowed) {
                        const auto am = a.next();
                        allowed = am.capturedStart() <= m.capturedStart() && am.capturedEnd() >= m.capturedEnd();
                    }
                }
                if (!allowed)
                    found << QStringLiteral("%1 (%2)").arg(m.captured(0), rule.topic);
            }
        }
    return found;
}

} // namespace

class TstGlossaryKo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        static ui::FallbackTranslator korean;
        QVERIFY(korean.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QCoreApplication::installTranslator(&korean);
        m_rules = glossaryRules();
        m_kept = latinWords();
        m_texts = catalogueTexts() + lessonTexts();
        QVERIFY(m_rules.size() >= 20);
        QVERIFY(catalogueTexts().size() > 1400); // the whole catalogue was read
        QVERIFY(m_texts.size() > 1600);
    }

    // The checks must be able to fail.
    void theDetectorsFindDrift()
    {
        QVERIFY(!ruledOut(QStringLiteral("기계(&M)"), m_rules).isEmpty());
        QVERIFY(!ruledOut(QStringLiteral("사용자(&U)"), m_rules).isEmpty());
        QVERIFY(!ruledOut(QStringLiteral("로딩 중 최대치"), m_rules).isEmpty());
        QVERIFY(!ruledOut(QStringLiteral("파일을 확인하세요."), m_rules).isEmpty());
        QVERIFY(!ruledOut(QStringLiteral("8,192 token prompt의 첫 token까지"), m_rules).isEmpty());
        QVERIFY(ruledOut(QStringLiteral("사용자 프리셋 폴더를 추가합니다"), m_rules).isEmpty());
        QVERIFY(ruledOut(QStringLiteral("--min-tokens-per-s에는 양수가 필요합니다"), m_rules).isEmpty());
        QVERIFY(ruledOut(QStringLiteral("네트워크 계층 없음"), m_rules).isEmpty());
        QCOMPARE(englishWords(QStringLiteral("무엇인가: the keys of every token"), m_kept).size(), 5);
        // A word glued to a Korean particle is still a word.
        QCOMPARE(englishWords(QStringLiteral("GPTQ/AWQ tensors나 블록"), m_kept),
                 QStringList{QStringLiteral("tensors")});
        QVERIFY(englishWords(QStringLiteral("합계 = 가중치 + KV + activation + workspace (GPU 0, GeForce RTX 4090)"),
                             m_kept)
                    .isEmpty());
    }

    void noWordTheGlossaryRulesOut()
    {
        QStringList bad;
        for (const KoText &t : std::as_const(m_texts))
            for (const QString &w : ruledOut(t.text, m_rules))
                bad << t.where + QStringLiteral("  →  ") + w;
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
    }

    void noEnglishWordInKorean()
    {
        QStringList bad;
        for (const KoText &t : std::as_const(m_texts)) {
            const QStringList words = englishWords(t.text, m_kept);
            if (!words.isEmpty())
                bad << t.where + QStringLiteral("  →  ") + words.join(QStringLiteral(", "));
        }
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
    }

    void particlesAfterPlaceholdersArePairs()
    {
        // "%1을 썼습니다" is wrong for half the values ("pdf을"); "%1을(를)" is resolved by the value.
        static const QRegularExpression fixed(
            QStringLiteral("(?<!\\()%\\d['\"’]?(으로|은|는|이|가|을|를|로|과|와)(?=[\\s.,:;)]|$)"));
        QStringList bad;
        for (const KoText &t : std::as_const(m_texts))
            if (t.catalogue && fixed.match(t.text).hasMatch())
                bad << t.where + QStringLiteral("  →  ") + t.text.left(80);
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
    }

    void particleHelper_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        // Hangul: the final consonant; ㄹ takes 로.
        QTest::newRow("장비를") << QStringLiteral("장비을(를)") << QStringLiteral("장비를");
        QTest::newRow("파일을") << QStringLiteral("파일을(를)") << QStringLiteral("파일을");
        QTest::newRow("파일로") << QStringLiteral("파일(으)로") << QStringLiteral("파일로");
        QTest::newRow("형식으로") << QStringLiteral("형식(으)로") << QStringLiteral("형식으로");
        // Latin letters by their Korean names: F 에프, G 지 (vowels); L 엘, M 엠, N 엔 (consonants).
        QTest::newRow("pdf를") << QStringLiteral("out.pdf을(를) 썼습니다") << QStringLiteral("out.pdf를 썼습니다");
        QTest::newRow("png를") << QStringLiteral("a.png을(를)") << QStringLiteral("a.png를");
        QTest::newRow("json으로") << QStringLiteral("run.json(으)로") << QStringLiteral("run.json으로");
        QTest::newRow("vLLM은") << QStringLiteral("vLLM은(는)") << QStringLiteral("vLLM은");
        QTest::newRow("vLLM으로 is 로 (엠)") << QStringLiteral("vLLM(으)로") << QStringLiteral("vLLM으로");
        QTest::newRow("llama.cpp는") << QStringLiteral("llama.cpp은(는)") << QStringLiteral("llama.cpp는");
        QTest::newRow("SGLang은 (랭)") << QStringLiteral("SGLang은(는)") << QStringLiteral("SGLang은");
        QTest::newRow("html로 (엘)") << QStringLiteral("a.html(으)로") << QStringLiteral("a.html로");
        // Digits by their Korean reading: 2 이, 4 사, 5 오, 9 구 vowels; 1 일, 7 칠, 8 팔 ㄹ; 0 3 6 consonants.
        QTest::newRow("q8_0으로") << QStringLiteral("q8_0(으)로") << QStringLiteral("q8_0으로");
        QTest::newRow("4096으로 (육)") << QStringLiteral("4096(으)로") << QStringLiteral("4096으로");
        QTest::newRow("8로 (팔)") << QStringLiteral("8(으)로") << QStringLiteral("8로");
        QTest::newRow("2가 (이)") << QStringLiteral("2이(가)") << QStringLiteral("2가");
        QTest::newRow("16 GiB를") << QStringLiteral("16 GiB을(를)") << QStringLiteral("16 GiB를");
        // Quotes and brackets are skipped; a symbol keeps the pair.
        QTest::newRow("'de'는") << QStringLiteral("'de'은(는) 안 됨") << QStringLiteral("'de'는 안 됨");
        QTest::newRow("symbol keeps") << QStringLiteral("#은(는)") << QStringLiteral("#은(는)");
        QTest::newRow("after a space") << QStringLiteral("값 을(를)") << QStringLiteral("값 을(를)");
        QTest::newRow("two in one") << QStringLiteral("설정 kv이(가) 캐시를 q4_0(으)로")
                                    << QStringLiteral("설정 kv가 캐시를 q4_0으로");
    }

    void particleHelper()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(ui::withParticles(text), expected);
        QCOMPARE(QString::fromStdString(ui::withParticles(text.toStdString())), expected);
    }

    void everyReasonPatternHasKorean()
    {
        for (int i = 0; i < ui::inputReasonPatternCount(); ++i) {
            const char *en = ui::inputReasonPatternSource(i);
            const QString ko = QCoreApplication::translate("ErrorText", en);
            QVERIFY2(ko != QLatin1String(en) && ko.contains(QRegularExpression(QStringLiteral("[가-힣]"))), en);
        }
    }

    void inputErrorsInKorean_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("key");
        const auto row = [](const char *name, const char *json, const char *key) {
            QTest::newRow(name) << QString::fromUtf8(json) << QString::fromUtf8(key);
        };
        // Errors core raises for the scenarios people write by hand (core/scenario/scenariojson.cpp).
        row("bad kind", R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"hardware":{"kind":"tpu"}})",
            "hardware.kind");
        row("context out of range",
            R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"workload":{"context_tokens":0}})",
            "workload.context_tokens");
        row("wrong schema", R"({"schema":"memplan.scenario/9","model":{"preset":"x"}})", "schema");
        row("unknown key", R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"workload":{"contxt":1}})",
            "workload.contxt");
        row("not a number",
            R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"workload":{"concurrency":"four"}})",
            "workload.concurrency");
        row("split mode", R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"placement":{"split_mode":"row"}})",
            "placement.split_mode");
        row("no model", R"({"schema":"memplan.scenario/1"})", "model");
        row("key twice", R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"model":{"preset":"y"}})", "model");
    }

    void inputErrorsInKorean()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, key);
        try {
            (void)scenarioFromText(scenario.toStdString(), "my scenario.json");
            QFAIL("the scenario was accepted");
        } catch (const InputError &e) {
            QVERIFY2(ui::inputReasonKnown(e.info().reason), e.info().reason.c_str());
            const QString ko = ui::inputErrorText(e.info());
            QVERIFY2(ko.startsWith(QStringLiteral("my scenario.json: ")), qPrintable(ko));
            QVERIFY2(ko.contains(key + QStringLiteral(": ")), qPrintable(ko)); // the key as written
            QVERIFY2(ko.contains(QRegularExpression(QStringLiteral("[가-힣]"))), qPrintable(ko));
            // The Korean sentence, without the list of allowed values ("tensor, layer") it ends with.
            const QString sentence = ko.section(QStringLiteral(": "), 2).section(QStringLiteral(": "), 0, 0);
            QVERIFY2(englishWords(sentence, m_kept).isEmpty(), qPrintable(ko));
        }
    }

    void importWarningsInKorean()
    {
        // core/import/safetensors.cpp's warning: the file name stays, the particle follows "F4" (사).
        QCOMPARE(ui::importWarningText("model.safetensors: tensor 'x' has dtype F4, which the planner does not know; "
                                       "its stored bytes are counted as they are"),
                 QStringLiteral("model.safetensors: 텐서 'x'의 dtype F4는 플래너가 모르는 형식이라 저장된 바이트를 "
                                "그대로 셉니다"));
        QCOMPARE(ui::importWarningText("vocab_size is not in the config; Gemma3TextConfig's default 262208 was used"),
                 QStringLiteral("config에 vocab_size가 없어 Gemma3TextConfig의 기본값 262208을 썼습니다"));
    }

    void enumerationsLoseTheirEnglishOr()
    {
        QCOMPARE(ui::inputReasonText("must be discrete_gpu, unified or cpu"),
                 QStringLiteral("다음 중 하나여야 합니다: discrete_gpu, unified, cpu"));
        QCOMPARE(ui::inputReasonText("a reason nobody wrote"), QStringLiteral("a reason nobody wrote"));
    }

private:
    QList<Rule> m_rules;
    QSet<QString> m_kept;
    QList<KoText> m_texts;
};

QTEST_GUILESS_MAIN(TstGlossaryKo)
#include "tst_glossaryko.moc"
