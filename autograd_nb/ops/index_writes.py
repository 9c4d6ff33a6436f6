"""Writing whole slices at a vector of positions along a dim: index_add, index_copy, index_fill."""

from __future__ import annotations

import math
import warnings

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node
from ..backends import python_number
from ._helpers import (
    broadcast_shapes,
    check_same_device,
    check_tensor,
    is_half,
    normalize_dim,
    record,
    scalar_for,
    short_name,
)
from .counting import unique
from .indexing import (
    _INDEX_DTYPES,
    _check_range,
    _fill_value,
    _flat_positions,
    _grid,
    _on,
    _scatter_args,
    _scatter_into,
    _src_part,
    host_key,
    index_select,
    scatter,
    src_gradient,
)
from .inplace import IndexPutBackward0, _index_put, apply_inplace, inplace_method
from .out import with_out


def _index_vector(x: Tensor, dim: int, index, name: str, dtype_error, vector_error) -> tuple:
    """(dim, index as a flat int64 array): the index a dtype (int64, or int32 too for index_add)
    and at most 1-d, with the error the op gives for each."""
    index = check_tensor(index, name, "index", 3)
    if index.dtype is not dtypes.int64 and (
        name not in ("index_add", "index_reduce") or index.dtype not in _INDEX_DTYPES
    ):
        raise dtype_error(index)
    if index._data.ndim > 1:
        raise vector_error(index)
    backend = x._backend
    idx = backend.xp.astype(
        backend.xp.reshape(_on(index, backend), (-1,)), backend.native[dtypes.int64]
    )
    return normalize_dim(dim, x._data.ndim), index, idx


def _slices_into(x: Tensor, d: int, idx, values, accumulate: bool = False):
    """_scatter_into for whole slices sent to positions `idx` along `d` (a 0-d x as 1 element)."""
    backend = x._backend
    xp = backend.xp
    target = x if x._data.ndim else x.detach().reshape(1)
    shape, view = list(target._data.shape), [1] * target._data.ndim
    shape[d] = view[d] = idx.shape[0]
    index = make_tensor(xp.broadcast_to(xp.reshape(idx, tuple(view)), tuple(shape)), backend)
    out = _scatter_into(target, d, index, values, accumulate)
    return out if target is x else xp.reshape(out, ())


def _slice_shape(shape: tuple, d: int) -> list:
    return [s for k, s in enumerate(shape) if k != d]


def _source_arg(x: Tensor, source, name: str, position: int = 4) -> Tensor:
    source = check_tensor(source, name, "source", position)
    if source._backend is not x._backend:
        check_same_device(f"wrapper_CUDA_{name}", "source", x, source)
    return source


class IndexAddBackward0(Node):
    """self's gradient passes through; source's is read back at index, times alpha."""

    __slots__ = ("_saved_alpha", "_saved_dim", "_saved_index", "_saved_source_shape")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        grad_source = None
        if self.needs_input_grad(1):
            grad_source = index_select(grad, self._saved_dim, self._saved_index).reshape(
                self._saved_source_shape
            )
            if self._saved_alpha != 1:
                grad_source = grad_source * self._saved_alpha
        return (grad if self.needs_input_grad(0) else None), grad_source


@with_out
@tensor_method("index_add")
def index_add(input, dim: int, index, source, *, alpha=1) -> Tensor:
    """A copy of input with alpha * source's slices added at `index` along `dim` (repeats add)."""
    x = check_tensor(input, "index_add")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_add",
        lambda i: RuntimeError(msg.INDEX_ADD_DTYPE.format(dtype=i.dtype.legacy_name[:-6])),
        lambda i: IndexError(
            msg.INDEX_ADD_VECTOR.format(
                dim=i._data.ndim, type=i.dtype.legacy_name[:-6], size=list(i._data.shape)
            )
        ),
    )
    source = _source_arg(x, source, "index_add")
    if source.dtype is not x.dtype:
        raise RuntimeError(
            msg.INDEX_ADD_SOURCE_DTYPE.format(
                self=x.dtype.legacy_name[:-6], source=source.dtype.legacy_name[:-6]
            )
        )
    xs, ss = tuple(x._data.shape), tuple(source._data.shape)
    if len(ss) != len(xs) or _slice_shape(xs, d) != _slice_shape(ss, d):
        raise RuntimeError(msg.INDEX_ADD_SHAPE.format(self=list(xs), source=list(ss)))
    n = idx.shape[0]
    if ss and n != ss[d]:
        raise RuntimeError(msg.INDEX_ADD_COUNT.format(n=n, size=ss[d], dim=d))
    backend = x._backend
    _check_range(
        backend,
        idx,
        xs[d] if xs else 1,
        lambda i: RuntimeError(msg.INDEX_RANGE.format(index=i, dim=d, size=xs[d] if xs else 1)),
        negative=False,
    )
    added = source._data if alpha == 1 else source._data * scalar_for(alpha, x.dtype)
    data = _slices_into(x, d, idx, added, accumulate=True)
    return record(
        IndexAddBackward0,
        (x, source),
        data,
        backend,
        alpha=alpha,
        dim=d,
        index=index,
        source_shape=ss,
    )


