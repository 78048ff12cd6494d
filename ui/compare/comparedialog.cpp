#include "comparedialog.h"

#include "comparebars.h"
#include "comparereport.h"
#include "comparetext.h"
#include "speedfloor.h"

#include "charts/palette.h"
#include "enginetext.h"
#include "scenariocontroller.h"

#include <QComboBox>
#include <QDate>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace memplan::ui {

namespace {

enum Column {
    ColMachine,
    ColVerdict,
    ColMemory,
    ColHeadroom,
    ColMaxContext,
    ColMaxSequences,
    ColGpuLayers,
    ColDecode,
    ColDevicePrice, ///< the input the user types: one device
    ColPrice,       ///< the basis every figure uses: the machine's total
    ColPricePerGiB,
    ColPricePerSpeed,
    ColDeltaHeadroom,
    ColDeltaDecode,
    ColCount
};

/// A cell that sorts by its number, not by its text ("9.5 GiB" after "10.0 GiB").
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(const QString &text, double key) : QTableWidgetItem(text) { setData(Qt::UserRole, key); }
    bool operator<(const QTableWidgetItem &other) const override
    {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

QString dialogGib(Bytes b, UnitSystem u)
{
    return engineText(u == UnitSystem::Decimal ? formatGB(b, 1) : formatGiB(b, 1));
}
QString dialogCount(std::uint64_t n)
{
    return QLocale().toString(qulonglong(n));
}
QString signedBytes(std::int64_t d, UnitSystem u, int decimals = 1)
{
    const Bytes m = Bytes(d < 0 ? -d : d);
    const QString magnitude = engineText(u == UnitSystem::Decimal ? formatGB(m, decimals) : formatGiB(m, decimals));
    return (d < 0 ? QStringLiteral("−") : QStringLiteral("+")) + magnitude;
}

/// "1599 USD", "1,599.00 EUR", "2400000 KRW" → a price typed today by the user; an empty text clears it.
Price parsePrice(const QString &text)
{
    Price p;
    QString t = text.trimmed();
    if (t.isEmpty())
        return p;
    const qsizetype space = t.lastIndexOf(QLatin1Char(' '));
    QString currency = space > 0 ? t.mid(space + 1).trimmed().toUpper() : QString();
    QString amount = space > 0 ? t.left(space) : t;
    if (!currency.isEmpty() && currency.front().isDigit()) { // "1 599" without a currency
        amount = t;
        currency.clear();
    }
    amount.remove(QLatin1Char(',')).remove(QLatin1Char(' '));
    bool ok = false;
    const double value = amount.toDouble(&ok);
    if (!ok || value <= 0)
        return p;
    p.amount = value;
    p.currency = (currency.isEmpty() ? QLocale().currencySymbol(QLocale::CurrencyIsoCode) : currency).toStdString();
    if (p.currency.empty())
        p.currency = "USD";
    p.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    p.source = "user";
    return p;
}

} // namespace

CompareDialog::CompareDialog(ScenarioController *controller, QWidget *parent)
    : QDialog(parent), m_controller(controller)
{
    setWindowTitle(tr("Compare Machines"));
    setObjectName(QStringLiteral("compareDialog"));
    m_recommendation = new QLabel(this);
    QFont big = font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_recommendation->setFont(big);
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reasons = new QLabel(this);
    m_reasons->setWordWrap(true);
    m_reasons->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_hardware = new QComboBox(this);
    m_hardware->setAccessibleName(tr("Machine to add"));
    for (const HardwarePreset &h : controller->catalog().hardware())
        m_hardware->addItem(QString::fromStdString(h.spec.name), QString::fromStdString(h.spec.id));
    m_hardware->model()->sort(0);
    m_count = new QSpinBox(this);
    m_count->setRange(1, 64);
    m_count->setPrefix(QStringLiteral("× "));
    m_count->setAccessibleName(tr("Number of devices"));
    auto *add = new QPushButton(tr("&Add"), this);
    auto *shortlist = new QPushButton(tr("Buyer's &Shortlist"), this);
    shortlist->setToolTip(
        tr("RTX 4090, 2× RTX 3090, RTX 5090, M4 Max 128 GB, DGX Spark, Strix Halo 128 GB and one H100"));
    auto *remove = new QPushButton(tr("&Remove"), this);
    m_pin = new QPushButton(tr("&Pin as A"), this);
    m_pin->setCheckable(true);
    m_pin->setToolTip(tr("Keep the current scenario as A; change anything in the window and see B against it"));
    auto *pdf = new QPushButton(tr("Export &PDF…"), this);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_hardware, 1);
    controls->addWidget(m_count);
    controls->addWidget(add);
    controls->addWidget(shortlist);
    controls->addWidget(remove);
    controls->addStretch();
    controls->addWidget(createSpeedFloor());
    controls->addWidget(m_pin);
    controls->addWidget(pdf);

