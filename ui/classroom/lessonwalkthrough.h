#pragma once
// Classroom mode: pick a lesson, open its scenario (one undo step through the
// ScenarioController) and introduce the guests one at a time. Step 0 states the
// goal over an empty bar, steps 1..6 add one guest each with what it is, what it
// grows with and how to shrink it, the last step shows the whole picture and the
// lesson's point. Right/Left (and PageDown/PageUp, which presenter clickers send)
// step forward and back.

#include "classroom/guestmask.h"
#include "classroom/lesson.h"

#include "units.h"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace memplan::ui {

class EvidenceLegend;
class ScenarioController;

class LessonWalkthrough : public QWidget {
    Q_OBJECT
public:
    explicit LessonWalkthrough(ScenarioController *controller, QWidget *parent = nullptr);

    const std::vector<Lesson> &lessons() const { return m_lessons; }
    /// The open lesson, or null before one was opened.
    const Lesson *lesson() const;
    /// Opens a lesson by id at the given step; false when there is no such lesson.
    bool openLesson(const QString &id, int step = 0);
    /// Loads the lesson's own scenario (-1) or one of its compare scenarios.
    void showCompare(int index);

    /// What one step shows. The plan of a lesson: the goal, its predictions asked, one
    /// step per guest, the whole picture, the predictions answered, then each check
    /// question asked and answered.
    struct PlanStep {
        enum class Kind { Goal, Ask, Guest, Whole, Answer, Math };
        Kind kind = Kind::Goal;
        int index = 0; ///< the guest (Guest) or the question (Ask, Answer)
        bool operator==(const PlanStep &) const = default;
    };
    /// A question about a figure gets a third step after its answer: the engine's math
    /// for it (one screen each, so neither needs a scroll bar on a projector).
    /// The steps of a lesson (without one: goal, guests, whole picture).
    static std::vector<PlanStep> planFor(const Lesson *lesson);
    const std::vector<PlanStep> &plan() const { return m_plan; }

    int step() const { return m_step; }
    int stepCount() const { return int(m_plan.size()); }
    /// Steps of a lesson without questions: the goal, one per guest, the whole picture.
    static constexpr int kBaseStepCount = int(kGuestCount) + 2;
    void setStep(int step);
    void next() { setStep(m_step + 1); }
    void previous() { setStep(m_step - 1); }

    /// The guest step introduces (steps 1..kGuestCount), none for the goal, the
    /// whole-picture step or anything out of range.
    std::optional<Guest> guestAtStep(int step) const;
    /// The question a step asks or answers, if any.
    const LessonQuestion *questionAtStep(int step) const;
    /// A question's answer as the class should read it: the right choice and/or the
    /// engine's figure in the window's units (what the reveal step shows first).
    QString answerText(const LessonQuestion &question) const;
    /// Guests the bars should show at the current step (all of them when no lesson is open).
    GuestMask visibleGuests() const;
    /// The current step's heading and explanation as plain text (tests, screen readers).
    QString stepText() const;
    /// The same as HTML, as the panel shows it (handouts and slides).
    QString stepHtml() const;
    QString counterText() const;
    /// Large type for a projector: the lesson picker and the legend give way to the text,
    /// and the text shrinks step by step (never below a readable size) rather than scroll.
    void setPresentationMode(bool large);
    bool presentationMode() const { return m_large; }
    /// The compare variants as wrapped links (one line per variant never cuts a label).
    QLabel *compareLinks() const { return m_compareLinks; }
    QTextBrowser *body() const { return m_body; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *nextButton() const { return m_forward; }
    QLabel *titleLabel() const { return m_title; }
    /// GiB or GB first in the step texts, as the window shows.
    void setUnitSystem(UnitSystem units);
    /// Asked before the lesson picker replaces the scenario; false keeps the current one.
    void setOpenGuard(std::function<bool()> guard) { m_openGuard = std::move(guard); }

    /// What each guest is, what it grows with and how to reduce it, translated.
    static QString guestWhat(Guest guest);
    static QString guestGrowsWith(Guest guest);
    static QString guestReduce(Guest guest);

signals:
    void visibleGuestsChanged(const memplan::ui::GuestMask &mask);
    void lessonOpened(const QString &id);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    void rebuildCompareButtons();
    void fitBodyText();
    QString questionHtml(const LessonQuestion &q, bool answered) const;
    QString questionMathHtml(const LessonQuestion &q) const;

    ScenarioController *m_controller;
    std::function<bool()> m_openGuard;
    UnitSystem m_units = UnitSystem::Binary;
    std::vector<Lesson> m_lessons;
    std::vector<PlanStep> m_plan = planFor(nullptr);
    int m_lesson = -1;
    int m_step = 0;
    QComboBox *m_picker = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_counter = nullptr;
    QTextBrowser *m_body = nullptr;
    QLabel *m_compareLinks = nullptr;
    int m_compareShown = -1; ///< the variant on screen: -1 the lesson's own scenario
    bool m_large = false;
    QPushButton *m_back = nullptr;
    QPushButton *m_forward = nullptr;
    EvidenceLegend *m_legend = nullptr;
};

} // namespace memplan::ui
