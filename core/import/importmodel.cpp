#include "importedmodel.h"

#include "files/inputfile.h"
#include "text.h"

#include "../bytes.h"
#include "../error.h"
#include "../evidence.h"
#include "gguf.h"
#include "ggufsplitname.h"
#include "hfconfig.h"
#include "model/modelconfig.h"
#include "modelsource.h"
#include "safetensors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace memplan {

// The same alias as the other core files' (a unity build may join them into one unit).
using json = nlohmann::json;

namespace {

namespace fs = std::filesystem;

enum class Role { Other, Embedding, OutputHead, RoutedExpert };

// llama.cpp tensor names: token_embd.weight, output.weight, blk.N.ffn_{gate,up,down}_exps.weight
// (shared experts are *_shexp and stay with the layers).
Role ggufRole(std::string_view name)
{
    if (name.starts_with("token_embd."))
        return Role::Embedding;
    if (name == "output.weight")
        return Role::OutputHead;
    if (name.find("_exps") != std::string_view::npos)
        return Role::RoutedExpert;
    return Role::Other;
}

// Hugging Face names: model.embed_tokens / transformer.wte / word_embeddings, lm_head,
// model.layers.N.mlp.experts.M.* or ...experts.gate_up_proj (never shared_expert(s)).
Role hfRole(std::string_view name)
{
    std::size_t start = 0;
    bool expert = false;
    while (start <= name.size()) {
        const std::size_t dot = std::min(name.find('.', start), name.size());
        const std::string_view part = name.substr(start, dot - start);
        if (part == "embed_tokens" || part == "wte" || part == "word_embeddings" || part == "tok_embeddings")
            return Role::Embedding;
        if (part == "lm_head")
            return Role::OutputHead;
        expert = expert || (part == "experts" && dot < name.size());
        start = dot + 1;
    }
    return expert ? Role::RoutedExpert : Role::Other;
}

/// The decoder block a tensor belongs to: N in "blk.N." (GGUF) or the language model's
/// "model.layers.N." (Hugging Face; a vision tower's own layers are not counted); -1 for the
/// tables, the final norm and any name past the largest block a model could have.
int blockOf(std::string_view name)
{
    std::size_t at = std::string_view::npos;
    for (std::string_view prefix :
         {"blk.", "model.layers.", "model.language_model.layers.", "language_model.model.layers."})
        if (name.starts_with(prefix))
            at = prefix.size();
    if (at == std::string_view::npos)
        return -1;
    int n = 0;
    std::size_t i = at;
    for (; i < name.size() && i < at + 4 && name[i] >= '0' && name[i] <= '9'; ++i)
        n = n * 10 + (name[i] - '0');
    return i > at && i < name.size() && name[i] == '.' ? n : -1;
}

// Sums tensors by storage type and by the roles placement cares about.
class Inventory {
public:
    explicit Inventory(ImportedModel &m) : m_model(m) {}

    void add(const std::string &type, std::uint64_t elements, std::uint64_t bytes, Role role, bool isParameter,
             int block = -1)
    {
        if (block >= 0 && role != Role::Embedding && role != Role::OutputHead) {
            std::vector<std::uint64_t> &v = role == Role::RoutedExpert ? m_blockExperts : m_blockLayers;
            if (v.size() <= std::size_t(block))
                v.resize(std::size_t(block) + 1, 0);
            v[std::size_t(block)] = checkedAdd(v[std::size_t(block)], bytes, "weight bytes");
        }
        TensorTypeStat &s = m_mix[type];
        s.type = type;
        s.tensors += 1;
        s.elements = checkedAdd(s.elements, elements, "element count");
        s.bytes = checkedAdd(s.bytes, bytes, "weight bytes");
        m_model.tensorCount += 1;
        m_model.weightsBytes = checkedAdd(m_model.weightsBytes, bytes, "weight bytes");
        const std::uint64_t params = isParameter ? elements : 0;
        m_model.parameters = checkedAdd(m_model.parameters, params, "parameter count");
        if (role == Role::Embedding) {
            m_model.embeddingBytes += bytes;
            m_model.embeddingParameters += params;
        } else if (role == Role::OutputHead) {
            m_model.outputHeadBytes += bytes;
        } else if (role == Role::RoutedExpert) {
            m_model.routedExpertBytes += bytes;
            m_model.routedExpertParameters += params;
        }
    }

