#pragma once
// A form row whose field is a layout gets no automatic buddy, so its mnemonic needs one.

#include <QLabel>

namespace memplan::ui {

inline QLabel *buddyLabel(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text);
    label->setBuddy(buddy);
    return label;
}

} // namespace memplan::ui
