"""(4) `x = x + 1` chained 100,000 times from a requires-grad leaf, then backward.

Reports the time of forward + backward, the peak RSS growth of the process (all
implementations) and the tracemalloc peak (NumPy and autograd_nb; torch allocates in C++).
`--million` runs the same chain with 1,000,000 nodes (time and RSS only).
"""

from __future__ import annotations

import numpy as np
from _measure import time_calls, timed_with_rss, tracemalloc_peak

TITLE = "(4) x = x + 1 chained 100,000 times, fwd+bwd"
UNIT = "ms"
LENGTH = 100_000


def numpy_chain(n: int):
    """The floor: the forward additions, then passing d/dx = 1 back through every step."""
    x = np.ones(1, dtype=np.float32)
    h = x
    for _ in range(n):
        h = h + 1
    g = np.ones_like(h)
    for _ in range(n):
        g = g * 1  # each AddBackward passes its gradient through unchanged
    return h, g


def tensor_chain(lib, n: int):
    x = lib.ones(1, requires_grad=True)
    h = x
    for _ in range(n):
        h = h + 1
    h.backward()
    return x.grad


def run(impl: str, quick: bool, length: int = LENGTH, trace: bool = True) -> dict:
    if quick:
        length = min(length, 10_000)
    if impl == "numpy":

        def chain(n):
            return numpy_chain(n)
    else:
        if impl == "torch":
            import torch as lib

            lib.set_num_threads(1)
        else:
            import autograd_nb as lib

        def chain(n):
            return tensor_chain(lib, n)

    time_calls(lambda: chain(1000), 2, 0)  # warm caches and lazy imports
    seconds, rss_kb, _ = timed_with_rss(lambda: chain(length))
    result = {"value": seconds * 1e3, "rss_mb": rss_kb / 1024}
    if trace and impl != "torch":
        result["tracemalloc_mb"] = tracemalloc_peak(lambda: chain(length)) / 2**20
    return result


def run_million(impl: str, quick: bool) -> dict:
    """The 1,000,000-node chain: seconds and peak RSS growth."""
    result = run(impl, quick=False, length=10_000 if quick else 1_000_000, trace=False)
    return {"value": result["value"] / 1e3, "rss_mb": result["rss_mb"]}
