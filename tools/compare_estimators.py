#!/usr/bin/env python3
"""What two public estimators would have said for the validation cases.

Provenance tool for docs/accuracy.md; the build never runs it. It reads the cases in
tests/data/runtime-logs/ and the model presets, applies each estimator's published formula
and prints Markdown rows with the error against the logged figure. The planner's own errors
come from `./build/tests/core/tst_runtimelogs` (docs/accuracy.md).

Estimators (their formulas are public; nothing of their code is used here):
- Ollama's pre-load estimate, GGML.GraphSize in fs/ggml/ggml.go: the compute graph of a
  fully offloaded model is max(4b(1 + 4H + T(1 + n_h)), 4b(H + V)) for llama-style
  models and max(4b(H + V), 4b(1 + 2H + T + T n_h)) for qwen2-style ones, on every GPU;
  a partial offload uses its "partialOffload" formula, which adds H x V x 105/128 bytes
  for the output head.
- The "LLM VRAM calculator" formula (pandora-s-git/LLMVRAMCalculator, the same as the
  NyxKrage Hugging Face space): compute buffer = (T / 1024 x 2 + 0.75) x n_h MiB.
- For vLLM's KV capacity, the weights-plus-KV accounting of calculators such as hf-mem,
  turned into a capacity: (gpu_memory_utilization x card - weights) / KV bytes per token,
  with the card's nominal size and nothing for activations, non-torch memory or the driver.

    python3 tools/compare_estimators.py

Standard library only.
"""

import json
from pathlib import Path

MIB = 1 << 20
GIB = 1 << 30
ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "runtime-logs"


def preset(model):
    return json.loads((ROOT / "presets" / "models" / f"{model}.json").read_text())


def settings(case):
    s = dict(case.get("derived_settings", {}))
    s.update(case.get("settings", {}))
    return s


def ollama_graph(cfg, ctx, batch, partial):
    h, heads, vocab = cfg["hidden_size"], cfg["num_attention_heads"], cfg["vocab_size"]
    kv_heads = cfg["num_key_value_heads"]
    head_dim = cfg.get("head_dim") or h // heads
    if cfg["model_type"] in ("qwen2", "qwen3"):
        if partial:
            return max(4 * batch * (h + vocab) + h * vocab * 105 / 128,
                       4 * (batch * (1 + 2 * h + ctx * (1 + heads)) + h * (1 + ctx)))
        return max(4 * batch * (h + vocab), 4 * batch * (1 + 2 * h + ctx + ctx * heads))
    if partial:
        return 4 * batch * h + max(
            4 * batch * (1 + h + max(ctx, h)) + h * h * 9 / 16 + 4 * ctx * (batch * heads + head_dim * kv_heads),
            4 * batch * (h + vocab) + h * vocab * 105 / 128)
    return max(4 * batch * (1 + 4 * h + ctx * (1 + heads)), 4 * batch * (h + vocab))


def calculator_graph(cfg, ctx):
    return (ctx / 1024 * 2 + 0.75) * cfg["num_attention_heads"] * MIB


def pct(ours, real):
    return f"{(ours - real) / real * 100:+.1f} %"


def llama_rows():
    print("| case | buffer | logged | Ollama GraphSize | LLM VRAM calculator |")
    print("|---|---|---|---|---|")
    for path in sorted(CASES.glob("llamacpp-*.json")):
        case = json.loads(path.read_text())
        st = settings(case)
        buffers = case["measured"].get("compute_buffer_bytes", {})
        if "ctx_size" not in st or "ubatch_size" not in st:
            continue
        cfg = preset(case["model"])["config"]
        ctx, batch = st["ctx_size"], min(st["ubatch_size"], st["ctx_size"])
        for dev, real in buffers.items():
            if dev == "CUDA_Host":
                continue
            partial = 0 < st.get("n_gpu_layers", 999) <= cfg["num_hidden_layers"]
            o = ollama_graph(cfg, ctx, batch, partial) if cfg["model_type"] != "gpt_oss" else None
            c = calculator_graph(cfg, ctx)
            print(f"| {case['id']} | {dev} | {real / MIB:.2f} MiB | "
                  f"{pct(o, real) if o else 'own formula, not read'} | {pct(c, real)} |")


def vllm_rows():
    nominal = {"A100 80GB": 80 * GIB, "RTX A5000": 24 * GIB}
    print()
    print("| case | logged KV tokens | weights-plus-KV budget |")
    print("|---|---|---|")
    for path in sorted(CASES.glob("vllm-*.json")):
        case = json.loads(path.read_text())
        m, st = case["measured"], settings(case)
        card = next((v for k, v in nominal.items() if k in case["hardware"]), None)
        if "kv_capacity_tokens" not in m or card is None:
            continue
        p = preset(case["model"])
        cfg = p["config"]
        tp = st.get("tensor_parallel_size", 1)
        head_dim = cfg.get("head_dim") or cfg["hidden_size"] // cfg["num_attention_heads"]
        kv_heads = max(1, cfg["num_key_value_heads"] // tp)
        per_token = cfg["num_hidden_layers"] * 2 * kv_heads * head_dim * 2
        weights = m.get("vllm_weights_bytes", p["parameters"]["computed"] * 2 / tp)
        if case["weights_format"] != "bf16" and "vllm_weights_bytes" not in m:
            continue
        tokens = (st.get("gpu_memory_utilization", 0.9) * card - weights) / per_token
        print(f"| {case['id']} | {m['kv_capacity_tokens']:,} | {pct(tokens, m['kv_capacity_tokens'])} |")


if __name__ == "__main__":
    llama_rows()
    vllm_rows()
