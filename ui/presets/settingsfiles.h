#pragma once
// The settings files QSettings would read for this program (the application's and the
// organisation's, in the user's folder and every system folder), checked before any QSettings is
// made: a FIFO there once froze the window at start (issue 35). Qt Core only, so the window and
// memplan-cli (which reads the program path the window keeps) share the check.

#include <QString>

namespace memplan::app {

/// The first settings file QSettings would read that is not a regular file of at most 16 MiB
/// (links followed); empty when every one is readable or absent.
QString unreadableSettingsFile();

} // namespace memplan::app
