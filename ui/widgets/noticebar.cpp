#include "noticebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

namespace memplan::ui {

NoticeBar::NoticeBar(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("NoticeBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor(0xfd, 0xf6, 0xd8)); // a pale note colour, not an alarm
    p.setColor(QPalette::WindowText, Qt::black);
    setPalette(p);
    m_label = new QLabel;
    m_label->setWordWrap(true);
    m_first = new QPushButton;
    m_second = new QPushButton;
    m_close = new QPushButton(tr("Dismiss"));
    m_close->setFlat(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 4, 3);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_first);
    layout->addWidget(m_second);
    layout->addWidget(m_close);
    connect(m_first, &QPushButton::clicked, this, [this] {
        hide();
        if (m_firstAction)
            m_firstAction();
    });
    connect(m_second, &QPushButton::clicked, this, [this] {
        hide();
        if (m_secondAction)
            m_secondAction();
    });
    connect(m_close, &QPushButton::clicked, this, &QWidget::hide);
    hide();
}

void NoticeBar::showNotice(const QString &text, const QString &first, std::function<void()> firstAction,
                           const QString &second, std::function<void()> secondAction)
{
    m_label->setText(text);
    m_first->setText(first);
    m_first->setVisible(!first.isEmpty());
    m_second->setText(second);
    m_second->setVisible(!second.isEmpty());
    m_firstAction = std::move(firstAction);
    m_secondAction = std::move(secondAction);
    show();
}

QString NoticeBar::text() const
{
    return m_label->text();
}

} // namespace memplan::ui