    void finish()
    {
        const std::size_t blocks = std::max(m_blockLayers.size(), m_blockExperts.size());
        m_model.blockBytes = m_blockLayers;
        m_model.blockBytes.resize(blocks, 0);
        m_model.blockExpertBytes = m_blockExperts;
        m_model.blockExpertBytes.resize(blocks, 0);
        m_model.dtypeMix.clear();
        for (auto &[type, stat] : m_mix)
            m_model.dtypeMix.push_back(stat);
        std::stable_sort(m_model.dtypeMix.begin(), m_model.dtypeMix.end(),
                         [](const TensorTypeStat &a, const TensorTypeStat &b) { return a.bytes > b.bytes; });
    }

private:
    ImportedModel &m_model;
    std::map<std::string, TensorTypeStat> m_mix;
    std::vector<std::uint64_t> m_blockLayers, m_blockExperts;
};

std::uint64_t fileSizeOf(const std::string &path)
{
    std::error_code ec;
    const std::uint64_t size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

/// A latent-attention GGUF written before llama.cpp PR #12801 (April 2025): one attn_kv_b per
/// layer and no *.attention.key_length_mla, where later converters split attn_k_b/attn_v_b.
bool convertedBeforeLatentCache(const GgufHeader &h)
{
    for (const GgufTensorInfo &t : h.tensors)
        if (t.name.find(".attn_k_b.") != std::string::npos)
            return false;
    for (const auto &[key, value] : h.metadata)
        if (key.ends_with(".attention.key_length_mla"))
            return false;
    return true;
}

void addGguf(ImportedModel &m, Inventory &inv, const GgufHeader &h, const std::string &path, bool takeArchitecture)
{
    m.files.push_back(path);
    m.bytesRead += h.bytesRead;
    for (const GgufTensorInfo &t : h.tensors)
        inv.add(t.typeName, t.elements, t.bytes, ggufRole(t.name), true, blockOf(t.name));
    if (auto it = h.metadata.find("general.name"); it != h.metadata.end() && it->second.is_string() && m.name.empty())
        m.name = it->second.get<std::string>();
    if (auto it = h.metadata.find("general.file_type"); it != h.metadata.end() && it->second.is_number_unsigned())
        m.fileType = ggufFileTypeName(it->second.get<std::uint64_t>());
    if (!takeArchitecture || m.architecture)
        return;
    try {
        const nlohmann::json config = ggufToHfConfig(h, &m.warnings);
        m.architecture = architectureFromConfig(config, &m.warnings);
        m.contextLength = m.architecture->maxPositionEmbeddings;
        if (m.architecture->isMla() && convertedBeforeLatentCache(h)) {
            m.architecture->mlaCache = MlaCache::PerHead;
            m.warnings.push_back(path + ": converted before llama.cpp's latent KV cache (no attn_k_b tensors or "
                                        "key_length_mla): llama.cpp keeps every head's K and V for it");
        }
    } catch (const InputError &e) {
        // The tensor inventory is still exact; only the KV-cache shape is unknown.
        m.warnings.push_back(path + ": the metadata does not describe an architecture the planner can use (" +
                             e.info().field + ": " + e.info().reason + ")");
    }
}

// GGUF splits written by gguf-split: NAME-00001-of-00003.gguf (a hand-written scan, no regex:
// the names may come from a hub listing).
bool isSplitSet(const std::vector<std::string> &names)
{
    std::set<std::string> prefixes;
    std::set<unsigned long> parts;
    for (const std::string &n : names) {
        const std::optional<GgufSplitName> split = parseGgufSplitName(n);
        if (!split || split->count != names.size())
            return false;
        prefixes.insert(split->prefix);
        parts.insert(split->index);
    }
    // Every part 1..N exactly once.
    return prefixes.size() == 1 && parts.size() == names.size() && *parts.begin() == 1 &&
           *parts.rbegin() == names.size();
}

void addSafetensorsHeader(ImportedModel &m, Inventory &inv, const SafetensorsHeader &h, const std::string &path,
                          std::uint64_t &packedTensors)
{
    m.files.push_back(path);
    m.bytesRead += 8 + h.headerLength;
    for (const SafetensorsTensor &t : h.tensors) {
        inv.add(text::lowerAscii(t.dtype), t.elements, t.bytes, hfRole(t.name), t.floating, blockOf(t.name));
        if (!t.floating)
            ++packedTensors;
    }
    m.warnings.insert(m.warnings.end(), h.warnings.begin(), h.warnings.end());
}

void warnPacked(ImportedModel &m, std::uint64_t packedTensors)
{
    if (packedTensors == 0)
        return;
    m.warnings.push_back(std::to_string(packedTensors) +
                         " tensors are stored as integers (packed quantized weights such as GPTQ/AWQ qweight or "
                         "MXFP4 blocks, or their scales and indices); the parameter count sums the stored elements "
                         "of floating-point tensors only, while the weight bytes are exact");
}

void importSafetensorsFiles(ImportedModel &m, Inventory &inv, const std::vector<std::string> &paths)
{
    std::uint64_t packed = 0;
    for (const std::string &p : paths)
        addSafetensorsHeader(m, inv, readSafetensorsHeader(p), p, packed);
    warnPacked(m, packed);
}

void importSafetensorsIndex(ImportedModel &m, Inventory &inv, const std::string &indexPath)
{
    const SafetensorsIndex index = parseSafetensorsIndex(readSmallFile(indexPath, kSafetensorsMaxIndex), indexPath);
    m.files.push_back(indexPath);
    m.declaredTotalSize = index.totalSize;
    const fs::path folder = fs::path(indexPath).parent_path();
    std::uint64_t packed = 0;
    std::set<std::string> found;
    for (const std::string &shard : index.shards) {
        const std::string shardPath = (folder / shard).string();
        std::error_code ec;
        if (!fs::is_regular_file(shardPath, ec))
            throw InputError(ErrorInfo{indexPath, "weight_map", "names shard '" + shard + "', which is missing"});
        const SafetensorsHeader h = readSafetensorsHeader(shardPath);
        addSafetensorsHeader(m, inv, h, shardPath, packed);
        for (const SafetensorsTensor &t : h.tensors)
            found.insert(t.name);
    }
    std::uint64_t missing = 0;
    for (const auto &[tensor, shard] : index.weightMap)
        missing += found.count(tensor) ? 0 : 1;
    if (missing)
        m.warnings.push_back(indexPath + ": " + std::to_string(missing) +
                             " tensors of weight_map are not in the shards that it names");
    if (index.totalSize && *index.totalSize != m.weightsBytes)
        m.warnings.push_back(indexPath + ": metadata.total_size is " + std::to_string(*index.totalSize) +
                             " bytes but the shards' tensors hold " + std::to_string(m.weightsBytes));
    warnPacked(m, packed);
}

void takeConfig(ImportedModel &m, const std::string &path)
{
    HfConfig c = readHfConfig(path);
    m.files.push_back(path);
    m.bytesRead += fileSizeOf(path);
    m.architecture = c.architecture;
    m.contextLength = c.architecture.maxPositionEmbeddings;
    for (std::string &w : c.warnings)
        m.warnings.push_back(path + ": " + w);
}

bool isIndexName(const std::string &name)
{
    return text::endsWith(text::lowerAscii(name), ".safetensors.index.json");
}

void importFolder(ImportedModel &m, Inventory &inv, const std::string &dir)
{
    std::vector<std::string> safetensors, ggufs, indexes;
    std::string config;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fileEc;
        if (!it->is_regular_file(fileEc))
            continue;
        const std::string name = it->path().filename().string();
        const std::string low = text::lowerAscii(name);
        if (name == "config.json")
            config = it->path().string();
        else if (isIndexName(name))
            indexes.push_back(name);
        else if (text::endsWith(low, ".safetensors"))
            safetensors.push_back(name);
        else if (text::endsWith(low, ".gguf"))
            ggufs.push_back(name);
    }
    if (ec)
        throw InputError(ErrorInfo{dir, std::string(), "cannot be listed (" + ec.message() + ")"});
    if (config.empty() && safetensors.empty() && ggufs.empty() && indexes.empty())
        throw InputError(ErrorInfo{dir, std::string(), "holds no config.json, *.safetensors or *.gguf file"});
    std::sort(safetensors.begin(), safetensors.end());
    std::sort(ggufs.begin(), ggufs.end());
    std::sort(indexes.begin(), indexes.end());
    auto inDir = [&dir](const std::string &n) { return (fs::path(dir) / n).string(); };

    if (!config.empty())
        takeConfig(m, config);
    if (!indexes.empty()) {
        if (indexes.size() > 1)
            m.warnings.push_back(dir + ": several safetensors indexes; read " + indexes.front());
        importSafetensorsIndex(m, inv, inDir(indexes.front()));
    } else if (!safetensors.empty()) {
        std::vector<std::string> paths;
        for (const std::string &n : safetensors)
            paths.push_back(inDir(n));
        importSafetensorsFiles(m, inv, paths);
    }
    if (!ggufs.empty() && (!indexes.empty() || !safetensors.empty())) {
        m.warnings.push_back(dir + ": the GGUF files were not read; the safetensors checkpoint was sized instead");
    } else if (ggufs.size() == 1 || (!ggufs.empty() && isSplitSet(ggufs))) {
        // The parts of a split set hold different tensors. Copies of one file named as
        // parts would otherwise be added up (two identical GGUFs, twice the weights).
        std::map<std::string, std::string> owner;
        for (const std::string &n : ggufs) {
            const GgufHeader h = readGgufHeader(inDir(n));
            for (const GgufTensorInfo &t : h.tensors)
                if (auto [it, fresh] = owner.emplace(t.name, n); !fresh)
                    throw InputError(ErrorInfo{inDir(n), std::string(),
                                               "repeats tensor '" + t.name + "' of " + it->second +
                                                   ": the files are copies, not the parts of one split set"});
            addGguf(m, inv, h, inDir(n), true);
        }
    } else if (ggufs.size() > 1) {
        throw InputError(ErrorInfo{dir, std::string(),
                                   "holds " + std::to_string(ggufs.size()) +
                                       " GGUF files of different models or quantizations; "
                                       "choose one of them"});
    }
    m.name = m.name.empty() ? fs::path(dir).filename().string() : m.name;
}

enum class FileKind { Gguf, Safetensors, Index, Config };

FileKind sniff(const std::string &path)
{
    const std::string low = text::lowerAscii(fs::path(path).filename().string());
    if (text::endsWith(low, ".gguf"))
        return FileKind::Gguf;
    if (isIndexName(low))
        return FileKind::Index;
    if (text::endsWith(low, ".safetensors"))
        return FileKind::Safetensors;
    if (text::endsWith(low, ".json"))
        return FileKind::Config;
    // No telling extension: look at the first bytes.
    char head[9] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(head, sizeof head);
    const std::streamsize got = in.gcount();
    if (got >= 4 && std::string_view(head, 4) == "GGUF")
        return FileKind::Gguf;
    if (got == 9 && head[8] == '{')
        return FileKind::Safetensors;
    for (std::streamsize i = 0; i < got; ++i) {
        if (head[i] == '{')
            return FileKind::Config;
        if (!std::isspace(static_cast<unsigned char>(head[i])))
            break;
    }
    throw InputError(ErrorInfo{path, std::string(), "is not a GGUF, safetensors or config.json file"});
}

void importFile(ImportedModel &m, Inventory &inv, const std::string &path)
{
    switch (sniff(path)) {
    case FileKind::Gguf:
        m.kind = "gguf";
        addGguf(m, inv, readGgufHeader(path), path, true);
        break;
    case FileKind::Safetensors:
        m.kind = "safetensors";
        importSafetensorsFiles(m, inv, {path});
        break;
    case FileKind::Index:
        m.kind = "safetensors";
        importSafetensorsIndex(m, inv, path);
        break;
    case FileKind::Config:
        m.kind = "config";
        takeConfig(m, path);
        break;
    }
    if (m.name.empty()) {
        const fs::path p(path);
        // A checkpoint file is named after its role; its folder is named after the model.
        m.name = m.kind == "gguf" ? p.stem().string() : p.parent_path().filename().string();
        if (m.name.empty())
            m.name = p.stem().string();
    }
}

void crossCheck(ImportedModel &m)
{
    if (!m.architecture)
        return;
    try {
        m.architectureParameters = countParameters(*m.architecture).total();
    } catch (const std::exception &e) {
        m.warnings.push_back(std::string("the architecture's parameter count cannot be computed: ") + e.what());
        return;
    }
    if (m.tensorCount == 0 || m.parameters == 0)
        return;
    const std::uint64_t a = m.architectureParameters, b = m.parameters;
    const std::uint64_t diff = a > b ? a - b : b - a;
    if (diff > b / 100)
        m.warnings.push_back("the architecture describes " + std::to_string(a) + " parameters but the tensors hold " +
                             std::to_string(b) + " (vision towers, extra heads or packed weights make them differ)");
}

} // namespace

