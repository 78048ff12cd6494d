#pragma once
// The model list: presets grouped by family, searchable, with the figures that
// decide memory at a glance (parameters, KV bytes per token, layers, KV heads,
// attention pattern) and an optional "fits on this hardware" filter. The figures
// come from the engine, estimated once per preset.

#include "files/localmodels.h"
#include "scenario/scenario.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTimer;
class QTreeView;

namespace memplan::ui {

class ScenarioController;
class ModelFilterProxy;

class ModelPicker : public QWidget {
    Q_OBJECT
public:
    explicit ModelPicker(ScenarioController *controller, QWidget *parent = nullptr);

    QLineEdit *searchField() const { return m_search; }
    QCheckBox *fitsFilter() const { return m_fitsOnly; }
    QTreeView *view() const { return m_view; }
    QLabel *importedInfo() const { return m_imported; }
    /// "From Hugging Face…": opens the repository import with the search text when it is a repository id.
    QPushButton *hubButton() const { return m_hub; }
    /// "No model matches …" under the list; hidden while something matches.
    QLabel *noMatchLabel() const { return m_noMatch; }
    /// Selects a preset as the user would (for tests and keyboard users).
    void choose(const QString &presetId);
    /// Ids of the presets currently listed after search and filter.
    QStringList visibleIds() const;
    /// Names of the models on this computer listed in the "On this computer" group.
    QStringList localNames() const;
    /// Selects a model on this computer by its listed name, as a click would.
    void chooseLocal(const QString &name);

signals:
    /// The user asked to read a Hugging Face repository (reference: what to prefill, may be empty).
    void hubImportRequested(const QString &reference);

private:
    void rebuild();
    /// The "On this computer" group: models in the Hugging Face cache, Ollama's store, model folders.
    void appendLocalModels();
    void updateNoMatch();
    void showScenario(const Scenario &scenario);
    void refreshEngineColumns();
    void refreshFits();
    void activated(const QModelIndex &index);
    /// Describes an imported model (files, tensors, dtype mix, declared vs computed parameters).
    void showImported();

    ScenarioController *m_controller;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_fitsOnly = nullptr;
    QLabel *m_imported = nullptr;
    QLabel *m_noMatch = nullptr;
    QPushButton *m_hub = nullptr;
    QTreeView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    ModelFilterProxy *m_proxy = nullptr;
    QTimer *m_fitsTimer = nullptr;
    std::string m_kvDtypeShown;
    Scenario m_fitsFor;
    bool m_fitsValid = false;
    std::vector<LocalModel> m_local;
    bool m_localScanned = false;
};

} // namespace memplan::ui
