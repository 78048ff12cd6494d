#include "palette.h"

#include "enginetext.h"

#include <QCoreApplication>

#include <array>

namespace memplan::ui {

namespace {
// Indexed by guestIndex(); the order matches kAllGuests.
constexpr std::array<QRgb, kGuestCount> kNormal = {
    0xff0072b2, // weights: blue
    0xffe69f00, // KV cache: orange
    0xff009e73, // activation: bluish green
    0xff56b4e9, // workspace: sky blue
    0xffcc79a7, // allocator: reddish purple
    0xff999999, // system: grey
};
constexpr std::array<QRgb, kGuestCount> kHighContrast = {
    0xff004a80, 0xffc77c00, 0xff006b4e, 0xff2b8fd0, 0xffa8437c, 0xff5a5a5a,
};
} // namespace

QColor guestColor(Guest guest)
{
    return QColor::fromRgba(kNormal[guestIndex(guest)]);
}

QColor guestColorHighContrast(Guest guest)
{
    return QColor::fromRgba(kHighContrast[guestIndex(guest)]);
}

QColor guestColor(Guest guest, bool highContrast)
{
    return highContrast ? guestColorHighContrast(guest) : guestColor(guest);
}

QString guestName(Guest guest)
{
    return guestText(guest); // one translation of the guests' names (enginetext.h)
}

QColor overflowColor()
{
    return QColor(0xd0, 0x10, 0x10);
}
QColor overflowColorHighContrast()
{
    return QColor(0xff, 0x00, 0x00);
}
QColor capacityColor(bool highContrast)
{
    return highContrast ? QColor(Qt::black) : QColor(0x20, 0x20, 0x20);
}
QColor usableColor(bool highContrast)
{
    return highContrast ? QColor(0x40, 0x00, 0x80) : QColor(0x6a, 0x3d, 0x9a);
}
QColor measuredColor()
{
    return QColor(0x00, 0x5a, 0x5a);
}

} // namespace memplan::ui
