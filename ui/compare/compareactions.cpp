#include "compareactions.h"

#include "comparedialog.h"

#include "mainwindow.h"

namespace memplan::ui {

CompareDialog *compareDialog(MainWindow *window)
{
    auto *dialog = window->findChild<CompareDialog *>(QStringLiteral("compareDialog"));
    if (!dialog)
        dialog = new CompareDialog(window->controller(), window);
    return dialog;
}

void openCompareDialog(MainWindow *window)
{
    CompareDialog *dialog = compareDialog(window);
    dialog->setUnitSystem(window->unitSystem());
    dialog->refresh();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace memplan::ui
