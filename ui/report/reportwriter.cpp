#include "reportwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace memplan::ui {

namespace {
class WriterText
{
    Q_DECLARE_TR_FUNCTIONS(WriterText)
};
} // namespace

QString extensionFor(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    case ExportFormat::Json: return QStringLiteral("json");
    case ExportFormat::Csv: return QStringLiteral("csv");
    case ExportFormat::Png: return QStringLiteral("png");
    case ExportFormat::Svg: return QStringLiteral("svg");
    }
    return {};
}

QString withExtension(const QString &path, ExportFormat format)
{
    // Only the format's own extension counts: "run.v2" is a name, not a format.
    if (QFileInfo(path).suffix().compare(extensionFor(format), Qt::CaseInsensitive) == 0)
        return path;
    return path + QLatin1Char('.') + extensionFor(format);
}

WriteResult writeFileAtomically(const QString &path, const QByteArray &data)
{
    WriteResult result;
    result.path = path;
    QSaveFile file(path);
    auto fail = [&](const QString &reason) {
        file.cancelWriting();
        result.error = WriterText::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), reason);
        return result;
    };
    if (path.isEmpty())
        return fail(WriterText::tr("no file name given"));
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (file.write(data) != data.size())
        return fail(file.errorString());
    // commit() is where a full disk or a failed rename shows up; nothing is left behind then.
    if (!file.commit()) {
        result.error = WriterText::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return result;
    }
    result.ok = true;
    return result;
}

WriteResult writeExport(const QString &path, ExportFormat format, const QByteArray &data)
{
    return writeFileAtomically(withExtension(path, format), data);
}

} // namespace memplan::ui
