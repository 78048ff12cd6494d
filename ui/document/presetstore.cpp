#include "presetstore.h"

#include "report/reportwriter.h"

#include "presetloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace memplan::ui {

namespace {
class PresetStoreText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::PresetStore)
};
} // namespace

PresetStore::PresetStore(QString directory)
    : m_dir(directory.isEmpty() ? app::userPresetDirectory() : std::move(directory))
{
}

QString PresetStore::idForName(const QString &name)
{
    static const QRegularExpression other(QStringLiteral("[^a-z0-9.]+"));
    return QStringLiteral("user-") + name.trimmed().toLower().replace(other, QStringLiteral("-"));
}

bool PresetStore::write(const QString &kind, const std::string &id, const std::string &json, QString *error,
                        QString *path) const
{
    const QString dir = QDir(m_dir).filePath(kind);
    const QString file = QDir(dir).filePath(QString::fromStdString(id) + QStringLiteral(".json"));
    if (!QDir().mkpath(dir)) {
        *error = PresetStoreText::tr("Cannot create folder %1").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    const WriteResult result = writeFileAtomically(file, QByteArray::fromStdString(json + "\n"));
    if (!result) {
        *error = result.error;
        return false;
    }
    if (path)
        *path = file;
    return true;
}

bool PresetStore::writeModel(const ModelPreset &preset, QString *error, QString *path) const
{
    return write(QStringLiteral("models"), preset.id, modelPresetToJson(preset).dump(2), error, path);
}

bool PresetStore::writeHardware(const HardwarePreset &preset, QString *error, QString *path) const
{
    return write(QStringLiteral("hardware"), preset.spec.id, hardwarePresetToJson(preset).dump(2), error, path);
}

} // namespace memplan::ui
