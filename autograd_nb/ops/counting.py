"""`unique`, `bincount`, `histc`, `histogram` and `histogramdd`: which values a tensor holds
and how often each occurs."""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_tensor,
    normalize_dim,
    on_backend,
    record,
    require_floating,
    return_type,
)
from .out import with_out


class _NoDerivative(Node):
    """A grad_fn for ops PyTorch defines no derivative for: backward through it raises."""

    __slots__ = ()
    _op = ""

    def backward(self, grad):
        raise NotImplementedError(msg.NO_DERIVATIVE.format(op=self._op))


class Unique2Backward0(_NoDerivative):
    """unique's grad_fn (no derivative)."""

    __slots__ = ()
    _op = "_unique2"


class UniqueDimBackward0(_NoDerivative):
    """unique(dim=...)'s grad_fn (no derivative)."""

    __slots__ = ()
    _op = "unique_dim"


class UniqueConsecutiveBackward0(_NoDerivative):
    """unique_consecutive's grad_fn (no derivative)."""

    __slots__ = ()
    _op = "unique_consecutive"


def _results(t: Tensor, cls, values, inverse, counts, return_inverse: bool, return_counts: bool):
    """values (recorded with a `cls` grad_fn), then inverse and counts as asked, int64."""
    backend = t._backend
    xp = backend.xp
    out = record(cls, (t,), values, backend)
    if not (return_inverse or return_counts):
        return out
    out = (out,)
    int64 = backend.native[dtypes.int64]
    if return_inverse:
        out += (make_tensor(xp.astype(inverse, int64), backend),)
    if return_counts:
        out += (make_tensor(xp.astype(counts, int64), backend),)
    return out


def _slice_dim(t: Tensor, dim) -> int | None:
    """dim normalized (None stays None), with PyTorch's errors for 0-d and empty slices."""
    if dim is None:
        return None
    if t.dim() == 0:
        raise IndexError(msg.DIM_0D.format(dim=dim))
    d = normalize_dim(dim, t.dim())
    if t.shape[d] and t.numel() == 0:
        raise RuntimeError(msg.UNIQUE_ZERO_SIZED)
    return d


def _groups(t: Tensor, d: int | None, sort: bool) -> tuple:
    """(unique values, inverse, counts): runs of equal slices along d (elements if d is None),
    after a stable lexicographic sort of the slices when `sort`."""
    xp = t._backend.xp
    data = t._data
    if d is None:
        rows = xp.reshape(data, (-1, 1))
    else:
        moved = xp.permute_dims(data, (d,) + tuple(i for i in range(data.ndim) if i != d))
        rows = xp.reshape(moved, (data.shape[d], math.prod(moved.shape[1:])))
    n, width = rows.shape
    keys = xp.astype(rows, xp.int8) if rows.dtype == xp.bool else rows
    device = t._backend.native_device
    order = xp.arange(n, device=device)
    if sort:
        for column in reversed(range(width)):  # least significant first: a stable radix order
            order = xp.take(order, xp.argsort(xp.take(keys[:, column], order), stable=True))
    ordered = xp.take(keys, order, axis=0)
    new = xp.zeros((0,), dtype=xp.bool, device=device)  # whether each slice starts a group
    if n:
        new = xp.concat(
            [
                xp.ones((1,), dtype=xp.bool, device=device),
                xp.any(ordered[1:, ...] != ordered[:-1, ...], axis=1),
            ]
        )
    starts = xp.nonzero(new)[0]
    group = xp.cumulative_sum(xp.astype(new, xp.int64)) - 1
    inverse = xp.take(group, xp.argsort(order)) if sort else group
    counts = xp.diff(xp.concat([starts, xp.asarray([n], dtype=starts.dtype, device=device)]))
    values = xp.take(xp.take(rows, order, axis=0), starts, axis=0)
    if d is None:
        return xp.reshape(values, (-1,)), xp.reshape(inverse, data.shape), counts
    rest = tuple(s for i, s in enumerate(data.shape) if i != d)
    values = xp.reshape(values, (values.shape[0],) + rest)
    back = tuple(range(1, d + 1)) + (0,) + tuple(range(d + 1, data.ndim))
    return xp.permute_dims(values, back), inverse, counts


