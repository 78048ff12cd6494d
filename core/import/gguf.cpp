#include "gguf.h"

#include "../bytes.h"
#include "../error.h"
#include "../layers/hybridconfig.h"
#include "files/inputfile.h"
#include "model/quantformat.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>

// POSIX systems map the file; elsewhere it is read into a growing buffer.
#if __has_include(<sys/mman.h>) && __has_include(<fcntl.h>) && __has_include(<unistd.h>)
#define MEMPLAN_GGUF_MMAP 1
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#else
#define MEMPLAN_GGUF_MMAP 0
#endif

namespace memplan {

namespace {

// GGUF metadata value types (gguf.h: enum gguf_type).
enum ValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12
};

constexpr std::uint64_t kNoSize = 0;

/// Encoded size of a scalar value type, kNoSize for strings, arrays and unknown types.
std::uint64_t scalarSize(std::uint32_t t)
{
    switch (t) {
    case U8:
    case I8:
    case Bool:
        return 1;
    case U16:
    case I16:
        return 2;
    case U32:
    case I32:
    case F32:
        return 4;
    case U64:
    case I64:
    case F64:
        return 8;
    default:
        return kNoSize;
    }
}

// Smallest encodings, used to reject counts the rest of the file cannot hold
// before a single element is read: a string is at least its 8-byte length, an
// array its type and count, a kv pair a key, a type and one byte, a tensor
// info a name length, n_dims, one dim, a type and an offset.
constexpr std::uint64_t kMinString = 8;
constexpr std::uint64_t kMinArray = 12;
constexpr std::uint64_t kMinKv = 8 + 4 + 1;
constexpr std::uint64_t kMinTensorInfo = 8 + 4 + 8 + 4 + 8;
constexpr std::uint32_t kMaxDims = 4; // GGML_MAX_DIMS
constexpr std::uint64_t kMaxTensorName = 4096;

using Fetch = ByteFetch;

// Walks the header. Bytes come from a caller's span or, when reading a file,
// from a buffer that grows on demand, so a 40 GB file costs only its header.
class Cursor {
public:
    Cursor(std::span<const std::uint8_t> bytes, std::uint64_t fileSize, const std::string &name, Fetch fetch)
        : m_fileSize(fileSize), m_name(name), m_fetch(std::move(fetch))
    {
        if (m_fetch) {
            m_data = nullptr;
            m_size = 0;
        } else {
            m_data = bytes.data();
            m_size = std::min<std::uint64_t>(bytes.size(), fileSize);
        }
    }

    /// The bytes given are the file's first bytes up to the header cap (a mapped file): running
    /// past them is the header-size error the reading path gives, not a short buffer.
    void bytesAreWholeFile() { m_wholeFile = true; }

    std::uint64_t pos() const { return m_pos; }
    std::uint64_t remaining() const { return m_fileSize - m_pos; }
    /// How much of the file the header took: the furthest byte parsed, whether the bytes came
    /// from a mapping, a growing buffer or a server (exact, like safetensors' 8 + header length).
    std::uint64_t bytesSeen() const { return std::max(m_high, m_pos); }

    [[noreturn]] void fail(std::uint64_t at, const std::string &reason) const
    {
        throw InputError(ErrorInfo{m_name, "offset " + std::to_string(at), reason});
    }

    /// Makes n bytes from the current position available.
    void need(std::uint64_t n, const char *what)
    {
        if (n > remaining())
            fail(m_pos, std::string("the file ends inside ") + what + " (" + std::to_string(n) + " bytes needed, " +
                            std::to_string(remaining()) + " left)");
        const std::uint64_t end = m_pos + n;
        if (end > m_high)
            m_high = end;
        if (end > m_size)
            grow(end);
    }

    std::uint64_t u(int width, const char *what)
    {
        need(width, what);
        std::uint64_t v = 0;
        if constexpr (std::endian::native == std::endian::little) {
            std::memcpy(&v, m_data + m_pos, static_cast<std::size_t>(width)); // one load, not eight
        } else {
            for (int i = width - 1; i >= 0; --i)
                v = (v << 8) | m_data[m_pos + i];
        }
        m_pos += width;
        return v;
    }
    std::uint32_t u32(const char *what) { return static_cast<std::uint32_t>(u(4, what)); }
    std::uint64_t u64(const char *what) { return u(8, what); }

    void skip(std::uint64_t n, const char *what)
    {
        need(n, what);
        m_pos += n;
    }

    std::string_view bytes(std::uint64_t n, const char *what)
    {
        need(n, what);
        std::string_view s(reinterpret_cast<const char *>(m_data + m_pos), n);
        m_pos += n;
        return s;
    }

