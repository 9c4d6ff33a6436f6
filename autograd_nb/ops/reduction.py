"""Reductions: `sum`, `mean`, `prod`, `max`/`min`, `amax`, `argmax`, `all`/`any`, `norm`,
`renorm`, `dist`, `aminmax`, `count_nonzero` along dims (statistics.py has var/std/median/
quantile, scans.py the running ops, log_sum_exp.py softmax).

A reduction over `dim` (an int, a tuple of ints, or None / () for every dim) with `keepdim`.
Backward functions first put the reduced dims back (`_unreduce`) so the gradient broadcasts
over the input. `sum_to_size` is also here: it sums a broadcast gradient back to an input's shape.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.grad_mode import is_grad_enabled
from ..autograd.node import Node
from ._helpers import (
    check_number,
    check_tensor,
    is_int,
    is_list_int,
    normalize_dim,
    numpy_dim,
    numpy_keepdim,
    record,
    refused_overloads,
    result_dtype,
    return_type,
)
from .comparison import where
from .inplace import inplace_method
from .out import with_out
from .shape import spread_or_keyword


def _kept_shape(shape: tuple, dims: tuple) -> tuple:
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


def _reduce_dims(dim, ndim: int) -> tuple:
    """Distinct normalized dims; None and () mean every dim, as in PyTorch's reductions."""
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return tuple(range(ndim))
    if isinstance(dim, (tuple, list)):
        from .shape import distinct_dims  # PyTorch's error for a dim given twice

        return tuple(sorted(distinct_dims(dim, ndim)))
    return (normalize_dim(dim, ndim),)


def check_dims(name: str, signatures: tuple, t: Tensor, dim, keepdim=False) -> None:
    """A reduction's `dim` (sum, mean, std, var): an int or a sequence of ints, else PyTorch's
    TypeErrors (its overload list, or which element of the sequence it could not read)."""
    items = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    bad = next((i for i, d in enumerate(items) if not is_list_int(d, i)), None)
    if bad is None:
        return
    if bad:
        kind = type(items[bad]).__name__
        raise TypeError(msg.SIZE_UNPACK.format(name=name, arg="dim", pos=bad + 1, type=kind))
    raise refused_overloads(name, signatures, t, dim, *((keepdim,) if keepdim else ()))


def _axis(t: Tensor, dims: tuple):
    """The axis argument for the array namespace (a 0-d array takes dims 0/-1 as no axis)."""
    return dims if t._data.ndim else None


def _unreduce(grad: Tensor, shape: tuple, dims: tuple, keepdim: bool) -> Tensor:
    """A reduced result's gradient reshaped so it broadcasts against the input again."""
    if not keepdim and grad.dim() != len(shape):
        grad = grad.reshape(_kept_shape(shape, dims))
    return grad


def _count(shape: tuple, dims: tuple) -> int:
    """How many elements each reduced slice holds (1 for a 0-d tensor's dim 0)."""
    n = 1
    for d in dims:
        n *= shape[d] if shape else 1
    return n


def _type_name(t: Tensor) -> str:
    return t.dtype.legacy_name[:-6]  # "LongTensor" -> "Long"


# --- sum / mean -----------------------------------------------------------------------------------
class SumBackward0(Node):
    """sum of all elements: every input element gets the output's gradient."""

    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.expand(self._saved_self_sym_sizes)


class SumBackward1(Node):
    """sum along dims."""

    __slots__ = ("_saved_self_sym_sizes", "_saved_dim", "_saved_keepdim")

    def backward(self, grad):
        shape = self._saved_self_sym_sizes
        return _unreduce(grad, shape, self._saved_dim, self._saved_keepdim).expand(shape)


def _sum_dtype(t: Tensor, dtype):
    if dtype is not None:
        return dtype
    return dtypes.int64 if not t.dtype.is_floating_point else t.dtype


def _add_up(backend, data, axis, keepdims: bool, dtype: dtypes.dtype):
    """The sum of an array in `dtype`; float16 and bfloat16 are added up in float32 and rounded
    once, as PyTorch's CPU kernels do."""
    if dtype in dtypes.HALF_FLOATS:
        total = backend.sum(
            data, axis=axis, keepdims=keepdims, dtype=backend.native[dtypes.float32]
        )
        return backend.xp.astype(total, backend.native[dtype])
    return backend.sum(data, axis=axis, keepdims=keepdims, dtype=backend.native[dtype])


