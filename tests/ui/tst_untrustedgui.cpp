// Issue 35 in the window: File → Open Runtime Log… on a FIFO froze the window, and a settings
// file that is a FIFO blocked the start before the window appeared. Both are refused by the
// file's type now, at once.
#include "../core/testsupport.h"
#include "reconcile/reconciledialog.h"
#include "settings.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace memplan;

class TstUntrustedGui : public QObject {
    Q_OBJECT
private slots:
    void runtimeLogFifoIsRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("run.log"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        ui::ReconcileDialog dialog(test::shippedCatalog(), dir.path());
        QElapsedTimer t;
        t.start();
        const QString problem = dialog.openLogFile(fifo);
        QVERIFY(t.elapsed() < 5000);
        QVERIFY2(problem.startsWith(QStringLiteral("is not a regular file")), qPrintable(problem));
        QVERIFY2(dialog.openLogFile(QStringLiteral("/dev/zero")).startsWith(QStringLiteral("is not a regular file")),
                 "/dev/zero was read");
    }

    // Runs last: it points every QSettings of this process at an empty private folder.
    void settingsFifoIsAvoided()
    {
        QTemporaryDir home;
        QVERIFY(QDir().mkpath(home.filePath(QStringLiteral("memplan"))));
        const QString fifo = home.filePath(QStringLiteral("memplan/memplan.conf"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("memplan"));
        QCoreApplication::setApplicationName(QStringLiteral("memplan"));
        QElapsedTimer t;
        t.start();
        const QString warning = ui::Settings::avoidUnreadableFiles();
        QVERIFY2(warning.startsWith(fifo + QStringLiteral(" is not a regular file")), qPrintable(warning));
        ui::Settings settings;
        settings.setLanguage(QStringLiteral("ko"));
        QCOMPARE(settings.language(), QStringLiteral("ko"));
        QVERIFY(t.elapsed() < 5000);
    }
};

QTEST_MAIN(TstUntrustedGui)
#include "tst_untrustedgui.moc"
