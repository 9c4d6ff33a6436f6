"""Can a float sum follow PyTorch's CPU order at NumPy speed? (issue #31, "the last digit")

PyTorch's CPU `sum` (aten/src/ATen/native/cpu/SumKernel.cpp, cascade_sum) adds a contiguous row
in a fixed blocked order: 8 float32 lanes (4 float64; even where the CPU has AVX-512), four
interleaved vector accumulators (row_sum's ilp_factor), each a 4-level cascade that adds blocks
of 16 or more (multi_row_sum), then the leftover elements, then the lanes one by one. NumPy adds
pairwise in blocks of 128 with 8 accumulators, so the last bit of a float32 sum differs in most
rows (about 85% of rows of 1000 normal numbers).

This script emulates that order with whole-array NumPy, checks it bit for bit against PyTorch
(when installed) on rows of 1 to 300 elements and larger, in float32 and float64, and times it
against `np.add.reduce`. Run: `python benchmarks/cascade_sum_order.py`. The README's
differences section quotes its result.
"""

from __future__ import annotations

import time

import numpy as np

LEVELS = 4  # multi_row_sum's num_levels
ILP = 4  # row_sum's ilp_factor


def _in_order(stack):
    """Left-to-right sum over axis 0. NumPy adds slice after slice when each slice has several
    elements; a column it would add pairwise, so that is accumulated."""
    if stack[0].size < 2:
        return np.add.accumulate(stack, axis=0)[-1]
    return np.add.reduce(stack, axis=0)


def _multi_row_sum(rows):
    """rows (size, *k) -> (*k): blocks of 2**level_power rows added in turn, their sums added
    in blocks again, up to 4 levels; then the levels' accumulators added together."""
    size = rows.shape[0]
    power = max(4, ((size - 1).bit_length() if size > 1 else 0) // LEVELS)
    step = 1 << power
    blocks = size // step
    parts = [rows[blocks * step :]]  # level 0: the rows after the last whole block
    if blocks:
        grouped = rows[: blocks * step].reshape((blocks, step) + rows.shape[1:])
        level = _in_order(np.moveaxis(grouped, 1, 0))
        for _ in range(LEVELS - 2):  # levels 1 and 2 hand on every `step` of their sums
            groups = level.shape[0] // step
            parts.append(level[groups * step :])
            grouped = level[: groups * step].reshape((groups, step) + level.shape[1:])
            level = _in_order(np.moveaxis(grouped, 1, 0)) if groups else level[:0]
        parts.append(level)
    zero = np.zeros((1,) + rows.shape[1:], rows.dtype)
    sums = [_in_order(np.concatenate([zero, p])) for p in parts]
    return _in_order(np.stack(sums))


def _row_sum(values):
    """values (size, *k) -> (*k): four interleaved multi_row_sums, the leftovers added to the
    first, then the four added in turn."""
    size = values.shape[0]
    whole = size // ILP
    if whole:
        partial = _multi_row_sum(values[: whole * ILP].reshape((whole, ILP) + values.shape[1:]))
    else:
        partial = np.zeros((ILP,) + values.shape[1:], values.dtype)
    first = _in_order(np.concatenate([partial[:1], values[whole * ILP :]]))
    return _in_order(np.concatenate([first[None], partial[1:]]))


def pytorch_row_sums(x):
    """x (m, n) C-contiguous float32/float64 -> (m,): each row summed in PyTorch's CPU order
    (vectorized_inner_sum; scalar row_sum for rows shorter than the vector)."""
    lanes = 32 // x.itemsize
    m, n = x.shape
    if n < lanes:
        return _row_sum(x.T)
    vectors = n // lanes
    body = x[:, : vectors * lanes].reshape(m, vectors, lanes).transpose(1, 2, 0)
    zero = np.zeros((1, m), x.dtype)
    return _in_order(np.concatenate([zero, x.T[vectors * lanes :], _row_sum(body)]))


def check_against_pytorch(rng) -> None:
    try:
        import torch
    except ImportError:
        print("PyTorch is not installed: the bit-for-bit check is skipped")
        return
    torch.set_num_threads(1)  # whole-tensor sums of 32768+ elements split across threads
    sizes = list(range(1, 301)) + [511, 512, 1000, 1024, 4095, 10000, 32767, 65536, 1 << 20]
    for dtype in (np.float32, np.float64):
        rows = differ = numpy_differs = 0
        for n in sizes:
            for m in (1, 3):
                x = (rng.standard_normal((m, n)) * rng.choice([1e-3, 1, 1e3])).astype(dtype)
                want = torch.from_numpy(x).sum(1).numpy()
                differ += int(np.sum(pytorch_row_sums(x) != want))
                numpy_differs += int(np.sum(np.add.reduce(x, 1) != want))
                rows += m
        print(
            f"{np.dtype(dtype).name}: {rows} rows, PyTorch's order differs in {differ}, "
            f"np.add.reduce in {numpy_differs}"
        )


def best_of(fn, repeat: int = 30) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rng = np.random.default_rng(0)
    check_against_pytorch(rng)
    for shape in [(1, 10), (1, 100), (64, 10), (4, 32), (1000, 1000), (10000, 100), (1, 10**6)]:
        x = rng.standard_normal(shape).astype(np.float32)
        numpy_time = best_of(lambda x=x: np.add.reduce(x, 1))
        ordered_time = best_of(lambda x=x: pytorch_row_sums(x))
        print(
            f"{shape}: np.add.reduce {numpy_time * 1e6:8.1f} us, PyTorch's order "
            f"{ordered_time * 1e6:8.1f} us ({ordered_time / numpy_time:4.1f}x)"
        )


if __name__ == "__main__":
    main()
