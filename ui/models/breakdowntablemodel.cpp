#include "breakdowntablemodel.h"
#include "enginetext.h"

#include "charts/palette.h"

#include <QBrush>
#include <QLocale>

#include <algorithm>

namespace memplan::ui {

BreakdownTableModel::BreakdownTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void BreakdownTableModel::setEstimate(const Estimate &estimate)
{
    // Same rows (a slider step usually changes numbers, not which items exist): say which
    // cells changed instead of resetting, so the view repaints those cells and keeps its
    // selection, scroll position and layout.
    const bool sameRows = estimate.items.size() == m_estimate.items.size() &&
                          std::equal(estimate.items.begin(), estimate.items.end(), m_estimate.items.begin(),
                                     [](const Item &a, const Item &b) {
                                         return a.pool == b.pool && a.guest == b.guest && a.label == b.label;
                                     }) &&
                          estimate.pools.size() == m_estimate.pools.size();
    if (!sameRows) {
        beginResetModel();
        m_estimate = estimate;
        endResetModel();
        return;
    }
    // Only the cells whose text changes are repainted (a range would repaint the whole
    // viewport); the roles no view draws (raw bytes, tooltips) are announced once.
    // A row shows its pool's name and capacity only; the pool's totals, which move with any
    // item in it, do not make the other rows' cells worth comparing.
    const auto poolShownAlike = [&](std::size_t p) {
        return p >= estimate.pools.size() || (estimate.pools[p].name == m_estimate.pools[p].name &&
                                              estimate.pools[p].capacityBytes == m_estimate.pools[p].capacityBytes);
    };
    std::vector<int> changedRows;
    for (std::size_t i = 0; i < estimate.items.size(); ++i)
        if (!(estimate.items[i] == m_estimate.items[i]) || !poolShownAlike(estimate.items[i].pool))
            changedRows.push_back(int(i));
    std::vector<QVariant> before;
    for (int row : changedRows)
        for (int c = 0; c < ColumnCount; ++c)
            before.push_back(data(index(row, c)));
    m_estimate = estimate;
    if (changedRows.empty())
        return;
    std::size_t k = 0;
    for (int row : changedRows)
        for (int c = 0; c < ColumnCount; ++c)
            if (before[k++] != data(index(row, c)))
                emit dataChanged(index(row, c), index(row, c), {Qt::DisplayRole});
    emit dataChanged(index(changedRows.front(), 0), index(changedRows.back(), ColumnCount - 1), kUndrawnRoles);
}

void BreakdownTableModel::setMeasured(const MeasuredOverlay &overlay)
{
    if (overlay.empty() && m_measured.empty())
        return; // the usual slider step: no log shown, nothing to repaint
    m_measured = overlay;
    if (rowCount() > 0)
        emit dataChanged(index(0, MeasuredColumn), index(rowCount() - 1, MeasuredColumn));
}

const MeasuredSegment *BreakdownTableModel::measuredFor(int row) const
{
    const Item &item = m_estimate.items[std::size_t(row)];
    // A log measures a guest per pool, not per item: the figure goes on the guest's first row.
    for (int i = 0; i < row; ++i)
        if (m_estimate.items[std::size_t(i)].pool == item.pool && m_estimate.items[std::size_t(i)].guest == item.guest)
            return nullptr;
    return m_measured.find(item.pool, item.guest);
}

QVariant BreakdownTableModel::measuredData(int row, int role) const
{
    const MeasuredSegment *m = measuredFor(row);
    if (!m)
        return {};
    const Bytes bytes = Bytes(std::max(0.0, m->bytes));
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(formatGiB(bytes));
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        return m->compared && !m->inRange ? QVariant(QBrush(QColor(255, 220, 200))) : QVariant();
    case Qt::ToolTipRole: {
        QString tip =
            tr("Measured by %1 (%2) for all of this guest in this pool: %3. Planned range %4 – %5.")
                .arg(QString::fromStdString(m_measured.runtime), QString::fromStdString(m_measured.origin),
                     QString::fromStdString(formatBoth(bytes)), QString::fromStdString(formatGiB(Bytes(m->plannedLow))),
                     QString::fromStdString(formatGiB(Bytes(m->plannedHigh))));
        if (!m->compared)
            tip += QLatin1Char(' ') + tr("Shown for information, not compared.");
        else
            tip += QLatin1Char(' ') + (m->inRange ? tr("Inside the planned range.") : tr("Outside the planned range."));
        return tip;
    }
    default:
        return {};
    }
}

int BreakdownTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_estimate.items.size());
}

int BreakdownTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BreakdownTableModel::evidenceName(Evidence evidence)
{
    switch (evidence) {
    case Evidence::Calculated:
        return tr("calculated");
    case Evidence::Estimated:
        return tr("estimated");
    case Evidence::Measured:
        return tr("measured");
    }
    return {};
}

QVariant BreakdownTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Item &item = m_estimate.items[std::size_t(index.row())];
    const Pool *pool = item.pool < m_estimate.pools.size() ? &m_estimate.pools[item.pool] : nullptr;
    const auto text = [](std::string_view s) { return memplan::ui::engineText(s); };

    if (role == BytesRole)
        return QVariant::fromValue<quint64>(item.bytes);
    if (index.column() == MeasuredColumn)
        return measuredData(index.row(), role);
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == GiBColumn || index.column() == GBColumn || index.column() == ShareColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (role == Qt::DecorationRole && index.column() == GuestColumn)
        return guestColor(item.guest);
    if (role == Qt::ToolTipRole) {
        QString tip =
            QStringLiteral("<b>%1</b>: %2<br>%3")
                .arg(memplan::ui::itemText(item), text(item.formula), QString::fromStdString(formatBoth(item.bytes)));
        if (item.evidence == Evidence::Estimated && item.high > item.low)
            tip += QStringLiteral("<br>") +
                   tr("range %1 – %2")
                       .arg(QString::fromStdString(formatGiB(item.low)), QString::fromStdString(formatGiB(item.high)));
        for (std::size_t i = 0; i < item.terms.size(); ++i) {
            const Term &t = item.terms[i];
            tip += QStringLiteral("<br>%1 = %2 (%3)")
                       .arg(text(t.symbol), QLocale().toString(t.value, 'g', 12), text(t.meaning));
        }
        return tip;
    }
    if (role != Qt::DisplayRole)
        return {};

    switch (index.column()) {
    case PoolColumn:
        return pool ? memplan::ui::engineText(pool->name) : QString();
    case GuestColumn:
        return guestName(item.guest);
    case ItemColumn:
        return memplan::ui::itemText(item);
    case GiBColumn:
        return QString::fromStdString(formatGiBNumber(item.bytes));
    case GBColumn:
        return QString::fromStdString(formatGBNumber(item.bytes));
    case ShareColumn:
        if (!pool || pool->capacityBytes == 0)
            return QString();
        // A display ratio of two engine figures, not sizing arithmetic.
        return QLocale().toString(100.0 * double(item.bytes) / double(pool->capacityBytes), 'f', 1) + QLatin1Char('%');
    case FormulaColumn:
        return text(item.formula);
    case EvidenceColumn:
        return evidenceName(item.evidence);
    default:
        return {};
    }
}

QVariant BreakdownTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == MeasuredColumn)
        return tr("What the runtime log measured for the whole guest in this pool, on the guest's first row.");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PoolColumn:
        return tr("Pool");
    case GuestColumn:
        return tr("Guest");
    case ItemColumn:
        return tr("Item");
    case GiBColumn:
        return tr("GiB");
    case GBColumn:
        return tr("GB");
    case ShareColumn:
        return tr("Share of capacity");
    case FormulaColumn:
        return tr("Formula");
    case EvidenceColumn:
        return tr("Evidence");
    case MeasuredColumn:
        return tr("Measured, per guest");
    }
    return {};
}

} // namespace memplan::ui
