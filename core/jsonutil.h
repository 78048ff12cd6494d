#pragma once
// Strict readers for the project's own JSON files (scenarios, presets): every
// failure names the dotted key path and says what was expected.

#include "bytes.h"
#include "error.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>

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

} // namespace memplan::jsonutil
