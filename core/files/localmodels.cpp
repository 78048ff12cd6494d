#include "files/localmodels.h"

#include "error.h"
#include "import/hfconfig.h"
#include "runtimes/modelstores.h"
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
    addFolderIfExists(out, p.string());
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
    return readLocalModel(source, name, path.string());
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
        if (const std::vector<std::string> ggufs = ggufFilesIn(snapshot.string()); ggufs.size() > 1) {
            for (const std::string &g : ggufs)
                out.push_back(read("huggingface", name + ":" + fs::path(g).filename().string(), g));
            continue;
        }
        LocalModel m = read("huggingface", name, snapshot);
        if (!dangling.empty() && m.error.empty())
            m.model.warnings.push_back(snapshot.string() + ": " + std::to_string(dangling.size()) +
                                       " files are not downloaded (yet), e.g. " + dangling.front().string());
        out.push_back(std::move(m));
    }
}

void scanFolder(const fs::path &root, std::vector<LocalModel> &out, int depth)
{
    for (const std::string &f : ggufFilesIn(root.string()))
        out.push_back(read("folder", fs::path(f).filename().string(), f));
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
    for (const ModelStore &store : modelStores()) {
        std::vector<std::string> found;
        store.addRootsFromEnvironment(found);
        if (!found.empty())
            r.stores[std::string(store.source)] = std::move(found);
    }
    if (!home.empty()) {
        addIfDir(r.folders, home / ".lmstudio/models");
        addIfDir(r.folders, home / ".cache/lm-studio/models");
    }
    return r;
}

std::vector<LocalModel> findLocalModels(const LocalModelRoots &roots)
{
    std::vector<LocalModel> out;
    for (const std::string &r : roots.huggingFace)
        scanHuggingFace(r, out);
    for (const ModelStore &store : modelStores())
        if (const auto it = roots.stores.find(store.source); it != roots.stores.end())
            for (const std::string &r : it->second)
                store.scan(r, out);
    for (const std::string &r : roots.folders)
        scanFolder(r, out, 2);
    std::stable_sort(out.begin(), out.end(), [](const LocalModel &a, const LocalModel &b) {
        return std::tie(a.source, a.name) < std::tie(b.source, b.name);
    });
    return out;
}

LocalModel readLocalModel(const std::string &source, const std::string &name, const std::string &path)
{
    LocalModel m{source, name, path, {}, {}};
    try {
        m.model = importModel(m.path);
    } catch (const InputError &e) {
        m.error = e.info().message();
    } catch (const std::exception &e) {
        m.error = m.path + ": " + e.what();
    }
    return m;
}

std::vector<std::string> ggufFilesIn(const std::string &folder)
{
    std::vector<std::string> out;
    for (const fs::path &f : children(folder, false))
        if (isGguf(f))
            out.push_back(f.string());
    return out;
}

void addFolderIfExists(std::vector<std::string> &out, const std::string &path)
{
    std::error_code ec;
    if (!path.empty() && fs::is_directory(path, ec))
        out.push_back(path);
}

} // namespace memplan
