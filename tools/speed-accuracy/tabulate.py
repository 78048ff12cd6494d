#!/usr/bin/env python3
"""Tabulate tests/data/speed/cases.json against the planner for docs/accuracy.md ("Speed").

Runs `memplan-cli estimate` on every case's scenario and prints two markdown tables: the summary
per split and group, and every case. The figures are the ones tst_speed checks (it asserts the
bound rule and prints the same summary); this script only formats them.

    tools/speed-accuracy/tabulate.py build/app/memplan-cli > /tmp/speed-tables.md
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNTIME = {"llama.cpp": "llama.cpp", "vllm": "vLLM", "mlx": "MLX", "ollama": "Ollama", "sglang": "SGLang"}
BACKEND = {"cuda": "CUDA", "rocm": "ROCm", "metal": "Metal", "vulkan": "Vulkan", "sycl": "SYCL", "cpu": "CPU",
           "mlx": "", "link": "link"}
GROUPS = ["GPU", "Apple", "CPU-only", "partial offload"]


def fmt(x):
    if x >= 1000:
        digits = len(str(int(x)))
        return f"{int(round(x, -(digits - 4))):,}"
    return f"{x:.3g}"


def hardware_preset(pid):
    path = os.path.join(ROOT, "presets", "hardware", pid + ".json")
    return json.load(open(path)) if pid and os.path.exists(path) else {}


def group(scenario, speed):
    """tests/core/speedevidence.h speedGroup: the scenario's machine, and whether its speed reads
    anything from host RAM or over the host link beside a discrete GPU."""
    hw = scenario.get("hardware", {})
    preset = hardware_preset(hw.get("preset", ""))
    if hw.get("preset") == "cpu" or hw.get("kind") == "cpu" or preset.get("kind") in ("cpu", "cpu_platform"):
        return "CPU-only"
    discrete = (hw.get("kind") or preset.get("kind", "discrete_gpu")) == "discrete_gpu"
    if discrete and any(not p["device"] for p in speed["pools"]):
        return "partial offload"
    if preset.get("vendor") == "Apple":
        return "Apple"
    return "GPU"


def source_label(url):
    if "github.com/" in url:
        return "/".join(url.split("github.com/")[1].split("/")[:4])
    return url.split("//")[-1][:60]


def main():
    cli = sys.argv[1]
    cases = json.load(open(os.path.join(ROOT, "tests", "data", "speed", "cases.json")))["cases"]
    rows, stats, ratios = [], {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for c in cases:
            path = os.path.join(tmp, "s.json")
            json.dump(c["scenario"], open(path, "w"))
            p = subprocess.run([cli, "--presets", os.path.join(ROOT, "presets"), "estimate", path],
                               capture_output=True, text=True)
            speed = json.loads(p.stdout)["speed"]
            fig = speed["prefill_tokens_per_s" if c["phase"] == "prefill" else "decode_tokens_per_s_per_sequence"]
            split = c.get("split", "modelling")
            g = group(c["scenario"], speed)
            m = c["measured_tokens_per_s"]
            inside = fig["low"] <= m <= fig["high"]
            if not c.get("excluded"):
                for key in ((split, g), (split, "all groups")):
                    s = stats.setdefault(key, {"n": 0, "under": 0, "inside": 0, "err": []})
                    s["n"] += 1
                    s["under"] += fig["bound"] < m
                    s["inside"] += inside
                    s["err"].append(abs(m - fig["expected"]) / m)
            hw = c.get("hardware_type", "")
            count = c["scenario"].get("hardware", {}).get("count", 1)
            if count > 1:
                hw += f" × {count}"
            model = c["scenario"]["model"].get("preset", c["scenario"]["model"].get("name", "inline"))
            fmt_id = c["scenario"].get("weights", {}).get("format", "shipped")
            backend = BACKEND.get(speed["pools"][0]["backend"], speed["pools"][0]["backend"]) if speed["pools"] else ""
            runtime = (RUNTIME.get(c["runtime"], c["runtime"]) + " " + backend).strip()
            if split == "modelling" and not c.get("excluded"):
                label = runtime + (" + host RAM" if any(p["path"] == "host_ram" for p in speed["pools"][1:]) else "")
                ratios.setdefault((label, c["phase"]), []).append(m / fig["expected"])
            fit = "excluded" if c.get("excluded") else ("yes" if inside else "no")
            rows.append(f"| {split} | {g} | {hw} | {model} {fmt_id} | {runtime} | {c['test']} | {fmt(m)} | "
                        f"{fmt(fig['bound'])} | {fmt(fig['expected'])} ({fmt(fig['low'])}–{fmt(fig['high'])}) | {fit} | "
                        f"[{source_label(c['source'])}]({c['source']}) |")
    print("| split | group | cases | bounds below measured | inside expected range | median error |")
    print("|---|---|---:|---:|---:|---:|")
    for split in ("modelling", "aside"):
        for g in GROUPS + ["all groups"]:
            s = stats.get((split, g))
            if s:
                print(f"| {split} | {g} | {s['n']} | {s['under']} | {100 * s['inside'] / s['n']:.0f} % | "
                      f"{100 * statistics.median(s['err']):.1f} % |")
    print()
    print("| split | group | hardware | model, format | runtime | test | measured t/s | bound | expected (range) | "
          "in range | source |")
    print("|---|---|---|---|---|---|---:|---:|---|---|---|")
    print("\n".join(rows))
    print()
    print("| runtime and backend | phase | modelling cases | median measured ÷ expected |")
    print("|---|---|---:|---:|")
    for (label, phase), r in sorted(ratios.items()):
        print(f"| {label} | {phase} | {len(r)} | {statistics.median(r):.2f} |")


if __name__ == "__main__":
    main()
