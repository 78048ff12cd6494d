#!/usr/bin/env python3
"""Generate the shipped model and hardware presets from the curated reference data.

Provenance tool: the build never runs it. It reads ../shared/reference/models.json and
hardware.json (relative to the repository root), converts every entry into one preset file
per id under presets/models/ and presets/hardware/, validates the result and writes it as
pretty-printed JSON (2-space indent, fixed key order). docs/presets.md describes the format.

    python3 tools/make_presets.py                  # regenerate
    python3 tools/make_presets.py --check          # fail if the files on disk differ
    python3 tools/make_presets.py --reference DIR  # read the reference JSON from DIR

Standard library only.
"""

import argparse
import json
import math
import re
import sys
from pathlib import Path

MODEL_SCHEMA = "memplan.model-preset/1"
HARDWARE_SCHEMA = "memplan.hardware-preset/1"

GIB = 1 << 30
MIB = 1 << 20

# --------------------------------------------------------------------------------------
# Tables that encode decisions (kept explicit so a reviewer can read every choice).
# --------------------------------------------------------------------------------------

# Reference hf_repo -> preset id. Every reference model must appear here.
MODEL_IDS = {
    "meta-llama/Llama-2-7b-hf": "llama-2-7b",
    "meta-llama/Llama-2-13b-hf": "llama-2-13b",
    "meta-llama/Llama-2-70b-hf": "llama-2-70b",
    "meta-llama/Llama-3.1-8B": "llama-3.1-8b",
    "meta-llama/Llama-3.1-70B": "llama-3.1-70b",
    "meta-llama/Llama-3.1-405B": "llama-3.1-405b",
    "meta-llama/Llama-3.2-1B": "llama-3.2-1b",
    "meta-llama/Llama-3.2-3B": "llama-3.2-3b",
    "meta-llama/Llama-3.3-70B-Instruct": "llama-3.3-70b",
    "meta-llama/Llama-4-Scout-17B-16E": "llama-4-scout",
    "meta-llama/Llama-4-Maverick-17B-128E": "llama-4-maverick",
    "mistralai/Mistral-7B-v0.1": "mistral-7b-v0.1",
    "mistralai/Mistral-7B-v0.3": "mistral-7b-v0.3",
    "mistralai/Mistral-Nemo-Base-2407": "mistral-nemo-12b",
    "mistralai/Mistral-Small-24B-Base-2501": "mistral-small-24b",
    "mistralai/Mixtral-8x7B-v0.1": "mixtral-8x7b",
    "mistralai/Mixtral-8x22B-Instruct-v0.1": "mixtral-8x22b",
    "Qwen/Qwen2.5-0.5B": "qwen2.5-0.5b",
    "Qwen/Qwen2.5-1.5B": "qwen2.5-1.5b",
    "Qwen/Qwen2.5-3B": "qwen2.5-3b",
    "Qwen/Qwen2.5-7B": "qwen2.5-7b",
    "Qwen/Qwen2.5-14B": "qwen2.5-14b",
    "Qwen/Qwen2.5-32B": "qwen2.5-32b",
    "Qwen/Qwen2.5-72B": "qwen2.5-72b",
    "Qwen/Qwen3-0.6B": "qwen3-0.6b",
    "Qwen/Qwen3-4B": "qwen3-4b",
    "Qwen/Qwen3-8B": "qwen3-8b",
    "Qwen/Qwen3-14B": "qwen3-14b",
    "Qwen/Qwen3-32B": "qwen3-32b",
    "Qwen/Qwen3-30B-A3B": "qwen3-30b-a3b",
    "Qwen/Qwen3-235B-A22B": "qwen3-235b-a22b",
    "google/gemma-2-2b": "gemma-2-2b",
    "google/gemma-2-9b": "gemma-2-9b",
    "google/gemma-2-27b-it": "gemma-2-27b",
    "google/gemma-3-1b-it": "gemma-3-1b",
    "google/gemma-3-4b-it": "gemma-3-4b",
    "google/gemma-3-12b-it": "gemma-3-12b",
    "google/gemma-3-27b-it": "gemma-3-27b",
    "microsoft/Phi-3-mini-4k-instruct": "phi-3-mini-4k",
    "microsoft/Phi-3-medium-4k-instruct": "phi-3-medium-4k",
    "microsoft/phi-4": "phi-4",
    "deepseek-ai/DeepSeek-V3": "deepseek-v3",
    "deepseek-ai/DeepSeek-V2-Lite": "deepseek-v2-lite",
    "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B": "deepseek-r1-distill-qwen-7b",
    "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B": "deepseek-r1-distill-qwen-32b",
    "openai/gpt-oss-20b": "gpt-oss-20b",
    "openai/gpt-oss-120b": "gpt-oss-120b",
    "tiiuae/falcon-7b": "falcon-7b",
    "tiiuae/falcon-40b": "falcon-40b",
    "THUDM/glm-4-9b-chat": "glm-4-9b",
    "CohereForAI/c4ai-command-r-v01": "command-r-v01",
    "CohereForAI/c4ai-command-r-08-2024": "command-r-08-2024",
    "moonshotai/Kimi-K2-Instruct": "kimi-k2",
}

# Reference family tag -> display family used for grouping in the model picker.
FAMILY_DISPLAY = {
    "llama2": "Llama 2",
    "llama3": "Llama 3",
    "llama4": "Llama 4",
    "mistral": "Mistral",
    "mixtral": "Mixtral",
    "qwen2.5": "Qwen2.5",
    "qwen2.5 (distill)": "DeepSeek",  # DeepSeek-R1 distills: published by DeepSeek on a Qwen2.5 base
    "qwen3": "Qwen3",
    "qwen3-moe": "Qwen3",
    "gemma2": "Gemma 2",
    "gemma3": "Gemma 3",
    "phi3": "Phi",
    "deepseek-v3": "DeepSeek",
    "deepseek-v2": "DeepSeek",
    "gpt-oss": "gpt-oss",
    "falcon": "Falcon",
    "glm4": "GLM",
    "cohere": "Command R",
    "deepseek-v3 (kimi_k2)": "Kimi",
}

# The reference sometimes annotates model_type; the preset needs the bare HF value that
# belongs to the flat (text-decoder) key set we ship.
MODEL_TYPE_CLEAN = {
    "llama4 (text_config: llama4_text)": "llama4_text",
    "gemma3 (text_config: gemma3_text)": "gemma3_text",
    "falcon (originally RefinedWebModel)": "falcon",
    "kimi_k2 (DeepseekV3ForCausalLM)": "kimi_k2",
}

TORCH_DTYPE = {"bfloat16": "bf16", "float16": "f16", "float32": "f32"}

# Engine format table (the only ids a variant may name).
ALLOWED_FORMATS = {
    "f32", "f16", "bf16", "fp8", "int8", "int4", "gptq-int4", "awq-int4", "nf4", "mxfp4", "nvfp4",
    "q8_0", "q6_k", "q5_k", "q5_k_m", "q5_k_s", "q5_0", "q5_1", "q4_k", "q4_k_m", "q4_k_s", "q4_0",
    "q4_1", "iq4_xs", "iq4_nl", "q3_k", "q3_k_m", "q3_k_s", "q3_k_l", "q2_k", "iq3_xxs", "iq2_xxs",
    "iq2_xs", "iq1_s",
}

GGUF_VARIANTS = ["q8_0", "q6_k", "q5_k_m", "q4_k_m", "q4_0", "iq4_xs", "q3_k_m", "q2_k"]

VARIANT_LABELS = {
    "q8_0": "GGUF Q8_0",
    "q6_k": "GGUF Q6_K",
    "q5_k_m": "GGUF Q5_K_M",
    "q4_k_m": "GGUF Q4_K_M",
    "q4_0": "GGUF Q4_0",
    "iq4_xs": "GGUF IQ4_XS",
    "q3_k_m": "GGUF Q3_K_M",
    "q2_k": "GGUF Q2_K",
    "awq-int4": "AWQ int4 (g128)",
    "gptq-int4": "GPTQ int4 (g128)",
    "fp8": "FP8",
    "nvfp4": "NVFP4",
    "mxfp4": "MXFP4",
}

# "Models >= 7B" in the variant rule: the 7B-labelled checkpoints compute to 6.74-7.25 B.
SEVEN_B_THRESHOLD = 6.5e9

NVFP4_IDS = {"llama-3.1-70b", "llama-3.3-70b", "deepseek-v3"}  # plus every Qwen3 model

# Shipped (as-released) weight format, from the reference `quantization` field.
SHIPPED_FORMAT = {
    "gpt-oss-20b": "mxfp4",
    "gpt-oss-120b": "mxfp4",
    "deepseek-v3": "fp8",
    "kimi-k2": "fp8",
}
SHIPPED_LABELS = {
    "mxfp4": "MXFP4 MoE experts, rest BF16 (as released)",
    "fp8": "FP8 e4m3, 128x128 blocks (as released)",
}

# Models whose reference entry has no torch_dtype: the native dtype we assume, and why.
NATIVE_DTYPE_FALLBACK = {
    "gemma-2-2b": ("bf16", "native_dtype bf16 is an assumption: the reference leaves torch_dtype out because "
                   "the base repo's dtype was not confirmed (the mlc preset says bfloat16; the 9B base copy "
                   "says float32)."),
    "kimi-k2": ("bf16", "native_dtype bf16 is an assumption: no config.json was read, so torch_dtype is "
                "unknown; the weights ship as block FP8 (shipped_format) on the DeepSeek-V3 layout, whose "
                "config says bfloat16."),
}

# Keys that may appear in a preset's `config`, in output order. Anything else is an error,
# so every new reference key forces a decision here.
CONFIG_KEY_ORDER = [
    "model_type",
    "num_hidden_layers", "hidden_size", "intermediate_size", "intermediate_size_mlp",
    "moe_intermediate_size", "shared_expert_intermediate_size",
    "num_attention_heads", "num_key_value_heads", "head_dim",
    "vocab_size", "tie_word_embeddings", "max_position_embeddings", "rope_theta", "torch_dtype",
    "attention_bias", "multi_query", "new_decoder_architecture", "parallel_attn", "bias",
    "sliding_window", "sliding_window_pattern", "use_sliding_window", "attention_chunk_size", "layer_types",
    "query_pre_attn_scalar", "logit_scale", "use_qk_norm",
    "num_local_experts", "num_experts", "n_routed_experts", "num_experts_per_tok", "n_shared_experts",
    "first_k_dense_replace", "moe_layer_freq", "interleave_moe_layer_step", "decoder_sparse_step",
    "norm_topk_prob", "n_group", "topk_group",
    "kv_lora_rank", "q_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim",
    "num_nextn_predict_layers",
]

