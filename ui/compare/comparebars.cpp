#include "comparebars.h"

#include "charts/palette.h"
#include "comparetext.h"
#include "enginetext.h"

#include <QPaintEvent>
#include <QPainter>

#include <algorithm>

namespace memplan::ui {

namespace {
constexpr int kBarHeight = 12;
constexpr int kBarGap = 3;
constexpr int kRowPad = 8;
constexpr int kNameWidth = 210;
constexpr int kValueWidth = 190;

const Bar *barNamed(const BarSeries &series, const std::string &poolId)
{
    for (const Bar &b : series.bars)
        if (b.poolId == poolId)
            return &b;
    return nullptr;
}
} // namespace

CompareBars::CompareBars(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Memory per machine"));
}

void CompareBars::setSession(const CompareSession *session, UnitSystem units)
{
    m_session = session;
    m_units = units;
    updateGeometry();
    update();
}

int CompareBars::rowHeight(std::size_t i) const
{
    const std::size_t bars = std::max<std::size_t>(1, m_session->bars()[i].bars.size());
    const int text = fontMetrics().height();
    return std::max(int(bars) * (kBarHeight + kBarGap), 2 * text) + kRowPad;
}

QSize CompareBars::sizeHint() const
{
    int h = kRowPad;
    if (m_session)
        for (std::size_t i = 0; i < m_session->bars().size(); ++i)
            h += rowHeight(i);
    return {kNameWidth + kValueWidth + 320, std::max(h, 40)};
}

QSize CompareBars::minimumSizeHint() const
{
    return {kNameWidth + kValueWidth + 120, sizeHint().height()};
}

void CompareBars::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_session)
        return;
    const auto &results = m_session->results();
    const auto &series = m_session->bars();
    const int barLeft = kNameWidth;
    const int barWidth = std::max(40, width() - kNameWidth - kValueWidth - 8);
    const int text = fontMetrics().height();
    int y = kRowPad;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const CandidateResult &c = results[i];
        const int h = rowHeight(i);
        if (int(i) == m_session->recommendation().best)
            p.fillRect(QRect(0, y - kRowPad / 2, width(), h), QColor(0xe3, 0xf4, 0xe8));
        p.setPen(palette().color(QPalette::Text));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.drawText(QRect(4, y, kNameWidth - 8, text), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(QString::fromStdString(c.name.empty() ? c.candidate.hardware : c.name),
                                            Qt::ElideRight, kNameWidth - 8));
        p.setFont(font());
        p.setPen(c.badge == FitBadge::DoesNotFit ? QColor(0xa0, 0, 0) : QColor(0x0d, 0x5c, 0x2a));
        p.drawText(QRect(4, y + text, kNameWidth - 8, text), Qt::AlignLeft | Qt::AlignVCenter,
                   c.error.empty() ? CompareText::badge(c.badge) : tr("cannot estimate"));

        const CandidateResult *pinned = m_session->pinnedResult(c.candidate);
        const BarSeries pinnedBars = pinned ? buildBarSeries(pinned->estimate) : BarSeries{};
        int by = y;
        for (const Bar &b : series[i].bars) {
            // Each pool on its own scale: the capacity (or the total, when larger) spans the bar,
            // so a 24 GB card and a 128 GB machine are read the same way, as a share of what they hold.
            const double scale = double(barWidth) / double(std::max({b.capacity, b.total, Bytes(1)}));
            double x = barLeft;
            const QRectF frame(barLeft, by, barWidth, kBarHeight);
            p.fillRect(frame, QColor(0xf2, 0xf2, 0xf2));
            for (std::size_t g = 0; g < kGuestCount; ++g) {
                const double w = double(b.guests[g]) * scale;
                p.fillRect(QRectF(x, by, w, kBarHeight), guestColor(kAllGuests[g]));
                x += w;
            }
            if (b.overflow > 0) {
                const double w = double(b.overflow) * scale;
                p.fillRect(QRectF(barLeft + double(b.total) * scale - w, by, w, kBarHeight),
                           QBrush(overflowColor(), Qt::BDiagPattern));
            }
            p.setPen(QPen(capacityColor(), 2));
            const double cap = barLeft + double(b.capacity) * scale;
            p.drawLine(QPointF(cap, by - 1), QPointF(cap, by + kBarHeight + 1));
            if (b.usable > 0 && b.usable != b.capacity) {
                p.setPen(QPen(usableColor(), 1.5, Qt::DashLine));
                const double use = barLeft + double(b.usable) * scale;
                p.drawLine(QPointF(use, by - 1), QPointF(use, by + kBarHeight + 1));
            }
            if (const Bar *a = barNamed(pinnedBars, b.poolId); a && a->total != b.total) {
                p.setPen(QPen(QColor(0x33, 0x33, 0x33), 1.5, Qt::DotLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(
                    QRectF(barLeft, by + 1, std::min(double(a->total) * scale, double(barWidth)), kBarHeight - 2));
            }
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRect(barLeft + barWidth + 8, by - 2, kValueWidth - 8, kBarHeight + 4),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       tr("%1: %2 of %3")
                           .arg(engineText(b.poolId), engineText(formatGiB(b.total, 1)),
                                engineText(formatGiB(b.capacity, 1))));
            by += kBarHeight + kBarGap;
        }
        y += h;
    }
}

} // namespace memplan::ui
