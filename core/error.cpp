#include "error.h"

namespace memplan {

std::string printableText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            out += '?';
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            out += '?'; // U+0080..U+009F, the C1 controls (CSI is U+009B)
            ++i;
        } else {
            out += char(c);
        }
    }
    return out;
}

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
    return printableText(out);
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