class IndexCopyBackward0(Node):
    """The overwritten slices give self no gradient; source gets theirs."""

    __slots__ = ("_saved_dim", "_saved_index", "_saved_source_shape")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        d, index = self._saved_dim, self._saved_index
        return (
            index_fill(grad, d, index, 0) if self.needs_input_grad(0) else None,
            index_select(grad, d, index).reshape(self._saved_source_shape)
            if self.needs_input_grad(1)
            else None,
        )


@with_out
@tensor_method("index_copy")
def index_copy(input, dim: int, index, source) -> Tensor:
    """A copy of input with source's slices written at `index` along `dim` (the last one wins)."""
    x = check_tensor(input, "index_copy")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_copy",
        lambda i: RuntimeError(msg.INDEX_COPY_DTYPE.format(dtype=i.dtype.legacy_name[:-6])),
        lambda i: IndexError(msg.INDEX_COPY_VECTOR.format(dim=i._data.ndim)),
    )
    source = _source_arg(x, source, "index_copy")
    xs, ss = tuple(x._data.shape), tuple(source._data.shape)
    n = idx.shape[0]
    if not ss:
        if n != 1:
            raise IndexError(msg.INDEX_COPY_SCALAR.format(n=n))
    elif xs and len(ss) != len(xs):
        raise IndexError(msg.INDEX_COPY_DIMS.format(source=len(ss), dest=len(xs)))
    elif xs and _slice_shape(xs, d) != _slice_shape(ss, d):
        raise RuntimeError(
            msg.INDEX_COPY_SHAPE.format(
                dest=" ".join(map(str, _slice_shape(xs, d))),
                dim=d,
                source=" ".join(map(str, _slice_shape(ss, d))),
            )
        )
    elif n != ss[d]:
        raise IndexError(msg.INDEX_COPY_COUNT.format(n=n, size=ss[d]))
    if source.dtype is not x.dtype:
        raise RuntimeError(
            msg.INDEX_COPY_SOURCE_DTYPE.format(
                self=x.dtype.legacy_name[:-6], source=source.dtype.legacy_name[:-6]
            )
        )
    backend = x._backend
    size = xs[d] if xs else 1
    _check_range(
        backend,
        idx,
        size,
        lambda i: IndexError(msg.INDEX_COPY_RANGE.format(index=i, dim=d, size=size)),
        negative=False,
    )
    data = _slices_into(x, d, idx, source._data)
    return record(
        IndexCopyBackward0, (x, source), data, backend, dim=d, index=index, source_shape=ss
    )


class IndexFillBackward0(Node):
    """index_fill with a number: the filled slices get no gradient."""

    __slots__ = ("_saved_dim", "_saved_index", "_saved_value")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        return index_fill(grad, self._saved_dim, self._saved_index, 0)


class IndexFillBackward1(Node):
    """index_fill with a 0-dim tensor: the value gets the sum of the filled slices' gradient,
    each slice counted once however often the index repeats it."""

    __slots__ = ("_saved_dim", "_saved_index")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        d, index = self._saved_dim, self._saved_index
        filled = None
        if self.needs_input_grad(1):
            size = grad.shape[d] if grad.dim() else 1
            filled = index_select(grad, d, unique(index.remainder(size))).sum()
        return (index_fill(grad, d, index, 0) if self.needs_input_grad(0) else None, filled)