    /// A length-prefixed string, its length checked against cap and the file.
    std::string_view string(std::uint64_t cap, const char *what)
    {
        const std::uint64_t at = m_pos;
        const std::uint64_t len = u64(what);
        if (len > cap)
            fail(at, std::string(what) + " declares " + std::to_string(len) + " bytes (the limit is " +
                         std::to_string(cap) + ")");
        return bytes(len, what);
    }

    /// Steps over `count` length-prefixed strings (a vocabulary of 100k+ tokens). Strings wholly
    /// inside the bytes at hand take a short path; any other goes through string(), which grows
    /// the buffer and reports a bad length exactly as for a single string.
    void skipStrings(std::uint64_t count, std::uint64_t cap, const char *what)
    {
        for (std::uint64_t i = 0; i < count; ++i) {
            std::uint64_t len = 0;
            if constexpr (std::endian::native == std::endian::little) {
                if (m_size - m_pos >= 8) {
                    std::memcpy(&len, m_data + m_pos, 8);
                    if (len <= cap && len <= m_size - m_pos - 8 && len <= remaining() - 8) {
                        m_pos += 8 + len;
                        continue;
                    }
                }
            }
            string(cap, what);
        }
    }

private:
    void grow(std::uint64_t end)
    {
        if (!m_fetch && !m_wholeFile)
            fail(m_pos, "the header continues past the " + std::to_string(m_size) + " bytes given");
        if (end > kGgufMaxHeaderBytes || !m_fetch)
            fail(m_pos, "the header is larger than " + std::to_string(kGgufMaxHeaderBytes >> 20) + " MiB");
        // Doubling keeps the number of reads logarithmic in the header size.
        std::uint64_t target = std::max<std::uint64_t>({end, 2 * m_size, 64 * KiB});
        target = std::min({target, m_fileSize, kGgufMaxHeaderBytes});
        // A plain new[] rather than vector::resize: the bytes are about to be read over,
        // so zero-filling megabytes of token list first only costs time (issue 19).
        const std::size_t old = static_cast<std::size_t>(m_size);
        std::unique_ptr<std::uint8_t[]> bigger(new std::uint8_t[target]);
        if (old)
            std::memcpy(bigger.get(), m_buffer.get(), old);
        const std::size_t got = m_fetch(old, bigger.get() + old, target - old);
        if (got != target - old)
            fail(old + got, "the file could not be read");
        m_buffer = std::move(bigger);
        m_data = m_buffer.get();
        m_size = target;
    }

