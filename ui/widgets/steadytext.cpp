#include "steadytext.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QLabel>
#include <QTimer>

namespace memplan::ui {

SteadyText::SteadyText(QLabel *label, int settleMs) : QObject(label), m_label(label), m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(settleMs);
    connect(m_settle, &QTimer::timeout, this, &SteadyText::release);
    label->installEventFilter(this);
}

bool SteadyText::eventFilter(QObject *watched, QEvent *event)
{
    // A new font or style changes the room the text needs: the held size is no longer right.
    if (watched == m_label && (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange))
        release();
    return QObject::eventFilter(watched, event);
}

void SteadyText::setText(const QString &text)
{
    if (m_label->text() == text)
        return;
    // Only a label on screen has a box worth keeping; a hidden one is laid out when shown.
    const bool onScreen = m_label->isVisible() && !m_label->size().isEmpty();
    if (onScreen && !m_holding) {
        m_minimum = m_label->minimumSize();
        m_maximum = m_label->maximumSize();
        m_label->setFixedSize(m_label->size()); // one layout pass here, none for the texts that follow
        m_holding = true;
        m_fitShape.clear();
        const QFontMetricsF metrics(m_label->font());
        const qreal zero = metrics.horizontalAdvance(QLatin1Char('0'));
        m_uniformDigits = true;
        for (char d = '1'; d <= '9'; ++d)
            m_uniformDigits = m_uniformDigits && metrics.horizontalAdvance(QLatin1Char(d)) == zero;
    }
    m_label->setText(text);
    if (m_holding) {
        // A text that differs from one measured to fit only in which digits it shows (a
        // slider's numbers) lays out the same when the font gives every digit one width:
        // measuring it again cost a text layout per step (callgrind: 1.1-1.6 M instructions).
        const QString shape = digitShape(text);
        if (shape.isNull() || shape != m_fitShape) {
            if (fitsHeldBox())
                m_fitShape = m_uniformDigits ? shape : QString();
            else
                release(); // never clip: a longer text gets its room at once
        }
    }
    if (onScreen)
        m_settle->start();
}

void SteadyText::release()
{
    m_settle->stop();
    if (!m_holding)
        return;
    m_holding = false;
    m_fitShape.clear();
    m_label->setMinimumSize(m_minimum);
    m_label->setMaximumSize(m_maximum);
}

QString SteadyText::digitShape(const QString &text) const
{
    if (!m_uniformDigits)
        return QString();
    QString shape = text;
    for (QChar &c : shape)
        if (c >= QLatin1Char('1') && c <= QLatin1Char('9'))
            c = QLatin1Char('0');
    return shape;
}

bool SteadyText::fitsHeldBox() const
{
    if (m_label->wordWrap())
        return m_label->heightForWidth(m_label->width()) <= m_label->height();
    const QSize wanted = m_label->sizeHint();
    return wanted.width() <= m_label->width() && wanted.height() <= m_label->height();
}

} // namespace memplan::ui