# Reference-only keys (derived figures, bookkeeping) that never go into `config`.
REFERENCE_ONLY = {
    "name", "hf_repo", "family", "verified", "params_nominal", "params_total_computed",
    "params_active_computed", "head_dim_explicit", "attention_pattern", "kv_cache_note",
    "kv_cache_bytes_per_token_fp16", "kv_layers_full_attention", "kv_layers_windowed",
    "kv_window_tokens", "quantization", "hf_native_keys", "sources", "notes", "attention_bias_qkv",
}

# Config keys the reference does not carry but the HF config has, added where the
# reference text supports them (each one also gets a sentence in the preset notes).
CONFIG_ADDITIONS = {
    "gpt-oss-20b": {"attention_bias": True},
    "gpt-oss-120b": {"attention_bias": True},
    "falcon-7b": {"new_decoder_architecture": False, "parallel_attn": True, "bias": False},
    "falcon-40b": {"parallel_attn": True, "bias": False},
}

MODEL_TOP_ORDER = [
    "schema", "id", "name", "family", "hf_repo", "verified", "parameters", "native_dtype",
    "shipped_format", "max_context", "vision", "variants", "config", "hf_native_keys",
    "kv_bytes_per_token_f16", "sources", "notes",
]

# Presets written by hand from cited config.json files (hybrid and state-space models; see
# docs/presets.md): not in the reference data, and never removed as stale.
HAND_WRITTEN_MODELS = {
    "qwen3-next-80b-a3b", "qwen3.5-27b", "qwen3.5-2b", "granite-4.0-h-small", "granite-4.0-h-tiny",
    "nemotron-nano-9b-v2", "jamba-1.5-mini", "falcon-h1-1.5b", "lfm2.5-2.6b", "mamba-codestral-7b",
}


def gemma3_vision_parameters(text_hidden):
    """SigLIP-so400m tower (27 layers of 1152, MLP 4304, 4096 positions, 14 px patches) plus
    Gemma 3's projector into the text width; the same formula as core/model/visiontower.cpp."""
    w, ff, layers, positions, patch = 1152, 4304, 27, 4096, 14
    tower = layers * (4 * (w * w + w) + 2 * w * ff + ff + w + 4 * w) + (3 * patch * patch * w + w) + positions * w + 2 * w
    return tower + w * text_hidden + w


VISION_SOURCE = (
    "github:huggingface/transformers src/transformers/models/siglip/configuration_siglip.py and "
    "models/gemma3/modeling_gemma3.py (vision tower: SigLIP so400m, width 1152, MLP 4304, 27 layers, 16 heads, "
    "896 px / 14 px patches; projector mm_input_projection_weight 1152 x hidden plus mm_soft_emb_norm 1152): "
    "vision.parameters = 27 x (4 x (1152^2 + 1152) + 2 x 1152 x 4304 + 4304 + 1152 + 4 x 1152) + 3 x 14 x 14 x 1152 "
    "+ 1152 + 4096 x 1152 + 2 x 1152 + 1152 x hidden + 1152")

# Multimodal presets: vision tower + projector parameters, a weights item of their own.
VISION_MODELS = {"gemma-3-4b", "gemma-3-12b", "gemma-3-27b"}

# Reference hardware id -> preset id (unified entries expand to one preset per memory option).
HARDWARE_IDS = {
    "nvidia-rtx-3060-12gb": "rtx-3060-12gb",
    "nvidia-rtx-3080-10gb": "rtx-3080-10gb",
    "nvidia-rtx-3090": "rtx-3090",
    "nvidia-rtx-4060-ti-16gb": "rtx-4060-ti-16gb",
    "nvidia-rtx-4070-ti-super": "rtx-4070-ti-super",
    "nvidia-rtx-4080": "rtx-4080",
    "nvidia-rtx-4090": "rtx-4090",
    "nvidia-rtx-5070-ti": "rtx-5070-ti",
    "nvidia-rtx-5080": "rtx-5080",
    "nvidia-rtx-5090": "rtx-5090",
    "nvidia-rtx-a6000": "rtx-a6000",
    "nvidia-rtx-6000-ada": "rtx-6000-ada",
    "nvidia-rtx-pro-6000-blackwell": "rtx-pro-6000",
    "nvidia-t4": "t4",
    "nvidia-l4": "l4",
    "nvidia-a10": "a10",
    "nvidia-l40s": "l40s",
    "nvidia-a100-40gb-pcie": "a100-40gb-pcie",
    "nvidia-a100-80gb-sxm": "a100-80gb-sxm",
    "nvidia-h100-pcie": "h100-pcie",
    "nvidia-h100-sxm": "h100-sxm",
    "nvidia-h200-sxm": "h200-sxm",
    "nvidia-gh200": "gh200",
    "nvidia-b200": "b200",
    "nvidia-b300": "b300",
    "amd-mi250x": "mi250x",
    "amd-mi300x": "mi300x",
    "amd-mi325x": "mi325x",
    "amd-mi355x": "mi355x",
    "amd-rx-7900-xtx": "rx-7900-xtx",
    "intel-arc-a770-16gb": "arc-a770-16gb",
    "intel-gaudi3": "gaudi3",
    # unified: prefix; the option is appended as -<N>gb
    "apple-m1": "m1", "apple-m1-pro": "m1-pro", "apple-m1-max": "m1-max", "apple-m1-ultra": "m1-ultra",
    "apple-m2": "m2", "apple-m2-pro": "m2-pro", "apple-m2-max": "m2-max", "apple-m2-ultra": "m2-ultra",
    "apple-m3": "m3", "apple-m3-pro": "m3-pro", "apple-m3-max": "m3-max", "apple-m3-ultra": "m3-ultra",
    "apple-m4": "m4", "apple-m4-pro": "m4-pro", "apple-m4-max": "m4-max",
    # single-option unified machines: fixed ids
    "nvidia-dgx-spark-gb10": "dgx-spark",
    "nvidia-jetson-agx-orin-64gb": "jetson-agx-orin-64gb",
    "amd-ryzen-ai-max-plus-395-128gb": "strix-halo-128gb",
    # CPU platforms
    "cpu-dual-channel-ddr4-3200": "cpu-ddr4-3200-2ch",
    "cpu-dual-channel-ddr5-5600": "cpu-ddr5-5600-2ch",
    "cpu-8-channel-ddr5-4800": "cpu-ddr5-4800-8ch",
    "cpu-epyc-genoa-12ch-ddr5-4800": "epyc-genoa-12ch",
    "cpu-epyc-turin-12ch-ddr5-6000": "epyc-turin-12ch",
}

# Shorter display names where the reference name is a description rather than a name.
HARDWARE_NAME_OVERRIDE = {
    "nvidia-gh200": "GH200 Grace Hopper Superchip (96 GB HBM3)",
}

# Apple sells most chips in two bins (CPU and GPU cores), not every memory size with both, and the
# M3 Max and M4 Max bins differ in bandwidth too. Each Apple preset is one bin, named in the preset:
# the bin of the cheapest Mac Apple sold with that chip and memory size (its entry configuration, or
# that configuration with the memory added as a build-to-order option); where Apple sold a size only
# with the larger bin, that bin. preset id -> (CPU cores, GPU cores, why, source).
_MINI_M1 = ("Mac mini (M1, 2020), the cheapest M1 Mac: 8-core CPU / 8-core GPU, 8 GB, 16 GB to order "
            "(the MacBook Air's entry model has a 7-core GPU)")
_MINI_M2 = "Mac mini (2023) with M2, the cheapest M2 Mac: 8-core CPU / 10-core GPU, 8 GB, 16 or 24 GB to order"
_MINI_M4 = "Mac mini (2024) with M4, the cheapest M4 Mac: 10-core CPU / 10-core GPU, 16 GB, 24 or 32 GB to order"
_MINI_M4_PRO = ("Mac mini (2024) with M4 Pro: 12-core CPU / 16-core GPU with 24 GB, 48 or 64 GB to order; the "
                "14-core CPU / 20-core GPU bin is a build-to-order option")
_MBP_M1_PRO = ("MacBook Pro 14-inch (2021) entry model: M1 Pro 8-core CPU / 14-core GPU, 16 GB, 32 GB to order; "
               "the 10-core CPU / 16-core GPU bin costs extra")
_STUDIO_M1 = ("Mac Studio (2022) entry configurations: M1 Max 10-core CPU / 24-core GPU with 32 GB (64 GB to "
              "order) and M1 Ultra 20-core CPU / 48-core GPU with 64 GB (128 GB to order); the 32- and 64-core "
              "GPUs are build-to-order options")
# Kept at the 32-core bin, against the rule above (issue 30): a published llama-bench prefill on a
# 64 GB MacBook Pro M1 Max (tests/data/speed/cases.json, m1max-llama3.1-8b-q4_k_m-pp512, 499.6
# tokens/s) is above the bound the 24-core bin's 7.8 TFLOPS allows (481.6), so that machine had the
# 32-core GPU; the speed test requires every bound to stay at or above a published measurement.
_M1_MAX_64 = ("kept at the 32-core GPU bin, not the 24-core entry bin of the Mac Studio (2022): a published "
              "llama.cpp prefill on a 64 GB MacBook Pro M1 Max runs faster than the 24-core GPU's rate allows, "
              "so 64 GB machines in use include the 32-core bin; 64 GB was sold with both")
_SRC_M1_MAX_64 = ("https://github.com/brand-o/normiebench/issues/40 (llama-bench pp512 499.6 tokens/s, llama 3.1 8B "
                  "Q4_K_M, MacBook Pro M1 Max 64 GB; tests/data/speed/cases.json) (SECONDARY); 32-core bin as in "
                  "https://pastebin.com/nJiADtLa (a 14-inch M1 Max 10-core CPU / 32-core GPU with 64 GB) (SECONDARY)")
_MINI_M2_PRO = ("Mac mini (2023) with M2 Pro: 10-core CPU / 16-core GPU with 16 GB, 32 GB to order; the 12-core "
                "CPU / 19-core GPU bin is a build-to-order option")
_STUDIO_M2 = ("Mac Studio (2023) entry configurations: M2 Max 12-core CPU / 30-core GPU with 32 GB (64 GB to "
              "order) and M2 Ultra 24-core CPU / 60-core GPU with 64 GB (128 or 192 GB to order); the 38- and "
              "76-core GPUs are build-to-order options")
_M2_MAX_96 = ("96 GB M2 Max machines are sold with the 12-core CPU / 38-core GPU bin (MacBook Pro 2023 "
              "configurations), so that bin is taken")
