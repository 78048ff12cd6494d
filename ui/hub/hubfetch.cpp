#include "hubfetch.h"
#include "errortext.h"

#include "hubimport.h"

#include "error.h"

#include <QThread>

namespace memplan::ui {

HubFetch::HubFetch(HubReference ref, net::HubSettings settings, QObject *parent)
    : QObject(parent), m_ref(std::move(ref)), m_settings(std::move(settings))
{
    m_settings.http.cancel = m_cancel;
}

HubFetch::~HubFetch()
{
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void HubFetch::start()
{
    if (m_running || m_thread)
        return;
    m_running = true;
    // The worker touches only copies and posts its outcome back; a result posted to a
    // deleted HubFetch is dropped with it, and the destructor joins the thread first.
    m_thread = QThread::create([this, ref = m_ref, settings = m_settings]() {
        std::shared_ptr<const ImportedModel> model;
        SourceUnavailable::Reason reason = SourceUnavailable::Reason::Other;
        QString detail;
        bool inputError = false;
        try {
            model = std::make_shared<const ImportedModel>(net::importHubModel(ref, settings));
        } catch (const SourceUnavailable &e) {
            reason = e.reason();
            detail = QString::fromUtf8(e.what());
        } catch (const InputError &e) {
            inputError = true;
            detail = inputErrorText(e.info());
        } catch (const std::exception &e) {
            detail = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, model, reason, detail, inputError]() {
                m_running = false;
                if (model && !m_cancel->load()) {
                    m_model = model;
                    emit succeeded();
                } else {
                    emit failed(m_cancel->load() ? SourceUnavailable::Reason::Cancelled : reason, detail, inputError);
                }
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
}

void HubFetch::cancel()
{
    m_cancel->store(true);
}

void installWindowHubLoader()
{
    setHubModelLoader(net::hubModelLoader(false));
}

} // namespace memplan::ui
