// Strong quantity types at the engine boundary (issue 21 item 7): tokens, bandwidth,
// throughput, time and rate cannot be mixed with each other or with bytes by accident,
// and their formatters label the unit. Golden values are plain arithmetic shown inline.
#include "quantity.h"
#include "units.h"

#include <QtTest>

#include <type_traits>

using namespace memplan;

// A token count is not a byte count and is never made from one silently.
static_assert(!std::is_convertible_v<std::uint64_t, Tokens>);
static_assert(!std::is_convertible_v<Tokens, Bytes>);
// Bandwidth and token rate are both "per second" but cannot be added or compared.
template <typename A, typename B>
concept Addable = requires(A a, B b)
{
    a + b;
};
template <typename A, typename B>
concept Comparable = requires(A a, B b)
{
    a < b;
};
static_assert(Addable<BytesPerSecond, BytesPerSecond>);
static_assert(!Addable<BytesPerSecond, TokensPerSecond>);
static_assert(!Addable<Tokens, Seconds>);
static_assert(!Comparable<FlopsPerSecond, BytesPerSecond>);
// The binary/decimal facts the formatters rely on.
static_assert(GiB == 1'073'741'824ULL && MiB == 1'048'576ULL && KiB == 1024ULL);
static_assert(kGB == 1'000'000'000ULL);

class TstQuantity : public QObject {
    Q_OBJECT
private slots:
    void transferTimeIsBytesOverBandwidth()
    {
        // 1 GiB at 1 GB/s: 1,073,741,824 / 10^9 = 1.073741824 s.
        QCOMPARE(transferTime(GiB, BytesPerSecond(1e9)).value(), 1.073741824);
        // The seed's decode ceiling: 14 GB of FP16 weights read once per token over 1,008 GB/s
        // (RTX 4090) takes 14 / 1008 s = 13.9 ms, about 72 tokens per second.
        const Seconds step = transferTime(14 * kGB, BytesPerSecond(1008e9));
        QVERIFY(qAbs(step.value() - 14.0 / 1008.0) < 1e-12);
        QCOMPARE(qRound(rate(1, step).value()), 72);
        QCOMPARE(transferTime(GiB, BytesPerSecond(0)).value(),
                 0.0); // unknown bandwidth: no figure, no division by zero
    }
    void computeTimeIsFlopOverThroughput()
    {
        // 2 × 8e9 FLOP per token at 165 TFLOP/s: 16e9 / 165e12 s = 97 µs.
        QVERIFY(qAbs(computeTime(16e9, FlopsPerSecond(165e12)).value() - 16e9 / 165e12) < 1e-15);
    }
    void tokensThatFitRoundsDown()
    {
        // Llama 3.1 8B keeps 128 KiB of FP16 KV per token (32 layers × 2 × 8 heads × 128 × 2 B):
        // 10 GiB holds 10 × 2^30 / 2^17 = 81,920 tokens; one byte less holds one token less.
        QCOMPARE(tokensThatFit(10 * GiB, 128 * KiB), Tokens(81'920));
        QCOMPARE(tokensThatFit(10 * GiB - 1, 128 * KiB), Tokens(81'919));
        QCOMPARE(tokensThatFit(GiB, 0), Tokens(0));
        QVERIFY(std::min(Tokens(5), Tokens(3)) == Tokens(3));
    }
    void formatters_data()
    {
        QTest::addColumn<QString>("actual");
        QTest::addColumn<QString>("expected");
        QTest::newRow("4090 bandwidth") << QString::fromStdString(formatBandwidth(BytesPerSecond(1008e9)))
                                        << "1008 GB/s";
        QTest::newRow("dual-channel DDR5-5600")
            << QString::fromStdString(formatBandwidth(BytesPerSecond(89.6e9))) << "89.6 GB/s";
        QTest::newRow("slow rate") << QString::fromStdString(formatRate(TokensPerSecond(42.34))) << "42.3 tok/s";
        QTest::newRow("fast rate") << QString::fromStdString(formatRate(TokensPerSecond(1250.4))) << "1,250 tok/s";
        QTest::newRow("microseconds") << QString::fromStdString(formatDuration(Seconds(850e-6)))
                                      << QString::fromUtf8("850 \u00b5s");
        QTest::newRow("milliseconds") << QString::fromStdString(formatDuration(Seconds(0.0125))) << "12.5 ms";
        QTest::newRow("seconds") << QString::fromStdString(formatDuration(Seconds(3.2))) << "3.20 s";
    }
    void formatters()
    {
        QFETCH(QString, actual);
        QFETCH(QString, expected);
        QCOMPARE(actual, expected);
    }
};

QTEST_APPLESS_MAIN(TstQuantity)
#include "tst_quantity.moc"