    const std::uint8_t *m_data = nullptr;
    std::uint64_t m_size = 0;
    std::uint64_t m_pos = 0;
    std::uint64_t m_fileSize = 0;
    const std::string &m_name;
    Fetch m_fetch;
    std::unique_ptr<std::uint8_t[]> m_buffer;
    bool m_wholeFile = false;
    std::uint64_t m_high = 0; ///< furthest byte need() was asked for
};

double asDouble(std::uint64_t bits, int width)
{
    if (width == 4) {
        const auto b = static_cast<std::uint32_t>(bits);
        float f;
        std::memcpy(&f, &b, 4);
        return f;
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

nlohmann::json scalar(Cursor &c, std::uint32_t type)
{
    const int width = static_cast<int>(scalarSize(type));
    const std::uint64_t raw = c.u(width, "a metadata value");
    switch (type) {
    case U8:
    case U16:
    case U32:
    case U64:
        return raw;
    case I8:
        return static_cast<std::int8_t>(raw);
    case I16:
        return static_cast<std::int16_t>(raw);
    case I32:
        return static_cast<std::int32_t>(raw);
    case I64:
        return static_cast<std::int64_t>(raw);
    case F32:
    case F64:
        return asDouble(raw, width);
    case Bool:
        return raw != 0;
    }
    return nullptr;
}

std::string sanitized(std::string_view s)
{
    if (isValidUtf8(s))
        return std::string(s);
    std::string out;
    for (unsigned char ch : s)
        out += ch < 0x80 ? char(ch) : '?';
    return out;
}

class Parser {
public:
    Parser(Cursor &c, GgufHeader &h) : m_c(c), m_h(h) {}

    void run()
    {
        const std::string_view magic = m_c.bytes(4, "the magic number");
        if (magic != "GGUF")
            m_c.fail(0, "not a GGUF file (the magic number is not \"GGUF\")");
        m_h.version = m_c.u32("the version");
        if (m_h.version == 1)
            m_c.fail(4, "GGUF version 1 is not supported (only versions 2 and 3)");
        if (m_h.version != 2 && m_h.version != 3)
            m_c.fail(4, "unsupported GGUF version " + std::to_string(m_h.version) +
                            (m_h.version > 0xffff ? " (a big-endian file?)" : "") + "; only 2 and 3 are read");
        const std::uint64_t tensorCountAt = m_c.pos();
        const std::uint64_t tensorCount = m_c.u64("the tensor count");
        const std::uint64_t kvCountAt = m_c.pos();
        const std::uint64_t kvCount = m_c.u64("the metadata count");
        // Both counts must fit in what is left before anything is reserved: in the
        // file, and within the header size limit (a large sparse file is not a
        // licence to reserve 2^28 tensor records).
        const std::uint64_t headerLeft = std::min(m_c.remaining(), kGgufMaxHeaderBytes - m_c.pos());
        if (tensorCount > headerLeft / kMinTensorInfo)
            m_c.fail(tensorCountAt,
                     "declares " + std::to_string(tensorCount) + " tensors, more than " +
                         (headerLeft < m_c.remaining()
                              ? "a header of at most " + std::to_string(kGgufMaxHeaderBytes >> 20) + " MiB"
                              : std::string("the rest of the file")) +
                         " can describe");
        if (kvCount > m_c.remaining() / kMinKv)
            m_c.fail(kvCountAt, "declares " + std::to_string(kvCount) +
                                    " metadata entries, more than the rest of the file can hold");
        for (std::uint64_t i = 0; i < kvCount; ++i)
            readKv();
        readAlignment();
        m_h.tensors.reserve(tensorCount);
        m_infoOffsets.reserve(tensorCount);
        for (std::uint64_t i = 0; i < tensorCount; ++i)
            readTensorInfo();
        m_h.dataOffset = roundUp(m_c.pos(), m_h.alignment);
        checkPlacement();
    }

private:
    void readKv()
    {
        const std::uint64_t at = m_c.pos();
        const std::string_view keyView = m_c.string(kGgufMaxString, "a metadata key");
        if (!isValidUtf8(keyView))
            m_c.fail(at, "a metadata key is not valid UTF-8");
        std::string key(keyView);
        if (m_h.metadata.count(key) || m_h.arrayLengths.count(key))
            m_c.fail(at, "metadata key '" + key + "' appears twice");
        const std::uint64_t typeAt = m_c.pos();
        const std::uint32_t type = m_c.u32("a metadata type");
        if (type == Array) {
            std::uint64_t length = 0;
            nlohmann::json kept = readArray(1, &length);
            m_h.arrayLengths[key] = length;
            if (!kept.is_null())
                m_h.metadata[std::move(key)] = std::move(kept);
        } else if (type == String) {
            m_h.metadata[std::move(key)] = sanitized(m_c.string(kGgufMaxString, "a metadata string"));
        } else if (scalarSize(type) != kNoSize) {
            m_h.metadata[std::move(key)] = scalar(m_c, type);
        } else {
            m_c.fail(typeAt, "metadata '" + key + "' has unknown value type " + std::to_string(type));
        }
    }

    // Returns the values of a short numeric array, null for anything else
    // (token lists are only counted: nothing downstream needs their text).
    nlohmann::json readArray(std::uint32_t depth, std::uint64_t *lengthOut)
    {
        const std::uint64_t at = m_c.pos();
        if (depth > kGgufMaxArrayDepth)
            m_c.fail(at, "arrays are nested more than " + std::to_string(kGgufMaxArrayDepth) + " deep");
        const std::uint32_t type = m_c.u32("an array type");
        const std::uint64_t length = m_c.u64("an array length");
        if (lengthOut)
            *lengthOut = length;
        if (length > kGgufMaxArray)
            m_c.fail(at, "an array declares " + std::to_string(length) + " elements (the limit is " +
                             std::to_string(kGgufMaxArray) + ")");
        const std::uint64_t size = scalarSize(type);
        const std::uint64_t minSize = size != kNoSize ? size : type == String ? kMinString : kMinArray;
        if (type != String && type != Array && size == kNoSize)
            m_c.fail(at, "an array has unknown element type " + std::to_string(type));
        if (length > m_c.remaining() / minSize)
            m_c.fail(at, "an array declares " + std::to_string(length) + " elements, more than the file holds");
        if (size != kNoSize) {
            if (length > kGgufMaxKeptArray || type == Bool) {
                m_c.skip(length * size, "an array");
                return nullptr;
            }
            nlohmann::json values = nlohmann::json::array();
            for (std::uint64_t i = 0; i < length; ++i)
                values.push_back(scalar(m_c, type));
            return values;
        }
        if (type == String) {
            m_c.skipStrings(length, kGgufMaxString, "an array string");
            return nullptr;
        }
        for (std::uint64_t i = 0; i < length; ++i)
            readArray(depth + 1, nullptr);
        return nullptr;
    }

    void readAlignment()
    {
        auto it = m_h.metadata.find("general.alignment");
        if (it == m_h.metadata.end())
            return;
        const nlohmann::json &v = it->second;
        const std::uint64_t a = v.is_number_unsigned() ? v.get<std::uint64_t>() : 0;
        if (a == 0 || (a & (a - 1)) != 0 || a > (1ULL << 30))
            m_c.fail(m_c.pos(), "general.alignment must be a power of two (it is " + v.dump() + ")");
        m_h.alignment = a;
    }

    void readTensorInfo()
    {
        const std::uint64_t at = m_c.pos();
        GgufTensorInfo t;
        const std::string_view nameView = m_c.string(kMaxTensorName, "a tensor name");
        if (!isValidUtf8(nameView))
            m_c.fail(at, "a tensor name is not valid UTF-8");
        t.name = std::string(nameView);
        if (!m_names.insert(t.name).second)
            m_c.fail(at, "tensor '" + t.name + "' appears twice");
        const std::uint64_t dimsAt = m_c.pos();
        const std::uint32_t nDims = m_c.u32("a tensor's dimension count");
        if (nDims == 0 || nDims > kMaxDims)
            m_c.fail(dimsAt, "tensor '" + t.name + "' has " + std::to_string(nDims) +
                                 " dimensions (n_dims must be between 1 and 4)");
        t.elements = 1;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            const std::uint64_t dimAt = m_c.pos();
            const std::uint64_t dim = m_c.u64("a tensor dimension");
            // ggml stores dims as int64_t: the upper half is negative there.
            if (dim > static_cast<std::uint64_t>(INT64_MAX))
                m_c.fail(dimAt, "tensor '" + t.name + "' has a negative dimension");
            if (dim != 0 && t.elements > static_cast<std::uint64_t>(INT64_MAX) / dim)
                m_c.fail(dimAt, "tensor '" + t.name + "' has more elements than a 64-bit count can hold");
            t.elements *= dim;
            t.dims.push_back(dim);
        }
        const std::uint64_t typeAt = m_c.pos();
        const std::uint32_t type = m_c.u32("a tensor type");
        const QuantFormat *f = type <= 0xffff ? findGgmlType(static_cast<int>(type)) : nullptr;
        if (!f)
            m_c.fail(typeAt, "tensor '" + t.name + "' has unknown ggml type " + std::to_string(type));
        t.ggmlType = static_cast<int>(type);
        t.typeName = std::string(f->id);
        if (t.dims[0] % f->blockWeights != 0)
            m_c.fail(dimsAt, "tensor '" + t.name + "' has rows of " + std::to_string(t.dims[0]) +
                                 " weights, not a multiple of the " + std::to_string(f->blockWeights) + "-weight " +
                                 t.typeName + " block");
        // Whole rows are whole blocks, so this division is exact.
        t.bytes = checkedMul(t.elements / f->blockWeights, f->blockBytes, "tensor size");
        t.offset = m_c.u64("a tensor offset");
        m_h.tensors.push_back(std::move(t));
        m_infoOffsets.push_back(at);
    }

    void checkPlacement()
    {
        const std::uint64_t dataStart = m_h.dataOffset;
        const std::uint64_t dataSize = m_h.fileSize > dataStart ? m_h.fileSize - dataStart : 0;
        std::vector<std::size_t> order(m_h.tensors.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            order[i] = i;
            const GgufTensorInfo &t = m_h.tensors[i];
            if (t.offset % m_h.alignment != 0)
                m_c.fail(m_infoOffsets[i], "tensor '" + t.name + "' starts at data offset " + std::to_string(t.offset) +
                                               ", not a multiple of the alignment " + std::to_string(m_h.alignment));
            if (t.offset > dataSize || t.bytes > dataSize - t.offset)
                m_c.fail(m_infoOffsets[i], "tensor '" + t.name + "' (" + std::to_string(t.bytes) +
                                               " bytes at data offset " + std::to_string(t.offset) +
                                               ") extends past the end of the file");
        }
        std::sort(order.begin(), order.end(),
                  [this](std::size_t a, std::size_t b) { return m_h.tensors[a].offset < m_h.tensors[b].offset; });
        for (std::size_t k = 1; k < order.size(); ++k) {
            const GgufTensorInfo &prev = m_h.tensors[order[k - 1]];
            const GgufTensorInfo &next = m_h.tensors[order[k]];
            if (prev.bytes > 0 && prev.offset + prev.bytes > next.offset)
                m_c.fail(m_infoOffsets[order[k]], "tensors '" + prev.name + "' and '" + next.name + "' overlap");
        }
    }

    Cursor &m_c;
    GgufHeader &m_h;
    std::unordered_set<std::string> m_names;
    std::vector<std::uint64_t> m_infoOffsets;
};

GgufHeader parse(Cursor &cursor, std::uint64_t fileSize, const std::string &name)
{
    GgufHeader h;
    h.fileSize = fileSize;
    try {
        Parser(cursor, h).run();
    } catch (const OverflowError &e) {
        throw InputError(ErrorInfo{name, "offset " + std::to_string(cursor.pos()), e.what()});
    }
    h.bytesRead = cursor.bytesSeen();
    return h;
}

} // namespace

bool isValidUtf8(std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xe0) == 0xc0) {
            len = 2, cp = c & 0x1f;
        } else if ((c & 0xf0) == 0xe0) {
            len = 3, cp = c & 0x0f;
        } else if ((c & 0xf8) == 0xf0) {
            len = 4, cp = c & 0x07;
        } else {
            return false;
        }
        if (i + len > n)
            return false;
        for (std::size_t k = 1; k < len; ++k) {
            if ((p[i + k] & 0xc0) != 0x80)
                return false;
            cp = (cp << 6) | (p[i + k] & 0x3f);
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        static constexpr std::array<std::uint32_t, 5> kMin = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kMin[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        i += len;
    }
    return true;
}

