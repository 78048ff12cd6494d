#pragma once
// The estimate's explained items as a table: which pool, which guest, how many
// bytes (GiB and GB side by side), the share of the pool's capacity, the
// formula and how sure the figure is. Reset as a whole on every estimate.

#include "estimate.h"
#include "units.h"

#include <QAbstractTableModel>

namespace memplan::ui {

class BreakdownTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PoolColumn, GuestColumn, ItemColumn, GiBColumn, GBColumn, ShareColumn, FormulaColumn,
                  EvidenceColumn, ColumnCount };
    /// Raw bytes (quint64) of a row, for sorting and tests.
    static constexpr int BytesRole = Qt::UserRole + 1;

    explicit BreakdownTableModel(QObject *parent = nullptr);

    void setEstimate(const Estimate &estimate);
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString evidenceName(Evidence evidence);

private:
    Estimate m_estimate;
};

} // namespace memplan::ui
