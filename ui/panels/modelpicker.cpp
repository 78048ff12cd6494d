#include "modelpicker.h"

#include "scenariocontroller.h"

#include "estimator.h"
#include "files/localmodels.h"
#include "import/hubreference.h"
#include "units.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <exception>
#include <map>

namespace memplan::ui {

namespace {
enum Col { NameCol, ParamsCol, KvCol, LayersCol, KvHeadsCol, AttentionCol, ColCount };
constexpr int IdRole = Qt::UserRole + 1;
constexpr int FitsRole = Qt::UserRole + 2;   ///< true, false, or invalid when not yet known
constexpr int SearchRole = Qt::UserRole + 3; ///< searchKey() of name, family, id and Hugging Face repo
constexpr int FileRole = Qt::UserRole + 4;   ///< a model on this computer: the path the importer reads

// Letters and digits only, lower case: "meta-llama/Llama-3.1-8B", "llama3.1:8b" (an
// Ollama tag) and the preset id "llama-3.1-8b" all become "...llama318b", so one
// search finds a model however the user has seen it written.
QString searchKey(const QString &text)
{
    QString key;
    key.reserve(text.size());
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            key += c.toLower();
    return key;
}

QString parameterText(std::uint64_t params)
{
    // A count, not bytes: shown in billions the way model names state it.
    return QLocale().toString(double(params) / 1e9, 'f', params < 10'000'000'000ULL ? 2 : 1) + QStringLiteral(" B");
}

QString attentionText(const ModelArchitecture &a)
{
    if (a.isMla())
        return ModelPicker::tr("MLA latent %1").arg(a.kvLoraRank);
    if (a.numWindowedLayers > 0 && a.slidingWindow > 0)
        return ModelPicker::tr("SWA %1/%2 @%3")
            .arg(a.numWindowedLayers)
            .arg(a.numHiddenLayers)
            .arg(QLocale().toString(qulonglong(a.slidingWindow)));
    if (a.kvHeads() == 1)
        return ModelPicker::tr("MQA");
    if (a.kvHeads() == a.numAttentionHeads)
        return ModelPicker::tr("MHA");
    return ModelPicker::tr("GQA %1:1").arg(a.numAttentionHeads / std::max(1u, a.kvHeads()));
}
} // namespace

class ModelFilterProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setFitsOnly(bool on)
    {
        m_fitsOnly = on;
        invalidateFilter();
    }
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex idx = sourceModel()->index(row, 0, parent);
        if (sourceModel()->hasChildren(idx))
            return false; // groups are shown through their children (recursive filtering)
        if (m_fitsOnly) {
            const QVariant fits = idx.data(FitsRole);
            if (fits.isValid() && !fits.toBool())
                return false;
        }
        return m_query.isEmpty() || idx.data(SearchRole).toString().contains(m_query);
    }

public:
    void setQuery(const QString &text)
    {
        m_query = searchKey(text);
        invalidateFilter();
    }

private:
    QString m_query;
    bool m_fitsOnly = false;
};

