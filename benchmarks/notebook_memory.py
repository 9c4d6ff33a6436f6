"""Memory over a long notebook session: each magic and widget re-run as one cell 1,000 times.

    python benchmarks/notebook_memory.py [--runs 1000] [--warmup 60] [--only NAME ...]

Target (issue 27, item 4): memory stays flat when a learner re-runs a cell, for every magic the
extension registers and every widget and plot it exports (the cases are tests/_notebook_cells.py,
checked against the extension's registry). In one IPython InteractiveShell with
`%load_ext autograd_nb`, each case's cell runs `--warmup` times, then `--runs` times more, as a
kernel runs it (a new execution count each time, the result kept in `Out` as IPython keeps it):
once with the cell id JupyterLab and VS Code send (`cellId` in the request's metadata), once with
none (classic Notebook, nbclient). Reported per case: the growth over the measured runs of the
resident memory (after `gc.collect()` and glibc's `malloc_trim`, so that freed memory the
allocator kept does not count), the same once IPython's output cache is flushed (`Out` keeps
every cell's result, up to `InteractiveShell.cache_size` = 1000 of them: a returned figure or
widget object stays there), and the live ipywidgets and comms before and after the runs.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import time
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))

from _notebook_cells import AFTER, CELLS, FAILING, SETUP, uncovered  # noqa: E402

PAGE = os.sysconf("SC_PAGE_SIZE")
try:
    _TRIM = ctypes.CDLL("libc.so.6").malloc_trim
except OSError:  # not glibc
    _TRIM = None


class Sink:
    """Where the cells' printed and displayed text goes (a kernel sends it away)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def rss_mb() -> float:
    """Resident memory now, after collecting garbage and returning free heap to the system."""
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE / 2**20


def live() -> tuple[int, int]:
    """(live ipywidgets, open comms)."""
    from comm import get_comm_manager
    from ipywidgets.widgets.widget import _instances

    return len(_instances), len(get_comm_manager().comms)


def run_cell(shell, code: str, cell_id: str | None) -> None:
    shell.parent_header = {"metadata": {"cellId": cell_id}} if cell_id else {}
    result = shell.run_cell(code, store_history=True)
    if not result.success:
        raise RuntimeError(f"cell failed: {code!r}: {result.error_in_exec!r}")


def measure(shell, name: str, runs: int, warmup: int, with_id: bool) -> dict:
    code = CELLS[name]
    cell_id = f"cell {name}" if with_id else None
    for _ in range(warmup):
        run_cell(shell, code, cell_id)
    before, (widgets0, comms0) = rss_mb(), live()
    start = time.perf_counter()
    for _ in range(runs):
        run_cell(shell, code, cell_id)
    seconds = time.perf_counter() - start
    after, (widgets1, comms1) = rss_mb(), live()
    shell.displayhook.flush()  # what IPython's output cache (Out, _oh, _n) held
    run_cell(shell, "pass", None)  # the next cell: post_run_cell hooks run
    flushed = rss_mb()
    if name in AFTER:
        run_cell(shell, AFTER[name], None)
    return {
        "mb": after - before,
        "flushed": flushed - before,
        "widgets": (widgets0, widgets1),
        "comms": (comms0, comms1),
        "ms": 1000 * seconds / runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000, help="measured re-runs per case")
    parser.add_argument("--warmup", type=int, default=60, help="re-runs before measuring")
    parser.add_argument("--only", nargs="+", choices=sorted(CELLS), help="these cases only")
    parser.add_argument("--mode", choices=("both", "id", "no-id"), default="both")
    args = parser.parse_args()
    missing = uncovered()
    if missing:
        raise SystemExit(f"no case in tests/_notebook_cells.py for: {sorted(missing)}")

    from IPython.core.interactiveshell import InteractiveShell

    os.environ["IPYTHONDIR"] = str(Path("/tmp") / f"notebook_memory_{os.getpid()}")
    shell = InteractiveShell.instance(colors="nocolor", history_length=0)
    sink = Sink()
    sys.stdout, stdout = sink, sys.stdout
    sys.stderr, stderr = sink, sys.stderr
    try:
        shell.run_line_magic("load_ext", "autograd_nb")
        run_cell(shell, SETUP, None)
        shell.run_cell(FAILING, store_history=True)
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    modes = {"both": (True, False), "id": (True,), "no-id": (False,)}[args.mode]
    print(f"{args.runs} re-runs per case after {args.warmup} warm-up runs; RSS growth over them")
    print(
        f"{'case':36} {'cell id':7} {'MB':>6} {'KB/run':>6} {'Out flushed':>11} "
        f"{'widgets':>11} {'comms':>11} ms/run"
    )
    for name in args.only or CELLS:
        for with_id in modes:
            sys.stdout, sys.stderr = sink, sink
            try:
                row = measure(shell, name, args.runs, args.warmup, with_id)
            finally:
                sys.stdout, sys.stderr = stdout, stderr
            widgets = "{} -> {}".format(*row["widgets"])
            comms = "{} -> {}".format(*row["comms"])
            print(
                f"{name:36} {'yes' if with_id else 'no':7} {row['mb']:6.1f} "
                f"{1024 * row['mb'] / args.runs:6.1f} {row['flushed']:8.1f} MB "
                f"{widgets:>11} {comms:>11} {row['ms']:.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
