// llama.cpp's download cache: `-hf org/repo` (llama-server, llama-cli) saves the GGUF files it
// fetches as flat files in LLAMA_CACHE, else the user's cache folder's llama.cpp/ (common/common.cpp,
// fs_get_cache_directory).

#include "runtimes/modelstores.h"

#include <cstdlib>
#include <filesystem>

namespace memplan::runtimes {

void addLlamaCppCacheRoots(std::vector<std::string> &roots)
{
    namespace fs = std::filesystem;
    if (const char *cache = std::getenv("LLAMA_CACHE"); cache && *cache)
        addFolderIfExists(roots, cache);
    else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        addFolderIfExists(roots, (fs::path(xdg) / "llama.cpp").string());
    else if (const char *home = std::getenv("HOME"); home && *home)
        addFolderIfExists(roots, (fs::path(home) / ".cache/llama.cpp").string());
}

void scanLlamaCppCache(const std::string &root, std::vector<LocalModel> &out)
{
    for (const std::string &f : ggufFilesIn(root))
        out.push_back(readLocalModel("llama.cpp", std::filesystem::path(f).filename().string(), f));
}

} // namespace memplan::runtimes