ModelPicker::ModelPicker(ScenarioController *controller, QWidget *parent) : QWidget(parent), m_controller(controller)
{
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search models…"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Filter the list by name, family, preset id, Hugging Face repository "
                            "(meta-llama/Llama-3.1-8B) or runtime tag (llama3.1:8b)."));
    m_noMatch = new QLabel(this);
    m_noMatch->setObjectName(QStringLiteral("NoMatch"));
    m_noMatch->setWordWrap(true);
    m_noMatch->setVisible(false);
    m_fitsOnly = new QCheckBox(tr("Only models that fit this hardware"), this);
    m_fitsOnly->setToolTip(tr("Hide models that do not fit with the current format, context, users and machine."));

    m_model = new QStandardItemModel(this);
    m_proxy = new ModelFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterRole(Qt::ToolTipRole); // name, family and id together

    m_view = new QTreeView(this);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setMinimumHeight(150);
    m_view->header()->setStretchLastSection(false);
    m_view->setAccessibleName(tr("Model presets"));

    m_hub = new QPushButton(tr("From Hugging Face…"), this);
    m_hub->setObjectName(QStringLiteral("HubImportButton"));
    m_hub->setToolTip(tr("Read a model's headers from a Hugging Face repository (org/name or a huggingface.co link)."));
    connect(m_hub, &QPushButton::clicked, this, [this] {
        // A repository id typed into the search is what the user wants to fetch.
        const QString text = m_search->text().trimmed();
        emit hubImportRequested(parseHubReference(text.toStdString()) ? text : QString());
    });
    connect(m_noMatch, &QLabel::linkActivated, this, [this] { emit hubImportRequested(m_search->text().trimmed()); });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *searchRow = new QHBoxLayout;
    searchRow->addWidget(m_search, 1);
    searchRow->addWidget(m_hub);
    layout->addLayout(searchRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_noMatch);
    m_imported = new QLabel(this);
    m_imported->setWordWrap(true);
    m_imported->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_imported->setVisible(false);
    layout->addWidget(m_imported);
    layout->addWidget(m_fitsOnly);

    m_fitsTimer = new QTimer(this);
    m_fitsTimer->setSingleShot(true);
    m_fitsTimer->setInterval(120); // a drag re-checks every preset once it pauses, not on every step

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setQuery(text);
        m_view->expandAll();
        updateNoMatch();
    });
    connect(m_fitsOnly, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            refreshFits();
        m_proxy->setFitsOnly(on);
        m_view->expandAll();
        updateNoMatch();
    });
    connect(m_fitsTimer, &QTimer::timeout, this, [this] {
        refreshFits();
        m_proxy->refilter();
        m_view->expandAll();
        updateNoMatch();
    });
    connect(m_view, &QTreeView::activated, this, &ModelPicker::activated);
    connect(m_view, &QTreeView::clicked, this, &ModelPicker::activated);
    connect(controller, &ScenarioController::catalogChanged, this, &ModelPicker::rebuild);
    connect(controller, &ScenarioController::scenarioChanged, this, &ModelPicker::showScenario);
    connect(controller, &ScenarioController::estimateChanged, this, &ModelPicker::showImported);
    rebuild();
}

void ModelPicker::showImported()
{
    const auto &resolved = m_controller->resolved();
    const ImportedModel *m = resolved && resolved->model.imported ? resolved->model.imported.get() : nullptr;
    m_imported->setVisible(m != nullptr);
    if (!m)
        return;
    QStringList mix;
    for (const TensorTypeStat &t : m->dtypeMix)
        mix << tr("%1 %2").arg(QString::fromStdString(t.type), QString::fromStdString(formatBinary(t.bytes)));
    QString text = tr("<b>Imported:</b> %1 (files read: %2)")
                       .arg(QString::fromStdString(m->name.empty() ? m->path : m->name).toHtmlEscaped())
                       .arg(m->files.size());
    if (m->tensorCount > 0) {
        text += QStringLiteral("<br>") +
                tr("%1 tensors, %2 parameters in the file (the config computes %3); weights measured: %4")
                    .arg(QString::fromStdString(formatCount(m->tensorCount)),
                         QString::fromStdString(formatCount(m->parameters)),
                         QString::fromStdString(formatCount(resolved->model.params.total())),
                         QString::fromStdString(formatBoth(m->weightsBytes)));
        text += QStringLiteral("<br>") + tr("Storage types: %1").arg(mix.join(QStringLiteral(", ")));
    } else {
        text += QStringLiteral("<br>") + tr("A config only: weights are calculated from the parameter count.");
    }
    if (const auto &hub = m_controller->scenario().model.hub)
        text += QStringLiteral("<br>") + tr("From Hugging Face: %1 (headers kept in the cache for offline use)")
                                             .arg(QString::fromStdString(hub->text()).toHtmlEscaped());
    m_imported->setText(text);
}