@with_out
@tensor_method("sum")
def sum(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """Sum of all elements, or along `dim` (an int or a tuple of ints)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("sum", dim, axis, None)
        keepdim = numpy_keepdim("sum", keepdim, keepdims, False)
    t = check_tensor(input, "sum")
    if not (dim is None or type(dim) is int):
        check_dims("sum", msg.SUM_SIGNATURES, t, dim, keepdim)
    backend = t._backend
    out_dtype = _sum_dtype(t, dtype)
    whole = dim is None
    dims = _reduce_dims(dim, t._data.ndim)
    data = t._data
    if t.dtype is dtypes.bool:  # the array API sums numbers only
        data = backend.xp.astype(data, backend.native[dtypes.int64])
    data = _add_up(backend, data, None if whole else _axis(t, dims), keepdim, out_dtype)
    if whole:
        return record(SumBackward0, (t,), data, backend, self_sym_sizes=tuple(t._data.shape))
    return record(
        SumBackward1,
        (t,),
        data,
        backend,
        self_sym_sizes=tuple(t._data.shape),
        dim=dims,
        keepdim=keepdim,
    )


@tensor_method("sum_to_size")
def sum_to_size(self, *sizes, size=None) -> Tensor:
    """Sum broadcast dims away so the result has shape `size` (the inverse of expand)."""
    size = spread_or_keyword("sum_to_size", "size", sizes, size)
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    shape = tuple(self._data.shape)
    if shape == tuple(size):
        return self
    lead = len(shape) - len(size)
    dims = tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(size) if s == 1 and shape[lead + i] != 1
    )
    out = sum(self, dims, keepdim=True) if dims else self
    return out.reshape(size) if lead or out.shape != tuple(size) else out


class MeanBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes", "_saved_self_sym_numel")

    def backward(self, grad):
        return grad.expand(self._saved_self_sym_sizes) / self._saved_self_sym_numel


class MeanBackward1(Node):
    __slots__ = ("_saved_self_sym_sizes", "_saved_dim", "_saved_keepdim", "_count")

    def backward(self, grad):
        shape = self._saved_self_sym_sizes
        grad = _unreduce(grad, shape, self._saved_dim, self._saved_keepdim)
        return grad.expand(shape) / self._count


def _mean_data(backend, data, axis, keepdims: bool, count: int):
    """The mean of an array over `axis` (`count` elements each): nan for an empty slice, as in
    PyTorch (NumPy would warn "Mean of empty slice")."""
    if count == 0:
        return backend.xp.full_like(backend.sum(data, axis=axis, keepdims=keepdims), float("nan"))
    if backend.ours[data.dtype] in dtypes.HALF_FLOATS:  # added up in float32, as PyTorch does
        total = backend.sum(data, axis=axis, keepdims=keepdims, dtype=backend.xp.float32)
        return backend.xp.astype(total / count, data.dtype)
    # what NumPy's mean computes, without its Python-level bookkeeping
    return backend.sum(data, axis=axis, keepdims=keepdims) / count


@with_out
@tensor_method("mean")
def mean(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:
    """Average of all elements, or along `dim`; needs a floating dtype as in PyTorch."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("mean", dim, axis, None)
        keepdim = numpy_keepdim("mean", keepdim, keepdims, False)
    t = input if isinstance(input, Tensor) else check_tensor(input, "mean")
    if not (dim is None or type(dim) is int):
        check_dims("mean", msg.MEAN_SIGNATURES, t, dim, keepdim)
    backend = t._backend
    own = backend.ours[t._data.dtype]
    if dtype is not None and not dtype.is_floating_point:
        raise RuntimeError(msg.MEAN_OPTIONAL_DTYPE.format(dtype=dtype.legacy_name[:-6]))
    if not (dtype or own).is_floating_point:
        raise RuntimeError(msg.MEAN_DTYPE.format(dtype=_type_name(t)))
    if dtype is not None and dtype is not own:
        t, own = t.to(dtype), dtype
    whole = dim is None
    shape = tuple(t._data.shape)
    if whole:
        dims, count, axis = None, t._data.size, None
    else:
        dims = _reduce_dims(dim, len(shape))
        count, axis = _count(shape, dims), _axis(t, dims)
    data = _mean_data(backend, t._data, axis, keepdim, count)
    if whole:
        return record(
            MeanBackward0, (t,), data, backend, self_sym_sizes=shape, self_sym_numel=count
        )
    return record(
        MeanBackward1,
        (t,),
        data,
        backend,
        state={"count": count},
        self_sym_sizes=shape,
        dim=dims,
        keepdim=keepdim,
    )


class NansumBackward0(Node):
    """nansum: like sum, but the nans (counted as 0) get no gradient."""

    __slots__ = ("_saved_dim", "_saved_keepdim")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        shape = tuple(x.shape)
        grad = _unreduce(grad, shape, self._saved_dim, self._saved_keepdim)
        return grad * x.isnan().logical_not()


@with_out
@tensor_method("nansum")
def nansum(
    input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None
) -> Tensor:
    """sum() that counts nans as zero."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("nansum", dim, axis, None)
        keepdim = numpy_keepdim("nansum", keepdim, keepdims, False)
    t = check_tensor(input, "nansum")
    if not t.dtype.is_floating_point:
        return sum(t, dim, keepdim, dtype=dtype)
    backend = t._backend
    xp = backend.xp
    dims = _reduce_dims(dim, t._data.ndim)
    zeroed = xp.where(xp.isnan(t._data), xp.zeros_like(t._data), t._data)
    data = _add_up(backend, zeroed, _axis(t, dims), keepdim, _sum_dtype(t, dtype))
    return record(NansumBackward0, (t,), data, backend, (t,), dim=dims, keepdim=keepdim)


@with_out
@tensor_method("nanmean")
def nanmean(
    input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None
) -> Tensor:
    """mean() of the non-nan elements (nan where all are nan); grad_fn DivBackward0 as PyTorch."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("nanmean", dim, axis, None)
        keepdim = numpy_keepdim("nanmean", keepdim, keepdims, False)
    t = check_tensor(input, "nanmean")
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.NANMEAN_INPUT.format(dtype=_type_name(t)))
    if dtype is not None and not dtype.is_floating_point:
        raise RuntimeError(msg.NANMEAN_DTYPE.format(dtype=dtype.legacy_name[:-6]))
    count = sum(t.isnan().logical_not(), dim, keepdim)
    return nansum(t, dim, keepdim, dtype=dtype) / count