    m_bars = new CompareBars(this);
    auto *barScroll = new QScrollArea(this);
    barScroll->setWidget(m_bars);
    barScroll->setWidgetResizable(true);

    createTables();

    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_table, 2);
    bottomLayout->addWidget(m_pinHeading);
    bottomLayout->addWidget(m_pinTable, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(barScroll);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_recommendation);
    layout->addWidget(m_reasons);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
    resize(1100, 760);

    connect(add, &QPushButton::clicked, this, [this] {
        addCandidate({m_hardware->currentData().toString().toStdString(), std::uint32_t(m_count->value())});
    });
    connect(shortlist, &QPushButton::clicked, this, [this] {
        m_session.setCandidates(CompareSession::shortlist(m_controller->catalog()));
        saveSettings();
        refresh();
    });
    connect(remove, &QPushButton::clicked, this, &CompareDialog::removeSelected);
    connect(m_pin, &QPushButton::toggled, this, [this](bool on) {
        if (on)
            pinCurrent();
        else
            m_session.clearPin();
        render();
    });
    connect(pdf, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export Comparison"), tr("comparison.pdf"), tr("PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        if (const QString error = exportPdf(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Export Comparison"), error);
    });
    connect(m_table, &QTableWidget::cellChanged, this, &CompareDialog::priceEdited);
    connect(controller, &ScenarioController::estimateChanged, this, [this] {
        if (isVisible())
            refresh();
    });

    loadSettings();
    if (m_session.candidates().empty())
        m_session.setCandidates(CompareSession::shortlist(controller->catalog()));
    refresh();
}

void CompareDialog::createTables()
{
    m_table = new QTableWidget(0, ColCount, this);
    m_table->setHorizontalHeaderLabels({tr("Machine"), tr("Verdict"), tr("Memory"), tr("Headroom"),
                                        tr("Largest context"), tr("Most sequences"), tr("GPU layers"),
                                        tr("Decode tok/s"), tr("Price per device"), tr("Price"), tr("Price per GiB"),
                                        tr("Price per tok/s"), tr("Headroom vs A"), tr("Decode vs A")});
    m_table->horizontalHeaderItem(ColDevicePrice)
        ->setToolTip(tr("Type a price per device, e.g. \"1599 USD\"; it is kept in the settings"));
    m_table->horizontalHeaderItem(ColPrice)->setToolTip(
        tr("The machine's price: devices × price per device. The recommendation and the PDF use it too."));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ColMachine, Qt::AscendingOrder); // the order the machines were added
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_pinHeading = new QLabel(this);
    m_pinTable = new QTableWidget(0, 4, this);
    m_pinTable->setHorizontalHeaderLabels({tr("Item"), tr("A (pinned)"), tr("B (now)"), tr("B − A")});
    m_pinTable->verticalHeader()->hide();
    m_pinTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pinTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
}

QWidget *CompareDialog::createSpeedFloor()
{
    m_speedFloor = makeSpeedFloorBox(this);
    connect(m_speedFloor, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        m_session.setSpeedFloor(v);
        saveSettings();
        render();
    });
    return m_speedFloor;
}

void CompareDialog::removeSelected()
{
    const int row = m_table->currentRow();
    if (row < 0)
        return;
    const Candidate c{m_table->item(row, ColMachine)->data(Qt::UserRole + 1).toString().toStdString(),
                      m_table->item(row, ColMachine)->data(Qt::UserRole + 2).toUInt()};
    const auto &list = m_session.candidates();
    const auto it = std::find(list.begin(), list.end(), c);
    if (it != list.end())
        m_session.removeCandidate(std::size_t(it - list.begin()));
    saveSettings();
    render();
}

void CompareDialog::setUnitSystem(UnitSystem units)
{
    m_units = units;
    render();
}

bool CompareDialog::addCandidate(const Candidate &candidate)
{
    if (!m_session.addCandidate(candidate))
        return false;
    saveSettings();
    refresh();
    return true;
}

void CompareDialog::pinCurrent()
{
    m_session.pin(m_controller->estimate());
    if (!m_pin->isChecked()) {
        const QSignalBlocker block(m_pin);
        m_pin->setChecked(true);
    }
}

