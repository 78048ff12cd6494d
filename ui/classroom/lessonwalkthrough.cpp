#include "lessonwalkthrough.h"
#include "enginetext.h"
#include "koreanparticles.h"

#include "charts/palette.h"
#include "classroom/mathdialog.h"
#include "scenariocontroller.h"
#include "widgets/evidencelegend.h"

#include "poolfigures.h"
#include "units.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace memplan::ui {

LessonWalkthrough::LessonWalkthrough(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("LessonWalkthrough"));
    // Clickers and arrow keys must reach the walkthrough even after a button was pressed.
    setFocusPolicy(Qt::StrongFocus);
    QStringList problems;
    m_lessons = lessonsFromCatalog(controller->catalog(), &problems);
    for (const QString &p : problems)
        qWarning("lesson skipped: %s", qPrintable(p));

    m_picker = new QComboBox;
    m_picker->setAccessibleName(tr("Lesson"));
    m_picker->addItem(tr("Choose a lesson…"), QString());
    bool misconceptionsStarted = false;
    for (const Lesson &l : m_lessons) {
        if (l.kind == Lesson::Kind::Misconception && !misconceptionsStarted) {
            m_picker->insertSeparator(m_picker->count());
            misconceptionsStarted = true;
        }
        const QString prefix = l.kind == Lesson::Kind::Misconception ? tr("Myth: ") : QString();
        m_picker->addItem(prefix + l.title.text(), l.id);
    }
    connect(m_picker, &QComboBox::activated, this, [this](int index) {
        const QString id = m_picker->itemData(index).toString();
        if (id.isEmpty())
            return;
        if (m_openGuard && !m_openGuard()) {
            // Kept the user's work: show the lesson that is still open (or none).
            m_picker->setCurrentIndex(m_lesson >= 0 ? m_picker->findData(m_lessons[m_lesson].id) : 0);
            return;
        }
        openLesson(id);
    });

    m_title = new QLabel;
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("LessonTitle"));
    m_counter = new QLabel;
    m_counter->setObjectName(QStringLiteral("StepCounter"));
    m_body = new QTextBrowser;
    m_body->setOpenLinks(false);
    m_body->setFocusPolicy(Qt::NoFocus);
    m_body->setMinimumHeight(160);

    m_compareLinks = new QLabel;
    m_compareLinks->setObjectName(QStringLiteral("CompareLinks"));
    m_compareLinks->setWordWrap(true);
    m_compareLinks->setTextFormat(Qt::RichText);
    m_compareLinks->setFocusPolicy(Qt::NoFocus);
    connect(m_compareLinks, &QLabel::linkActivated, this, [this](const QString &link) {
        showCompare(link.mid(1).toInt()); // "#-1", "#0", ...
    });

    m_back = new QPushButton(tr("◀ Back"));
    m_forward = new QPushButton(tr("Next ▶"));
    m_back->setToolTip(tr("Previous step (Left or Page Up)"));
    m_forward->setToolTip(tr("Next step (Right or Page Down)"));
    for (QPushButton *b : {m_back, m_forward})
        b->setFocusPolicy(Qt::NoFocus);
    connect(m_back, &QPushButton::clicked, this, &LessonWalkthrough::previous);
    connect(m_forward, &QPushButton::clicked, this, &LessonWalkthrough::next);
    auto *nav = new QHBoxLayout;
    nav->addWidget(m_back);
    nav->addStretch();
    nav->addWidget(m_counter);
    nav->addStretch();
    nav->addWidget(m_forward);

    m_legend = new EvidenceLegend(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_picker);
    layout->addWidget(m_title);
    layout->addLayout(nav);
    layout->addWidget(m_body, 1);
    layout->addWidget(m_compareLinks);
    layout->addWidget(m_legend);

    // The step text quotes the engine's figures: follow every new estimate.
    connect(m_controller, &ScenarioController::estimateChanged, this, &LessonWalkthrough::refresh);
    refresh();
}

