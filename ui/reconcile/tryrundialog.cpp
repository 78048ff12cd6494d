#include "reconcile/tryrundialog.h"

#include "error.h"
#include "errortext.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace memplan::ui {

namespace {

/// Where the window keeps the path of a runtime's program (the CLI's --run reads it too).
QString programKey(const LoadOnlyLaunch &l)
{
    return QStringLiteral("programs/") + QString::fromStdString(l.program);
}

} // namespace

TryRunDialog::TryRunDialog(const PresetCatalog &catalog, const Scenario &scenario, QWidget *parent)
    : QDialog(parent), m_catalog(catalog), m_scenario(scenario)
{
    setWindowTitle(tr("Try It on This Computer"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Starts the runtime with the plan's own command so that it loads the model and "
                                "allocates its buffers, then stops it as soon as it reports the model loaded. "
                                "Nothing is downloaded and no prompt is sent; the log is then compared with the "
                                "plan."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    QString blocker;
    try {
        m_launch = planLoadOnly(m_scenario, m_catalog);
    } catch (const InputError &e) {
        blocker = inputErrorText(e.info());
    } catch (const std::exception &e) {
        blocker = QString::fromStdString(e.what());
    }
    auto *form = new QFormLayout;
    auto *programRow = new QHBoxLayout;
    m_program = new QLineEdit(QSettings().value(programKey(m_launch)).toString());
    if (!m_launch.program.empty())
        m_program->setPlaceholderText(tr("%1 (found on PATH)").arg(QString::fromStdString(m_launch.program)));
    auto *browseButton = new QPushButton(tr("Browse…"));
    connect(browseButton, &QPushButton::clicked, this, &TryRunDialog::browse);
    programRow->addWidget(m_program, 1);
    programRow->addWidget(browseButton);
    form->addRow(tr("Program:"), programRow);
    m_limit = new QSpinBox;
    m_limit->setRange(5, 3600);
    m_limit->setValue(300);
    m_limit->setSuffix(tr(" s"));
    m_limit->setToolTip(tr("The runtime is stopped after this time, loaded or not."));
    form->addRow(tr("Time limit:"), m_limit);
    m_command = new QLabel;
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    form->addRow(tr("Command:"), m_command);
    layout->addLayout(form);
    m_log = new QPlainTextEdit;
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_log, 1);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_start = buttons->addButton(tr("Start"), QDialogButtonBox::ActionRole);
    m_stopButton = buttons->addButton(tr("Stop"), QDialogButtonBox::ActionRole);
    m_stopButton->setEnabled(false);
    connect(m_start, &QPushButton::clicked, this, &TryRunDialog::start);
    connect(m_stopButton, &QPushButton::clicked, this, &TryRunDialog::cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &TryRunDialog::drainLines);

    auto showCommand = [this] {
        const std::string program = m_program->text().isEmpty() ? m_launch.program : m_program->text().toStdString();
        m_command->setText(QString::fromStdString(shellCommandLine(program, m_launch.args)));
    };
    connect(m_program, &QLineEdit::textChanged, this, showCommand);
    showCommand();
    if (blocker.isEmpty() && !m_launch.blocker.empty())
        blocker = loadOnlyBlockerText(m_launch);
    if (!blocker.isEmpty()) {
        m_status->setText(tr("This plan cannot be tried here: %1").arg(blocker));
        m_start->setEnabled(false);
    }
    resize(820, 560);
}

TryRunDialog::~TryRunDialog()
{
    m_stop = true;
    if (m_worker.joinable())
        m_worker.join();
}

QString TryRunDialog::loadOnlyBlockerText(const LoadOnlyLaunch &l)
{
    if (l.blocker == "launch.not_local_file")
        return tr("the plan names no model file on this computer. Import the model's file first (File → Import "
                  "Model…), so that nothing is downloaded.");
    if (l.blocker == "launch.file_missing")
        return tr("the model file %1 does not exist.").arg(QString::fromStdString(l.blockerArg));
    if (l.blocker == "launch.server_only")
        return tr("load-only runs start llama-server; choose llama-server as the program in the runtime settings.");
    return tr("this runtime cannot be started from here yet. Run it yourself and open its log (File → Open "
              "Runtime Log…).");
}

void TryRunDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Runtime Program"), m_program->text());
    if (!path.isEmpty())
        m_program->setText(path);
}

