"""Timing and memory helpers shared by the workloads (run inside a worker process)."""

from __future__ import annotations

import gc
import resource
import statistics
import time
import tracemalloc


def time_calls(fn, warmup: int, repeat: int, rounds: int = 15) -> float:
    """Seconds per call of `fn()`: the fastest of `rounds` rounds, each the median of `repeat`
    calls, after `warmup` untimed ones.

    Other work on a shared machine only ever slows a round down, so the fastest round is the
    best estimate of the code's own cost (the advice of Python's timeit); every implementation
    is measured the same way. With 5 rounds, a process on the 2 shared cores this was built on
    often found no quiet round at all: the floor's own per-process times spread by 20% (median
    vs fastest of 25 processes), against 3% with 15 rounds.
    """
    for _ in range(warmup):
        fn()
    best = None
    for _ in range(rounds if repeat else 0):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        best = median if best is None else min(best, median)
    return best or 0.0


def current_rss_kb() -> int:
    """Resident set size now, in KiB (Linux /proc; falls back to the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * resource.getpagesize() // 1024
    except OSError:
        return peak_rss_kb()


def peak_rss_kb() -> int:
    """The process's peak resident set size so far, in KiB (ru_maxrss is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def timed_with_rss(fn) -> tuple:
    """(seconds, peak RSS growth in KiB, fn's result) of one call of `fn`."""
    gc.collect()
    before = current_rss_kb()
    start = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    return seconds, max(0, peak_rss_kb() - before), result


def tracemalloc_peak(fn) -> int:
    """Peak bytes Python allocated (tracemalloc) during one call of `fn`."""
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
