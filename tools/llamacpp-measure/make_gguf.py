#!/usr/bin/env python3
"""Write a weight-less GGUF file of a real architecture for llama.cpp memory measurements.

The file carries the metadata keys and tensor shapes llama.cpp's loader expects for the
architecture (src/models/<arch>.cpp in llama.cpp v0.5.0), a "none" tokenizer with the
real vocabulary size (llama.cpp then adds that many dummy tokens, so the embedding and
output shapes are the real ones), and tensor data that is never written: the file is
truncated to its full length, so the data is a sparse hole that reads as zeros and costs
no disk. llama.cpp sizes every buffer from the shapes and types alone, so its log lines
match those of the real checkpoint in the same format.

Layout: llama-quantize's default recipe for the type (src/llama-quant.cpp,
llama_tensor_get_type): every weight matrix (2-D, and 3-D expert stacks) in the chosen
type, except the output head (the token embeddings when they are tied), which a Q4_0
file keeps in Q6_K (Q8_0 when the hidden size does not divide into 256-weight blocks);
norms, biases and MoE routers in F32. F16/BF16/Q8_0 are what convert_hf_to_gguf.py
writes for those --outtype values.

Usage: make_gguf.py MODEL TYPE OUT.gguf     (MODEL: see CONFIGS; TYPE: f16 bf16 q8_0 q4_0)
Python 3 standard library only.
"""
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PRESETS = os.path.join(HERE, "..", "..", "presets", "models")

# ggml_type ids and (block weights, block bytes), from ggml/include/ggml.h and ggml-common.h.
GGML = {"f32": (0, 1, 4), "f16": (1, 1, 2), "q4_0": (2, 32, 18), "q8_0": (8, 32, 34), "q6_k": (14, 256, 210),
        "bf16": (30, 1, 2)}
FILE_TYPE = {"f32": 0, "f16": 1, "q4_0": 2, "q8_0": 7, "bf16": 32}  # llama_ftype

# Models whose config is not among the planner's presets (sources in README.md).
EXTRA_CONFIGS = {
    # ibm-granite/granite-3.1-1b-a400m-instruct config.json (a copy: github leok7v/nano-lamma
    # models/granite-3.1-1b-a400m-instruct/config.json)
    "granite-3.1-1b-a400m": {
        "model_type": "granitemoe", "num_hidden_layers": 24, "hidden_size": 1024, "intermediate_size": 512,
        "num_attention_heads": 16, "num_key_value_heads": 8, "vocab_size": 49155, "tie_word_embeddings": True,
        "max_position_embeddings": 131072, "rope_theta": 1500000.0, "num_local_experts": 32,
        "num_experts_per_tok": 8, "embedding_multiplier": 12.0, "residual_multiplier": 0.22,
        "attention_multiplier": 0.015625, "logits_scaling": 6.0,
    },
}

# Mixtral is llama.cpp's llama architecture with expert tensors (convert_hf_to_gguf.py MixtralModel).
# Phi-3 (and Phi-4, also model_type phi3) stores a fused attn_qkv and a fused gate+up as ffn_up
# (llama.cpp src/models/phi3.cpp; convert_hf_to_gguf.py Phi3MiniModel keeps qkv_proj and gate_up_proj).
ARCH = {"llama": "llama", "qwen2": "qwen2", "qwen3": "qwen3", "granitemoe": "granitemoe", "mixtral": "llama",
        "phi3": "phi3", "qwen3_moe": "qwen3moe", "chatglm": "chatglm", "deepseek_v2": "deepseek2",
        "deepseek_v3": "deepseek2", "kimi_k2": "deepseek2"}