ImportedModel importModel(const std::string &path)
{
    ImportedModel m;
    m.path = path;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    // A FIFO or device would block the first read forever (and at every start when a
    // restored scenario names it): check the type before anything opens the file.
    // Same wording as every other input file (a symlink loop is not "missing").
    if (!fs::is_directory(status))
        if (const std::string problem = inputFileProblem(path); !problem.empty())
            throw InputError(ErrorInfo{path, std::string(), problem});
    Inventory inv(m);
    try {
        if (fs::is_directory(status)) {
            m.kind = "folder";
            importFolder(m, inv, path);
        } else {
            importFile(m, inv, path);
        }
    } catch (const OverflowError &e) {
        throw InputError(ErrorInfo{path, std::string(), e.what()});
    } catch (const nlohmann::json::exception &e) {
        throw InputError(ErrorInfo{path, std::string(), std::string("unexpected JSON content (") + e.what() + ")"});
    }
    inv.finish();
    crossCheck(m);
    return m;
}

namespace {

// The source-backed twins of takeConfig, importSafetensorsIndex and the GGUF branch of
// importFolder: same parsers, same checks, same warnings; only the bytes come from
// ModelFileSource instead of a path.
class SourceReader {
public:
    SourceReader(ModelFileSource &source, ImportedModel &m, Inventory &inv) : m_src(source), m_m(m), m_inv(inv) {}

