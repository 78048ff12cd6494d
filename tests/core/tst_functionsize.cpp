// Issue 21: no function in core/ longer than about 120 lines, so that a change
// to one rule stays one small edit; issue 32 holds ui/, app/ and net/ to the same. Counts each top-level function body
// (a line "{" at column 0 up to the next "}" at column 0, the project's style).
#include <QDirIterator>
#include <QFile>
#include <QtTest>

class TstFunctionSize : public QObject {
    Q_OBJECT
private slots:
    void noLongFunctions_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("atLeast"); // functions found: the scan did not miss the folder's style
        QTest::newRow("core") << QStringLiteral("core") << 100;
        QTest::newRow("ui") << QStringLiteral("ui") << 100;
        QTest::newRow("app") << QStringLiteral("app") << 50;
        QTest::newRow("net") << QStringLiteral("net") << 10;
    }
    void noLongFunctions()
    {
        QFETCH(QString, folder);
        QFETCH(int, atLeast);
        constexpr int kLimit = 120; // the issue: "no function in core/ longer than about 120 lines"
        QStringList tooLong;
        int functions = 0;
        QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/") + folder, {QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
            int start = -1;
            for (int i = 0; i < lines.size(); ++i) {
                if (lines[i] == QLatin1String("{")) {
                    start = i;
                } else if (lines[i] == QLatin1String("}") && start >= 0) {
                    ++functions;
                    const int length = i - start + 2; // with the signature line
                    if (length > kLimit)
                        tooLong << QStringLiteral("%1: %2 (%3 lines)")
                                       .arg(QFileInfo(f).fileName(), lines[start - 1].trimmed())
                                       .arg(length);
                    start = -1;
                }
            }
        }
        QVERIFY(functions > atLeast);
        QVERIFY2(tooLong.isEmpty(), qPrintable(tooLong.join(QStringLiteral("; "))));
    }
};

QTEST_APPLESS_MAIN(TstFunctionSize)
#include "tst_functionsize.moc"
