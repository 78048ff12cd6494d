#pragma once
// Input errors in the user's language (issue 33). core/ raises an InputError with the file, the
// key and a reason in English (core/error.h); the reason's fixed wording is what identifies the
// error, so this table matches it (values captured) and gives the translated sentence. The file
// name and the key are shown as written: they are what the user types and searches for. A
// reason the table does not know stays English. The window and memplan-cli both use this.

#include "error.h"

#include <QString>

#include <string>

namespace memplan::ui {

/// The reason of an input error in the UI language (English when no translator is installed
/// or the reason is not one the table knows).
QString inputReasonText(const std::string &reason);
/// "file: key: reason (named by …)" with the reason translated; file and key as written.
QString inputErrorText(const ErrorInfo &info);
/// How many reason patterns the table holds, and the English source of pattern i
/// (tests check each has a Korean text and matches what core raises).
int inputReasonPatternCount();
const char *inputReasonPatternSource(int i);
/// A warning of the model importers (core/import) in the UI language; a leading "file: " is kept
/// as written. English when unknown.
QString importWarningText(const std::string &warning);
/// Whether `reason` is one the table translates.
bool inputReasonKnown(const std::string &reason);

} // namespace memplan::ui
