"""How long `import autograd_nb` takes a notebook's first cell, beside NumPy and PyTorch.

    python benchmarks/import_time.py [--reps 21] [--torch-python /path/to/python]

Target (issue 30, item 3): `import autograd_nb` in at most 0.30 s. Each repetition is a fresh
interpreter (compiled files already cached, as after the first run on a machine) that times
the import statement alone with `time.perf_counter`, so the interpreter's own start is left
out; the implementations take turns (numpy, autograd_nb, torch, numpy, ...) so machine load
hits them alike. The table shows the median and the range over repetitions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 0.30
TIMED_IMPORT = (
    "import time; start = time.perf_counter(); import {module}; print(time.perf_counter() - start)"
)


def time_import(python: str, module: str) -> float:
    """Seconds one fresh `python` spends in `import module`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a learner's machine keeps compiled files
    out = subprocess.run(
        [python, "-c", TIMED_IMPORT.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=21, help="fresh interpreters per module")
    parser.add_argument("--torch-python", help="an interpreter with torch for its column")
    args = parser.parse_args()
    columns = {"numpy": sys.executable, "autograd_nb": sys.executable}
    if args.torch_python:
        columns["torch"] = args.torch_python
    for module, python in columns.items():  # warm-up: compiled files written, disk cache hot
        time_import(python, module)
    times: dict[str, list[float]] = {module: [] for module in columns}
    for _ in range(args.reps):
        for module, python in columns.items():
            times[module].append(time_import(python, module))
    print("| import | median | range |\n|---|---:|---:|")
    for module, values in times.items():
        print(
            f"| `{module}` | {statistics.median(values):.3f} s | "
            f"{min(values):.3f}–{max(values):.3f} s |"
        )
    ours = statistics.median(times["autograd_nb"])
    verdict = "meets" if ours <= TARGET_S else "misses"
    print(f"\n`import autograd_nb` {ours:.3f} s: {verdict} the {TARGET_S:.2f} s target")


if __name__ == "__main__":
    main()
