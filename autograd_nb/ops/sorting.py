"""Sorting and searching: sort, argsort, msort, topk, kthvalue, mode, searchsorted, bucketize."""

from __future__ import annotations

import math

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from . import std_select
from ._helpers import (
    check_int,
    check_tensor,
    normalize_dim,
    numpy_dim,
    on_backend,
    record,
    result_dtype,
)
from .indexing import _zeros_like, scatter
from .out import with_out, with_pair_out
from .reduction import _indexed_result, _IndexedBackward


@with_out
def searchsorted(
    sorted_sequence,
    input,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter=None,
) -> Tensor:
    """Where each value would go in the innermost sorted rows of `sorted_sequence` to keep
    them sorted: the first such place, or the last with right=True / side='right'."""
    seq = check_tensor(sorted_sequence, "searchsorted", "sorted_sequence")
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(msg.SEARCHSORTED_SIDE.format(side=side))
        if right and side == "left":
            raise RuntimeError(msg.SEARCHSORTED_OPPOSITE.format(side=side))
        right = side == "right"
    backend = seq._backend
    xp = backend.xp
    scalar = not isinstance(input, Tensor)
    dtype = result_dtype(seq, input)
    values = backend.asarray(input, dtype) if scalar else on_backend(input, backend, dtype)
    boundaries = on_backend(seq, backend, dtype)
    if sorter is not None:
        boundaries = xp.take_along_axis(
            boundaries, on_backend(sorter, backend, dtypes.int64), axis=-1
        )
    if boundaries.ndim > 1 and (
        values.ndim != boundaries.ndim or values.shape[:-1] != boundaries.shape[:-1]
    ):
        raise RuntimeError(
            msg.SEARCHSORTED_SHAPES.format(seq=list(boundaries.shape), values=list(values.shape))
        )
    if boundaries.ndim > 1:
        edges = xp.expand_dims(boundaries, axis=-2)  # (..., 1, M) against (..., K, 1)
    else:
        edges = xp.reshape(boundaries, (1,) * values.ndim + (-1,))
    points = xp.expand_dims(values, axis=-1)
    # nan sorts last, as in PyTorch: it is above every edge but a nan edge
    before = (edges <= points) if right else (edges < points)
    if dtype.is_floating_point:
        before = before | (xp.isnan(points) & ~xp.isnan(edges))
    count = xp.sum(xp.astype(before, backend.native[dtypes.int64]), axis=-1)
    return make_tensor(
        xp.astype(count, backend.native[dtypes.int32 if out_int32 else dtypes.int64]), backend
    )


@with_out
def bucketize(input, boundaries, *, out_int32: bool = False, right: bool = False) -> Tensor:
    """The index of the bucket of 1-D `boundaries` each value falls in (searchsorted)."""
    edges = check_tensor(boundaries, "bucketize", "boundaries", 2)
    if edges.dim() != 1:
        raise RuntimeError(msg.BUCKETIZE_DIM.format(dim=edges.dim()))
    return searchsorted(edges, input, out_int32=out_int32, right=right)


class SortBackward0(Node):
    """Each value's gradient goes back to the position its index names."""

    __slots__ = ("_saved_dim", "_saved_indices", "_saved_self_sym_sizes")
    _keeps = ("_saved_indices",)

    def backward(self, grad):
        shape = self._saved_self_sym_sizes
        if not shape:
            return grad
        return scatter(_zeros_like(grad, shape), self._saved_dim, self._saved_indices, grad)


class TopkBackward0(SortBackward0):
    __slots__ = ()


def _sorted_along(x: Tensor, d: int, descending: bool):
    """(values, int64 indices) of `x` sorted along `d`; ties keep their order (stable)."""
    backend = x._backend
    xp = backend.xp
    source = x._data if x._data.ndim else xp.reshape(x._data, (1,))
    data = source
    if x.dtype is dtypes.bool:  # sorted as 0/1, the values read back from the bools
        data = xp.astype(data, backend.native[dtypes.uint8])
    if descending:  # stable descending: sort the reversed data ascending, then read backwards
        n = data.shape[d]
        order = (n - 1) - xp.flip(xp.argsort(xp.flip(data, axis=d), axis=d, stable=True), axis=d)
    else:
        order = xp.argsort(data, axis=d, stable=True)
    values = xp.take_along_axis(source, order, axis=d)
    if not x._data.ndim:
        values, order = xp.reshape(values, ()), xp.reshape(order, ())
    return values, xp.astype(order, backend.native[dtypes.int64])


def _with_positions(name: str, cls, x: Tensor, d: int, values, order):
    from ._helpers import return_type

    backend = x._backend
    indices = make_tensor(order, backend)
    values = record(
        cls,
        (x,),
        values,
        backend,
        dim=d,
        indices=indices,
        self_sym_sizes=tuple(x._data.shape),
    )
    return return_type(name)(values, indices)


