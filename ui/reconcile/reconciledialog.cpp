#include "reconcile/reconciledialog.h"
#include "errortext.h"
#include "reconcile/reconciletexts.h"

#include "error.h"
#include "files/inputfile.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "units.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace memplan::ui {

namespace {

constexpr int kBarColumn = 6;

/// Two thin bars in one cell: planned (filled, with its range as a line) and measured (outline).
class BarsDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *p, const QStyleOptionViewItem &opt, const QModelIndex &index) const override
    {
        QStyledItemDelegate::paint(p, opt, index);
        const QList<QVariant> v = index.data(Qt::UserRole).toList();
        if (v.size() != 5)
            return;
        const double planned = v[0].toDouble(), low = v[1].toDouble(), high = v[2].toDouble();
        const double measured = v[3].toDouble(), scale = v[4].toDouble();
        if (scale <= 0)
            return;
        const QRect r = opt.rect.adjusted(4, 3, -4, -3);
        const int h = r.height() / 2 - 1;
        auto x = [&](double value) { return r.left() + int(std::lround(r.width() * std::min(1.0, value / scale))); };
        p->save();
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(90, 130, 200));
        p->drawRect(QRect(QPoint(r.left(), r.top()), QPoint(x(planned), r.top() + h)));
        p->setPen(QPen(QColor(40, 40, 40), 1));
        p->drawLine(x(low), r.top() + h / 2, x(high), r.top() + h / 2);
        p->setBrush(Qt::NoBrush);
        p->setPen(QPen(QColor(200, 90, 40), 2));
        p->drawRect(QRect(QPoint(r.left(), r.top() + h + 2), QPoint(x(measured), r.bottom())));
        p->restore();
    }
};

QString amount(const Comparison &c, double v)
{
    if (c.unit == "tokens")
        return QString::fromStdString(formatCount(std::uint64_t(std::llround(std::max(0.0, v)))));
    return QString::fromStdString(formatGiB(Bytes(std::llround(std::max(0.0, v))), 2));
}

} // namespace

ReconcileDialog::ReconcileDialog(const PresetCatalog &catalog, QString userPresetDirectory, QWidget *parent)
    : QDialog(parent), m_catalog(catalog), m_userDir(std::move(userPresetDirectory))
{
    setWindowTitle(tr("Runtime Log against the Plan"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Paste a runtime log (llama.cpp, Ollama, vLLM, SGLang, MLX-LM) or open a file:")));
    m_edit = new QPlainTextEdit;
    m_edit->setMaximumBlockCount(200000);
    layout->addWidget(m_edit, 1);
    auto *buttons = new QHBoxLayout;
    auto *open = new QPushButton(tr("Open Log…"));
    auto *go = new QPushButton(tr("Compare"));
    m_keep = new QPushButton(tr("Keep These Overheads for This Machine"));
    m_keep->setEnabled(false);
    buttons->addWidget(open);
    buttons->addWidget(go);
    m_useWindow = new QCheckBox(tr("Compare with the window's scenario"));
    m_useWindow->setToolTip(
        tr("Off: the planner builds the scenario the log describes. On: the log is compared with "
           "the scenario in the window, and settings the log shows but it lacks become likely causes."));
    m_useWindow->setVisible(false);
    buttons->addWidget(m_useWindow);
    m_runPicker = new QSpinBox;
    m_runPicker->setPrefix(tr("Run "));
    m_runPicker->setToolTip(tr("The log holds several runs (a restart, another model): the one compared."));
    m_runPicker->setVisible(false);
    buttons->addWidget(m_runPicker);
    buttons->addStretch();
    buttons->addWidget(m_keep);
    layout->addLayout(buttons);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("reconcileSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(0, 8);
    m_table->setHorizontalHeaderLabels({tr("Pool"), tr("Guest"), tr("Planned"), tr("Planned range"), tr("Measured"),
                                        tr("Difference"), tr("Planned / measured"), tr("Likely cause")});
    m_table->setItemDelegateForColumn(kBarColumn, new BarsDelegate(m_table));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table, 2);
    // Our own translated text: Qt's standard "Close" stays English where its Korean
    // translations are not installed (Debian's qt6-translations-l10n is optional).
    auto *close = new QDialogButtonBox;
    close->addButton(tr("Close"), QDialogButtonBox::RejectRole);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open, &QPushButton::clicked, this, &ReconcileDialog::openFile);
    connect(go, &QPushButton::clicked, this, &ReconcileDialog::reconcileText);
    connect(m_keep, &QPushButton::clicked, this, &ReconcileDialog::keepOverheads);
    connect(m_runPicker, &QSpinBox::valueChanged, this, [this](int run) {
        if (std::size_t(run) == m_result.run.runNumber)
            return; // set from the parse itself
        m_runNumber = std::size_t(run);
        setLogText(QString(), m_origin);
    });
    resize(1000, 640);
}

void ReconcileDialog::openFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Runtime Log"), QString(), tr("Logs (*.log *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString problem = openLogFile(path); !problem.isEmpty())
        QMessageBox::warning(this, windowTitle(), tr("%1 cannot be opened: %2").arg(path, problem));
}

QString ReconcileDialog::openLogFile(const QString &path)
{
    // Regular files only, as the command line reads them: a FIFO froze the window (issue 35).
    std::string bytes;
    try {
        bytes = readInputFile(QFile::encodeName(path).toStdString(), kMaxLogFileBytes);
    } catch (const InputError &e) {
        return QString::fromStdString(e.info().reason);
    }
    m_edit->setPlainText(QString::fromUtf8(bytes.data(), qsizetype(std::min<std::size_t>(bytes.size(), 8 << 20))));
    m_text = std::move(bytes);
    m_runNumber = 0;
    setLogText(QString(), path);
    return {};
}

