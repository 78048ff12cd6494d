#pragma once
// memplan-cli's words in the language of the command line (issue 17). Every text the
// commands print is an English source string marked QT_TRANSLATE_NOOP("CliText", ...)
// at its call site, so lupdate files it in resources/translations/memplan_ko.ts; texts
// the engine produces (item labels, pool names, warnings, advice, comparison reasons)
// go through memplan_text, the same translations the window and the report use. JSON
// output never passes through here: it stays ids and numbers.

#include "error.h"

// Marks a source string for lupdate and leaves it as it is. Qt's own macro is the same; it is
// spelled here so the Qt-free front end (leanmain.h) can use these texts without QtCore.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace memplan::cli {

/// The language the front end chose: "ko" or "en". Korean loads ":/i18n/memplan_ko.qm" into
/// the running QCoreApplication; false when that fails (the text then stays English).
/// Defined in clilanguage.cpp, the Qt side: the Qt-free front end speaks English only.
bool setCliLanguage(std::string_view language);

struct PatternText;

/// What Korean needs from Qt's translations, installed by setCliLanguage(). This file's
/// functions are Qt-free; in English they never call these.
struct CliTranslations {
    std::string (*say)(const char *english) = nullptr;                 ///< a CliText source
    std::string (*engine)(const std::string &english) = nullptr;       ///< memplan_text's engineText
    std::string (*reason)(const std::string &englishReason) = nullptr; ///< an input error's reason
    std::string (*matching)(const std::string &english, std::span<const PatternText> table) = nullptr;
    std::string (*particles)(const std::string &filled) = nullptr; ///< "%1을(를)" pairs chosen for the value
};
/// Turns Korean on with these translations (setCliLanguage does it), or off with nullptr.
void useCliTranslations(const CliTranslations *korean);
/// True when memplan-cli speaks Korean.
bool cliKorean();

/// `--lang` when given, else the language of LC_ALL, LC_MESSAGES or LANG (the POSIX order),
/// "en" for anything but Korean. `flag` is the --lang value or empty.
std::string cliLanguageFromEnvironment(std::string_view flag);

/// A CliText source string in the command line's language, "%1".."%9" replaced by args.
std::string say(const char *english, std::initializer_list<std::string> args = {});

/// `text` with "%1".."%9" replaced by args, in one pass (nothing translated).
std::string fill(const std::string &text, std::initializer_list<std::string> args);

/// `text` padded with spaces to `columns` terminal columns (Hangul and other wide characters
/// take two), so a Korean table lines up as the English one does. Longer text is left whole.
std::string padTo(const std::string &text, std::size_t columns);
/// The same, spaces first (right-aligned numbers and headings).
std::string padLeftTo(const std::string &text, std::size_t columns);

/// A fixed engine text (a pool name, an item label, a term) in the command line's language.
std::string engineSays(const std::string &english);

/// An English text the engine builds from a fixed sentence and values, and its CliText source.
struct PatternText {
    const char *pattern; ///< anchored regular expression, (...) for the values
    const char *text;    ///< the CliText source, %1.. for the captures
};
/// The first matching pattern's text, translated, with the captured values put in; the
/// English unchanged when no pattern matches or the language is English.
std::string sayMatching(const std::string &english, std::span<const PatternText> table);

/// An input error in the command line's language: "file: key: reason". Keys and file names
/// stay as written; the reason is translated when it is one of the engine's common ones
/// (a missing file, bad JSON, a number out of range, an unknown preset), else kept in English.
std::string inputErrorText(const ErrorInfo &info);

} // namespace memplan::cli