const Lesson *LessonWalkthrough::lesson() const
{
    return m_lesson >= 0 ? &m_lessons[std::size_t(m_lesson)] : nullptr;
}

bool LessonWalkthrough::openLesson(const QString &id, int step)
{
    for (std::size_t i = 0; i < m_lessons.size(); ++i) {
        if (m_lessons[i].id != id)
            continue;
        m_lesson = int(i);
        m_plan = planFor(&m_lessons[i]);
        m_compareShown = -1;
        m_picker->setCurrentIndex(m_picker->findData(id));
        // The step is valid before the scenario changes: replaceScenario() refreshes
        // the text through estimateChanged, which must never see a step outside
        // 0..stepCount()-1 (a -1 here once indexed the guest table with size_t(-2)).
        m_step = std::clamp(step, 0, stepCount() - 1);
        rebuildCompareButtons();
        m_controller->replaceScenario(localScenario(m_lessons[i].scenario, m_lessons[i].scenarioName),
                                      tr("Lesson: %1").arg(m_lessons[i].title.text()));
        refresh();
        emit visibleGuestsChanged(visibleGuests()); // even when the step number is unchanged
        setFocus(Qt::OtherFocusReason);
        emit lessonOpened(id);
        return true;
    }
    return false;
}

void LessonWalkthrough::showCompare(int index)
{
    const Lesson *l = lesson();
    if (!l)
        return;
    m_compareShown = index < l->compare.size() ? index : -1;
    rebuildCompareButtons();
    if (index < 0)
        m_controller->replaceScenario(localScenario(l->scenario, l->scenarioName),
                                      tr("Lesson: %1").arg(l->title.text()));
    else if (index < l->compare.size())
        m_controller->replaceScenario(localScenario(l->compare[index].scenario, l->compare[index].scenarioName),
                                      tr("Compare: %1").arg(l->compare[index].label.text()));
    setFocus(Qt::OtherFocusReason);
}

void LessonWalkthrough::rebuildCompareButtons()
{
    const Lesson *l = lesson();
    m_compareLinks->setVisible(l && !l->compare.isEmpty());
    if (!l || l->compare.isEmpty()) {
        m_compareLinks->clear();
        return;
    }
    // Links in a wrapped label: a row of buttons would cut the labels on a narrow panel
    // or in large type; the variant on screen is bold and not a link.
    QStringList parts;
    const auto add = [&](const QString &text, int index) {
        const QString esc = text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        parts << (index == m_compareShown ? QStringLiteral("<b>▸&nbsp;%1</b>").arg(esc)
                                          : QStringLiteral("<a href=\"#%1\">%2</a>").arg(index).arg(esc));
    };
    add(tr("Lesson scenario"), -1);
    for (int i = 0; i < l->compare.size(); ++i)
        add(l->compare[i].label.text(), i);
    m_compareLinks->setText(
        QStringLiteral("%1 %2").arg(tr("Compare:").toHtmlEscaped(), parts.join(QStringLiteral(" · "))));
}

void LessonWalkthrough::setStep(int step)
{
    step = std::clamp(step, 0, stepCount() - 1);
    if (step == m_step)
        return;
    m_step = step;
    refresh();
    emit visibleGuestsChanged(visibleGuests());
}

std::vector<LessonWalkthrough::PlanStep> LessonWalkthrough::planFor(const Lesson *lesson)
{
    using K = PlanStep::Kind;
    std::vector<PlanStep> plan{{K::Goal, 0}};
    const auto answer = [&](int i) {
        plan.push_back({K::Answer, i});
        if (lesson->questions[i].quantity != LessonQuestion::Quantity::None)
            plan.push_back({K::Math, i});
    };
    const int n = lesson ? int(lesson->questions.size()) : 0;
    const auto predict = [&](int i) { return lesson->questions[i].when == LessonQuestion::When::Predict; };
    for (int i = 0; i < n; ++i)
        if (predict(i))
            plan.push_back({K::Ask, i});
    for (std::size_t g = 0; g < kGuestCount; ++g)
        plan.push_back({K::Guest, int(g)});
    plan.push_back({K::Whole, 0});
    for (int i = 0; i < n; ++i)
        if (predict(i))
            answer(i);
    for (int i = 0; i < n; ++i)
        if (!predict(i)) {
            plan.push_back({K::Ask, i});
            answer(i);
        }
    return plan;
}

