#include "reconcile/logintake.h"

#include "logs/logparser.h"

#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>
#include <QShortcut>
#include <QUrl>
#include <QWidget>

namespace memplan::ui {

namespace {

/// Enough of a log to tell; the start-up lines come first.
constexpr qint64 kSniffBytes = 64 * 1024;
/// The most of a dropped file read, as File → Open Runtime Log… reads.
constexpr qint64 kMaxLogBytes = 1024LL * 1024 * 1024;

} // namespace

LogIntake::LogIntake(QWidget *window) : QObject(window)
{
    window->installEventFilter(this);
    // A window-wide shortcut: a focused text field that can paste overrides it and keeps Ctrl+V.
    auto *paste = new QShortcut(QKeySequence::Paste, window);
    paste->setContext(Qt::WindowShortcut);
    connect(paste, &QShortcut::activated, this, [this] { pasteFromClipboard(); });
}

bool LogIntake::looksLikeLog(const QByteArray &text)
{
    const QByteArray head = text.left(kSniffBytes);
    return !parseRuntimeLog(std::string_view(head.constData(), std::size_t(head.size()))).empty();
}

bool LogIntake::pasteFromClipboard()
{
    const QString text = QGuiApplication::clipboard()->text();
    if (text.isEmpty() || !looksLikeLog(text.toUtf8()))
        return false;
    emit logArrived(text, tr("(pasted log)"));
    return true;
}

bool LogIntake::takeFile(const QString &path)
{
    // Models and scenarios are the window's own drops.
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gguf") || suffix == QLatin1String("safetensors") || suffix == QLatin1String("json"))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || !looksLikeLog(f.peek(kSniffBytes)))
        return false;
    emit logArrived(QString::fromUtf8(f.read(kMaxLogBytes)), path);
    return true;
}

bool LogIntake::takeDrop(const QMimeData *mime)
{
    if (mime->hasUrls()) {
        const QList<QUrl> urls = mime->urls();
        return !urls.isEmpty() && urls.front().isLocalFile() && takeFile(urls.front().toLocalFile());
    }
    if (mime->hasText() && looksLikeLog(mime->text().toUtf8())) {
        emit logArrived(mime->text(), tr("(pasted log)"));
        return true;
    }
    return false;
}

bool LogIntake::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::DragEnter) {
        auto *e = static_cast<QDragEnterEvent *>(event);
        if (e->mimeData()->hasText() && !e->mimeData()->hasUrls()) {
            e->acceptProposedAction();
            return true;
        }
    } else if (event->type() == QEvent::Drop) {
        auto *e = static_cast<QDropEvent *>(event);
        if (takeDrop(e->mimeData())) {
            e->acceptProposedAction();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace memplan::ui
