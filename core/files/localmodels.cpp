#include "files/localmodels.h"

#include "error.h"
#include "import/hfconfig.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace memplan {

namespace {

namespace fs = std::filesystem;

std::string env(const char *name)
{
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

void addIfDir(std::vector<std::string> &out, const fs::path &p)
{
    std::error_code ec;
    if (!p.empty() && fs::is_directory(p, ec))
        out.push_back(p.string());
}

std::vector<fs::path> children(const fs::path &dir, bool directories)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (directories ? it->is_directory(e2) : it->is_regular_file(e2))
            out.push_back(it->path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool isGguf(const fs::path &p)
{
    return text::lowerAscii(p.extension().string()) == ".gguf";
}

LocalModel read(const std::string &source, const std::string &name, const fs::path &path)
{
    LocalModel m{source, name, path.string(), {}, {}};
    try {
        m.model = importModel(m.path);
    } catch (const InputError &e) {
        m.error = e.info().message();
    } catch (const std::exception &e) {
        m.error = m.path + ": " + e.what();
    }
    return m;
}

// A snapshot's files are symlinks into ../../blobs; a download still running leaves
// blobs/*.incomplete and no link, and a pruned blob leaves a dangling link.
void scanHuggingFace(const fs::path &root, std::vector<LocalModel> &out)
{
    for (const fs::path &repo : children(root, true)) {
        const std::string folder = repo.filename().string();
        if (folder.rfind("models--", 0) != 0)
            continue;
        std::string name = folder.substr(8);
        if (const std::size_t sep = name.find("--"); sep != std::string::npos)
            name.replace(sep, 2, "/");
        fs::path snapshot;
        std::string ref;
        try {
            ref = readSmallFile((repo / "refs" / "main").string(), 256);
            ref.erase(ref.find_last_not_of(" \n\r\t") + 1);
        } catch (const InputError &) {
            // no refs/main: take the newest snapshot below
        }
        std::error_code ec;
        if (ref.find('/') != std::string::npos || ref.find("..") != std::string::npos)
            ref.clear();
        if (!ref.empty() && fs::is_directory(repo / "snapshots" / ref, ec))
            snapshot = repo / "snapshots" / ref;
        else if (const auto snaps = children(repo / "snapshots", true); !snaps.empty())
            snapshot = snaps.back();
        if (snapshot.empty())
            continue;
        std::vector<fs::path> dangling;
        for (fs::directory_iterator it(snapshot, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code e2;
            if (it->is_symlink(e2) && !fs::exists(it->path(), e2))
                dangling.push_back(it->path().filename());
        }
        std::vector<fs::path> ggufs;
        for (const fs::path &f : children(snapshot, false))
            if (isGguf(f))
                ggufs.push_back(f);
        if (ggufs.size() > 1) {
            for (const fs::path &g : ggufs)
                out.push_back(read("huggingface", name + ":" + g.filename().string(), g));
            continue;
        }
        LocalModel m = read("huggingface", name, snapshot);
        if (!dangling.empty() && m.error.empty())
            m.model.warnings.push_back(snapshot.string() + ": " + std::to_string(dangling.size()) +
                                       " files are not downloaded (yet), e.g. " + dangling.front().string());
        out.push_back(std::move(m));
    }
}

// manifests/registry.ollama.ai/library/llama3.1/8b -> "llama3.1:8b"; other namespaces keep
// their prefix ("hf.co/org/repo:Q4_K_M").
void scanOllama(const fs::path &root, std::vector<LocalModel> &out)
{
    const fs::path manifests = root / "manifests";
    std::error_code ec;
    for (fs::recursive_directory_iterator it(manifests, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (it.depth() != 3 || !it->is_regular_file(e2))
            continue;
        const fs::path rel = fs::relative(it->path(), manifests, e2);
        std::vector<std::string> parts;
        for (const fs::path &p : rel)
            parts.push_back(p.string());
        if (parts.size() != 4)
            continue;
        const std::string name =
            (parts[0] == "registry.ollama.ai" && parts[1] == "library" ? parts[2]
                                                                       : parts[0] + "/" + parts[1] + "/" + parts[2]) +
            ":" + parts[3];
        LocalModel m{"ollama", name, it->path().string(), {}, {}};
        try {
            const nlohmann::json manifest = parseJsonBounded(readSmallFile(it->path().string(), 1 << 20), m.path);
            std::string digest;
            for (const nlohmann::json &layer : manifest.at("layers"))
                if (layer.value("mediaType", "") == "application/vnd.ollama.image.model")
                    digest = layer.at("digest").get<std::string>();
            if (digest.rfind("sha256:", 0) != 0 || digest.find('/') != std::string::npos)
                throw InputError(
                    ErrorInfo{m.path, "layers", "names no model blob (mediaType application/vnd.ollama.image.model)"});
            const fs::path blob = root / "blobs" / ("sha256-" + digest.substr(7));
            if (!fs::exists(blob, e2))
                throw InputError(ErrorInfo{
                    m.path, "layers", "names blob " + blob.filename().string() + ", which is missing (partial pull?)"});
            m = read("ollama", name, blob);
        } catch (const InputError &e) {
            m.error = e.info().message();
        } catch (const std::exception &e) {
            m.error = m.path + ": " + e.what();
        }
        out.push_back(std::move(m));
    }
}

void scanFolder(const fs::path &root, std::vector<LocalModel> &out, int depth)
{
    for (const fs::path &f : children(root, false))
        if (isGguf(f))
            out.push_back(read("folder", f.filename().string(), f));
    if (depth == 0)
        return;
    for (const fs::path &d : children(root, true)) {
        std::error_code ec;
        if (fs::is_regular_file(d / "config.json", ec))
            out.push_back(read("folder", d.filename().string(), d));
        else
            scanFolder(d, out, depth - 1);
    }
}

} // namespace

LocalModelRoots localModelRootsFromEnvironment()
{
    LocalModelRoots r;
    const fs::path home = env("HOME");
    if (!env("HF_HUB_CACHE").empty())
        addIfDir(r.huggingFace, env("HF_HUB_CACHE"));
    else if (!env("HF_HOME").empty())
        addIfDir(r.huggingFace, fs::path(env("HF_HOME")) / "hub");
    else if (!home.empty())
        addIfDir(r.huggingFace, home / ".cache/huggingface/hub");
    if (!env("OLLAMA_MODELS").empty())
        addIfDir(r.ollama, env("OLLAMA_MODELS"));
    else if (!home.empty())
        addIfDir(r.ollama, home / ".ollama/models");
    if (!home.empty()) {
        addIfDir(r.folders, home / ".lmstudio/models");
        addIfDir(r.folders, home / ".cache/lm-studio/models");
        addIfDir(r.folders, home / ".cache/llama.cpp");
    }
    return r;
}

std::vector<LocalModel> findLocalModels(const LocalModelRoots &roots)
{
    std::vector<LocalModel> out;
    for (const std::string &r : roots.huggingFace)
        scanHuggingFace(r, out);
    for (const std::string &r : roots.ollama)
        scanOllama(r, out);
    for (const std::string &r : roots.folders)
        scanFolder(r, out, 2);
    std::stable_sort(out.begin(), out.end(), [](const LocalModel &a, const LocalModel &b) {
        return std::tie(a.source, a.name) < std::tie(b.source, b.name);
    });
    return out;
}

} // namespace memplan
