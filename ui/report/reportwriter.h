#pragma once
// Every export goes through here: atomic writes (QSaveFile), checked commits,
// and the file name completed with the format's extension.

#include <QByteArray>
#include <QString>

namespace memplan::ui {

enum class ExportFormat { Pdf, Json, Csv, Png, Svg };

/// "pdf", "json", ...
QString extensionFor(ExportFormat format);
/// The path with the format's extension appended when it has none of its own
/// ("report" -> "report.pdf"; "report.PDF" is kept; "v1.2" -> "v1.2.pdf").
QString withExtension(const QString &path, ExportFormat format);

struct WriteResult {
    bool ok = false;
    QString path;  ///< the file written (after withExtension)
    QString error; ///< "Cannot write /x/report.pdf: Permission denied"
    explicit operator bool() const { return ok; }
};

/// Writes data atomically: either the whole file appears or nothing changes.
WriteResult writeFileAtomically(const QString &path, const QByteArray &data);
/// withExtension() then writeFileAtomically().
WriteResult writeExport(const QString &path, ExportFormat format, const QByteArray &data);

} // namespace memplan::ui
