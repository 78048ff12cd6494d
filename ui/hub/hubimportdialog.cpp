#include "hubimportdialog.h"

#include "hubfetch.h"
#include "hubtexts.h"
#include "scenariocontroller.h"

#include "import/hubmodels.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace memplan::ui {

HubImportDialog::HubImportDialog(ScenarioController *controller, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_settings(net::hubSettingsFromEnvironment())
{
    setWindowTitle(tr("Import from Hugging Face"));
    auto *prompt = new QLabel(tr("Repository id or huggingface.co link, optionally with a revision and a GGUF file "
                                 "or quantization:"),
                              this);
    prompt->setWordWrap(true);
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("HubReference"));
    m_field->setPlaceholderText(QStringLiteral("meta-llama/Llama-3.1-8B"));
    m_field->setToolTip(tr("Examples: meta-llama/Llama-3.1-8B, Qwen/Qwen2.5-7B-Instruct@main, "
                           "bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M, https://huggingface.co/org/name. "
                           "Only the headers are read (kilobytes), and they are kept in a cache for offline use."));
    prompt->setBuddy(m_field);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0); // the number of requests is not known in advance: a busy bar
    m_progress->setTextVisible(false);
    QSizePolicy keep = m_progress->sizePolicy();
    keep.setRetainSizeWhenHidden(true); // its room is kept, so showing it moves nothing
    m_progress->setSizePolicy(keep);
    m_progress->setVisible(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("HubStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_import->setDefault(true);
    m_cancel = buttons->addButton(tr("Cancel"), QDialogButtonBox::RejectRole); // Qt's own text is not translated here
    connect(m_import, &QPushButton::clicked, this, &HubImportDialog::startFetch);
    connect(m_cancel, &QPushButton::clicked, this, &HubImportDialog::cancelOrClose);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(prompt);
    layout->addWidget(m_field);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(buttons);
    // The busy bar and a two-line error must not squeeze the prompt.
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    resize(560, sizeHint().height());
}

bool HubImportDialog::busy() const
{
    return m_fetch && m_fetch->running();
}

void HubImportDialog::setBusy(bool on)
{
    m_progress->setVisible(on);
    m_import->setEnabled(!on);
    m_field->setReadOnly(on);
}

void HubImportDialog::startFetch()
{
    if (busy())
        return;
    const QString text = m_field->text().trimmed();
    const std::optional<HubReference> ref = parseHubReference(text.toStdString());
    if (!ref) {
        m_status->setText(tr("\"%1\" is not a repository id (org/name) or a huggingface.co link.").arg(text));
        return;
    }
    delete m_fetch;
    m_fetch = new HubFetch(*ref, m_settings, this);
    connect(m_fetch, &HubFetch::succeeded, this, &HubImportDialog::fetchSucceeded);
    connect(m_fetch, &HubFetch::failed, this, &HubImportDialog::fetchFailed);
    m_status->setText(tr("Reading the headers of %1…").arg(QString::fromStdString(ref->text())));
    m_status->setToolTip({});
    setBusy(true);
    m_fetch->start();
}

void HubImportDialog::cancelOrClose()
{
    if (busy()) {
        m_fetch->cancel(); // fetchFailed() reports it once the transfer has stopped
        m_status->setText(tr("Cancelling…"));
        return;
    }
    reject();
}

void HubImportDialog::fetchSucceeded()
{
    setBusy(false);
    const HubReference ref = m_fetch->reference();
    const std::shared_ptr<const ImportedModel> model = m_fetch->model();
    if (!model->architecture) {
        fetchFailed(SourceUnavailable::Reason::Other, tr("the repository has no config.json"), true);
        return;
    }
    // The engine resolves model.hub through the window's loader; keeping the object here makes
    // the scenario use exactly what was fetched, without reading the cache again.
    rememberHubModel(ref, model);
    Scenario s = m_controller->scenario();
    s.model = {};
    s.model.hub = ref;
    const QString text = QString::fromStdString(ref.text());
    m_controller->replaceScenario(s, tr("Import %1").arg(text));
    m_status->setText(tr("Imported %1.").arg(text));
    emit imported(text);
    accept();
}

void HubImportDialog::fetchFailed(SourceUnavailable::Reason reason, const QString &detail, bool inputError)
{
    setBusy(false);
    const QString ref = m_fetch ? QString::fromStdString(m_fetch->reference().text()) : QString();
    m_status->setText(hubFailureText(reason, ref, detail, inputError));
    m_status->setToolTip(detail); // the technical detail (English), for a bug report
}

} // namespace memplan::ui