void CompareDialog::refresh()
{
    m_session.update(m_controller->scenario(), m_controller->catalog());
    render();
}

QString CompareDialog::recommendationText() const
{
    return m_recommendation->text();
}

void CompareDialog::render()
{
    const Recommendation &rec = m_session.recommendation();
    m_recommendation->setText(CompareText::recommendation(rec, m_session.results()));
    QStringList lines;
    for (const QString &r : CompareText::reasons(rec, m_units))
        lines << QStringLiteral("• ") + r;
    m_reasons->setText(lines.join(QLatin1Char('\n')));
    m_bars->setSession(&m_session, m_units);
    fillTable();
    fillPinTable();
}

void CompareDialog::fillTable()
{
    m_filling = true;
    m_table->setSortingEnabled(false);
    const auto &results = m_session.results();
    const auto &figures = m_session.figures();
    m_table->setRowCount(int(results.size()));
    for (std::size_t i = 0; i < results.size(); ++i) {
        const CandidateResult &c = results[i];
        const CandidateFigures &f = figures[i];
        const int row = int(i);
        auto set = [&](int col, QTableWidgetItem *item, bool editable = false) {
            if (!editable)
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            m_table->setItem(row, col, item);
        };
        auto *name = new NumberItem(QString::fromStdString(c.name.empty() ? c.candidate.hardware : c.name), double(i));
        name->setData(Qt::UserRole + 1, QString::fromStdString(c.candidate.hardware));
        name->setData(Qt::UserRole + 2, c.candidate.count);
        if (row == m_session.recommendation().best)
            name->setBackground(QColor(0xe3, 0xf4, 0xe8));
        set(ColMachine, name);
        set(ColVerdict,
            new NumberItem(c.error.empty() ? CompareText::badge(c.badge) : engineText(c.error), double(int(c.badge))));
        set(ColMemory,
            new NumberItem(c.deviceCapacityBytes ? dialogGib(c.deviceCapacityBytes, m_units) : QStringLiteral("–"),
                           double(c.deviceCapacityBytes)));
        set(ColHeadroom,
            new NumberItem(c.badge == FitBadge::DoesNotFit ? tr("over by %1").arg(dialogGib(c.overflowBytes, m_units))
                                                           : dialogGib(c.headroomBytes, m_units),
                           c.badge == FitBadge::DoesNotFit ? -double(c.overflowBytes) : double(c.headroomBytes)));
        set(ColMaxContext, new NumberItem(c.maxContext ? dialogCount(*c.maxContext) : QStringLiteral("–"),
                                          double(c.maxContext.value_or(0))));
        set(ColMaxSequences, new NumberItem(c.maxConcurrency ? dialogCount(*c.maxConcurrency) : QStringLiteral("–"),
                                            double(c.maxConcurrency.value_or(0))));
        set(ColGpuLayers,
            new NumberItem(QStringLiteral("%1 / %2").arg(c.gpuLayers).arg(c.totalLayers), double(c.gpuLayers)));
        set(ColDecode, new NumberItem(f.decodePerSequence > 0 ? QLocale().toString(f.decodePerSequence, 'f', 1)
                                                              : QStringLiteral("–"),
                                      f.decodePerSequence));
        const Price price = m_session.price(c.candidate.hardware);
        auto *priceItem = new NumberItem(CompareText::money(price.amount, price.currency), price.amount);
        if (price.known())
            priceItem->setToolTip(tr("%1 per device, %2 (source: %3)")
                                      .arg(CompareText::money(price.amount, price.currency),
                                           QString::fromStdString(price.date), QString::fromStdString(price.source)));
        set(ColDevicePrice, priceItem, true);
        auto *totalItem = new NumberItem(CompareText::money(f.machinePrice, f.currency), f.machinePrice);
        if (f.machinePrice > 0)
            totalItem->setToolTip(CompareText::priceFormula(f));
        set(ColPrice, totalItem);
        set(ColPricePerGiB, new NumberItem(CompareText::money(f.pricePerGiB, f.currency, 1), f.pricePerGiB));
        set(ColPricePerSpeed,
            new NumberItem(CompareText::money(f.pricePerTokenPerSecond, f.currency, 1), f.pricePerTokenPerSecond));
        const auto headroomDelta = m_session.headroomDelta(i);
        set(ColDeltaHeadroom, new NumberItem(headroomDelta ? signedBytes(*headroomDelta, m_units) : QString(),
                                             double(headroomDelta.value_or(0))));
        const auto decodeDelta = m_session.decodeDelta(i);
        set(ColDeltaDecode,
            new NumberItem(decodeDelta ? QStringLiteral("%1%2").arg(*decodeDelta >= 0 ? QStringLiteral("+") : QString(),
                                                                    QLocale().toString(*decodeDelta, 'f', 1))
                                       : QString(),
                           decodeDelta.value_or(0)));
    }
    m_table->setColumnHidden(ColDeltaHeadroom, !m_session.pinned());
    m_table->setColumnHidden(ColDeltaDecode, !m_session.pinned());
    m_table->setSortingEnabled(true);
    m_filling = false;
}

