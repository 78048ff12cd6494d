#pragma once
// The breakdown table's view. Qt repaints a view's whole viewport for a multi-cell
// dataChanged() whatever the roles; the model announces its raw-bytes and tooltip
// roles that way on every slider step, and neither is drawn, so this view skips them
// (the cells whose text changed come one by one and repaint only themselves).

#include "breakdowntablemodel.h"

#include <QTableView>

#include <algorithm>

namespace memplan::ui {

class BreakdownTableView : public QTableView {
public:
    using QTableView::QTableView;

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) override
    {
        const auto undrawn = [](int role) { return BreakdownTableModel::kUndrawnRoles.contains(role); };
        if (!roles.isEmpty() && std::all_of(roles.begin(), roles.end(), undrawn))
            return;
        QTableView::dataChanged(topLeft, bottomRight, roles);
    }
};

} // namespace memplan::ui
