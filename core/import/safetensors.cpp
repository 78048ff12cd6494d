#include "safetensors.h"

#include "../bytes.h"
#include "../error.h"
#include "hfconfig.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <set>

namespace memplan {

namespace {

struct Dtype {
    std::string_view name;
    std::uint32_t bits;
    bool floating;
};

// safetensors' Dtype enum. The sub-byte float types come from MX/NVFP4 exports;
// F8_E8M0 is a block-scale format, not a weight.
constexpr std::array kDtypes = {
    Dtype{"F64", 64, true},    Dtype{"F32", 32, true},     Dtype{"F16", 16, true},    Dtype{"BF16", 16, true},
    Dtype{"F8_E4M3", 8, true}, Dtype{"F8_E5M2", 8, true},  Dtype{"F6_E2M3", 6, true}, Dtype{"F6_E3M2", 6, true},
    Dtype{"F4", 4, true},      Dtype{"F8_E8M0", 8, false}, Dtype{"I64", 64, false},   Dtype{"I32", 32, false},
    Dtype{"I16", 16, false},   Dtype{"I8", 8, false},      Dtype{"U64", 64, false},   Dtype{"U32", 32, false},
    Dtype{"U16", 16, false},   Dtype{"U8", 8, false},      Dtype{"BOOL", 8, false},   Dtype{"C64", 64, true},
};

const Dtype *findDtype(std::string_view name)
{
    for (const Dtype &d : kDtypes)
        if (d.name == name)
            return &d;
    return nullptr;
}

std::uint64_t readLe64(const std::uint8_t *p)
{
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

/// A non-negative whole JSON number, or nothing.
std::optional<std::uint64_t> whole(const nlohmann::json &v)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (v.is_number_integer())
        return std::nullopt; // negative
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d >= 0 && d < 1.8e19 && d == static_cast<double>(static_cast<std::uint64_t>(d)))
            return static_cast<std::uint64_t>(d);
    }
    return std::nullopt;
}

// One tensor entry as the stream parser saw it: each field's value, or what was
// wrong with its type. Checked by HeaderReader::tensor() once the entry closes.
struct RawEntry {
    enum class State { Missing, Ok, WrongType };
    State dtype = State::Missing;
    std::string dtypeName;
    State shape = State::Missing;
    std::vector<std::uint64_t> dims;
    std::size_t shapeCount = 0;
    std::string badDim; ///< the first shape element that is not a whole number, as written
    State offsets = State::Missing;
    std::vector<std::optional<std::uint64_t>> offsetValues;
};

class HeaderReader {
public:
    HeaderReader(const std::string &file, std::uint64_t dataSize) : m_file(file), m_dataSize(dataSize) {}

    [[noreturn]] void fail(const std::string &field, const std::string &reason) const
    {
        throw InputError(ErrorInfo{m_file, field, reason});
    }

