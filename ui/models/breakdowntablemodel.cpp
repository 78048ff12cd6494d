#include "breakdowntablemodel.h"
#include "enginetext.h"

#include "charts/palette.h"

#include <QBrush>
#include <QLocale>

namespace memplan::ui {

BreakdownTableModel::BreakdownTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void BreakdownTableModel::setEstimate(const Estimate &estimate)
{
    beginResetModel();
    m_estimate = estimate;
    endResetModel();
}

int BreakdownTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_estimate.items.size());
}

int BreakdownTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString BreakdownTableModel::evidenceName(Evidence evidence)
{
    switch (evidence) {
    case Evidence::Calculated: return tr("calculated");
    case Evidence::Estimated: return tr("estimated");
    case Evidence::Measured: return tr("measured");
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
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == GiBColumn || index.column() == GBColumn || index.column() == ShareColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (role == Qt::DecorationRole && index.column() == GuestColumn)
        return guestColor(item.guest);
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("<b>%1</b>: %2<br>%3").arg(text(item.label), text(item.formula),
                                                                 QString::fromStdString(formatBoth(item.bytes)));
        if (item.evidence == Evidence::Estimated && item.high > item.low)
            tip += QStringLiteral("<br>") + tr("range %1 – %2").arg(QString::fromStdString(formatGiB(item.low)),
                                                                   QString::fromStdString(formatGiB(item.high)));
        for (std::size_t i = 0; i < item.terms.size(); ++i) {
            const Term &t = item.terms[i];
            tip += QStringLiteral("<br>%1 = %2 (%3)").arg(text(t.symbol), QLocale().toString(t.value, 'g', 12),
                                                          text(t.meaning));
        }
        return tip;
    }
    if (role != Qt::DisplayRole)
        return {};

    switch (index.column()) {
    case PoolColumn: return pool ? memplan::ui::engineText(pool->name) : QString();
    case GuestColumn: return guestName(item.guest);
    case ItemColumn: return text(item.label);
    case GiBColumn: return QString::fromStdString(formatGiBNumber(item.bytes));
    case GBColumn: return QString::fromStdString(formatGBNumber(item.bytes));
    case ShareColumn:
        if (!pool || pool->capacityBytes == 0)
            return QString();
        // A display ratio of two engine figures, not sizing arithmetic.
        return QLocale().toString(100.0 * double(item.bytes) / double(pool->capacityBytes), 'f', 1) + QLatin1Char('%');
    case FormulaColumn: return text(item.formula);
    case EvidenceColumn: return evidenceName(item.evidence);
    default: return {};
    }
}

QVariant BreakdownTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PoolColumn: return tr("Pool");
    case GuestColumn: return tr("Guest");
    case ItemColumn: return tr("Item");
    case GiBColumn: return tr("GiB");
    case GBColumn: return tr("GB");
    case ShareColumn: return tr("Share of capacity");
    case FormulaColumn: return tr("Formula");
    case EvidenceColumn: return tr("Evidence");
    }
    return {};
}

} // namespace memplan::ui
