#pragma once
// Writers for synthetic GGUF and safetensors files, shared by tst_importers and
// bench_import. Data regions are left as holes (QFile::resize), so a file can
// declare a 70B model while occupying a few megabytes on disk.

#include "model/quantformat.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace testwriters {

inline void put32(QByteArray &b, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        b.append(char((v >> (8 * i)) & 0xff));
}
inline void put64(QByteArray &b, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        b.append(char((v >> (8 * i)) & 0xff));
}
inline void putString(QByteArray &b, const QByteArray &s)
{
    put64(b, std::uint64_t(s.size()));
    b.append(s);
}

enum GgufType : std::uint32_t { U8 = 0, I8, U16, I16, U32, I32, F32, Bool, String, Array, U64, I64, F64 };
enum GgmlType : std::uint32_t {
    GgmlF32 = 0,
    GgmlF16 = 1,
    GgmlQ4_0 = 2,
    GgmlQ8_0 = 8,
    GgmlQ4_K = 12,
    GgmlQ6_K = 14,
    GgmlBF16 = 30
};

class GgufWriter {
public:
    explicit GgufWriter(std::uint32_t version = 3) : m_version(version) {}

    /// A key with an already encoded value (type + payload).
    GgufWriter &kvRaw(const QByteArray &key, std::uint32_t type, const QByteArray &payload)
    {
        putString(m_kv, key);
        put32(m_kv, type);
        m_kv.append(payload);
        ++m_kvCount;
        return *this;
    }
    GgufWriter &kvU32(const QByteArray &key, std::uint32_t v)
    {
        QByteArray p;
        put32(p, v);
        return kvRaw(key, U32, p);
    }
    GgufWriter &kvU64(const QByteArray &key, std::uint64_t v)
    {
        QByteArray p;
        put64(p, v);
        return kvRaw(key, U64, p);
    }
    GgufWriter &kvString(const QByteArray &key, const QByteArray &v)
    {
        QByteArray p;
        putString(p, v);
        return kvRaw(key, String, p);
    }
    /// An array of count short strings, like tokenizer.ggml.tokens.
    GgufWriter &kvStrings(const QByteArray &key, std::uint64_t count)
    {
        QByteArray p;
        put32(p, String);
        put64(p, count);
        for (std::uint64_t i = 0; i < count; ++i)
            putString(p, "tok" + QByteArray::number(qulonglong(i)));
        return kvRaw(key, Array, p);
    }

    /// A tensor placed after the previous one, aligned to 32 bytes.
    GgufWriter &tensor(const QByteArray &name, const std::vector<std::uint64_t> &dims, std::uint32_t type)
    {
        const std::uint64_t offset = m_dataSize;
        tensorAt(name, dims, type, offset);
        m_dataSize = (offset + bytesOf(dims, type) + 31) / 32 * 32;
        return *this;
    }
    GgufWriter &tensorAt(const QByteArray &name, const std::vector<std::uint64_t> &dims, std::uint32_t type,
                         std::uint64_t offset)
    {
        putString(m_infos, name);
        put32(m_infos, std::uint32_t(dims.size()));
        for (std::uint64_t d : dims)
            put64(m_infos, d);
        put32(m_infos, type);
        put64(m_infos, offset);
        ++m_tensorCount;
        m_dataSize = std::max(m_dataSize, offset + bytesOf(dims, type));
        return *this;
    }

    static std::uint64_t bytesOf(const std::vector<std::uint64_t> &dims, std::uint32_t type)
    {
        const memplan::QuantFormat *f = memplan::findGgmlType(int(type));
        std::uint64_t n = 1;
        for (std::uint64_t d : dims)
            n *= d;
        return f ? n / f->blockWeights * f->blockBytes : n;
    }

    /// Everything up to the data region, padded to the default alignment.
    QByteArray header() const
    {
        QByteArray b("GGUF");
        put32(b, m_version);
        put64(b, m_tensorCount);
        put64(b, m_kvCount);
        b.append(m_kv);
        b.append(m_infos);
        while (b.size() % 32)
            b.append('\0');
        return b;
    }
    std::uint64_t dataSize() const { return m_dataSize; }

    /// Writes the header and extends the file over a hole for the tensor data.
    bool write(const QString &path) const
    {
        QFile f(path);
        const QByteArray h = header();
        return f.open(QIODevice::WriteOnly) && f.write(h) == h.size() && f.resize(qint64(h.size() + m_dataSize));
    }

private:
    std::uint32_t m_version;
    QByteArray m_kv, m_infos;
    std::uint64_t m_kvCount = 0, m_tensorCount = 0, m_dataSize = 0;
};

struct StTensor {
    std::string name;
    std::string dtype;
    std::vector<std::uint64_t> shape;
};

inline std::uint64_t stBytes(const StTensor &t)
{
    std::uint64_t n = 1;
    for (auto d : t.shape)
        n *= d;
    const std::string &d = t.dtype;
    const std::uint64_t size = d == "F64" || d == "I64"                  ? 8
                               : d == "F32" || d == "I32"                ? 4
                               : d == "F16" || d == "BF16" || d == "I16" ? 2
                                                                         : 1;
    return n * size;
}

/// The header JSON for tensors laid out back to back.
inline nlohmann::json stHeader(const std::vector<StTensor> &tensors, std::uint64_t *dataSize = nullptr)
{
    nlohmann::json h = {{"__metadata__", {{"format", "pt"}}}};
    std::uint64_t offset = 0;
    for (const StTensor &t : tensors) {
        const std::uint64_t end = offset + stBytes(t);
        h[t.name] = {{"dtype", t.dtype}, {"shape", t.shape}, {"data_offsets", {offset, end}}};
        offset = end;
    }
    if (dataSize)
        *dataSize = offset;
    return h;
}

/// 8-byte length + JSON text; the data region (dataSize bytes) is a hole.
inline QByteArray stFileHead(const QByteArray &json)
{
    QByteArray b;
    put64(b, std::uint64_t(json.size()));
    b.append(json);
    return b;
}

inline bool writeSafetensors(const QString &path, const std::vector<StTensor> &tensors)
{
    std::uint64_t dataSize = 0;
    const QByteArray head = stFileHead(QByteArray::fromStdString(stHeader(tensors, &dataSize).dump()));
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(head) == head.size() && f.resize(qint64(head.size() + dataSize));
}

} // namespace testwriters