    SafetensorsTensor tensor(const std::string &name, RawEntry &e) const
    {
        SafetensorsTensor t;
        t.name = name;
        if (e.dtype != RawEntry::State::Ok)
            fail(name + ".dtype", "is missing or not a string");
        t.dtype = std::move(e.dtypeName);
        if (e.shape != RawEntry::State::Ok)
            fail(name + ".shape", "is missing or not a list");
        if (e.shapeCount > 16)
            fail(name + ".shape", "has " + std::to_string(e.shapeCount) + " dimensions");
        if (!e.badDim.empty())
            fail(name + ".shape", "must list non-negative whole numbers (found " + e.badDim + ")");
        t.elements = 1;
        for (std::uint64_t dim : e.dims)
            t.elements = checkedMul(t.elements, dim, "tensor element count");
        t.shape = std::move(e.dims);
        if (e.offsets != RawEntry::State::Ok || e.offsetValues.size() != 2)
            fail(name + ".data_offsets", "must be a list [begin, end]");
        const auto begin = e.offsetValues[0];
        const auto end = e.offsetValues[1];
        if (!begin || !end || *begin > *end)
            fail(name + ".data_offsets", "must be two non-negative numbers with begin <= end");
        if (*end > m_dataSize)
            fail(name + ".data_offsets", "ends at data offset " + std::to_string(*end) +
                                             ", past the end of the file (the data region holds " +
                                             std::to_string(m_dataSize) + " bytes)");
        t.begin = *begin;
        t.end = *end;
        t.bytes = *end - *begin;
        if (const Dtype *d = findDtype(t.dtype)) {
            t.floating = d->floating;
            const std::uint64_t expected = mulDivCeil(t.elements, d->bits, 8, "tensor size");
            if (expected != t.bytes) {
                std::string shape = "[";
                for (std::size_t i = 0; i < t.shape.size(); ++i)
                    shape += (i ? "," : "") + std::to_string(t.shape[i]);
                fail(name + ".data_offsets", "spans " + std::to_string(t.bytes) + " bytes but shape " + shape +
                                                 "] of " + t.dtype + " needs " + std::to_string(expected));
            }
        }
        return t;
    }

private:
    const std::string &m_file;
    std::uint64_t m_dataSize;
};

// Streams the header (SAX): no JSON value is built at all, each tensor entry's
// three fields are read straight into a RawEntry. A DOM of a 100 MiB header took
// 1.6-2.0 GB and 3.4 s (issue 20 item 16); this keeps only the tensor table.
// Also refuses a field given twice in one entry, which a DOM would silently merge.
class HeaderSax final : public nlohmann::json::json_sax_t {
public:
    HeaderSax(const HeaderReader &reader, std::vector<SafetensorsTensor> &out, const std::string &file,
              std::uint64_t baseOffset)
        : m_reader(reader), m_out(out), m_file(file), m_base(baseOffset)
    {
    }

    bool null() override { return scalar(Scalar::Other, "null"); }
    bool boolean(bool v) override { return scalar(Scalar::Other, v ? "true" : "false"); }
    bool number_integer(number_integer_t v) override
    {
        return v >= 0 ? unsignedValue(std::uint64_t(v)) : scalar(Scalar::Other, std::to_string(v));
    }
    bool number_unsigned(number_unsigned_t v) override { return unsignedValue(v); }
    bool number_float(number_float_t v, const string_t &text) override
    {
        if (v >= 0 && v < 1.8e19 && v == static_cast<double>(static_cast<std::uint64_t>(v)))
            return unsignedValue(static_cast<std::uint64_t>(v));
        return scalar(Scalar::Other, text);
    }
    bool string(string_t &v) override
    {
        if (m_depth == 2 && m_field == Field::Dtype) {
            m_entry.dtype = RawEntry::State::Ok;
            m_entry.dtypeName = std::move(v);
            return true;
        }
        return scalar(Scalar::Other, m_depth == 3 ? "\"" + v + "\"" : std::string());
    }
    bool binary(binary_t &) override { return scalar(Scalar::Other, "binary"); }

    bool start_object(std::size_t) override
    {
        if (m_depth == 0) {
            m_depth = 1;
            return true;
        }
        return open(false);
    }
    bool start_array(std::size_t) override
    {
        if (m_depth == 0)
            topLevelNotObject();
        return open(true);
    }
    bool key(string_t &k) override
    {
        if (m_depth == 1) {
            m_name = std::move(k); // repeated names are found after the parse, without a second copy of every name
            m_skip = m_name == "__metadata__"; // free-form strings (format, producer): nothing to size
            return true;
        }
        if (m_depth != 2 || m_skip)
            return true;
        m_field = k == "dtype"          ? Field::Dtype
                  : k == "shape"        ? Field::Shape
                  : k == "data_offsets" ? Field::Offsets
                                        : Field::Other;
        const int bit = int(m_field);
        if (m_field != Field::Other && (m_seenFields & (1 << bit)))
            m_reader.fail(m_name + "." + k, "appears twice in the same entry");
        m_seenFields |= 1 << bit;
        return true;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex) override
    {
        // Keep the lexer's own explanation, not nlohmann's "[json.exception...]" prefix.
        std::string reason = ex.what();
        if (const auto colon = reason.rfind(": "); colon != std::string::npos)
            reason = reason.substr(colon + 2);
        else if (const auto bracket = reason.find("] "); bracket != std::string::npos)
            reason = reason.substr(bracket + 2);
        throw InputError(ErrorInfo{m_file, "offset " + std::to_string(m_base + (position ? position - 1 : 0)),
                                   "is not valid JSON (" + reason + ")"});
    }

private:
    enum class Field { Dtype, Shape, Offsets, Other };
    enum class Scalar { Whole, Other };

