#pragma once
// Fonts for text drawn into a PDF (report, comparison, lesson handouts and slides)
// so that every character can be copied back out of the file.

#include <QFont>

namespace memplan::ui {

/// The font with OpenType shaping turned off where a script does not need it.
///
/// Why: in a Latin run, HarfBuzz shapes Noto Sans CJK KR's digits to alternate glyphs
/// that the font's cmap does not list ("RTX 4090" becomes glyphs 63157 63153 63162
/// 63153 instead of 21 17 26 17; after Hangul the same digits stay on the cmap's
/// glyphs). Qt's PDF engine writes each embedded font's ToUnicode map by reversing the
/// cmap, so those glyphs had no Unicode value and pdftotext and copy-and-paste lost
/// most digits of a Korean PDF (issue 17). Without shaping, Latin text and digits use
/// the cmap's glyphs, which look the same; Hangul syllables are precomposed in the
/// cmap and print as before. Only cosmetic Latin features go (kerning, the "fi"
/// ligature), which also makes English words search as typed.
QFont extractableFont(QFont font);

} // namespace memplan::ui
