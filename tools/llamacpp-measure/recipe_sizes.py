#!/usr/bin/env python3
"""Sizes llama.cpp's file types with llama.cpp's own quantizer.

For each (model, file type) of the fixed list below: make_gguf.py writes the weight-less F16
file of the model, and `quantize IN OUT FTYPE dry` (llama-quantize's --dry-run, in the
libllama node-llama-cpp ships) prints every tensor with the type llama_tensor_get_type gives
it. The tensor bytes are summed here from the printed shapes and ggml's block sizes (the
printed MiB are rounded), per part: token_embd, output, and the decoder layers. Writes
tests/data/gguf-recipes/dry-run-sizes.json.

Three sets, each with its own file and run list, fixed before the planner's rules for it were
written (or, for the K-quant set, before these runs were compared with the rules already in the
planner); every third run of a set (positions 2, 5, 8, ...) is held out, as in run_matrix.py,
and reported separately:

- mixes (dry-run-sizes.json): IQ3_M, IQ3_XS, IQ2_M and Q2_K_S;
- iq-files (iq-file-sizes.json): the single-type IQ file types, made as people download them,
  with an importance matrix (llama-quantize requires one for IQ1/IQ2/IQ3_XXS; the published
  IQ4 files are made with one too), which changes llama_tensor_get_type's choices;
- k-quants (k-quant-sizes.json): the K-quant mixes and legacy types without one, llama-quantize's
  default;
- eight-experts (eight-expert-sizes.json): Mixtral 8x7B in all of those file types, since
  llama.cpp gives 8-expert models their own attention types;
- many-experts (many-expert-sizes.json): Qwen3 30B-A3B (128 routed experts) in all of them;
- fused-qkv (fused-qkv-sizes.json): Phi-3 mini, Phi-3 medium and Phi-4 in all of them, whose
  fused attn_qkv tensor takes the attn_v rule whole;
- chatglm (chatglm-sizes.json): GLM-4 9B, the same fused layout with a QKV bias;
- mla (mla-sizes.json): DeepSeek V2-Lite, DeepSeek V3 and Kimi K2, multi-head latent attention
  with shared experts;
- hybrid (hybrid-sizes.json): Granite 4.0-H tiny and small, Nemotron Nano 9B v2, Qwen3-Next 80B-A3B,
  Qwen3.5 27B and 2B: recurrent layers (Mamba-2, gated delta net) between attention layers.

    LLAMA_BACKEND_DIR=... MEASURE_WORK=/work/wt/_npm/out python3 tools/llamacpp-measure/recipe_sizes.py [SET]
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(REPO, "tests", "data", "gguf-recipes")

# llama_ftype numbers (include/llama.h).
FTYPES = {"IQ3_M": 27, "IQ3_XS": 22, "IQ2_M": 29, "Q2_K_S": 21}
IQ_FILES = {"IQ2_XXS": 19, "IQ2_XS": 20, "IQ3_XXS": 23, "IQ1_S": 24, "IQ4_NL": 25, "IQ3_S": 26, "IQ2_S": 28,
            "IQ4_XS": 30, "IQ1_M": 31}
K_QUANTS = {"Q2_K": 10, "Q3_K_S": 11, "Q3_K_M": 12, "Q3_K_L": 13, "Q4_K_S": 14, "Q4_K_M": 15, "Q5_K_S": 16,
            "Q5_K_M": 17, "Q6_K": 18, "Q4_0": 2, "Q4_1": 3, "Q5_0": 8, "Q5_1": 9, "Q8_0": 7}
# The planner's weights.format id of a file type where it is not the lower-case name.
FORMAT_ID = {"Q2_K": "q2_k_mix"}

# Dense Llama and Qwen shapes with grouped-query ratios 1, 2, 4, 6 and 7, tied and untied heads,
# a row width that is not a multiple of 256 (Qwen2.5 0.5B, 896), llama.cpp's 70B class (80
# layers) and a 32-expert mixture (Granite).
MODELS = ["llama-3.2-1b", "llama-3.1-8b", "llama-2-7b", "qwen2.5-0.5b", "qwen3-0.6b", "llama-3.1-70b",
          "granite-3.1-1b-a400m", "qwen2.5-1.5b", "llama-2-13b"]

SETS = {
    "mixes": ("dry-run-sizes.json", FTYPES, False, MODELS),
    "iq-files": ("iq-file-sizes.json", IQ_FILES, True, MODELS),
    "k-quants": ("k-quant-sizes.json", K_QUANTS, False, MODELS),
    # llama.cpp gives 8-expert models (Mixtral) their own attention types in most file types.
    "eight-experts": ("eight-expert-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None, ["mixtral-8x7b"]),
    # A 128-expert mixture without a shared expert (Qwen3 30B-A3B): the experts take most bytes.
    "many-experts": ("many-expert-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None, ["qwen3-30b-a3b"]),
    # Phi-3 and Phi-4 keep q, k and v in one attn_qkv tensor, which llama.cpp types by the attn_v rule.
    "fused-qkv": ("fused-qkv-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None,
                  ["phi-3-mini-4k", "phi-3-medium-4k", "phi-4"]),
    # GLM-4 9B (llama.cpp's chatglm): fused attn_qkv with a bias and fused gate+up, 13,696-wide FFN rows.
    "chatglm": ("chatglm-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None, ["glm-4-9b"]),
    # DeepSeek V2-Lite, V3 and Kimi K2 (llama.cpp deepseek2): multi-head latent attention split into
    # attn_k_b (128-wide rows) and attn_v_b, leading dense layers, shared experts beside routed ones.
    # Hybrid models: Mamba-2 layers beside attention (Granite 4.0-H with routed and shared experts,
    # Nemotron-H with MLP-only blocks) and gated delta nets (Qwen3-Next with experts, Qwen3.5 dense).
    "hybrid": ("hybrid-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None,
               ["granite-4.0-h-tiny", "granite-4.0-h-small", "nemotron-nano-9b-v2", "qwen3-next-80b-a3b", "qwen3.5-27b",
                "qwen3.5-2b"]),
    "mla": ("mla-sizes.json", {**K_QUANTS, **FTYPES, **IQ_FILES}, None, ["deepseek-v2-lite", "deepseek-v3", "kimi-k2"]),
}

# ggml block sizes: (weights per block, bytes per block), ggml-common.h.
BLOCK = {"f32": (1, 4), "f16": (1, 2), "q8_0": (32, 34), "q4_0": (32, 18), "q4_1": (32, 20), "q5_0": (32, 22),
         "q5_1": (32, 24), "iq4_nl": (32, 18), "q2_K": (256, 84), "q3_K": (256, 110), "q4_K": (256, 144),
         "q5_K": (256, 176), "q6_K": (256, 210), "iq2_xxs": (256, 66), "iq2_xs": (256, 74),
         "iq2_s": (256, 82), "iq3_xxs": (256, 98), "iq3_s": (256, 110), "iq4_xs": (256, 136),
         "iq1_s": (256, 50), "iq1_m": (256, 56)}

LINE = re.compile(r"\]\s+(\S+)\s+- \[\s*([\d,\s]+)\], type =\s*(\w+),.*?(?:\((\w+)\))?\s*$")


def tensor_bytes(shape, ty):
    per, size = BLOCK[ty]
    assert shape[0] % per == 0, (shape, ty)
    n = 1
    for d in shape:
        n *= d
    return n // per * size


def sizes(log):
    parts = {"token_embd": 0, "output": 0, "layers": 0}
    types = {}
    for line in log.splitlines():
        m = LINE.search(line)
        if not m:
            continue
        name, shape, cur, new = m.group(1), [int(x) for x in m.group(2).split(",")], m.group(3), m.group(4)
        ty = new or cur
        b = tensor_bytes(shape, ty)
        part = "token_embd" if name == "token_embd.weight" else "output" if name == "output.weight" else "layers"
        parts[part] += b
        types[ty] = types.get(ty, 0) + 1
    return parts, types


DESCRIPTION = {
    "mixes": "Tensor bytes of llama.cpp v0.5.0 (node-llama-cpp 3.22.1) IQ3_M, IQ3_XS, IQ2_M and Q2_K_S files, from "
             "llama-quantize --dry-run on weight-less F16 files (tools/llamacpp-measure/recipe_sizes.py). "
             "held_out: every third run, fixed before the planner's rules for these mixes were written.",
    "iq-files": "Tensor bytes of llama.cpp v0.5.0 (node-llama-cpp 3.22.1) IQ file types made with an importance "
                "matrix, from llama-quantize --dry-run on weight-less F16 files (tools/llamacpp-measure/"
                "recipe_sizes.py). held_out: every third run, fixed before the planner's rules were written.",
    "eight-experts": "Tensor bytes of Mixtral 8x7B (8 experts) in every llama.cpp v0.5.0 file type the other sets "
                     "cover (IQ file types with an importance matrix), from llama-quantize --dry-run on a weight-less "
                     "F16 file (tools/llamacpp-measure/recipe_sizes.py). held_out: every third run, fixed before "
                     "these runs were compared with the planner.",
    "many-experts": "Tensor bytes of Qwen3 30B-A3B (128 routed experts) in every llama.cpp v0.5.0 file type the "
                    "other sets cover (IQ file types with an importance matrix), from llama-quantize --dry-run on a "
                    "weight-less F16 file (tools/llamacpp-measure/recipe_sizes.py). held_out: every third run, "
                    "fixed before these runs were compared with the planner.",
    "fused-qkv": "Tensor bytes of Phi-3 mini, Phi-3 medium and Phi-4 (fused attn_qkv and gate+up tensors) in every "
                 "llama.cpp v0.5.0 file type the other sets cover (IQ file types with an importance matrix), from "
                 "llama-quantize --dry-run on weight-less F16 files (tools/llamacpp-measure/recipe_sizes.py). "
                 "held_out: every third run, fixed before the planner's rules for fused tensors were written.",
    "chatglm": "Tensor bytes of GLM-4 9B (llama.cpp chatglm: fused attn_qkv with bias, fused gate+up) in every "
               "llama.cpp v0.5.0 file type the other sets cover (IQ file types with an importance matrix), from "
               "llama-quantize --dry-run on a weight-less F16 file (tools/llamacpp-measure/recipe_sizes.py). "
               "held_out: every third run, fixed before the planner's fused rule covered chatglm.",
    "mla": "Tensor bytes of DeepSeek V2-Lite, DeepSeek V3 and Kimi K2 (llama.cpp deepseek2: multi-head latent attention "
           "with attn_k_b/attn_v_b, leading dense layers, shared and routed experts) in every llama.cpp v0.5.0 file type "
           "the other sets cover (IQ file types with an importance matrix), from llama-quantize --dry-run on weight-less "
           "F16 files (tools/llamacpp-measure/recipe_sizes.py). held_out: every third run, fixed before the planner's "
           "rules for MLA were written.",
    "hybrid": "Tensor bytes of Granite 4.0-H tiny and small, Nemotron Nano 9B v2, Qwen3-Next 80B-A3B (without its "
              "multi-token-prediction layer), Qwen3.5 27B and 2B in every llama.cpp v0.5.0 file type the other sets cover "
              "(IQ file types with an importance matrix), from llama-quantize --dry-run on weight-less F16 files "
              "(tools/llamacpp-measure/recipe_sizes.py). held_out: every third run, fixed before the planner's rules "
              "for hybrid layers were written.",
    "k-quants": "Tensor bytes of llama.cpp v0.5.0 (node-llama-cpp 3.22.1) K-quant and legacy file types "
                "(no importance matrix), from llama-quantize --dry-run on weight-less F16 files "
                "(tools/llamacpp-measure/recipe_sizes.py). held_out: every third run, fixed before these runs "
                "were compared with the planner.",
}


def main():
    work = os.environ.get("MEASURE_WORK", "/work/wt/_npm/out")
    quantize = os.path.join(work, "quantize")
    name = sys.argv[1] if len(sys.argv) > 1 else "mixes"
    out_file, ftypes, imatrix_set, models = SETS[name]
    runs = [(m, f) for m in models for f in ftypes]
    cases = []
    for pos, (model, ft) in enumerate(runs):
        f16 = os.path.join(work, "%s-f16.gguf" % model)
        if not os.path.exists(f16):
            subprocess.run([sys.executable, os.path.join(HERE, "make_gguf.py"), model, "f16", f16], check=True,
                           stdout=subprocess.DEVNULL)
        # None: the IQ file types with an importance matrix, the others without (as published).
        imatrix = ft in IQ_FILES if imatrix_set is None else imatrix_set
        args = [quantize, f16, os.path.join(work, "dry.gguf"), str(ftypes[ft]), "dry"] + (["imatrix"] if imatrix else [])
        log = subprocess.run(args, capture_output=True, text=True, check=True)
        parts, types = sizes(log.stdout + log.stderr)
        case = {"model": model, "file_type": ft, "format": FORMAT_ID.get(ft, ft.lower()), "llama_ftype": ftypes[ft],
                "imatrix": imatrix, "held_out": pos % 3 == 2,
                "token_embd_bytes": parts["token_embd"], "output_bytes": parts["output"],
                "layer_bytes": parts["layers"], "total_bytes": sum(parts.values()),
                "tensor_types": dict(sorted(types.items()))}
        cases.append(case)
        print("%-22s %-7s %14d %s" % (model, ft, case["total_bytes"], case["tensor_types"]))
    doc = {"description": DESCRIPTION[name], "cases": cases}
    os.makedirs(DATA, exist_ok=True)
    with open(os.path.join(DATA, out_file), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
