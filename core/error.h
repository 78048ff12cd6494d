#pragma once
// Structured input errors. core/ never shows UI: it throws or returns these and
// the caller (CLI, GUI, tests) decides how to present them.

#include <stdexcept>
#include <string>
#include <string_view>

namespace memplan {

/// text with every control character (C0, DEL, and C1 written as UTF-8) replaced by '?'.
/// Error messages quote file names, keys and values from hostile input; an escape
/// sequence quoted into a terminal could retitle it, hide text or worse (issue 35).
std::string printableText(std::string_view text);

struct ErrorInfo {
    std::string file;   ///< the file the input came from, if any
    std::string field;  ///< dotted key path ("workload.context_tokens") or offset ("offset 24")
    std::string reason; ///< what is wrong, in one sentence
    /// When the file was named by another one: the key that named it and that
    /// file ("model.file in sc.json"), so an error inside a model file is not
    /// blamed on the scenario and the user still sees where the name came from.
    std::string namedBy;

    /// "scenario.json: workload.context_tokens: must be between 1 and 10000000", with
    /// control characters replaced (printableText()).
    std::string message() const;
};

class InputError : public std::runtime_error {
public:
    explicit InputError(ErrorInfo info);
    InputError(std::string field, std::string reason);
    const ErrorInfo &info() const { return m_info; }
    /// A copy naming the file the input came from. An error that already names a
    /// file (one read because a key of this file pointed to it) keeps that name and
    /// records this file in namedBy instead.
    InputError inFile(const std::string &file) const;

private:
    ErrorInfo m_info;
};

/// A file the program writes could not be replaced (full disk, read-only folder, a link where
/// the temporary goes); the old file is untouched. An InputError too, so every caller that shows
/// input problems shows this one; memplan-cli exits 1 for it, as `report` does.
class WriteError : public InputError {
public:
    using InputError::InputError;
};

} // namespace memplan
