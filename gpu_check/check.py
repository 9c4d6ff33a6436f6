"""The GPU check: one command for a machine with an NVIDIA GPU (H100 or H200) and no package index.

    bash gpu_check/run.sh [OUT_DIR]          # OUT_DIR defaults to $OUT, else ./gpu_check_out
    python3 gpu_check/check.py --dry-run     # print the plan and write its summary; run nothing

The machine has Python 3.12, CuPy for CUDA 13, PyTorch with CUDA, NumPy, pytest, pytest-xdist and
hypothesis; the other pure-Python packages travel beside this script in gpu_check/wheels (made
here by `python gpu_check/build_wheels.py`; git-ignored, so carry the folder). The steps, each
with its own time limit and all within `--budget` seconds (430 by default, under 8 minutes):

1. environment: the GPU (nvidia-smi), Python, NumPy, CuPy and PyTorch versions;
2. install: the wheels named in gpu_check/wheels/requirements.txt, offline, into a temporary
   folder put on PYTHONPATH (nothing of the machine's own is replaced);
3. probe: what autograd_nb sees: torch.cuda.is_available(), the device, or why not;
4. suite: the op and autograd suite with `--real-cuda` (the suite's cuda half on the GPU through
   CuPy), the Jupyter-layer and tooling tests left out (JUPYTER_TESTS), pytest-xdist workers;
5. gpu: the `gpu`-marked tests;
6. benchmark: benchmarks/gpu_mlp.py, autograd_nb's CUDA against PyTorch's.

It writes OUT_DIR/gpu_check_summary.md (counts, failures, benchmark numbers, step times), with
gpu_check.log (every step's output), suite.xml, gpu.xml and benchmark.json beside it. In this
workplace's device tool: carry ["gpu_check/wheels"], command `bash gpu_check/run.sh "$OUT"`,
timeout_s 540.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WHEELS = HERE / "wheels"
SUMMARY = "gpu_check_summary.md"
LOG = "gpu_check.log"
BUDGET = 430  # + up to 25 s for a step stopped at its limit to wind down: under run.sh's 480
# tests of the Jupyter layer and of the repository's tooling: not op or autograd tests, and their
# packages (JupyterLab, nbval, Playwright, ruff) are not on the GPU machine
JUPYTER_TESTS = (
    "test_browser.py",
    "test_binder.py",
    "test_notebooks_tooling.py",
    "test_notebook_extension.py",
    "test_widgets.py",
    "test_style.py",
    "test_lesson_coverage.py",
    "test_lessons_run_all.py",
    "test_browser_pictures.py",
    "test_layers.py",
)
WORKERS = 8
STOPPED_NOTE = (
    "(stopped at its time limit: counts so far; the tests still running were recorded as passed)"
)

ENVIRONMENT = """
import json, subprocess, sys
info = {"python": sys.version.split()[0]}
try:
    info["gpu"] = subprocess.run(
        ["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"],
        capture_output=True, text=True, timeout=20).stdout.strip() or "nvidia-smi printed nothing"
except Exception as error:
    info["gpu"] = f"nvidia-smi failed: {error}"
for name in ("numpy", "cupy", "torch"):
    try:
        info[name] = __import__(name).__version__
    except Exception as error:
        info[name] = f"not importable ({type(error).__name__}: {error})"
print(json.dumps(info))
"""
PROBE = """
import json
import autograd_nb as torch
from autograd_nb import backends
available = torch.cuda.is_available()
print(json.dumps({"available": available, "count": torch.cuda.device_count(),
                  "name": torch.cuda.get_device_name() if available else None,
                  "why": "" if available else backends.cuda_status()[1]}))
"""


@dataclass
class Step:
    """One command of the check, its time limit and the time it leaves for the steps after it."""

    name: str
    argv: list[str]
    limit: float
    reserve: float = 0.0


@dataclass
class Result:
    name: str
    status: str  # "ok", "failed (exit N)", "timed out", "not run (...)"
    seconds: float = 0.0
    output: str = ""
    limit: float = 0.0


@dataclass
class Counts:
    """What a junit XML file says: counts and the failures' first lines."""

    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)


