// The model picker's "On this computer" group (issue 19): models in a fixture
// Hugging Face cache and Ollama store are listed, and choosing one sizes it from
// its headers like an imported file.
#include "mainwindow.h"
#include "panels/modelpicker.h"
#include "scenariocontroller.h"

#include "hubfixtures.h"
#include "presetloader.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace memplan::ui;

class TstLocalPicker : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        const QString hub = m_dir.filePath("hf/hub");
        QVERIFY(hubfixtures::writeTinyGguf(hub + "/models--fixture--tiny-GGUF/snapshots/0001/tiny-Q8_0.gguf", 7,
                                           testwriters::GgmlQ8_0));
        const QString ollama = m_dir.filePath("ollama");
        QVERIFY(hubfixtures::writeTinyGguf(ollama + "/blobs/sha256-" + QString(64, 'a'), 15, testwriters::GgmlQ4_K));
        QVERIFY(hubfixtures::writeText(ollama + "/manifests/registry.ollama.ai/library/tiny/latest",
                                       "{\"layers\":[{\"mediaType\":\"application/vnd.ollama.image.model\","
                                       "\"digest\":\"sha256:" +
                                           QByteArray(64, 'a') + "\"}]}"));
        qputenv("HF_HUB_CACHE", hub.toUtf8());
        qputenv("OLLAMA_MODELS", ollama.toUtf8());
        qputenv("HOME", m_dir.filePath("home").toUtf8()); // no LM Studio or llama.cpp folders
        qunsetenv("LLAMA_CACHE");
        qunsetenv("XDG_CACHE_HOME");
        m_catalog = app::loadCatalog({}, false);
    }

    void listsAndChoosesLocalModels()
    {
        MainWindow w(m_catalog, false);
        ModelPicker *picker = w.modelPicker();
        QCOMPARE(picker->localNames(), QStringList({"fixture/tiny-GGUF", "tiny:latest"}));
        // Preset ids are unchanged by the extra group.
        QVERIFY(!picker->visibleIds().contains(QString()));
        picker->chooseLocal("tiny:latest");
        QCOMPARE(w.scenario().model.file,
                 (m_dir.filePath("ollama") + "/blobs/sha256-" + QString(64, 'a')).toStdString());
        QVERIFY2(w.controller()->error().isEmpty(), qPrintable(w.controller()->error()));
        QVERIFY(w.estimate().fits);
        // 2 layers of a tiny llama: the weights are the file's tensors as stored, a few MiB.
        QVERIFY(w.estimate().model.weightsBytes > 0 && w.estimate().model.weightsBytes < (8u << 20));
    }

private:
    QTemporaryDir m_dir;
    PresetCatalog m_catalog;
};

QTEST_MAIN(TstLocalPicker)
#include "tst_localpicker.moc"
