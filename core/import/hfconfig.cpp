#include "hfconfig.h"

#include "../bytes.h"
#include "../error.h"
#include "files/jsonutil.h"
#include "model/modelconfig.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>

namespace memplan {

namespace {

// A scan before the real parse finds excessive nesting with its offset, so a
// hostile file fails with a position instead of a deep tree being built.
void checkDepth(std::string_view text, const std::string &file, std::uint64_t base)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kJsonMaxDepth)
                throw InputError(
                    ErrorInfo{file, "offset " + std::to_string(base + i),
                              "JSON is nested more than " + std::to_string(kJsonMaxDepth) + " levels deep"});
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
}

} // namespace

void checkJsonDepth(std::string_view text, const std::string &file, std::uint64_t baseOffset)
{
    checkDepth(text, file, baseOffset);
}

nlohmann::json parseJsonBounded(std::string_view text, const std::string &file, std::uint64_t baseOffset)
{
    checkDepth(text, file, baseOffset);
    auto keys = std::make_shared<jsonutil::KeyTracker>();
    try {
        // The tracker refuses repeated keys: nlohmann would keep the last one silently.
        return nlohmann::json::parse(text.begin(), text.end(),
                                     [keys](int depth, nlohmann::json::parse_event_t event, nlohmann::json &parsed) {
                                         return (*keys)(depth, event, parsed);
                                     });
    } catch (const InputError &e) {
        throw e.inFile(file);
    } catch (const nlohmann::json::parse_error &e) {
        // e.what() repeats the byte position; keep the lexer's own explanation only.
        std::string reason = e.what();
        if (const auto colon = reason.rfind(": "); colon != std::string::npos)
            reason = reason.substr(colon + 2);
        throw InputError(ErrorInfo{file, "offset " + std::to_string(baseOffset + (e.byte ? e.byte - 1 : 0)),
                                   "is not valid JSON (" + reason + ")"});
    } catch (const nlohmann::json::exception &e) {
        // Found by fuzz_safetensors: a number such as 1e9999 overflows a double and
        // is reported as out_of_range, not as a parse error.
        std::string reason = e.what();
        if (const auto bracket = reason.find("] "); bracket != std::string::npos)
            reason = reason.substr(bracket + 2);
        throw InputError(ErrorInfo{file, std::string(), "is not usable JSON (" + reason + ")"});
    }
}

std::string readSmallFile(const std::string &path, std::uint64_t maxBytes)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw InputError(ErrorInfo{path, std::string(), "is not a readable file"});
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec)
        throw InputError(ErrorInfo{path, std::string(), "cannot be read (" + ec.message() + ")"});
    if (size > maxBytes)
        throw InputError(ErrorInfo{path, std::string(),
                                   "is " + std::to_string(size) + " bytes, more than the " + std::to_string(maxBytes) +
                                       " bytes accepted"});
    std::ifstream in(path, std::ios::binary);
    std::string text(size, '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (!in || static_cast<std::uint64_t>(in.gcount()) != size)
        throw InputError(ErrorInfo{path, std::string(), "cannot be read"});
    return text;
}

namespace {

// Keys a real config.json leaves out because the transformers class has a default:
// Gemma 3's multimodal configs omit vocab_size in text_config (Gemma3TextConfig: 262208),
// Cohere's omit tie_word_embeddings (CohereConfig: true).
void applyClassDefaults(nlohmann::json &config, std::vector<std::string> &warnings)
{
    if (!config.is_object())
        return;
    nlohmann::json *c = &config;
    if (auto tc = config.find("text_config"); tc != config.end() && tc->is_object())
        c = &*tc;
    const auto type = c->find("model_type");
    if (type == c->end() || !type->is_string())
        return;
    const std::string t = type->get<std::string>();
    if ((t == "gemma3_text" || t == "gemma3") && !c->contains("vocab_size") && !config.contains("vocab_size")) {
        (*c)["vocab_size"] = 262208;
        warnings.push_back("vocab_size is not in the config; Gemma3TextConfig's default 262208 was used");
    }
    if ((t == "cohere" || t == "cohere2") && !c->contains("tie_word_embeddings"))
        (*c)["tie_word_embeddings"] = true;
}

// Found by fuzz_config: architectureFromConfig converts a float count to an integer
// before checking its range, which is undefined behaviour past 2^64 (5.6e60 as
// hidden_size). Such numbers are rejected here until modelconfig.cpp checks first.
void rejectHugeCounts(const nlohmann::json &level, const std::string &prefix)
{
    static const std::array kAliases = {"d_model",     "num_heads",           "n_inner",
                                        "n_positions", "max_sequence_length", "moe_topk"};
    for (auto it = level.begin(); it != level.end(); ++it) {
        const std::string &key = it.key();
        const bool read = isArchitectureKey(key) || std::find(kAliases.begin(), kAliases.end(), key) != kAliases.end();
        if (read && it->is_number_float() && !(std::abs(it->get<double>()) < 1.8e19))
            throw InputError(prefix + key, "is too large a number (" + it->dump() + ")");
    }
}

} // namespace

HfConfig parseHfConfig(std::string_view text, const std::string &file)
{
    if (text.size() > kConfigMaxBytes)
        throw InputError(
            ErrorInfo{file, std::string(),
                      "is larger than the " + std::to_string(kConfigMaxBytes) + " bytes a config.json may have"});
    HfConfig c;
    c.json = parseJsonBounded(text, file);
    try {
        if (c.json.is_object()) {
            rejectHugeCounts(c.json, std::string());
            if (auto tc = c.json.find("text_config"); tc != c.json.end() && tc->is_object())
                rejectHugeCounts(*tc, "text_config.");
        }
        nlohmann::json completed = c.json;
        applyClassDefaults(completed, c.warnings);
        c.architecture = architectureFromConfig(completed, &c.warnings);
    } catch (const InputError &e) {
        throw e.inFile(file);
    } catch (const OverflowError &e) {
        throw InputError(ErrorInfo{file, std::string(), e.what()});
    } catch (const nlohmann::json::exception &e) {
        // A key of an unexpected JSON type that the mapping did not check.
        throw InputError(
            ErrorInfo{file, std::string(), std::string("has a value of the wrong type (") + e.what() + ")"});
    }
    return c;
}

HfConfig readHfConfig(const std::string &path)
{
    return parseHfConfig(readSmallFile(path, kConfigMaxBytes), path);
}

} // namespace memplan
