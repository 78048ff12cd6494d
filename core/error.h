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

    /// "scenario.json: workload.context_tokens: must be between 1 and 10000000"
    std::string message() const;
};

class InputError : public std::runtime_error {
public:
    explicit InputError(ErrorInfo info);
    InputError(std::string field, std::string reason);
    const ErrorInfo &info() const { return m_info; }
    /// A copy naming the file the input came from.
    InputError inFile(const std::string &file) const;

private:
    ErrorInfo m_info;
};

} // namespace memplan