void CompareDialog::fillPinTable()
{
    const bool pinned = m_session.pinned();
    m_pinHeading->setVisible(pinned);
    m_pinTable->setVisible(pinned);
    if (!pinned)
        return;
    const PinComparison c = m_session.pinComparison(m_controller->estimate());
    m_pinHeading->setText(c.items.empty() ? tr("A/B: the window's scenario is unchanged since it was pinned.")
                                          : tr("A/B on the window's machine: what changed since the pin (all pools)"));
    m_pinTable->setRowCount(int(c.items.size()));
    for (std::size_t i = 0; i < c.items.size(); ++i) {
        const ItemDelta &d = c.items[i];
        const int row = int(i);
        m_pinTable->setItem(row, 0,
                            new QTableWidgetItem(guestName(d.guest) + QStringLiteral(": ") + engineText(d.label)));
        const auto two = [&](Bytes b) {
            return engineText(m_units == UnitSystem::Decimal ? formatGB(b, 2) : formatGiB(b, 2));
        };
        m_pinTable->setItem(row, 1, new QTableWidgetItem(two(d.a)));
        m_pinTable->setItem(row, 2, new QTableWidgetItem(two(d.b)));
        m_pinTable->setItem(row, 3, new QTableWidgetItem(signedBytes(d.delta(), m_units, 2)));
    }
}

void CompareDialog::priceEdited(int row, int column)
{
    if (m_filling || column != ColDevicePrice)
        return;
    const QString id = m_table->item(row, ColMachine)->data(Qt::UserRole + 1).toString();
    m_session.setPrice(id.toStdString(), parsePrice(m_table->item(row, column)->text()));
    saveSettings();
    QMetaObject::invokeMethod(this, &CompareDialog::render, Qt::QueuedConnection); // not inside the edit
}

void CompareDialog::loadSettings()
{
    QSettings settings;
    std::vector<Candidate> list;
    for (const QString &entry : settings.value(QStringLiteral("compare/candidates")).toStringList()) {
        const QStringList parts = entry.split(QLatin1Char(':'));
        const std::string id = parts.value(0).toStdString();
        const uint n = parts.value(1).toUInt();
        if (m_controller->catalog().hardwareById(id) && n >= 1 && n <= 64)
            list.push_back({id, n});
    }
    m_session.setCandidates(std::move(list));
    const double floor = settings.value(QStringLiteral("compare/speed_floor")).toDouble();
    m_session.setSpeedFloor(floor);
    if (m_speedFloor) {
        const QSignalBlocker block(m_speedFloor);
        m_speedFloor->setValue(floor);
    }
    settings.beginGroup(QStringLiteral("compare/prices"));
    for (const QString &id : settings.childKeys()) {
        const QStringList p = settings.value(id).toStringList();
        Price price{p.value(0).toDouble(), p.value(1).toStdString(), p.value(2).toStdString(),
                    p.value(3).toStdString()};
        if (price.known())
            m_session.setPrice(id.toStdString(), price);
    }
}

void CompareDialog::saveSettings() const
{
    QSettings settings;
    QStringList list;
    for (const Candidate &c : m_session.candidates())
        list << QStringLiteral("%1:%2").arg(QString::fromStdString(c.hardware)).arg(c.count);
    settings.setValue(QStringLiteral("compare/candidates"), list);
    settings.setValue(QStringLiteral("compare/speed_floor"), m_session.speedFloor());
    settings.remove(QStringLiteral("compare/prices"));
    for (const auto &[id, p] : m_session.prices())
        settings.setValue(QStringLiteral("compare/prices/") + QString::fromStdString(id),
                          QStringList{QString::number(p.amount, 'f', 2), QString::fromStdString(p.currency),
                                      QString::fromStdString(p.date), QString::fromStdString(p.source)});
}

QString CompareDialog::exportPdf(const QString &path)
{
    const WriteResult r = exportComparisonPdf(path, m_session, m_units);
    return r.ok ? QString() : r.error;
}

} // namespace memplan::ui
