#pragma once
// File → Import from Hugging Face… (and the model picker's button): the user types
// or pastes a repository id or a huggingface.co link; the headers are fetched off
// the GUI thread with a busy bar and Cancel; on success the repository becomes the
// scenario's model (model.hub) exactly as `memplan-cli inspect` reads it.

#include "hubsource.h"

#include "import/modelsource.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace memplan::ui {

class HubFetch;
class ScenarioController;

class HubImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit HubImportDialog(ScenarioController *controller, QWidget *parent = nullptr);

    QLineEdit *referenceField() const { return m_field; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }
    bool busy() const;

    /// Where fetches go (endpoint, token, cache); the environment's by default. Tests point it
    /// at their local server.
    void setSettings(const net::HubSettings &settings) { m_settings = settings; }

signals:
    /// The scenario's model is now the repository (the text as typed back: org/name@rev:file).
    void imported(const QString &reference);

private:
    void startFetch();
    void cancelOrClose();
    void fetchSucceeded();
    void fetchFailed(SourceUnavailable::Reason reason, const QString &detail, bool inputError);
    void setBusy(bool on);

    ScenarioController *m_controller;
    net::HubSettings m_settings;
    HubFetch *m_fetch = nullptr;
    QLineEdit *m_field = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_import = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace memplan::ui