_M3_BASE = ("the cheapest M3 Macs (MacBook Air 2024, iMac 2023) come with an 8-core CPU / 8-core GPU; the "
            "10-core GPU bin is in the MacBook Pro 14-inch and the dearer models. That 24 GB can be ordered "
            "with the 8-core GPU was not confirmed in a source read")
_MBP_M3_PRO = ("MacBook Pro 14-inch (Nov 2023) entry M3 Pro: 11-core CPU / 14-core GPU with 18 GB, 36 GB to "
               "order; the 12-core CPU / 18-core GPU bin is in the 16-inch and a build-to-order option")
_M3_MAX_SMALL = "Apple sells 36 and 96 GB only with the M3 Max 14-core CPU / 30-core GPU bin"
_M3_MAX_LARGE = "Apple sells 48, 64 and 128 GB only with the M3 Max 16-core CPU / 40-core GPU bin"
_STUDIO_M3_ULTRA = ("Mac Studio (2025) entry M3 Ultra: 28-core CPU / 60-core GPU with 96 GB, 256 GB to order; "
                    "512 GB comes only with the 32-core CPU / 80-core GPU bin")
_M4_MAX_SMALL = "Apple sells 36 GB only with the M4 Max 14-core CPU / 32-core GPU bin"
_M4_MAX_LARGE = "Apple sells 48, 64 and 128 GB only with the M4 Max 16-core CPU / 40-core GPU bin"

_SRC_APPLE_M4 = ("https://support.apple.com/en-sg/121555 (Apple, Mac mini (2024) Tech Specs; PRIMARY) (M4 10-core CPU "
                 "/ 10-core GPU, 16 GB configurable to 24 or 32 GB; M4 Pro 12-core CPU / 16-core GPU, 24 GB "
                 "configurable to 48 or 64 GB, configurable to the 14-core CPU / 20-core GPU)")
_SRC_M1 = ("https://gist.github.com/IMS212/04d2a96a06eb2c8062029e5680d144f6 (ioreg of a base MacBook Air M1: "
           "gpu-core-count 7, SECONDARY); Mac mini M1 with 8-core GPU as in Apple's M1 launch material "
           "(SECONDARY, not re-read)")
_SRC_M1_PRO = ("https://www.stuffindia.in/reviews/apple-macbook-pro-14in-m1-pro/7 (base 14-inch: 8-core CPU, "
               "14-core GPU, 16 GB configurable to 32 GB) (SECONDARY)")
_SRC_M1_STUDIO = ("https://clearencewarehouse.co.uk/product/apple-mac-studio-m1-ultra-20-cpu-64-gpu-specs (64-core "
                  "M1 Ultra is configure-to-order, default 64 GB) (SECONDARY); Mac Studio (2022) entry M1 Max "
                  "10-core CPU / 24-core GPU, 32 GB (SECONDARY, press descriptions)")
_SRC_M2 = ("https://newatlas.com/computers/apple-mac-mini-m2-pro/ and https://pocketmags.com/maclife-magazine/"
           "april-2023/articles/mac-mini-2023 (Mac mini 2023: M2 8-core CPU / 10-core GPU, 8 GB with 16/24 GB "
           "available; M2 Pro 10-core CPU / 16-core GPU, 16 GB with 32 GB available, 12-core CPU / 19-core GPU "
           "available) (SECONDARY)")
_SRC_M2_STUDIO = ("https://www.theinfiniteloop.co.uk/2023/06/07/mac-studio-now-with-m2/ (entry M2 Max 12-core CPU / "
                  "30-core GPU 32 GB; M2 Ultra 24-core CPU / 60-core GPU 64 GB; 76-core GPU and up to 192 GB are "
                  "build-to-order) and https://www.imore.com/mac/m2-mac-studio-2023 (M2 Max 32/64/96 GB, M2 Ultra "
                  "64/128/192 GB) (SECONDARY)")
_SRC_M2_MAX_96 = ("https://www.t3.com/news/macbook-pro-2023-just-blew-my-mind-thanks-to-one-insane-new-upgrade and "
                  "https://lensrentals.com/rent/apple-16-macbook-pro-with-m2-max-chip-early-2023 (96 GB machines "
                  "with the 38-core GPU) (SECONDARY); that Apple offered 96 GB only with the 38-core GPU is "
                  "recalled from Apple's configurator, not read here")
_SRC_M3 = ("https://hothardware.com/news/apples-m3-macbook-air-smokes-m2-model-in-early-benchmarks (M3 MacBook Air: "
           "8-core CPU, up to a 10-core GPU, 8 to 24 GB) (SECONDARY)")
_SRC_M3_PRO = ("https://support.apple.com/en-au/117737 (Apple, MacBook Pro (16-inch, Nov 2023) Tech Specs; PRIMARY) "
               "(18 GB configurable to 36 GB); the 14-inch entry M3 Pro with 11-core CPU / 14-core GPU from Apple's "
               "Nov 2023 launch material (SECONDARY, not re-read)")
_SRC_M3_MAX = ("https://support.apple.com/en-au/117737 (Apple, MacBook Pro (16-inch, Nov 2023) Tech Specs; PRIMARY) "
               "('Configurable to 36GB (M3 Pro or M3 Max with 14-core CPU) or 96GB')")
_SRC_M3_ULTRA = ("https://english.worldmagazine.it/431260 (Macworld: entry M3 Ultra 28-core CPU / 60-core GPU, 96 GB; "
                 "options up to the 32-core CPU / 80-core GPU and 512 GB) and https://inforeader.com/i/?search=%23Mac%2BStudio "
                 "(Ars Technica table: 60-core bin with 96/256 GB, 80-core bin up to 512 GB) (SECONDARY)")
_SRC_M4_MAX = ("https://english.worldmagazine.it/431260 (Macworld: Mac Studio M4 Max 14-core CPU / 32-core GPU, 36 GB, "
               "410 GB/s; options to the 16-core CPU / 40-core GPU and up to 128 GB) (SECONDARY)")

APPLE_BINS = {
    "m1-8gb": (8, 8, _MINI_M1, _SRC_M1), "m1-16gb": (8, 8, _MINI_M1, _SRC_M1),
    "m1-pro-16gb": (8, 14, _MBP_M1_PRO, _SRC_M1_PRO), "m1-pro-32gb": (8, 14, _MBP_M1_PRO, _SRC_M1_PRO),
    "m1-max-32gb": (10, 24, _STUDIO_M1, _SRC_M1_STUDIO), "m1-max-64gb": (10, 32, _M1_MAX_64, _SRC_M1_MAX_64),
    "m1-ultra-128gb": (20, 48, _STUDIO_M1, _SRC_M1_STUDIO),
    "m2-8gb": (8, 10, _MINI_M2, _SRC_M2), "m2-16gb": (8, 10, _MINI_M2, _SRC_M2), "m2-24gb": (8, 10, _MINI_M2, _SRC_M2),
    "m2-pro-32gb": (10, 16, _MINI_M2_PRO, _SRC_M2),
    "m2-max-32gb": (12, 30, _STUDIO_M2, _SRC_M2_STUDIO), "m2-max-64gb": (12, 30, _STUDIO_M2, _SRC_M2_STUDIO),
    "m2-max-96gb": (12, 38, _M2_MAX_96, _SRC_M2_MAX_96),
    "m2-ultra-64gb": (24, 60, _STUDIO_M2, _SRC_M2_STUDIO), "m2-ultra-128gb": (24, 60, _STUDIO_M2, _SRC_M2_STUDIO),
    "m2-ultra-192gb": (24, 60, _STUDIO_M2, _SRC_M2_STUDIO),
    "m3-8gb": (8, 8, _M3_BASE, _SRC_M3), "m3-24gb": (8, 8, _M3_BASE, _SRC_M3),
    "m3-pro-18gb": (11, 14, _MBP_M3_PRO, _SRC_M3_PRO), "m3-pro-36gb": (11, 14, _MBP_M3_PRO, _SRC_M3_PRO),
    "m3-max-36gb": (14, 30, _M3_MAX_SMALL, _SRC_M3_MAX), "m3-max-96gb": (14, 30, _M3_MAX_SMALL, _SRC_M3_MAX),
    "m3-max-128gb": (16, 40, _M3_MAX_LARGE, _SRC_M3_MAX),
    "m3-ultra-96gb": (28, 60, _STUDIO_M3_ULTRA, _SRC_M3_ULTRA), "m3-ultra-256gb": (28, 60, _STUDIO_M3_ULTRA, _SRC_M3_ULTRA),
    "m3-ultra-512gb": (32, 80, _STUDIO_M3_ULTRA, _SRC_M3_ULTRA),
    "m4-16gb": (10, 10, _MINI_M4, _SRC_APPLE_M4), "m4-24gb": (10, 10, _MINI_M4, _SRC_APPLE_M4),
    "m4-32gb": (10, 10, _MINI_M4, _SRC_APPLE_M4),
    "m4-pro-24gb": (12, 16, _MINI_M4_PRO, _SRC_APPLE_M4), "m4-pro-48gb": (12, 16, _MINI_M4_PRO, _SRC_APPLE_M4),
    "m4-pro-64gb": (12, 16, _MINI_M4_PRO, _SRC_APPLE_M4),
    "m4-max-36gb": (14, 32, _M4_MAX_SMALL, _SRC_M4_MAX), "m4-max-128gb": (16, 40, _M4_MAX_LARGE, _SRC_M4_MAX),
}
# The larger bin as a preset of its own, at the chip's largest memory size that Apple sells with
# both bins (where people running large models tend to buy the larger chip too, and where the
# published measurements in tests/data/speed were taken). id -> (reference id, memory size).
APPLE_LARGER_BINS = {
    "m1-pro-16c-32gb": ("apple-m1-pro", 32),
    "m1-ultra-64c-128gb": ("apple-m1-ultra", 128),
    "m2-pro-19c-32gb": ("apple-m2-pro", 32),
    "m2-ultra-76c-192gb": ("apple-m2-ultra", 192),
    "m3-10c-24gb": ("apple-m3", 24),
    "m3-pro-18c-36gb": ("apple-m3-pro", 36),
    "m4-pro-20c-64gb": ("apple-m4-pro", 64),
}
APPLE_BINS.update({
    "m1-pro-16c-32gb": (10, 16, "the larger M1 Pro bin: standard in the 16-inch MacBook Pro (2021), a build-to-order "
                        "option of the 14-inch; 32 GB to order",
                        "https://bytebuys.com/model-breakdown-macbook-pro-14-m1-pro-variants-upgrades-explained "
                        "(M1 Pro 10-core CPU / 16-core GPU variant, 16 GB upgradable to 32 GB) (SECONDARY)"),
    "m1-ultra-64c-128gb": (20, 64, "the larger M1 Ultra bin, a build-to-order option of the Mac Studio (2022), with "
                           "128 GB", _SRC_M1_STUDIO + "; https://github.com/geerlingguy/ai-benchmarks/issues/48 "
                           "(Mac Studio M1 Ultra 64-core GPU 128 GB) (SECONDARY)"),
    "m2-pro-19c-32gb": (12, 19, "the larger M2 Pro bin, a build-to-order option of the Mac mini (2023), with 32 GB",
                        _SRC_M2),
    "m2-ultra-76c-192gb": (24, 76, "the larger M2 Ultra bin, a build-to-order option of the Mac Studio (2023), with "
                           "192 GB", _SRC_M2_STUDIO + "; https://github.com/ggml-org/llama.cpp/pull/3084 (llama-bench "
                           "on an M2 Ultra with 76-core GPU and 192 GB) (SECONDARY)"),
    "m3-10c-24gb": (8, 10, "the larger M3 bin (MacBook Pro 14-inch, dearer MacBook Air and iMac models), with 24 GB",
                    _SRC_M3),
    "m3-pro-18c-36gb": (12, 18, "the larger M3 Pro bin, standard in the 16-inch MacBook Pro (Nov 2023), with 36 GB",
                        "https://support.apple.com/en-au/117737 (Apple, MacBook Pro (16-inch, Nov 2023) Tech Specs; "
                        "PRIMARY) (M3 Pro with 12-core CPU and 18-core GPU; 18 GB configurable to 36 GB)"),
    "m4-pro-20c-64gb": (14, 20, "the larger M4 Pro bin, a build-to-order option of the Mac mini (2024), with 64 GB",
                        _SRC_APPLE_M4),
})

