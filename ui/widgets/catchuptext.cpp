#include "catchuptext.h"

#include <QTimer>
#include <QWidget>

namespace memplan::ui {

CatchUpText::CatchUpText(QWidget *widget, QPalette::ColorRole role, int settleMs, Show show)
    : QObject(widget), m_widget(widget), m_role(role), m_settle(new QTimer(this)), m_show(std::move(show))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(settleMs);
    connect(m_settle, &QTimer::timeout, this, &CatchUpText::catchUp);
}

void CatchUpText::setText(const QString &text)
{
    m_latest = text;
    const bool onScreen = m_widget->isVisible();
    if (onScreen && m_settle->isActive()) {
        m_pending = text;
        setDimmed(true);
    } else {
        m_pending.reset();
        setDimmed(false);
        m_show(text);
    }
    if (onScreen)
        m_settle->start();
}

void CatchUpText::catchUp()
{
    m_settle->stop();
    if (m_pending) {
        const QString text = *m_pending;
        m_pending.reset();
        m_show(text);
    }
    setDimmed(false);
}

void CatchUpText::setDimmed(bool dimmed)
{
    if (dimmed == m_dimmed)
        return;
    m_dimmed = dimmed;
    if (dimmed) {
        m_ownPalette = m_widget->testAttribute(Qt::WA_SetPalette);
        m_palette = m_widget->palette();
        QPalette p = m_palette;
        p.setColor(QPalette::Active, m_role, p.color(QPalette::Disabled, m_role));
        p.setColor(QPalette::Inactive, m_role, p.color(QPalette::Disabled, m_role));
        m_widget->setPalette(p);
    } else {
        // Back to the palette it had, inherited again when it had none of its own (a theme
        // or language change meanwhile still reaches it).
        m_widget->setPalette(m_ownPalette ? m_palette : QPalette());
    }
}

} // namespace memplan::ui
