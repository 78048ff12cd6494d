#pragma once
// Structured input errors. core/ never shows UI: it throws or returns these and
// the caller (CLI, GUI, tests) decides how to present them.

#include <stdexcept>
#include <string>

namespace memplan {

struct ErrorInfo {
    std::string file;   ///< the file the input came from, if any
    std::string field;  ///< dotted key path ("workload.context_tokens") or offset ("offset 24")
    std::string reason; ///< what is wrong, in one sentence
    /// When the file was named by another one: the key that named it and that
    /// file ("model.file in sc.json"), so an error inside a model file is not
    /// blamed on the scenario and the user still sees where the name came from.
    std::string namedBy;

    /// "scenario.json: workload.context_tokens: must be between 1 and 10000000"
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

} // namespace memplan