std::optional<Guest> LessonWalkthrough::guestAtStep(int step) const
{
    if (step < 0 || step >= stepCount() || m_plan[std::size_t(step)].kind != PlanStep::Kind::Guest)
        return std::nullopt;
    return kAllGuests[std::size_t(m_plan[std::size_t(step)].index)];
}

const LessonQuestion *LessonWalkthrough::questionAtStep(int step) const
{
    const Lesson *l = lesson();
    if (!l || step < 0 || step >= stepCount())
        return nullptr;
    const PlanStep &p = m_plan[std::size_t(step)];
    if (p.kind != PlanStep::Kind::Ask && p.kind != PlanStep::Kind::Answer && p.kind != PlanStep::Kind::Math)
        return nullptr;
    return &l->questions[p.index];
}

GuestMask LessonWalkthrough::visibleGuests() const
{
    if (!lesson() || m_step < 0 || m_step >= stepCount())
        return kAllGuestsVisible;
    GuestMask mask{};
    // The goal and the predictions show an empty bar, a guest step the guests up to it
    // in stacking order; from the whole picture on every guest is there.
    const PlanStep &p = m_plan[std::size_t(m_step)];
    const bool beforeGuests =
        p.kind == PlanStep::Kind::Goal ||
        (p.kind == PlanStep::Kind::Ask && lesson()->questions[p.index].when == LessonQuestion::When::Predict);
    if (beforeGuests)
        return mask;
    if (p.kind != PlanStep::Kind::Guest)
        return kAllGuestsVisible;
    for (std::size_t i = 0; i < kGuestCount; ++i)
        mask[i] = int(i) <= p.index;
    return mask;
}

QString LessonWalkthrough::answerText(const LessonQuestion &q) const
{
    QStringList parts;
    if (q.answer >= 0 && q.answer < q.choices.size())
        parts << QStringLiteral("%1. %2").arg(QChar(u'A' + q.answer), q.choices[q.answer].text());
    const Estimate &e = m_controller->estimate();
    if (q.quantity != LessonQuestion::Quantity::None && q.choices.isEmpty() && !e.pools.empty()) {
        const Pool &p = e.mainPool();
        Bytes b = 0;
        if (const std::optional<Guest> g = questionGuest(q.quantity))
            b = p.guest(*g);
        else if (q.quantity == LessonQuestion::Quantity::Total)
            b = p.totalBytes;
        else if (q.quantity == LessonQuestion::Quantity::Usable)
            b = p.usableBytes;
        else if (q.quantity == LessonQuestion::Quantity::Overflow)
            b = poolOver(p);
        else
            b = poolFree(p);
        parts << QString::fromStdString(formatBoth(b, m_units));
    }
    return parts.join(QStringLiteral(" — "));
}

QString LessonWalkthrough::questionHtml(const LessonQuestion &q, bool answered) const
{
    const auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                       .arg(esc(q.when == LessonQuestion::When::Predict ? tr("Predict") : tr("Check question")),
                            esc(q.prompt.text()));
    if (!q.choices.isEmpty()) {
        html += QStringLiteral("<p>");
        for (int i = 0; i < q.choices.size(); ++i) {
            const QString line = QStringLiteral("%1. %2").arg(QChar(u'A' + i), esc(q.choices[i].text()));
            html +=
                (answered && i == q.answer ? QStringLiteral("<b>✔ %1</b>").arg(line) : line) + QStringLiteral("<br>");
        }
        html += QStringLiteral("</p>");
    }
    if (!answered) {
        html +=
            QStringLiteral("<p><i>%1</i></p>")
                .arg(esc(q.choices.isEmpty() ? tr("Let the class write down a number (GiB or GB), then press Next to "
                                                  "reveal the answer.")
                                             : tr("Let the class choose, then press Next to reveal the answer.")));
        return html;
    }
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("Answer:")), esc(answerText(q)));
    if (!q.explain.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(esc(q.explain.text()));
    if (q.quantity != LessonQuestion::Quantity::None)
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(tr("Next: the math.")));
    return html;
}