# DeepSeek V2/V3 and Kimi K2 (llama.cpp deepseek2, src/models/deepseek2.cpp): multi-head latent
# attention in the layout convert_hf_to_gguf.py writes today (kv_b_proj split into attn_k_b, stored
# transposed, and attn_v_b), leading dense layers, routed experts with shared ones. V3 and K2 carry
# the router's score-correction bias (exp_probs_b).
MLA = ("deepseek_v2", "deepseek_v3", "kimi_k2")
# Hybrid models (src/models/granite-hybrid.cpp, nemotron-h.cpp, qwen3next.cpp, qwen35.cpp): the
# recurrent layers' tensors as the loader creates them. Granite and Nemotron-H mark a recurrent layer
# by a zero in the per-layer head_count_kv array (and Nemotron-H an MLP-only block by a zero KV head
# count with a feed-forward width); Qwen3-Next and Qwen3.5 by full_attention_interval. The files are
# written without the multi-token-prediction layer, as the files converted before llama.cpp kept it.
ARCH.update({"granitemoehybrid": "granitehybrid", "nemotron_h": "nemotron_h", "qwen3_next": "qwen3next",
             "qwen3_5_text": "qwen35"})
HYBRID = ("granitemoehybrid", "nemotron_h", "qwen3_next", "qwen3_5_text")


def block_kinds(cfg):
    """Per layer: 'attention', 'mamba', 'linear' (gated delta net) or 'mlp' (Nemotron-H's FFN-only block)."""
    t, L = cfg["model_type"], cfg["num_hidden_layers"]
    if t == "granitemoehybrid":
        return [k if k == "attention" else "mamba" for k in cfg["layer_types"]]
    if t == "nemotron_h":
        return [{"M": "mamba", "*": "attention", "-": "mlp"}[c] for c in cfg["hybrid_override_pattern"]]
    n = cfg.get("full_attention_interval", 4)
    return ["attention" if (i + 1) % n == 0 else "linear" for i in range(L)]


def mamba2_dims(cfg):
    t = cfg["model_type"]
    if t == "granitemoehybrid":
        nh, hdim, ng, ds, dc = (cfg["mamba_n_heads"], cfg["mamba_d_head"], cfg["mamba_n_groups"], cfg["mamba_d_state"],
                                cfg["mamba_d_conv"])
    else:
        nh, hdim, ng, ds, dc = (cfg["mamba_num_heads"], cfg["mamba_head_dim"], cfg["n_groups"], cfg["ssm_state_size"],
                                cfg["conv_kernel"])
    return nh, nh * hdim, ng, ds, dc


