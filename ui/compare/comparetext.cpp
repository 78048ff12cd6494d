#include "comparetext.h"

#include "enginetext.h"

#include <QLocale>

#include <algorithm>

namespace memplan::ui {

namespace {
QString compareCount(std::uint64_t n)
{
    return QLocale().toString(qulonglong(n));
}
QString bytes(Bytes b, UnitSystem u)
{
    return engineText(formatBoth(b, u));
}
} // namespace

QString CompareText::money(double amount, const std::string &currency, int decimals)
{
    if (amount <= 0)
        return {};
    return QStringLiteral("%1 %2").arg(QLocale().toString(amount, 'f', decimals), QString::fromStdString(currency));
}

QString CompareText::badge(FitBadge b)
{
    switch (b) {
    case FitBadge::Fits:
        return tr("fits");
    case FitBadge::FitsWithOffload:
        return tr("fits with offload");
    case FitBadge::DoesNotFit:
        return tr("does not fit");
    }
    return {};
}

QString CompareText::recommendation(const Recommendation &rec, const std::vector<CandidateResult> &results)
{
    const bool tooSlow = std::any_of(rec.reasons.begin(), rec.reasons.end(),
                                     [](const RecommendReason &r) { return r.kind == ReasonKind::BelowSpeedFloor; });
    if ((rec.best < 0 || std::size_t(rec.best) >= results.size()) && tooSlow)
        return tr("Recommendation: none of these machines decodes as fast as asked; lower the speed floor, or choose "
                  "faster hardware or a smaller format.");
    if (rec.best < 0 || std::size_t(rec.best) >= results.size())
        return tr("Recommendation: none of these machines; choose a smaller model, format or context, or more memory.");
    const CandidateResult &best = results[std::size_t(rec.best)];
    const QString name = QString::fromStdString(best.name);
    return best.badge == FitBadge::Fits ? tr("Recommendation: %1.").arg(name)
                                        : tr("Recommendation: %1 (with offload).").arg(name);
}

QString CompareText::reason(const RecommendReason &r, UnitSystem units)
{
    switch (r.kind) {
    case ReasonKind::FitsOnDevice:
        return tr("It holds every layer in device memory.");
    case ReasonKind::FitsWithOffload:
        return tr("It fits only with %1 of %2 layers on the GPU; the rest run at host-RAM speed.")
            .arg(r.value)
            .arg(r.total);
    case ReasonKind::Headroom:
        return tr("%1 stays free; the context can grow to %2 tokens, or up to %3 sequences can run at once.")
            .arg(bytes(r.bytes, units), compareCount(r.value), compareCount(r.total));
    case ReasonKind::Speed:
        return tr("Decode runs at about %1 tokens/s per sequence (expected).")
            .arg(QLocale().toString(r.number, 'f', 1));
    case ReasonKind::Cheapest:
        if (r.value == 1)
            return tr("At %1 in all (%2 × %3) it is the only machine that fits.")
                .arg(money(r.number, r.currency))
                .arg(r.total)
                .arg(money(r.unitPrice, r.currency));
        return tr("At %1 in all (%2 × %3) it is the cheapest of the %4 machines that fit.")
            .arg(money(r.number, r.currency))
            .arg(r.total)
            .arg(money(r.unitPrice, r.currency))
            .arg(r.value);
    case ReasonKind::Fastest:
        return tr("It decodes fastest of the %1 machines that fit (no complete prices to compare).").arg(r.value);
    case ReasonKind::MostHeadroom:
        return tr("It leaves the most memory free of the %1 machines that fit.").arg(r.value);
    case ReasonKind::OthersDoNotFit: {
        QStringList names;
        for (const std::string &n : r.names)
            names << QString::fromStdString(n);
        if (r.value == 1)
            return tr("1 of %1 machines does not hold it: %2.").arg(r.total).arg(names.join(QStringLiteral(", ")));
        return tr("%1 of %2 machines do not hold it: %3.")
            .arg(r.value)
            .arg(r.total)
            .arg(names.join(QStringLiteral(", ")));
    }
    case ReasonKind::NoneFits:
        if (r.total == 1)
            return tr("%1 does not hold it; it is over by %2.")
                .arg(QString::fromStdString(r.name), bytes(r.bytes, units));
        return tr("None of the %1 machines holds it; the closest, %2, is over by %3.")
            .arg(r.total)
            .arg(QString::fromStdString(r.name), bytes(r.bytes, units));
    case ReasonKind::BelowSpeedFloor: {
        QStringList names;
        for (const std::string &n : r.names)
            names << QString::fromStdString(n);
        if (r.value == 1)
            return tr("1 machine that fits decodes below the asked %1 tokens/s per sequence (or has no speed figure), "
                      "so it is not recommended: %2.")
                .arg(QLocale().toString(r.number, 'f', 1))
                .arg(names.join(QStringLiteral(", ")));
        return tr("%1 machines that fit decode below the asked %2 tokens/s per sequence (or have no speed figure), "
                  "so they are not recommended: %3.")
            .arg(r.value)
            .arg(QLocale().toString(r.number, 'f', 1))
            .arg(names.join(QStringLiteral(", ")));
    }
    }
    return {};
}

QString CompareText::priceFormula(const CandidateFigures &f)
{
    if (f.machinePrice <= 0)
        return {};
    return tr("%1 × %2 = %3")
        .arg(f.deviceCount)
        .arg(money(f.devicePrice, f.currency), money(f.machinePrice, f.currency));
}

QStringList CompareText::reasons(const Recommendation &rec, UnitSystem units)
{
    QStringList out;
    for (const RecommendReason &r : rec.reasons)
        out << reason(r, units);
    return out;
}

} // namespace memplan::ui