@tensor_method("index_fill")
def index_fill(input, dim: int, index, value) -> Tensor:
    """A copy of input with `value` in the slices at `index` along `dim` (negatives count back)."""
    x = check_tensor(input, "index_fill")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_fill",
        lambda i: IndexError(msg.INDEX_FILL_DTYPE),
        lambda i: RuntimeError(msg.INDEX_FILL_VECTOR),
    )
    backend = x._backend
    xp = backend.xp
    if isinstance(python_number(value), complex):
        raise RuntimeError(msg.INDEX_FILL_COMPLEX)
    fill, cls, inputs = _fill_value(
        x, value, msg.INDEX_FILL_VALUE_DIM, (IndexFillBackward0, IndexFillBackward1)
    )
    size = x._data.shape[d] if x._data.ndim else 1
    _check_range(
        backend, idx, size, lambda i: IndexError(msg.INDEX_RANGE.format(index=i, dim=d, size=size))
    )
    hit = xp.zeros((size,), dtype=idx.dtype, device=backend.native_device)
    backend.scatter_add(hit, (idx,), xp.ones_like(idx))
    view = [1] * x._data.ndim
    if view:
        view[d] = size
    data = xp.where(xp.reshape(hit > 0, tuple(view)), fill, x._data)
    saved = {"value": value} if cls is IndexFillBackward0 else {}
    return record(cls, inputs, data, backend, dim=d, index=index, **saved)


# --- in-place forms -------------------------------------------------------------------------------

index_add_ = inplace_method(
    "index_add", "Add alpha * source's slices at `index` along `dim`, in place."
)
index_copy_ = inplace_method(
    "index_copy", "Write source's slices at `index` along `dim`, in place."
)
index_fill_ = inplace_method("index_fill", "Fill the slices at `index` along `dim`, in place.")


# --- scatter_reduce: src reduced into input at index along a dim ----------------------------------

_REDUCE_ALIASES = {"max": "amax", "min": "amin"}  # PyTorch still takes scatter_'s old names
_HOST_REDUCERS = {
    "sum": np.add,
    "mean": np.add,
    "prod": np.multiply,
    "amax": np.maximum,
    "amin": np.minimum,
}


def _reduce_identity(reduce: str, dtype: dtypes.dtype):
    """The start value of a reduction that ignores the input: -inf for amax, +inf for amin..."""
    if reduce == "prod":
        return 1
    if dtype.is_floating_point:
        return -math.inf if reduce == "amax" else math.inf
    info = np.iinfo(np.int64 if dtype is dtypes.bool else dtype.name)
    return info.min if reduce == "amax" else info.max


class ScatterReduceBackward0(Node):
    """Each reduction's own derivative (PyTorch's scatter_reduce_backward): sum passes grad,
    mean divides it by the count, amax/amin share it among ties, prod multiplies the others."""

    __slots__ = (
        "_saved_dim",
        "_saved_index",
        "_saved_reduce",
        "_saved_include_self",
        "_saved_result",
    )
    _saved_names = ("self", "src")

    def backward(self, grad):
        x, src, result = self._unpack(0), self._unpack(1), self._saved_result
        if x.dim() == 0:  # a 0-d input reduced as one element
            grad_self, grad_src = self._grads(grad.reshape(1), x.reshape(1), src, result.reshape(1))
            return grad_self.reshape(()), grad_src
        return self._grads(grad, x, src, result)

    def _grads(self, grad, x, src, result) -> tuple:
        d, index, reduce = self._saved_dim, self._saved_index, self._saved_reduce
        include = self._saved_include_self
        src_shape = tuple(src.shape)
        if index.numel() == 0:  # nothing was sent
            return grad, src.new_zeros(src_shape)
        if src_shape != tuple(index.shape):  # only the corner the index covers was sent
            src = src[tuple(slice(0, n) for n in index.shape)]
        ones = x.new_ones(index.shape)
        if reduce == "sum":
            grad_self, grad_src = grad, grad.gather(d, index)
        elif reduce == "mean":
            n = x.new_ones(x.shape) * include
            n = n.scatter_add(d, index, ones).clamp(min=1)
            grad_self, grad_src = grad / n, (grad / n).gather(d, index)
        elif reduce == "prod":
            grad_self, grad_src = _prod_grads(grad, x, src, result, d, index, include)
        else:
            self_hit = x == result  # counted among the ties even when left out (PyTorch)
            src_hit = src == result.gather(d, index)
            count = self_hit.to(grad.dtype).scatter_add(d, index, src_hit.to(grad.dtype))
            share = grad / count.clamp(min=1)
            grad_self, grad_src = share * self_hit, share.gather(d, index) * src_hit
        if not include:  # input's own values were left out where src was reduced
            scattered = scatter(x.new_zeros(x.shape, dtype=dtypes.bool), d, index, True)
            grad_self = grad.masked_fill(scattered, 0)
        return grad_self, src_gradient(grad_src, src_shape)