#if MEMPLAN_GGUF_MMAP
namespace {
/// The first `length` bytes of a file, mapped read-only; data is null when it cannot be mapped
/// (the caller then reads the file instead).
struct MappedPrefix {
    MappedPrefix(const std::string &path, std::uint64_t length)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return;
        void *p = ::mmap(nullptr, static_cast<std::size_t>(length), PROT_READ, MAP_PRIVATE, fd, 0);
        ::close(fd);
        if (p == MAP_FAILED)
            return;
        data = static_cast<const std::uint8_t *>(p);
        size = static_cast<std::size_t>(length);
    }
    ~MappedPrefix()
    {
        if (data)
            ::munmap(const_cast<std::uint8_t *>(data), size);
    }
    MappedPrefix(const MappedPrefix &) = delete;
    MappedPrefix &operator=(const MappedPrefix &) = delete;
    const std::uint8_t *data = nullptr;
    std::size_t size = 0;
};
} // namespace
#endif

GgufHeader parseGgufHeader(std::span<const std::uint8_t> bytes, std::uint64_t fileSize, const std::string &name)
{
    Cursor cursor(bytes, fileSize, name, nullptr);
    return parse(cursor, fileSize, name);
}

GgufHeader readGgufHeader(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(ErrorInfo{path, std::string(), "is a folder, not a GGUF file"});
    // Never open a FIFO or device: the read would block (split sets are read by name too).
    if (const std::string problem = inputFileProblem(path); !problem.empty())
        throw InputError(ErrorInfo{path, std::string(), problem});
    const std::uint64_t size = std::filesystem::file_size(path, ec);
#if MEMPLAN_GGUF_MMAP
    // Mapped, the header costs only the pages the parser touches (about 30 page faults for a
    // 2 MB vocabulary, against 2,000 for a buffer grown and copied; issue 19, docs/performance.md).
    if (!ec && size > 0) {
        if (const MappedPrefix map(path, std::min(size, kGgufMaxHeaderBytes)); map.data) {
            Cursor cursor({map.data, map.size}, size, path, nullptr);
            cursor.bytesAreWholeFile();
            return parse(cursor, size, path);
        }
    }
#endif
    std::ifstream in(path, std::ios::binary);
    if (ec || !in)
        throw InputError(ErrorInfo{path, std::string(), "cannot be opened for reading"});
    Fetch fetch = [&in](std::uint64_t offset, std::uint8_t *dst, std::size_t n) -> std::size_t {
        in.clear();
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(reinterpret_cast<char *>(dst), static_cast<std::streamsize>(n));
        return static_cast<std::size_t>(in.gcount());
    };
    Cursor cursor({}, size, path, std::move(fetch));
    return parse(cursor, size, path);
}

