#pragma once
// The core's advice (core/questions/advice.h) in the window's language. The banner, the
// report and the compare view all word a piece of advice through these two
// functions, so the same change reads the same everywhere; the English source
// strings match core adviceText()/adviceCost(), which the CLI prints.

#include "questions/advice.h"

#include <QCoreApplication>
#include <QString>

namespace memplan::ui {

class AdviceText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::AdviceText)
public:
    /// "Shorten the context to 8,192 tokens".
    static QString line(const memplan::Advice &advice);
    /// What it costs ("speed: layers in host RAM run at host-RAM bandwidth").
    static QString cost(const memplan::Advice &advice);
    /// The line, with "(not enough alone)" when the change does not make it fit by itself,
    /// and its cost when the change is a fix (a scenario that fits costs nothing to stretch).
    static QString full(const memplan::Advice &advice, bool scenarioFits);
};

} // namespace memplan::ui
