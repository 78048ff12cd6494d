#include "scenariodocument.h"
#include "errortext.h"

#include "files/inputfile.h"

#include "report/reportwriter.h"

#include "error.h"
#include "scenario/scenariojson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <exception>

namespace memplan::ui {

namespace {
class DocumentText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::ScenarioDocument)
};
} // namespace

QString ScenarioDocument::displayName() const
{
    return m_path.isEmpty() ? DocumentText::tr("Untitled") : QFileInfo(m_path).fileName();
}

void ScenarioDocument::resetUntitled(const Scenario &snapshot)
{
    m_path.clear();
    m_saved = snapshot;
}

QByteArray ScenarioDocument::serialize(const Scenario &scenario)
{
    return QByteArray::fromStdString(scenarioToJson(scenario).dump(2) + "\n");
}

bool ScenarioDocument::read(const QString &path, Scenario *out, QString *error)
{
    const QString shown = QDir::toNativeSeparators(path);
    try {
        // Regular files only, size-capped: a FIFO or /dev/zero must not hang or fill memory.
        *out = scenarioFromText(readInputFile(QFile::encodeName(path).toStdString(), kMaxScenarioFileBytes),
                                shown.toStdString());
    } catch (const InputError &e) {
        *error = inputErrorText(e.info());
        // The reader names the file in most messages; make sure every one does.
        if (!error->contains(QFileInfo(path).fileName()))
            *error = shown + QStringLiteral(": ") + *error;
        return false;
    } catch (const std::exception &e) {
        *error = shown + QStringLiteral(": ") + QString::fromStdString(e.what());
        return false;
    }
    return true;
}

bool ScenarioDocument::load(const QString &path, Scenario *out, QString *error)
{
    Scenario s;
    if (!read(path, &s, error))
        return false;
    m_path = path;
    m_saved = s;
    *out = s;
    return true;
}

bool ScenarioDocument::save(const QString &path, const Scenario &scenario, QString *error)
{
    const WriteResult result = writeFileAtomically(path, serialize(scenario));
    if (!result) {
        *error = result.error;
        return false;
    }
    m_path = path;
    m_saved = scenario;
    return true;
}

} // namespace memplan::ui