QString LessonWalkthrough::questionMathHtml(const LessonQuestion &q) const
{
    // The math comes from the engine, for the scenario on screen.
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("The math").toHtmlEscaped());
    const Estimate &e = m_controller->estimate();
    if (q.quantity != LessonQuestion::Quantity::None && !e.pools.empty()) {
        const std::optional<Guest> g = questionGuest(q.quantity);
        const MathSubject subject = g ? MathSubject::forSegment(0, *g) : MathSubject::forVerdict();
        html += mathHtml(e, m_controller->scenario(), subject, m_units);
    }
    return html;
}

QString LessonWalkthrough::guestWhat(Guest guest)
{
    switch (guest) {
    case Guest::Weights:
        return tr("The trained parameters of the model, stored in the chosen number format.");
    case Guest::KvCache:
        return tr("The keys and values of every token a conversation holds, kept for every layer so they need not be "
                  "recomputed for each new token.");
    case Guest::Activation:
        return tr(
            "Intermediate results that flow between layers during a forward pass; they appear and vanish at every "
            "step.");
    case Guest::Workspace:
        return tr("Scratch buffers the kernels (matrix multiplications, attention) and the GPU driver need while they "
                  "compute.");
    case Guest::Allocator:
        return tr(
            "Memory the allocator has reserved but not handed out, or cannot use because it is broken into pieces "
            "(fragmentation).");
    case Guest::System:
        // Issue 33: the screen shows six guests, the course chapter names five; say which one is extra.
        return tr("The operating system, the desktop and other programs sharing the same memory. It is not one of "
                  "the chapter's five guests: the planner adds it because the model cannot use this memory.");
    }
    return {};
}

QString LessonWalkthrough::guestGrowsWith(Guest guest)
{
    switch (guest) {
    case Guest::Weights:
        return tr("Parameter count × bytes per parameter. Fixed once the model is loaded.");
    case Guest::KvCache:
        return tr(
            "Layers, KV heads, head size, bytes per value, tokens per conversation and the number of conversations "
            "served at once. It grows while the model runs.");
    case Guest::Activation:
        return tr(
            "Tokens processed in one step (batch and prompt chunk) and the hidden size. Largest while a long prompt "
            "is read in (prefill).");
    case Guest::Workspace:
        return tr("The library, the kernels chosen and features such as CUDA graphs, not the model size.");
    case Guest::Allocator:
        return tr("How much memory is allocated and freed while running, and how the runtime's allocator manages it.");
    case Guest::System:
        return tr("What else runs on the machine; on unified memory it competes with the model directly.");
    }
    return {};
}

QString LessonWalkthrough::guestReduce(Guest guest)
{
    switch (guest) {
    case Guest::Weights:
        return tr("A smaller number format (quantization), a smaller model, or layers offloaded to host RAM at a cost "
                  "in speed.");
    case Guest::KvCache:
        return tr(
            "A shorter context, fewer parallel conversations, a model with fewer KV heads (GQA, MQA), a quantized "
            "KV cache, paged allocation and shared prefixes.");
    case Guest::Activation:
        return tr(
            "A smaller prefill batch or chunk, fused attention kernels (FlashAttention), logits for the last token "
            "only.");
    case Guest::Workspace:
        return tr("Other kernels, CUDA graphs off, fewer processes per GPU.");
    case Guest::Allocator:
        return tr("Paged KV management (PagedAttention), preallocated pools and allocator settings that reduce "
                  "fragmentation.");
    case Guest::System:
        return tr("Close other programs, run headless, keep a safety margin.");
    }
    return {};
}

