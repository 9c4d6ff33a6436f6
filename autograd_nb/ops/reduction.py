"""Reductions: `sum`, `mean`, `prod`, `max`, `std`, `norm`, `softmax`, ... along dims.

A reduction over `dim` (an int, a tuple of ints, or None / () for every dim) with `keepdim`.
Backward functions first put the reduced dims back (`_unreduce`) so the gradient broadcasts
over the input. `sum_to_size` is also here: it sums a broadcast gradient back to an input's shape.
"""

from __future__ import annotations

import collections
import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import (
    check_tensor,
    normalize_dim,
    numpy_dim,
    numpy_keepdim,
    result_dtype,
    return_type,
)
from .comparison import where
from .inplace import inplace_method
from .out import with_out


def _kept_shape(shape: tuple, dims: tuple) -> tuple:
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


def _reduce_dims(dim, ndim: int) -> tuple:
    """Distinct normalized dims; None and () mean every dim, as in PyTorch's reductions."""
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return tuple(range(ndim))
    if isinstance(dim, (tuple, list)):
        from .shape import _distinct_dims  # PyTorch's error for a dim given twice

        return tuple(sorted(_distinct_dims(dim, ndim)))
    return (normalize_dim(dim, ndim),)


def _axis(t: Tensor, dims: tuple):
    """The axis argument for the array namespace (a 0-d array takes dims 0/-1 as no axis)."""
    return dims if t._data.ndim else None


def _save_with_result(node, t: Tensor, out: Tensor) -> None:
    """Save the input and the op's own output (which backward differentiates through)."""
    node.save_output(out)
    result_entry = node._saved[0]
    node.save(t)
    node._saved = node._saved + (result_entry,)


def _unreduce(grad: Tensor, shape: tuple, dims: tuple, keepdim: bool) -> Tensor:
    """A reduced result's gradient reshaped so it broadcasts against the input again."""
    if not keepdim and grad.dim() != len(shape):
        grad = grad.reshape(_kept_shape(shape, dims))
    return grad


def _count(shape: tuple, dims: tuple) -> int:
    n = 1
    for d in dims:
        n *= shape[d]
    return n


def _finish(node, data, backend, **saved) -> Tensor:
    """Wrap a reduction's result; set `_saved_<name>` attributes on its node if recorded."""
    if node is None:
        return make_tensor(data, backend)
    for name, value in saved.items():
        setattr(node, name, value)
    return make_tensor(data, backend, True, node, 0)


def _type_name(t: Tensor) -> str:
    return t.dtype.legacy_name[:-6]  # "LongTensor" -> "Long"


# --- sum / mean --------------------------------------------------------------------------------
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