# --- prod -----------------------------------------------------------------------------------------
def _prod_grad(x: Tensor, grad: Tensor, dim: int) -> Tensor:
    """d prod / dx_i along `dim`, the product of the others, as PyTorch computes it: prod / x_i
    where no x is zero, else (x_0 ... x_i-1) * (x_i+1 ... x_n) from running products (so a
    -0.0 among the others gives the product its sign)."""
    if not bool((x == 0).any()):
        return grad * (prod(x, dim, keepdim=True) / x)
    from .joining import cat

    n = x.shape[dim]
    ones = x.new_ones(tuple(1 if d == dim else s for d, s in enumerate(x.shape)))
    before = cat([ones, x.narrow(dim, 0, n - 1)], dim).cumprod(dim)
    after = cat([ones, x.narrow(dim, 1, n - 1).flip(dim)], dim).cumprod(dim).flip(dim)
    return grad * (before * after)


class ProdBackward0(Node):
    """prod of all elements (PyTorch saves the result too: changing it in place is caught)."""

    _saved_names = ("self", "result")

    def backward(self, grad):
        x = self._unpack(0)
        self._unpack(1)  # the result is read only to check it was not changed, as PyTorch does
        if x.dim() == 0:
            return grad
        if int((x == 0).sum()) > 1 and not is_grad_enabled():  # PyTorch's shortcut: all zero
            return x.new_zeros(x.shape)
        return _prod_grad(x.reshape(-1), grad, 0).reshape(x.shape)


class ProdBackward1(Node):
    """prod along one dim."""

    __slots__ = ("_saved_dim", "_saved_keepdim")
    _saved_names = ("self", "result")

    def backward(self, grad):
        x = self._unpack(0)
        self._unpack(1)  # the result is read only to check it was not changed, as PyTorch does
        if x.dim() == 0:
            return grad
        dim = normalize_dim(self._saved_dim, x.dim())
        return _prod_grad(x, _unreduce(grad, tuple(x.shape), (dim,), self._saved_keepdim), dim)