QString LessonWalkthrough::counterText() const
{
    return tr("Step %1 of %2").arg(m_step + 1).arg(stepCount());
}

QString LessonWalkthrough::stepHtml() const
{
    const Lesson *l = lesson();
    if (!l)
        return QStringLiteral("<p>%1</p>")
            .arg(
                tr("Pick a lesson or a myth above. Each one opens a scenario and introduces the memory guests one at a "
                   "time; step with the arrow keys or Page Up / Page Down.")
                    .toHtmlEscaped());
    const auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    const Estimate &e = m_controller->estimate();
    const PlanStep &plan = m_plan[std::size_t(std::clamp(m_step, 0, stepCount() - 1))];
    if (plan.kind == PlanStep::Kind::Ask || plan.kind == PlanStep::Kind::Answer)
        return questionHtml(l->questions[plan.index], plan.kind == PlanStep::Kind::Answer);
    if (plan.kind == PlanStep::Kind::Math)
        return questionMathHtml(l->questions[plan.index]);
    if (plan.kind == PlanStep::Kind::Goal) {
        QString html;
        if (l->kind == Lesson::Kind::Misconception)
            html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("The claim:")), esc(l->claim.text()));
        html += QStringLiteral("<p>%1</p>").arg(esc(l->goal.text()));
        if (!e.pools.empty())
            html +=
                QStringLiteral("<p><i>%1</i></p>")
                    .arg(esc(tr("The bar starts empty: the lines mark what %1 has (%2) and what the runtime may use.")
                                 .arg(memplan::ui::engineText(e.mainPool().name),
                                      QString::fromStdString(formatBoth(e.mainPool().capacityBytes, m_units)))));
        return html;
    }
    if (const std::optional<Guest> guest = guestAtStep(m_step)) {
        const Guest g = *guest;
        QString html = QStringLiteral("<h3><span style=\"color:%1\">■</span> %2</h3>")
                           .arg(guestColor(g).name(), esc(guestName(g)));
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("What it is:")), esc(guestWhat(g)));
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("Grows with:")), esc(guestGrowsWith(g)));
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("To reduce it:")), esc(guestReduce(g)));
        if (!e.pools.empty()) {
            QStringList here;
            for (const Pool &p : e.pools)
                if (p.guest(g) > 0)
                    here << tr("%1 in %2")
                                .arg(QString::fromStdString(formatBoth(p.guest(g), m_units)),
                                     memplan::ui::engineText(p.name));
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(esc(tr("In this scenario:")),
                             esc(here.isEmpty() ? tr("nothing (this runtime or machine does not add it)")
                                                : here.join(QStringLiteral("; "))));
        }
        return html;
    }
    // The whole picture: the verdict and the lesson's point.
    QString html;
    if (!e.pools.empty()) {
        const Pool &p = e.mainPool();
        const QString verdict = p.fits ? tr("All guests together: %1 of %2 usable — it fits with %3 to spare.")
                                             .arg(QString::fromStdString(formatBoth(p.totalBytes, m_units)),
                                                  QString::fromStdString(formatBoth(p.usableBytes, m_units)),
                                                  QString::fromStdString(formatBoth(poolFree(p), m_units)))
                                       : tr("All guests together: %1 against %2 usable — %3 too much.")
                                             .arg(QString::fromStdString(formatBoth(p.totalBytes, m_units)),
                                                  QString::fromStdString(formatBoth(p.usableBytes, m_units)),
                                                  QString::fromStdString(formatBoth(poolOver(p), m_units)));
        html += QStringLiteral("<h3>%1</h3><p>%2</p>").arg(esc(tr("The whole picture")), esc(verdict));
        // The main pool is not the whole verdict: host RAM, another GPU or the moment of loading
        // can refuse a plan whose main pool fits, and the banner says so; the text must agree.
        for (const Pool &other : e.pools) {
            const auto both = [&](Bytes b) { return QString::fromStdString(formatBoth(b, m_units)); };
            QString more;
            const bool steadyFits = other.requiredBytes() <= other.usableBytes;
            if (steadyFits && other.loadingPeakBytes > other.usableBytes)
                more = tr("%1 holds the running model but not the loading: while the weights load it peaks at %2 "
                          "against %3 usable.")
                           .arg(memplan::ui::engineText(other.name), both(other.loadingPeakBytes),
                                both(other.usableBytes));
            else if (&other != &p && !other.fits)
                more = tr("%1 does not fit: %2 against %3 usable.")
                           .arg(memplan::ui::engineText(other.name), both(other.totalBytes), both(other.usableBytes));
            if (!more.isEmpty())
                html += QStringLiteral("<p><b>%1</b></p>").arg(esc(withParticles(more)));
        }
    }
    if (l->kind == Lesson::Kind::Misconception) {
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("The claim:")), esc(l->claim.text()));
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("What is missing:")), esc(l->correction.text()));
    }
    if (!l->takeaway.isEmpty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("Remember:")), esc(l->takeaway.text()));
    if (!l->compare.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(tr("Use the links below to compare the variants.")));
    return html;
}

