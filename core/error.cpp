#include "error.h"

namespace memplan {

std::string ErrorInfo::message() const
{
    std::string out;
    if (!file.empty())
        out += file + ": ";
    if (!field.empty())
        out += field + ": ";
    out += reason;
    return out;
}

InputError::InputError(ErrorInfo info) : std::runtime_error(info.message()), m_info(std::move(info)) {}

InputError::InputError(std::string field, std::string reason)
    : InputError(ErrorInfo{std::string(), std::move(field), std::move(reason)})
{
}

InputError InputError::inFile(const std::string &file) const
{
    ErrorInfo copy = m_info;
    copy.file = file;
    return InputError(copy);
}

} // namespace memplan
