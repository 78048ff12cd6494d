#!/usr/bin/env python3
"""Run the measurement matrix and write one case file per run into tests/data/runtime-logs/.

Each run: make_gguf.py writes the weight-less model (once per model and type), `measure`
(measure.cpp, built against the llama.cpp that node-llama-cpp ships) creates one context
on the CPU, and the log lines that size memory are kept as the case's excerpt, with the
printed MiB figures turned into bytes. Every third run in the list (index % 3 == 2) is
marked held_out: the list was fixed before any modelling, so those runs were never
looked at while the planner was changed (docs/accuracy.md reports them apart).

Usage: run_matrix.py [--only SUBSTRING | --from INDEX]   (environment: see README.md)
Python 3 standard library only.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(REPO, "tests", "data", "runtime-logs")
WORK = os.environ.get("MEASURE_WORK", "/work/wt/_npm/out")
MEASURE = os.environ.get("MEASURE_BIN", os.path.join(WORK, "measure"))
QUANTIZE = os.environ.get("QUANTIZE_BIN", os.path.join(WORK, "quantize"))
# K-quant mixes and Q4_0 are made the way a real file is: the weight-less F16/BF16 file quantized
# by llama.cpp's own quantizer (quantize.cpp), so every tensor gets llama-quantize's type and the
# file its order (sorted by layer, then name; convert_hf_to_gguf.py cannot write Q4_0). The Q4_0
# runs were first made by make_gguf.py in the converter's order and measured again this way.
MIXES = {"q4_k_m": 15, "q5_k_m": 17, "q4_k_s": 14, "q4_0": 2}
BACKENDS = os.environ["LLAMA_BACKEND_DIR"]
NLC_VERSION = os.environ.get("NLC_VERSION", "3.22.1")
LLAMA_BUILD = os.environ.get("LLAMA_BUILD", "v0.5.0 (commit 0ad4a86)")

# (model, weights, settings). Settings use measure's keys; defaults are in measure.cpp.
# Fixed before any modelling; do not reorder (the held-out mark follows the position).
RUNS = [
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="off")),
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on", mmap=0)),
    ("llama-3.2-1b", "q8_0", dict(ctx=8192, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("llama-3.2-1b", "f16", dict(ctx=2048, batch=2048, ubatch=2048, seqs=1, fa="on")),
    ("llama-3.2-1b", "bf16", dict(ctx=512, batch=512, ubatch=256, seqs=1, fa="off")),
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=4, fa="on", outputs=4)),
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=3, fa="on", unified=0, outputs=3)),
    ("llama-3.2-1b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=3, fa="on", unified=1, outputs=3)),
    ("llama-3.2-1b", "q8_0", dict(ctx=16384, batch=4096, ubatch=4096, seqs=1, fa="on", ctk="q8_0", ctv="q8_0")),
    ("llama-3.2-1b", "q4_0", dict(ctx=32768, batch=2048, ubatch=1024, seqs=2, fa="on", ctk="q4_0", ctv="q4_0", unified=1)),
    ("llama-3.2-1b", "q8_0", dict(ctx=8192, batch=1024, ubatch=1024, seqs=2, fa="off", ctk="f16", ctv="f16", unified=0)),
    ("qwen2.5-0.5b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("qwen2.5-0.5b", "f16", dict(ctx=8192, batch=2048, ubatch=512, seqs=1, fa="off")),
    ("qwen2.5-0.5b", "q8_0", dict(ctx=32768, batch=2048, ubatch=2048, seqs=4, fa="on", ctk="q8_0", ctv="q8_0", outputs=4)),
    ("qwen2.5-0.5b", "bf16", dict(ctx=4096, batch=4096, ubatch=4096, seqs=1, fa="on")),
    ("qwen2.5-0.5b", "q4_0", dict(ctx=1024, batch=1024, ubatch=256, seqs=2, fa="off", unified=0, mmap=0)),
    ("qwen2.5-0.5b", "q8_0", dict(ctx=16384, batch=2048, ubatch=512, seqs=1, fa="on", ctk="q4_0", ctv="q4_0")),
    ("qwen3-0.6b", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("qwen3-0.6b", "q8_0", dict(ctx=8192, batch=2048, ubatch=1024, seqs=1, fa="off", mmap=0)),
    ("qwen3-0.6b", "f16", dict(ctx=4096, batch=2048, ubatch=512, seqs=2, fa="on", unified=1, outputs=2)),
    ("qwen3-0.6b", "bf16", dict(ctx=2048, batch=2048, ubatch=512, seqs=1, fa="on", ctk="q8_0", ctv="q8_0")),
    ("qwen3-0.6b", "q4_0", dict(ctx=10000, batch=2048, ubatch=512, seqs=3, fa="on", unified=0, outputs=3)),
    ("qwen3-0.6b", "q8_0", dict(ctx=32768, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("granite-3.1-1b-a400m", "q4_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("granite-3.1-1b-a400m", "q8_0", dict(ctx=8192, batch=2048, ubatch=1024, seqs=1, fa="off")),
    ("granite-3.1-1b-a400m", "f16", dict(ctx=4096, batch=2048, ubatch=512, seqs=4, fa="on", outputs=4)),
    ("granite-3.1-1b-a400m", "q4_0", dict(ctx=16384, batch=4096, ubatch=4096, seqs=1, fa="on", ctv="q8_0", mmap=0)),
    ("granite-3.1-1b-a400m", "bf16", dict(ctx=2048, batch=2048, ubatch=256, seqs=2, fa="off", unified=0)),
    ("granite-3.1-1b-a400m", "q4_0", dict(ctx=32768, batch=2048, ubatch=512, seqs=1, fa="on", ctv="q4_0")),
    # Added with the per-tensor K-quant mixes (core/model/ggufmix.h); appended so that the held-out
    # mark of the runs above stays where it was.
    ("llama-3.2-1b", "q4_k_m", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    ("llama-3.2-1b", "q4_k_m", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on", mmap=0)),
    ("qwen2.5-0.5b", "q4_k_m", dict(ctx=2048, batch=2048, ubatch=512, seqs=2, fa="off", unified=0)),
    ("granite-3.1-1b-a400m", "q4_k_m", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="on")),
    # Added with `reconcile --run` (issue 27): without flash attention and with one logit row per
    # slot (llama-server's n_outputs_max), the attention stage is the largest, where the runs above
    # mostly had the logits. Fixed before modelling; the first, third and fourth were seen first
    # (the load-only runs showed the gap), so the held-out mark falls on the others.
    ("llama-3.2-1b", "q8_0", dict(ctx=2048, batch=512, ubatch=512, seqs=1, fa="off", outputs=1, unified=1)),
    ("llama-3.2-1b", "q8_0", dict(ctx=4096, batch=1024, ubatch=1024, seqs=1, fa="off", outputs=1, unified=1)),
    ("qwen3-0.6b", "q8_0", dict(ctx=2048, batch=512, ubatch=512, seqs=1, fa="off", outputs=1, unified=1)),
    ("qwen2.5-0.5b", "q8_0", dict(ctx=2048, batch=512, ubatch=512, seqs=1, fa="off", outputs=1, unified=1)),
    ("llama-3.2-1b", "q4_0", dict(ctx=8192, batch=2048, ubatch=256, seqs=2, fa="off", outputs=2, unified=1)),
    ("qwen3-0.6b", "q4_0", dict(ctx=4096, batch=2048, ubatch=1024, seqs=1, fa="off", outputs=1, unified=1)),
    ("granite-3.1-1b-a400m", "q8_0", dict(ctx=4096, batch=2048, ubatch=512, seqs=1, fa="off", outputs=1, unified=1)),
    ("qwen2.5-0.5b", "f16", dict(ctx=16384, batch=2048, ubatch=512, seqs=4, fa="off", outputs=4, unified=0)),
    ("llama-3.2-1b", "f16", dict(ctx=1024, batch=512, ubatch=128, seqs=1, fa="off", outputs=1, unified=1)),
    ("qwen3-0.6b", "q8_0", dict(ctx=8192, batch=2048, ubatch=512, seqs=2, fa="off", outputs=2, unified=0)),
    ("granite-3.1-1b-a400m", "q4_0", dict(ctx=2048, batch=2048, ubatch=2048, seqs=1, fa="off", outputs=1, unified=1)),
    ("qwen2.5-0.5b", "q8_0", dict(ctx=4096, batch=2048, ubatch=256, seqs=1, fa="off", outputs=1, unified=1)),
]
# The two granite runs above first asked for a quantized K cache too: llama.cpp v0.5.0 aborts in
# ggml_backend_sched_split_graph when it builds granitemoe's graph with a quantized (rotated) K
# cache, so they keep K in f16 and quantize V only.

KEEP = re.compile(r"(load_tensors: .*buffer size|CPU_REPACK|model buffer size|n_seq_max|n_ctx |n_ctx_seq |n_batch |"
                  r"n_ubatch |flash_attn |kv_unified |n_outputs_max|output buffer size|KV buffer size|RS buffer size|"
                  r"llama_kv_cache: size|compute buffer size =|Flash Attention (enabled|disabled|was)|loaded CPU backend|"
                  r"load_mode|file size|dummy tokens)")


def mib(x):
    return round(float(x) * 1048576)


def parse(log):
    m = {"model_buffer_bytes": {}, "kv_buffer_bytes": {}, "compute_buffer_bytes": {}, "output_buffer_bytes": {}}
    for line in log.splitlines():
        if r := re.search(r"(\S+) model buffer size = +([\d.]+) MiB", line):
            m["model_buffer_bytes"][r[1]] = mib(r[2])
        elif r := re.search(r"(\S+) KV buffer size = +([\d.]+) MiB", line):
            m["kv_buffer_bytes"][r[1]] = m["kv_buffer_bytes"].get(r[1], 0) + mib(r[2])
        elif r := re.search(r"(\S+) RS buffer size = +([\d.]+) MiB", line):
            m.setdefault("rs_buffer_bytes", {})[r[1]] = mib(r[2])
        elif r := re.search(r"(\S+) compute buffer size = +([\d.]+) MiB", line):
            m["compute_buffer_bytes"][r[1]] = mib(r[2])
        elif r := re.search(r"(\S+) +output buffer size = +([\d.]+) MiB", line):
            m["output_buffer_bytes"][r[1]] = mib(r[2])
        elif r := re.search(r"llama_kv_cache: size = .*\( *(\d+) cells", line):
            m["kv_cells"] = m.get("kv_cells", 0) + int(r[1])
    return m


def cpu_info():
    name, flags = "", []
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name") and not name:
                name = line.split(":", 1)[1].strip()
            if line.startswith("flags") and not flags:
                flags = line.split(":", 1)[1].split()
    want = ["avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "avx_vnni",
            "amx_tile", "amx_int8", "amx_bf16"]
    return name, [f for f in want if f in flags]


def case_id(model, wt, s):
    parts = ["llamacpp-cpu", model, wt, "ctx%d" % s["ctx"], "ub%d" % s["ubatch"], "np%d" % s["seqs"],
             "fa-" + s["fa"]]
    if s.get("ctk", "f16") != "f16" or s.get("ctv", "f16") != "f16":
        k, v = s.get("ctk", "f16"), s.get("ctv", "f16")
        parts.append("kv-" + k if k == v else "k-%s-v-%s" % (k, v))
    if s["seqs"] > 1:
        parts.append("unified" if s.get("unified", 0) else "split")
    if s.get("outputs", 0):
        parts.append("out%d" % s["outputs"])
    if not s.get("mmap", 1):
        parts.append("no-mmap")
    return "-".join(parts)


def main():
    only = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--only" else None
    first = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[1] == "--from" else 0
    cpu, flags = cpu_info()
    for i, (model, wt, s) in enumerate(RUNS):
        cid = case_id(model, wt, s)
        if (only and only not in cid) or i < first:
            continue
        gguf = os.path.join(WORK, "%s-%s.gguf" % (model, wt))
        if not os.path.exists(gguf) and wt in MIXES:
            src = os.path.join(WORK, "%s-f16.gguf" % model)
            if not os.path.exists(src):
                subprocess.run([sys.executable, os.path.join(HERE, "make_gguf.py"), model, "f16", src], check=True)
            subprocess.run([QUANTIZE, src, gguf, str(MIXES[wt])], check=True, capture_output=True,
                           env=dict(os.environ, LLAMA_BACKEND_DIR=BACKENDS))
        elif not os.path.exists(gguf):
            subprocess.run([sys.executable, os.path.join(HERE, "make_gguf.py"), model, wt, gguf], check=True)
        args = [MEASURE, gguf] + ["%s=%s" % kv for kv in s.items()]
        # /usr/bin/time -v reports the peak resident set; its lines go to stderr.
        r = subprocess.run(["/usr/bin/time", "-v"] + args, capture_output=True, text=True,
                           env=dict(os.environ, LLAMA_BACKEND_DIR=BACKENDS))
        if r.returncode != 0:
            print("FAILED", cid, r.stdout[-2000:], r.stderr[-2000:])
            continue
        excerpt = "\n".join(l for l in r.stdout.splitlines() if KEEP.search(l) and "llama_model_loader: -" not in l)
        measured = parse(r.stdout)
        measured["gguf_file_bytes"] = os.path.getsize(gguf)
        if rss := re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr):
            measured["max_rss_bytes"] = int(rss[1]) * 1024
        fa_printed = re.search(r"Flash Attention (enabled|disabled)", r.stdout)
        settings = {"ctx_size": s["ctx"], "batch_size": s["batch"], "ubatch_size": s["ubatch"], "parallel": s["seqs"],
                    "flash_attn": {"on": True, "off": False}.get(s["fa"], "auto"),
                    "cache_type_k": s.get("ctk", "f16"), "cache_type_v": s.get("ctv", "f16"), "n_gpu_layers": 0,
                    "mmap": bool(s.get("mmap", 1)), "kv_unified": bool(s.get("unified", 0)),
                    "n_outputs_max": s.get("outputs", 0),
                    # measure is a library user (as node-llama-cpp): n_outputs_max 0 means n_batch.
                    "program": "library", "cpu_features": "avx512" if "avx512f" in flags else "avx2"}
        doc = {
            "id": cid,
            "runtime": "llama.cpp",
            "runtime_version": LLAMA_BUILD,
            "source": "https://www.npmjs.com/package/node-llama-cpp/v/%s (its linux-x64 llama.cpp %s libraries); "
                      "made with: python3 tools/llamacpp-measure/run_matrix.py --only %s (measure %s)"
                      % (NLC_VERSION, LLAMA_BUILD, cid, " ".join(args[2:])),
            "model": model,
            "weights_format": wt,
            "hardware": "%s, CPU only; CPU flags: %s" % (cpu, " ".join(flags)),
            "settings": settings,
            "held_out": i % 3 == 2,
            "log_excerpt": excerpt,
            "measured": measured,
            "note": ("Quantized from the weight-less F16 file with llama.cpp's own quantizer "
                     "(tools/llamacpp-measure/quantize.cpp, llama_model_quantize), so every tensor has the type "
                     "llama-quantize gives it. " if wt in MIXES else "") + "Weight-less GGUF from tools/llamacpp-measure/make_gguf.py (real shapes, llama-quantize's default %s "
                    "recipe: weight matrices %s, the output head / tied embeddings Q6_K in a Q4_0 file (Q8_0 when the "
                    "hidden size is not a multiple of 256), norms/biases/routers F32; tied embeddings as in the "
                    "checkpoint). Context "
                    "created, nothing evaluated. gguf_file_bytes is the file's length; max_rss_bytes the process's "
                    "peak resident set (/usr/bin/time -v): a mapped file is read in whole (MAP_POPULATE), an "
                    "untouched compute buffer is not resident. MiB printed with 2 decimals: bytes = round(MiB*1048576), +/-5243 "
                    "bytes. n_outputs_max 0 means n_batch (llama-cli, node-llama-cpp); llama-server passes its "
                    "number of slots." % (wt.upper(), wt.upper()) +
                    (" Flash attention auto resolved to %s." % fa_printed[1] if s["fa"] == "auto" and fa_printed else ""),
        }
        with open(os.path.join(OUT, cid + ".json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("ok", cid, json.dumps(measured))


if __name__ == "__main__":
    main()
