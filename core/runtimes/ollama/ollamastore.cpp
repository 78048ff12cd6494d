// Ollama's model store: manifests/HOST/NAMESPACE/MODEL/TAG, each a small JSON manifest naming
// the sha256 blob (a GGUF file) that holds the weights.

#include "error.h"
#include "import/hfconfig.h"
#include "runtimes/modelstores.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

namespace memplan::runtimes {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kModelLayer = "application/vnd.ollama.image.model";

// manifests/registry.ollama.ai/library/llama3.1/8b -> "llama3.1:8b"; other namespaces keep
// their prefix ("hf.co/org/repo:Q4_K_M").
std::string ollamaTagName(const std::vector<std::string> &parts)
{
    const bool library = parts[0] == "registry.ollama.ai" && parts[1] == "library";
    return (library ? parts[2] : parts[0] + "/" + parts[1] + "/" + parts[2]) + ":" + parts[3];
}

/// The blob a manifest names as the model's weights; throws InputError naming the manifest.
fs::path ollamaModelBlob(const fs::path &root, const std::string &manifestPath)
{
    const nlohmann::json manifest = parseJsonBounded(readSmallFile(manifestPath, 1 << 20), manifestPath);
    std::string digest;
    for (const nlohmann::json &layer : manifest.at("layers"))
        if (layer.value("mediaType", "") == kModelLayer)
            digest = layer.at("digest").get<std::string>();
    if (digest.rfind("sha256:", 0) != 0 || digest.find('/') != std::string::npos)
        throw InputError(
            ErrorInfo{manifestPath, "layers", "names no model blob (mediaType " + std::string(kModelLayer) + ")"});
    const fs::path blob = root / "blobs" / ("sha256-" + digest.substr(7));
    std::error_code ec;
    if (!fs::exists(blob, ec))
        throw InputError(ErrorInfo{manifestPath, "layers",
                                   "names blob " + blob.filename().string() + ", which is missing (partial pull?)"});
    return blob;
}

} // namespace

void addOllamaStoreRoots(std::vector<std::string> &roots)
{
    if (const char *models = std::getenv("OLLAMA_MODELS"); models && *models)
        addFolderIfExists(roots, models);
    else if (const char *home = std::getenv("HOME"); home && *home)
        addFolderIfExists(roots, (fs::path(home) / ".ollama/models").string());
}

void scanOllamaStore(const std::string &rootText, std::vector<LocalModel> &out)
{
    const fs::path root = rootText;
    const fs::path manifests = root / "manifests";
    std::error_code ec;
    for (fs::recursive_directory_iterator it(manifests, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (it.depth() != 3 || !it->is_regular_file(e2))
            continue;
        std::vector<std::string> parts;
        for (const fs::path &p : fs::relative(it->path(), manifests, e2))
            parts.push_back(p.string());
        if (parts.size() != 4)
            continue;
        const std::string name = ollamaTagName(parts);
        LocalModel m{"ollama", name, it->path().string(), {}, {}};
        try {
            m = readLocalModel("ollama", name, ollamaModelBlob(root, m.path).string());
        } catch (const InputError &e) {
            m.error = e.info().message();
        } catch (const std::exception &e) {
            m.error = m.path + ": " + e.what();
        }
        out.push_back(std::move(m));
    }
}

} // namespace memplan::runtimes