void ModelPicker::updateNoMatch()
{
    const bool none = m_proxy->rowCount() == 0;
    const QString typed = m_search->text().trimmed();
    if (none && parseHubReference(typed.toStdString()))
        m_noMatch->setText(
            tr("No preset matches \"%1\". <a href=\"hub\">Read it from Hugging Face…</a>").arg(typed.toHtmlEscaped()));
    else if (none)
        m_noMatch->setText(m_search->text().trimmed().isEmpty()
                               ? tr("No model fits this hardware; clear \"Only models that fit\" to see all.")
                               : tr("No model matches \"%1\". Search by name, id, repository or tag, "
                                    "or import a file with File → Import Model…")
                                     .arg(m_search->text().trimmed()));
    m_noMatch->setVisible(none);
}

void ModelPicker::rebuild()
{
    m_model->clear();
    m_model->setHorizontalHeaderLabels(
        {tr("Model"), tr("Params"), tr("KV/tok"), tr("Layers"), tr("KV h"), tr("Attention")});
    m_model->horizontalHeaderItem(KvHeadsCol)->setToolTip(tr("KV heads per layer"));
    m_model->horizontalHeaderItem(KvCol)->setToolTip(
        tr("KV cache bytes per token of one sequence, all layers, at the chosen KV dtype"));
    std::map<QString, QStandardItem *> groups;
    for (const ModelPreset &p : m_controller->catalog().models()) {
        const QString family =
            p.user ? tr("Your presets") : QString::fromStdString(p.family.empty() ? "Other" : p.family);
        QStandardItem *&group = groups[family];
        if (!group) {
            group = new QStandardItem(family);
            group->setSelectable(false);
            group->setToolTip(family);
            QList<QStandardItem *> row{group};
            for (int c = 1; c < ColCount; ++c) {
                row << new QStandardItem;
                row.back()->setSelectable(false);
            }
            m_model->appendRow(row);
        }
        const QString name = QString::fromStdString(p.name);
        const std::uint64_t params = p.listedParameters();
        QList<QStandardItem *> row;
        row << new QStandardItem(name) << new QStandardItem(parameterText(params)) << new QStandardItem
            << new QStandardItem(QString::number(p.arch.numHiddenLayers))
            << new QStandardItem(p.arch.isMla() ? tr("latent") : QString::number(p.arch.kvHeads()))
            << new QStandardItem(attentionText(p.arch));
        row[0]->setData(QString::fromStdString(p.id), IdRole);
        const QString search = name + QLatin1Char(' ') + family + QLatin1Char(' ') + QString::fromStdString(p.id) +
                               QLatin1Char(' ') + QString::fromStdString(p.hfRepo);
        for (QStandardItem *item : row)
            item->setToolTip(search);
        if (p.visionParameters > 0 && !p.declaredParameters)
            row[ParamsCol]->setToolTip(tr("%1 parameters: text decoder %2, vision tower and projector %3")
                                           .arg(QString::fromStdString(formatCount(params)),
                                                QString::fromStdString(formatCount(p.computed.total())),
                                                QString::fromStdString(formatCount(p.visionParameters))));
        row[0]->setData(searchKey(search), SearchRole);
        for (int c = ParamsCol; c <= KvHeadsCol; ++c)
            row[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        group->appendRow(row);
    }
    appendLocalModels();
    m_kvDtypeShown.clear();
    m_fitsValid = false;
    refreshEngineColumns();
    m_view->expandAll();
    // Names first: the figures fit in their contents, the name takes what is left.
    // The name is what people look for: it keeps its full width and the figures scroll
    // sideways in a narrow panel, instead of the names shrinking to "Ll…".
    m_view->header()->setSectionResizeMode(NameCol, QHeaderView::ResizeToContents);
    for (int c = 1; c < ColCount; ++c)
        m_view->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_view->setIndentation(12);
    showScenario(m_controller->scenario());
}

namespace {

// A row is a preset (IdRole) or a model on this computer (FileRole).
ModelChoice choiceOf(const QStandardItem *nameItem)
{
    ModelChoice m;
    const QString file = nameItem->data(FileRole).toString();
    if (!file.isEmpty())
        m.file = file.toStdString();
    else
        m.preset = nameItem->data(IdRole).toString().toStdString();
    return m;
}

} // namespace

void ModelPicker::appendLocalModels()
{
    // Scanned once: the headers of every model in the Hugging Face cache, Ollama's store
    // and the model folders (core/files/localmodels.h); broken ones are left out.
    if (!m_localScanned) {
        m_local = findLocalModels(localModelRootsFromEnvironment());
        m_localScanned = true;
    }
    QStandardItem *group = nullptr;
    for (const LocalModel &m : m_local) {
        if (!m.error.empty())
            continue;
        if (!group) {
            group = new QStandardItem(tr("On this computer"));
            group->setSelectable(false);
            QList<QStandardItem *> head{group};
            for (int c = 1; c < ColCount; ++c) {
                head << new QStandardItem;
                head.back()->setSelectable(false);
            }
            m_model->insertRow(0, head); // the user's own models first
        }
        const QString name = QString::fromStdString(m.name);
        const std::uint64_t params = m.model.parameters ? m.model.parameters : m.model.architectureParameters;
        QList<QStandardItem *> row;
        row << new QStandardItem(name) << new QStandardItem(parameterText(params)) << new QStandardItem
            << new QStandardItem(m.model.architecture ? QString::number(m.model.architecture->numHiddenLayers)
                                                      : QString())
            << new QStandardItem(!m.model.architecture           ? QString()
                                 : m.model.architecture->isMla() ? tr("latent")
                                                                 : QString::number(m.model.architecture->kvHeads()))
            << new QStandardItem(m.model.architecture ? attentionText(*m.model.architecture) : QString());
        row[0]->setData(QString::fromStdString(m.path), FileRole);
        const QString where = QString::fromStdString(m.source);
        const QString search = name + QLatin1Char(' ') + where + QLatin1Char(' ') + QString::fromStdString(m.path);
        for (QStandardItem *item : row)
            item->setToolTip(tr("%1 (%2)\n%3").arg(name, where, QString::fromStdString(m.path)));
        row[0]->setData(searchKey(search), SearchRole);
        for (int c = ParamsCol; c <= KvHeadsCol; ++c)
            row[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        group->appendRow(row);
    }
}

void ModelPicker::refreshEngineColumns()
{
    const Scenario &current = m_controller->scenario();
    if (m_kvDtypeShown == current.kvCacheDtype)
        return;
    m_kvDtypeShown = current.kvCacheDtype;
    for (int g = 0; g < m_model->rowCount(); ++g) {
        QStandardItem *group = m_model->item(g);
        for (int r = 0; r < group->rowCount(); ++r) {
            Scenario s = defaultScenario();
            s.model = choiceOf(group->child(r, NameCol));
            s.kvCacheDtype = current.kvCacheDtype;
            s.weights.format.clear();
            QString text = QStringLiteral("–");
            try {
                const Estimate e = memplan::estimate(resolveScenario(s, m_controller->catalog()), {.items = false});
                text = QString::fromStdString(formatBinary(e.model.kvBytesPerToken, 0));
            } catch (const std::exception &) {
            }
            group->child(r, KvCol)->setText(text);
        }
    }
}

void ModelPicker::refreshFits()
{
    Scenario key = m_controller->scenario();
    key.model = {};
    if (m_fitsValid && key == m_fitsFor)
        return;
    m_fitsFor = key;
    m_fitsValid = true;
    for (int g = 0; g < m_model->rowCount(); ++g) {
        QStandardItem *group = m_model->item(g);
        for (int r = 0; r < group->rowCount(); ++r) {
            Scenario s = m_controller->scenario();
            s.model = choiceOf(group->child(r, NameCol));
            QVariant fits;
            try {
                fits = memplan::estimate(resolveScenario(s, m_controller->catalog()), {.items = false}).fits;
            } catch (const std::exception &) {
                fits = false;
            }
            group->child(r, NameCol)->setData(fits, FitsRole);
        }
    }
}

void ModelPicker::showScenario(const Scenario &scenario)
{
    refreshEngineColumns();
    if (m_fitsOnly->isChecked())
        m_fitsTimer->start();
    else
        m_fitsValid = false;
    // A model on this computer is matched by its path, a preset by its id.
    const bool byFile = !scenario.model.file.empty();
    const int role = byFile ? FileRole : IdRole;
    const QString id = QString::fromStdString(byFile ? scenario.model.file : scenario.model.preset);
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && current.siblingAtColumn(NameCol).data(role).toString() == id)
        return;
    const QModelIndexList hits =
        m_proxy->match(m_proxy->index(0, 0), role, id, 1, Qt::MatchExactly | Qt::MatchRecursive);
    const QSignalBlocker block(m_view);
    if (!hits.isEmpty()) {
        m_view->setCurrentIndex(hits.front());
        m_view->scrollTo(hits.front());
    } else {
        m_view->clearSelection();
    }
}

void ModelPicker::choose(const QString &presetId)
{
    const QModelIndexList hits =
        m_proxy->match(m_proxy->index(0, 0), IdRole, presetId, 1, Qt::MatchExactly | Qt::MatchRecursive);
    if (!hits.isEmpty())
        activated(hits.front());
}

QStringList ModelPicker::visibleIds() const
{
    QStringList ids;
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        for (int r = 0; r < m_proxy->rowCount(group); ++r)
            if (const QString id = m_proxy->index(r, 0, group).data(IdRole).toString(); !id.isEmpty())
                ids << id; // models on this computer have a path, not an id
    }
    return ids;
}

