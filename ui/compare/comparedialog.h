#pragma once
// The compare view: the window's scenario on up to eight machines side by side,
// the recommendation with its reasons on top, bars per pool, a sortable table
// (verdict, headroom, largest context and concurrency, GPU layers, decode speed,
// price and price per GiB and per token/s), an A/B pin, and the PDF export.
// Everything shown comes from CompareSession (core compare, fit and recommend);
// the dialog only lays it out.

#include "comparesession.h"
#include "units.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace memplan::ui {

class CompareBars;
class ScenarioController;

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    explicit CompareDialog(ScenarioController *controller, QWidget *parent = nullptr);

    void setUnitSystem(memplan::UnitSystem units);
    CompareSession &session() { return m_session; }
    /// Re-estimates what changed and redraws; the window calls it on every new estimate.
    void refresh();
    /// Redraws from the session without estimating (units, prices, pin).
    void render();

    QString recommendationText() const;
    QTableWidget *table() const { return m_table; }
    QDoubleSpinBox *speedFloorBox() const { return m_speedFloor; }
    QTableWidget *pinTable() const { return m_pinTable; }
    CompareBars *bars() const { return m_bars; }

    /// Adds a candidate (false when eight are listed or it is already there).
    bool addCandidate(const memplan::Candidate &candidate);
    void pinCurrent();
    /// Writes the comparison as a PDF (atomically); the error text, or empty on success.
    QString exportPdf(const QString &path);

private:
    /// The machines' table and the A/B pin table.
    void createTables();
    /// The speed floor box (tokens/s per sequence) beside the machine controls.
    QWidget *createSpeedFloor();
    /// Drops the machine of the selected row.
    void removeSelected();
    void fillTable();
    void fillPinTable();
    void priceEdited(int row, int column);
    void loadSettings();
    void saveSettings() const;

    ScenarioController *m_controller = nullptr;
    CompareSession m_session;
    memplan::UnitSystem m_units = memplan::UnitSystem::Binary;
    QLabel *m_recommendation = nullptr;
    QLabel *m_reasons = nullptr;
    QComboBox *m_hardware = nullptr;
    QSpinBox *m_count = nullptr;
    QDoubleSpinBox *m_speedFloor = nullptr;
    QPushButton *m_pin = nullptr;
    CompareBars *m_bars = nullptr;
    QTableWidget *m_table = nullptr;
    QTableWidget *m_pinTable = nullptr;
    QLabel *m_pinHeading = nullptr;
    bool m_filling = false;
};

} // namespace memplan::ui
