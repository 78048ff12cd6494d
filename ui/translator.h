#pragma once
// The planner's own translator. lupdate files tr() calls made from helpers inside
// `namespace memplan::ui { namespace { ... } }` under the context "memplan::ui"
// (and Class::tr in anonymous namespaces under the bare class name), while at run
// time Qt asks for the real context ("ReportText", "memplan::ui::WhatIfPanel").
// Rather than forbid a common idiom, lookups that miss fall back to those two
// contexts, so every string in the .ts file is found whichever way it was extracted.

#include <QTranslator>

namespace memplan::ui {

class FallbackTranslator : public QTranslator {
    Q_OBJECT
public:
    using QTranslator::QTranslator;
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;
};

} // namespace memplan::ui
