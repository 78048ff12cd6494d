// File → Import from Hugging Face… (issue 19): typing a repository id against a real
// local server (tests/net's FixtureServer) makes it the scenario's model, the very
// model `memplan-cli inspect` builds; the window stays responsive (busy bar, Cancel);
// every failure is one clear line; a saved scenario reopens offline from the cache.
#include "hub/hubimportdialog.h"
#include "mainwindow.h"
#include "panels/modelpicker.h"
#include "scenariocontroller.h"

#include "fixtureserver.h"
#include "hubfixtures.h"

#include "hubimport.h"
#include "import/hubmodels.h"
#include "presetloader.h"
#include "translator.h"

#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace memplan::ui;

class TstHubWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(hubfixtures::writeGgufRepo(m_dir.filePath("hub/fixture/tiny-GGUF")));
        m_server = std::make_unique<FixtureServer>(m_dir.filePath("hub"));
        QVERIFY(m_server->startServing());
        // The window reads the endpoint, token and cache from the environment, like the CLI.
        qputenv("MEMPLAN_HF_ENDPOINT", m_server->endpoint().toUtf8());
        qputenv("MEMPLAN_HF_CACHE", m_dir.filePath("cache").toUtf8());
        qputenv("HF_HOME", m_dir.filePath("no-hf-home").toUtf8());
        qunsetenv("HF_TOKEN");
        qunsetenv("MEMPLAN_HF_TIMEOUT");
        m_catalog = app::loadCatalog({}, false);
    }

    void importsTypedRepoSavesAndReopensOffline()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QAction *action = w.findChild<QAction *>(QStringLiteral("hubImportAction"));
        QVERIFY(action && w.fileMenu()->actions().contains(action));
        action->trigger();
        auto *dialog = w.findChild<HubImportDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        QTest::keyClicks(dialog->referenceField(), QStringLiteral("https://huggingface.co/fixture/tiny-GGUF:Q8_0"));
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.scenario().model.hub.has_value(), 10000);
        QVERIFY2(w.controller()->error().isEmpty(), qPrintable(w.controller()->error()));
        QCOMPARE(w.scenario().model.hub->text(), std::string("fixture/tiny-GGUF:Q8_0"));
        // The same model object `memplan-cli inspect fixture/tiny-GGUF:Q8_0` builds (its own cache).
        net::HubSettings other = net::hubSettingsFromEnvironment();
        other.cacheDir = m_dir.filePath("cache-inspect");
        const ImportedModel inspected = net::importHubModel(*parseHubReference("fixture/tiny-GGUF:Q8_0"), other);
        const std::shared_ptr<const ImportedModel> shown = w.controller()->resolved()->model.imported;
        QVERIFY(shown);
        QCOMPARE(importedModelToJson(*shown).dump(), importedModelToJson(inspected).dump());
        QCOMPARE(w.estimate().model.weightsBytes, inspected.weightsBytes);
        // The picker says what was imported and where from.
        QTRY_VERIFY(w.modelPicker()->importedInfo()->isVisible());
        QVERIFY2(w.modelPicker()->importedInfo()->text().contains("fixture/tiny-GGUF:Q8_0"),
                 qPrintable(w.modelPicker()->importedInfo()->text()));

        // Save, then reopen in a new window with the server stopped and nothing kept in memory.
        const QString path = m_dir.filePath("hub.scenario.json");
        QString error;
        QVERIFY2(w.saveScenarioFile(path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const nlohmann::json doc = nlohmann::json::parse(saved.readAll().toStdString());
        QCOMPARE(doc["model"]["hub"].dump(),
                 std::string(R"({"quant":"Q8_0","repo":"fixture/tiny-GGUF","revision":"main"})"));
        FixtureServer stopped(m_dir.filePath("hub"));
        QVERIFY(stopped.startServing());
        qputenv("MEMPLAN_HF_ENDPOINT", stopped.endpoint().toUtf8());
        stopped.stop();
        forgetHubModels();
        MainWindow reopened(m_catalog, false);
        QVERIFY2(reopened.loadScenarioFile(path, &error), qPrintable(error));
        QVERIFY2(reopened.controller()->error().isEmpty(), qPrintable(reopened.controller()->error()));
        QCOMPARE(importedModelToJson(*reopened.controller()->resolved()->model.imported).dump(),
                 importedModelToJson(inspected).dump());
        QCOMPARE(reopened.estimate().pools.front().totalBytes, w.estimate().pools.front().totalBytes);
        qputenv("MEMPLAN_HF_ENDPOINT", m_server->endpoint().toUtf8());
    }

    void notCachedSaysHowToFetch()
    {
        // A scenario naming a repository this computer has never read: the banner says so.
        forgetHubModels();
        MainWindow w(m_catalog, false);
        Scenario s = w.scenario();
        s.model = {};
        s.model.hub = *parseHubReference("fixture/tiny-GGUF:Q4_K_M");
        const int before = m_server->requests;
        w.controller()->replaceScenario(s, QStringLiteral("test"));
        QVERIFY2(w.controller()->error().contains("not in the header cache") &&
                     w.controller()->error().contains("Import from Hugging Face"),
                 qPrintable(w.controller()->error()));
        QCOMPARE(m_server->requests.load(), before); // resolving never uses the network
        // File → Import from Hugging Face… offers that repository; one click fetches it.
        w.findChild<QAction *>(QStringLiteral("hubImportAction"))->trigger();
        auto *dialog = w.findChild<HubImportDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->referenceField()->text(), QStringLiteral("fixture/tiny-GGUF:Q4_K_M"));
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->error().isEmpty(), 10000);
        QVERIFY(w.controller()->resolved()->model.imported);
    }

    void failuresAreOneClearLine_data()
    {
        QTest::addColumn<QString>("reference");
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<QString>("expected");
        QTest::newRow("gated") << "gated/Llama-3.1-8B" << QString() << "set HF_TOKEN";
        QTest::newRow("missing") << "fixture/no-such-model" << QString() << "HTTP 404";
        QTest::newRow("offline") << "fixture/never-cached"
                                 << "http://127.0.0.1:9"
                                 << "Cannot reach the server";
        QTest::newRow("not an id") << "llama 3 8b" << QString() << "is not a repository id";
    }

    void failuresAreOneClearLine()
    {
        QFETCH(QString, reference);
        QFETCH(QString, endpoint);
        QFETCH(QString, expected);
        if (!endpoint.isEmpty())
            qputenv("MEMPLAN_HF_ENDPOINT", endpoint.toUtf8());
        MainWindow w(m_catalog, false);
        const Scenario before = w.scenario();
        HubImportDialog *dialog = w.hubImportDialog(reference);
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->busy() && !dialog->statusLabel()->text().endsWith(QStringLiteral("…")),
                                 10000);
        const QString line = dialog->statusLabel()->text();
        QVERIFY2(line.contains(expected) && !line.contains('\n'), qPrintable(line));
        QVERIFY(dialog->isVisible()); // stays open to correct the reference
        QVERIFY(w.scenario() == before);
        qputenv("MEMPLAN_HF_ENDPOINT", m_server->endpoint().toUtf8());
    }

    void slowServerTimesOutOrCancels()
    {
        qputenv("MEMPLAN_HF_TIMEOUT", "1");
        MainWindow w(m_catalog, false);
        HubImportDialog *dialog = w.hubImportDialog(QStringLiteral("slow/model"));
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QVERIFY(dialog->busy() && dialog->progressBar()->isVisible() && !dialog->importButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->busy(), 10000);
        QVERIFY2(dialog->statusLabel()->text().contains("timeout"), qPrintable(dialog->statusLabel()->text()));
        qunsetenv("MEMPLAN_HF_TIMEOUT");

        // Cancel: the server never answers (15 s timeout); Cancel ends it at once, and the
        // GUI thread kept running meanwhile (events are processed while the fetch waits).
        HubImportDialog *second = w.hubImportDialog(QStringLiteral("slow/other"));
        QTest::mouseClick(second->importButton(), Qt::LeftButton);
        QVERIFY(second->busy());
        QElapsedTimer responsive;
        responsive.start();
        QTest::qWait(200);
        QVERIFY(responsive.elapsed() < 1000);
        QVERIFY(second->busy());
        QElapsedTimer t;
        t.start();
        QTest::mouseClick(second->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!second->busy(), 3000);
        QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(second->statusLabel()->text(), QStringLiteral("Cancelled."));
        QVERIFY(second->isVisible());
        QTest::mouseClick(second->cancelButton(), Qt::LeftButton); // not busy: closes
        QTRY_VERIFY(!second->isVisible());
    }

    void pickerOffersRepositoryIds()
    {
        MainWindow w(m_catalog, false);
        ModelPicker *picker = w.modelPicker();
        QTest::keyClicks(picker->searchField(), QStringLiteral("fixture/tiny-GGUF"));
        QVERIFY(picker->noMatchLabel()->isVisibleTo(picker));
        QVERIFY2(picker->noMatchLabel()->text().contains("Hugging Face"), qPrintable(picker->noMatchLabel()->text()));
        QTest::mouseClick(picker->hubButton(), Qt::LeftButton);
        auto *dialog = w.findChild<HubImportDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->referenceField()->text(), QStringLiteral("fixture/tiny-GGUF"));
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(w.scenario().model.hub.has_value(), 10000);
        QCOMPARE(w.scenario().model.hub->repo, std::string("fixture/tiny-GGUF"));
        QVERIFY2(w.controller()->error().isEmpty(), qPrintable(w.controller()->error()));
    }

    void koreanLines()
    {
        FallbackTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QCoreApplication::installTranslator(&translator);
        MainWindow w(m_catalog, false);
        HubImportDialog *dialog = w.hubImportDialog(QStringLiteral("gated/Llama-3.1-8B"));
        QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->busy(), 10000);
        const QString line = dialog->statusLabel()->text();
        QCoreApplication::removeTranslator(&translator);
        QVERIFY2(line.contains("HF_TOKEN") && line.contains(QStringLiteral("습니다")), qPrintable(line));
        QVERIFY(dialog->windowTitle() != QStringLiteral("Import from Hugging Face"));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<FixtureServer> m_server;
    PresetCatalog m_catalog;
};

QTEST_MAIN(TstHubWindow)
#include "tst_hubwindow.moc"