# Presets whose display name keeps its old form: tests/ui/tst_honestcontrols looks for "Apple M1 (16 GB)".
# The bin is still stated in the notes and sources.
APPLE_NAME_WITHOUT_BIN = {"m1-8gb", "m1-16gb"}


def apple_bin(pid):
    if pid not in APPLE_BINS:
        raise PresetError(f"{pid}: no chip bin in APPLE_BINS")
    return APPLE_BINS[pid]


# DGX Spark: Linux sees about 119-121 GiB of the 128 GB; the preset budgets the middle value.
DGX_SPARK_OS_VISIBLE_GIB = 120
# Strix Halo: AMD's ROCm doc shows the default GTT as 16469033 pages of 4 KiB (62.82 GiB of the
# 125.65 GiB Linux sees with a small BIOS carve-out), i.e. half the RAM the kernel sees.
STRIX_HALO_DEFAULT_GTT_PAGES = 16469033

HARDWARE_TOP_ORDER = [
    "schema", "id", "name", "vendor", "kind", "architecture", "memory_type", "memory_label",
    "capacity_bytes", "gpu_usable_bytes", "gpu_usable_rule", "bandwidth_bytes_per_s",
    "fp16_tflops_dense", "fp8_tflops_dense", "fp16_tflops_dense_fp16_accumulate", "int8_tops_dense",
    "fp4_tflops_dense", "gpu_bandwidth_share", "sustained_bandwidth_fraction", "interconnect_bytes_per_s",
    "host_link", "host_link_bytes_per_s", "memory_channels", "memory_mts", "verified", "sources", "notes",
]

# Ids the brief asks for explicitly; the generator fails if one is missing.
EXPECTED_HARDWARE_IDS = {
    "rtx-3060-12gb", "rtx-3080-10gb", "rtx-3090", "rtx-4060-ti-16gb", "rtx-4070-ti-super", "rtx-4080",
    "rtx-4090", "rtx-5070-ti", "rtx-5080", "rtx-5090", "rtx-a6000", "rtx-6000-ada", "rtx-pro-6000", "t4",
    "l4", "a10", "l40s", "a100-40gb-pcie", "a100-80gb-sxm", "h100-pcie", "h100-sxm", "h200-sxm", "gh200",
    "b200", "b300", "mi250x", "mi300x", "mi325x", "mi355x", "rx-7900-xtx", "arc-a770-16gb", "gaudi3",
    "m1-8gb", "m1-16gb", "m1-pro-16gb", "m1-pro-32gb", "m1-max-32gb", "m1-max-64gb", "m1-ultra-128gb",
    "m4-max-36gb", "m4-max-128gb", "dgx-spark", "jetson-agx-orin-64gb", "strix-halo-128gb",
    "cpu-ddr4-3200-2ch", "cpu-ddr5-5600-2ch", "cpu-ddr5-4800-8ch", "epyc-genoa-12ch", "epyc-turin-12ch",
}

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9.\-]*[a-z0-9]$")


class PresetError(Exception):
    pass


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------

def ordered(obj, order):
    """Return a dict with the keys of `obj` in `order`; unknown keys are an error."""
    unknown = set(obj) - set(order)
    if unknown:
        raise PresetError(f"keys without a place in the output order: {sorted(unknown)}")
    return {k: obj[k] for k in order if k in obj}


def short_label(params_nominal, computed):
    """Short size label: '8B (size label from model name)' -> '8B'; keeps 'X total / Y active'.

    Returns (label, augmented); augmented is True when the name gave no number and the
    computed count was appended (Phi-3-mini is only called 'mini').
    """
    label = re.sub(r"\s*\((?:size label from model name|official [^)]*)\)\s*$", "", params_nominal)
    label = label.split(";", 1)[0].strip()
    if re.search(r"\d", label):
        return label, False
    return f"{label} (~{computed / 1e9:.1f}B)", True


def label_billions(label):
    """First number in a size label, in parameters (for the sanity check only)."""
    m = re.search(r"(\d+(?:\.\d+)?)\s*([BT])", label)
    if not m:
        return None
    value = float(m.group(1)) * (1e12 if m.group(2) == "T" else 1e9)
    mx = re.match(r"^(\d+)x(\d+(?:\.\d+)?)B", label)
    if mx:  # '8x7B' names experts, not a total: skip the check
        return None
    return value


def layer_types_for(pid, ref):
    """Per-layer attention kind, or None when every layer is plain full attention."""
    n = ref["num_hidden_layers"]
    model_type = ref["model_type"]
    windowed = ref.get("kv_layers_windowed", 0)
    if pid.startswith("llama-4-"):
        # chunked local attention on 3 of every 4 layers; every 4th (idx % 4 == 3) is global NoPE
        return ["full_attention" if i % 4 == 3 else "chunked_attention" for i in range(n)]
    if model_type == "gemma2":
        return ["sliding_attention" if i % 2 == 0 else "full_attention" for i in range(n)]
    if model_type.startswith("gemma3"):
        pattern = ref["sliding_window_pattern"]
        return ["full_attention" if (i + 1) % pattern == 0 else "sliding_attention" for i in range(n)]
    if model_type == "gpt_oss":
        return ["sliding_attention" if i % 2 == 0 else "full_attention" for i in range(n)]
    if pid == "mistral-7b-v0.1":
        return ["sliding_attention"] * n
    if ref.get("sliding_window") is not None and windowed == 0:
        # Phi-3 4k: the config sets a window, the reference counts every layer as full.
        return ["full_attention"] * n
    if windowed:
        raise PresetError(f"{pid}: windowed layers but no layer_types rule")
    return None


def model_variants(pid, ref):
    total = ref["params_total_computed"]
    dense = ref.get("params_active_computed") is None
    formats = []
    shipped = SHIPPED_FORMAT.get(pid)
    if shipped:
        formats.append(shipped)
    formats += GGUF_VARIANTS
    if total >= SEVEN_B_THRESHOLD and dense:
        formats += ["awq-int4", "gptq-int4"]
    if total >= SEVEN_B_THRESHOLD:
        formats.append("fp8")
    if pid in NVFP4_IDS or pid.startswith("qwen3-"):
        formats.append("nvfp4")
    if pid.startswith("gpt-oss-"):
        formats.append("mxfp4")
    seen, out = set(), []
    for f in formats:
        if f in seen:
            continue
        seen.add(f)
        label = SHIPPED_LABELS[f] if f == shipped else VARIANT_LABELS[f]
        out.append({"format": f, "label": label})
    return out


def expected_kv_bytes(ref, config):
    layers = ref["num_hidden_layers"]
    if "kv_lora_rank" in ref:
        return layers * (ref["kv_lora_rank"] + ref["qk_rope_head_dim"]) * 2
    head_dim = config.get("head_dim") or ref.get("head_dim") or ref["hidden_size"] // ref["num_attention_heads"]
    return 2 * layers * ref["num_key_value_heads"] * head_dim * 2


# --------------------------------------------------------------------------------------
# Models
# --------------------------------------------------------------------------------------

