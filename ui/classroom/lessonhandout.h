#pragma once
// A lesson on paper: every step with the charts as that step shows them (guests not
// introduced yet stay off the bars and the sweep), the step's text and, in a handout,
// the engine's math for the guest or question the step is about. Two layouts: a
// handout (A4 or Letter, steps flowing down the pages) and 16:9 slides (one page a
// step). Rendered in memory, written atomically (core/atomicfile).

#include "classroom/lesson.h"

#include "files/atomicfile.h"
#include "scenario/catalog.h"
#include "units.h"

#include <QByteArray>
#include <QString>

namespace memplan::ui {

enum class LessonPrintLayout { Handout, Slides };

struct LessonPrintOptions {
    LessonPrintLayout layout = LessonPrintLayout::Handout;
    UnitSystem units = UnitSystem::Binary;
};

/// The size chart labels land at on the page, in points: the chart font laid out on a canvas
/// `chartCanvasScale` times larger and drawn that much smaller. At least 9 pt on slides, which
/// are read from across a room (issue 34 item 11: they were 5.6 pt).
double lessonChartFontPoints(LessonPrintLayout layout);
double lessonChartCanvasScale(LessonPrintLayout layout);
double lessonChartLabelPoints(LessonPrintLayout layout);

/// The PDF bytes; empty when the lesson id is unknown.
QByteArray renderLessonPdf(const PresetCatalog &catalog, const QString &lessonId, const LessonPrintOptions &options,
                           int *pages = nullptr);

/// Renders and replaces path atomically; a failed write leaves the old file as it was.
FileWriteResult writeLessonPdf(const PresetCatalog &catalog, const QString &lessonId, const LessonPrintOptions &options,
                               const QString &path);

} // namespace memplan::ui