GgufHeader readGgufHeader(const ByteFetch &fetch, std::uint64_t fileSize, const std::string &name)
{
    Cursor cursor({}, fileSize, name, fetch);
    return parse(cursor, fileSize, name);
}

std::string ggufFileTypeName(std::uint64_t fileType)
{
    // llama.h enum llama_ftype; gaps are types llama.cpp removed.
    static constexpr std::array<const char *, 41> kNames = {
        "f32",   "f16",      "q4_0",      "q4_1",   "q4_1_some_f16", nullptr,   nullptr,  "q8_0",   "q5_0",
        "q5_1",  "q2_k_mix", "q3_k_s",    "q3_k_m", "q3_k_l",        "q4_k_s",  "q4_k_m", "q5_k_s", "q5_k_m",
        "q6_k",  "iq2_xxs",  "iq2_xs",    "q2_k_s", "iq3_xs",        "iq3_xxs", "iq1_s",  "iq4_nl", "iq3_s",
        "iq3_m", "iq2_s",    "iq2_m",     "iq4_xs", "iq1_m",         "bf16",    nullptr,  nullptr,  nullptr,
        "tq1_0", "tq2_0",    "mxfp4_moe", "nvfp4",  "q1_0"};
    constexpr std::uint64_t kGuessed = 1024; // LLAMA_FTYPE_GUESSED: not stored by the converter
    const bool guessed = fileType >= kGuessed && fileType < 2 * kGuessed;
    const std::uint64_t base = guessed ? fileType - kGuessed : fileType;
    if (base >= kNames.size() || !kNames[base])
        return std::string();
    return std::string(kNames[base]) + (guessed ? " (guessed)" : "");
}

} // namespace memplan

