#pragma once
// View → Compare Machines…: opens the window's one compare view (non-modal), which
// follows the window's scenario while it is open.

namespace memplan::ui {

class MainWindow;
class CompareDialog;

/// The window's compare view, created on first use.
CompareDialog *compareDialog(MainWindow *window);
void openCompareDialog(MainWindow *window);

} // namespace memplan::ui