def _prod_grads(grad, x, src, result, d: int, index, include: bool) -> tuple:
    """grad times the product of the other factors of each position, zeros included."""
    factors = x.where(x != 0, 1) if include else x.new_ones(x.shape)
    nonzero = factors.scatter_reduce(d, index, src.where(src != 0, 1), "prod")
    zeros = ((x == 0) & include).to(grad.dtype).scatter_add(d, index, (src == 0).to(grad.dtype))

    def others(value, nonzero, zeros):
        safe = value.where(value != 0, 1)
        return ((zeros == 0) * nonzero / safe).where(value != 0, (zeros == 1) * nonzero)

    grad_self = grad * others(x, nonzero, zeros)
    grad_src = grad.gather(d, index) * others(src, nonzero.gather(d, index), zeros.gather(d, index))
    return grad_self, grad_src


def _first_extremes(start, flat, values, reducer):
    """`reducer.at(start, flat, values)` (np.maximum or np.minimum) as PyTorch's running
    max(acc, value) gives it: of tied values (0.0 and -0.0) the earlier one stays, `start` first."""
    out = start.copy()
    reducer.at(out, flat, values)
    same = (values == out[flat]) | (np.isnan(values) & np.isnan(out[flat]))
    first = np.full(out.shape, len(values))  # the first value sent that equals the result
    np.minimum.at(first, flat[same], np.nonzero(same)[0])
    kept = (start == out) | (np.isnan(start) & np.isnan(out)) | (first == len(values))
    return np.where(kept, start, np.append(values, 0)[first])


@with_out
@tensor_method("scatter_reduce")
def scatter_reduce(input, dim: int, index, src, reduce: str, *, include_self: bool = True):
    """A copy of input with src reduced (sum, prod, mean, amax or amin) into the positions
    `index` names along `dim`; include_self=False leaves input's own values out."""
    reduce = _REDUCE_ALIASES.get(reduce, reduce)
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise RuntimeError(msg.SCATTER_REDUCE_NAME.format(reduce=reduce))
    x, d, index, src = _scatter_args(
        input, dim, index, check_tensor(src, "scatter_reduce", "src", 4), "scatter_reduce"
    )
    if reduce == "mean" and x.dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel="scatter_gather_tensor_cpu_reduce_mean", dtype="Bool")
        )
    backend = x._backend
    shape = tuple(x._data.shape) or (1,)  # a 0-d input reduces as one element
    flat = backend.to_host(_flat_positions(backend, _grid(backend, _on(index, backend), d), shape))
    host = backend.to_host(x._data)
    # PyTorch's CPU kernel: one value after another into the running result, in index order,
    # float16 and bfloat16 in float32 (their opmath type)
    acc = np.float32 if is_half(host.dtype) else host.dtype
    values = backend.to_host(_src_part(src, index, backend)).reshape(-1).astype(acc)
    out = host.reshape(-1).astype(acc)
    counts = np.bincount(flat, minlength=out.size)
    if not include_self:
        out[counts > 0] = 0 if reduce in ("sum", "mean") else _reduce_identity(reduce, x.dtype)
    if reduce in ("amax", "amin"):
        out = _first_extremes(out, flat, values, _HOST_REDUCERS[reduce])
    else:
        _HOST_REDUCERS[reduce].at(out, flat, values)
    out = out.astype(host.dtype)
    if reduce == "mean":
        n = np.maximum(counts + include_self, 1).astype(host.dtype)
        out = out / n if x.dtype.is_floating_point else out // n
    data = backend.from_host(out.reshape(host.shape))
    return record(
        ScatterReduceBackward0,
        (x, src),
        data,
        backend,
        (x, src),
        result=make_tensor(data, backend),
        dim=d,
        index=index,
        reduce=reduce,
        include_self=include_self,
    )