    [[noreturn]] void topLevelNotObject() const
    {
        throw InputError(ErrorInfo{m_file, "offset " + std::to_string(m_base), "the header is not a JSON object"});
    }
    [[noreturn]] void entryNotObject() const
    {
        m_reader.fail(m_name, "must be an object with dtype, shape and data_offsets");
    }

    bool unsignedValue(std::uint64_t v)
    {
        if (m_depth == 3 && !m_skip && m_arrayField == Field::Shape && m_arrayDepthOk) {
            ++m_entry.shapeCount;
            m_entry.dims.push_back(v);
            return true;
        }
        if (m_depth == 3 && !m_skip && m_arrayField == Field::Offsets && m_arrayDepthOk) {
            m_entry.offsetValues.emplace_back(v);
            return true;
        }
        return scalar(Scalar::Whole, std::to_string(v));
    }

    // Any value that is not a whole number where one belongs (or any value elsewhere).
    bool scalar(Scalar kind, const std::string &text)
    {
        if (m_depth == 0)
            topLevelNotObject();
        if (m_skip)
            return true;
        if (m_depth == 1)
            entryNotObject();
        if (m_depth == 2) {
            wrongType(m_field);
        } else if (m_depth == 3 && m_arrayDepthOk && kind == Scalar::Other) {
            if (m_arrayField == Field::Shape) {
                ++m_entry.shapeCount;
                if (m_entry.badDim.empty())
                    m_entry.badDim = text.empty() ? std::string("a non-number") : text;
            } else if (m_arrayField == Field::Offsets) {
                m_entry.offsetValues.emplace_back(std::nullopt);
            }
        }
        return true;
    }

    void wrongType(Field f)
    {
        if (f == Field::Dtype)
            m_entry.dtype = RawEntry::State::WrongType;
        else if (f == Field::Shape)
            m_entry.shape = RawEntry::State::WrongType;
        else if (f == Field::Offsets)
            m_entry.offsets = RawEntry::State::WrongType;
    }

    bool open(bool array)
    {
        ++m_depth;
        if (m_skip)
            return true;
        if (m_depth == 2) { // a tensor entry begins
            if (array)
                entryNotObject();
            m_entry = RawEntry();
            m_seenFields = 0;
        } else if (m_depth == 3) { // a field's value is a list or an object
            m_arrayField = m_field;
            m_arrayDepthOk = array;
            if (!array) {
                wrongType(m_field);
            } else if (m_field == Field::Shape) {
                m_entry.shape = RawEntry::State::Ok;
            } else if (m_field == Field::Offsets) {
                m_entry.offsets = RawEntry::State::Ok;
            } else if (m_field == Field::Dtype) {
                m_entry.dtype = RawEntry::State::WrongType;
            }
        } else if (m_depth == 4 && m_arrayDepthOk) { // a list inside shape or data_offsets
            if (m_arrayField == Field::Shape) {
                ++m_entry.shapeCount;
                if (m_entry.badDim.empty())
                    m_entry.badDim = "a nested list";
            } else if (m_arrayField == Field::Offsets) {
                m_entry.offsetValues.emplace_back(std::nullopt);
            }
        }
        return true;
    }

