#pragma once
// One Hugging Face header fetch off the GUI thread: net::importHubModel() blocks
// (it runs its own event loop per request), so it runs in a worker thread and the
// result comes back to this object's thread. Cancel stops the transfer in flight.

#include "hubsource.h"

#include "import/hubreference.h"
#include "import/importedmodel.h"
#include "import/modelsource.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QThread;

namespace memplan::ui {

class HubFetch : public QObject {
    Q_OBJECT
public:
    HubFetch(HubReference ref, net::HubSettings settings, QObject *parent = nullptr);
    /// Cancels a fetch still running and waits for its thread (at most one request's poll).
    ~HubFetch() override;

    void start();
    void cancel();
    bool running() const { return m_running; }
    const HubReference &reference() const { return m_ref; }
    /// The model read, after succeeded().
    std::shared_ptr<const ImportedModel> model() const { return m_model; }

signals:
    void succeeded();
    /// reason says what kind of failure (for a translated line); detail is the English message.
    void failed(SourceUnavailable::Reason reason, const QString &detail, bool inputError);

private:
    HubReference m_ref;
    net::HubSettings m_settings;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    std::shared_ptr<const ImportedModel> m_model;
    QThread *m_thread = nullptr;
    bool m_running = false;
};

/// The window resolves a scenario's model.hub from the header cache only (resolving runs on
/// every edit, on the GUI thread): the network is used by HubFetch, on the user's request.
void installWindowHubLoader();

} // namespace memplan::ui
