#include "runtimes/ollama/ownengine.h"

#include <cctype>
#include <string>

namespace memplan::ollama {

std::uint64_t ownEngineSwaMemory(std::string_view architecture)
{
    // One spelling for "gpt-oss", "gptoss" and "gpt_oss"; "gemma4" and "gemma4_text".
    std::string key;
    for (const char c : architecture)
        if (std::isalnum(static_cast<unsigned char>(c)))
            key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (key.ends_with("text"))
        key.resize(key.size() - 4);
    return key == "gptoss" || key == "gemma4" ? 4096 : 0;
}

} // namespace memplan::ollama