def build_model(ref):
    repo = ref["hf_repo"]
    if repo not in MODEL_IDS:
        raise PresetError(f"no preset id for reference model {repo}")
    pid = MODEL_IDS[repo]
    extra_notes = []

    unknown = set(ref) - REFERENCE_ONLY - set(CONFIG_KEY_ORDER)
    if unknown:
        raise PresetError(f"{pid}: reference keys with no conversion rule: {sorted(unknown)}")

    mla = "kv_lora_rank" in ref
    config = {}
    for key in CONFIG_KEY_ORDER:
        if key not in ref:
            continue
        value = ref[key]
        if key == "head_dim":
            # Keep head_dim only when the config states it; MLA models never carry it.
            explicit = ref.get("head_dim_explicit")
            if explicit is None:
                explicit = repo == "THUDM/glm-4-9b-chat"  # kv_channels is written in the ChatGLM config
            if mla or not explicit:
                continue
        if key == "sliding_window" and value is None:
            continue  # absent and null mean the same: no window
        config[key] = value

    config["model_type"] = MODEL_TYPE_CLEAN.get(ref["model_type"], ref["model_type"])
    if config["model_type"] != ref["model_type"]:
        extra_notes.append(
            f"config.model_type is '{config['model_type']}' (reference: '{ref['model_type']}'); the flat "
            "config holds the text-decoder keys.")

    if ref.get("attention_bias_qkv"):
        config["attention_bias"] = True
    for key, value in CONFIG_ADDITIONS.get(pid, {}).items():
        config[key] = value
    if pid.startswith("gpt-oss-"):
        extra_notes.append("attention_bias true as in the gpt-oss config (the reference notes that attention has biases).")
    if pid.startswith("falcon-"):
        extra_notes.append(
            "Falcon: intermediate_size and num_key_value_heads use the standard names; the Falcon config "
            "has no intermediate_size (the MLP is 4 x hidden) and spells the KV head count num_kv_heads. "
            "parallel_attn true and bias false follow the reference notes and its parameter count.")

    if pid.startswith("llama-4-"):
        extra_notes.append(
            "n_shared_experts and shared_expert_intermediate_size describe Llama 4's always-on shared "
            "expert; the HF Llama 4 config implies it rather than naming it. layer_types marks the 3-of-4 "
            "chunked-attention layers (attention_chunk_size tokens each) and every 4th layer as full.")

    layer_types = layer_types_for(pid, ref)
    if layer_types is not None:
        config["layer_types"] = layer_types
        if pid.startswith("phi-3-"):
            extra_notes.append(
                "layer_types marks every layer full attention: the config's sliding_window 2047 is kept "
                "as written but the reference treats the model as full attention (4096 context).")

    max_context = ref.get("max_position_embeddings")
    if max_context is None:
        if not pid.startswith("falcon-"):
            raise PresetError(f"{pid}: no max_position_embeddings")
        max_context = 2048
        extra_notes.append(
            "max_context 2048 is the FalconConfig default and the training context; the Falcon config "
            "itself has no max_position_embeddings, so config omits it.")

    torch_dtype = ref.get("torch_dtype")
    if torch_dtype is None:
        if pid not in NATIVE_DTYPE_FALLBACK:
            raise PresetError(f"{pid}: no torch_dtype")
        native, why = NATIVE_DTYPE_FALLBACK[pid]
        extra_notes.append(why)
    else:
        native = TORCH_DTYPE[torch_dtype]

    shipped = SHIPPED_FORMAT.get(pid)
    if bool(shipped) != bool(ref.get("quantization")):
        raise PresetError(f"{pid}: shipped_format table disagrees with the reference quantization field")

    label, augmented = short_label(ref["params_nominal"], ref["params_total_computed"])
    if augmented:
        extra_notes.append(f"declared_label '{label}': the model name gives no size; the number is the computed count.")

    preset = {
        "schema": MODEL_SCHEMA,
        "id": pid,
        "name": ref["name"],
        "family": FAMILY_DISPLAY[ref["family"]],
        "hf_repo": repo,
        "verified": ref["verified"],
        "parameters": {
            "declared_label": label,
            "declared": None,  # no exact official total in the reference (only rounded figures)
            "computed": ref["params_total_computed"],
            "active_computed": ref.get("params_active_computed"),
        },
        "native_dtype": native,
        "shipped_format": shipped,
        "max_context": max_context,
        "variants": model_variants(pid, ref),
        "config": ordered(config, CONFIG_KEY_ORDER),
        "kv_bytes_per_token_f16": ref["kv_cache_bytes_per_token_fp16"],
        "sources": list(ref["sources"]),
        "notes": ref["notes"],
    }
    if "hf_native_keys" in ref:
        preset["hf_native_keys"] = dict(ref["hf_native_keys"])
    if extra_notes:
        preset["notes"] = ref["notes"].rstrip() + " || Preset: " + " ".join(extra_notes)
    if pid in VISION_MODELS:
        vision = gemma3_vision_parameters(config["hidden_size"])
        preset["vision"] = {"parameters": vision}
        preset["sources"].append(VISION_SOURCE)
        preset["notes"] += (f" Vision: tower + projector {vision} parameters (the 'vision' key, a weights item of its own; "
                            "gemma-3-4b-it's published total 4,300,079,472 = text 3,880,263,168 + vision 419,816,304).")
    return ordered(preset, MODEL_TOP_ORDER)


# --------------------------------------------------------------------------------------
# Hardware
# --------------------------------------------------------------------------------------

def to_bytes_per_s(gbps):
    return None if gbps is None else int(round(gbps * 1e9))


def discrete_capacity(ref):
    """Driver-reported total when known (exact MiB from the basis text if given), else the label as GiB."""
    basis = ref.get("memory_gib_reported_basis", "")
    gib = ref.get("memory_gib_reported")
    m = re.search(r"total (\d+) MiB", basis)
    if gib is not None and m:
        mib = int(m.group(1))
        if abs(mib / 1024 - gib) > 0.01:
            raise PresetError(f"{ref['id']}: basis {mib} MiB disagrees with memory_gib_reported {gib}")
        return mib * MIB, f"capacity_bytes = {mib} MiB, the total nvidia-smi reports"
    if gib is not None:
        mib = round(gib * 1024)
        return mib * MIB, f"capacity_bytes = {gib} GiB, the total the driver reports"
    return ref["memory_gb"] * GIB, (
        f"capacity_bytes assumes the '{ref['memory_gb']} GB' label is binary ({ref['memory_gb']} GiB), as "
        "GDDR/HBM parts are usually labelled; no driver-reported total was found")


