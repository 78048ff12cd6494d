#include "files/jsonutil.h"

#include <cmath>

namespace memplan::jsonutil {

std::string join(const std::string &path, const std::string &key)
{
    return path.empty() ? key : path + "." + key;
}

const json &require(const json &obj, const char *key, const std::string &path)
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        throw InputError(join(path, key), "is missing");
    return *it;
}

const json *optional(const json &obj, const char *key)
{
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
}

std::uint64_t toCount(const json &v, const std::string &path, std::uint64_t min, std::uint64_t max)
{
    const std::string range = "must be a whole number between " + std::to_string(min) + " and " + std::to_string(max);
    std::uint64_t n = 0;
    if (v.is_number_unsigned()) {
        n = v.get<std::uint64_t>();
    } else if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        if (i < 0)
            throw InputError(path, range);
        n = static_cast<std::uint64_t>(i);
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!(d >= 0) || d != std::floor(d) || d > 1.8e19)
            throw InputError(path, range);
        n = static_cast<std::uint64_t>(d);
    } else {
        throw InputError(path, range);
    }
    if (n < min || n > max)
        throw InputError(path, range);
    return n;
}

double toNumber(const json &v, const std::string &path, double min, double max)
{
    if (!v.is_number())
        throw InputError(path, "must be a number");
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "must be between %g and %g", min, max);
        throw InputError(path, buf);
    }
    return d;
}

std::string toString(const json &v, const std::string &path)
{
    if (!v.is_string())
        throw InputError(path, "must be a string");
    return v.get<std::string>();
}

bool toBool(const json &v, const std::string &path)
{
    if (!v.is_boolean())
        throw InputError(path, "must be true or false");
    return v.get<bool>();
}

std::uint64_t count(const json &obj, const char *key, const std::string &path, std::uint64_t min, std::uint64_t max,
                    std::uint64_t fallback)
{
    const json *v = optional(obj, key);
    return v ? toCount(*v, join(path, key), min, max) : fallback;
}

double number(const json &obj, const char *key, const std::string &path, double min, double max, double fallback)
{
    const json *v = optional(obj, key);
    return v ? toNumber(*v, join(path, key), min, max) : fallback;
}

std::string string(const json &obj, const char *key, const std::string &path, const std::string &fallback)
{
    const json *v = optional(obj, key);
    return v ? toString(*v, join(path, key)) : fallback;
}

bool boolean(const json &obj, const char *key, const std::string &path, bool fallback)
{
    const json *v = optional(obj, key);
    return v ? toBool(*v, join(path, key)) : fallback;
}

void requireObject(const json &v, const std::string &path)
{
    if (!v.is_object())
        throw InputError(path.empty() ? std::string("(top level)") : path, "must be a JSON object");
}

void rejectUnknown(const json &obj, std::initializer_list<const char *> allowed, const std::string &path)
{
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        bool ok = false;
        for (const char *a : allowed)
            ok = ok || it.key() == a;
        if (!ok)
            throw InputError(join(path, it.key()), "is not a known key");
    }
}

bool KeyTracker::operator()(int depth, json::parse_event_t event, json &parsed)
{
    // nlohmann reports an object's start at the depth outside it and its keys one deeper.
    const auto d = std::size_t(depth);
    if (event == json::parse_event_t::object_start) {
        if (m_seen.size() < d + 1)
            m_seen.resize(d + 1);
        m_seen[d].clear();
    } else if (event == json::parse_event_t::key && d >= 1) {
        m_path.resize(d - 1);
        m_path.push_back(parsed.is_string() ? parsed.get<std::string>() : parsed.dump());
        if (m_seen.size() < d)
            m_seen.resize(d);
        if (!m_seen[d - 1].insert(m_path.back()).second)
            throw InputError(path(), "appears twice in the same object (each key may be given once)");
    }
    return true;
}

std::string KeyTracker::path() const
{
    std::string out;
    for (const std::string &k : m_path)
        if (!k.empty())
            out += (out.empty() ? "" : ".") + k;
    return out.empty() ? std::string("(document)") : out;
}

} // namespace memplan::jsonutil
