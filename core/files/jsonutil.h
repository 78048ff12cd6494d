#pragma once
// Strict readers for the project's own JSON files (scenarios, presets): every
// failure names the dotted key path and says what was expected.

#include "bytes.h"
#include "error.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <set>
#include <string>
#include <vector>

namespace memplan::jsonutil {

using nlohmann::json;

std::string join(const std::string &path, const std::string &key);

const json &require(const json &obj, const char *key, const std::string &path);
const json *optional(const json &obj, const char *key);

std::uint64_t toCount(const json &v, const std::string &path, std::uint64_t min, std::uint64_t max);
double toNumber(const json &v, const std::string &path, double min, double max);
std::string toString(const json &v, const std::string &path);
bool toBool(const json &v, const std::string &path);

std::uint64_t count(const json &obj, const char *key, const std::string &path, std::uint64_t min, std::uint64_t max,
                    std::uint64_t fallback);
double number(const json &obj, const char *key, const std::string &path, double min, double max, double fallback);
std::string string(const json &obj, const char *key, const std::string &path, const std::string &fallback = {});
bool boolean(const json &obj, const char *key, const std::string &path, bool fallback);

void requireObject(const json &v, const std::string &path);
/// Throws naming the first key of obj that is not in allowed.
void rejectUnknown(const json &obj, std::initializer_list<const char *> allowed, const std::string &path);

/// A parser callback for json::parse that nlohmann itself does not provide:
/// it rejects a key repeated within one object (nlohmann silently keeps the last,
/// so a scenario with two "context_tokens" meant whichever came second), and it
/// remembers the dotted path of the key being read, so an error the lexer raises
/// afterwards (a number past the double range) can still name the key.
class KeyTracker {
public:
    bool operator()(int depth, json::parse_event_t event, json &parsed);
    /// "workload.context_tokens": the key whose value is being read.
    std::string path() const;

private:
    std::vector<std::set<std::string>> m_seen; ///< keys of each open object, by depth
    std::vector<std::string> m_path;
};

} // namespace memplan::jsonutil
