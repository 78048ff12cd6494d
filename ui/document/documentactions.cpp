#include "documentactions.h"

#include "document/scenarioname.h"
#include "hub/hubimportdialog.h"
#include "scenario/scenariojson.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "widgets/noticebar.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>

#include <exception>

namespace memplan::ui {

namespace {
const char *const kScenarioFileFilter =
    QT_TRANSLATE_NOOP("memplan::ui::MainWindow", "Scenario files (*.scenario.json *.json)");
} // namespace

DocumentActions::DocumentActions(MainWindow &window, Settings &settings)
    : QObject(&window), m_window(window), m_settings(settings)
{
    // Autosave a moment after the last change: a slider drag writes once, not per step.
    m_autosave = new QTimer(this);
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(500);
    connect(m_autosave, &QTimer::timeout, this, &DocumentActions::flushRecovery);
}

bool DocumentActions::isModified() const
{
    return m_document.isModified(m_window.scenario());
}

bool DocumentActions::confirmDiscard(const QString &action)
{
    if (!isModified())
        return true;
    using Answer = MainWindow::DiscardAnswer;
    Answer answer = Answer::Cancel;
    if (m_discardPrompt) {
        answer = m_discardPrompt(action);
    } else {
        const auto button = QMessageBox::question(
            &m_window, MainWindow::tr("Unsaved scenario"),
            MainWindow::tr("The scenario has unsaved changes. Save them before you %1?").arg(action),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        answer = button == QMessageBox::Save      ? Answer::Save
                 : button == QMessageBox::Discard ? Answer::Discard
                                                  : Answer::Cancel;
    }
    if (answer == Answer::Save)
        return save();
    return answer == Answer::Discard;
}

void DocumentActions::restoreLastRun()
{
    const QString last = m_settings.lastScenarioJson();
    if (last.isEmpty())
        return;
    try {
        m_window.controller()->resetScenario(scenarioFromText(last.toStdString(), "settings"));
    } catch (const std::exception &) {
        // A last scenario from a newer or broken build: start from the default instead.
    }
}

void DocumentActions::enableRecovery(const QString &path)
{
    m_recovery.emplace(path);
}

void DocumentActions::offerRecovery()
{
    if (!m_recovery || !m_recovery->exists())
        return;
    Scenario found;
    QString error;
    if (!m_recovery->read(&found, &error) || found == m_window.scenario()) {
        m_recovery->remove();
        return;
    }
    // Until the user answers, autosave leaves the file alone so that it cannot be lost.
    m_pendingRecovery = found;
    const QString when = QLocale().toString(m_recovery->lastModified(), QLocale::ShortFormat);
    m_window.noticeBar()->showNotice(
        MainWindow::tr("The planner did not close normally. Unsaved work from %1 can be restored.").arg(when),
        MainWindow::tr("Restore"),
        [this] {
            const Scenario s = *m_pendingRecovery;
            m_pendingRecovery.reset();
            m_window.controller()->replaceScenario(s, MainWindow::tr("Restore unsaved work"));
            // Still unsaved: the title keeps its * until the user saves it somewhere.
            emit changed();
            flushRecovery();
        },
        MainWindow::tr("Discard"),
        [this] {
            m_pendingRecovery.reset();
            m_recovery->remove();
            scheduleRecovery();
        });
}

void DocumentActions::scheduleRecovery()
{
    if (!m_recovery || m_pendingRecovery)
        return;
    if (isModified())
        m_autosave->start();
    else {
        m_autosave->stop();
        m_recovery->remove(); // nothing unsaved left to recover
    }
}

void DocumentActions::flushRecovery()
{
    if (!m_recovery || m_pendingRecovery)
        return;
    m_autosave->stop();
    if (isModified())
        m_recovery->write(m_window.scenario());
    else
        m_recovery->remove();
}

void DocumentActions::closing()
{
    m_autosave->stop();
    if (m_recovery && !m_pendingRecovery)
        m_recovery->remove();
}

void DocumentActions::adopt(const DocumentActions &other)
{
    m_document.adopt(other.m_document);
    m_pendingRecovery = other.m_pendingRecovery;
}

void DocumentActions::documentChanged()
{
    emit changed();
    scheduleRecovery();
}

bool DocumentActions::loadScenarioFile(const QString &path, QString *error)
{
    ScenarioDocument loaded;
    Scenario s;
    if (!loaded.load(path, &s, error))
        return false; // the current document and scenario stay as they are
    // The undo history belongs to one document: Undo must not put the previous file's scenario
    // under this file's title, where Save would write it over this file (issue 34 item 1).
    ScenarioController *controller = m_window.controller();
    controller->resetScenario(withCurrentName(s, controller->catalog()));
    // A name that follows the scenario may have been brought up to date; that is not an edit.
    loaded.setFile(path, controller->scenario());
    m_document = loaded;
    documentChanged();
    return true;
}

bool DocumentActions::saveScenarioFile(const QString &path, QString *error)
{
    if (!m_document.save(path, m_window.scenario(), error))
        return false;
    documentChanged();
    return true;
}

bool DocumentActions::openFile(const QString &path)
{
    QString error;
    if (loadScenarioFile(path, &error))
        return true;
    QMessageBox::warning(&m_window, MainWindow::tr("Cannot open scenario"),
                         MainWindow::tr("%1\n\nThe current scenario is unchanged.").arg(error));
    return false;
}

void DocumentActions::startUntitled()
{
    m_document.resetUntitled(m_window.scenario());
    documentChanged();
}

void DocumentActions::newScenario()
{
    if (!confirmDiscard(MainWindow::tr("start a new scenario")))
        return;
    m_window.noticeBar()->hide();
    ScenarioController *controller = m_window.controller();
    controller->resetScenario(withCurrentName(defaultScenario(), controller->catalog()));
    startUntitled();
}

void DocumentActions::openDialog()
{
    if (!confirmDiscard(MainWindow::tr("open another scenario")))
        return;
    const QString path = QFileDialog::getOpenFileName(&m_window, MainWindow::tr("Open Scenario"),
                                                      m_settings.lastDirectory(), MainWindow::tr(kScenarioFileFilter));
    if (path.isEmpty())
        return;
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    openFile(path);
}

bool DocumentActions::saveShowingError(const QString &path)
{
    QString error;
    if (saveScenarioFile(path, &error))
        return true;
    QMessageBox::warning(&m_window, MainWindow::tr("Cannot save scenario"), error);
    return false;
}

bool DocumentActions::save()
{
    if (m_document.isUntitled())
        return saveAs();
    return saveShowingError(m_document.path());
}

bool DocumentActions::saveAs()
{
    QString suggestion = m_document.path();
    if (suggestion.isEmpty()) {
        // The name follows the scenario unless typed, so it makes a fitting file name.
        const Scenario &scenario = m_window.scenario();
        QString base = QString::fromStdString(scenario.name).trimmed();
        if (base.isEmpty())
            base = derivedScenarioName(scenario, m_window.controller()->catalog());
        base.replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("-"));
        suggestion = QDir(m_settings.lastDirectory()).filePath(base + QStringLiteral(".scenario.json"));
    }
    const QString path = QFileDialog::getSaveFileName(&m_window, MainWindow::tr("Save Scenario"), suggestion,
                                                      MainWindow::tr(kScenarioFileFilter));
    if (path.isEmpty())
        return false;
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    return saveShowingError(path);
}

void DocumentActions::importModelPath(const QString &path)
{
    Scenario s = m_window.scenario();
    s.model = {};
    s.model.file = QDir::toNativeSeparators(path).toStdString();
    // The resolver reads the headers; a broken file shows up in the banner, and undo returns.
    m_window.controller()->replaceScenario(s, MainWindow::tr("Import %1").arg(QFileInfo(path).fileName()));
}

HubImportDialog *DocumentActions::hubImportDialog(const QString &reference)
{
    // Modeless: the window stays usable while the headers arrive.
    auto *dialog = new HubImportDialog(m_window.controller(), &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // A scenario that names a repository the cache lacks (the banner says so) fetches it in one click.
    const auto &hub = m_window.scenario().model.hub;
    dialog->referenceField()->setText(reference.isEmpty() && hub ? QString::fromStdString(hub->text()) : reference);
    MainWindow *w = &m_window;
    connect(dialog, &HubImportDialog::imported, w, [w](const QString &ref) {
        w->statusBar()->showMessage(MainWindow::tr("Imported %1 from Hugging Face").arg(ref), 10000);
    });
    dialog->show();
    return dialog;
}

void DocumentActions::importDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(&m_window, MainWindow::tr("Import Model"), m_settings.lastDirectory(),
                                     MainWindow::tr("Model files (*.gguf *.safetensors *.json);;All files (*)"));
    if (!path.isEmpty())
        importModelPath(QFileInfo(path).fileName() == QLatin1String("config.json") ? QFileInfo(path).absolutePath()
                                                                                   : path);
}

void DocumentActions::dragEnter(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void DocumentActions::drop(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    const QString path = urls.front().toLocalFile();
    if (path.endsWith(QLatin1String(".scenario.json"))) {
        if (confirmDiscard(MainWindow::tr("open another scenario")))
            openFile(path);
    } else
        importModelPath(path);
    event->acceptProposedAction();
}

} // namespace memplan::ui
