"""Reductions: `sum`, `mean`, ... over all elements or along dims, with `keepdim`.

`sum_to_size` is also here: it is how a broadcast gradient is summed back to an input's shape.
"""

from __future__ import annotations

from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, normalize_dims


def _kept_shape(shape: tuple, dims: tuple) -> tuple:
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


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
        if not self._saved_keepdim:
            grad = grad.reshape(_kept_shape(shape, self._saved_dim))
        return grad.expand(shape)


def _sum_dtype(t: Tensor, dtype):
    if dtype is not None:
        return dtype
    return dtypes.int64 if not t.dtype.is_floating_point else t.dtype


@tensor_method("sum")
def sum(input, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:  # noqa: A001
    """Sum of all elements, or along `dim` (an int or a tuple of ints)."""
    t = check_tensor(input, "sum")
    backend = t._backend
    xp = backend.xp
    out_dtype = _sum_dtype(t, dtype)
    whole = dim is None
    dims = normalize_dims(dim, t._data.ndim)
    data = xp.sum(t._data, axis=dims if not whole else None, keepdims=keepdim,
                  dtype=backend.native[out_dtype])
    node = new_node(SumBackward0 if whole else SumBackward1, t)
    if node is None:
        return make_tensor(data, backend)
    node._saved_self_sym_sizes = tuple(t._data.shape)
    if not whole:
        node._saved_dim, node._saved_keepdim = dims, keepdim
    return make_tensor(data, backend, True, node, 0)


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
        lead + i for i, s in enumerate(size) if s == 1 and shape[lead + i] != 1)
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
        if not self._saved_keepdim:
            grad = grad.reshape(_kept_shape(shape, self._saved_dim))
        return grad.expand(shape) / self._count


@tensor_method("mean")
def mean(input, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """Average of all elements, or along `dim`; needs a floating dtype as in PyTorch."""
    from .. import _messages as msg
    t = check_tensor(input, "mean")
    target = dtype or t.dtype
    if not target.is_floating_point:
        raise RuntimeError(msg.MEAN_DTYPE.format(dtype=t.dtype.legacy_name[:-6]))
    if dtype is not None and dtype is not t.dtype:
        t = t.to(dtype)
    backend = t._backend
    whole = dim is None
    dims = normalize_dims(dim, t._data.ndim)
    data = backend.xp.mean(t._data, axis=None if whole else dims, keepdims=keepdim)
    node = new_node(MeanBackward0 if whole else MeanBackward1, t)
    if node is None:
        return make_tensor(data, backend)
    shape = tuple(t._data.shape)
    node._saved_self_sym_sizes = shape
    count = 1
    for d in (range(len(shape)) if whole else dims):
        count *= shape[d]
    if whole:
        node._saved_self_sym_numel = count
    else:
        node._saved_dim, node._saved_keepdim, node._count = dims, keepdim, count
    return make_tensor(data, backend, True, node, 0)
