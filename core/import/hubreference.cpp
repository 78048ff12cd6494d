#include "hubreference.h"

#include "../error.h"
#include "ggufsplitname.h"
#include "text.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace memplan {

namespace {

bool hasDotDot(const std::string &s)
{
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t slash = std::min(s.find('/', start), s.size());
        if (s.compare(start, slash - start, "..") == 0 && slash - start == 2)
            return true;
        start = slash + 1;
    }
    return false;
}

bool atRoot(const std::string &f)
{
    return f.find('/') == std::string::npos;
}

// "model-Q4_K_M.gguf" names Q4_K_M when the quant stands between separators. Unsloth's dynamic
// files ("model-UD-Q4_K_XL.gguf") are a recipe of their own: Q4_K_XL names one only when no other
// file matches (withDynamic), so a repository holding both a Q4_K_M and a UD-Q4_K_M file still
// gives the stock one for Q4_K_M (core/model/ggufrecipe.h).
bool namesQuant(const std::string &file, const std::string &quant, bool withDynamic)
{
    const std::string f = text::lowerAscii(file), q = text::lowerAscii(quant);
    for (std::size_t at = f.find(q); at != std::string::npos; at = f.find(q, at + 1)) {
        // "…-ud-q4_k_xl": the word before the quant is "ud".
        const bool dynamic = at >= 3 && f.compare(at - 3, 2, "ud") == 0 &&
                             !std::isalnum(static_cast<unsigned char>(f[at - 1])) &&
                             (at == 3 || !std::isalnum(static_cast<unsigned char>(f[at - 4])));
        if (dynamic && !withDynamic)
            continue;
        const bool before = at == 0 || !std::isalnum(static_cast<unsigned char>(f[at - 1]));
        const std::size_t end = at + q.size();
        const bool after =
            end == f.size() || !std::isalnum(static_cast<unsigned char>(f[end])) || f.compare(end, 5, ".gguf") == 0;
        if (before && after && !(end < f.size() && f[end] == '_'))
            return true;
    }
    return false;
}

// NAME-00001-of-00003.gguf -> every listed part of that set. No regex: listed names are as long
// as the server makes them (docs/reliability.md).
std::vector<std::string> splitParts(const std::vector<std::string> &listing, const std::string &file)
{
    const std::optional<GgufSplitName> split = parseGgufSplitName(file);
    if (!split)
        return {file};
    std::vector<std::string> parts;
    for (const std::string &f : listing) {
        const std::optional<GgufSplitName> p = parseGgufSplitName(f);
        if (p && p->prefix == split->prefix && p->count == split->count)
            parts.push_back(f);
    }
    std::sort(parts.begin(), parts.end());
    return parts;
}

std::string joinedNames(const std::vector<std::string> &names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < 12; ++i)
        out += (i ? ", " : "") + names[i];
    return names.size() > 12 ? out + ", ..." : out;
}

} // namespace

std::string HubReference::text() const
{
    std::string out = repo;
    if (revision != "main")
        out += "@" + revision;
    if (!file.empty())
        out += ":" + file;
    else if (!quant.empty())
        out += ":" + quant;
    return out;
}

std::optional<HubReference> parseHubReference(const std::string &input)
{
    std::string text = input;
    for (const char *prefix : {"hf://", "https://huggingface.co/", "huggingface.co/"})
        if (text.rfind(prefix, 0) == 0) {
            text = text.substr(std::string_view(prefix).size());
            break;
        }
    // org/name, then @revision, then :file-or-quant; Hugging Face names use [A-Za-z0-9._-]. The
    // longest text the pattern accepts is 475 characters: longer text is refused before std::regex,
    // whose backtracking recursion grows with the input (a scenario's model.hub is untrusted).
    if (text.size() > kMaxHubReferenceLength)
        return std::nullopt;
    static const std::regex form(
        R"(([A-Za-z0-9][A-Za-z0-9._-]{0,95})/([A-Za-z0-9][A-Za-z0-9._-]{0,95})(?:@([A-Za-z0-9._-]{1,80}))?(?::([A-Za-z0-9._/-]{1,200}))?)");
    std::smatch m;
    if (!std::regex_match(text, m, form))
        return std::nullopt;
    HubReference ref;
    ref.repo = m[1].str() + "/" + m[2].str();
    if (m[3].matched)
        ref.revision = m[3].str();
    if (m[4].matched) {
        const std::string sel = m[4].str();
        if (sel.find('.') != std::string::npos || sel.find('/') != std::string::npos)
            ref.file = sel;
        else
            ref.quant = sel;
    }
    if (hasDotDot(ref.repo) || hasDotDot(ref.revision) || hasDotDot(ref.file) || ref.file.rfind('/', 0) == 0)
        return std::nullopt;
    return ref;
}

