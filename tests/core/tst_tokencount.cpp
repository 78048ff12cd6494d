// The one parser for typed token counts (core/scenario/tokencount.h, issue 16 item 3).
// The K/M values are the binary ones runtimes and model cards use: Llama 3.1's
// "128K context" is max_position_embeddings = 131072 (presets/models/llama-3.1-8b.json).

#include "scenario/tokencount.h"

#include <QTest>

#include <optional>

using memplan::parseTokenCount;

Q_DECLARE_METATYPE(std::optional<std::uint64_t>)

class TestTokenCount : public QObject {
    Q_OBJECT
private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::optional<std::uint64_t>>("expected");
        using O = std::optional<std::uint64_t>;
        QTest::newRow("plain") << "200000" << O(200000);
        QTest::newRow("grouped") << "200,000" << O(200000);
        QTest::newRow("spaces") << "  8192  " << O(8192);
        QTest::newRow("32k") << "32k" << O(32768);
        QTest::newRow("128K") << "128K" << O(131072);
        QTest::newRow("1M") << "1M" << O(1048576);
        QTest::newRow("500k") << "500k" << O(512000);
        QTest::newRow("1.5k") << "1.5k" << O(1536);
        QTest::newRow("space before suffix") << "64 K" << O(65536);
        QTest::newRow("unit word") << "8,192 tok" << O(8192);
        QTest::newRow("k and word") << "32k tokens" << O(32768);
        QTest::newRow("large") << "999999999" << O(999999999);
        QTest::newRow("empty") << "" << O();
        QTest::newRow("suffix only") << "k" << O();
        QTest::newRow("negative") << "-5" << O();
        QTest::newRow("fraction without suffix") << "1.5" << O();
        QTest::newRow("junk") << "12abc" << O();
        QTest::newRow("two points") << "1.2.3k" << O();
        QTest::newRow("overflow") << "99999999999999999999" << O();
        QTest::newRow("overflow with suffix") << "18014398509481984M" << O();
    }

    void parses()
    {
        QFETCH(QString, text);
        QFETCH(std::optional<std::uint64_t>, expected);
        QCOMPARE(parseTokenCount(text.toStdString()), expected);
    }
};

QTEST_APPLESS_MAIN(TestTokenCount)
#include "tst_tokencount.moc"