void TryRunDialog::start()
{
    if (m_running)
        return;
    if (m_worker.joinable())
        m_worker.join();
    // Remembered for the next run and for `memplan-cli reconcile --run`.
    QSettings settings;
    if (m_program->text().isEmpty())
        settings.remove(programKey(m_launch));
    else
        settings.setValue(programKey(m_launch), m_program->text());
    TryRunOptions options;
    options.program = m_program->text().toStdString();
    options.timeLimitSeconds = m_limit->value();
    m_log->clear();
    m_stop = false;
    m_running = true;
    {
        const std::lock_guard<std::mutex> lock(m_linesMutex);
        m_pending.clear();
        m_workerDone = false;
    }
    m_start->setEnabled(false);
    m_stopButton->setEnabled(true);
    m_status->setText(tr("Running…"));
    m_poll->start();
    m_worker = std::thread([this, options] {
        TryRun result;
        try {
            result = runLoadOnly(m_launch, m_scenario, m_catalog, options, &m_stop, [this](std::string_view line) {
                const std::lock_guard<std::mutex> lock(m_linesMutex);
                m_pending.append(QString::fromUtf8(line.data(), qsizetype(line.size())));
            });
        } catch (const std::exception &e) {
            result.process.problem = e.what();
        }
        const std::lock_guard<std::mutex> lock(m_linesMutex);
        m_result = std::move(result);
        m_workerDone = true;
    });
}

void TryRunDialog::cancel()
{
    m_stop = true;
    m_status->setText(tr("Stopping…"));
}

void TryRunDialog::drainLines()
{
    QStringList lines;
    bool workerDone = false;
    {
        const std::lock_guard<std::mutex> lock(m_linesMutex);
        lines.swap(m_pending);
        workerDone = m_workerDone;
    }
    for (const QString &l : lines)
        m_log->appendPlainText(l);
    if (workerDone)
        done();
}

void TryRunDialog::done()
{
    m_poll->stop();
    if (m_worker.joinable())
        m_worker.join();
    m_running = false;
    m_start->setEnabled(true);
    m_stopButton->setEnabled(false);
    m_status->setText(endText());
    emit finished();
    if (m_result.reconciliation)
        emit logCaptured(QString::fromStdString(m_result.process.log),
                         tr("(run on this computer: %1)").arg(QString::fromStdString(m_result.commandLine)));
}

QString TryRunDialog::endText() const
{
    const ProcessResult &p = m_result.process;
    const QString seconds = QString::number(p.seconds, 'f', 1);
    QString text;
    switch (p.end) {
    case ProcessEnd::Ready:
        text = tr("Loaded after %1 s and stopped.").arg(seconds);
        break;
    case ProcessEnd::Exited:
        text = p.signal ? tr("Ended by signal %1 after %2 s.").arg(p.signal).arg(seconds)
                        : tr("Ended with exit code %1 after %2 s.").arg(p.exitCode).arg(seconds);
        break;
    case ProcessEnd::TimedOut:
        text = tr("Stopped at the time limit after %1 s.").arg(seconds);
        break;
    case ProcessEnd::Cancelled:
        text = tr("Stopped after %1 s.").arg(seconds);
        break;
    case ProcessEnd::NotStarted:
        return p.problem == "not found on PATH"
                   ? tr("%1 is not on PATH: install the runtime, or choose its program above.")
                         .arg(QString::fromStdString(m_result.program))
                   : tr("%1 could not be started: %2")
                         .arg(QString::fromStdString(m_result.program), QString::fromStdString(p.problem));
    }
    if (!m_result.reconciliation)
        text += QLatin1Char(' ') + tr("Its log holds no line the planner reads.");
    return text;
}

void TryRunDialog::closeEvent(QCloseEvent *event)
{
    if (m_running) {
        // Stopping takes a moment (the runtime gets a few seconds to exit); the dialog waits for it.
        m_stop = true;
        m_poll->stop();
        if (m_worker.joinable())
            m_worker.join();
        m_running = false;
    }
    event->accept();
}

} // namespace memplan::ui
