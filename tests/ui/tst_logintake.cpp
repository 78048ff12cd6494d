// Issue 27: a runtime log pasted (Ctrl+V) or dropped on the window, as text or as a file,
// reaches the log dialog the way File → Open Runtime Log… does; a model file or text that is
// no log is left to the window. The log is a committed excerpt (tests/data/runtime-logs).
#include "reconcile/logintake.h"

#include <nlohmann/json.hpp>

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUrl>
#include <QWidget>
#include <QtTest>

using namespace memplan::ui;

namespace {

QString excerpt()
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR
                           "/tests/data/runtime-logs/llamacpp-cpu-llama-3.2-1b-q4_0-ctx4096-ub512-np1-fa-on.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromStdString(nlohmann::json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>());
}

} // namespace

class TstLogIntake : public QObject {
    Q_OBJECT
private slots:
    void recognisesLogs()
    {
        QVERIFY(LogIntake::looksLikeLog(excerpt().toUtf8()));
        // Wrapped as docker compose shows it.
        QVERIFY(LogIntake::looksLikeLog("ollama-1  | load_tensors:        CUDA0 model buffer size =  4168.09 MiB\n"));
        QVERIFY(!LogIntake::looksLikeLog("just a note\nabout nothing\n"));
    }

    void pasteAndDropText()
    {
        QWidget window;
        window.setAcceptDrops(true);
        LogIntake intake(&window);
        QSignalSpy spy(&intake, &LogIntake::logArrived);
        QGuiApplication::clipboard()->setText(excerpt());
        QVERIFY(intake.pasteFromClipboard());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), excerpt());
        // Ctrl+V anywhere in the window (no text field has focus).
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::keyClick(&window, Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(spy.count(), 2);
        // Text that is no log is not taken.
        QGuiApplication::clipboard()->setText(QStringLiteral("hello"));
        QVERIFY(!intake.pasteFromClipboard());
        QCOMPARE(spy.count(), 2);
        // Text dropped on the window.
        auto *mime = new QMimeData;
        mime->setText(excerpt());
        QVERIFY(intake.takeDrop(mime));
        QCOMPARE(spy.count(), 3);
        delete mime;
    }

    void dropFiles()
    {
        QWidget window;
        window.setAcceptDrops(true);
        LogIntake intake(&window);
        QSignalSpy spy(&intake, &LogIntake::logArrived);
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("server.out"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(excerpt().toUtf8());
        f.close();
        auto *mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(log)});
        QVERIFY(intake.takeDrop(mime));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(1).toString(), log);
        // A model file is the window's own drop, whatever it holds.
        const QString model = dir.filePath(QStringLiteral("model.gguf"));
        QVERIFY(QFile::copy(log, model));
        mime->setUrls({QUrl::fromLocalFile(model)});
        QVERIFY(!intake.takeDrop(mime));
        QCOMPARE(spy.count(), 1);
        delete mime;
    }
};

QTEST_MAIN(TstLogIntake)
#include "tst_logintake.moc"
