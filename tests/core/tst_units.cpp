// Byte formatting: the one place bytes become text (STYLE.md, practice 3).
#include "units.h"

#include <QtTest>

using namespace memplan;

class TstUnits : public QObject {
    Q_OBJECT
private slots:
    void binary_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << quint64(0) << "0 B";
        QTest::newRow("1023 bytes stay bytes") << quint64(1023) << "1023 B";
        QTest::newRow("128 KiB (8B KV per token, seed)") << quint64(131072) << "128.00 KiB";
        QTest::newRow("512 MiB (8B at 4096 tokens, seed)") << quint64(536870912) << "512.00 MiB";
        QTest::newRow("10 GiB (70B at 32768 tokens, seed)") << quint64(10737418240ULL) << "10.00 GiB";
    }
    void binary()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatBinary(bytes)), expected);
    }
    void decimal_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("14 GB (7B fp16, seed table)") << quint64(14'000'000'000ULL) << "14.00 GB";
        QTest::newRow("3.5 GB (7B 4-bit, seed table)") << quint64(3'500'000'000ULL) << "3.50 GB";
        QTest::newRow("999 bytes") << quint64(999) << "999 B";
    }
    void decimal()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatDecimal(bytes)), expected);
    }
    void both()
    {
        // 10 GiB = 10.74 GB: the two systems must never be confused.
        QCOMPARE(QString::fromStdString(formatBoth(10 * GiB)), QStringLiteral("10.00 GiB (10.74 GB)"));
        QCOMPARE(QString::fromStdString(formatBoth(10 * GiB, UnitSystem::Decimal)),
                 QStringLiteral("10.74 GB (10.00 GiB)"));
    }
    void counts_data()
    {
        QTest::addColumn<quint64>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("small") << quint64(12) << "12";
        QTest::newRow("thousands") << quint64(131072) << "131,072";
        QTest::newRow("millions") << quint64(8030261248ULL) << "8,030,261,248";
        QTest::newRow("exactly 1000") << quint64(1000) << "1,000";
    }
    void counts()
    {
        QFETCH(quint64, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatCount(value)), expected);
    }
};

QTEST_APPLESS_MAIN(TstUnits)
#include "tst_units.moc"