QString LessonWalkthrough::stepText() const
{
    QTextBrowser probe;
    probe.setHtml(stepHtml());
    return probe.toPlainText();
}

void LessonWalkthrough::refresh()
{
    // openLesson() loads the scenario (which re-estimates and lands here) before it sets
    // the step; -1 in between is not a step to show.
    if (m_step < 0)
        return;
    const Lesson *l = lesson();
    m_title->setText(l ? QStringLiteral("<b>%1</b>").arg(l->title.text().toHtmlEscaped()) : tr("<b>Classroom</b>"));
    m_counter->setText(l ? counterText() : QString());
    m_counter->setVisible(l != nullptr);
    m_back->setEnabled(l && m_step > 0);
    m_forward->setEnabled(l && m_step < stepCount() - 1);
    m_body->setHtml(stepHtml());
    fitBodyText();
}

void LessonWalkthrough::setUnitSystem(UnitSystem units)
{
    if (units == m_units)
        return;
    m_units = units;
    refresh();
}

void LessonWalkthrough::setPresentationMode(bool large)
{
    m_large = large;
    // The window already scales its font; the lesson text is what the back row must read.
    // The picker and the legend stay in the menus and the normal layout.
    m_picker->setVisible(!large);
    m_legend->setVisible(!large);
    QFont title = font();
    if (large)
        title.setPointSizeF(title.pointSizeF() * 1.25);
    m_title->setFont(large ? title : QFont());
    if (!large)
        m_body->setFont(QFont()); // inherit again
    fitBodyText();
}

void LessonWalkthrough::fitBodyText()
{
    if (!m_large)
        return;
    // Start large and step down until the step fits without a scroll bar: a projector
    // shows no scroll bar to the class.
    // On a tall screen the text grows with it (about 26 lines of the panel's height).
    const qreal top = std::max({16.0, QApplication::font().pointSizeF() * 2.0,
                                std::floor(m_body->viewport()->height() / 26.0 * 72.0 / logicalDpiY())});
    // 10 pt is the floor: the math tables of a question are the longest steps.
    const int available = m_body->viewport()->height();
    const int width = m_body->viewport()->width();
    QFont f = m_body->font();
    for (qreal size = top; size >= 10.0; size -= 1.0) {
        f.setPointSizeF(size);
        m_body->setFont(f);
        m_body->document()->setTextWidth(width);
        if (available <= 0 || m_body->document()->size().height() <= available)
            break;
    }
}

void LessonWalkthrough::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitBodyText();
}

void LessonWalkthrough::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        next();
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        previous();
        return;
    case Qt::Key_Home:
        setStep(0);
        return;
    case Qt::Key_End:
        setStep(stepCount() - 1);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace memplan::ui