@with_out
@tensor_method("sum")
def sum(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """Sum of all elements, or along `dim` (an int or a tuple of ints)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("sum", dim, axis, None)
        keepdim = numpy_keepdim("sum", keepdim, keepdims, False)
    t = check_tensor(input, "sum")
    backend = t._backend
    out_dtype = _sum_dtype(t, dtype)
    whole = dim is None
    dims = _reduce_dims(dim, t._data.ndim)
    data = t._data
    if t.dtype is dtypes.bool:  # the array API sums numbers only
        data = backend.xp.astype(data, backend.native[dtypes.int64])
    data = backend.sum(
        data,
        axis=None if whole else _axis(t, dims),
        keepdims=keepdim,
        dtype=backend.native[out_dtype],
    )
    node = new_node(SumBackward0 if whole else SumBackward1, t)
    if whole:
        return _finish(node, data, backend, _saved_self_sym_sizes=tuple(t._data.shape))
    return _finish(
        node,
        data,
        backend,
        _saved_self_sym_sizes=tuple(t._data.shape),
        _saved_dim=dims,
        _saved_keepdim=keepdim,
    )


@tensor_method("sum_to_size")
def sum_to_size(self, *size) -> Tensor:
    """Sum broadcast dims away so the result has shape `size` (the inverse of expand)."""
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


@with_out
@tensor_method("mean")
def mean(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:
    """Average of all elements, or along `dim`; needs a floating dtype as in PyTorch."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("mean", dim, axis, None)
        keepdim = numpy_keepdim("mean", keepdim, keepdims, False)
    t = input if isinstance(input, Tensor) else check_tensor(input, "mean")
    backend = t._backend
    own = backend.ours[t._data.dtype]
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
    if own is dtypes.float16:  # NumPy's mean adds float16 up in float32, as PyTorch does
        data = backend.xp.mean(t._data, axis=axis, keepdims=keepdim)
    else:  # what NumPy's mean computes, without its Python-level bookkeeping
        data = backend.sum(t._data, axis=axis, keepdims=keepdim) / count
    node = new_node(MeanBackward0 if whole else MeanBackward1, t)
    if whole:
        if node is None:
            return make_tensor(data, backend)
        node._saved_self_sym_sizes, node._saved_self_sym_numel = shape, count
        return make_tensor(data, backend, True, node, 0)
    return _finish(
        node,
        data,
        backend,
        _saved_self_sym_sizes=shape,
        _saved_dim=dims,
        _saved_keepdim=keepdim,
        _count=count,
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
    data = backend.sum(
        zeroed, axis=_axis(t, dims), keepdims=keepdim, dtype=backend.native[_sum_dtype(t, dtype)]
    )
    node = new_node(NansumBackward0, t)
    if node is not None:
        node.save(t)
    return _finish(node, data, backend, _saved_dim=dims, _saved_keepdim=keepdim)


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


# --- prod ----------------------------------------------------------------------------------------
def _prod_grad(x: Tensor, grad: Tensor, dims: tuple) -> Tensor:
    """d prod / dx_i = product of the others, right also when some x are zero.

    With z zeros in a slice: no zero -> prod / x_i; one zero -> the product of the non-zeros
    at the zero and 0 elsewhere; more zeros -> 0 everywhere.
    """
    from .comparison import where

    is_zero = x == 0
    nonzero = where(is_zero, 1.0, x)
    prod_nonzero = prod_over(nonzero, dims)
    zeros_left = is_zero.sum(dims, keepdim=True) - is_zero.long()
    return grad * where(zeros_left == 0, prod_nonzero / nonzero, 0.0)


def prod_over(x: Tensor, dims: tuple) -> Tensor:
    """Product over several dims, kept as size 1 (one prod per dim, so it stays differentiable)."""
    for d in dims:
        x = prod(x, d, keepdim=True)
    return x


class ProdBackward0(Node):
    """prod of all elements."""

    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return _prod_grad(x, grad.reshape((1,) * x.dim()), tuple(range(x.dim())))


class ProdBackward1(Node):
    """prod along one dim."""

    __slots__ = ("_saved_dim", "_saved_keepdim")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        dim = normalize_dim(self._saved_dim, x.dim())
        return _prod_grad(x, _unreduce(grad, tuple(x.shape), (dim,), self._saved_keepdim), (dim,))


@with_out
@tensor_method("prod")
def prod(input, dim=None, keepdim: bool = False, *, dtype=None, axis=None, keepdims=None) -> Tensor:
    """Product of all elements, or along one `dim`; integers and bools give int64."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("prod", dim, axis, None)
        keepdim = numpy_keepdim("prod", keepdim, keepdims, False)
    t = check_tensor(input, "prod")
    backend = t._backend
    out_dtype = _sum_dtype(t, dtype)
    if dim is None:
        data = backend.xp.prod(t._data, dtype=backend.native[out_dtype])
        node = new_node(ProdBackward0, t)
    else:
        d = normalize_dim(dim, t._data.ndim)
        data = backend.xp.prod(
            t._data,
            axis=d if t._data.ndim else None,
            keepdims=keepdim,
            dtype=backend.native[out_dtype],
        )
        node = new_node(ProdBackward1, t)
        if node is not None:
            node._saved_dim, node._saved_keepdim = d, keepdim
    if node is not None:
        node.save(t)
    return _finish(node, data, backend)


# --- max / min / amax / amin / argmax / argmin ------------------------------------------------
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

    __slots__ = ("_saved_dim", "_saved_keepdim", "_saved_result")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        result = self._saved_result
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
        if whole and bool(result.isnan()):
            hit = x.isnan()  # a nan result: the nans share it (PyTorch's evenly_distribute)
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
        return grad * (positions == index)


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
    node = new_node(cls, t)
    out = _finish(
        node,
        values,
        backend,
        _saved_dim=d,
        _saved_keepdim=keepdim,
        _saved_indices=indices,
        _saved_self_sym_sizes=tuple(t._data.shape),
    )
    return return_type(name)(out, indices)


def _extreme(t: Tensor, dims, keepdim: bool, name: str, cls) -> Tensor:
    """max()/min() of everything, or amax/amin over dims: ties share the gradient."""
    backend = t._backend
    whole = dims is None
    all_dims = _reduce_dims(dims, t._data.ndim)
    _check_nonempty(t, name, None if whole or t.numel() == 0 and dims == () else all_dims)
    fn = backend.amax if name in ("max", "amax") else backend.amin
    data = fn(t._data, axis=None if whole else _axis(t, all_dims), keepdims=keepdim)
    node = new_node(cls, t)
    if node is None:
        return make_tensor(data, backend)
    node.save(t)
    node._saved_result = make_tensor(data, backend)
    if not whole:
        node._saved_dim, node._saved_keepdim = all_dims, keepdim
    return make_tensor(data, backend, True, node, 0)


def _max_or_min(name: str, cls_whole, cls_dim, input, dim, keepdim, other):
    t = check_tensor(input, name)
    if isinstance(dim, Tensor) and other is None:
        dim, other = None, dim
    if other is not None:
        from .comparison import maximum, minimum

        return (maximum if name == "max" else minimum)(t, other)
    if dim is None:
        return _extreme(t, None, False, name, cls_whole)
    return _with_indices(t, dim, keepdim, name, cls_dim)


@tensor_method("max")
def max(input, dim=None, keepdim: bool = False, *, other=None, axis=None, keepdims=None):  # noqa: A001
    """Largest element; with `dim`, (values, indices) along it; with a tensor, maximum."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("max", dim, axis, None)
        keepdim = numpy_keepdim("max", keepdim, keepdims, False)
    return _max_or_min("max", MaxBackward1, MaxBackward0, input, dim, keepdim, other)


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


# --- var / std ---------------------------------------------------------------------------------
def _correction(unbiased, correction) -> float:
    if unbiased is not None and correction is not None:
        raise TypeError(
            "var() received an invalid combination of arguments - got "
            "(correction=int, unbiased=bool, )"
        )
    if correction is not None:
        return correction
    return 1 if unbiased is None or unbiased else 0


def _var_backward(node, grad_var, x):
    """PyTorch's var_backward: (2 / (N - correction)) * grad * (x - mean), in its order."""
    dims = node._saved_dim
    grad_var = _unreduce(grad_var, tuple(x.shape), dims, node._saved_keepdim)
    scale = 2.0 / node._divisor if node._divisor else math.inf
    return scale * grad_var * (x - mean(x, dims, keepdim=True))


class VarBackward0(Node):
    """d var / dx = 2 (x - mean) / (N - correction)."""

    __slots__ = ("_saved_correction", "_saved_dim", "_saved_keepdim", "_divisor")
    _saved_names = ("self",)

    def backward(self, grad):
        return _var_backward(self, grad, self._unpack(0))


class StdBackward0(Node):
    """d std / dx = d var / dx / (2 std): 0 where std is 0 (constant input), as in PyTorch."""

    __slots__ = ("_saved_correction", "_saved_dim", "_saved_keepdim", "_divisor")
    _saved_names = ("self", "result")

    def backward(self, grad):
        result = self._unpack(1)
        grad_var = (grad / (result * 2)).masked_fill(result == 0, 0)
        return _var_backward(self, grad_var, self._unpack(0))


def _var(name: str, input, dim, unbiased, keepdim, correction, take_root: bool) -> Tensor:
    t = check_tensor(input, name)
    if isinstance(dim, bool):  # std(unbiased) form
        dim, unbiased = None, dim
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.STD_VAR_DTYPE)
    c = _correction(unbiased, correction)
    backend = t._backend
    xp = backend.xp
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    divisor = _count(shape, dims) - c
    if divisor <= 0:
        warnings.warn(msg.DOF_WARNING.format(name=name), UserWarning, stacklevel=3)
        divisor = 0
    centered = t._data - xp.mean(t._data, axis=_axis(t, dims), keepdims=True)
    squares = xp.sum(centered * centered, axis=_axis(t, dims), keepdims=keepdim)
    if divisor:
        data = squares / divisor
    else:  # 0 / 0 and x / 0 without NumPy's warnings
        data = xp.where(
            squares == 0, xp.full_like(squares, float("nan")), xp.full_like(squares, float("inf"))
        )
    if take_root:
        data = xp.sqrt(data)
    node = new_node(StdBackward0 if take_root else VarBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    out = make_tensor(data, backend, True, node, 0)
    if take_root:
        _save_with_result(node, t, out)
    else:
        node.save(t)
    node._saved_correction, node._saved_dim, node._saved_keepdim = c, dims, keepdim
    node._divisor = divisor
    return out


@with_out
@tensor_method("var")
def var(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
) -> Tensor:
    """Variance over `dim`, dividing by N - correction (Bessel's correction 1 by default)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("var", dim, axis, None)
        keepdim = numpy_keepdim("var", keepdim, keepdims, False)
    return _var("var", input, dim, unbiased, keepdim, correction, take_root=False)


@with_out
@tensor_method("std")
def std(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
) -> Tensor:
    """Standard deviation over `dim` (the square root of var)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("std", dim, axis, None)
        keepdim = numpy_keepdim("std", keepdim, keepdims, False)
    return _var("std", input, dim, unbiased, keepdim, correction, take_root=True)


# --- norm ---------------------------------------------------------------------------------------
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
    if p in (float("inf"), float("-inf")):
        if t.numel() == 0:
            raise RuntimeError(msg.VECTOR_NORM_EMPTY_INF.format(ord=p))
        data = (xp.max if p > 0 else xp.min)(a, axis=axis, keepdims=keepdim)
    elif p == 0:
        data = xp.sum(xp.astype(a != 0, a.dtype), axis=axis, keepdims=keepdim)
    elif p == 1:
        data = xp.sum(a, axis=axis, keepdims=keepdim)
    elif p == 2:
        data = xp.sqrt(xp.sum(a * a, axis=axis, keepdims=keepdim))
    else:
        data = xp.sum(a**p, axis=axis, keepdims=keepdim) ** (1.0 / p)
    node = new_node(cls, t)
    if node is None:
        return make_tensor(data, backend)
    out = make_tensor(data, backend, True, node, 0)
    _save_with_result(node, t, out)
    node._saved_ord, node._saved_keepdim, node._dims = p, keepdim, dims
    node._saved_dim = None if dim is None else tuple(dims)
    return out


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
    if isinstance(p, str):
        raise NotImplementedError(f"norm with p={p!r} is not supported (ours)")
    if isinstance(dim, int):
        dim = (dim,)
    return _vector_norm(t, float(p), dim, keepdim)


# --- logsumexp / softmax / log_softmax ---------------------------------------------------------
def _float_input(t: Tensor, dtype=None) -> Tensor:
    if dtype is not None and dtype is not t.dtype:
        return t.to(dtype)
    if not t.dtype.is_floating_point:
        return t.to(dtypes.get_default_dtype())
    return t


def _stable_max(backend, data, axis):
    """The max along axis with infinities replaced by 0, to shift exp() safely."""
    m = backend.amax(data, axis=axis, keepdims=True)
    if math.isfinite(float(backend.sum(m))):  # every max finite (an overflowing sum says no)
        return m
    xp = backend.xp
    return xp.where(xp.isinf(m), xp.zeros_like(m), m)


class LogsumexpBackward0(Node):
    __slots__ = ("_saved_dim", "_saved_keepdim")
    _saved_names = ("self", "result")

    def backward(self, grad):
        x = self._unpack(0)
        shape, dims = tuple(x.shape), self._saved_dim
        grad = _unreduce(grad, shape, dims, self._saved_keepdim)
        result = _unreduce(self._unpack(1), shape, dims, self._saved_keepdim)
        return grad * (x - result).exp()


@with_out
@tensor_method("logsumexp")
def logsumexp(input, dim=..., keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:
    """log(sum(exp(x))) over `dim`, computed without overflow (integers give floats)."""
    if axis is not None or keepdims is not None or dim is ...:
        dim = numpy_dim("logsumexp", dim, axis, ...)
        keepdim = numpy_keepdim("logsumexp", keepdim, keepdims, False)
    t = _float_input(check_tensor(input, "logsumexp"))
    backend = t._backend
    xp = backend.xp
    dims = _reduce_dims(dim, t._data.ndim)
    axis = dims if t._data.ndim else None
    if t.numel() == 0:
        data = xp.log(xp.sum(xp.exp(t._data), axis=axis, keepdims=keepdim))
    else:
        m = _stable_max(backend, t._data, axis)
        s = backend.sum(xp.exp(t._data - m), axis=axis, keepdims=True)
        empty = s == 0  # every element -inf: log(0) = -inf, without NumPy's warning
        logs = xp.log(xp.where(empty, xp.ones_like(s), s))
        data = xp.where(empty, xp.full_like(s, float("-inf")), logs) + m
        if not keepdim:
            data = xp.reshape(data, tuple(n for i, n in enumerate(t._data.shape) if i not in dims))
    node = new_node(LogsumexpBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    out = make_tensor(data, backend, True, node, 0)
    _save_with_result(node, t, out)
    node._saved_dim, node._saved_keepdim = dims, keepdim
    return out


class SoftmaxBackward0(Node):
    """dx = y * (g - sum(g * y)) along dim."""

    __slots__ = ("_saved_dim",)
    _saved_names = ("result",)

    def backward(self, grad):
        y = self._unpack(0)
        d = self._saved_dim
        return y * (grad - (grad * y).sum(d, keepdim=True))


class LogSoftmaxBackward0(Node):
    """dx = g - exp(y) * sum(g) along dim."""

    __slots__ = ("_saved_dim",)
    _saved_names = ("result",)

    def backward(self, grad):
        y = self._unpack(0)
        return grad - y.exp() * grad.sum(self._saved_dim, keepdim=True)


def _softmax(name: str, cls, input, dim, dtype) -> Tensor:
    t = input if isinstance(input, Tensor) else check_tensor(input, name)
    data, backend = t._data, t._backend
    ndim = data.ndim
    d = dim % ndim if type(dim) is int and -ndim <= dim < ndim else normalize_dim(dim, ndim)
    if dtype is not None or not backend.ours[data.dtype].is_floating_point:
        if dtype is None:  # PyTorch's kernel for the last dim
            last = d == ndim - 1 or not ndim
            kernel = f"{name}_lastdim_kernel_impl" if last else f"{name}_kernel_impl"
            raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype=_type_name(t)))
        t = _float_input(t, dtype)
        data = t._data
    xp = backend.xp
    if not ndim:
        data = xp.reshape(data, (1,))
    # Shifted by the max, as PyTorch's kernel: a row holding +inf (or only -inf) gives nan.
    shifted = data - backend.amax(data, axis=d, keepdims=True) if data.size else data
    exps = xp.exp(shifted)
    total = backend.sum(exps, axis=d, keepdims=True)
    out = exps / total if cls is SoftmaxBackward0 else shifted - xp.log(total)
    if not ndim:
        out = xp.reshape(out, ())
    node = new_node(cls, t)
    result = make_tensor(out, backend, node is not None, node, 0)
    if node is not None:
        node._saved_dim = d
        node.save_output(result)
    return result


@tensor_method("softmax")
def softmax(input, dim: int = ..., dtype=None, *, axis=None) -> Tensor:
    """exp(x) / sum(exp(x)) along `dim`, shifted by the max so it never overflows."""
    if axis is not None or dim is ...:
        dim = numpy_dim("softmax", dim, axis, ...)
    return _softmax("softmax", SoftmaxBackward0, input, dim, dtype)


@tensor_method("log_softmax")
def log_softmax(input, dim: int = ..., dtype=None, *, axis=None) -> Tensor:
    """x - logsumexp(x) along `dim` (more accurate than log(softmax(x)))."""
    if axis is not None or dim is ...:
        dim = numpy_dim("log_softmax", dim, axis, ...)
    return _softmax("log_softmax", LogSoftmaxBackward0, input, dim, dtype)


# --- cumsum / all / any --------------------------------------------------------------------------
class CumsumBackward0(Node):
    """The gradient of a running sum is the running sum of the gradient from the end."""

    __slots__ = ("_saved_dim",)

    def backward(self, grad):
        if grad.dim() == 0:
            return grad
        d = self._saved_dim
        return cumsum(grad.flip(d), d).flip(d)


@with_out
@tensor_method("cumsum")
def cumsum(input, dim: int = ..., *, dtype=None, axis=None) -> Tensor:
    """Running sums along `dim`; integers and bools give int64."""
    if axis is not None or dim is ...:
        dim = numpy_dim("cumsum", dim, axis, ...)
    t, d, data = _running("cumsum", input, dim, dtype)
    node = new_node(CumsumBackward0, t)
    return _finish(node, data, t._backend, _saved_dim=d)


def _running(name: str, input, dim: int, dtype) -> tuple:
    """(tensor, dim, array) of a running sum or product (`cumulative_sum`/`_prod`) along dim."""
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    data = xp.astype(t._data, backend.native[_sum_dtype(t, dtype)])
    if t._data.ndim:
        kernel = xp.cumulative_sum if name == "cumsum" else xp.cumulative_prod
        data = kernel(data, axis=d)
    return t, d, data


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


@tensor_method("all")
def all(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """True where every element (along `dim`) is non-zero; never differentiable."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("all", dim, axis, None)
        keepdim = numpy_keepdim("all", keepdim, keepdims, False)
    return _logical_reduce("all", input, dim, keepdim)


@tensor_method("any")
def any(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None) -> Tensor:  # noqa: A001
    """True where some element (along `dim`) is non-zero; never differentiable."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("any", dim, axis, None)
        keepdim = numpy_keepdim("any", keepdim, keepdims, False)
    return _logical_reduce("any", input, dim, keepdim)


# --- cumprod, std_mean / var_mean, aminmax, count_nonzero -----------------------------------------


class CumprodBackward0(Node):
    """d out_j / d x_k = out_j / x_k (j >= k); recomputed without x_k where x has zeros."""

    __slots__ = ("_saved_dim",)
    _saved_names = ("self", "result")

    def backward(self, grad):
        x = self._unpack(0)
        if grad.dim() == 0:
            return grad
        d = self._saved_dim
        if not bool((x == 0).any()):
            result = self._unpack(1)
            return cumsum((grad * result).flip(d), d).flip(d) / x
        return _cumprod_grad_with_zeros(x, grad, d)


def _cumprod_grad_with_zeros(x: Tensor, grad: Tensor, d: int) -> Tensor:
    """Each x_k's gradient from the running products of x with x_k set to 1 (O(n^2))."""
    from .._creation import arange

    n = x.shape[d]
    positions = arange(n, device=x.device).reshape(
        tuple(n if i == d else 1 for i in range(x.dim()))
    )
    pieces = []
    for k in range(n):
        products = cumprod(x.where(positions != k, 1), d)
        later = positions >= k
        pieces.append((grad * products * later).sum(d, keepdim=True))
    from .shape import cat

    return cat(pieces, d)


@with_out
@tensor_method("cumprod")
def cumprod(input, dim: int = ..., *, dtype=None, axis=None) -> Tensor:
    """Running products along `dim`; integers and bools give int64."""
    if axis is not None or dim is ...:
        dim = numpy_dim("cumprod", dim, axis, ...)
    t, d, data = _running("cumprod", input, dim, dtype)
    backend = t._backend
    node = new_node(CumprodBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    out = make_tensor(data, backend, True, node, 0)
    _save_with_result(node, t, out)
    node._saved_dim = d
    return out


class StdMeanBackward0(Node):
    """Both outputs of std_mean (output 0: std, 1: mean); either gradient may be missing."""

    __slots__ = ("_n_outputs", "_saved_correction", "_saved_dim", "_saved_keepdim", "_divisor")
    _saved_names = ("self", "result0")

    def backward(self, grad_spread, grad_mean):
        x = self._unpack(0)
        dims, keepdim = self._saved_dim, self._saved_keepdim
        shape = tuple(x.shape)
        total = None
        if grad_spread is not None:
            g = _unreduce(grad_spread, shape, dims, keepdim)
            centered = x - mean(x, dims, keepdim=True)
            if type(self) is StdMeanBackward0:
                spread = _unreduce(self._unpack(1), shape, dims, keepdim)
                total = g * centered / (spread * self._divisor)
            else:
                total = g * 2 * centered / self._divisor
        if grad_mean is not None:
            g = _unreduce(grad_mean, shape, dims, keepdim) / _count(shape, dims)
            total = g.expand(shape) if total is None else total + g
        return total


class VarMeanBackward0(StdMeanBackward0):
    __slots__ = ()
    _saved_names = ("self",)


def _spread_mean(name: str, input, dim, unbiased, keepdim, correction, take_root: bool):
    t = check_tensor(input, name)
    from ..autograd.grad_mode import no_grad

    with no_grad():
        spread = _var(name, t, dim, unbiased, keepdim, correction, take_root)
        if isinstance(dim, bool):
            dim = None
        average = mean(t, _reduce_dims(dim, t._data.ndim), keepdim)
    cls = StdMeanBackward0 if take_root else VarMeanBackward0
    node = new_node(cls, t)
    if node is None:
        return spread, average
    backend = t._backend
    first = make_tensor(spread._data, backend, True, node, 0)
    second = make_tensor(average._data, backend, True, node, 1)
    node._n_outputs = 2
    if take_root:
        _save_with_result(node, t, first)
    else:
        node.save(t)
    shape = tuple(t._data.shape)
    dims = _reduce_dims(None if isinstance(dim, bool) else dim, len(shape))
    node._saved_correction = _correction(unbiased if not isinstance(dim, bool) else dim, correction)
    node._saved_dim, node._saved_keepdim = dims, keepdim
    node._divisor = _count(shape, dims) - node._saved_correction
    return first, second


def std_mean(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
):
    """(std, mean) over `dim` in one call, both with grad_fn StdMeanBackward0."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("std_mean", dim, axis, None)
        keepdim = numpy_keepdim("std_mean", keepdim, keepdims, False)
    return _spread_mean("std_mean", input, dim, unbiased, keepdim, correction, take_root=True)


def var_mean(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
):
    """(var, mean) over `dim` in one call, both with grad_fn VarMeanBackward0."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("var_mean", dim, axis, None)
        keepdim = numpy_keepdim("var_mean", keepdim, keepdims, False)
    return _spread_mean("var_mean", input, dim, unbiased, keepdim, correction, take_root=False)


_AMINMAX = collections.namedtuple("aminmax", ["min", "max"])
_AMINMAX.__module__ = "torch.return_types"
_AMINMAX.__repr__ = lambda self: (
    f"torch.return_types.aminmax(\nmin={self.min!r},\nmax={self.max!r})"
)


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


@tensor_method("aminmax")
def aminmax(input, *, dim=None, keepdim: bool = False, axis=None, keepdims=None):
    """(min, max) over `dim` (every element when None) as torch.return_types.aminmax."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("aminmax", dim, axis, None)
        keepdim = numpy_keepdim("aminmax", keepdim, keepdims, False)
    t = check_tensor(input, "aminmax")
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    if t.numel() == 0 and (dim is None or any(shape[d] == 0 for d in dims)):
        raise RuntimeError(msg.AMINMAX_EMPTY)
    backend = t._backend
    xp = backend.xp
    axis = _axis(t, dims) if dim is not None else None
    keep = keepdim if dim is not None else False
    low = xp.min(t._data, axis=axis, keepdims=keep)
    high = xp.max(t._data, axis=axis, keepdims=keep)
    if dim is None and keepdim:
        low = xp.reshape(low, (1,) * len(shape))
        high = xp.reshape(high, (1,) * len(shape))
    node = new_node(AminmaxBackward0, t)
    if node is None:
        return _AMINMAX(make_tensor(low, backend), make_tensor(high, backend))
    first = make_tensor(low, backend, True, node, 0)
    second = make_tensor(high, backend, True, node, 1)
    node._n_outputs = 2
    node.save(t, make_tensor(low, backend), make_tensor(high, backend))
    node._saved_dim, node._saved_keepdim, node._dims = dim, keepdim, dims
    return _AMINMAX(first, second)


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


# --- median / nanmedian ------------------------------------------------------------------------
class MedianBackward0(_ExtremeBackward):
    """median(): the elements equal to it share the gradient (the nans, for a nan median)."""

    __slots__ = ()


class NanmedianBackward0(_ExtremeBackward):
    __slots__ = ()


class MedianBackward1(_IndexedBackward):
    """median(dim): the gradient goes to the element each index points at."""

    __slots__ = ()


class NanmedianBackward1(_IndexedBackward):
    __slots__ = ()


def _median_picks(backend, data, d: int, skip_nan: bool):
    """(values, indices) of the lower median along `d` as size-1 dims, from a stable sort (the
    index PyTorch returns among ties). A nan wins for median (its first index); nanmedian
    takes the median of the rest."""
    xp = backend.xp
    order = xp.argsort(data, axis=d, stable=True)  # nans sort last
    n = data.shape[d]
    k = xp.full(
        _kept_shape(data.shape, (d,)), (n - 1) // 2, dtype=order.dtype, device=backend.native_device
    )
    if xp.isdtype(data.dtype, "real floating"):
        nans = xp.sum(xp.astype(xp.isnan(data), order.dtype), axis=d, keepdims=True)
        if skip_nan:  # the lower median of the first n - nans
            k = xp.maximum((n - nans - 1) // 2, xp.zeros_like(k))
        else:
            k = xp.where(nans > 0, n - nans, k)
    index = xp.take_along_axis(order, k, axis=d)
    return xp.take_along_axis(data, index, axis=d), index


def _median(name: str, input, dim, keepdim: bool):
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    if t.dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="median_cpu" if dim is None else "median_out", dtype="Bool"
            )
        )
    skip_nan = name == "nanmedian"
    if dim is not None:
        d = normalize_dim(dim, t._data.ndim)
        _check_nonempty(t, name, (d,))
        data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
        cls = NanmedianBackward1 if skip_nan else MedianBackward1
        values, index = _median_picks(backend, data, d, skip_nan)
        return _indexed_result(t, d, keepdim, name, cls, values, index)
    if t.numel() == 0:  # PyTorch's nan, or an integer dtype's smallest value
        empty = float("nan") if t.dtype.is_floating_point else xp.iinfo(t._data.dtype).min
        data = xp.full((), empty, dtype=t._data.dtype, device=backend.native_device)
    else:
        data = xp.reshape(_median_picks(backend, xp.reshape(t._data, (-1,)), 0, skip_nan)[0], ())
    node = new_node(NanmedianBackward0 if skip_nan else MedianBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    node.save(t)
    node._saved_result = make_tensor(data, backend)
    return make_tensor(data, backend, True, node, 0)


@tensor_method("median")
def median(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None):
    """The lower median of all elements, or (values, indices) along `dim`; a nan wins."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("median", dim, axis, None)
        keepdim = numpy_keepdim("median", keepdim, keepdims, False)
    return _median("median", input, dim, keepdim)


@tensor_method("nanmedian")
def nanmedian(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None):
    """median() that ignores nans (nan only where every element is nan)."""
    if axis is not None or keepdims is not None:
        dim = numpy_dim("nanmedian", dim, axis, None)
        keepdim = numpy_keepdim("nanmedian", keepdim, keepdims, False)
    return _median("nanmedian", input, dim, keepdim)


# --- quantile / nanquantile --------------------------------------------------------------------
_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _check_scalar_q(name: str, q) -> None:
    """PyTorch's checks of a number q, made before those of the input."""
    if not isinstance(q, (int, float)):
        raise TypeError(msg.QUANTILE_ARGS.format(name=name, type=type(q).__name__))
    if not 0 <= q <= 1:
        raise RuntimeError(msg.QUANTILE_Q_RANGE.format(q=f"{q:g}"))


def _quantile_q(t: Tensor, q) -> Tensor:
    """q as a 0-d or 1-D tensor of t's dtype, after PyTorch's checks of a tensor q."""
    if not isinstance(q, Tensor):
        return make_tensor(t._backend.asarray(q, t.dtype), t._backend)
    if q.dim() > 1:
        raise RuntimeError(msg.QUANTILE_Q_DIM)
    if q.dtype is not t.dtype:
        raise RuntimeError(msg.QUANTILE_Q_DTYPE)
    if not bool(((q >= 0) & (q <= 1)).all()):
        raise RuntimeError(msg.QUANTILE_Q_VALUES)
    return q.detach()


def _quantile(input, q, dim, keepdim: bool, interpolation: str, skip_nan: bool) -> Tensor:
    """PyTorch's quantile: sort, gather the values around rank q * (n - 1), lerp between them
    (so autograd comes from sort, gather and lerp), then squeeze_ the gathered dim."""
    name = "nanquantile" if skip_nan else "quantile"
    t = check_tensor(input, name)
    if not isinstance(q, Tensor):
        _check_scalar_q(name, q)
    if t.numel() == 0:
        raise RuntimeError(msg.QUANTILE_EMPTY)
    if t.dtype not in (dtypes.float32, dtypes.float64):
        raise RuntimeError(msg.QUANTILE_DTYPE)
    q = _quantile_q(t, q)
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError(msg.QUANTILE_INTERPOLATION.format(interpolation=interpolation))
    if not t.dim():
        x = t.reshape(1)
    elif dim is None:
        x = t.reshape((1,) * t.dim() + (-1,) if keepdim else (-1,))
    else:
        d = normalize_dim(dim, t.dim())
        x = t.unsqueeze(-1).transpose(d, -1) if keepdim else t.movedim(d, -1)
    values = x.sort(-1)[0]  # nans sort last
    last = values.shape[-1] - 1
    nans = values.isnan()
    counted = nans.logical_not().sum(-1, keepdim=True) if skip_nan else last + 1
    ranks = q.reshape(tuple(q.shape) + (1,) * x.dim()) * (counted - 1)
    ranks = ranks.where(
        (counted != 0) if skip_nan else nans.any(-1, keepdim=True).logical_not(), float(last)
    )
    ranks = ranks.expand(ranks.shape[: -x.dim()] + values.shape[:-1] + (1,))
    values = values.expand(ranks.shape[:-1] + (last + 1,))
    if interpolation in ("lower", "higher", "nearest"):
        ranks = {"lower": ranks.floor, "higher": ranks.ceil, "nearest": ranks.round}[
            interpolation
        ]()
    below = values.gather(-1, ranks.long())
    if interpolation in ("linear", "midpoint"):
        weights = ranks - ranks.floor() if interpolation == "linear" else ranks * 0 + 0.5
        below = below.lerp(values.gather(-1, ranks.ceil().long()), weights)
    return below.squeeze_(-1)


@with_out
@tensor_method("quantile")
def quantile(input, q, dim=None, keepdim: bool = False, *, interpolation: str = "linear"):
    """The q-th quantiles (q a number or a 1-D tensor in [0, 1]) of all elements or along dim;
    a nan in a slice makes its quantiles nan."""
    return _quantile(input, q, dim, keepdim, interpolation, skip_nan=False)


@with_out
@tensor_method("nanquantile")
def nanquantile(input, q, dim=None, keepdim: bool = False, *, interpolation: str = "linear"):
    """quantile() of the non-nan elements (nan where a slice is all nan)."""
    return _quantile(input, q, dim, keepdim, interpolation, skip_nan=True)


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
    node = new_node(RenormBackward0, t)
    if node is None:
        return out
    node.save(t)
    node._saved_p, node._saved_dim, node._saved_maxnorm, node._dims = float(p), d, maxnorm, dims
    return make_tensor(out._data, t._backend, True, node, 0)


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
            (g.sum_to_size(*a.shape) if self.needs_input_grad(0) else None),
            ((-g).sum_to_size(*b.shape) if self.needs_input_grad(1) else None),
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
    node = new_node(DistBackward0, a, b)
    if node is None:
        return out
    result = make_tensor(out._data, out._backend, True, node, 0)
    node.save(a, b, result)
    node._saved_p = float(p)
    return result


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
    "cumprod",
    "cumsum",
    "dist",
    "log_softmax",
    "logsumexp",
    "max",
    "mean",
    "median",
    "min",
    "nanmean",
    "nanmedian",
    "nanquantile",
    "nansum",
    "norm",
    "prod",
    "quantile",
    "renorm",
    "softmax",
    "std",
    "std_mean",
    "sum",
    "var",
    "var_mean",
]