@tensor_method("unique")
def unique(
    input,
    sorted: bool = True,
    return_inverse: bool = False,  # noqa: A002
    return_counts: bool = False,
    dim=None,
):
    """The distinct values in ascending order (nans each count once), or with `dim` the distinct
    slices along it in lexicographic order, with optionally where each element (slice) went
    (`inverse`) and how often each occurs (`counts`)."""
    t = check_tensor(input, "_unique2" if dim is None else "unique_dim")
    d = _slice_dim(t, dim)
    if d is not None:
        return _results(t, UniqueDimBackward0, *_groups(t, d, True), return_inverse, return_counts)
    xp = t._backend.xp
    # the backends' unique_all sorts (NumPy, CuPy), as PyTorch does even for sorted=False
    found = xp.unique_all(xp.reshape(t._data, (-1,)))
    inverse = xp.reshape(found.inverse_indices, t._data.shape)
    return _results(
        t, Unique2Backward0, found.values, inverse, found.counts, return_inverse, return_counts
    )


@tensor_method("unique_consecutive")
def unique_consecutive(input, return_inverse: bool = False, return_counts: bool = False, dim=None):
    """Each run of equal consecutive elements (slices along `dim`) kept once, in order, with
    optionally which run each element went to (`inverse`) and each run's length (`counts`)."""
    t = check_tensor(input, "unique_consecutive")
    d = _slice_dim(t, dim)
    return _results(
        t, UniqueConsecutiveBackward0, *_groups(t, d, False), return_inverse, return_counts
    )


@tensor_method("bincount")
def bincount(input, weights=None, minlength: int = 0) -> Tensor:
    """How often each of 0..max(input) occurs in a 1-d integer tensor (or the sum of `weights`
    at its positions), at least `minlength` long."""
    from .pointwise import _not_differentiable

    t = check_tensor(input, "bincount")
    if t.dtype.is_floating_point or t.dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel="bincount_cpu", dtype=t.dtype.legacy_name[:-6])
        )
    if type(minlength) is not int:
        raise TypeError(msg.BINCOUNT_MINLENGTH_TYPE.format(type=type(minlength).__name__))
    backend = t._backend
    xp = backend.xp
    data = t._data
    if data.ndim != 1 or (data.size and int(xp.min(data)) < 0):
        raise RuntimeError(msg.BINCOUNT_INPUT)
    if minlength < 0:
        raise RuntimeError(msg.BINCOUNT_MINLENGTH)
    if weights is not None and (weights.dim() != 1 or weights.shape[0] != data.shape[0]):
        raise RuntimeError(msg.BINCOUNT_WEIGHTS)
    length = max(int(xp.max(data)) + 1 if data.size else 0, minlength)
    if weights is None:
        dtype = dtypes.int64
        values = xp.ones(data.shape, dtype=backend.native[dtype], device=backend.native_device)
    else:  # float32 weights sum in float32, every other dtype in float64 (PyTorch's rule)
        dtype = dtypes.float32 if weights.dtype is dtypes.float32 else dtypes.float64
        values = xp.astype(weights._data, backend.native[dtype])
    counts = xp.zeros((length,), dtype=backend.native[dtype], device=backend.native_device)
    backend.scatter_add(counts, (data,), values)
    if weights is None:
        return make_tensor(counts, backend)
    return _not_differentiable("bincount", (weights,), counts, backend)


def _linear_edges(t: Tensor, bins: int, low: float, high: float, name: str):
    """histc's bins + 1 evenly spaced edges from low to high (the data's range when both are
    0; widened by 1 each way when empty)."""
    backend = t._backend
    xp = backend.xp
    if bins <= 0:
        raise RuntimeError(msg.HISTOGRAM_BINS.format(bins=bins, dim=0))
    if low == high and t.numel():
        low, high = float(xp.min(t._data)), float(xp.max(t._data))
    if low > high:
        raise RuntimeError(msg.HISTC_RANGE)
    if low == high:
        low, high = low - 1, high + 1
    return xp.linspace(low, high, bins + 1, dtype=t._data.dtype, device=backend.native_device)