    ByteFetch fetch(const std::string &file)
    {
        return [this, file](std::uint64_t offset, std::uint8_t *dst, std::size_t n) {
            return m_src.read(file, offset, dst, n);
        };
    }

    std::string small(const std::string &file, std::uint64_t cap)
    {
        const std::uint64_t size = m_src.fileSize(file);
        if (size > cap)
            throw InputError(ErrorInfo{m_src.displayName(file), std::string(),
                                       "is " + std::to_string(size) + " bytes, larger than the " +
                                           std::to_string(cap >> 20) + " MiB limit"});
        std::string text(size, '\0');
        if (m_src.read(file, 0, reinterpret_cast<std::uint8_t *>(text.data()), size) != size)
            throw InputError(ErrorInfo{m_src.displayName(file), std::string(), "could not be read whole"});
        return text;
    }

    void config(const std::string &file)
    {
        const std::string shown = m_src.displayName(file);
        const std::string text = small(file, kConfigMaxBytes);
        HfConfig c = parseHfConfig(text, shown);
        m_m.files.push_back(shown);
        m_m.bytesRead += text.size();
        m_m.architecture = c.architecture;
        m_m.contextLength = c.architecture.maxPositionEmbeddings;
        for (std::string &w : c.warnings)
            m_m.warnings.push_back(shown + ": " + w);
    }