    bool close()
    {
        --m_depth;
        if (m_depth == 1 && !m_skip)
            m_out.push_back(m_reader.tensor(m_name, m_entry));
        return true;
    }

    const HeaderReader &m_reader;
    std::vector<SafetensorsTensor> &m_out;
    const std::string &m_file;
    std::uint64_t m_base;
    int m_depth = 0; ///< 1 inside the top-level object, 2 inside an entry, 3 inside a field's list
    bool m_skip = false;
    std::string m_name;
    Field m_field = Field::Other;
    Field m_arrayField = Field::Other;
    bool m_arrayDepthOk = false;
    unsigned m_seenFields = 0;
    RawEntry m_entry;
};

} // namespace

SafetensorsHeader parseSafetensorsHeader(std::span<const std::uint8_t> bytes, std::uint64_t fileSize,
                                         const std::string &name)
{
    auto fail = [&name](std::uint64_t offset, const std::string &reason) {
        throw InputError(ErrorInfo{name, "offset " + std::to_string(offset), reason});
    };
    if (fileSize < 8 || bytes.size() < 8)
        fail(0, "the file is shorter than the 8-byte header length");
    SafetensorsHeader h;
    h.fileSize = fileSize;
    h.headerLength = readLe64(bytes.data());
    if (h.headerLength > kSafetensorsMaxHeader)
        fail(0, "declares a " + std::to_string(h.headerLength) + "-byte header (the limit is " +
                    std::to_string(kSafetensorsMaxHeader >> 20) + " MiB)");
    if (h.headerLength > fileSize - 8)
        fail(0, "declares a " + std::to_string(h.headerLength) + "-byte header but only " +
                    std::to_string(fileSize - 8) + " bytes follow");
    if (h.headerLength > bytes.size() - 8)
        fail(8, "the header continues past the bytes given");
    const std::string_view text(reinterpret_cast<const char *>(bytes.data() + 8), h.headerLength);
    checkJsonDepth(text, name, 8);

    const HeaderReader reader(name, fileSize - 8 - h.headerLength);
    try {
        HeaderSax sax(reader, h.tensors, name, 8);
        nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
    } catch (const OverflowError &e) {
        fail(8, e.what());
    }

    {
        // A tensor name given twice: a DOM parse silently kept the last one.
        // Sorted by hash, then names compared only where hashes meet: sorting a million
        // names that share a long prefix, or a node-based set, cost seconds.
        std::vector<std::pair<std::size_t, std::size_t>> byHash; // (hash, index)
        byHash.reserve(h.tensors.size());
        for (std::size_t i = 0; i < h.tensors.size(); ++i)
            byHash.emplace_back(std::hash<std::string>{}(h.tensors[i].name), i);
        std::sort(byHash.begin(), byHash.end());
        for (std::size_t i = 1; i < byHash.size(); ++i)
            for (std::size_t j = i; j > 0 && byHash[j - 1].first == byHash[i].first; --j)
                if (h.tensors[byHash[j - 1].second].name == h.tensors[byHash[i].second].name)
                    reader.fail(h.tensors[byHash[i].second].name,
                                "appears twice in the header (each tensor name may be given once)");
    }
    // Sorted by position, every tensor must end before the next begins.
    std::vector<const SafetensorsTensor *> order;
    order.reserve(h.tensors.size());
    for (const SafetensorsTensor &t : h.tensors)
        order.push_back(&t);
    // Writers store tensors in offset order; sort only when they did not.
    if (!std::is_sorted(order.begin(), order.end(), [](auto *a, auto *b) { return a->begin < b->begin; }))
        std::sort(order.begin(), order.end(), [](auto *a, auto *b) { return a->begin < b->begin; });
    for (std::size_t i = 1; i < order.size(); ++i)
        if (order[i - 1]->bytes > 0 && order[i - 1]->end > order[i]->begin)
            reader.fail(order[i]->name + ".data_offsets", "overlaps tensor '" + order[i - 1]->name + "'");
    for (const SafetensorsTensor &t : h.tensors)
        if (!findDtype(t.dtype))
            h.warnings.push_back(name + ": tensor '" + t.name + "' has dtype " + t.dtype +
                                 ", which the planner does not know; its stored bytes are counted as they are");
    return h;
}