@with_out
@tensor_method("sort")
def sort(input, dim: int = -1, descending: bool = False, stable: bool = False, *, axis=None):
    """(values, indices) sorted along `dim`; equal values keep their order."""
    if axis is not None:
        dim = numpy_dim("sort", dim, axis, -1)
    x = check_tensor(input, "sort")
    d = normalize_dim(dim, x._data.ndim)
    values, order = _sorted_along(x, d, descending)
    return _with_positions("sort", SortBackward0, x, d, values, order)


@tensor_method("argsort")
def argsort(
    input, dim: int = -1, descending: bool = False, stable: bool = False, *, axis=None
) -> Tensor:
    """The indices that sort the tensor along `dim` (int64, no gradient)."""
    if axis is not None:
        dim = numpy_dim("argsort", dim, axis, -1)
    x = check_tensor(input, "argsort")
    return make_tensor(
        _sorted_along(x, normalize_dim(dim, x._data.ndim), descending)[1], x._backend
    )


@with_out
@tensor_method("topk")
def topk(input, k: int, dim: int = -1, largest: bool = True, sorted: bool = True, *, axis=None):  # noqa: A002
    """The k largest (or smallest) values along `dim` with their indices."""
    if axis is not None:
        dim = numpy_dim("topk", dim, axis, -1)
    x = check_tensor(input, "topk")
    k = check_int(k, "k")
    if x.dtype is dtypes.bool:
        raise RuntimeError(msg.TOPK_BOOL)
    d = normalize_dim(dim, x._data.ndim)
    size = x._data.shape[d] if x._data.ndim else 1
    if k < 0 or k > size:
        raise RuntimeError(msg.TOPK_RANGE)
    if x._data.ndim and k and x.numel() <= _EMULATED_UP_TO and (not sorted or _has_ties(x, d)):
        values, order = _std_topk(x, d, k, largest, sorted)
    else:  # distinct values in sorted order: any sort gives PyTorch's answer
        values, order = _sorted_along(x, d, largest)
        if x._data.ndim:
            key = (slice(None),) * d + (slice(0, k), ...)
            values, order = values[key], order[key]
    return _with_positions("topk", TopkBackward0, x, d, values, order)


# PyTorch's order of tied values is reproduced in Python, element by element (std_select): for
# tensors up to this size; larger ones keep the sort's order (an order PyTorch leaves unspecified).
_EMULATED_UP_TO = 1 << 16


def _has_ties(x: Tensor, d: int) -> bool:
    """Whether some value (0.0 and -0.0 count as one) or NaN occurs twice along dim `d`."""
    host = np.sort(x._backend.to_host(x._data), axis=d)
    host = np.moveaxis(host, d, -1)
    return bool(np.any(host[..., 1:] == host[..., :-1]) or np.any(host != host))


def _std_topk(x: Tensor, d: int, k: int, largest: bool, sorted: bool) -> tuple:  # noqa: A002
    """(values, indices) as PyTorch's CPU topk leaves them: (value, index) pairs in index order,
    std::partial_sort'ed where k * 64 <= n, else std::nth_element'ed and, if `sorted`, the first
    k - 1 std::sort'ed; its comparator puts NaN first (largest) or last."""
    backend = x._backend
    host = np.moveaxis(backend.to_host(x._data), d, -1)
    n = host.shape[-1]

    def before(a, b) -> bool:
        if largest:
            return (a[0] != a[0] and b[0] == b[0]) or a[0] > b[0]
        return (a[0] == a[0] and b[0] != b[0]) or a[0] < b[0]

    rows = host.reshape(-1, n)
    values = np.empty((rows.shape[0], k), dtype=host.dtype)
    indices = np.empty((rows.shape[0], k), dtype=np.int64)
    for r, row in enumerate(rows):
        queue = [(v, i) for i, v in enumerate(row.tolist())]
        if k * 64 <= n:
            std_select.partial_sort(queue, k, before)
        else:
            std_select.nth_element(queue, k - 1, before)
            if sorted:
                std_select.sort(queue, k - 1, before)
        values[r] = [v for v, _ in queue[:k]]
        indices[r] = [i for _, i in queue[:k]]
    shape = host.shape[:-1] + (k,)
    return (
        backend.from_host(np.moveaxis(values.reshape(shape), -1, d)),
        backend.from_host(np.moveaxis(indices.reshape(shape), -1, d)),
    )


@with_out
@tensor_method("msort")
def msort(input) -> Tensor:
    """`input` sorted along its first dim (the values of sort(input, dim=0))."""
    return sort(check_tensor(input, "msort"), 0).values


class KthvalueBackward0(_IndexedBackward):
    __slots__ = ()


