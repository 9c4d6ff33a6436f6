"""Synthetic 2-D classification data: two interleaving moons and an n-armed spiral.

Both return `(X, y)`: X float32 of shape (n_samples, 2), y int64 class labels. Randomness (the
noise and the shuffle) comes from `generator`, or from `torch.Generator().manual_seed(seed)` when
`seed` is given, or else from the default generator (so `torch.manual_seed` makes them repeatable).
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._creation import full, linspace, randn, randperm
from .._generator import Generator
from .._tensor import Tensor
from ..ops.joining import cat, stack

__all__ = ["make_moons", "make_spiral"]


def _generator(generator: Generator | None, seed: int | None) -> Generator | None:
    if seed is not None:
        if generator is not None:
            raise ValueError(msg.DATASETS_GENERATOR_AND_SEED)
        return Generator().manual_seed(seed)
    return generator


def _finish(x: Tensor, y: Tensor, noise: float, shuffle: bool, generator) -> tuple:
    """Add Gaussian noise of std `noise`, shuffle rows, and cast to float32/int64."""
    x = x.to(dtypes.float64)
    if noise:
        x = x + noise * randn(*x.shape, dtype=dtypes.float64, generator=generator)
    if shuffle:
        order = randperm(x.shape[0], generator=generator)
        x, y = x[order], y[order]
    return x.to(dtypes.float32), y


def make_moons(
    n_samples: int = 100,
    *,
    noise: float = 0.0,
    shuffle: bool = True,
    generator: Generator | None = None,
    seed: int | None = None,
):
    """Two interleaving half circles (scikit-learn's make_moons): class 0 the upper moon
    (n_samples // 2 points), class 1 the lower one, shifted right by 1 and down by 0.5."""
    generator = _generator(generator, seed)
    n_out = n_samples // 2
    n_in = n_samples - n_out
    t_out = linspace(0, math.pi, n_out, dtype=dtypes.float64)
    t_in = linspace(0, math.pi, n_in, dtype=dtypes.float64)
    outer = stack([t_out.cos(), t_out.sin()], 1)
    inner = stack([1 - t_in.cos(), 1 - t_in.sin() - 0.5], 1)
    y = cat([full((n_out,), 0, dtype=dtypes.int64), full((n_in,), 1, dtype=dtypes.int64)])
    return _finish(cat([outer, inner]), y, noise, shuffle, generator)


def make_spiral(
    n_samples: int = 300,
    n_classes: int = 3,
    *,
    noise: float = 0.2,
    shuffle: bool = True,
    generator: Generator | None = None,
    seed: int | None = None,
):
    """`n_classes` spiral arms (the CS231n toy data set), n_samples split evenly between them:
    arm k has radius r = 0..1 and angle 4k + 4r, plus Gaussian noise of std `noise` on the
    angle; points are (r sin t, r cos t)."""
    generator = _generator(generator, seed)
    xs, ys = [], []
    for k in range(n_classes):
        n = n_samples // n_classes + (1 if k < n_samples % n_classes else 0)
        r = linspace(0.0, 1.0, n, dtype=dtypes.float64)
        t = linspace(4.0 * k, 4.0 * (k + 1), n, dtype=dtypes.float64)
        if noise:
            t = t + noise * randn(n, dtype=dtypes.float64, generator=generator)
        xs.append(stack([r * t.sin(), r * t.cos()], 1))
        ys.append(full((n,), k, dtype=dtypes.int64))
    return _finish(cat(xs), cat(ys), 0.0, shuffle, generator)
