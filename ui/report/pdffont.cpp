#include "pdffont.h"

namespace memplan::ui {

QFont extractableFont(QFont font)
{
    font.setStyleStrategy(QFont::StyleStrategy(font.styleStrategy() | QFont::PreferNoShaping));
    return font;
}

} // namespace memplan::ui
