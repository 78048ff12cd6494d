#include "evidencelegend.h"

#include "models/breakdowntablemodel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace memplan::ui {

EvidenceLegend::EvidenceLegend(bool compact, QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("EvidenceLegend"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    m_label = new QLabel;
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    layout->addWidget(m_label);

    QString html;
    const QString row = compact ? QStringLiteral("<b>%1</b>: %2&nbsp;&nbsp; ") : QStringLiteral("<p><b>%1</b>: %2</p>");
    for (Evidence e : {Evidence::Calculated, Evidence::Estimated, Evidence::Measured})
        html += row.arg(BreakdownTableModel::evidenceName(e).toHtmlEscaped(), explanation(e).toHtmlEscaped());
    if (!compact)
        html += QStringLiteral("<p><i>%1</i></p>").arg(conditionsNote().toHtmlEscaped());
    m_label->setText(html);
    setToolTip(conditionsNote());
    setAccessibleName(tr("Evidence legend"));
}

QString EvidenceLegend::explanation(Evidence evidence)
{
    switch (evidence) {
    case Evidence::Calculated:
        return tr("exact arithmetic from stated inputs (parameter count, model config); as good as those inputs.");
    case Evidence::Estimated:
        return tr("a model of how a runtime behaves; shown with a low–high range and worth checking on the machine.");
    case Evidence::Measured:
        return tr("read from a real file header or a runtime's log.");
    }
    return {};
}

QString EvidenceLegend::conditionsNote()
{
    return tr("\"This GPU is enough\" is only true for stated conditions: the context length, the number of "
              "concurrent sequences, the weight and KV formats, the runtime and its settings. Change one and the "
              "answer can change.");
}

QString EvidenceLegend::text() const
{
    return m_label->text();
}

} // namespace memplan::ui