    SafetensorsHeader safetensors(const std::string &file)
    {
        return readSafetensorsHeader(fetch(file), m_src.fileSize(file), m_src.displayName(file));
    }

    void safetensorsFiles(const std::vector<std::string> &files)
    {
        std::uint64_t packed = 0;
        for (const std::string &f : files)
            addSafetensorsHeader(m_m, m_inv, safetensors(f), m_src.displayName(f), packed);
        warnPacked(m_m, packed);
    }

    void safetensorsIndex(const std::string &file)
    {
        const std::string shown = m_src.displayName(file);
        const SafetensorsIndex index = parseSafetensorsIndex(small(file, kSafetensorsMaxIndex), shown);
        m_m.files.push_back(shown);
        m_m.declaredTotalSize = index.totalSize;
        const std::string folder =
            file.find('/') == std::string::npos ? std::string() : file.substr(0, file.rfind('/') + 1);
        std::uint64_t packed = 0;
        std::set<std::string> found;
        for (const std::string &shard : index.shards) {
            const std::string shardFile = folder + shard;
            if (!m_src.exists(shardFile))
                throw InputError(ErrorInfo{shown, "weight_map", "names shard '" + shard + "', which is missing"});
            const SafetensorsHeader h = safetensors(shardFile);
            addSafetensorsHeader(m_m, m_inv, h, m_src.displayName(shardFile), packed);
            for (const SafetensorsTensor &t : h.tensors)
                found.insert(t.name);
        }
        std::uint64_t missing = 0;
        for (const auto &[tensor, shard] : index.weightMap)
            missing += found.count(tensor) ? 0 : 1;
        if (missing)
            m_m.warnings.push_back(shown + ": " + std::to_string(missing) +
                                   " tensors of weight_map are not in the shards that it names");
        if (index.totalSize && *index.totalSize != m_m.weightsBytes)
            m_m.warnings.push_back(shown + ": metadata.total_size is " + std::to_string(*index.totalSize) +
                                   " bytes but the shards' tensors hold " + std::to_string(m_m.weightsBytes));
        warnPacked(m_m, packed);
    }