std::vector<std::string> chooseHubFiles(const std::vector<std::string> &listing, const HubReference &ref)
{
    auto fail = [&ref](const std::string &reason) { throw InputError(ErrorInfo{ref.text(), std::string(), reason}); };
    auto listed = [&listing](const std::string &f) {
        return std::find(listing.begin(), listing.end(), f) != listing.end();
    };
    std::vector<std::string> ggufs;
    for (const std::string &f : listing)
        if (text::endsWith(text::lowerAscii(f), ".gguf"))
            ggufs.push_back(f);
    std::sort(ggufs.begin(), ggufs.end());

    if (!ref.file.empty()) {
        if (!listed(ref.file))
            fail("has no file '" + ref.file + "'");
        if (text::endsWith(text::lowerAscii(ref.file), ".gguf"))
            return splitParts(listing, ref.file);
        std::vector<std::string> out;
        if (listed("config.json") && ref.file != "config.json")
            out.push_back("config.json");
        out.push_back(ref.file);
        return out;
    }
    std::string quant = ref.quant;
    if (quant.empty()) {
        std::vector<std::string> out;
        if (listed("config.json"))
            out.push_back("config.json");
        std::vector<std::string> indexes, shards;
        for (const std::string &f : listing)
            if (atRoot(f) && text::endsWith(text::lowerAscii(f), ".safetensors.index.json"))
                indexes.push_back(f);
            else if (atRoot(f) && text::endsWith(text::lowerAscii(f), ".safetensors"))
                shards.push_back(f);
        std::sort(indexes.begin(), indexes.end());
        std::sort(shards.begin(), shards.end());
        if (!indexes.empty()) {
            // model.safetensors.index.json over others (consolidated/adapter indexes).
            const auto preferred = std::find(indexes.begin(), indexes.end(), "model.safetensors.index.json");
            out.push_back(preferred != indexes.end() ? *preferred : indexes.front());
            return out;
        }
        if (!shards.empty()) {
            out.insert(out.end(), shards.begin(), shards.end());
            return out;
        }
        if (ggufs.size() == 1)
            return splitParts(listing, ggufs.front());
        if (ggufs.empty()) {
            if (!out.empty())
                return out;
            fail("has no config.json, safetensors or GGUF file");
        }
        quant = kDefaultGgufQuant;
    }
    auto matching = [&](bool withDynamic) {
        std::vector<std::string> m;
        for (const std::string &f : ggufs)
            if (namesQuant(f, quant, withDynamic))
                m.push_back(f);
        return m;
    };
    std::vector<std::string> matches = matching(false);
    if (matches.empty())
        matches = matching(true);
    if (matches.empty())
        fail("has no GGUF file of quantization " + quant +
             (ggufs.empty() ? std::string() : " (it has " + joinedNames(ggufs) + ")") + "; name one as " + ref.repo +
             ":FILE.gguf or " + ref.repo + ":QUANT");
    const std::vector<std::string> parts = splitParts(listing, matches.front());
    for (const std::string &f : matches)
        if (std::find(parts.begin(), parts.end(), f) == parts.end())
            fail("has several GGUF files of quantization " + quant + " (" + joinedNames(matches) + "); name one as " +
                 ref.repo + ":FILE.gguf");
    return parts;
}

} // namespace memplan
