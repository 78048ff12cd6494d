#!/usr/bin/env python3
"""Hold the planner (and the textbook sum) against published fine-tuning peaks.

Reads tests/data/training/published-peaks.json (rows collected with their sources and split
into `modelling` and `aside` by the SHA-1 rule before any modelling), states each row as a
planner scenario (scenario_for below: every assumption is written into the row's
`assumptions`), runs `memplan-cli estimate`, and compares the figure the framework printed
with the matching figure of the estimate's training.gpu_memory:

    max_memory_active    -> active_bytes        max_memory_allocated -> allocated_bytes
    max_memory_reserved  -> reserved_bytes      nvidia_smi           -> device_total_bytes
    unknown              -> reserved_bytes (torchtune's first README table named reserved)

The textbook sum is the model states (weights + gradients + optimizer states + master copy,
divided by the shards under ZeRO-3/FSDP) plus Korthikanti et al.'s activations,
L*s*b*h*(34 + 5*a*s/h), or 2*s*b*h*L with full recomputation; nothing for logits, buffers or the
allocator.

    tools/training-accuracy/evaluate.py build/app/memplan-cli [--split modelling|aside|unseen|unseen2|all]
        [--data FILE] [--markdown] [--write-cases tests/data/training/published-cases.json]

--data tests/data/training/published-peaks-unseen.json --split unseen holds the planner against
rows collected after the model was written, by someone who did not see its output;
published-peaks-unseen2.json (split unseen2) is a second such set, collected in the twenty-second
session after the first one had been looked at. The cases file holds every split:
    evaluate.py build/app/memplan-cli --split all --data tests/data/training/published-peaks.json \
        --data tests/data/training/published-peaks-unseen.json \
        --data tests/data/training/published-peaks-unseen2.json --write-cases tests/data/training/published-cases.json
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "training", "published-peaks.json")

MODELS = {
    "meta-llama/Llama-3.2-1B": "llama-3.2-1b",
    "meta-llama/Llama-3.2-1B-Instruct": "llama-3.2-1b",
    "meta-llama/Llama-3.2-3B": "llama-3.2-3b",
    "meta-llama/Llama-3.2-3B-Instruct": "llama-3.2-3b",
    "meta-llama/Llama-3.1-8B": "llama-3.1-8b",
    "meta-llama/Meta-Llama-3.1-8B": "llama-3.1-8b",
    "meta-llama/Meta-Llama-3.1-8B-Instruct": "llama-3.1-8b",
    "meta-llama/Meta-Llama-3-8B": "llama-3.1-8b",
    "meta-llama/Meta-Llama-3-8B-Instruct": "llama-3.1-8b",
    "meta-llama/Llama-3.1-70B": "llama-3.1-70b",
    "meta-llama/Meta-Llama-3.1-70B": "llama-3.1-70b",
    "meta-llama/Meta-Llama-3.1-70B-Instruct": "llama-3.1-70b",
    "meta-llama/Meta-Llama-3-70B": "llama-3.1-70b",
    "meta-llama/Meta-Llama-3-70B-Instruct": "llama-3.1-70b",
    "meta-llama/Llama-2-7b-chat-hf": "llama-2-7b",
    "meta-llama/Llama-2-13b-hf": "llama-2-13b",
    "meta-llama/Llama-2-13b-chat-hf": "llama-2-13b",
    "meta-llama/Llama-2-70b-chat-hf": "llama-2-70b",
    "mistralai/Mistral-7B-v0.1": "mistral-7b-v0.1",
    "mistralai/Mistral-7B-Instruct-v0.1": "mistral-7b-v0.1",
    "mistralai/Mistral-7B-v0.3": "mistral-7b-v0.3",
    "mistralai/Mistral-7B-Instruct-v0.3": "mistral-7b-v0.3",
    "google/gemma-2-2b": "gemma-2-2b",
    "google/gemma-2-9b": "gemma-2-9b",
    "google/gemma-2-27b": "gemma-2-27b",
    "microsoft/Phi-3-mini-4k-instruct": "phi-3-mini-4k",
    "Qwen/Qwen2.5-0.5B": "qwen2.5-0.5b", "Qwen/Qwen2.5-0.5B-Instruct": "qwen2.5-0.5b",
    "Qwen/Qwen2.5-1.5B": "qwen2.5-1.5b", "Qwen/Qwen2.5-1.5B-Instruct": "qwen2.5-1.5b",
    "Qwen/Qwen2.5-3B": "qwen2.5-3b", "Qwen/Qwen2.5-3B-Instruct": "qwen2.5-3b",
    "Qwen/Qwen2.5-7B": "qwen2.5-7b", "Qwen/Qwen2.5-7B-Instruct": "qwen2.5-7b",
    "Qwen/Qwen2.5-14B": "qwen2.5-14b", "Qwen/Qwen2.5-14B-Instruct": "qwen2.5-14b",
    "Qwen/Qwen2.5-32B": "qwen2.5-32b", "Qwen/Qwen2.5-32B-Instruct": "qwen2.5-32b",
    "Qwen/Qwen2.5-72B": "qwen2.5-72b", "Qwen/Qwen2.5-72B-Instruct": "qwen2.5-72b",
    "Qwen/Qwen3-0.6B": "qwen3-0.6b", "Qwen/Qwen3-4B": "qwen3-4b", "Qwen/Qwen3-8B": "qwen3-8b",
    "Qwen/Qwen3-14B": "qwen3-14b", "Qwen/Qwen3-32B": "qwen3-32b",
    "meta-llama/Llama-3.1-8B-Instruct": "llama-3.1-8b",
    "meta-llama/Llama-3.1-70B-Instruct": "llama-3.1-70b",
    "meta-llama/Llama-3.1-405B-Instruct": "llama-3.1-405b",
    "meta-llama/Llama-2-7b-hf": "llama-2-7b",
    "meta-llama/Llama-2-70b-hf": "llama-2-70b",
    "tiiuae/falcon-7b": "falcon-7b",
    # Magistral and Devstral Small are Mistral Small 3.1's text decoder (24B).
    "mistralai/Magistral-Small-2506": "mistral-small-24b",
    "mistralai/Devstral-Small-2505": "mistral-small-24b",
}
# Models without a preset, from their Hugging Face config.json (sources in the row notes).
INLINE = {
    # microsoft/phi-1_5 config.json
    "microsoft/phi-1_5": {"model_type": "phi", "num_hidden_layers": 24, "hidden_size": 2048,
                          "intermediate_size": 8192, "num_attention_heads": 32, "num_key_value_heads": 32,
                          "vocab_size": 51200, "max_position_embeddings": 2048, "partial_rotary_factor": 0.5,
                          "tie_word_embeddings": False},
    # stabilityai/stablelm-base-alpha-3b config.json
    "stabilityai/stablelm-base-alpha-3b": {"model_type": "gpt_neox", "num_hidden_layers": 16, "hidden_size": 4096,
                                           "intermediate_size": 16384, "num_attention_heads": 32,
                                           "vocab_size": 50688, "max_position_embeddings": 4096,
                                           "tie_word_embeddings": False},
    # microsoft/phi-2 config.json
    "microsoft/phi-2": {"model_type": "phi", "num_hidden_layers": 32, "hidden_size": 2560, "intermediate_size": 10240,
                        "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 51200,
                        "max_position_embeddings": 2048, "partial_rotary_factor": 0.4, "tie_word_embeddings": False},
    # google/gemma-7b config.json
    "google/gemma-7b": {"model_type": "gemma", "num_hidden_layers": 28, "hidden_size": 3072,
                        "intermediate_size": 24576, "num_attention_heads": 16, "num_key_value_heads": 16,
                        "head_dim": 256, "vocab_size": 256000, "max_position_embeddings": 8192,
                        "tie_word_embeddings": True},
    # TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T config.json
    "TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T": {
        "model_type": "llama", "num_hidden_layers": 22, "hidden_size": 2048, "intermediate_size": 5632,
        "num_attention_heads": 32, "num_key_value_heads": 4, "vocab_size": 32000, "max_position_embeddings": 2048,
        "tie_word_embeddings": False},
}
LORA_TARGETS = {"q_proj": "q_proj", "k_proj": "k_proj", "v_proj": "v_proj", "output_proj": "o_proj", "o_proj": "o_proj",
                "gate_proj": "gate_proj", "up_proj": "up_proj", "down_proj": "down_proj",
                "w1": "gate_proj", "w3": "up_proj", "w2": "down_proj", "query": "q_proj", "value": "v_proj",
                "key": "k_proj", "projection": "o_proj", "mlp": ("gate_proj", "up_proj", "down_proj")}
OPTIMIZERS = {"adamw": "adamw", "adamw_fused": "adamw", "adamw_torch": "adamw", "adamw_torch_fused": "adamw",
              "adamw_8bit": "adamw_8bit", "adamw_bnb_8bit": "adamw_8bit",
              "paged_adamw_8bit": "paged_adamw_8bit", "paged_adamw_32bit": "paged_adamw", "paged_adamw": "paged_adamw",
              "adafactor": "adafactor", "sgd": "sgd_momentum", "sgd_momentum": "sgd_momentum"}
# Frameworks by the planner's runtime preset; the Trainer family shares transformers' rules.
RUNTIMES = {"torchtune": "torchtune", "litgpt": "litgpt", "hf-trainer": "hf-trainer", "transformers": "hf-trainer",
            "trl": "hf-trainer", "peft": "hf-trainer", "accelerate": "hf-trainer", "llama-factory": "hf-trainer",
            "axolotl": "axolotl", "unsloth": "unsloth", "deepspeed": "deepspeed", "pytorch-fsdp": "pytorch-fsdp"}
# Precision as the row states it; "bf16" is everything bf16 (torchtune, LitGPT bf16-true, a
# Trainer over a bf16-loaded model); autocast over fp32 weights is mixed.
PRECISIONS = {"bf16": "bf16", "bf16-true": "bf16", "fp16-true": "bf16", "bf16-mixed": "mixed", "fp16-mixed": "mixed",
              "fp16": "mixed", "mixed": "mixed", "amp": "mixed", "fp32": "fp32", "32-true": "fp32"}
MEASURE = {"max_memory_active": "active_bytes", "max_memory_allocated": "allocated_bytes",
           "max_memory_reserved": "reserved_bytes", "unknown": "reserved_bytes",
           "nvidia_smi": "device_total_bytes"}


def hardware_for(gpu):
    g = gpu or ""
    if "4090" in g:
        return "rtx-4090"
    if "A6000" in g:
        return "rtx-a6000"
    if "A100-SXM4-40GB" in g or ("A100" in g and "40" in g):
        return "a100-40gb-pcie"
    for name, preset in (("H200", "h200-sxm"), ("H100 PCIe", "h100-pcie"), ("H100", "h100-sxm"), ("L40S", "l40s"),
                         ("L4", "l4"), ("A10", "a10"), ("T4", "t4"), ("3090", "rtx-3090"), ("4080", "rtx-4080"),
                         ("5090", "rtx-5090"), ("6000 Ada", "rtx-6000-ada"), ("3060", "rtx-3060-12gb"),
                         ("MI300X", "mi300x"), ("MI250", "mi250x")):
        if name in g:
            return preset
    return "a100-80gb-sxm"  # an A100 whose size is not stated; the figure does not depend on it


def scenario_for(row):
    """The row as a scenario, the assumptions made, or (None, reason)."""
    assumptions = []
    model = MODELS.get(row["model"])
    if model:
        m = {"preset": model}
    elif row["model"] in INLINE:
        m = dict(INLINE[row["model"]])
    else:
        return None, "model without a preset"
    method = row["method"]
    nf4_base = None
    if method.startswith("llama-adapter"):
        # LitGPT's finetune_adapter / finetune_adapter_v2 with their Config defaults
        # (adapter_prompt_length 10, adapter_start_layer 2); "+nf4" is --quantize bnb.nf4[-dq].
        base, _, quant = method.partition("+")
        if quant:
            nf4_base = "nf4-dq" if "nf4-dq" in row["id"] else "nf4"
        method = "adapter_v2" if base == "llama-adapter-v2" else "adapter"
    if method not in ("full", "lora", "qlora", "adapter", "adapter_v2"):
        return None, f"method {method} is not one the planner states"
    runtime = RUNTIMES.get(row["framework"])
    if runtime is None:
        return None, f"framework {row['framework']} has no runtime preset"
    precision = PRECISIONS.get(row.get("precision") or "")
    if precision is None:
        return None, f"precision {row.get('precision')} not stated as the planner states it"
    t = {"method": method, "precision": precision, "micro_batch": row["micro_batch"]}
    if row.get("grad_accum") and row["grad_accum"] > 1 and not row.get("optimizer_in_backward"):
        t["gradient_accumulation"] = row["grad_accum"]
    if method in ("lora", "qlora"):
        lora = row.get("lora")
        if not lora:
            return None, "LoRA rank and targets not stated"
        targets = []
        for name in lora["targets"]:
            if name in ("output", "head"):
                assumptions.append("LoRA on the output head left out (not a planner target; rank x (H + V) parameters)")
                continue
            mapped = LORA_TARGETS[name]
            targets.extend(mapped if isinstance(mapped, tuple) else (mapped,))
        t["lora"] = {"rank": lora["rank"], "dropout": lora.get("dropout") or 0, "target_modules": targets}
    opt = row.get("optimizer")
    if opt is None:
        return None, "optimizer not stated"
    t["optimizer"] = OPTIMIZERS[opt]
    if row.get("checkpointing") is None:
        return None, "activation checkpointing not stated"
    t["checkpointing"] = row["checkpointing"]
    seq = row.get("sequence_length")
    if row.get("packing"):
        t["packing"] = True
        t["sequence_length"] = seq
    elif row["framework"] == "torchtune" and row["id"].startswith("torchtune-readme-may24"):
        # PR #961 reproduced the table by forcing every input to the stated length.
        t["packing"] = True
        t["sequence_length"] = seq
        assumptions.append(f"every sequence {seq} tokens (how the table held the length is not stated)")
    elif seq:
        t["sequence_length"] = seq
        if row["framework"] == "torchtune":
            assumptions.append(f"the peak batch reaches max_seq_len {seq} (alpaca-cleaned has longer samples)")
    elif row["framework"] not in ("torchtune", "litgpt"):
        return None, "sequence length not stated"
    else:
        # Alpaca padded to each batch's longest sample: LitGPT states 1,304 tokens with Llama 2's
        # tokenizer; Llama 3's larger vocabulary needs fewer, so this is an upper bound.
        t["sequence_length"] = 4096
        t["longest_sample"] = 1304
        assumptions.append("longest Alpaca sample 1,304 tokens (LitGPT's Llama 2 figure; an upper bound for Llama 3)")
    for key in ("compile", "chunked_loss", "optimizer_in_backward", "activation_offload"):
        v = row.get(key)
        if v is None:
            return None, f"{key} not stated"
        if v:
            t[key] = True
    attn = row.get("attention")
    if attn in ("eager", "sdpa", "flash_attention_2"):
        t["attention_implementation"] = attn
    gpus = row.get("gpus") or 1
    fsdp = row.get("fsdp")
    if fsdp and fsdp != "none":
        t["fsdp"] = fsdp if fsdp in ("hybrid_shard", "shard_grad_op", "no_shard") else "full_shard"
    zero = row.get("zero_stage")
    if zero:
        t["zero_stage"] = zero
        if runtime == "hf-trainer":
            runtime = "deepspeed"  # the Trainer hands the model to DeepSpeed's engine
    off = row.get("cpu_offload") or "none"
    if off != "none":
        t["offload_parameters"] = "params" in off
        t["offload_optimizer"] = "optimizer" in off
    s = {"schema": "memplan.scenario/1", "model": m,
         "hardware": {"preset": hardware_for(row.get("gpu")), "count": gpus},
         "runtime": {"preset": runtime}, "workload": {"mode": "training"}, "training": t}
    if method == "qlora" and runtime == "litgpt" and "nf4-dq" not in row["id"]:
        s["weights"] = {"format": "nf4"}
    if nf4_base:
        s["weights"] = {"format": nf4_base}
    return (s, assumptions), None


def measured_bytes(row):
    unit = row["unit"]
    return row["value"] * (2**30 if unit == "GiB" else 1e9)


def textbook(est, scenario):
    t = est["training"]
    shard = t.get("shard_degree", 1) if t.get("sharding") in ("zero3", "fsdp_full", "fsdp_hybrid") else 1
    states = t["model_state_bytes_total"] / max(1, shard)
    m = est["model"]
    arch = textbook_arch(scenario)
    L, h, a = arch
    tr = scenario["training"]
    s = tr.get("longest_sample") or tr["sequence_length"]
    s = min(s, tr["sequence_length"])
    b = tr["micro_batch"]
    if tr.get("checkpointing") == "full":
        act = 2 * s * b * h * L
    else:
        act = L * s * b * h * (34 + 5 * a * s / h)
    return states + act


_ARCH = {}


def textbook_arch(scenario):
    m = scenario["model"]
    if "preset" in m:
        if m["preset"] not in _ARCH:
            doc = json.load(open(os.path.join(ROOT, "presets", "models", m["preset"] + ".json")))
            c = doc.get("config", doc)
            _ARCH[m["preset"]] = (c["num_hidden_layers"], c["hidden_size"], c["num_attention_heads"])
        return _ARCH[m["preset"]]
    return (m["num_hidden_layers"], m["hidden_size"], m["num_attention_heads"])


def run(cli, scenario):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(scenario, f)
        path = f.name
    try:
        out = subprocess.run([cli, "estimate", path], capture_output=True, text=True)
        if out.returncode not in (0, 3):
            raise RuntimeError(out.stderr.strip())
        return json.loads(out.stdout)
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--split", default="modelling", choices=["modelling", "aside", "unseen", "unseen2", "all"])
    ap.add_argument("--data", action="append", help="rows to compare, repeatable (default: published-peaks.json)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--write-cases", metavar="FILE")
    args = ap.parse_args()
    rows = [row for path in (args.data or [DATA]) for row in json.load(open(path))["rows"]]
    results = []
    for row in rows:
        if args.split != "all" and row["split"] != args.split:
            continue
        made, why = scenario_for(row)
        if not made:
            results.append({"row": row, "skip": why})
            continue
        scenario, assumptions = made
        est = run(args.cli, scenario)
        g = est["training"]["gpu_memory"]
        figure = MEASURE[row["measure"]]
        planner = g[figure]
        meas = measured_bytes(row)
        tb = textbook(est, scenario)
        results.append({"row": row, "planner": planner, "measured": meas, "textbook": tb, "figure": figure,
                        "assumptions": assumptions, "gpu": g, "scenario": scenario})
    if args.write_cases:
        write_cases(results, args.write_cases)
    report(results, args.markdown)


def write_cases(results, path):
    """The stated rows as test cases: scenario, the figure to compare, measured and textbook bytes."""
    cases = []
    for r in results:
        row = r["row"]
        case = {"id": row["id"], "split": row["split"], "source": row["source"], "measure": row["measure"]}
        if "skip" in r:
            case["not_stated"] = r["skip"]
        else:
            case.update({"figure": r["figure"], "measured_bytes": round(r["measured"]),
                         "textbook_bytes": round(r["textbook"]), "assumptions": r["assumptions"],
                         "scenario": r["scenario"]})
        cases.append(case)
    doc = {"schema": "memplan.training-published/1",
           "notes": "Written by tools/training-accuracy/evaluate.py --split all --data published-peaks.json "
                    "--data published-peaks-unseen.json --write-cases from those files (sources, quotes and setups "
                    "there; the unseen rows were collected after the model was written and run once). figure: the estimate's "
                    "training.gpu_memory key the framework's printed number is compared with. textbook_bytes: "
                    "model states (sharded under ZeRO-3/FSDP) + Korthikanti et al.'s activations.",
           "cases": cases}
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


def markdown_tables(results):
    """One table per split, then the summary lines, for docs/accuracy.md."""
    for split in ("modelling", "aside", "unseen", "unseen2"):
        rows = [r for r in results if r["row"]["split"] == split]
        if not rows:
            continue
        print(f"\n**{split}** ({len(rows)} rows)\n")
        print("| run | printed figure | measured | planner | textbook sum |")
        print("|---|---|---|---|---|")
        for r in rows:
            row = r["row"]
            name = f"[{row['id']}]({row['source']})"
            if "skip" in r:
                print(f"| {name} | – | {row['value']} {row['unit']} | not stated: {r['skip']} | – |")
                continue
            mark = " †" if r["assumptions"] else ""
            e = r["planner"] / r["measured"] - 1
            t = r["textbook"] / r["measured"] - 1
            print(f"| {name}{mark} | {r['figure'].replace('_bytes', '')} | {r['measured'] / 2**30:.2f} GiB | "
                  f"{r['planner'] / 2**30:.2f} ({e:+.0%}) | {r['textbook'] / 2**30:.2f} ({t:+.0%}) |")
        done = [r for r in rows if "skip" not in r]
        pe = [abs(r["planner"] / r["measured"] - 1) for r in done]
        te = [abs(r["textbook"] / r["measured"] - 1) for r in done]
        print(f"\n{split}: {len(done)} rows stated; within 15 %: planner {sum(e <= 0.15 for e in pe)}, "
              f"textbook {sum(e <= 0.15 for e in te)}; median error: planner {statistics.median(pe):.1%}, "
              f"textbook {statistics.median(te):.1%}")


def report(results, markdown):
    if markdown:
        markdown_tables(results)
        return
    done = [r for r in results if "skip" not in r]
    for r in results:
        row = r["row"]
        if "skip" in r:
            print(f"{row['split'][:5]} {row['id'][:52]:52}  not stated: {r['skip']}")
            continue
        e = r["planner"] / r["measured"] - 1
        tbe = r["textbook"] / r["measured"] - 1
        print(f"{row['split'][:5]} {row['id'][:52]:52} {r['figure'][:8]:8} meas {r['measured']/2**30:6.2f} GiB "
              f"plan {r['planner']/2**30:6.2f} ({e:+6.1%})  textbook {r['textbook']/2**30:6.2f} ({tbe:+6.1%})")
    if done:
        pe = [abs(r["planner"] / r["measured"] - 1) for r in done]
        te = [abs(r["textbook"] / r["measured"] - 1) for r in done]
        print(f"\n{len(done)} rows stated, {len(results) - len(done)} not stateable")
        print(f"planner : within 15 % {sum(e <= 0.15 for e in pe)}/{len(pe)}  median |error| {statistics.median(pe):.1%}")
        print(f"textbook: within 15 % {sum(e <= 0.15 for e in te)}/{len(te)}  median |error| {statistics.median(te):.1%}")


if __name__ == "__main__":
    main()