scatter_reduce_ = inplace_method("scatter_reduce", "scatter_reduce in place.")


class IndexReduceBackward0(ScatterReduceBackward0):
    """index_reduce is scatter_reduce with the index spread over the source's slices: the same
    derivatives (`_saved_index` is that spread index)."""

    __slots__ = ()
    _saved_names = ("self", "source")


def _index_reduce_args(x: Tensor, dim: int, index, source, reduce: str) -> tuple:
    """(dim, source, the index spread to source's shape) after PyTorch's checks, in its order."""
    source = _source_arg(x, source, "index_reduce")
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(msg.INDEX_REDUCE_NAME.format(reduce=reduce))
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_reduce",
        lambda i: RuntimeError(msg.INDEX_REDUCE_DTYPE.format(dtype=i.dtype.legacy_name[:-6])),
        lambda i: IndexError(
            msg.INDEX_REDUCE_VECTOR.format(
                dim=i._data.ndim, type=i.dtype.legacy_name[:-6], size=list(i._data.shape)
            )
        ),
    )
    xs, ss = tuple(x._data.shape), tuple(source._data.shape)
    if len(ss) != len(xs) or _slice_shape(xs, d) != _slice_shape(ss, d):
        raise RuntimeError(msg.INDEX_ADD_SHAPE.format(self=list(xs), source=list(ss)))
    if ss and idx.shape[0] != ss[d]:
        raise RuntimeError(msg.INDEX_REDUCE_COUNT.format(n=idx.shape[0], size=ss[d], dim=d))
    if source.dtype is not x.dtype:
        raise RuntimeError(
            msg.INDEX_REDUCE_SOURCE_DTYPE.format(
                self=x.dtype.legacy_name[:-6], source=source.dtype.legacy_name[:-6]
            )
        )
    backend = x._backend
    _check_range(
        backend, idx, xs[d] if xs else 1, lambda i: IndexError(msg.INDEX_SELECT_RANGE), False
    )
    if not ss:  # a 0-d source is one slice: its one index, 0-d too
        return d, source, make_tensor(backend.xp.reshape(idx, ()), backend)
    view = [1] * len(ss)
    view[d] = -1
    spread = make_tensor(backend.xp.reshape(idx, tuple(view)), backend).expand(ss)
    return d, source, spread


_BETA_WARNED: list = []


@with_out
@tensor_method("index_reduce")
def index_reduce(input, dim: int, index, source, reduce: str, *, include_self: bool = True):
    """A copy of input with source's slices reduced (prod, mean, amax or amin) into the slices
    `index` names along `dim`; include_self=False leaves input's own values out."""
    x = check_tensor(input, "index_reduce")
    d, source, spread = _index_reduce_args(x, dim, index, source, reduce)
    if not _BETA_WARNED:  # PyTorch's TORCH_WARN_ONCE: once per process
        _BETA_WARNED.append(True)
        warnings.warn(msg.INDEX_REDUCE_BETA, UserWarning, stacklevel=2)
    with no_grad():
        data = scatter_reduce(x, d, spread, source, reduce, include_self=include_self)._data
    return record(
        IndexReduceBackward0,
        (x, source),
        data,
        x._backend,
        (x, source),
        result=make_tensor(data, x._backend),
        dim=d,
        index=spread,
        reduce=reduce,
        include_self=include_self,
    )


index_reduce_ = inplace_method("index_reduce", "index_reduce in place.")


# --- index_put, put, masked_scatter: values written at advanced-index positions -------------------


