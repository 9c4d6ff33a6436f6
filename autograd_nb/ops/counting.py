"""`unique`, `bincount`, `histc` and `histogram`: which values a tensor holds and how often each
occurs."""

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


def _bin_counts(t: Tensor, edges, weight):
    """Per bin of ascending `edges`, the count (or weight sum) of the values of `t` in
    [edge_i, edge_i+1), the last bin closed; values outside are left out."""
    backend = t._backend
    xp = backend.xp
    x = xp.reshape(t._data, (-1,))
    bins = edges.shape[0] - 1
    place = (
        xp.sum(
            xp.astype(
                xp.reshape(edges, (1, -1)) <= xp.reshape(x, (-1, 1)), backend.native[dtypes.int64]
            ),
            axis=1,
        )
        - 1
    )
    place = xp.where(x == edges[-1], bins - 1, place)
    inside = (place >= 0) & (place < bins) & ~xp.isnan(x)
    counts = xp.zeros((bins,), dtype=t._data.dtype, device=backend.native_device)
    amount = xp.ones(x.shape, dtype=t._data.dtype, device=backend.native_device)
    if weight is not None:
        amount = xp.reshape(on_backend(weight, backend, t.dtype), (-1,))
    backend.scatter_add(
        counts, (xp.where(inside, place, 0),), xp.where(inside, amount, xp.zeros_like(amount))
    )
    return counts


def _linear_edges(t: Tensor, bins: int, low: float, high: float, name: str):
    """bins + 1 evenly spaced edges from low to high (the data's range when both are 0)."""
    backend = t._backend
    xp = backend.xp
    if bins <= 0:
        raise RuntimeError(msg.HISTOGRAM_BINS.format(bins=bins))
    if low == high and t.numel():
        low, high = float(xp.min(t._data)), float(xp.max(t._data))
    if low > high:
        raise RuntimeError(
            msg.HISTC_RANGE if name == "histc" else msg.HISTOGRAM_RANGE.format(low=low, high=high)
        )
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
    edges = _linear_edges(t, bins, float(min), float(max), "histc")
    return make_tensor(_bin_counts(t, edges, None), t._backend)


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
    require_floating(t, "histogramdd")
    backend = t._backend
    xp = backend.xp
    if isinstance(bins, Tensor):
        edges = on_backend(bins, backend, t.dtype)
    else:
        low, high = (0.0, 0.0) if range is None else (float(range[0]), float(range[1]))
        edges = _linear_edges(t, int(bins), low, high, "histogram")
    hist = _bin_counts(t, edges, weight)
    if density:
        hist = hist / (xp.sum(hist) * (edges[1:] - edges[:-1]))
    histogram_type = return_type("histogram", ("hist", "bin_edges"))
    return histogram_type(make_tensor(hist, backend), make_tensor(edges, backend))


__all__ = ["bincount", "histc", "histogram", "unique", "unique_consecutive"]
