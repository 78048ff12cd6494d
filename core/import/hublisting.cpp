#include "hublisting.h"

#include "../error.h"
#include "gguf.h"
#include "hfconfig.h"

#include <nlohmann/json.hpp>

namespace memplan {

namespace {

bool hasDotDotPart(std::string_view name)
{
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t slash = std::min(name.find('/', start), name.size());
        if (name.substr(start, slash - start) == "..")
            return true;
        start = slash + 1;
    }
    return false;
}

// Why a listed name is unusable, or empty. Names become URL paths, cache file names and
// terminal output, so escapes and path tricks are refused along with length.
std::string nameProblem(const std::string &name)
{
    if (name.empty())
        return "is empty";
    if (name.size() > kMaxHubFileNameBytes)
        return "is " + std::to_string(name.size()) + " bytes long (the limit is " +
               std::to_string(kMaxHubFileNameBytes) + ")";
    if (!isValidUtf8(name))
        return "is not UTF-8";
    for (const char c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\')
            return "holds a control character or a backslash";
    if (name.front() == '/' || hasDotDotPart(name))
        return "climbs out of the repository ('/' at the start or a '..' part)";
    return {};
}

} // namespace

void checkHubFileNames(const std::vector<std::string> &names, const std::string &shown, const std::string &key)
{
    if (names.size() > kMaxHubListingFiles)
        throw InputError(ErrorInfo{shown, key,
                                   "lists " + std::to_string(names.size()) + " files (the limit is " +
                                       std::to_string(kMaxHubListingFiles) + ")"});
    for (std::size_t i = 0; i < names.size(); ++i)
        if (const std::string problem = nameProblem(names[i]); !problem.empty())
            throw InputError(ErrorInfo{shown, key + "[" + std::to_string(i) + "]", "a file name " + problem});
}

std::vector<std::string> parseHubListing(std::string_view body, const std::string &shown)
{
    if (body.size() > kMaxHubListingBytes)
        throw InputError(ErrorInfo{shown, std::string(),
                                   "the answer is larger than " + std::to_string(kMaxHubListingBytes >> 20) + " MiB"});
    const nlohmann::json j = parseJsonBounded(body, shown);
    const auto siblings = j.is_object() ? j.find("siblings") : j.end();
    if (!j.is_object() || siblings == j.end() || !siblings->is_array())
        throw InputError(ErrorInfo{shown, "siblings", "is missing: the answer is not a Hugging Face model listing"});
    std::vector<std::string> files;
    for (const nlohmann::json &s : *siblings) {
        if (files.size() > kMaxHubListingFiles)
            break; // checkHubFileNames() names the count
        if (s.is_object() && s.contains("rfilename") && s["rfilename"].is_string())
            files.push_back(s["rfilename"].get<std::string>());
    }
    checkHubFileNames(files, shown, "siblings");
    return files;
}

} // namespace memplan