SafetensorsHeader readSafetensorsHeader(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw InputError(ErrorInfo{path, std::string(), "is not a readable file"});
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (ec || !in)
        throw InputError(ErrorInfo{path, std::string(), "cannot be opened for reading"});
    std::vector<std::uint8_t> buffer(8);
    in.read(reinterpret_cast<char *>(buffer.data()), 8);
    if (in.gcount() != 8)
        throw InputError(ErrorInfo{path, "offset 0", "the file is shorter than the 8-byte header length"});
    // Validated before the allocation it decides.
    const std::uint64_t n = readLe64(buffer.data());
    if (n <= kSafetensorsMaxHeader && n <= size - 8) {
        buffer.resize(8 + n);
        in.read(reinterpret_cast<char *>(buffer.data() + 8), static_cast<std::streamsize>(n));
        if (static_cast<std::uint64_t>(in.gcount()) != n)
            throw InputError(ErrorInfo{path, "offset 8", "the header could not be read"});
    }
    return parseSafetensorsHeader(buffer, size, path);
}

SafetensorsHeader
readSafetensorsHeader(const std::function<std::size_t(std::uint64_t, std::uint8_t *, std::size_t)> &fetch,
                      std::uint64_t size, const std::string &name)
{
    std::vector<std::uint8_t> buffer(8);
    if (size < 8 || fetch(0, buffer.data(), 8) != 8)
        throw InputError(ErrorInfo{name, "offset 0", "the file is shorter than the 8-byte header length"});
    // Same rule as for a local file: the declared length is checked before it is fetched.
    const std::uint64_t n = readLe64(buffer.data());
    if (n <= kSafetensorsMaxHeader && n <= size - 8) {
        buffer.resize(8 + n);
        if (fetch(8, buffer.data() + 8, n) != n)
            throw InputError(ErrorInfo{name, "offset 8", "the header could not be read"});
    }
    return parseSafetensorsHeader(buffer, size, name);
}

SafetensorsIndex parseSafetensorsIndex(std::string_view text, const std::string &name)
{
    if (text.size() > kSafetensorsMaxIndex)
        throw InputError(ErrorInfo{name, std::string(), "is larger than the index size limit"});
    const nlohmann::json index = parseJsonBounded(text, name);
    auto fail = [&name](const std::string &field, const std::string &reason) {
        throw InputError(ErrorInfo{name, field, reason});
    };
    if (!index.is_object())
        fail(std::string(), "is not a JSON object");
    SafetensorsIndex out;
    if (auto meta = index.find("metadata"); meta != index.end() && meta->is_object()) {
        if (auto total = meta->find("total_size"); total != meta->end() && !total->is_null()) {
            const auto v = whole(*total);
            if (!v)
                fail("metadata.total_size", "must be a non-negative whole number");
            out.totalSize = *v;
        }
    }
    const auto map = index.find("weight_map");
    if (map == index.end() || !map->is_object())
        fail("weight_map", "is missing or not an object");
    std::set<std::string> shards;
    for (auto it = map->begin(); it != map->end(); ++it) {
        if (!it->is_string())
            fail("weight_map." + it.key(), "must name a shard file");
        std::string shard = it->get<std::string>();
        // A shard name is joined to the index's folder: it must not climb out of it.
        if (shard.empty() || shard == "." || shard == ".." || shard.find('/') != std::string::npos ||
            shard.find('\\') != std::string::npos || shard.find('\0') != std::string::npos)
            fail("weight_map." + it.key(), "shard '" + shard + "' is not a plain file name");
        shards.insert(shard);
        out.weightMap.emplace(it.key(), std::move(shard));
    }
    out.shards.assign(shards.begin(), shards.end());
    return out;
}

} // namespace memplan