@tensor_method("index_put")
def index_put(input, indices, values, accumulate: bool = False) -> Tensor:
    """A copy of input with `input[indices] = values` (or `+=` with accumulate=True, where
    repeated positions add up)."""
    t = check_tensor(input, "index_put")
    values = check_tensor(values, "index_put", "values", 3)
    key = host_key(tuple(indices))
    if values.dtype is not t.dtype:
        t.detach()[key]  # PyTorch's index errors come before its dtype error
        raise RuntimeError(
            msg.INDEX_PUT_DTYPE.format(dst=short_name(t.dtype), src=short_name(values.dtype))
        )
    return _index_put(t, key, values, accumulate)


@tensor_method("index_put_")
def index_put_(input, indices, values, accumulate: bool = False) -> Tensor:
    """`input[indices] = values` in place (or `+=` with accumulate=True)."""
    return apply_inplace(input, index_put, indices, values, accumulate)


class PutBackward0(IndexPutBackward0):
    __slots__ = ()


@tensor_method("put")
def put(input, index, source, accumulate: bool = False) -> Tensor:
    """A copy of input with source written at the flat (row-major) positions `index`; negative
    positions count from the end; accumulate=True adds instead."""
    t = check_tensor(input, "put")
    index = check_tensor(index, "put", "index", 2)
    source = check_tensor(source, "put", "source", 3)
    if index.dtype is not dtypes.int64:
        raise RuntimeError(msg.PUT_INDEX_DTYPE.format(dtype=short_name(index.dtype)))
    if source.dtype is not t.dtype:
        raise RuntimeError(
            msg.PUT_DTYPE.format(self=short_name(t.dtype), source=short_name(source.dtype))
        )
    if source.numel() != index.numel():
        raise IndexError(msg.PUT_COUNT.format(source=source.numel(), index=index.numel()))
    numel = t.numel()
    _check_range(
        t._backend,
        _on(index, t._backend),
        numel,
        lambda i: IndexError(msg.PUT_RANGE.format(index=i, numel=numel)),
    )
    positions = index.reshape(source.shape) % max(numel, 1)
    return _index_put(t, positions, source, accumulate, PutBackward0, flat=True)


@tensor_method("put_")
def put_(input, index, source, accumulate: bool = False) -> Tensor:
    """put in place: source written (or added) at the flat positions `index` of input."""
    return apply_inplace(input, put, index, source, accumulate)


class MaskedScatterBackward0(IndexPutBackward0):
    __slots__ = ()


def _masked_scatter(self: Tensor, mask: Tensor, source: Tensor) -> Tensor:
    """self (already of mask's shape) with source's first elements where mask is True."""
    count = int(mask.sum())
    if source.numel() < count:
        raise RuntimeError(msg.MASKED_SCATTER_COUNT)
    return _index_put(self, (mask,), source.reshape(-1)[:count], cls=MaskedScatterBackward0)


def _masked_scatter_args(input, mask, source, name: str) -> tuple:
    t = check_tensor(input, name)
    mask = check_tensor(mask, name, "mask", 2)
    source = check_tensor(source, name, "source", 3)
    if mask.dtype is not dtypes.bool:
        raise RuntimeError(msg.MASKED_SCATTER_DTYPE.format(dtype=short_name(mask.dtype)))
    if source.dtype is not t.dtype:
        raise RuntimeError(
            msg.MASKED_SCATTER_SOURCE_DTYPE.format(
                self=short_name(t.dtype), source=short_name(source.dtype)
            )
        )
    return t, mask, source


@tensor_method("masked_scatter")
def masked_scatter(input, mask, source) -> Tensor:
    """A copy of input (broadcast with mask) with source's elements, in order, where mask is
    True."""
    t, mask, source = _masked_scatter_args(input, mask, source, "masked_scatter")
    shape = broadcast_shapes(tuple(t.shape), tuple(mask.shape))
    return _masked_scatter(t.expand(shape), mask.expand(shape), source)


@tensor_method("masked_scatter_")
def masked_scatter_(self, mask, source) -> Tensor:
    """masked_scatter in place: the mask must broadcast to self's shape."""
    t, mask, source = _masked_scatter_args(self, mask, source, "masked_scatter_")
    mask = mask.expand(t.shape)
    return apply_inplace(t, _masked_scatter, mask, source)


__all__ = [
    "index_add",
    "index_copy",
    "index_fill",
    "index_put",
    "index_put_",
    "index_reduce",
    "masked_scatter",
    "put",
    "scatter_reduce",
]
