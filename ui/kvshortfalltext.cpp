#include "kvshortfalltext.h"

#include "enginetext.h"

#include <QCoreApplication>
#include <QLocale>

namespace memplan::ui {

QString kvShortfallFigure(const KvShortfall &kv, UnitSystem units)
{
    return QCoreApplication::translate("EngineText", "%1 tokens (%2)")
        .arg(QLocale().toString(qulonglong(kv.tokens)), QString::fromStdString(formatBoth(kv.bytes, units)));
}

QString kvShortfallText(const std::string &poolName, const KvShortfall &kv, UnitSystem units)
{
    const QLocale l;
    return QCoreApplication::translate("EngineText",
                                       "%1: the KV cache pool holds %2 tokens and the workload asks for %3, %4 short")
        .arg(engineText(poolName), l.toString(qulonglong(kv.poolTokens)), l.toString(qulonglong(kv.requestedTokens)),
             kvShortfallFigure(kv, units));
}

} // namespace memplan::ui