@with_out
@tensor_method("histc")
def histc(input, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:  # noqa: A002
    """Counts of the elements in `bins` equal-width bins over [min, max] (the data's range when
    both are 0), in input's dtype; never differentiable."""
    t = check_tensor(input, "histc")
    require_floating(t, "histogram_cpu")
    edges = make_tensor(_linear_edges(t, bins, float(min), float(max), "histc"), t._backend)
    return _histogramdd(t.reshape(-1, 1), [edges], None, None, False)[0]


_HISTOGRAM = ("histogram", ("hist", "bin_edges"))
_HISTOGRAMDD = ("histogramdd", ("hist", "bin_edges"))


def _histogram_edges(points, dim: int, bins, limits, backend, dtype):
    """The edges of one dim: the given tensor, or bins + 1 evenly spaced ones over range (the
    data's, (0, 1) when there is none; widened by 0.5 each way when it is one point)."""
    xp = backend.xp
    if isinstance(bins, Tensor):
        return on_backend(bins, backend, dtype)
    if bins <= 0:
        raise RuntimeError(msg.HISTOGRAM_BINS.format(bins=bins, dim=dim))
    if limits is not None:
        low, high = float(limits[2 * dim]), float(limits[2 * dim + 1])
    elif points.shape[0]:
        column = points[:, dim]
        low, high = float(xp.min(column)), float(xp.max(column))
    else:
        low, high = 0.0, 1.0
    if low > high:
        raise RuntimeError(msg.HISTOGRAM_RANGE.format(low=low, high=high, dim=dim))
    if low == high:
        low, high = low - 0.5, high + 0.5
    return xp.linspace(
        low, high, bins + 1, dtype=backend.native[dtype], device=backend.native_device
    )


def _histogramdd(t: Tensor, bins: list, limits, weight, density: bool):
    """(hist, edges per dim) of the points (..., D) of `t`: the count (or weight sum) in each
    cell [edge_i, edge_i+1) per dim (the last bin closed); points outside are left out."""
    require_floating(t, "histogramdd")
    backend = t._backend
    xp = backend.xp
    d = t.shape[-1]
    if limits is not None and len(limits) != 2 * d:
        raise RuntimeError(msg.HISTOGRAMDD_RANGE_LENGTH.format(d=d, n=2 * d, got=len(limits)))
    points = xp.reshape(t._data, (-1, d))
    edges = [_histogram_edges(points, i, bins[i], limits, backend, t.dtype) for i in range(d)]
    int64 = backend.native[dtypes.int64]
    flat = xp.zeros((points.shape[0],), dtype=int64, device=backend.native_device)
    inside = ~xp.any(xp.isnan(points), axis=1)
    for i, e in enumerate(edges):
        x = points[:, i]
        count = e.shape[0] - 1
        place = xp.sum(xp.astype(xp.reshape(e, (1, -1)) <= xp.reshape(x, (-1, 1)), int64), axis=1)
        place = xp.where(x == e[-1], count, place) - 1
        inside = inside & (place >= 0) & (place < count)
        flat = flat * count + xp.where(place >= 0, place, 0)
    shape = tuple(e.shape[0] - 1 for e in edges)
    amount = xp.ones((points.shape[0],), dtype=t._data.dtype, device=backend.native_device)
    if weight is not None:
        amount = xp.reshape(on_backend(weight, backend, t.dtype), (-1,))
    hist = xp.zeros((math.prod(shape),), dtype=t._data.dtype, device=backend.native_device)
    backend.scatter_add(hist, (xp.where(inside, flat, 0),), xp.where(inside, amount, 0 * amount))
    hist = xp.reshape(hist, shape)
    if density:
        volume = None
        for i, e in enumerate(edges):
            width = xp.reshape(e[1:] - e[:-1], (-1,) + (1,) * (d - 1 - i))
            volume = width if volume is None else volume * width
        hist = hist / (xp.sum(hist) * volume)
    return make_tensor(hist, backend), tuple(make_tensor(e, backend) for e in edges)


@tensor_method("histogram")
def histogram(
    input,
    bins=100,
    *,
    range=None,
    weight=None,  # noqa: A002
    density: bool = False,
):
    """torch.return_types.histogram(hist, bin_edges): `bins` equal bins over `range` (the
    data's when None) or the given edges; weighted sums with `weight`, a density with
    density=True."""
    t = check_tensor(input, "histogram")
    hist, edges = _histogramdd(t.reshape(-1, 1), [bins], range, weight, density)
    return return_type(*_HISTOGRAM)(hist, edges[0])


def histogramdd(input, bins=10, *, range=None, weight=None, density: bool = False):
    """torch.return_types.histogramdd(hist, bin_edges): the histogram of the points (..., D)
    of `input` over D dims, `bins` a number (every dim), one per dim, or each dim's edges."""
    t = check_tensor(input, "histogramdd")
    if t.dim() < 2:
        raise RuntimeError(msg.HISTOGRAMDD_DIMS)
    d = t.shape[-1]
    bins = list(bins) if isinstance(bins, (list, tuple)) else [bins] * d
    if len(bins) != d:
        raise RuntimeError(msg.HISTOGRAMDD_BINS_LENGTH)
    return return_type(*_HISTOGRAMDD)(*_histogramdd(t, bins, range, weight, density))


__all__ = ["bincount", "histc", "histogram", "histogramdd", "unique", "unique_consecutive"]
