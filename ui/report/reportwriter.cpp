#include "reportwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "files/atomicfile.h"

#include <string_view>

namespace memplan::ui {

namespace {
class WriterText {
    Q_DECLARE_TR_FUNCTIONS(WriterText)
};
} // namespace

QString extensionFor(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Json:
        return QStringLiteral("json");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
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
    if (path.isEmpty()) {
        result.error = WriterText::tr("Cannot write %1: %2").arg(path, WriterText::tr("no file name given"));
        return result;
    }
    // core's writer checks every write, the fsync and the close before it renames;
    // QSaveFile renamed even when the final flush hit a full disk (issue 20 item 2).
    const FileWriteResult written = memplan::writeFileAtomically(
        QFile::encodeName(path).toStdString(), std::string_view(data.constData(), std::size_t(data.size())));
    if (!written.ok) {
        result.error = WriterText::tr("Cannot write %1: %2")
                           .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(written.reason.c_str()));
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
