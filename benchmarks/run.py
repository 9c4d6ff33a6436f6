"""Benchmark autograd_nb against a hand-written NumPy floor and (when available) PyTorch.

Every (workload, implementation, repetition) runs in its own single-threaded process, and
repetitions are interleaved (numpy 1, autograd_nb 1, torch 1, numpy 2, ...) so drifting machine
load hits every column alike. The table shows medians over repetitions; a ratio is the median
over repetitions of that repetition's time divided by the floor's time in the same repetition
(processes that ran back to back), with the range of those per-repetition ratios beside it: on
a shared machine whole processes run up to ~25% slower or faster, and pairing cancels the drift.

    python benchmarks/run.py [--reps 5] [--torch-python /path/to/python] [--million]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKLOADS = ("mlp", "big_pointwise", "small_ops", "deep_chain", "conv2d", "mlp_nn")
THREAD_VARS = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
)
# (row label, workload, result key, unit)
ROWS = (
    ("(1) MLP 784-256-256-10 train step, batch 128", "mlp", "value", "ms"),
    ("(2) ((x*w+b).tanh()*x).sum() fwd+bwd, 1e6 f32", "big_pointwise", "value", "ms"),
    ("(3) 200-op chain on 1-element tensors", "small_ops", "value", "us/op"),
    ("(4) x = x + 1 x100,000, fwd+bwd", "deep_chain", "value", "ms"),
    ("(4) peak RSS growth", "deep_chain", "rss_mb", "MB"),
    ("(4) tracemalloc peak", "deep_chain", "tracemalloc_mb", "MB"),
    ("(5) Conv2d 3x3 32->32, 28x28, batch 64, fwd+bwd", "conv2d", "value", "ms"),
    ("(6) MLP step, nn.Linear + CrossEntropyLoss + SGD(momentum)", "mlp_nn", "value", "ms"),
    ("(1e6) x = x + 1 x1,000,000, fwd+bwd", "deep_chain:run_million", "value", "s"),
    ("(1e6) peak RSS growth", "deep_chain:run_million", "rss_mb", "MB"),
)
TARGETS = {"mlp": 1.15, "big_pointwise": 1.4, "small_ops": 6.5, "conv2d": 1.3, "mlp_nn": 1.2}


def child_env() -> dict:
    """One thread everywhere; the repository root importable (after any PYTHONPATH given)."""
    env = dict(os.environ)
    for var in THREAD_VARS:
        env[var] = "1"
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([*paths, str(ROOT)])
    return env


def torch_interpreter(option: str | None) -> str | None:
    """The interpreter for the torch column: --torch-python, else this one if it has torch."""
    if option:
        return option
    probe = subprocess.run(
        [sys.executable, "-c", "import torch"], capture_output=True, env=child_env()
    )
    return sys.executable if probe.returncode == 0 else None


def run_one(python: str, workload: str, impl: str, quick: bool) -> dict | None:
    """One repetition in a fresh process; None (with the error shown) if it failed."""
    cmd = [python, str(HERE / "_worker.py"), workload, impl] + (["--quick"] if quick else [])
    proc = subprocess.run(cmd, capture_output=True, text=True, env=child_env(), cwd=HERE)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        print(f"  ! {workload} / {impl} failed: {last}", file=sys.stderr)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def collect(workloads: list, impls: dict, reps: int, quick: bool) -> dict:
    """{(workload, impl): [result, ...]}, repetitions interleaved across implementations."""
    results: dict = {}
    for workload in workloads:
        failed: set = set()
        for rep in range(reps):
            for impl, python in impls.items():
                if impl in failed:
                    continue
                print(f"  {workload:<24} {impl:<12} rep {rep + 1}/{reps}", file=sys.stderr)
                result = run_one(python, workload, impl, quick)
                if result is None:
                    failed.add(impl)  # a missing op fails every repetition alike
                    continue
                results.setdefault((workload, impl), []).append({**result, "rep": rep})
    return results


def median_of(results: dict, workload: str, impl: str, key: str):
    values = [r[key] for r in results.get((workload, impl), []) if key in r]
    return statistics.median(values) if values else None


def fmt(value, unit: str) -> str:
    if value is None:
        return "—"
    digits = 3 if abs(value) < 10 else 1 if abs(value) < 1000 else 0
    return f"{value:.{digits}f} {unit}"


def paired_ratios(
    results: dict, workload: str, impl: str, key: str = "value", base: str = "numpy"
) -> list:
    """impl's result over base's, for each repetition in which both ran."""
    bases = {r["rep"]: r[key] for r in results.get((workload, base), []) if r.get(key)}
    return [
        r[key] / bases[r["rep"]]
        for r in results.get((workload, impl), [])
        if key in r and r["rep"] in bases
    ]


def ratio(results: dict, workload: str, impl: str, key: str) -> str:
    ratios = paired_ratios(results, workload, impl, key)
    if not ratios:
        return "—"
    return (
        f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
        if len(ratios) > 1
        else f"{ratios[0]:.2f}×"
    )


def table(results: dict, with_torch: bool) -> str:
    head = "| workload | numpy floor | autograd_nb | ratio |"
    rule = "|---|---:|---:|---:|"
    if with_torch:
        head += " torch | ratio |"
        rule += "---:|---:|"
    lines = [head, rule]
    for label, workload, key, unit in ROWS:
        if not any(w == workload for w, _ in results):
            continue
        floor = median_of(results, workload, "numpy", key)
        ours = median_of(results, workload, "autograd_nb", key)
        if unit == "MB":  # the floor keeps no graph: a ratio to ~0 MB says nothing
            floor = None
        ours_ratio = ratio(results, workload, "autograd_nb", key) if floor else "—"
        line = f"| {label} | {fmt(floor, unit)} | {fmt(ours, unit)} | {ours_ratio} |"
        if with_torch:
            theirs = median_of(results, workload, "torch", key)
            theirs_ratio = ratio(results, workload, "torch", key) if floor else "—"
            line += f" {fmt(theirs, unit)} | {theirs_ratio} |"
        lines.append(line)
    return "\n".join(lines)


def verdicts(results: dict, with_torch: bool) -> list:
    """The issue's targets, each with the measured number and PASS / FAIL."""
    lines = []
    for workload, limit in TARGETS.items():
        ratios = paired_ratios(results, workload, "autograd_nb")
        if ratios:
            r = statistics.median(ratios)
            lines.append(
                f"{workload}: {r:.2f}× floor (target ≤ {limit}×) {'PASS' if r <= limit else 'FAIL'}"
            )
    ratios = paired_ratios(results, "deep_chain", "autograd_nb", base="torch")
    if ratios and with_torch:
        r = statistics.median(ratios)
        lines.append(f"deep_chain: {r:.2f}× torch (target ≤ 1.00×) {'PASS' if r <= 1 else 'FAIL'}")
        ours_mb = median_of(results, "deep_chain", "autograd_nb", "rss_mb")
        theirs_mb = median_of(results, "deep_chain", "torch", "rss_mb")
        if ours_mb is not None and theirs_mb:
            lines.append(
                f"deep_chain peak RSS growth: {ours_mb:.1f} MB vs torch "
                f"{theirs_mb:.1f} MB ({ours_mb / theirs_mb:.2f}×)"
            )
    million = median_of(results, "deep_chain:run_million", "autograd_nb", "value")
    if any(w == "deep_chain:run_million" for w, _ in results):
        lines.append(f"1e6 chain: {'completes in ' + fmt(million, 's') if million else 'FAILED'}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="processes per implementation")
    parser.add_argument("--torch-python", help="interpreter with torch for the torch column")
    parser.add_argument("--no-torch", action="store_true", help="skip the torch column")
    parser.add_argument("--million", action="store_true", help="also run the 1e6-node chain")
    parser.add_argument("--million-reps", type=int, default=1)
    parser.add_argument("--only", nargs="+", choices=WORKLOADS, help="run only these workloads")
    parser.add_argument("--quick", action="store_true", help="fewer steps (smoke test)")
    args = parser.parse_args()

    impls = {"numpy": sys.executable, "autograd_nb": sys.executable}
    torch_python = None if args.no_torch else torch_interpreter(args.torch_python)
    if torch_python:
        impls["torch"] = torch_python
    results = collect(list(args.only or WORKLOADS), impls, args.reps, args.quick)
    if args.million:
        results.update(collect(["deep_chain:run_million"], impls, args.million_reps, args.quick))
    print(
        f"\nmedian of {args.reps} processes each, 1 thread, Python "
        f"{sys.version.split()[0]}" + (f", torch via {torch_python}" if torch_python else "")
    )
    print(table(results, bool(torch_python)))
    print()
    for line in verdicts(results, bool(torch_python)):
        print("- " + line)


if __name__ == "__main__":
    main()