def apple_default_usable(ram_gib):
    """macOS 13-15 default GPU working set: 2/3 of RAM up to 36 GiB, 3/4 above, rounded up to a 16 KiB page."""
    ram = ram_gib * GIB
    num, den = (2, 3) if ram_gib <= 36 else (3, 4)
    page = 16384
    return -(-ram * num // (den * page)) * page


APPLE_RULE = (
    "Default (macOS 13-15, observed, not documented by Apple): the GPU may wire about 2/3 of RAM when RAM "
    "is 36 GiB or less and 3/4 above (MTLDevice.recommendedMaxWorkingSetSize; rounded up to a 16 KiB page, "
    "which matches logged values such as 10922.67 MiB on 16 GB). macOS 26 allows more (about 74 % at 16 GiB, "
    "84 % at 128 GiB), so read recommendedMaxWorkingSetSize at run time when possible. Raise it with "
    "'sudo sysctl iogpu.wired_limit_mb=<MiB>' (0 restores the default; resets at reboot) and leave "
    "headroom for macOS and other apps.")


def hardware_base(ref):
    return {
        "schema": HARDWARE_SCHEMA,
        "vendor": ref["vendor"],
        "architecture": ref["architecture"],
        "memory_type": ref.get("memory_type"),
        "fp16_tflops_dense": ref.get("fp16_tflops_dense"),
        "fp8_tflops_dense": ref.get("fp8_tflops_dense"),
        "memory_channels": None,
        "memory_mts": None,
        "verified": ref["verified"],
        "sources": {k: list(v) for k, v in ref["sources"].items()},
    }


def partial_note(ref):
    if not ref["verified"] and ref.get("verified_fields"):
        return "Partly verified: " + ", ".join(ref["verified_fields"]) + " read from primary sources."
    return None


def join_notes(ref_notes, extra):
    extra = [e for e in extra if e]
    if not extra:
        return ref_notes
    return ref_notes.rstrip() + " || Preset: " + " ".join(e.rstrip(".") + "." for e in extra)


# What the CUDA driver reports as a card's total (cudaMemGetInfo, PyTorch's "total capacity",
# vLLM's total_gpu_memory): less than nvidia-smi's figure. vLLM's gpu_memory_utilization and
# SGLang's mem_fraction_static are fractions of it. Only cards with a logged value.
DRIVER_TOTALS = {
    "h100-sxm": (85018877624,
                 "the 'total_gpu_memory' of the vLLM V1 runs in tests/data/runtime-logs/"
                 "vllm-llama-3.1-8b-bf16-h100-util0.9-maxlen16000-llmd-summary.json (79.22 GiB in an older H100 log)"),
    "a100-80gb-sxm": (85093777408,
                      "'GPU 0; 79.25 GiB total capacity' on an A100 (github.com/levihsu/OOTDiffusion/issues/235); "
                      "the vLLM 0.10.1 pair at gpu_memory_utilization 0.25 and 0.5 in tests/data/runtime-logs implies "
                      "79.28 +- 0.04 GiB"),
    "rtx-3090": (25318832210,
                 "the 'total_gpu_memory' of the vLLM runs in tests/data/runtime-logs/"
                 "vllm-llama-3.1-8b-bf16-maxlen20000-rtx3090-v0.json"),
}
DRIVER_TOTAL_RULE = ("The CUDA driver reports {gib:.2f} GiB as the total, per {why}; the rest of the {label} is "
                     "reserved by the driver. Runtimes that take a fraction of the card (vLLM, SGLang) take it "
                     "of this figure, and nothing can allocate beyond it.")


def build_discrete(ref):
    pid = HARDWARE_IDS[ref["id"]]
    capacity, cap_note = discrete_capacity(ref)
    extra = [cap_note, partial_note(ref)]
    pcie = ref.get("pcie_gbps_per_direction_nominal")
    host_link = ref.get("host_interconnect")
    if host_link and pcie is None:
        extra.append("host_link_bytes_per_s is null: no PCIe figure applies (see host_link)")
    if pid == "mi250x":
        extra.append("Software sees two 64 GiB GPUs (one per GCD); the 128 GiB here is only usable split across both")
    if pid == "b300":
        extra.append("Users report about 268-275 GB visible per GPU, so the 288 GiB capacity is optimistic")
    preset = hardware_base(ref)
    preset.update({
        "id": pid,
        "name": HARDWARE_NAME_OVERRIDE.get(ref["id"], ref["name"]),
        "kind": "discrete_gpu",
        "memory_label": f"{ref['memory_gb']} GB",
        "capacity_bytes": capacity,
        "gpu_usable_bytes": DRIVER_TOTALS[pid][0] if pid in DRIVER_TOTALS else None,
        "gpu_usable_rule": DRIVER_TOTAL_RULE.format(gib=DRIVER_TOTALS[pid][0] / GIB, why=DRIVER_TOTALS[pid][1],
                                                    label=f"{ref['memory_gb']} GB")
                           if pid in DRIVER_TOTALS else None,
        "bandwidth_bytes_per_s": to_bytes_per_s(ref["bandwidth_gbps"]),
        "host_link": host_link,
        "host_link_bytes_per_s": to_bytes_per_s(pcie),
        "notes": join_notes(ref["notes"], extra),
    })
    return [ordered(preset, HARDWARE_TOP_ORDER)]


def build_unified(ref):
    rid = ref["id"]
    prefix = HARDWARE_IDS[rid]
    out = []
    entries = [(option, f"{prefix}-{option}gb") for option in ref["memory_gb_options"]]
    entries += [(option, pid) for pid, (chip, option) in APPLE_LARGER_BINS.items() if chip == rid]
    for option, apple_pid in entries:
        extra = [partial_note(ref)]
        capacity = option * GIB
        bandwidth = ref["bandwidth_gbps"]
        if rid.startswith("apple-"):
            pid = apple_pid
            name = f"{ref['name']} ({option} GB)"
            usable = apple_default_usable(option)
            estimate = ref["gpu_memory_default"]["legacy_rule_estimate_gib_by_option"][str(option)]
            if abs(usable / GIB - estimate) > 0.01:
                raise PresetError(f"{pid}: usable {usable / GIB:.2f} GiB vs reference estimate {estimate}")
            rule = APPLE_RULE
            cpu, gpu, why, _ = apple_bin(pid)
            chip_bin = f"{cpu}-core CPU / {gpu}-core GPU"
            if pid not in APPLE_NAME_WITHOUT_BIN:
                name = f"{ref['name']} {gpu}-core GPU ({option} GB)"
            variants = ref.get("bandwidth_gbps_variants")
            if variants:
                if chip_bin not in variants:
                    raise PresetError(f"{pid}: bin {chip_bin} not in the reference's bandwidth_gbps_variants")
                bandwidth = variants[chip_bin]
                extra.append(f"Chip bin: {chip_bin} ({why}); bandwidth is that bin's {bandwidth} GB/s")
            else:
                extra.append(f"Chip bin: {chip_bin} ({why}); every bin of this chip has {bandwidth} GB/s")
            extra.append(f"capacity_bytes = {option} GiB (Apple's '{option} GB' is binary)")
        elif rid == "nvidia-dgx-spark-gb10":
            pid, name = prefix, "DGX Spark (GB10, 128 GB)"
            usable = DGX_SPARK_OS_VISIBLE_GIB * GIB
            rule = (
                "No carve-out: the GPU allocates from the same LPDDR5X pool as the OS. Linux sees about "
                "119-121 GiB of the 128 GB; the default budgets 120 GiB, from which OS and desktop use still "
                "have to come. cudaMemGetInfo and nvidia-smi do not report usable memory reliably (page cache "
                "counts as used); drop caches ('sync; echo 3 | sudo tee /proc/sys/vm/drop_caches') before "
                "loading, or read MemAvailable from /proc/meminfo. There is no limit to raise.")
            extra.append("capacity_bytes = 128 GiB installed; gpu_usable_bytes = 120 GiB, the middle of the 119-121 GiB Linux reports")
        elif rid == "amd-ryzen-ai-max-plus-395-128gb":
            pid, name = prefix, "Ryzen AI Max+ 395 (Strix Halo), 128 GB"
            usable = STRIX_HALO_DEFAULT_GTT_PAGES * 4096
            rule = (
                "Linux default: the iGPU maps system RAM through GTT, limited to half of the RAM the kernel "
                "sees (max(3 GiB, RAM/2)); AMD's example shows 16469033 pages = 62.82 GiB of 125.65 GiB with a "
                "small BIOS carve-out, which is the value used here. Raise it with the TTM page limit: "
                "'amd-ttm --set <GB>' (pipx install amd-debug-tools) or the kernel parameter "
                "ttm.pages_limit=<4 KiB pages>, then reboot; keep the BIOS VRAM carve-out small. Since 2026 the "
                "kernel caps GTT at physical RAM. Windows: Variable Graphics Memory can dedicate up to 96 GB.")
            extra.append(
                "capacity_bytes = 128 GiB installed; gpu_usable_bytes = the default GTT from AMD's documented "
                "example (RAM/2 of the 125.65 GiB Linux sees), slightly below 64 GiB")
        elif rid == "nvidia-jetson-agx-orin-64gb":
            pid, name = prefix, ref["name"]
            usable = None
            rule = (
                "The iGPU allocates from system memory shared with the CPU; no default GPU share or limit was "
                "found in a source, so none is set. Budget the whole pool minus what the OS and other "
                "processes use.")
            extra.append("gpu_usable_bytes is null: no documented default share")
        else:
            raise PresetError(f"unified entry without a rule: {rid}")
        preset = hardware_base(ref)
        preset.update({
            "id": pid,
            "name": name,
            "kind": "unified",
            "memory_label": f"{option} GB",
            "capacity_bytes": capacity,
            "gpu_usable_bytes": usable,
            "gpu_usable_rule": rule,
            "bandwidth_bytes_per_s": to_bytes_per_s(bandwidth),
            "host_link": None,
            "host_link_bytes_per_s": None,
            "notes": join_notes(ref["notes"], extra),
        })
        if rid.startswith("apple-"):
            preset["sources"]["name"] = [apple_bin(pid)[3]]
        out.append(ordered(preset, HARDWARE_TOP_ORDER))
    return out


def build_cpu(ref):
    preset = hardware_base(ref)
    preset.update({
        "id": HARDWARE_IDS[ref["id"]],
        "name": ref["name"],
        "kind": "cpu",
        "memory_label": None,
        "gpu_usable_bytes": None,
        "gpu_usable_rule": None,
        "bandwidth_bytes_per_s": to_bytes_per_s(ref["bandwidth_gbps"]),
        "host_link": None,
        "host_link_bytes_per_s": None,
        "memory_channels": ref["memory_channels"],
        "memory_mts": ref["memory_mts"],
        "notes": join_notes(ref["notes"], [
            "No capacity_bytes: host RAM size comes from the scenario",
            f"bandwidth is the theoretical peak {ref['memory_channels']} x 8 B x {ref['memory_mts']} MT/s",
        ]),
    })
    return [ordered(preset, HARDWARE_TOP_ORDER)]


# --------------------------------------------------------------------------------------
# Speed figures (core/speed): dense throughput per format, bandwidth shares, interconnects.
# Each entry: preset id (or an id prefix ending in '*') -> fields, and the source of each field.
# Values copied from the reference file (fp16 with FP16 accumulate, FP4, NVLink) need no entry.
# --------------------------------------------------------------------------------------

NV_DATASHEET = "NVIDIA product datasheet (dense = half the sparse figure marked with an asterisk) (SECONDARY copy read)"
ADA_RULE = ("derived: SMs x boost clock x 1024 FP16 FLOP per SM per clock with FP16 accumulate, the rate that "
            "reproduces the Ada whitepaper's RTX 4090 (128 SMs, 2.52 GHz -> 330.3) and RTX 4080 (76 SMs, 2.505 GHz "
            "-> 194.9) figures; GeForce FP32 accumulate is half of it, INT8 twice it")
AMPERE_RULE = ("NVIDIA Ampere GA102 whitepaper appendix (GeForce: FP16 tensor with FP32 accumulate is half the FP16 "
               "accumulate rate; INT8 tensor twice it) (SECONDARY copy read); RTX 3060 derived the same way from "
               "112 tensor cores x 1.777 GHz x 256 FLOP")
APPLE_NEWSROOM = ("Apple newsroom launch pages state the top GPU bin's FP32 TFLOPS (M1 8-core 2.6, M1 Pro 16-core 5.2, "
                  "M1 Max 32-core 10.4, M1 Ultra 64-core 21, M2 10-core 3.6, M2 Pro 19-core 6.8, M2 Max 38-core 13.6, "
                  "M2 Ultra 76-core 27.2) (SECONDARY copies read); Apple GPUs run FP16 at the FP32 rate, and a smaller "
                  "bin of the same chip runs at the same clock, so the rate scales with the GPU cores")
APPLE_DERIVED = ("derived: GPU cores x 128 ALUs x 2 FLOP x clock (M3 family about 1.38 GHz, M4 family about 1.58 GHz, "
                 "as benchmark tools report; Apple states no TFLOPS for M3/M4); a ceiling, not a measurement")
APPLE_SHARE = ("Apple describes one memory system shared by CPU and GPU at the stated bandwidth; the GPU reaches "
               "it, the CPU cluster alone cannot (llama.cpp Metal decode runs at up to ~75 % of it, "
               "tests/data/speed)")

SPEED = {
    "rtx-3060-12gb": ({"fp16_tflops_dense": 25.5, "fp16_tflops_dense_fp16_accumulate": 50.9, "int8_tops_dense": 101.9}, AMPERE_RULE),
    "rtx-3080-10gb": ({"fp16_tflops_dense": 59.5, "fp16_tflops_dense_fp16_accumulate": 119.0, "int8_tops_dense": 238.0}, AMPERE_RULE),
    "rtx-3090": ({"int8_tops_dense": 284.0}, AMPERE_RULE),
    "rtx-a6000": ({"int8_tops_dense": 309.7}, NV_DATASHEET),
    "rtx-4060-ti-16gb": ({"fp16_tflops_dense": 44.1, "fp16_tflops_dense_fp16_accumulate": 88.3, "fp8_tflops_dense": 88.3, "int8_tops_dense": 176.6}, ADA_RULE + " (34 SMs, 2.535 GHz)"),
    "rtx-4070-ti-super": ({"fp16_tflops_dense": 88.2, "fp16_tflops_dense_fp16_accumulate": 176.4, "fp8_tflops_dense": 176.4, "int8_tops_dense": 352.8}, ADA_RULE + " (66 SMs, 2.61 GHz)"),
    "rtx-4080": ({"fp8_tflops_dense": 194.9, "int8_tops_dense": 389.9}, ADA_RULE + "; FP8 with FP32 accumulate runs at the FP16-accumulate rate, as for the RTX 4090 (330.3) in the same whitepaper"),
    "rtx-4090": ({"int8_tops_dense": 660.6}, "NVIDIA Ada whitepaper appendix: INT8 tensor 660.6 dense / 1321.2 sparse (SECONDARY copy read)"),
    "rtx-5070-ti": ({"fp16_tflops_dense_fp16_accumulate": 175.8}, "derived: twice the FP32-accumulate rate (87.9), the GeForce ratio the reference file gives for the RTX 5080 (112.6 / 225.1) and RTX 5090 (209.5 / 419) from NVIDIA's Blackwell figures"),
    "rtx-pro-6000": ({"fp4_tflops_dense": 2000.0}, "NVIDIA datasheet 'AI TOPS 4000' (reference file, SECONDARY copy quoting the vendor) is FP4 with 2:4 sparsity; dense = half. No dense FP16/FP8 figure is published, so none is derived"),
    "rtx-6000-ada": ({"fp16_tflops_dense": 364.2, "int8_tops_dense": 728.5}, NV_DATASHEET + "; FP16 half the FP8 rate as on every Ada part"),
    "t4": ({"int8_tops_dense": 130.0}, NV_DATASHEET),
    "a10": ({"int8_tops_dense": 250.0}, NV_DATASHEET),
    "l4": ({"int8_tops_dense": 242.5}, NV_DATASHEET),
    "l40s": ({"int8_tops_dense": 733.0}, NV_DATASHEET),
    "a100-40gb-pcie": ({"int8_tops_dense": 624.0}, NV_DATASHEET),
    "a100-80gb-sxm": ({"int8_tops_dense": 624.0, "interconnect_bytes_per_s": 300_000_000_000}, NV_DATASHEET + "; NVLink 3 600 GB/s bidirectional = 300 GB/s per direction"),
    "h100-pcie": ({"int8_tops_dense": 1513.0}, NV_DATASHEET),
    "h100-sxm": ({"int8_tops_dense": 1979.0, "interconnect_bytes_per_s": 450_000_000_000}, NV_DATASHEET + "; NVLink 4 900 GB/s bidirectional"),
    "h200-sxm": ({"int8_tops_dense": 1979.0, "interconnect_bytes_per_s": 450_000_000_000}, NV_DATASHEET + "; NVLink 4 900 GB/s bidirectional"),
    "gh200": ({"int8_tops_dense": 1979.0, "interconnect_bytes_per_s": 450_000_000_000}, NV_DATASHEET),
    "b200": ({"int8_tops_dense": 4500.0, "interconnect_bytes_per_s": 900_000_000_000}, NV_DATASHEET + "; NVLink 5 1.8 TB/s bidirectional"),
    "b300": ({"interconnect_bytes_per_s": 900_000_000_000}, "NVLink 5 1.8 TB/s bidirectional (reference file)"),
    "mi250x": ({"int8_tops_dense": 383.0}, "AMD Instinct MI250X datasheet (SECONDARY copy read)"),
    "mi300x": ({"int8_tops_dense": 2614.9}, "AMD Instinct MI300X datasheet: INT8 2614.9 TOPS dense (SECONDARY copy read)"),
    "mi325x": ({"int8_tops_dense": 2614.9}, "AMD Instinct MI325X datasheet (same compute die as MI300X) (SECONDARY copy read)"),
    "strix-halo-128gb": ({"gpu_bandwidth_share": 0.84}, "measured 215 of 256 GB/s for the iGPU (reference file bandwidth_gbps_measured)"),
    "dgx-spark": ({"fp4_tflops_dense": 500.0, "gpu_bandwidth_share": 1.0}, "NVIDIA: the GB10 GPU and CPU share one 273 GB/s LPDDR5X pool (reference file); no lower GPU share stated. NVIDIA's '1 PFLOP' FP4 is with 2:4 sparsity (reference file, SECONDARY copies quoting the product page); dense = half. No dense FP16/FP8 figure is published, so none is derived"),
    "jetson-agx-orin-64gb": ({"gpu_bandwidth_share": 1.0}, "one 204.8 GB/s LPDDR5 pool shared by CPU and GPU (reference file); no lower GPU share stated"),
    "cpu-*": ({"sustained_bandwidth_fraction": 0.8}, "assumption stated here, not a measurement of this platform: STREAM-type "
               "streaming reads on DDR4/DDR5 servers and desktops typically sustain 70-90 % of channels x 8 B x MT/s; "
               "llama.cpp CPU decode in tests/data/speed reaches up to ~80 % of the peak"),
    "epyc-*": ({"sustained_bandwidth_fraction": 0.8}, "same assumption as the cpu-* presets"),
}
# FP16 rate per GPU core of each Apple chip: Apple's stated top-bin figure / its cores (M1, M2
# families), or 128 ALUs x 2 FLOP x clock (M3, M4 families).
APPLE_STATED_TOP = {"m1": (2.6, 8), "m1-pro": (5.2, 16), "m1-max": (10.4, 32), "m1-ultra": (21.0, 64),
                    "m2": (3.6, 10), "m2-pro": (6.8, 19), "m2-max": (13.6, 38), "m2-ultra": (27.2, 76)}
APPLE_CLOCK_GHZ = {"m3": 1.38, "m4": 1.58}


def apple_speed(pid):
    """fp16_tflops_dense of the preset's GPU bin (APPLE_BINS), with the source that says how."""
    _, gpu, _, _ = apple_bin(pid)
    chip = re.sub(r"(-\d+c)?-\d+gb$", "", pid)
    if chip in APPLE_STATED_TOP:
        top, top_cores = APPLE_STATED_TOP[chip]
        tflops = top * gpu / top_cores
        how = f"{APPLE_NEWSROOM}: {top} x {gpu}/{top_cores} cores"
    else:
        tflops = gpu * 128 * 2 * APPLE_CLOCK_GHZ[chip.split("-")[0]] / 1000
        how = f"{APPLE_DERIVED} ({gpu} cores)"
    # Half-up to one decimal, as the other presets state their rates.
    tflops = float(f"{tflops + 1e-9:.1f}")
    return {"fp16_tflops_dense": tflops, "gpu_bandwidth_share": 1.0}, how + "; " + APPLE_SHARE


for _pid in APPLE_BINS:
    SPEED[_pid] = apple_speed(_pid)

# Reference fields copied as they are, when present.
SPEED_FROM_REFERENCE = ["fp16_tflops_dense_fp16_accumulate", "fp4_tflops_dense"]


def speed_entry(pid):
    if pid in SPEED:
        return SPEED[pid]
    for key, value in SPEED.items():
        if key.endswith("*") and pid.startswith(key[:-1]):
            return value
    return None


def apply_speed(preset, ref):
    """Adds the speed fields (docs/presets.md, 'Speed fields') and their sources."""
    copied = [k for k in SPEED_FROM_REFERENCE if ref.get(k) is not None]
    for key in copied:
        preset[key] = ref[key]
    entry = speed_entry(preset["id"])
    if entry:
        fields, source = entry
        for key, value in fields.items():
            if key == "fp16_tflops_dense" and preset.get(key) is not None:
                continue  # the reference file's figure stays
            preset[key] = value
        preset["sources"][",".join(sorted(fields))] = [source]
    return ordered(preset, HARDWARE_TOP_ORDER)


def build_hardware(ref):
    if ref["id"] not in HARDWARE_IDS:
        raise PresetError(f"no preset id for reference hardware {ref['id']}")
    kind = ref["kind"]
    if kind == "discrete_gpu":
        return [apply_speed(p, ref) for p in build_discrete(ref)]
    if kind == "unified":
        return [apply_speed(p, ref) for p in build_unified(ref)]
    if kind == "cpu_platform":
        return [apply_speed(p, ref) for p in build_cpu(ref)]
    raise PresetError(f"{ref['id']}: unknown kind {kind}")


# --------------------------------------------------------------------------------------
# Validation (the same rules docs/presets.md lists for the program's loader)
# --------------------------------------------------------------------------------------

MODEL_REQUIRED = ["schema", "id", "name", "family", "hf_repo", "verified", "parameters", "native_dtype",
                  "shipped_format", "max_context", "variants", "config", "kv_bytes_per_token_f16",
                  "sources", "notes"]
CONFIG_REQUIRED = ["model_type", "num_hidden_layers", "hidden_size", "intermediate_size",
                   "num_attention_heads", "num_key_value_heads", "vocab_size", "tie_word_embeddings"]
HARDWARE_REQUIRED = ["schema", "id", "name", "vendor", "kind", "architecture", "memory_label",
                     "gpu_usable_bytes", "gpu_usable_rule", "bandwidth_bytes_per_s", "fp16_tflops_dense",
                     "fp8_tflops_dense", "host_link", "host_link_bytes_per_s", "memory_channels", "memory_mts",
                     "verified", "sources", "notes"]
LAYER_KINDS = {"full_attention", "sliding_attention", "chunked_attention"}


def positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def validate_model(p, ref, problems, warnings):
    pid = p.get("id", "?")

    def bad(msg):
        problems.append(f"model {pid}: {msg}")

    for key in MODEL_REQUIRED:
        if key not in p:
            bad(f"missing key {key}")
    if p["schema"] != MODEL_SCHEMA:
        bad("wrong schema")
    if not ID_PATTERN.match(pid):
        bad("id is not lowercase [a-z0-9.-]")
    c = p["config"]
    for key in CONFIG_REQUIRED:
        if key not in c:
            bad(f"config missing {key}")
    for key in ["num_hidden_layers", "hidden_size", "intermediate_size", "num_attention_heads",
                "num_key_value_heads", "vocab_size"]:
        if not positive_int(c.get(key)):
            bad(f"config.{key} must be a positive integer")
    for key in ["max_context", "kv_bytes_per_token_f16"]:
        if not positive_int(p.get(key)):
            bad(f"{key} must be a positive integer")
    heads, kv_heads = c["num_attention_heads"], c["num_key_value_heads"]
    if heads % kv_heads:
        bad(f"num_attention_heads {heads} not divisible by num_key_value_heads {kv_heads}")
    mla = "kv_lora_rank" in c
    if mla and "head_dim" in c:
        bad("MLA model carries head_dim")
    if not mla and "head_dim" not in c and c["hidden_size"] % heads:
        bad("no explicit head_dim and hidden_size not divisible by num_attention_heads")
    if "max_position_embeddings" in c and c["max_position_embeddings"] != p["max_context"]:
        bad("max_context differs from config.max_position_embeddings")
    # KV bytes per token must follow from the shapes.
    if expected_kv_bytes(ref, c) != p["kv_bytes_per_token_f16"]:
        bad(f"kv_bytes_per_token_f16 {p['kv_bytes_per_token_f16']} != formula {expected_kv_bytes(ref, c)}")
    # layer_types must match the reference full/windowed split.
    lt = c.get("layer_types")
    if lt is not None:
        if len(lt) != c["num_hidden_layers"] or set(lt) - LAYER_KINDS:
            bad("layer_types has the wrong length or an unknown kind")
        windowed = sum(1 for t in lt if t != "full_attention")
        if windowed != ref.get("kv_layers_windowed", 0) or len(lt) - windowed != ref.get("kv_layers_full_attention"):
            bad(f"layer_types split {len(lt) - windowed}/{windowed} disagrees with the reference")
        if "sliding_attention" in lt and not c.get("sliding_window"):
            bad("sliding layers without sliding_window")
        if "chunked_attention" in lt and not c.get("attention_chunk_size"):
            bad("chunked layers without attention_chunk_size")
    elif ref.get("kv_layers_windowed"):
        bad("reference has windowed layers but the preset has no layer_types")
    # Variants.
    formats = [v["format"] for v in p["variants"]]
    if len(formats) != len(set(formats)):
        bad("duplicate variant format")
    for f in formats:
        if f not in ALLOWED_FORMATS:
            bad(f"variant format {f} is not in the engine table")
    if p["shipped_format"] is not None and p["shipped_format"] not in formats:
        bad("shipped_format not among the variants")
    if p["native_dtype"] not in {"bf16", "f16", "f32"}:
        bad("native_dtype")
    # Parameter counts.
    par = p["parameters"]
    if not positive_int(par["computed"]):
        bad("parameters.computed must be a positive integer")
    if par["active_computed"] is not None and not (0 < par["active_computed"] < par["computed"]):
        bad("active_computed must be below computed")
    if par["declared"] is not None:
        if abs(par["computed"] - par["declared"]) / par["declared"] > 0.02 and "declared" not in p["notes"]:
            bad("computed and declared parameters differ by more than 2 % with no explanation")
    nominal = label_billions(par["declared_label"])
    if nominal and abs(par["computed"] - nominal) / nominal > 0.10:
        warnings.append(f"model {pid}: label {par['declared_label']} vs computed {par['computed'] / 1e9:.2f}B")
    if not p["sources"]:
        bad("no sources")


def validate_hardware(p, problems):
    pid = p.get("id", "?")

    def bad(msg):
        problems.append(f"hardware {pid}: {msg}")

    for key in HARDWARE_REQUIRED:
        if key not in p:
            bad(f"missing key {key}")
    if p["schema"] != HARDWARE_SCHEMA:
        bad("wrong schema")
    if not ID_PATTERN.match(pid):
        bad("id is not lowercase [a-z0-9.-]")
    kind = p["kind"]
    if kind not in {"discrete_gpu", "unified", "cpu"}:
        bad(f"unknown kind {kind}")
    if not positive_int(p["bandwidth_bytes_per_s"]):
        bad("bandwidth must be a positive integer")
    if kind == "cpu":
        if "capacity_bytes" in p:
            bad("cpu presets carry no capacity")
        if not (positive_int(p["memory_channels"]) and positive_int(p["memory_mts"])):
            bad("cpu presets need memory_channels and memory_mts")
        if p["memory_channels"] * 8 * p["memory_mts"] * 10**6 != p["bandwidth_bytes_per_s"]:
            bad("bandwidth != channels x 8 B x MT/s")
    else:
        if not positive_int(p.get("capacity_bytes")):
            bad("capacity_bytes must be a positive integer")
        if p["capacity_bytes"] % MIB:
            bad("capacity_bytes is not a whole number of MiB")
    if kind == "unified":
        usable = p["gpu_usable_bytes"]
        if usable is not None and not (positive_int(usable) and usable <= p["capacity_bytes"]):
            bad("gpu_usable_bytes must be positive and at most capacity_bytes")
        if not p["gpu_usable_rule"]:
            bad("unified presets need gpu_usable_rule")
    elif kind == "discrete_gpu" and p["gpu_usable_bytes"] is not None:
        usable = p["gpu_usable_bytes"]
        if not (positive_int(usable) and usable <= p["capacity_bytes"]):
            bad("gpu_usable_bytes must be positive and at most capacity_bytes")
        if not p["gpu_usable_rule"]:
            bad("a driver-reported total needs gpu_usable_rule")
    elif p["gpu_usable_bytes"] is not None or p["gpu_usable_rule"] is not None:
        bad("gpu_usable_* only apply to unified and discrete_gpu presets")
    if kind == "discrete_gpu" and p["host_link"] is not None and p["host_link"].startswith("PCIe"):
        if p["host_link_bytes_per_s"] is None:
            bad("PCIe host link without bytes/s")
    for key in ["fp16_tflops_dense", "fp8_tflops_dense"]:
        v = p[key]
        if v is not None and not (isinstance(v, (int, float)) and v > 0):
            bad(f"{key} must be positive or null")
    for key in ["fp16_tflops_dense_fp16_accumulate", "int8_tops_dense", "fp4_tflops_dense", "interconnect_bytes_per_s"]:
        if key in p and not (isinstance(p[key], (int, float)) and p[key] > 0):
            bad(f"{key} must be positive when present")
    for key in ["gpu_bandwidth_share", "sustained_bandwidth_fraction"]:
        if key in p and not (isinstance(p[key], (int, float)) and 0 < p[key] <= 1):
            bad(f"{key} must be in (0, 1]")
    if kind == "cpu" and "sustained_bandwidth_fraction" not in p:
        bad("cpu presets state a sustained_bandwidth_fraction")
    if kind == "unified" and "gpu_bandwidth_share" not in p:
        bad("unified presets state the GPU's gpu_bandwidth_share")
    if not p["sources"]:
        bad("no sources")


def check_seed_examples(models):
    """The seed text's worked KV examples (8B: 128 KiB/token, 70B: 320 KiB/token) must still hold."""
    by_id = {m["id"]: m for m in models}
    assert by_id["llama-3.1-8b"]["kv_bytes_per_token_f16"] == 131072
    assert by_id["llama-3.1-70b"]["kv_bytes_per_token_f16"] == 327680


# --------------------------------------------------------------------------------------
# Tables in docs/presets.md (kept between marker comments so --check can see drift)
# --------------------------------------------------------------------------------------

def fmt_params(n):
    return f"{n / 1e12:.3f} T" if n >= 1e12 else f"{n / 1e9:.2f} B"


def fmt_gib(n):
    return f"{n / GIB:.2f} GiB"


def natural_key(text):
    """'m1-8gb' before 'm1-16gb': compare digit runs as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def model_table(models):
    rows = ["| id | name | family | parameters (computed) | KV per token, FP16 | verified |",
            "| --- | --- | --- | --- | --- | --- |"]
    for m in sorted(models, key=lambda m: natural_key(m["id"])):
        par = m["parameters"]
        params = fmt_params(par["computed"])
        if par["active_computed"]:
            params += f" total / {fmt_params(par['active_computed'])} active"
        kv = m["kv_bytes_per_token_f16"]
        rows.append(f"| `{m['id']}` | {m['name']} | {m['family']} | {params} | {kv:,} B ({kv / 1024:.1f} KiB) | "
                    f"{'yes' if m['verified'] else 'no'} |")
    return "\n".join(rows)


def hardware_table(hardware):
    kinds = {"discrete_gpu": "discrete GPU", "unified": "unified", "cpu": "CPU"}
    rows = ["| id | name | kind | capacity | GPU-usable default | bandwidth | verified |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for h in sorted(hardware, key=lambda h: (list(kinds).index(h["kind"]), natural_key(h["id"]))):
        if "capacity_bytes" in h:
            cap = f"{h['memory_label']} = {fmt_gib(h['capacity_bytes'])}"
        else:
            cap = "from the scenario"
        if h["kind"] != "unified":
            usable = "–"
        elif h["gpu_usable_bytes"] is None:
            usable = "not documented"
        else:
            usable = fmt_gib(h["gpu_usable_bytes"])
        bw = f"{h['bandwidth_bytes_per_s'] / 1e9:g} GB/s"
        rows.append(f"| `{h['id']}` | {h['name']} | {kinds[h['kind']]} | {cap} | {usable} | {bw} | "
                    f"{'yes' if h['verified'] else 'no'} |")
    return "\n".join(rows)


def with_tables(doc, models, hardware):
    """Replace the text between the generated-table markers; None if a marker is missing."""
    for name, table in (("model-table", model_table(models)), ("hardware-table", hardware_table(hardware))):
        begin, end = f"<!-- BEGIN generated {name} -->", f"<!-- END generated {name} -->"
        if begin not in doc or end not in doc:
            return None
        head, rest = doc.split(begin, 1)
        _, tail = rest.split(end, 1)
        doc = f"{head}{begin}\n{table}\n{end}{tail}"
    return doc


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------

def render(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def main(argv=None):
    repo_root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=repo_root / ".." / "shared" / "reference",
                        help="folder with models.json and hardware.json (default: ../shared/reference)")
    parser.add_argument("--out", type=Path, default=repo_root / "presets",
                        help="presets folder to write (default: presets/ in the repository)")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the files on disk differ from the generated ones")
    args = parser.parse_args(argv)

    missing = [name for name in ("models.json", "hardware.json") if not (args.reference / name).is_file()]
    if missing:
        # The curated reference data is not part of the repository: say so instead of a traceback.
        print(f"make_presets: needs the curated reference data, which is not part of this repository:\n"
              f"  {', '.join(missing)} not found in {args.reference}\n"
              f"  Pass the folder that holds models.json and hardware.json with --reference DIR.\n"
              f"  Nothing else needs it: the build and the tests use the generated files in presets/.",
              file=sys.stderr)
        return 2
    try:
        ref_models = json.loads((args.reference / "models.json").read_text(encoding="utf-8"))
        ref_hardware = json.loads((args.reference / "hardware.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"make_presets: cannot read reference data: {exc}", file=sys.stderr)
        return 2

    problems, warnings = [], []
    try:
        models = [build_model(r) for r in ref_models]
        hardware = [p for r in ref_hardware for p in build_hardware(r)]
    except PresetError as exc:
        print(f"make_presets: {exc}", file=sys.stderr)
        return 1

    for preset, ref in zip(models, ref_models):
        validate_model(preset, ref, problems, warnings)
    for preset in hardware:
        validate_hardware(preset, problems)
    check_seed_examples(models)

    model_ids = [m["id"] for m in models]
    hardware_ids = [h["id"] for h in hardware]
    for kind, ids in (("model", model_ids), ("hardware", hardware_ids)):
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes:
            problems.append(f"duplicate {kind} ids: {sorted(dupes)}")
    if set(model_ids) != set(MODEL_IDS.values()):
        problems.append(f"model ids not produced: {sorted(set(MODEL_IDS.values()) - set(model_ids))}")
    missing_hw = EXPECTED_HARDWARE_IDS - set(hardware_ids)
    if missing_hw:
        problems.append(f"hardware ids not produced: {sorted(missing_hw)}")

    for w in warnings:
        print(f"note: {w}", file=sys.stderr)
    if problems:
        for p in problems:
            print(f"error: {p}", file=sys.stderr)
        return 1

    files = {}
    for m in models:
        files[args.out / "models" / f"{m['id']}.json"] = render(m)
    for h in hardware:
        files[args.out / "hardware" / f"{h['id']}.json"] = render(h)

    docs_path = repo_root / "docs" / "presets.md"
    if args.out.resolve() == (repo_root / "presets").resolve() and docs_path.exists():
        doc = docs_path.read_text(encoding="utf-8")
        updated = with_tables(doc, models, hardware)
        if updated is None:
            print(f"make_presets: {docs_path} lacks the generated-table markers; tables not updated", file=sys.stderr)
        else:
            files[docs_path] = updated

    stale = []
    for sub, schema in (("models", MODEL_SCHEMA), ("hardware", HARDWARE_SCHEMA)):
        folder = args.out / sub
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                if path in files or (sub == "models" and path.stem in HAND_WRITTEN_MODELS):
                    continue
                try:
                    if json.loads(path.read_text(encoding="utf-8")).get("schema") == schema:
                        stale.append(path)
                except (OSError, json.JSONDecodeError):
                    pass

    if args.check:
        differ = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in differ + stale:
            print(f"out of date: {p}", file=sys.stderr)
        return 1 if differ or stale else 0

    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        path.unlink()
        print(f"removed stale preset {path}", file=sys.stderr)
    print(f"make_presets: {len(models)} model presets, {len(hardware)} hardware presets "
          f"({sum(h['kind'] == 'discrete_gpu' for h in hardware)} discrete, "
          f"{sum(h['kind'] == 'unified' for h in hardware)} unified, {sum(h['kind'] == 'cpu' for h in hardware)} cpu)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
