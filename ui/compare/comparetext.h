#pragma once
// The comparison's recommendation and reasons (core/questions/comparerecommend.h) in the
// window's language, shared by the compare view and the comparison PDF.

#include "questions/comparerecommend.h"
#include "units.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace memplan::ui {

class CompareText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::CompareText)
public:
    static QString recommendation(const memplan::Recommendation &rec,
                                  const std::vector<memplan::CandidateResult> &results);
    static QString reason(const memplan::RecommendReason &reason, memplan::UnitSystem units);
    static QStringList reasons(const memplan::Recommendation &rec, memplan::UnitSystem units);
    /// "fits", "fits with offload", "does not fit".
    static QString badge(memplan::FitBadge badge);
    /// "1,599 USD" (0 = empty).
    static QString money(double amount, const std::string &currency, int decimals = 0);
    /// "2 × 700 USD = 1,400 USD": the machine's price from its input (empty when unknown).
    static QString priceFormula(const memplan::CandidateFigures &figures);
};

} // namespace memplan::ui
