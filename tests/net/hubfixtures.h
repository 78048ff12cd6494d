#pragma once
// Fixture repositories for the hub tests and benchmark, written into a folder the
// FixtureServer serves (root/<org>/<name>/...). Data regions are holes, so the
// 70B checkpoint costs a few hundred kilobytes of disk.

#include "modelfilewriters.h"

#include <QDir>
#include <QFile>

namespace hubfixtures {

using namespace testwriters;

inline bool writeText(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

/// Llama 3.1 70B's shapes (config.json of meta-llama/Llama-3.1-70B) over 30 BF16 shards.
inline bool writeLlama70b(const QString &dir)
{
    constexpr std::uint64_t h = 8192, ffn = 28672, kv = 1024, vocab = 128256;
    if (!QDir().mkpath(dir))
        return false;
    const nlohmann::json config = {{"architectures", {"LlamaForCausalLM"}},
                                   {"model_type", "llama"},
                                   {"hidden_size", h},
                                   {"intermediate_size", ffn},
                                   {"num_hidden_layers", 80},
                                   {"num_attention_heads", 64},
                                   {"num_key_value_heads", 8},
                                   {"vocab_size", vocab},
                                   {"max_position_embeddings", 131072},
                                   {"torch_dtype", "bfloat16"},
                                   {"tie_word_embeddings", false},
                                   {"rope_theta", 500000.0}};
    nlohmann::json map = nlohmann::json::object();
    std::vector<std::vector<StTensor>> shards(30);
    const char *names[] = {"self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj",
                           "mlp.gate_proj",    "mlp.up_proj",      "mlp.down_proj"};
    const std::vector<std::uint64_t> shapes[] = {{h, h}, {kv, h}, {kv, h}, {h, h}, {ffn, h}, {ffn, h}, {h, ffn}};
    for (int layer = 0; layer < 80; ++layer) {
        auto &shard = shards[layer * 30 / 80];
        const std::string p = "model.layers." + std::to_string(layer) + ".";
        for (int k = 0; k < 7; ++k)
            shard.push_back({p + names[k] + ".weight", "BF16", shapes[k]});
        shard.push_back({p + "input_layernorm.weight", "BF16", {h}});
        shard.push_back({p + "post_attention_layernorm.weight", "BF16", {h}});
    }
    shards.front().push_back({"model.embed_tokens.weight", "BF16", {vocab, h}});
    shards.back().push_back({"model.norm.weight", "BF16", {h}});
    shards.back().push_back({"lm_head.weight", "BF16", {vocab, h}});
    std::uint64_t total = 0;
    for (int s = 0; s < 30; ++s) {
        const std::string name = QString::asprintf("model-%05d-of-00030.safetensors", s + 1).toStdString();
        if (!writeSafetensors(dir + "/" + QString::fromStdString(name), shards[s]))
            return false;
        for (const StTensor &t : shards[s]) {
            map[t.name] = name;
            total += stBytes(t);
        }
    }
    const nlohmann::json index = {{"metadata", {{"total_size", total}}}, {"weight_map", map}};
    return writeText(dir + "/config.json", QByteArray::fromStdString(config.dump(2))) &&
           writeText(dir + "/model.safetensors.index.json", QByteArray::fromStdString(index.dump(2))) &&
           writeText(dir + "/README.md", "fixture\n");
}

/// A small llama-shaped GGUF (2 layers) with general.file_type ftype.
inline bool writeTinyGguf(const QString &path, std::uint32_t ftype, std::uint32_t matrixType)
{
    constexpr std::uint64_t h = 256, ffn = 512, vocab = 1000;
    GgufWriter w;
    w.kvString("general.architecture", "llama").kvString("general.name", "tiny").kvU32("general.file_type", ftype);
    w.kvU32("llama.block_count", 2).kvU32("llama.context_length", 4096).kvU32("llama.embedding_length", h);
    w.kvU32("llama.feed_forward_length", ffn).kvU32("llama.attention.head_count", 4);
    w.kvU32("llama.attention.head_count_kv", 2).kvStrings("tokenizer.ggml.tokens", vocab);
    w.tensor("token_embd.weight", {h, vocab}, matrixType);
    for (int i = 0; i < 2; ++i) {
        const QByteArray b = "blk." + QByteArray::number(i) + ".";
        w.tensor(b + "attn_norm.weight", {h}, GgmlF32).tensor(b + "ffn_norm.weight", {h}, GgmlF32);
        w.tensor(b + "attn_q.weight", {h, h}, matrixType).tensor(b + "attn_output.weight", {h, h}, matrixType);
        w.tensor(b + "attn_k.weight", {h, 128}, matrixType).tensor(b + "attn_v.weight", {h, 128}, matrixType);
        w.tensor(b + "ffn_gate.weight", {h, ffn}, matrixType).tensor(b + "ffn_up.weight", {h, ffn}, matrixType);
        w.tensor(b + "ffn_down.weight", {ffn, h}, matrixType);
    }
    w.tensor("output_norm.weight", {h}, GgmlF32).tensor("output.weight", {h, vocab}, GgmlQ8_0);
    return QDir().mkpath(QFileInfo(path).path()) && w.write(path);
}

/// A GGUF repository with two quantizations, as GGUF uploads are laid out.
inline bool writeGgufRepo(const QString &dir)
{
    return writeTinyGguf(dir + "/tiny-Q4_K_M.gguf", 15, GgmlQ4_K) &&
           writeTinyGguf(dir + "/tiny-Q8_0.gguf", 7, GgmlQ8_0) && writeText(dir + "/README.md", "fixture\n");
}

} // namespace hubfixtures