namespace memplan {

// The same alias as the other core files' (a unity build may join them into one unit).
using json = nlohmann::json;

namespace {

// llama.cpp architecture names that differ from the Hugging Face model_type.
std::string modelTypeFor(const std::string &arch, const GgufHeader &h)
{
    auto hasTensor = [&h](std::string_view suffix) {
        return std::any_of(h.tensors.begin(), h.tensors.end(), [suffix](const GgufTensorInfo &t) {
            return t.name.size() >= suffix.size() &&
                   t.name.compare(t.name.size() - suffix.size(), suffix.size(), suffix) == 0;
        });
    };
    if (arch == "llama")
        return h.metadata.count("llama.expert_count") ? "mixtral" : "llama";
    if (arch == "qwen2moe")
        return "qwen2_moe";
    if (arch == "qwen3moe")
        return "qwen3_moe";
    if (arch == "gemma3")
        return "gemma3_text";
    if (arch == "deepseek2") // V3 adds a router score-correction bias
        return hasTensor("exp_probs_b.bias") ? "deepseek_v3" : "deepseek_v2";
    if (arch == "gpt-oss")
        return "gpt_oss";
    if (arch == "command-r")
        return "cohere";
    // Hybrid and state-space architectures (core/layers/hybridconfig.cpp reads them).
    static const std::map<std::string, std::string> hybrid = {{"qwen3next", "qwen3_next"},
                                                              {"qwen35", "qwen3_5_text"},
                                                              {"qwen35moe", "qwen3_5_moe_text"},
                                                              {"granitehybrid", "granitemoehybrid"},
                                                              {"nemotron_h", "nemotron_h"},
                                                              {"nemotron_h_moe", "nemotron_h"},
                                                              {"falcon-h1", "falcon_h1"},
                                                              {"lfm2", "lfm2"},
                                                              {"lfm2moe", "lfm2_moe"},
                                                              {"jamba", "jamba"},
                                                              {"mamba", "mamba"},
                                                              {"mamba2", "mamba2"},
                                                              {"rwkv6", "rwkv6"},
                                                              {"rwkv7", "rwkv7"}};
    if (auto it = hybrid.find(arch); it != hybrid.end())
        return it->second;
    return arch;
}

/// Layer kinds and recurrent shapes of a hybrid GGUF, in the planner's config spellings:
/// a layer with 0 KV heads (per-layer head_count_kv) is recurrent, or MLP-only in
/// Nemotron-H when it has an FFN; the FFN kind comes from each block's tensors; the
/// state shapes from llama.cpp's <arch>.ssm.* keys (llama-hparams n_embd_r/n_embd_s).
void addRecurrentKeys(nlohmann::json &c, const GgufHeader &h, const std::string &arch)
{
    const std::string type = c["model_type"].get<std::string>();
    auto meta = [&](const std::string &key) -> const json * {
        auto it = h.metadata.find(arch + "." + key);
        return it == h.metadata.end() ? nullptr : &it->second;
    };
    auto number = [&](const std::string &key) -> std::optional<std::uint64_t> {
        const json *v = meta(key);
        if (v && v->is_number_unsigned())
            return v->get<std::uint64_t>();
        if (v && v->is_number_integer() && v->get<std::int64_t>() >= 0)
            return static_cast<std::uint64_t>(v->get<std::int64_t>());
        return std::nullopt;
    };
    auto hasTensor = [&h](const std::string &name) {
        return std::any_of(h.tensors.begin(), h.tensors.end(), [&](const GgufTensorInfo &t) { return t.name == name; });
    };
    const bool mamba1 = type == "jamba" || type == "mamba";
    if (auto v = number("ssm.conv_kernel"))
        c["ssm_d_conv"] = *v;
    if (auto v = number("shortconv.l_cache"))
        c["ssm_d_conv"] = *v;
    if (auto v = number("ssm.inner_size"))
        c["ssm_d_inner"] = *v;
    if (auto v = number("ssm.state_size"))
        c["ssm_d_state"] = *v;
    if (auto v = number("ssm.group_count"))
        c["ssm_n_group"] = *v;
    if (auto v = number("ssm.time_step_rank"))
        c[mamba1 ? "ssm_dt_rank" : "ssm_n_heads"] = *v;
    if (auto v = number("wkv.head_size"))
        c["wkv_head_size"] = *v;
    if (auto v = number("token_shift_count"))
        c["token_shift_count"] = *v;
    if (auto v = number("full_attention_interval"))
        c["full_attention_interval"] = *v;

    const std::uint64_t layers = c.value("num_hidden_layers", std::uint64_t(0));
    const json *kv = meta("attention.head_count_kv");
    const json *ff = meta("feed_forward_length");
    std::optional<std::uint64_t> firstRecurrent;
    if (kv && kv->is_array() && kv->size() == layers && layers > 0) {
        const bool nemotron = type == "nemotron_h";
        std::string pattern;
        json kinds = json::array();
        for (std::uint64_t i = 0; i < layers; ++i) {
            const bool attends = (*kv)[i].is_number() && (*kv)[i].get<double>() > 0;
            const bool hasFfn =
                ff && ff->is_array() && i < ff->size() && (*ff)[i].is_number() && (*ff)[i].get<double>() > 0;
            if (!attends && !(nemotron && hasFfn) && !firstRecurrent)
                firstRecurrent = i;
            if (nemotron) {
                const bool moe = hasTensor("blk." + std::to_string(i) + ".ffn_gate_inp.weight");
                pattern += attends ? '*' : hasFfn ? (moe ? 'E' : '-') : 'M';
            } else {
                kinds.push_back(attends ? "full_attention" : type == "lfm2" || type == "lfm2_moe" ? "conv" : "mamba");
            }
        }
        if (nemotron)
            c["hybrid_override_pattern"] = pattern;
        else
            c["layer_types"] = std::move(kinds);
    }
    // FFN per block from its tensors (Jamba's MoE period, LFM2-MoE's dense head) unless the pattern says it.
    if (layers > 0 && !c.contains("hybrid_override_pattern") && type != "mamba" && type != "mamba2") {
        json ffns = json::array();
        for (std::uint64_t i = 0; i < layers; ++i) {
            const std::string b = "blk." + std::to_string(i) + ".";
            ffns.push_back(hasTensor(b + "ffn_gate_inp.weight")                                 ? "sparse"
                           : hasTensor(b + "ffn_down.weight") || hasTensor(b + "ffn_up.weight") ? "dense"
                                                                                                : "none");
        }
        c["mlp_layer_types"] = std::move(ffns);
    }
    const std::string r = "blk." + std::to_string(firstRecurrent.value_or(0)) + ".";
    if (c.contains("ssm_d_inner") || c.contains("ssm_d_conv")) {
        c["ssm_conv_bias"] = hasTensor(r + "ssm_conv1d.bias") || hasTensor(r + "shortconv.conv.bias");
        c["ssm_gated_norm"] = hasTensor(r + "ssm_norm.weight");
        c["ssm_inner_norms"] = hasTensor(r + "ssm_dt_norm.weight");
    }
}

} // namespace

nlohmann::json ggufToHfConfig(const GgufHeader &h, std::vector<std::string> *warnings)
{
    auto archIt = h.metadata.find("general.architecture");
    if (archIt == h.metadata.end() || !archIt->second.is_string())
        throw InputError("general.architecture", "is missing, so the hyper-parameters cannot be found");
    const std::string arch = archIt->second.get<std::string>();
    auto warn = [warnings](std::string w) {
        if (warnings)
            warnings->push_back(std::move(w));
    };
    // Per-layer arrays (variable head counts) collapse to their widest entry.
    auto value = [&](const std::string &key) -> std::optional<std::uint64_t> {
        auto it = h.metadata.find(arch + "." + key);
        if (it == h.metadata.end())
            return std::nullopt;
        const json &v = it->second;
        if (v.is_number_unsigned())
            return v.get<std::uint64_t>();
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
            return static_cast<std::uint64_t>(v.get<std::int64_t>());
        if (v.is_array() && !v.empty()) {
            std::uint64_t widest = 0;
            for (const json &e : v)
                if (e.is_number_unsigned())
                    widest = std::max(widest, e.get<std::uint64_t>());
            warn(arch + "." + key + " varies by layer; the widest value " + std::to_string(widest) + " was used");
            return widest;
        }
        return std::nullopt;
    };
    auto tensor = [&h](std::string_view name) -> const GgufTensorInfo * {
        for (const GgufTensorInfo &t : h.tensors)
            if (t.name == name)
                return &t;
        return nullptr;
    };

    json c = json::object();
    c["model_type"] = modelTypeFor(arch, h);
    auto copy = [&](const char *configKey, const std::string &ggufKey) {
        if (auto v = value(ggufKey))
            c[configKey] = *v;
    };
    copy("num_hidden_layers", "block_count");
    copy("hidden_size", "embedding_length");
    copy("intermediate_size", "feed_forward_length");
    copy("num_attention_heads", "attention.head_count");
    copy("num_key_value_heads", "attention.head_count_kv");
    copy("max_position_embeddings", "context_length");
    copy("num_local_experts", "expert_count");
    copy("num_experts_per_tok", "expert_used_count");
    copy("moe_intermediate_size", "expert_feed_forward_length");
    copy("n_shared_experts", "expert_shared_count");
    copy("shared_expert_intermediate_size", "expert_shared_feed_forward_length");
    copy("first_k_dense_replace", "leading_dense_block_count");
    copy("sliding_window", "attention.sliding_window");

    if (auto rank = value("attention.kv_lora_rank"); rank && *rank > 0) {
        // MLA: key_length is nope + rope per head. Newer converters store the absorbed
        // shapes in key_length/value_length and the per-head ones in *_mla.
        const auto rope = value("rope.dimension_count").value_or(0);
        const auto key = value("attention.key_length_mla").value_or(value("attention.key_length").value_or(0));
        const auto val = value("attention.value_length_mla").value_or(value("attention.value_length").value_or(0));
        c["kv_lora_rank"] = *rank;
        c["q_lora_rank"] = value("attention.q_lora_rank").value_or(0) ? json(*value("attention.q_lora_rank")) : json();
        c["qk_rope_head_dim"] = rope;
        c["qk_nope_head_dim"] = key > rope ? key - rope : 0;
        c["v_head_dim"] = val;
    } else {
        copy("head_dim", "attention.key_length");
    }

    if (auto tokens = h.arrayLengths.find("tokenizer.ggml.tokens"); tokens != h.arrayLengths.end())
        c["vocab_size"] = tokens->second;
    else if (auto v = value("vocab_size"))
        c["vocab_size"] = *v;
    else if (const GgufTensorInfo *emb = tensor("token_embd.weight"); emb && emb->dims.size() == 2)
        c["vocab_size"] = emb->dims[1];
    // The token list can be shorter than a padded embedding table: the table sizes the weights.
    if (const GgufTensorInfo *emb = tensor("token_embd.weight"); emb && emb->dims.size() == 2 &&
                                                                 c.contains("vocab_size") &&
                                                                 c["vocab_size"].get<std::uint64_t>() != emb->dims[1]) {
        warn("token_embd.weight has " + std::to_string(emb->dims[1]) + " rows for " + c["vocab_size"].dump() +
             " tokens; the table's size was used");
        c["vocab_size"] = emb->dims[1];
    }
    c["tie_word_embeddings"] = tensor("output.weight") == nullptr;
    if (arch == "falcon") {
        const auto kv = value("attention.head_count_kv").value_or(1);
        c["new_decoder_architecture"] = kv > 1;
        c["multi_query"] = kv == 1;
        c["bias"] = tensor("blk.0.attn_qkv.bias") != nullptr;
    }
    if (tensor("blk.0.attn_q.bias") && tensor("blk.0.attn_output.bias") && arch != "gpt-oss")
        c["attention_bias"] = true;
    if (isRecurrentModelType(c["model_type"].get<std::string>()))
        addRecurrentKeys(c, h, arch);
    return c;
}

} // namespace memplan
