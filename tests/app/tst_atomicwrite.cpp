// The one atomic writer (core/atomicfile) and the CLI report command on top of
// it: a write that fails at any step — full disk while writing, at fsync, at
// close, a failed rename — leaves the old file byte for byte and names the file
// in the error. Issue 20 item 2: QSaveFile renamed after a failed final flush,
// so `report --json a.json` on a full disk left a.json empty and exited 0.
//
// Faults are injected through setWriteFaultHookForTesting (root ignores
// permission bits and CI may not mount a small filesystem), with the errno the
// kernel returns for a full disk.
#include "files/atomicfile.h"

#ifdef MEMPLAN_HAVE_REPORTS
#include "presetloader.h"
#include "report/reportcommand.h"
#include "report/reportwriter.h"
#endif

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <sstream>
#include <sys/stat.h>

using namespace memplan;

Q_DECLARE_METATYPE(memplan::WriteStep)

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void writePlain(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

/// Fails the given step once with errno e, counting how often each step ran.
struct FaultAt {
    WriteStep step;
    int error;
    FaultAt(WriteStep s, int e) : step(s), error(e)
    {
        setWriteFaultHookForTesting([this](WriteStep at) { return at == step ? error : 0; });
    }
    ~FaultAt() { setWriteFaultHookForTesting({}); }
};

} // namespace

class TstAtomicWrite : public QObject {
    Q_OBJECT
private slots:
    void writesAndReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.json"));
        QVERIFY(writeFileAtomically(path.toStdString(), "first").ok);
        QCOMPARE(readAll(path), QByteArray("first"));
        QVERIFY(writeFileAtomically(path.toStdString(), "second, longer").ok);
        QCOMPARE(readAll(path), QByteArray("second, longer"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("a.json")});
    }

    void keepsPermissionsAndSymlinks()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("real.json"));
        const QString link = dir.filePath(QStringLiteral("link.json"));
        writePlain(target, "old");
        QVERIFY(::chmod(QFile::encodeName(target).constData(), 0640) == 0);
        QVERIFY(QFile::link(target, link));
        QVERIFY(writeFileAtomically(link.toStdString(), "new").ok);
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(target), QByteArray("new"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(target).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0640);
    }

    void failedStepLeavesTheOldFile_data()
    {
        QTest::addColumn<WriteStep>("step");
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("reason");
        QTest::newRow("full disk while writing")
            << WriteStep::Write << ENOSPC << QStringLiteral("No space left on device");
        QTest::newRow("full disk at fsync") << WriteStep::Sync << ENOSPC << QStringLiteral("No space left on device");
        QTest::newRow("I/O error at close") << WriteStep::Close << EIO << QStringLiteral("Input/output error");
        QTest::newRow("rename refused") << WriteStep::Rename << EXDEV << QStringLiteral("Invalid cross-device link");
        QTest::newRow("temporary not created") << WriteStep::Create << EROFS << QStringLiteral("Read-only file system");
    }
    void failedStepLeavesTheOldFile()
    {
        QFETCH(WriteStep, step);
        QFETCH(int, error);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.json"));
        writePlain(path, "the old report");
        FileWriteResult r;
        {
            FaultAt fault(step, error);
            r = writeFileAtomically(path.toStdString(), std::string(100000, 'x'));
        }
        QVERIFY(!r.ok);
        QCOMPARE(QString::fromStdString(r.message()), QStringLiteral("Cannot write %1: %2").arg(path, reason));
        QCOMPARE(readAll(path), QByteArray("the old report"));
        // No temporary left beside it either.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("a.json")});
    }

    void refusesDirectoriesAndDevices()
    {
        QTemporaryDir dir;
        FileWriteResult r = writeFileAtomically(dir.path().toStdString(), "x");
        QVERIFY(!r.ok);
        QCOMPARE(QString::fromStdString(r.reason), QStringLiteral("is a directory"));
        r = writeFileAtomically("/dev/null", "x"); // never replace a device node
        QVERIFY(!r.ok);
        QCOMPARE(QString::fromStdString(r.reason), QStringLiteral("is not a regular file"));
        r = writeFileAtomically(dir.filePath(QStringLiteral("missing/a.json")).toStdString(), "x");
        QVERIFY(!r.ok);
        QCOMPARE(QString::fromStdString(r.reason), QStringLiteral("No such file or directory"));
    }

#ifdef MEMPLAN_HAVE_REPORTS
    // End to end through `memplan-cli report`: every export goes through the writer.
    void reportOnAFullDiskKeepsTheOldFilesAndFails()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("a.json"));
        const QString csv = dir.filePath(QStringLiteral("a.csv"));
        writePlain(json, "old json");
        writePlain(csv, "old csv");
        const PresetCatalog catalog = app::loadCatalog({});
        std::ostringstream out, err;
        int rc = 0;
        {
            FaultAt fault(WriteStep::Write, ENOSPC);
            rc = ui::runReportCommand({QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/default.scenario.json"),
                                       QStringLiteral("--json"), json, QStringLiteral("--csv"), csv},
                                      catalog, out, err);
        }
        QCOMPARE(rc, 1); // README: 1 = a file could not be written
        QCOMPARE(QString::fromStdString(out.str()), QString());
        QVERIFY2(err.str().find("Cannot write " + json.toStdString() + ": No space left on device") !=
                     std::string::npos,
                 err.str().c_str());
        QVERIFY(err.str().find("Cannot write " + csv.toStdString()) != std::string::npos);
        QCOMPARE(readAll(json), QByteArray("old json"));
        QCOMPARE(readAll(csv), QByteArray("old csv"));

        // Same command with room on the disk replaces both.
        std::ostringstream out2, err2;
        QCOMPARE(ui::runReportCommand({QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/default.scenario.json"),
                                       QStringLiteral("--json"), json},
                                      catalog, out2, err2),
                 0);
        QVERIFY(readAll(json).startsWith("{"));
    }

    void qtWrapperReportsTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.pdf"));
        writePlain(path, "old pdf");
        FaultAt fault(WriteStep::Sync, ENOSPC);
        const ui::WriteResult w = ui::writeExport(path, ui::ExportFormat::Pdf, "new");
        QVERIFY(!w.ok);
        QCOMPARE(w.error, QStringLiteral("Cannot write %1: No space left on device").arg(path));
        QCOMPARE(readAll(path), QByteArray("old pdf"));
    }
#endif
};

QTEST_MAIN(TstAtomicWrite)
#include "tst_atomicwrite.moc"
