"""GPU benchmark: one MLP training step at batch 4096, hidden 4096, float32, CPU vs GPU.

Runs the same step (forward, cross-entropy-like loss, backward, SGD update) with autograd_nb on
the CPU and on CUDA (CuPy), and with `torch` on CUDA when it is importable and has a GPU. GPU
times are taken after `cuda.synchronize()`, so they count the work, not just the launches.
Without a usable GPU it prints why (autograd_nb's own reason) and exits 0.

    python benchmarks/gpu_mlp.py [--batch 4096] [--hidden 4096] [--steps 5] [--skip-cpu]
                                 [--json results.json]

`--json` also writes the rows as {"shape": ..., "rows": [{"label": ..., "ms": ...}], "reason":
...} (gpu_check/check.py reads it); without a GPU the rows are empty and "reason" says why.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _step_fn(lib, device: str, batch: int, hidden: int, classes: int = 10):
    """A closure running one training step of a 3-layer tanh MLP on `device`."""
    lib.manual_seed(0)
    x = lib.randn(batch, hidden, device=device)
    target = lib.randn(batch, classes, device=device)
    scale = hidden**-0.5
    params = [
        (lib.randn(hidden, hidden, device=device) * scale).requires_grad_(),
        lib.zeros(hidden, device=device).requires_grad_(),
        (lib.randn(hidden, hidden, device=device) * scale).requires_grad_(),
        lib.zeros(hidden, device=device).requires_grad_(),
        (lib.randn(hidden, classes, device=device) * scale).requires_grad_(),
    ]

    def step() -> None:
        w1, b1, w2, b2, w3 = params
        h = (x @ w1 + b1).tanh()
        h = (h @ w2 + b2).tanh()
        loss = ((h @ w3 - target) ** 2).mean()
        loss.backward()
        with lib.no_grad():
            for p in params:
                p -= 0.01 * p.grad
                p.grad = None

    return step


def _time(step, sync, steps: int) -> float:
    """Median milliseconds per step, after one warm-up step (kernel compilation, caches)."""
    step()
    sync()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        sync()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--hidden", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--skip-cpu", action="store_true", help="GPU columns only")
    parser.add_argument("--json", help="also write the results to this JSON file")
    args = parser.parse_args(argv)

    import autograd_nb

    if not autograd_nb.cuda.is_available():
        reason = autograd_nb.backends.cuda_status()[1]
        print("No GPU benchmark on this machine:")
        print(reason)
        _write_json(args, [], reason)
        return 0

    rows = []
    shape = (args.batch, args.hidden)
    gpu = _time(_step_fn(autograd_nb, "cuda", *shape), autograd_nb.cuda.synchronize, args.steps)
    rows.append((f"autograd_nb cuda ({autograd_nb.cuda.get_device_name()})", gpu))
    if not args.skip_cpu:
        rows.append(
            (
                "autograd_nb cpu (NumPy)",
                _time(_step_fn(autograd_nb, "cpu", *shape), lambda: None, args.steps),
            )
        )
    try:
        import torch

        if torch.cuda.is_available():
            rows.append(
                (
                    "torch cuda",
                    _time(_step_fn(torch, "cuda", *shape), torch.cuda.synchronize, args.steps),
                )
            )
        else:
            print("torch is importable but has no CUDA device: no torch column")
    except ImportError:
        print("torch is not importable: no torch column")

    print(
        f"MLP train step, batch {args.batch}, hidden {args.hidden}, float32 "
        f"(median of {args.steps} steps)"
    )
    for label, ms in rows:
        print(f"  {label:<48} {ms:10.2f} ms   {ms / gpu:6.2f}x autograd_nb cuda")
    _write_json(args, rows, "")
    return 0


def _write_json(args, rows: list, reason: str) -> None:
    """The results for gpu_check/check.py's summary (only with --json)."""
    if args.json:
        shape = {"batch": args.batch, "hidden": args.hidden, "steps": args.steps}
        rows = [{"label": label, "ms": ms} for label, ms in rows]
        Path(args.json).write_text(json.dumps({"shape": shape, "rows": rows, "reason": reason}))


if __name__ == "__main__":
    sys.exit(main())