def hybrid_layer(cfg, p, kind, wtype):
    t = cfg["model_type"]
    d, nh, nkv = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim") or d // nh
    out = [(p + "attn_norm.weight", [d], "f32")]
    if kind == "attention":
        qrows = nh * hd * (2 if t in ("qwen3_next", "qwen3_5_text") else 1)  # Qwen: query and output gate
        out += [(p + "attn_q.weight", [d, qrows], wtype), (p + "attn_k.weight", [d, nkv * hd], wtype),
                (p + "attn_v.weight", [d, nkv * hd], wtype), (p + "attn_output.weight", [nh * hd, d], wtype)]
        if t in ("qwen3_next", "qwen3_5_text"):
            out += [(p + "attn_q_norm.weight", [hd], "f32"), (p + "attn_k_norm.weight", [hd], "f32")]
    elif kind == "mamba":
        heads, di, ng, ds, dc = mamba2_dims(cfg)
        conv = di + 2 * ng * ds
        out += [(p + "ssm_in.weight", [d, 2 * di + 2 * ng * ds + heads], wtype),
                (p + "ssm_conv1d.weight", [dc, conv], "f32"), (p + "ssm_conv1d.bias", [conv], "f32"),
                (p + "ssm_dt.bias", [heads], "f32"), (p + "ssm_a", [1, heads], "f32"), (p + "ssm_d", [1, heads], "f32"),
                (p + "ssm_norm.weight", [di // ng, ng], "f32"), (p + "ssm_out.weight", [di, d], wtype)]
    elif kind == "linear":
        nk, nv = cfg["linear_num_key_heads"], cfg["linear_num_value_heads"]
        dk, dv, dc = cfg["linear_key_head_dim"], cfg["linear_value_head_dim"], cfg["linear_conv_kernel_dim"]
        key, value = nk * dk, nv * dv
        out += [(p + "attn_qkv.weight", [d, 2 * key + value], wtype), (p + "attn_gate.weight", [d, value], wtype),
                (p + "ssm_conv1d.weight", [dc, 2 * key + value], "f32"), (p + "ssm_dt.bias", [nv], "f32"),
                (p + "ssm_a", [nv], "f32"), (p + "ssm_norm.weight", [dv], "f32"),
                (p + "ssm_out.weight", [value, d], wtype)]
        if t == "qwen3_next":
            out.append((p + "ssm_ba.weight", [d, 2 * nv], wtype))
        else:
            out += [(p + "ssm_beta.weight", [d, nv], wtype), (p + "ssm_alpha.weight", [d, nv], wtype)]
    # The feed-forward part of the block.
    if t == "nemotron_h":
        if kind == "mlp":  # squared-ReLU MLP: up and down only
            ff = cfg["intermediate_size"]
            out += [(p + "ffn_up.weight", [d, ff], wtype), (p + "ffn_down.weight", [ff, d], wtype)]
        return out
    norm = "post_attention_norm.weight" if t in ("qwen3_next", "qwen3_5_text") else "ffn_norm.weight"
    out.append((p + norm, [d], "f32"))
    if t == "qwen3_5_text":
        ff = cfg["intermediate_size"]
        return out + [(p + "ffn_gate.weight", [d, ff], wtype), (p + "ffn_down.weight", [ff, d], wtype),
                      (p + "ffn_up.weight", [d, ff], wtype)]
    if t == "qwen3_next":
        E, fe, fs = cfg["num_experts"], cfg["moe_intermediate_size"], cfg["shared_expert_intermediate_size"]
        out.append((p + "ffn_gate_inp_shexp.weight", [d], "f32"))
    else:
        E, fe, fs = cfg["num_local_experts"], cfg["intermediate_size"], cfg["shared_intermediate_size"]
    return out + [(p + "ffn_gate_inp.weight", [d, E], "f32"),
                  (p + "ffn_gate_exps.weight", [d, fe, E], wtype), (p + "ffn_down_exps.weight", [fe, d, E], wtype),
                  (p + "ffn_up_exps.weight", [d, fe, E], wtype),
                  (p + "ffn_gate_shexp.weight", [d, fs], wtype), (p + "ffn_down_shexp.weight", [fs, d], wtype),
                  (p + "ffn_up_shexp.weight", [d, fs], wtype)]


def load_config(model):
    if model in EXTRA_CONFIGS:
        return EXTRA_CONFIGS[model]
    with open(os.path.join(PRESETS, model + ".json"), encoding="utf-8") as f:
        return json.load(f)["config"]


def output_type(wtype, hidden):
    """The type llama-quantize gives the output head (or tied embeddings) of a wtype file."""
    if wtype != "q4_0":
        return wtype
    return "q6_k" if hidden % 256 == 0 else "q8_0"


def tensors(cfg, wtype):
    """(name, shape as ggml ne[], type) in llama.cpp's shapes."""
    t = cfg["model_type"]
    d, L, ff = cfg["hidden_size"], cfg["num_hidden_layers"], cfg["intermediate_size"]
    nh, nkv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim") or d // nh
    V = cfg["vocab_size"]
    tied = cfg.get("tie_word_embeddings", False)
    head = output_type(wtype, d)
    out = [("token_embd.weight", [d, V], head if tied else wtype), ("output_norm.weight", [d], "f32")]
    if not tied:
        out.append(("output.weight", [d, V], head))
    kinds = block_kinds(cfg) if t in HYBRID else None
    for i in range(L):
        p = "blk.%d." % i
        if kinds:
            out += hybrid_layer(cfg, p, kinds[i], wtype)
            continue
        if t in MLA:
            out += mla_layer(cfg, p, i, wtype)
            continue
        if t in ("phi3", "chatglm"):  # chatglm (GLM-4 9B): the same fused layout, with a QKV bias
            out += [(p + "attn_norm.weight", [d], "f32"),
                    (p + "attn_qkv.weight", [d, nh * hd + 2 * nkv * hd], wtype)]
            if t == "chatglm":
                out.append((p + "attn_qkv.bias", [nh * hd + 2 * nkv * hd], "f32"))
            out += [(p + "attn_output.weight", [nh * hd, d], wtype),
                    (p + "ffn_norm.weight", [d], "f32"),
                    (p + "ffn_up.weight", [d, 2 * ff], wtype),
                    (p + "ffn_down.weight", [ff, d], wtype)]
            continue
        out += [(p + "attn_norm.weight", [d], "f32"),
                (p + "attn_q.weight", [d, nh * hd], wtype),
                (p + "attn_k.weight", [d, nkv * hd], wtype),
                (p + "attn_v.weight", [d, nkv * hd], wtype),
                (p + "attn_output.weight", [nh * hd, d], wtype)]
        if t == "qwen2":
            out += [(p + "attn_q.bias", [nh * hd], "f32"), (p + "attn_k.bias", [nkv * hd], "f32"),
                    (p + "attn_v.bias", [nkv * hd], "f32")]
        if t in ("qwen3", "qwen3_moe"):
            out += [(p + "attn_q_norm.weight", [hd], "f32"), (p + "attn_k_norm.weight", [hd], "f32")]
        out.append((p + "ffn_norm.weight", [d], "f32"))
        if t == "qwen3_moe":  # src/models/qwen3moe.cpp: routed experts of moe_intermediate_size, no shared one
            E, fe = cfg["num_experts"], cfg["moe_intermediate_size"]
            out += [(p + "ffn_gate_inp.weight", [d, E], "f32"),
                    (p + "ffn_gate_exps.weight", [d, fe, E], wtype),
                    (p + "ffn_down_exps.weight", [fe, d, E], wtype),
                    (p + "ffn_up_exps.weight", [d, fe, E], wtype)]
        elif t in ("granitemoe", "mixtral"):
            E = cfg["num_local_experts"]
            out += [(p + "ffn_gate_inp.weight", [d, E], "f32"),
                    (p + "ffn_gate_exps.weight", [d, ff, E], wtype),
                    (p + "ffn_down_exps.weight", [ff, d, E], wtype),
                    (p + "ffn_up_exps.weight", [d, ff, E], wtype)]
        else:
            out += [(p + "ffn_gate.weight", [d, ff], wtype), (p + "ffn_down.weight", [ff, d], wtype),
                    (p + "ffn_up.weight", [d, ff], wtype)]
    return out


def mla_layer(cfg, p, i, wtype):
    d, nh = cfg["hidden_size"], cfg["num_attention_heads"]
    rope, nope, v, kvr = cfg["qk_rope_head_dim"], cfg["qk_nope_head_dim"], cfg["v_head_dim"], cfg["kv_lora_rank"]
    qr = cfg.get("q_lora_rank")
    out = [(p + "attn_norm.weight", [d], "f32")]
    if qr:
        out += [(p + "attn_q_a.weight", [d, qr], wtype), (p + "attn_q_a_norm.weight", [qr], "f32"),
                (p + "attn_q_b.weight", [qr, nh * (nope + rope)], wtype)]
    else:
        out.append((p + "attn_q.weight", [d, nh * (nope + rope)], wtype))
    out += [(p + "attn_kv_a_mqa.weight", [d, kvr + rope], wtype), (p + "attn_kv_a_norm.weight", [kvr], "f32"),
            (p + "attn_k_b.weight", [nope, kvr, nh], wtype), (p + "attn_v_b.weight", [kvr, v, nh], wtype),
            (p + "attn_output.weight", [nh * v, d], wtype), (p + "ffn_norm.weight", [d], "f32")]
    if i < cfg["first_k_dense_replace"]:
        ff = cfg["intermediate_size"]
        return out + [(p + "ffn_gate.weight", [d, ff], wtype), (p + "ffn_down.weight", [ff, d], wtype),
                      (p + "ffn_up.weight", [d, ff], wtype)]
    E, fe, ns = cfg["n_routed_experts"], cfg["moe_intermediate_size"], cfg["n_shared_experts"]
    out += [(p + "ffn_gate_inp.weight", [d, E], "f32"),
            (p + "ffn_gate_exps.weight", [d, fe, E], wtype), (p + "ffn_down_exps.weight", [fe, d, E], wtype),
            (p + "ffn_up_exps.weight", [d, fe, E], wtype),
            (p + "ffn_gate_shexp.weight", [d, ns * fe], wtype), (p + "ffn_down_shexp.weight", [ns * fe, d], wtype),
            (p + "ffn_up_shexp.weight", [d, ns * fe], wtype)]
    if cfg["model_type"] != "deepseek_v2":
        out.append((p + "exp_probs_b.bias", [E], "f32"))
    return out


# The Hugging Face name each GGUF tensor comes from. convert_hf_to_gguf.py writes tensors in
# the order it reads them from the safetensors files, whose keys are sorted as strings
# (lm_head, model.embed_tokens, model.layers.0, .1, .10, ..., model.norm); the files are
# written in that order too, so the span llama.cpp maps for the CPU (first to last tensor
# it keeps there) is laid out as in a converted checkpoint.
HF_NAME = {"token_embd.weight": "model.embed_tokens.weight", "output.weight": "lm_head.weight",
           "output_norm.weight": "model.norm.weight", "attn_norm.weight": "input_layernorm.weight",
           "ffn_norm.weight": "post_attention_layernorm.weight", "attn_q.weight": "self_attn.q_proj.weight",
           "attn_k.weight": "self_attn.k_proj.weight", "attn_v.weight": "self_attn.v_proj.weight",
           "attn_q.bias": "self_attn.q_proj.bias", "attn_k.bias": "self_attn.k_proj.bias",
           "attn_v.bias": "self_attn.v_proj.bias", "attn_output.weight": "self_attn.o_proj.weight",
           "attn_q_norm.weight": "self_attn.q_norm.weight", "attn_k_norm.weight": "self_attn.k_norm.weight",
           "ffn_gate.weight": "mlp.gate_proj.weight", "ffn_up.weight": "mlp.up_proj.weight",
           "ffn_down.weight": "mlp.down_proj.weight", "ffn_gate_inp.weight": "block_sparse_moe.router.layer.weight",
           "ffn_gate_exps.weight": "block_sparse_moe.input_linear.weight.0",
           "ffn_up_exps.weight": "block_sparse_moe.input_linear.weight.1",
           "ffn_down_exps.weight": "block_sparse_moe.output_linear.weight",
           "attn_qkv.weight": "self_attn.qkv_proj.weight", "attn_qkv.bias": "self_attn.qkv_proj.bias",
           "attn_q_a.weight": "self_attn.q_a_proj.weight", "attn_q_a_norm.weight": "self_attn.q_a_layernorm.weight",
           "attn_q_b.weight": "self_attn.q_b_proj.weight",
           "attn_kv_a_mqa.weight": "self_attn.kv_a_proj_with_mqa.weight",
           "attn_kv_a_norm.weight": "self_attn.kv_a_layernorm.weight", "attn_k_b.weight": "self_attn.kv_b_proj.weight.k",
           "attn_v_b.weight": "self_attn.kv_b_proj.weight.v", "ffn_gate_shexp.weight": "mlp.shared_experts.gate_proj.weight",
           "ffn_down_shexp.weight": "mlp.shared_experts.down_proj.weight",
           "ffn_up_shexp.weight": "mlp.shared_experts.up_proj.weight", "exp_probs_b.bias": "mlp.gate.e_score_correction_bias"}


def hf_key(name):
    if name.startswith("blk."):
        _, i, rest = name.split(".", 2)
        return "model.layers.%s.%s" % (i, HF_NAME.get(rest, rest))
    return HF_NAME[name]


def metadata(cfg, wtype):
    t = cfg["model_type"]
    a = ARCH[t]
    nh = cfg["num_attention_heads"]
    hd = cfg.get("head_dim") or cfg["hidden_size"] // nh
    kv = [("general.architecture", "str", a), ("general.name", "str", "weight-less " + t),
          ("general.file_type", "u32", FILE_TYPE[wtype]), ("general.alignment", "u32", 32),
          (a + ".vocab_size", "u32", cfg["vocab_size"]),
          (a + ".context_length", "u32", cfg["max_position_embeddings"]),
          (a + ".embedding_length", "u32", cfg["hidden_size"]),
          (a + ".block_count", "u32", cfg["num_hidden_layers"]),
          (a + ".feed_forward_length", "u32", cfg["intermediate_size"]),
          (a + ".attention.head_count", "u32", nh),
          (a + ".attention.head_count_kv", "u32", cfg["num_key_value_heads"]),
          (a + ".attention.key_length", "u32", hd), (a + ".attention.value_length", "u32", hd),
          (a + ".rope.dimension_count", "u32", hd),
          (a + ".rope.freq_base", "f32", cfg.get("rope_theta", 10000.0)),
          (a + ".attention.layer_norm_rms_epsilon", "f32", 1e-6),
          ("tokenizer.ggml.model", "str", "none")]
    if t in MLA:
        # llama.cpp stores MLA as one KV head of kv_lora_rank + rope width (convert_hf_to_gguf.py).
        rope, kvr = cfg["qk_rope_head_dim"], cfg["kv_lora_rank"]
        kv = [x for x in kv if not x[0].startswith(a + ".attention.") or x[0].endswith("rms_epsilon")
              or x[0].endswith("head_count") and not x[0].endswith("_kv")]
        kv = [x for x in kv if x[0] != a + ".rope.dimension_count"]
        kv += [(a + ".attention.head_count_kv", "u32", 1), (a + ".attention.key_length", "u32", kvr + rope),
               (a + ".attention.value_length", "u32", kvr),
               (a + ".attention.key_length_mla", "u32", cfg["qk_nope_head_dim"] + rope),
               (a + ".attention.value_length_mla", "u32", cfg["v_head_dim"]),
               (a + ".attention.kv_lora_rank", "u32", kvr), (a + ".rope.dimension_count", "u32", rope),
               (a + ".leading_dense_block_count", "u32", cfg["first_k_dense_replace"]),
               (a + ".expert_feed_forward_length", "u32", cfg["moe_intermediate_size"]),
               (a + ".expert_count", "u32", cfg["n_routed_experts"]),
               (a + ".expert_shared_count", "u32", cfg["n_shared_experts"]),
               (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"])]
        if cfg.get("q_lora_rank"):
            kv.append((a + ".attention.q_lora_rank", "u32", cfg["q_lora_rank"]))
    if t in HYBRID:
        kv = [x for x in kv if x[0] not in (a + ".attention.head_count_kv", a + ".feed_forward_length")]
        kinds = block_kinds(cfg)
        if t in ("qwen3_next", "qwen3_5_text"):
            rope = int(cfg.get("head_dim", 256) * cfg.get("partial_rotary_factor", 0.25))
            kv = [x for x in kv if x[0] != a + ".rope.dimension_count"]
            kv += [(a + ".attention.head_count_kv", "u32", cfg["num_key_value_heads"]),
                   (a + ".feed_forward_length", "u32", cfg["intermediate_size"]),
                   (a + ".rope.dimension_count", "u32", rope),
                   (a + ".full_attention_interval", "u32", cfg.get("full_attention_interval", 4)),
                   (a + ".ssm.conv_kernel", "u32", cfg["linear_conv_kernel_dim"]),
                   (a + ".ssm.state_size", "u32", cfg["linear_key_head_dim"]),
                   (a + ".ssm.group_count", "u32", cfg["linear_num_key_heads"]),
                   (a + ".ssm.time_step_rank", "u32", cfg["linear_num_value_heads"]),
                   (a + ".ssm.inner_size", "u32", cfg["linear_value_head_dim"] * cfg["linear_num_value_heads"])]
            if t == "qwen3_next":
                kv += [(a + ".expert_count", "u32", cfg["num_experts"]),
                       (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"]),
                       (a + ".expert_feed_forward_length", "u32", cfg["moe_intermediate_size"]),
                       (a + ".expert_shared_feed_forward_length", "u32", cfg["shared_expert_intermediate_size"])]
            else:
                kv.append((a + ".rope.dimension_sections", "u32[]", [11, 11, 10, 0]))
        else:
            heads, di, ng, ds, dc = mamba2_dims(cfg)
            kvh = [cfg["num_key_value_heads"] if k == "attention" else 0 for k in kinds]
            kv += [(a + ".attention.head_count_kv", "u32[]", kvh),
                   (a + ".ssm.conv_kernel", "u32", dc), (a + ".ssm.state_size", "u32", ds),
                   (a + ".ssm.group_count", "u32", ng), (a + ".ssm.time_step_rank", "u32", heads),
                   (a + ".ssm.inner_size", "u32", di)]
            if t == "nemotron_h":
                ff = cfg["intermediate_size"]
                kv += [(a + ".feed_forward_length", "u32[]", [ff if k == "mlp" else 0 for k in kinds]),
                       (a + ".attention.layer_norm_epsilon", "f32", 1e-5)]
            else:
                kv += [(a + ".feed_forward_length", "u32", cfg["intermediate_size"]),
                       (a + ".expert_count", "u32", cfg["num_local_experts"]),
                       (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"]),
                       (a + ".expert_shared_feed_forward_length", "u32", cfg["shared_intermediate_size"])]
    if t == "qwen3_moe":
        kv += [(a + ".expert_count", "u32", cfg["num_experts"]),
               (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"]),
               (a + ".expert_feed_forward_length", "u32", cfg["moe_intermediate_size"])]
    if t == "mixtral":
        kv += [(a + ".expert_count", "u32", cfg["num_local_experts"]),
               (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"])]
    if t == "granitemoe":
        kv += [(a + ".expert_count", "u32", cfg["num_local_experts"]),
               (a + ".expert_used_count", "u32", cfg["num_experts_per_tok"]),
               (a + ".logit_scale", "f32", cfg["logits_scaling"]),
               (a + ".residual_scale", "f32", cfg["residual_multiplier"]),
               (a + ".embedding_scale", "f32", cfg["embedding_multiplier"]),
               (a + ".attention.scale", "f32", cfg["attention_multiplier"])]
    return kv


def gguf_str(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def nbytes(shape, ty):
    _, bw, bb = GGML[ty]
    n = 1
    for x in shape:
        n *= x
    if shape[0] % bw:
        raise SystemExit("row of %d does not divide into %s blocks" % (shape[0], ty))
    return n // bw * bb


def write(model, wtype, path):
    cfg = load_config(model)
    ts = sorted(tensors(cfg, wtype), key=lambda t: hf_key(t[0]))
    kv = metadata(cfg, wtype)
    head = b"GGUF" + struct.pack("<IQQ", 3, len(ts), len(kv))
    for k, ty, v in kv:
        head += gguf_str(k)
        if ty == "str":
            head += struct.pack("<I", 8) + gguf_str(v)
        elif ty == "u32":
            head += struct.pack("<II", 4, v)
        elif ty == "u32[]":
            head += struct.pack("<IIQ", 9, 4, len(v)) + struct.pack("<%dI" % len(v), *v)
        else:
            head += struct.pack("<If", 6, v)
    offset = 0
    for name, shape, ty in ts:
        head += gguf_str(name) + struct.pack("<I", len(shape)) + struct.pack("<%dQ" % len(shape), *shape)
        head += struct.pack("<IQ", GGML[ty][0], offset)
        offset += (nbytes(shape, ty) + 31) // 32 * 32
    head += b"\0" * ((32 - len(head) % 32) % 32)
    with open(path + ".tmp", "wb") as f:
        f.write(head)
        f.truncate(len(head) + offset)  # the data stays a hole: zeros, no disk blocks
    os.replace(path + ".tmp", path)
    return len(head) + offset, offset


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[2] not in GGML:
        raise SystemExit(__doc__)
    size, data = write(sys.argv[1], sys.argv[2], sys.argv[3])
    print("%s: %d bytes, tensor data %d bytes (sparse)" % (sys.argv[3], size, data))
