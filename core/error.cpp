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
    if (!namedBy.empty())
        out += " (named by " + namedBy + ")";
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
    if (copy.file.empty() || copy.file == file)
        copy.file = file;
    else if (!copy.namedBy.empty() && copy.namedBy.find(" in ") == std::string::npos)
        copy.namedBy += " in " + file;
    return InputError(copy);
}

} // namespace memplan
