#pragma once
// File → Export report (PDF), JSON, CSV and chart images for the planner window.
// Each action asks for a file name, writes through reportwriter (atomic, checked)
// and shows a failure in a dialog that names the file and the reason.

namespace memplan::ui {

class MainWindow;

void installReportActions(MainWindow *window);

} // namespace memplan::ui
