#include "recoveryfile.h"

#include "document/scenariodocument.h"
#include "report/reportwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace memplan::ui {

RecoveryFile::RecoveryFile(QString path) : m_path(std::move(path))
{
    if (m_path.isEmpty())
        m_path = QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
                     .filePath(QStringLiteral("recovery.scenario.json"));
}

bool RecoveryFile::exists() const
{
    return QFileInfo::exists(m_path);
}

QDateTime RecoveryFile::lastModified() const
{
    return QFileInfo(m_path).lastModified();
}

bool RecoveryFile::write(const Scenario &scenario, QString *error) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    const WriteResult result = writeFileAtomically(m_path, ScenarioDocument::serialize(scenario));
    if (!result && error)
        *error = result.error;
    return result.ok;
}

bool RecoveryFile::read(Scenario *out, QString *error) const
{
    return ScenarioDocument::read(m_path, out, error);
}

void RecoveryFile::remove() const
{
    QFile::remove(m_path);
}

} // namespace memplan::ui
