// llama.cpp's download cache: `-hf org/repo` (llama-server, llama-cli) saves the GGUF files it
// fetches as flat files in LLAMA_CACHE, else the user's cache folder's llama.cpp/ (common/common.cpp,
// fs_get_cache_directory).

#include "runtimes/modelstores.h"
#include "text.h"

#include <algorithm>
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
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (it->is_regular_file(e2) && text::lowerAscii(it->path().extension().string()) == ".gguf")
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files)
        out.push_back(readLocalModel("llama.cpp", f.filename().string(), f.string()));
}

} // namespace memplan::runtimes
