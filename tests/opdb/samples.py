"""Seeded sample generators shared by the op families: 0-d and empty tensors, broadcasting on
either side, non-contiguous inputs and views, ties and boundary values.

Each generator returns a function `rng -> list[Sample]`; the entry seeds the generator by its
id, so every run (and the recorder) sees the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .core import Const, Sample, View

Gen = Callable[[np.random.Generator], list]


def rand(rng: np.random.Generator, shape, low: float = -1.0, high: float = 1.0) -> np.ndarray:
    """Uniform float64 values in [low, high), kept a little away from the ends."""
    pad = 0.05 * (high - low)
    return rng.uniform(low + pad, high - pad, size=shape)


def tensor_cases(rng, shape=(2, 3), low=-1.0, high=1.0, empty=True) -> list:
    """(label, argument) pairs of one tensor input: a matrix, 0-d, empty, transposed, strided."""
    cases = [
        ("matrix", rand(rng, shape, low, high)),
        ("0-d", rand(rng, (), low, high)),
        ("transposed", View(rand(rng, shape[::-1], low, high), "transpose", (0, 1))),
        (
            "strided",
            View(
                rand(rng, (shape[0], 2 * shape[1]), low, high),
                "__getitem__",
                ((slice(None), slice(None, None, 2)),),
            ),
        ),
    ]
    if empty:
        cases.append(("empty", rand(rng, (0, shape[1]), low, high)))
    return cases


def unary(low=-1.0, high=1.0, boundary=(), extremes=(), empty=True, **kwargs) -> Gen:
    """One tensor in (low, high); `boundary` values (kinks, zeros) and `extremes` (±inf) are
    compared with PyTorch but not by finite differences."""

    def gen(rng):
        out = [
            Sample(label, (x,), dict(kwargs))
            for label, x in tensor_cases(rng, low=low, high=high, empty=empty)
        ]
        if boundary:
            out.append(Sample("boundary", (np.array(boundary, dtype=float),), dict(kwargs), False))
        if extremes:
            out.append(
                Sample("extremes", (Const(np.array(extremes, dtype=float)),), dict(kwargs), False)
            )
        return out

    return gen


def binary(a=(-1.0, 1.0), b=(-1.0, 1.0), scalar=True, ties=False, empty=True, **kwargs) -> Gen:
    """Two tensors: same shape, broadcasting on either side, 0-d with a matrix, a transposed view,
    a Python number as the second argument, and ties (equal values) when asked."""

    def gen(rng):
        out = [
            Sample("same-shape", (rand(rng, (2, 3), *a), rand(rng, (2, 3), *b)), dict(kwargs)),
            Sample("broadcast-right", (rand(rng, (2, 3), *a), rand(rng, (3,), *b)), dict(kwargs)),
            Sample("broadcast-left", (rand(rng, (2, 1), *a), rand(rng, (2, 3), *b)), dict(kwargs)),
            Sample("0-d-and-matrix", (rand(rng, (), *a), rand(rng, (3, 2), *b)), dict(kwargs)),
            Sample(
                "transposed",
                (View(rand(rng, (3, 2), *a), "transpose", (0, 1)), rand(rng, (2, 3), *b)),
                dict(kwargs),
            ),
        ]
        if empty:
            out.append(Sample("empty", (rand(rng, (0, 3), *a), rand(rng, (3,), *b)), dict(kwargs)))
        if scalar:
            out.append(
                Sample(
                    "python-number", (rand(rng, (2, 3), *a), float(rand(rng, (), *b))), dict(kwargs)
                )
            )
        if ties:
            x = rand(rng, (2, 3), *a)
            out.append(Sample("ties", (x, x.copy()), dict(kwargs), False))
        return out

    return gen


def reduction(low=-1.0, high=1.0, dims=True, empty_all=True, extra=None, ties=True) -> Gen:
    """A reduction over everything, over one dim (kept or not), over a negative dim, of a 0-d
    tensor, of a transposed view, and with ties (repeated values)."""
    extra = extra or {}

    def gen(rng):
        x = rand(rng, (3, 4), low, high)
        out = [
            Sample("all", (x,), dict(extra)),
            Sample("0-d", (rand(rng, (), low, high),), dict(extra)),
        ]
        if dims:
            out += [
                Sample("dim", (rand(rng, (3, 4), low, high),), {"dim": 1, **extra}),
                Sample(
                    "dim-keepdim",
                    (rand(rng, (2, 3, 2), low, high),),
                    {"dim": -2, "keepdim": True, **extra},
                ),
                Sample(
                    "transposed-dim",
                    (View(rand(rng, (4, 3), low, high), "transpose", (0, 1)),),
                    {"dim": 0, **extra},
                ),
            ]
        if empty_all:
            out.append(Sample("empty", (rand(rng, (0, 3), low, high),), dict(extra)))
        if ties:
            tied = np.array([[0.5, 0.5, -0.25], [0.1, 0.1, 0.1]])
            out.append(Sample("ties", (tied,), dict(extra), False))
        return out

    return gen


def fixed(*samples: Callable[[np.random.Generator], Sample]) -> Gen:
    """Hand-written samples: each a function of the generator."""

    def gen(rng):
        return [make(rng) for make in samples]

    return gen


def index_array(values, dtype=np.int64) -> Const:
    return Const(np.array(values, dtype=dtype))


# --- shorthand for hand-written samples (nn.py, long_tail.py) ---------------------------------


def S(label, *args, gradcheck=True, **kwargs):
    """A sample: shapes (tuples) become random inputs, callables are called with the generator,
    anything else is passed as it is."""
    return lambda rng: Sample(
        label,
        tuple(a(rng) if callable(a) else rand(rng, a) if isinstance(a, tuple) else a for a in args),
        {k: v(rng) if callable(v) else v for k, v in kwargs.items()},
        gradcheck,
    )


def P(value):
    """A tuple passed as it is (not a shape)."""
    return lambda rng: value


def g(*makers):
    """An entry's sample generator from sample makers."""
    return lambda rng: [m(rng) for m in makers]
