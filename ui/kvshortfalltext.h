#pragma once
// A full preallocated KV pool that lacks tokens (core/questions/kvshortfall.h), in words: the banner's
// headline and the report's verdict and table say it the same way.

#include "questions/kvshortfall.h"
#include "units.h"

#include <QString>

#include <string>

namespace memplan::ui {

/// "GPU 0: the KV cache pool holds … tokens and the workload asks for …, … tokens (…) short".
QString kvShortfallText(const std::string &poolName, const KvShortfall &kv, UnitSystem units);
/// "… tokens (…)": the shortfall alone, for a key figure or a table cell.
QString kvShortfallFigure(const KvShortfall &kv, UnitSystem units);

} // namespace memplan::ui