def plan(out: Path, site: Path, python: str = sys.executable) -> list[Step]:
    """The steps, in order."""
    # not -q: pytest's header says what the cuda half runs on
    pytest = [python, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", "-rfE"]
    ignores = [f"--ignore=tests/{name}" for name in JUPYTER_TESTS]
    install = [python, "-m", "pip", "install", "--no-index", "--no-deps", "--no-compile"]
    install += ["--disable-pip-version-check", "--upgrade", "--target", str(site)]
    install += ["--find-links", str(WHEELS)]
    requirements = str(WHEELS / "requirements.txt")
    return [
        Step("environment", [python, "-c", ENVIRONMENT], 45, reserve=300),
        Step("install", [*install, "-r", requirements], 90, reserve=300),
        Step("probe", [python, "-c", PROBE], 60, reserve=280),
        Step(
            "suite",
            [*pytest, "tests", "--real-cuda", "-n", str(WORKERS), "-m", "not gpu", *ignores,
             f"--junitxml={out / 'suite.xml'}"],
            240,
            reserve=90,
        ),
        Step(
            "gpu",
            [*pytest, "tests/test_gpu.py", "--real-cuda", "-m", "gpu",
             f"--junitxml={out / 'gpu.xml'}"],
            60,
            reserve=60,
        ),
        Step(
            "benchmark",
            [python, "benchmarks/gpu_mlp.py", "--skip-cpu", "--json", str(out / "benchmark.json")],
            90,
        ),
    ]  # fmt: skip


def environment(site: Path) -> dict[str, str]:
    """The steps' environment: this checkout and the installed wheels first on the path."""
    env = dict(os.environ)
    paths = [str(ROOT), str(site), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    env.update({"PYTHONUNBUFFERED": "1", "MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1"})
    return env


def run_step(step: Step, deadline: float, env: dict[str, str]) -> Result:
    """Run one step within min(its limit, the time left before its reserve); kill its whole
    process group (pytest-xdist workers too) when it overruns."""
    limit = min(step.limit, deadline - time.monotonic() - step.reserve)
    if limit < 5:
        return Result(step.name, "not run (no time left)", limit=max(limit, 0))
    start = time.monotonic()
    process = subprocess.Popen(
        step.argv,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=limit)
        status = "ok" if process.returncode == 0 else f"failed (exit {process.returncode})"
    except subprocess.TimeoutExpired:
        _kill_group(process)
        output, _ = process.communicate()
        status = "timed out"
    return Result(step.name, status, time.monotonic() - start, output or "", limit)


def _kill_group(process: subprocess.Popen) -> None:
    """SIGINT first: pytest then stops like on Ctrl-C and still writes its junit XML (the
    results so far); SIGTERM and SIGKILL for whatever is still running."""
    for sig, wait in ((signal.SIGINT, 15), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def junit_counts(path: Path) -> Counts | None:
    """The counts in a junit XML file pytest wrote, or None if there is none (or it is cut)."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    counts = Counts()
    for case in root.iter("testcase"):
        outcome = {child.tag for child in case} & {"failure", "error", "skipped"}
        node = f"{case.get('classname', '')}::{case.get('name', '')}"
        if "failure" in outcome or "error" in outcome:
            tag = "failure" if "failure" in outcome else "error"
            if tag == "failure":
                counts.failed += 1
            else:
                counts.errors += 1
            message = (case.find(tag).get("message") or "").strip().splitlines()
            counts.failures.append((node, message[0][:200] if message else tag))
        elif "skipped" in outcome:
            counts.skipped += 1
        else:
            counts.passed += 1
    return counts


def last_json(output: str) -> dict | None:
    """The JSON object a step printed last, if any."""
    for line in reversed(output.strip().splitlines()):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def cuda_half(output: str) -> str:
    """What the suite's cuda parameter ran on, from pytest's header or fallback warning."""
    for line in output.splitlines():
        if "cuda parameter:" in line or "--real-cuda: no real CUDA device" in line:
            return line.strip()
    return "not reported"


def summary(out: Path, results: list[Result], dry_run: bool = False) -> str:
    """The one summary file's text."""
    by_name = {r.name: r for r in results}
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"# autograd_nb GPU check, {now}" + (" (dry run: nothing was run)" if dry_run else "")]
    env = last_json(by_name["environment"].output) if "environment" in by_name else None
    if env:
        lines += ["", f"- GPU: {env.get('gpu')}"]
        versions = ", ".join(f"{k} {env.get(k)}" for k in ("python", "numpy", "cupy", "torch"))
        lines.append(f"- versions: {versions}")
    probe = last_json(by_name["probe"].output) if "probe" in by_name else None
    if probe:
        seen = (
            f"yes: {probe.get('name')} ({probe.get('count')} device(s))"
            if probe.get("available")
            else f"no: {probe.get('why')}"
        )
        lines.append(f"- autograd_nb sees CUDA: {seen}")
    if "suite" in by_name:
        lines.append(f"- the suite's cuda half: {cuda_half(by_name['suite'].output)}")
    lines += ["", "| step | result | seconds | limit |", "| --- | --- | --- | --- |"]
    for r in results:
        lines.append(f"| {r.name} | {r.status} | {r.seconds:.0f} | {r.limit:.0f} |")
    lines += ["", "## Tests", "", "| run | passed | failed | errors | skipped |"]
    lines.append("| --- | --- | --- | --- | --- |")
    failures = []
    for name, xml in (("suite (--real-cuda)", "suite.xml"), ("gpu-marked", "gpu.xml")):
        counts = junit_counts(out / xml)
        if counts is None:
            lines.append(f"| {name} | no results ({xml} missing or cut) | | | |")
            continue
        row = (counts.passed, counts.failed, counts.errors, counts.skipped)
        lines.append(f"| {name} | " + " | ".join(map(str, row)) + " |")
        step = by_name.get(xml.removesuffix(".xml"))
        if step is not None and step.status == "timed out":
            lines.append(f"| {STOPPED_NOTE} | | | | |")
        failures += counts.failures
    if failures:
        lines += ["", f"### Failures and errors ({len(failures)}; the first 80)", ""]
        lines += [f"- `{node}`: {message}" for node, message in failures[:80]]
    lines += ["", "## Benchmark: benchmarks/gpu_mlp.py", ""]
    lines += _benchmark_lines(out / "benchmark.json")
    for r in results:
        if r.status != "ok" and r.output:
            tail = "\n".join(r.output.rstrip().splitlines()[-30:])
            lines += ["", f"## {r.name}: the last lines of its output", "", "```", tail, "```"]
    return "\n".join(lines) + "\n"


def _benchmark_lines(path: Path) -> list[str]:
    try:
        bench = json.loads(path.read_text())
    except (OSError, ValueError):
        return ["no results (benchmark.json missing)"]
    if not bench.get("rows"):
        return [f"not run: {bench.get('reason', 'no rows')}"]
    shape = bench.get("shape", {})
    lines = [
        f"MLP train step, batch {shape.get('batch')}, hidden {shape.get('hidden')}, float32, "
        f"median of {shape.get('steps')} steps",
        "",
        "| | ms per step | x autograd_nb cuda |",
        "| --- | --- | --- |",
    ]
    first = bench["rows"][0]["ms"]
    for row in bench["rows"]:
        lines.append(f"| {row['label']} | {row['ms']:.2f} | {row['ms'] / first:.2f} |")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=Path(os.environ.get("OUT", ROOT / "gpu_check_out"))
    )
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds for all steps")
    parser.add_argument("--dry-run", action="store_true", help="print the plan, run nothing")
    parser.add_argument("--only", nargs="*", help="run only these steps (for trying one here)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + args.budget
    site = Path(tempfile.gettempdir()) / "autograd_nb_gpu_site"  # pip --upgrade refreshes it
    env = environment(site)
    results = []
    with open(out / LOG, "w") as log:
        for step in plan(out, site):
            if args.dry_run or (args.only is not None and step.name not in args.only):
                why = "dry run" if args.dry_run else "not selected"
                results.append(Result(step.name, f"not run ({why})", limit=step.limit))
                print(f"[{step.name}] limit {step.limit:.0f} s: {' '.join(step.argv)[:300]}")
                continue
            result = run_step(step, deadline, env)
            results.append(result)
            log.write(f"===== {step.name}: {result.status} in {result.seconds:.0f} s\n")
            log.write(result.output + "\n")
            log.flush()
            print(f"[{step.name}] {result.status} in {result.seconds:.0f} s", flush=True)
    text = summary(out, results, dry_run=args.dry_run)
    (out / SUMMARY).write_text(text)
    print(f"summary: {out / SUMMARY}")
    return 0 if all(r.status == "ok" or r.status.startswith("not run") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