void ModelPicker::activated(const QModelIndex &index)
{
    const QString id = index.siblingAtColumn(NameCol).data(IdRole).toString();
    const QString file = index.siblingAtColumn(NameCol).data(FileRole).toString();
    if (!file.isEmpty()) {
        Scenario s = m_controller->scenario();
        if (s.model.file == file.toStdString())
            return;
        s.model = {};
        s.model.file = file.toStdString();
        m_controller->setScenario(s, tr("Choose model %1").arg(index.siblingAtColumn(NameCol).data().toString()));
        return;
    }
    if (id.isEmpty())
        return;
    Scenario s = m_controller->scenario();
    if (s.model.preset == id.toStdString() && s.model.file.empty())
        return;
    // Architecture overrides (a what-if GQA ratio) belong to the previous model.
    s.model = {};
    s.model.preset = id.toStdString();
    m_controller->setScenario(s, tr("Choose model %1").arg(index.siblingAtColumn(NameCol).data().toString()));
}

void ModelPicker::chooseLocal(const QString &name)
{
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        for (int r = 0; r < m_proxy->rowCount(group); ++r) {
            const QModelIndex row = m_proxy->index(r, 0, group);
            if (!row.data(FileRole).toString().isEmpty() && row.data().toString() == name) {
                activated(row);
                return;
            }
        }
    }
}

QStringList ModelPicker::localNames() const
{
    QStringList names;
    for (int g = 0; g < m_model->rowCount(); ++g) {
        const QStandardItem *group = m_model->item(g);
        for (int r = 0; r < group->rowCount(); ++r)
            if (!group->child(r, NameCol)->data(FileRole).toString().isEmpty())
                names << group->child(r, NameCol)->text();
    }
    return names;
}

} // namespace memplan::ui