@with_out
@tensor_method("prod")
def prod(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:
    """Product of all elements, or along one `dim`; integers and bools give int64."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("prod", dim, axis, None)
        keepdim = numpy_keepdim("prod", keepdim, keepdims, False)
    t = check_tensor(input, "prod")
    if not (dim is None or is_int(dim)):
        raise refused_overloads(
            "prod", msg.PROD_SIGNATURES, t, dim, *((keepdim,) if keepdim else ())
        )
    backend = t._backend
    out_dtype = _sum_dtype(t, dtype)
    if dim is None:
        data = backend.xp.prod(t._data, dtype=backend.native[out_dtype])
        return record(ProdBackward0, (t,), data, backend, (t,), save_result=True)
    d = normalize_dim(dim, t._data.ndim)
    data = backend.xp.prod(
        t._data,
        axis=d if t._data.ndim else None,
        keepdims=keepdim,
        dtype=backend.native[out_dtype],
    )
    return record(ProdBackward1, (t,), data, backend, (t,), True, dim=d, keepdim=keepdim)


# --- max / min / amax / amin / argmax / argmin ----------------------------------------------------
def _check_nonempty(t: Tensor, name: str, dims: tuple | None, error=RuntimeError) -> None:
    shape = tuple(t._data.shape)
    if dims is None:
        if t.numel() == 0:
            text = msg.ARG_REDUCE_EMPTY if error is IndexError else msg.REDUCE_EMPTY
            raise error(text.format(name=name))
        return
    for d in dims:
        if shape and shape[d] == 0:
            raise IndexError(msg.REDUCE_EMPTY_DIM.format(name=name, dim=d))


class _ExtremeBackward(Node):
    """max()/min()/amax()/amin()/median(): ties share the gradient evenly (PyTorch's choice)."""

    __slots__ = ("_saved_dim", "_saved_keepdim")
    _saved_names = ("self", "result")

    def backward(self, grad):
        x, result = self._unpack(0), self._unpack(1)
        dims = getattr(self, "_saved_dim", None)
        whole = dims is None
        if whole:
            dims, keepdim = tuple(range(x.dim())), False
        else:
            keepdim = self._saved_keepdim
        shape = tuple(x.shape)
        result = _unreduce(result, shape, dims, keepdim)
        grad = _unreduce(grad, shape, dims, keepdim)
        hit = x == result
        if whole:  # PyTorch's evenly_distribute_backward: zeros, with grad / count at the hits
            if bool(result.isnan()):
                hit = x.isnan()  # a nan result: the nans share it
            return (grad / hit.sum()).where(hit, 0)
        return grad * hit / hit.sum(dims if dims else None, keepdim=True)


class MaxBackward1(_ExtremeBackward):
    __slots__ = ()


class MinBackward1(_ExtremeBackward):
    __slots__ = ()


class AmaxBackward0(_ExtremeBackward):
    __slots__ = ()


class AminBackward0(_ExtremeBackward):
    __slots__ = ()


class _IndexedBackward(Node):
    """max(dim)/min(dim): the gradient goes to the one element each index points at."""

    __slots__ = ("_saved_dim", "_saved_keepdim", "_saved_indices", "_saved_self_sym_sizes")
    _keeps = ("_saved_indices",)

    def backward(self, grad):
        from .._creation import arange

        shape = self._saved_self_sym_sizes
        dim = self._saved_dim
        grad = _unreduce(grad, shape, (dim,), self._saved_keepdim)
        index = _unreduce(self._saved_indices, shape, (dim,), self._saved_keepdim)
        if not shape:
            return grad
        positions = arange(shape[dim], device=grad.device).reshape(
            tuple(shape[dim] if i == dim else 1 for i in range(len(shape)))
        )
        return grad.where(positions == index, 0)


class MaxBackward0(_IndexedBackward):
    __slots__ = ()


class MinBackward0(_IndexedBackward):
    __slots__ = ()


def _with_indices(t: Tensor, dim, keepdim: bool, name: str, cls):
    """max/min along `dim`: (values, indices), the first index among ties."""
    xp = t._backend.xp
    d = normalize_dim(dim, t._data.ndim)
    _check_nonempty(t, name, (d,))
    data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
    arg = xp.argmax if name == "max" else xp.argmin
    index = arg(data, axis=d, keepdims=True)
    return _indexed_result(t, d, keepdim, name, cls, xp.take_along_axis(data, index, axis=d), index)


def _indexed_result(t: Tensor, d: int, keepdim: bool, name: str, cls, values, index):
    """torch.return_types.<name>(values, indices) from arrays that kept dim `d` as size 1."""
    backend = t._backend
    xp = backend.xp
    if not keepdim or not t._data.ndim:
        values = xp.squeeze(values, axis=d)
        index = xp.squeeze(index, axis=d)
    if not t._data.ndim and keepdim:
        values, index = xp.reshape(values, ()), xp.reshape(index, ())
    indices = make_tensor(xp.astype(index, backend.native[dtypes.int64]), backend)
    out = record(
        cls,
        (t,),
        values,
        backend,
        dim=d,
        keepdim=keepdim,
        indices=indices,
        self_sym_sizes=tuple(t._data.shape),
    )
    return return_type(name)(out, indices)


def _last_zero(backend, data):
    """The last zero of `data` (0.0 or -0.0) as a 0-d array: the extreme a tie of zeros gives
    (NumPy's reduction keeps it too; a GPU's reduction picks either)."""
    xp = backend.xp
    zeros = xp.reshape(data == 0, (-1,))
    last = zeros.shape[0] - 1 - xp.argmax(xp.astype(xp.flip(zeros), xp.int8))
    return xp.reshape(xp.take(xp.reshape(data, (-1,)), xp.reshape(last, (1,))), ())


def _first_extreme(backend, data, dims: tuple, keepdim: bool, largest: bool):
    """amax/amin over `dims` as PyTorch reduces: the first of tied elements (of 0.0 and -0.0,
    whichever comes first), NaN if there is one."""
    xp = backend.xp
    shape = tuple(data.shape)
    dims = dims if shape else ()  # a 0-d array takes dims 0/-1 as no dim
    kept = tuple(d for d in range(len(shape)) if d not in dims)
    rows = xp.reshape(
        xp.permute_dims(data, kept + tuple(dims)),
        tuple(shape[d] for d in kept) + (math.prod(shape[d] for d in dims),),
    )
    pick = (xp.argmax if largest else xp.argmin)(rows, axis=-1, keepdims=True)
    out = xp.take_along_axis(rows, pick, axis=-1)
    if keepdim:
        return xp.reshape(out, tuple(1 if d in dims else n for d, n in enumerate(shape)))
    return xp.reshape(out, tuple(shape[d] for d in kept))


def _extreme(t: Tensor, dims, keepdim: bool, name: str, cls) -> Tensor:
    """max()/min() of everything, or amax/amin over dims: ties share the gradient."""
    backend = t._backend
    whole = dims is None
    all_dims = _reduce_dims(dims, t._data.ndim)
    if not whole and t._data.ndim:  # amax/amin name the first empty dim as it was given
        given = dims if isinstance(dims, (tuple, list)) else (dims,)
        empty = [d for d in given if t._data.shape[normalize_dim(d, t._data.ndim)] == 0]
        if empty:
            raise IndexError(msg.REDUCE_EMPTY_DIM.format(name=name, dim=empty[0]))
    _check_nonempty(t, name, None if whole or t.numel() == 0 and dims == () else all_dims)
    if whole:  # PyTorch's whole-tensor max()/min() kernel: of tied elements, the last
        data = (backend.amax if name == "max" else backend.amin)(t._data)
        if t.dtype.is_floating_point and bool(data == 0):  # 0.0 and -0.0 tie
            data = _last_zero(backend, t._data)
    else:
        data = _first_extreme(backend, t._data, all_dims, keepdim, name == "amax")
    saved = {} if whole else {"dim": all_dims, "keepdim": keepdim}
    return record(cls, (t,), data, backend, (t,), save_result=True, **saved)


def _max_or_min(name: str, cls_whole, cls_dim, input, dim, keepdim, other):
    t = check_tensor(input, name)
    if isinstance(dim, Tensor) and other is None:
        dim, other = None, dim
    if other is not None:
        from .comparison import maximum, minimum

        return (maximum if name == "max" else minimum)(t, other)
    if dim is None:
        return _extreme(t, None, False, name, cls_whole)
    if not is_int(dim):
        raise refused_overloads(name, msg.MAX_SIGNATURES, t, dim, *((keepdim,) if keepdim else ()))
    return _with_indices(t, dim, keepdim, name, cls_dim)


@with_out
@tensor_method("max")
def max(input, dim=None, keepdim: bool = False, *, other=None, axis=None, keepdims=None):  # noqa: A001
    """Largest element; with `dim`, (values, indices) along it; with a tensor, maximum."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("max", dim, axis, None)
        keepdim = numpy_keepdim("max", keepdim, keepdims, False)
    return _max_or_min("max", MaxBackward1, MaxBackward0, input, dim, keepdim, other)


@with_out
@tensor_method("min")
def min(input, dim=None, keepdim: bool = False, *, other=None, axis=None, keepdims=None):  # noqa: A001
    """Smallest element; with `dim`, (values, indices) along it; with a tensor, minimum."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("min", dim, axis, None)
        keepdim = numpy_keepdim("min", keepdim, keepdims, False)
    return _max_or_min("min", MinBackward1, MinBackward0, input, dim, keepdim, other)


@with_out
@tensor_method("amax")
def amax(input, dim=(), keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:
    """Largest values over `dim` (all dims by default); ties share the gradient."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("amax", dim, axis, ())
        keepdim = numpy_keepdim("amax", keepdim, keepdims, False)
    return _extreme(check_tensor(input, "amax"), dim, keepdim, "amax", AmaxBackward0)


@with_out
@tensor_method("amin")
def amin(input, dim=(), keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:
    """Smallest values over `dim` (all dims by default); ties share the gradient."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("amin", dim, axis, ())
        keepdim = numpy_keepdim("amin", keepdim, keepdims, False)
    return _extreme(check_tensor(input, "amin"), dim, keepdim, "amin", AminBackward0)


def _arg_extreme(name: str, input, dim, keepdim: bool) -> Tensor:
    t = check_tensor(input, name)
    if t.dtype is dtypes.bool:
        raise RuntimeError(msg.ARG_EXTREME_BOOL.format(name=name))
    backend = t._backend
    xp = backend.xp
    fn = xp.argmax if name == "argmax" else xp.argmin
    if dim is None:
        _check_nonempty(t, name, None, IndexError)
        index = fn(xp.reshape(t._data, (-1,)))
        if keepdim:
            index = xp.reshape(index, (1,) * t._data.ndim)
    else:
        d = normalize_dim(dim, t._data.ndim)
        _check_nonempty(t, name, (d,))
        data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
        index = fn(data, axis=d, keepdims=keepdim and t._data.ndim > 0)
        if not t._data.ndim:
            index = xp.reshape(index, ())
    return make_tensor(xp.astype(index, backend.native[dtypes.int64]), backend)


@with_out
@tensor_method("argmax")
def argmax(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:
    """Index of the largest element (of the flattened tensor when dim is None)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("argmax", dim, axis, None)
        keepdim = numpy_keepdim("argmax", keepdim, keepdims, False)
    return _arg_extreme("argmax", input, dim, keepdim)


@with_out
@tensor_method("argmin")
def argmin(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:
    """Index of the smallest element (of the flattened tensor when dim is None)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("argmin", dim, axis, None)
        keepdim = numpy_keepdim("argmin", keepdim, keepdims, False)
    return _arg_extreme("argmin", input, dim, keepdim)


# --- var / std ------------------------------------------------------------------------------------


# --- norm -----------------------------------------------------------------------------------------
class LinalgVectorNormBackward0(Node):
    """Gradient of the p-norm; 0 where the norm is 0, ties share it for p = +-inf."""

    __slots__ = ("_saved_dim", "_saved_keepdim", "_saved_ord", "_dims")
    _saved_names = ("self", "result")

    def backward(self, grad):
        x = self._unpack(0)
        shape, dims = tuple(x.shape), self._dims
        return vector_norm_backward(
            _unreduce(grad, shape, dims, self._saved_keepdim),
            x,
            _unreduce(self._unpack(1), shape, dims, self._saved_keepdim),
            self._saved_ord,
            dims,
        )


def vector_norm_backward(grad: Tensor, x: Tensor, norm: Tensor, p: float, dims: tuple):
    """The gradient through a p-norm over `dims`, `grad` and `norm` already shaped like `x`
    (kept dims); None for p = 0. Shared with renorm and dist."""
    from .comparison import where

    if p == 0:
        return None
    if p == 1:
        return grad * x.sign()
    if p in (float("inf"), float("-inf")):
        hit = x.abs() == norm
        return grad * x.sign() * hit / hit.sum(dims, keepdim=True)
    zero = norm == 0
    safe = where(zero, 1.0, norm)  # 0 / 0 never computed: the gradient is 0 there
    if p == 2:
        return grad * where(zero, 0.0, x / safe)
    return grad * where(zero, 0.0, x * x.abs().pow(p - 2) / safe.pow(p - 1))


class NormBackward1(LinalgVectorNormBackward0):
    """The same gradient, as ATen's at::norm(self, p, dim) records it (pairwise_distance)."""

    __slots__ = ()


def _vector_norm(
    t: Tensor, p: float, dim, keepdim: bool, cls: type = LinalgVectorNormBackward0
) -> Tensor:
    backend = t._backend
    xp = backend.xp
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    axis = _axis(t, dims) if dims else None
    a = xp.abs(t._data)
    if t.dtype in dtypes.HALF_FLOATS:  # computed in float32, PyTorch's accumulate type
        a = xp.astype(a, xp.float32)
    if p in (float("inf"), float("-inf")) and t.numel() == 0:
        raise RuntimeError(msg.VECTOR_NORM_EMPTY_INF.format(ord=p))
    with backend.quiet():  # an overflow gives inf, as in PyTorch (float16 overflows soon)
        if p in (float("inf"), float("-inf")):
            data = (xp.max if p > 0 else xp.min)(a, axis=axis, keepdims=keepdim)
        elif p == 0:
            data = xp.sum(xp.astype(a != 0, a.dtype), axis=axis, keepdims=keepdim)
        elif p == 1:
            data = xp.sum(a, axis=axis, keepdims=keepdim)
        elif p == 2:
            data = xp.sqrt(xp.sum(a * a, axis=axis, keepdims=keepdim))
        else:
            data = xp.sum(a**p, axis=axis, keepdims=keepdim) ** (1.0 / p)
        data = xp.astype(data, t._data.dtype, copy=False)  # a float16 norm may overflow here
    return record(
        cls,
        (t,),
        data,
        backend,
        (t,),
        save_result=True,
        state={"dims": dims},
        ord=p,
        keepdim=keepdim,
        dim=None if dim is None else tuple(dims),
    )


@with_out
@tensor_method("norm")
def norm(input, p="fro", dim=None, keepdim: bool = False, dtype=None) -> Tensor:
    """The p-norm of the elements over `dim` ('fro' = 2); LinalgVectorNormBackward0."""
    t = check_tensor(input, "norm")
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.VECTOR_NORM_DTYPE.format(dtype=_type_name(t)))
    if dtype is not None:
        t = t.to(dtype)
    if p == "fro" or p is None:
        p = 2
    if p == "nuc":
        return _nuclear_norm(t, (-2, -1) if dim is None else tuple(dim), keepdim)
    if isinstance(p, str):
        raise NotImplementedError(msg.NORM_P.format(p=repr(p)))
    if isinstance(dim, int):
        dim = (dim,)
    return _vector_norm(t, float(check_number(p, "p")), dim, keepdim)


def _nuclear_norm(t: Tensor, dim: tuple, keepdim: bool) -> Tensor:
    """torch.norm(A, 'nuc'): the sum of the singular values of the matrices over `dim`."""
    from .decompositions import svdvals  # (decompositions' own imports lead back here)

    if t.dim() < 2:
        raise RuntimeError(msg.LINALG_DIMS.format(name="linalg.matrix_norm", arg="A"))
    rows, cols = (d % t.dim() for d in dim)
    result = svdvals(t.movedim((rows, cols), (-2, -1))).sum(-1)
    if keepdim:
        for d in sorted((rows, cols)):
            result = result.unsqueeze(d)
    return result


# --- logsumexp / softmax / log_softmax ------------------------------------------------------------


# --- cumsum / all / any ---------------------------------------------------------------------------


def _logical_reduce(name: str, input, dim, keepdim: bool) -> Tensor:
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    dims = None if dim is None else _reduce_dims(dim, t._data.ndim)
    fn = xp.all if name == "all" else xp.any
    data = fn(
        t._data != 0 if t.dtype is not dtypes.bool else t._data,
        axis=dims if t._data.ndim else None,
        keepdims=keepdim,
    )
    if t.dtype is dtypes.uint8:  # PyTorch keeps uint8 for uint8 inputs
        data = xp.astype(data, backend.native[dtypes.uint8])
    return make_tensor(data, backend)


@with_out
@tensor_method("all")
def all(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """True where every element (along `dim`) is non-zero; never differentiable."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("all", dim, axis, None)
        keepdim = numpy_keepdim("all", keepdim, keepdims, False)
    return _logical_reduce("all", input, dim, keepdim)


@with_out
@tensor_method("any")
def any(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """True where some element (along `dim`) is non-zero; never differentiable."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("any", dim, axis, None)
        keepdim = numpy_keepdim("any", keepdim, keepdims, False)
    return _logical_reduce("any", input, dim, keepdim)


# --- cumprod, std_mean / var_mean, aminmax, count_nonzero -----------------------------------------


class AminmaxBackward0(Node):
    """Each extreme's gradient is shared equally among the elements that reach it."""

    __slots__ = ("_n_outputs", "_saved_dim", "_saved_keepdim", "_dims")
    _saved_names = ("self", "min", "max")

    def backward(self, grad_min, grad_max):
        x = self._unpack(0)
        shape, dims, keepdim = tuple(x.shape), self._dims, self._saved_keepdim
        total = None
        for g, index in ((grad_min, 1), (grad_max, 2)):
            if g is None:
                continue
            hit = x == _unreduce(self._unpack(index), shape, dims, keepdim)
            share = _unreduce(g, shape, dims, keepdim) * hit / hit.sum(dims, keepdim=True)
            total = share if total is None else total + share
        return total


@with_out
@tensor_method("aminmax")
def aminmax(input, *, dim=None, keepdim: bool = False, axis=None, keepdims=None):
    """(min, max) over `dim` (every element when None) as torch.return_types.aminmax."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("aminmax", dim, axis, None)
        keepdim = numpy_keepdim("aminmax", keepdim, keepdims, False)
    t = check_tensor(input, "aminmax")
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    if t.numel() == 0 and dim is None:
        raise RuntimeError(msg.AMINMAX_EMPTY)
    for d in dims if dim is not None else ():
        if shape and shape[d] == 0:
            raise IndexError(msg.AMINMAX_EMPTY_DIM.format(dim=d))
    backend = t._backend
    xp = backend.xp
    axis = _axis(t, dims) if dim is not None else None
    keep = keepdim if dim is not None else False
    low = xp.min(t._data, axis=axis, keepdims=keep)
    high = xp.max(t._data, axis=axis, keepdims=keep)
    if dim is None and keepdim:
        low = xp.reshape(low, (1,) * len(shape))
        high = xp.reshape(high, (1,) * len(shape))
    outs = record(
        AminmaxBackward0,
        (t,),
        [low, high],
        backend,
        (t, make_tensor(low, backend), make_tensor(high, backend)),
        state={"dims": dims},
        dim=dim,
        keepdim=keepdim,
    )
    return return_type("aminmax", ("min", "max"))(*outs)


@tensor_method("count_nonzero")
def count_nonzero(input, dim=None, *, axis=None) -> Tensor:
    """How many elements are non-zero (along `dim`, an int or a tuple), as int64."""
    if axis is not None:
        dim = numpy_dim("count_nonzero", dim, axis, None)
    t = check_tensor(input, "count_nonzero")
    backend = t._backend
    xp = backend.xp
    dims = _reduce_dims(dim, t._data.ndim)
    nonzero = t._data != 0 if t.dtype is not dtypes.bool else t._data
    data = xp.sum(xp.astype(nonzero, backend.native[dtypes.int64]), axis=_axis(t, dims))
    return make_tensor(data, backend)


# --- median / nanmedian ---------------------------------------------------------------------------


# --- quantile / nanquantile -----------------------------------------------------------------------


class RenormBackward0(Node):
    """x * f(n), f = maxnorm / (n + 1e-7) where the slice norm n exceeds maxnorm, else 1."""

    __slots__ = ("_saved_p", "_saved_dim", "_saved_maxnorm", "_dims")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        p, dims, maxnorm = self._saved_p, self._dims, self._saved_maxnorm
        n = norm(x, p, dims, keepdim=True)
        over = n > maxnorm
        factor = where(over, maxnorm / (n + 1e-7), 1.0)
        slope = where(over, -maxnorm / (n + 1e-7) ** 2, 0.0) * (grad * x).sum(dims, keepdim=True)
        through_norm = vector_norm_backward(slope, x, n, p, dims)
        return grad * factor + through_norm


@with_out
@tensor_method("renorm")
def renorm(input, p: float, dim: int, maxnorm: float) -> Tensor:
    """input with each slice along `dim` whose p-norm exceeds maxnorm scaled down to it."""
    t = check_tensor(input, "renorm")
    if maxnorm < 0:
        raise RuntimeError(msg.RENORM_MAXNORM.format(maxnorm=maxnorm))
    if p <= 0:
        raise RuntimeError(msg.RENORM_P)
    if t.dim() < 2:
        raise RuntimeError(msg.RENORM_DIMS.format(dim=t.dim()))
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.VECTOR_NORM_DTYPE.format(dtype=t.dtype.legacy_name[:-6]))
    d = normalize_dim(dim, t.dim())
    dims = tuple(i for i in range(t.dim()) if i != d)
    from ..autograd.grad_mode import no_grad

    with no_grad():
        n = norm(t, p, dims, keepdim=True)
        out = t * where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    return record(
        RenormBackward0,
        (t,),
        out._data,
        t._backend,
        (t,),
        state={"dims": dims},
        p=float(p),
        dim=d,
        maxnorm=maxnorm,
    )


class DistBackward0(Node):
    """The p-norm's gradient at input - other: + to input, - to other (summed to shapes)."""

    __slots__ = ("_saved_p",)
    _saved_names = ("self", "other", "result")

    def backward(self, grad):
        a, b, result = self._unpack(0), self._unpack(1), self._unpack(2)
        diff = a - b
        dims = tuple(range(diff.dim()))
        g = vector_norm_backward(
            grad.expand(diff.shape), diff, result.expand(diff.shape), self._saved_p, dims
        )
        if g is None:
            g = diff * 0
        return (
            (g.sum_to_size(a.shape) if self.needs_input_grad(0) else None),
            ((-g).sum_to_size(b.shape) if self.needs_input_grad(1) else None),
        )


@tensor_method("dist")
def dist(input, other, p: float = 2) -> Tensor:
    """The p-norm of input - other (broadcast), a 0-d tensor."""
    a = check_tensor(input, "dist")
    b = check_tensor(other, "dist", "other", 2)
    dtype = result_dtype(a, b)
    if not dtype.is_floating_point:
        raise RuntimeError(msg.NORM_DTYPE.format(dtype=dtype.legacy_name[:-6]))
    from ..autograd.grad_mode import no_grad

    with no_grad():
        out = norm(a - b, float(p))
    return record(
        DistBackward0, (a, b), out._data, out._backend, (a, b), save_result=True, p=float(p)
    )


renorm_ = inplace_method("renorm", "Rescale the slices along `dim` to p-norm <= maxnorm, in place.")


__all__ = [
    "all",
    "amax",
    "amin",
    "aminmax",
    "any",
    "argmax",
    "argmin",
    "count_nonzero",
    "dist",
    "max",
    "mean",
    "min",
    "nanmean",
    "nansum",
    "norm",
    "prod",
    "renorm",
    "sum",
]
