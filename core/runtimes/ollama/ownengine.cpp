#include "runtimes/ollama/ownengine.h"

#include "model/modelarch.h"

namespace memplan::ollama {

std::uint64_t ownEngineSwaMemory(std::string_view architecture)
{
    const std::string key = architectureKey(architecture);
    return key == "gptoss" || key == "gemma4" ? 4096 : 0;
}

} // namespace memplan::ollama
