#pragma once
// core/ speaks English (it has no Qt and no translator). The fixed texts it
// produces — item labels, term meanings, pool names — are known in advance, so
// the UI translates them here at the point where they become QStrings; model
// names, machine names and formulas pass through unchanged.

#include "estimate.h"

#include <QString>

#include <string>
#include <string_view>

namespace memplan::ui {

/// The translation of a fixed engine text, or the text itself when it is not one.
QString engineText(std::string_view english);
QString engineText(const std::string &english);

/// An item's label, translated by its stable id (core/itemids.h); the English label when
/// the id is unknown (an estimate read from a newer program).
QString itemText(const Item &item);
/// A warning, translated by its id (core/notice.h) with its arguments formatted here.
QString noticeText(const Notice &notice);
/// A guest's name ("Weights", "KV cache", ...) in the UI language: the same words as the
/// chart legend (ui/charts/palette.cpp guestName calls it), for code that links no widget library.
QString guestText(Guest guest);
/// The English text for an item id, or nullptr (tests check every id has one).
const char *itemEnglish(std::string_view id);
/// The English template for a notice id ("%1" placeholders), or nullptr.
const char *noticeTemplate(std::string_view id);

} // namespace memplan::ui