class ModeBackward0(_IndexedBackward):
    __slots__ = ()


def _greater_or_nan(a, b) -> bool:
    """PyTorch's order for kthvalue: nan above every number."""
    return (a != a and b == b) or a > b


def _quick_select(values: list, positions: list, k: int) -> None:
    """Sedgewick's quickselect as PyTorch's kthvalue runs it: afterwards values[k] is the
    k-th smallest (0-based), positions[k] its index; which index among ties follows from the
    median-of-three partitioning, so it matches PyTorch's."""

    def swap(i: int, j: int) -> None:
        values[i], values[j] = values[j], values[i]
        positions[i], positions[j] = positions[j], positions[i]

    low, high = 0, len(values) - 1
    while high > low:
        if high == low + 1:
            if _greater_or_nan(values[low], values[high]):
                swap(low, high)
            return
        swap((low + high) >> 1, low + 1)
        if _greater_or_nan(values[low + 1], values[high]):
            swap(low + 1, high)
        if _greater_or_nan(values[low], values[high]):
            swap(low, high)
        if _greater_or_nan(values[low + 1], values[low]):
            swap(low + 1, low)
        i, j, pivot = low + 1, high, values[low]
        while True:
            i += 1
            while _greater_or_nan(pivot, values[i]):
                i += 1
            j -= 1
            while _greater_or_nan(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(low, j)
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _kth_of_row(row: list, k: int) -> tuple:
    positions = list(range(len(row)))
    _quick_select(row, positions, k - 1)
    return row[k - 1], positions[k - 1]


def _mode_of_row(row: list) -> tuple:
    """The most frequent value (the smallest among equally frequent ones) and the last index
    it has, as PyTorch's CPU kernel finds them from a sorted copy."""
    ordered = sorted(range(len(row)), key=row.__getitem__)
    best, best_count, count = None, 0, 0
    for n, position in enumerate(ordered):
        count += 1
        if n == len(ordered) - 1 or row[ordered[n + 1]] != row[position]:
            if count > best_count:
                best, best_count = position, count
            count = 0
    return row[best], best


def _select_rows(name: str, cls, t: Tensor, d: int, keepdim: bool, pick):
    """(values, indices) along `d` from `pick(row) -> (value, index)` run on each host row."""
    backend = t._backend
    xp = backend.xp
    host = np.moveaxis(np.atleast_1d(backend.to_host(t._data)), d, -1)
    rows = host.reshape(-1, host.shape[-1]) if host.size else host.reshape(0, host.shape[-1])
    picked = [pick(row.tolist()) for row in rows]
    shape = host.shape[:-1]
    values = np.array([v for v, _ in picked], dtype=host.dtype).reshape(shape)
    index = np.array([i for _, i in picked], dtype=np.int64).reshape(shape)
    values = xp.expand_dims(backend.from_host(values), axis=d)
    index = xp.expand_dims(backend.from_host(index), axis=d)
    return _indexed_result(t, d, keepdim, name, cls, values, index)


def _check_reduced_size(name: str, t: Tensor, d: int) -> None:
    """PyTorch's refusal to reduce an empty dim into a non-empty result."""
    shape = tuple(t._data.shape)
    if shape and shape[d] == 0 and math.prod(shape[:d] + shape[d + 1 :]):
        raise IndexError(msg.REDUCE_EMPTY_DIM.format(name=name, dim=d))


@with_pair_out
@tensor_method("kthvalue")
def kthvalue(input, k: int, dim: int = -1, keepdim: bool = False):
    """The k-th smallest value along `dim` and its index (nan counts as the largest)."""
    t = check_tensor(input, "kthvalue")
    k = check_int(k, "k")
    d = normalize_dim(dim, t._data.ndim)
    _check_reduced_size("kthvalue", t, d)
    size = t._data.shape[d] if t._data.ndim else 1
    if not 0 < k <= size:
        raise RuntimeError(msg.KTHVALUE_RANGE.format(dim=d))
    if t.dtype is dtypes.bool and t._data.ndim:  # PyTorch copies a 0-d input before dispatch
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="kthvalue_cpu", dtype="Bool"))
    return _select_rows("kthvalue", KthvalueBackward0, t, d, keepdim, lambda r: _kth_of_row(r, k))


@with_pair_out
@tensor_method("mode")
def mode(input, dim: int = -1, keepdim: bool = False):
    """The most frequent value along `dim` (the smallest among ties) and its last index."""
    t = check_tensor(input, "mode")
    d = normalize_dim(dim, t._data.ndim)
    _check_reduced_size("mode", t, d)
    return _select_rows("mode", ModeBackward0, t, d, keepdim, _mode_of_row)


__all__ = ["argsort", "bucketize", "kthvalue", "mode", "msort", "searchsorted", "sort", "topk"]