void ReconcileDialog::reconcileText()
{
    m_text = m_edit->toPlainText().toStdString();
    m_runNumber = 0;
    setLogText(QString(), tr("(pasted log)"));
}

void ReconcileDialog::setPlanScenario(const Scenario &scenario)
{
    m_plan = scenario;
    m_useWindow->setVisible(true);
}

bool ReconcileDialog::setLogText(const QString &text, const QString &origin)
{
    if (!text.isNull()) {
        m_text = text.toStdString();
        m_edit->setPlainText(text);
    }
    if (origin != m_origin || !text.isNull())
        m_runNumber = 0; // another log: its default run
    m_origin = origin;
    m_valid = false;
    m_keep->setEnabled(false);
    m_table->setRowCount(0);
    const MeasuredRun run = parseRuntimeLog(m_text, m_runNumber);
    {
        const QSignalBlocker quiet(m_runPicker);
        m_runPicker->setRange(1, int(std::max<std::size_t>(1, run.runCount)));
        m_runPicker->setValue(int(std::max<std::size_t>(1, run.runNumber)));
        m_runPicker->setVisible(run.runCount > 1);
    }
    if (run.empty()) {
        m_summary->setText(tr("Nothing in this log is a line of a runtime the planner knows."));
        return false;
    }
    const bool windowPlan = m_plan && m_useWindow->isChecked();
    try {
        // Without the window's plan, the plan the log states, else its measured figures alone.
        m_result = windowPlan ? reconcile(run, *m_plan, m_catalog, true) : reconcileWithLogPlan(run, m_catalog);
    } catch (const std::exception &e) {
        m_summary->setText(QString::fromStdString(e.what()));
        return false;
    }
    m_valid = true;
    double scale = 0;
    for (const Comparison &c : m_result.comparisons)
        if (c.unit == "bytes")
            scale = std::max({scale, c.plannedHigh, c.measured});
    m_table->setRowCount(int(m_result.comparisons.size()));
    int row = 0;
    for (const Comparison &c : m_result.comparisons) {
        auto set = [&](int col, const QString &t) { m_table->setItem(row, col, new QTableWidgetItem(t)); };
        set(0, QString::fromStdString(c.poolId));
        set(1, reconcileGuestText(c));
        const bool planned = m_result.planned;
        const QString none = QStringLiteral("—");
        set(2, planned ? amount(c, c.planned) : none);
        set(3, planned ? amount(c, c.plannedLow) + QStringLiteral(" – ") + amount(c, c.plannedHigh) : none);
        set(4, amount(c, c.measured));
        set(5, planned ? QStringLiteral("%1%2 %")
                             .arg(c.relative >= 0 ? QStringLiteral("+") : QString())
                             .arg(c.relative * 100, 0, 'f', 1)
                       : none);
        auto *bars = new QTableWidgetItem;
        if (c.unit == "bytes" && planned)
            bars->setData(Qt::UserRole, QList<QVariant>{c.planned, c.plannedLow, c.plannedHigh, c.measured, scale});
        m_table->setItem(row, kBarColumn, bars);
        set(7, !planned      ? tr("measured only: no plan")
               : !c.compared ? tr("not compared: %1").arg(reconcileCauseText(c))
                             : reconcileCauseText(c));
        if (c.compared && !c.inRange)
            for (int col = 0; col < m_table->columnCount(); ++col)
                m_table->item(row, col)->setBackground(QColor(255, 220, 200));
        ++row;
    }
    m_table->resizeColumnsToContents();
    const QString extra = runAndFailureText(m_result);
    m_summary->setText(extra.isEmpty() ? summaryText() : extra + QLatin1Char('\n') + summaryText());
    m_keep->setEnabled(!calibrationFromRun(m_result, m_origin.toStdString(), std::string()).empty() &&
                       !m_userDir.isEmpty());
    emit reconciled(m_result, m_origin);
    return true;
}

QString ReconcileDialog::summaryText() const
{
    const QString runtime = QString::fromStdString(m_result.run.runtime);
    if (!m_result.planned)
        return tr("The log names no model the planner can build, so these are its measured figures alone (%1 "
                  "lines read, runtime %2). To compare them with a plan, tick \"Compare with the window's "
                  "scenario\" or choose the model in the window first. GiB = 2^30 bytes.")
            .arg(m_result.run.recognisedLines)
            .arg(runtime);
    return (m_result.allInRange() ? tr("Every measured figure lies inside the planned range.")
                                  : tr("Some measured figures lie outside the planned range (highlighted).")) +
           QLatin1Char(' ') +
           tr("Runtime: %1, model: %2. GiB = 2^30 bytes.")
               .arg(runtime,
                    QString::fromStdString(m_result.scenario.model.preset.empty() ? m_result.estimate.model.name
                                                                                  : m_result.scenario.model.preset));
}

void ReconcileDialog::keepOverheads()
{
    if (!m_valid)
        return;
    try {
        const Calibration c = calibrationFromRun(m_result, m_origin.toStdString(), m_text);
        const std::string path = saveCalibration(c, m_userDir.toStdString());
        QMessageBox::information(this, windowTitle(),
                                 tr("Saved in %1. Estimates with this runtime use these overheads after the next start "
                                    "and are labelled calibrated.")
                                     .arg(QString::fromStdString(path)));
    } catch (const InputError &e) {
        QMessageBox::warning(this, windowTitle(), inputErrorText(e.info()));
    }
}

} // namespace memplan::ui
