#include "scenarioname.h"

#include "panels/controlscope.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace memplan::ui {

namespace {
class NameText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::ScenarioName)
};

QString modelPart(const Scenario &s, const PresetCatalog &catalog)
{
    if (const ModelPreset *m = catalog.model(s.model.preset); m && s.model.file.empty())
        return QString::fromStdString(m->name);
    if (!s.model.file.empty())
        return QFileInfo(QString::fromStdString(s.model.file)).completeBaseName();
    if (s.model.hub) // "org/Name-GGUF:Q4_K_M" → "Name-GGUF Q4_K_M"
        return QString::fromStdString(s.model.hub->repo.substr(s.model.hub->repo.find('/') + 1) +
                                      (s.model.hub->quant.empty() ? "" : " " + s.model.hub->quant));
    return NameText::tr("Custom model");
}

QString formatPart(const Scenario &s, const PresetCatalog &catalog)
{
    std::string f = s.weights.format;
    if (f.empty())
        if (const ModelPreset *m = catalog.model(s.model.preset))
            f = m->shippedFormat.empty() ? m->nativeDtype : m->shippedFormat;
    return QString::fromStdString(f).toUpper();
}

QString machinePart(const Scenario &s, const PresetCatalog &catalog)
{
    if (s.hardware.kind.empty())
        if (const HardwarePreset *h = catalog.hardwareById(s.hardware.preset))
            return QString::fromStdString(h->spec.name);
    return NameText::tr("a custom machine");
}
} // namespace

QString derivedScenarioName(const Scenario &s, const PresetCatalog &catalog)
{
    QString model = modelPart(s, catalog);
    const QString format = formatPart(s, catalog);
    if (!format.isEmpty())
        model += QLatin1Char(' ') + format;
    QString machine = machinePart(s, catalog);
    // Only separate GPUs come in counts: a unified machine or a CPU is one device, whatever
    // count a scenario carries over (the engine uses one for them too).
    if (s.hardware.count > 1 && machineKind(s, catalog) == HardwareKind::DiscreteGpu)
        machine = NameText::tr("%1× %2").arg(s.hardware.count).arg(machine);
    return NameText::tr("%1 on %2").arg(model, machine);
}

bool nameFollowsScenario(const Scenario &s, const PresetCatalog &catalog)
{
    const QString name = QString::fromStdString(s.name).trimmed();
    return name.isEmpty() || name == derivedScenarioName(s, catalog) || s.name == defaultScenario().name;
}

Scenario withFollowingName(const Scenario &previous, Scenario next, const PresetCatalog &catalog)
{
    // Only an edit that left the name alone may rename: a typed name (or a new one in
    // next) stays as it is.
    if (next.name == previous.name && nameFollowsScenario(previous, catalog))
        next.name = derivedScenarioName(next, catalog).toStdString();
    return next;
}

Scenario withCurrentName(Scenario scenario, const PresetCatalog &catalog)
{
    if (nameFollowsScenario(scenario, catalog))
        scenario.name = derivedScenarioName(scenario, catalog).toStdString();
    return scenario;
}

} // namespace memplan::ui
