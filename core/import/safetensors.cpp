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
    Dtype{"F64", 64, true},     Dtype{"F32", 32, true},     Dtype{"F16", 16, true},    Dtype{"BF16", 16, true},
    Dtype{"F8_E4M3", 8, true},  Dtype{"F8_E5M2", 8, true},  Dtype{"F6_E2M3", 6, true}, Dtype{"F6_E3M2", 6, true},
    Dtype{"F4", 4, true},       Dtype{"F8_E8M0", 8, false}, Dtype{"I64", 64, false},   Dtype{"I32", 32, false},
    Dtype{"I16", 16, false},    Dtype{"I8", 8, false},      Dtype{"U64", 64, false},   Dtype{"U32", 32, false},
    Dtype{"U16", 16, false},    Dtype{"U8", 8, false},      Dtype{"BOOL", 8, false},   Dtype{"C64", 64, true},
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

class HeaderReader {
public:
    HeaderReader(const std::string &file, std::uint64_t dataSize) : m_file(file), m_dataSize(dataSize) {}

    [[noreturn]] void fail(const std::string &field, const std::string &reason) const
    {
        throw InputError(ErrorInfo{m_file, field, reason});
    }

    SafetensorsTensor tensor(const std::string &name, const nlohmann::json &entry) const
    {
        if (!entry.is_object())
            fail(name, "must be an object with dtype, shape and data_offsets");
        SafetensorsTensor t;
        t.name = name;
        const auto dtype = entry.find("dtype");
        if (dtype == entry.end() || !dtype->is_string())
            fail(name + ".dtype", "is missing or not a string");
        t.dtype = dtype->get<std::string>();
        const auto shape = entry.find("shape");
        if (shape == entry.end() || !shape->is_array())
            fail(name + ".shape", "is missing or not a list");
        if (shape->size() > 16)
            fail(name + ".shape", "has " + std::to_string(shape->size()) + " dimensions");
        t.elements = 1;
        for (const nlohmann::json &d : *shape) {
            const auto dim = whole(d);
            if (!dim)
                fail(name + ".shape", "must list non-negative whole numbers (found " + d.dump() + ")");
            t.elements = checkedMul(t.elements, *dim, "tensor element count");
            t.shape.push_back(*dim);
        }
        const auto offsets = entry.find("data_offsets");
        if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2)
            fail(name + ".data_offsets", "must be a list [begin, end]");
        const auto begin = whole((*offsets)[0]);
        const auto end = whole((*offsets)[1]);
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
            if (expected != t.bytes)
                fail(name + ".data_offsets", "spans " + std::to_string(t.bytes) + " bytes but shape " +
                                                 shape->dump() + " of " + t.dtype + " needs " +
                                                 std::to_string(expected));
        }
        return t;
    }

private:
    const std::string &m_file;
    std::uint64_t m_dataSize;
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
    const nlohmann::json header = parseJsonBounded(text, name, 8);
    if (!header.is_object())
        fail(8, "the header is not a JSON object");

    const HeaderReader reader(name, fileSize - 8 - h.headerLength);
    try {
        h.tensors.reserve(header.size());
        for (auto it = header.begin(); it != header.end(); ++it) {
            if (it.key() == "__metadata__")
                continue; // free-form strings (format, producer): nothing to size
            h.tensors.push_back(reader.tensor(it.key(), it.value()));
        }
    } catch (const OverflowError &e) {
        fail(8, e.what());
    }

    // Sorted by position, every tensor must end before the next begins.
    std::vector<const SafetensorsTensor *> order;
    order.reserve(h.tensors.size());
    for (const SafetensorsTensor &t : h.tensors)
        order.push_back(&t);
    std::sort(order.begin(), order.end(), [](auto *a, auto *b) { return a->begin < b->begin; });
    for (std::size_t i = 1; i < order.size(); ++i)
        if (order[i - 1]->bytes > 0 && order[i - 1]->end > order[i]->begin)
            reader.fail(order[i]->name + ".data_offsets",
                        "overlaps tensor '" + order[i - 1]->name + "'");
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
