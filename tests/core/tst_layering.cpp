// STYLE.md practice 1: core/ is plain C++ with no Qt. This guard fails the build's
// tests as soon as a Qt header is included anywhere under core/.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TstLayering : public QObject {
    Q_OBJECT
private slots:
    void coreHasNoQt()
    {
        const QRegularExpression qtInclude(QStringLiteral("^\\s*#\\s*include\\s*[<\"](Q[A-Za-z]|qcustomplot)"),
                                           QRegularExpression::MultilineOption);
        QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/core"), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            const QString text = QString::fromUtf8(f.readAll());
            QVERIFY2(!qtInclude.match(text).hasMatch(), qPrintable(f.fileName()));
        }
        QVERIFY(files > 10);
    }
};

QTEST_APPLESS_MAIN(TstLayering)
#include "tst_layering.moc"
