#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures one training step of decoder.Decoder for every setting of a fixed
grid and writes tests/data/training/saved-activations.json.

Per setting: parameter, trainable-parameter, gradient and AdamW-state bytes,
and the bytes autograd saves for backward during the forward pass, seen
through torch.autograd.graph.saved_tensors_hooks. Saved tensors that share
storage (views, the same tensor saved by two ops) are counted once, by
storage; tensors whose storage is a parameter's are weights, not activations,
and are left out. Bytes are split by the part of the model that saved them
(decoder.CURRENT_PART): layer, checkpoint (a checkpointed layer's inputs),
embedding, head (final norm, output head, loss).

The grid is drawn once from a fixed seed; every third row (index % 3 == 2) is
held out: those rows were set aside before the activation model was written
and its error on them is reported on its own.

    nice -n 10 python3 tools/training-measure/measure.py [--out PATH] [--limit N]
"""

import argparse
import json
import os
import random
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import decoder  # noqa: E402

TARGETS = {"qv": ["q", "v"], "all": ["q", "k", "v", "o", "gate", "up", "down"]}

# (hidden, heads, kv_heads, ffn): shapes of real models scaled down (head_dim 16 or 32;
# MHA, GQA 2:1 and 4:1; SwiGLU widths 8/3 h and 3.5 h rounded as configs do).
SHAPES = [(64, 4, 4, 176), (64, 4, 2, 176), (128, 8, 2, 352), (96, 3, 1, 336), (128, 4, 4, 448)]
# The unseen set: shapes, sequence lengths and ranks the grid never had, drawn and measured
# only after the activation model was written.
UNSEEN_SHAPES = [(160, 5, 5, 432), (256, 8, 4, 688), (192, 6, 1, 512), (128, 2, 2, 384)]

TRACE = False


def grid(n, seed=29, prefix="r", shapes=SHAPES, seqs=(16, 32, 64), ranks=(0, 0, 4, 8), unseen=False):
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        hidden, heads, kv, ffn = rng.choice(shapes)
        rank = rng.choice(ranks)
        rows.append({
            "id": "%s%03d" % (prefix, i),
            "split": "unseen" if unseen else ("holdout" if i % 3 == 2 else "fit"),
            "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn": ffn,
            "layers": rng.choice([1, 2, 3]),
            "vocab": rng.choice([256, 512, 1000]),
            "tied": rng.choice([False, True]),
            "batch": rng.choice([1, 2, 3]),
            "seq": rng.choice(seqs),
            "dtype": rng.choice(["fp32", "bf16"]),
            "attention": rng.choice(["eager", "sdpa", "flash"]),
            "checkpointing": rng.choice(["none", "full"]),
            "dropout": rng.choice([False, True]),
            "lora_rank": rank,
            "lora_targets_id": rng.choice(["qv", "all"]) if rank else "",
        })
    return rows


def storage_key(t):
    s = t.storage()
    return s.data_ptr(), s.nbytes()


def measure(row):
    torch.manual_seed(0)
    cfg = dict(row)
    cfg["lora_targets"] = TARGETS.get(row["lora_targets_id"], [])
    cfg["attention_dropout"] = 0.1 if row["dropout"] else 0.0
    cfg["lora_dropout"] = 0.1 if row["dropout"] else 0.0
    model = decoder.Decoder(cfg)
    model.train()
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(trainable, lr=1e-4)
    param_storages = {storage_key(p)[0] for p in model.parameters()}

    seen = {}
    recording = [True]

    def pack(t):
        if recording[0]:
            ptr, nbytes = storage_key(t)
            if ptr not in param_storages and ptr not in seen:
                seen[ptr] = (nbytes, decoder.CURRENT_PART[0], str(t.dtype).replace("torch.", ""))
                if TRACE:
                    import traceback
                    where = [f for f in traceback.extract_stack() if f.filename.endswith("decoder.py")]
                    line = where[-1].line if where else ""
                    print("  %-10s %-9s %-22s %8d  %s" % (decoder.CURRENT_PART[0], t.dtype, tuple(t.shape), nbytes, line))
        return t

    ids = torch.randint(0, row["vocab"], (row["batch"], row["seq"]))
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = model(ids, ids)
        recording[0] = False
        loss.backward()
    opt.step()

    parts = {}
    by_dtype = {}
    for nbytes, part, dtype in seen.values():
        parts[part] = parts.get(part, 0) + nbytes
        by_dtype[dtype] = by_dtype.get(dtype, 0) + nbytes
    params = list({id(p): p for p in model.parameters()}.values())
    out = dict(row)
    out["measured"] = {
        "parameters": sum(p.numel() for p in params),
        "parameter_bytes": sum(p.numel() * p.element_size() for p in params),
        "trainable_parameters": sum(p.numel() for p in trainable),
        "trainable_tensors": len(trainable),
        "gradient_bytes": sum(p.grad.numel() * p.grad.element_size() for p in trainable if p.grad is not None),
        "optimizer_state_bytes": sum(v.numel() * v.element_size() for st in opt.state.values()
                                     for v in st.values() if torch.is_tensor(v)),
        "saved_bytes": sum(parts.values()),
        "saved_bytes_by_part": dict(sorted(parts.items())),
        "saved_bytes_by_dtype": dict(sorted(by_dtype.items())),
    }
    return out


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "../../tests/data/training/saved-activations.json"))
    ap.add_argument("--rows", type=int, default=240)
    ap.add_argument("--unseen", type=int, default=120)
    ap.add_argument("--only", help="measure one row id and print it")
    args = ap.parse_args()
    torch.set_num_threads(1)
    rows = grid(args.rows) + grid(args.unseen, seed=2929, prefix="u", shapes=UNSEEN_SHAPES, seqs=(24, 48, 96),
                                  ranks=(0, 2, 16), unseen=True)
    if args.only:
        global TRACE
        TRACE = True
        for r in rows:
            if r["id"] == args.only:
                print(json.dumps(measure(r), indent=1))
        return
    results = [measure(r) for r in rows]
    doc = {
        "schema": "memplan.training-saved-activations/1",
        "how": "tools/training-measure/measure.py (see its README): one forward/backward/AdamW step of a "
               "Llama-style decoder per row on the CPU, torch " + torch.__version__ + " (Debian python3-torch); "
               "saved bytes from torch.autograd.graph.saved_tensors_hooks, deduplicated by storage, parameters "
               "excluded. split: holdout rows (index % 3 == 2) were set aside before modelling; unseen rows (other "
               "shapes, lengths and ranks) were drawn and measured only after the model was written.",
        "rows": results,
    }
    with open(args.out, "w") as f:
        # One row per line: small diffs when the grid grows.
        head = json.dumps({k: v for k, v in doc.items() if k != "rows"}, indent=1)[:-2]
        f.write(head + ',\n "rows": [\n')
        f.write(",\n".join("  " + json.dumps(r, separators=(",", ":")) for r in results))
        f.write("\n ]\n}\n")
    print("wrote %d rows to %s" % (len(results), os.path.normpath(args.out)))


if __name__ == "__main__":
    main()
