#include "presetsaving.h"

#include "document/presetstore.h"
#include "mainwindow.h"
#include "scenariocontroller.h"

#include <QDir>
#include <QInputDialog>
#include <QMessageBox>
#include <QStatusBar>

#include <functional>
#include <string>

namespace memplan::ui {

namespace {

/// The name for a preset of what the scenario resolves to (suggested from it), or empty when
/// it does not resolve or the user cancelled; *id is the file name derived from the name.
QString askPresetName(MainWindow &w, const QString &title, const QString &unresolved,
                      const std::function<std::string(const ResolvedScenario &)> &suggest, QString *id)
{
    const auto &r = w.controller()->resolved();
    if (!r) {
        QMessageBox::information(&w, title, unresolved);
        return {};
    }
    bool ok = false;
    const QString name = QInputDialog::getText(&w, title, MainWindow::tr("Preset name:"), QLineEdit::Normal,
                                               QString::fromStdString(suggest(*r)), &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return {};
    *id = PresetStore::idForName(name);
    return name;
}

bool storePreset(const ModelPreset &p, QString *error, QString *written)
{
    return PresetStore().writeModel(p, error, written);
}
bool storePreset(const HardwarePreset &p, QString *error, QString *written)
{
    return PresetStore().writeHardware(p, error, written);
}
void addToCatalog(ScenarioController *controller, const ModelPreset &p)
{
    controller->addModelPreset(p);
}
void addToCatalog(ScenarioController *controller, const HardwarePreset &p)
{
    controller->addHardwarePreset(p);
}

/// Writes the preset to the user's folder, adds it to the catalog and switches to the scenario
/// that uses it (one undo step); a failed write is shown and changes nothing.
template <typename Preset> void keepPreset(MainWindow &w, const Preset &p, const QString &name, const Scenario &usingIt)
{
    QString error, written;
    if (!storePreset(p, &error, &written)) {
        QMessageBox::warning(&w, MainWindow::tr("Cannot save preset"), error);
        return;
    }
    w.statusBar()->showMessage(MainWindow::tr("Saved preset to %1").arg(QDir::toNativeSeparators(written)), 5000);
    addToCatalog(w.controller(), p);
    w.controller()->replaceScenario(usingIt, MainWindow::tr("Use preset %1").arg(name));
}

} // namespace

void saveModelPresetDialog(MainWindow &w)
{
    QString id;
    const QString name = askPresetName(
        w, MainWindow::tr("Save Model as Preset"), MainWindow::tr("The current model could not be resolved."),
        [](const ResolvedScenario &r) { return r.model.name; }, &id);
    if (name.isEmpty())
        return;
    const ResolvedScenario &r = *w.controller()->resolved();
    ModelPreset p;
    p.id = id.toStdString();
    p.name = name.toStdString();
    p.family = "Custom";
    p.arch = r.model.arch;
    p.computed = r.model.params;
    p.declaredParameters = r.model.declaredParameters;
    p.maxContext = r.model.maxContext;
    p.nativeDtype = "bf16";
    p.sources = {"saved from the planner, based on " + r.model.source};
    p.user = true;
    Scenario s = w.scenario();
    s.model = {};
    s.model.preset = p.id;
    keepPreset(w, p, name, s);
}

void saveMachinePresetDialog(MainWindow &w)
{
    QString id;
    const QString name = askPresetName(
        w, MainWindow::tr("Save Machine as Preset"), MainWindow::tr("The current machine could not be resolved."),
        [](const ResolvedScenario &r) { return r.hardware.name; }, &id);
    if (name.isEmpty())
        return;
    const ResolvedScenario &r = *w.controller()->resolved();
    HardwarePreset p;
    p.spec = r.hardware;
    p.spec.id = id.toStdString();
    p.spec.name = name.toStdString();
    p.spec.verified = false;
    p.notes = "Saved from the planner.";
    p.user = true;
    Scenario s = w.scenario();
    s.hardware.preset = p.spec.id;
    s.hardware.kind.clear();
    s.hardware.capacityBytes = 0;
    s.hardware.gpuUsableBytes = 0;
    s.hardware.bandwidthBytesPerSecond = 0;
    keepPreset(w, p, name, s);
}

} // namespace memplan::ui
