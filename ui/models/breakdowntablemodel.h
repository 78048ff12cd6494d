#pragma once
// The estimate's explained items as a table: which pool, which guest, how many
// bytes (GiB and GB side by side), the share of the pool's capacity, the
// formula and how sure the figure is, and what a reconciled runtime log measured
// for the item's guest in its pool (issue 18). Reset when the rows change; otherwise
// only the cells whose text changed are reported.

#include "estimate.h"
#include "logs/measuredoverlay.h"
#include "units.h"

#include <QAbstractTableModel>

namespace memplan::ui {

class BreakdownTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        PoolColumn,
        GuestColumn,
        ItemColumn,
        GiBColumn,
        GBColumn,
        ShareColumn,
        FormulaColumn,
        EvidenceColumn,
        MeasuredColumn,
        ColumnCount
    };
    /// Raw bytes (quint64) of a row, for sorting and tests.
    static constexpr int BytesRole = Qt::UserRole + 1;
    /// Roles that change with the figures but that no view paints (BreakdownTableView skips them).
    static inline const QList<int> kUndrawnRoles{BytesRole, Qt::ToolTipRole};

    explicit BreakdownTableModel(QObject *parent = nullptr);

    void setEstimate(const Estimate &estimate);
    /// The measured column: shown on the first row of each guest in each pool; empty clears it.
    void setMeasured(const MeasuredOverlay &overlay);
    const MeasuredOverlay &measured() const { return m_measured; }
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString evidenceName(Evidence evidence);

private:
    /// The overlay's segment for a row, when the row is the first of its guest in its pool.
    const MeasuredSegment *measuredFor(int row) const;
    QVariant measuredData(int row, int role) const;

    Estimate m_estimate;
    MeasuredOverlay m_measured;
};

} // namespace memplan::ui
