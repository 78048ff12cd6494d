#include "widgets/logslider.h"

#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

using memplan::ui::LogSlider;

class TestLogSlider : public QObject {
    Q_OBJECT
private slots:
    void snapsToPowersOfTwo_data()
    {
        QTest::addColumn<qulonglong>("minimum");
        QTest::addColumn<qulonglong>("maximum");
        QTest::addColumn<int>("position");
        QTest::addColumn<qulonglong>("expected");
        QTest::newRow("context 256..128K at 2^13") << 256ULL << 131072ULL << 13 << 8192ULL;
        QTest::newRow("context top is the model maximum") << 256ULL << 40960ULL << 16 << 40960ULL;
        QTest::newRow("concurrency bottom") << 1ULL << 1024ULL << 0 << 1ULL;
        QTest::newRow("concurrency top") << 1ULL << 1024ULL << 10 << 1024ULL;
    }
    void snapsToPowersOfTwo()
    {
        QFETCH(qulonglong, minimum);
        QFETCH(qulonglong, maximum);
        QFETCH(int, position);
        QFETCH(qulonglong, expected);
        LogSlider s;
        s.setRange(minimum, maximum);
        s.setValue(minimum == 1 ? 4 : 1024); // somewhere else, so the move below is an edit
        QSignalSpy edited(&s, &LogSlider::valueEdited);
        s.slider()->setValue(position);
        QCOMPARE(s.value(), expected);
        QCOMPARE(s.spinBox()->value(), int(expected));
        QCOMPARE(edited.count(), 1);
    }

    void exactEntryKeepsValue()
    {
        LogSlider s;
        s.setRange(256, 131072);
        QSignalSpy edited(&s, &LogSlider::valueEdited);
        s.spinBox()->setValue(5000);
        QCOMPARE(s.value(), 5000ULL);
        QCOMPARE(s.slider()->value(), 12); // nearest power of two in log space (4096)
        QCOMPARE(edited.count(), 1);
        QCOMPARE(edited.front().front().value<std::uint64_t>(), 5000ULL);
    }

    void setValueDoesNotEmit()
    {
        LogSlider s;
        s.setRange(1, 1024);
        QSignalSpy edited(&s, &LogSlider::valueEdited);
        s.setValue(64);
        QCOMPARE(s.slider()->value(), 6);
        QCOMPARE(edited.count(), 0);
    }
};

QTEST_MAIN(TestLogSlider)
#include "tst_logslider.moc"