    void ggufs(const std::vector<std::string> &files)
    {
        std::map<std::string, std::string> owner;
        for (const std::string &f : files) {
            const std::string shown = m_src.displayName(f);
            const GgufHeader h = readGgufHeader(fetch(f), m_src.fileSize(f), shown);
            for (const GgufTensorInfo &t : h.tensors)
                if (auto [it, fresh] = owner.emplace(t.name, f); !fresh)
                    throw InputError(ErrorInfo{shown, std::string(),
                                               "repeats tensor '" + t.name + "' of " + it->second +
                                                   ": the files are copies, not the parts of one split set"});
            addGguf(m_m, m_inv, h, shown, true);
        }
    }

private:
    ModelFileSource &m_src;
    ImportedModel &m_m;
    Inventory &m_inv;
};

std::string baseName(const std::string &file)
{
    const std::size_t slash = file.rfind('/');
    return slash == std::string::npos ? file : file.substr(slash + 1);
}

} // namespace

ImportedModel importFromSource(ModelFileSource &source, const std::vector<std::string> &files, const std::string &path,
                               const std::string &name)
{
    ImportedModel m;
    m.path = path;
    m.kind = "repository";
    std::string config;
    std::vector<std::string> safetensors, ggufs, indexes;
    for (const std::string &f : files) {
        const std::string low = text::lowerAscii(baseName(f));
        if (baseName(f) == "config.json")
            config = f;
        else if (isIndexName(low))
            indexes.push_back(f);
        else if (text::endsWith(low, ".safetensors"))
            safetensors.push_back(f);
        else if (text::endsWith(low, ".gguf"))
            ggufs.push_back(f);
    }
    if (config.empty() && safetensors.empty() && ggufs.empty() && indexes.empty())
        throw InputError(ErrorInfo{path, std::string(), "holds no config.json, *.safetensors or *.gguf file"});
    std::sort(safetensors.begin(), safetensors.end());
    std::sort(ggufs.begin(), ggufs.end());
    std::sort(indexes.begin(), indexes.end());
    Inventory inv(m);
    SourceReader reader(source, m, inv);
    try {
        if (!config.empty())
            reader.config(config);
        if (!indexes.empty())
            reader.safetensorsIndex(indexes.front());
        else if (!safetensors.empty())
            reader.safetensorsFiles(safetensors);
        else if (!ggufs.empty())
            reader.ggufs(ggufs);
    } catch (const OverflowError &e) {
        throw InputError(ErrorInfo{path, std::string(), e.what()});
    } catch (const nlohmann::json::exception &e) {
        throw InputError(ErrorInfo{path, std::string(), std::string("unexpected JSON content (") + e.what() + ")"});
    }
    m.name = m.name.empty() ? name : m.name;
    inv.finish();
    crossCheck(m);
    return m;
}

nlohmann::json importedModelToJson(const ImportedModel &m)
{
    json model = {
        {"name", m.name},
        {"parameters", m.parameters},
        {"weights_bytes", m.weightsBytes},
        {"weights_evidence", std::string(evidenceId(m.tensorCount ? Evidence::Measured : Evidence::Calculated))},
        {"embedding_bytes", m.embeddingBytes},
        {"output_head_bytes", m.outputHeadBytes},
        {"routed_expert_bytes", m.routedExpertBytes},
        {"embedding_parameters", m.embeddingParameters},
        {"routed_expert_parameters", m.routedExpertParameters},
        {"architecture_parameters", m.architectureParameters},
        {"context_length", m.contextLength},
    };
    if (m.architecture)
        model["architecture"] = configFromArchitecture(*m.architecture);
    if (!m.fileType.empty())
        model["file_type"] = m.fileType;
    json mix = json::array();
    for (const TensorTypeStat &s : m.dtypeMix)
        mix.push_back({{"type", s.type}, {"tensors", s.tensors}, {"elements", s.elements}, {"bytes", s.bytes}});
    json out = {
        {"model", std::move(model)},
        {"path", m.path},
        {"kind", m.kind},
        {"files", m.files},
        {"tensor_count", m.tensorCount},
        {"dtype_mix", std::move(mix)},
        {"bytes_read", m.bytesRead},
        {"warnings", m.warnings},
    };
    if (m.declaredTotalSize)
        out["declared_total_size"] = *m.declaredTotalSize;
    return out;
}

} // namespace memplan
