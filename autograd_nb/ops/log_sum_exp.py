"""logsumexp, softmax and log_softmax along a dim, shifted by the max as PyTorch's kernels."""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_tensor,
    in_float32,
    is_half,
    normalize_dim,
    numpy_dim,
    numpy_keepdim,
    record,
)
from .out import with_out
from .reduction import _reduce_dims, _type_name, _unreduce


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
    return record(
        LogsumexpBackward0, (t,), data, backend, (t,), save_result=True, dim=dims, keepdim=keepdim
    )


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
        if y.dtype not in dtypes.HALF_FLOATS:
            return grad - y.exp() * grad.sum(self._saved_dim, keepdim=True)
        g, y = grad.float(), y.float()  # PyTorch's kernel: float32 throughout, rounded once
        return (g - y.exp() * g.sum(self._saved_dim, keepdim=True)).to(grad.dtype)


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

    # float16 and bfloat16 compute in float32; PyTorch's log_softmax over the last dim keeps the
    # sum of exps and its log in the half type
    half = data.dtype if is_half(data.dtype) and d == ndim - 1 else None

    def kernel(xp, data):
        # Shifted by the max, as PyTorch's kernel: a row holding +inf (or only -inf) gives nan.
        shifted = data - backend.amax(data, axis=d, keepdims=True) if data.size else data
        exps = xp.exp(shifted)
        total = backend.sum(exps, axis=d, keepdims=True)
        if cls is SoftmaxBackward0:
            return exps / total
        if half is None:
            return shifted - xp.log(total)
        total = xp.astype(xp.astype(total, half), data.dtype)
        return shifted - xp.astype(xp.astype(xp.log(total), half), data.dtype)

    xp = backend.xp
    data = xp.reshape(data, (1,)) if not ndim else data
    out = in_float32(kernel, xp, data)
    if not ndim:
        out = xp.reshape(out, ())
    return record(cls, (t,), out, backend, save_result=True, dim=d)


@with_out
@tensor_method("softmax")
def softmax(input, dim: int = ..., dtype=None, *, axis=None) -> Tensor:
    """exp(x) / sum(exp(x)) along `dim`, shifted by the max so it never overflows."""
    if axis is not None or dim is ...:
        dim = numpy_dim("softmax", dim, axis, ...)
    return _softmax("softmax", SoftmaxBackward0, input, dim, dtype)


@with_out
@tensor_method("log_softmax")
def log_softmax(input, dim: int = ..., dtype=None, *, axis=None) -> Tensor:
    """x - logsumexp(x) along `dim` (more accurate than log(softmax(x)))."""
    if axis is not None or dim is ...:
        dim = numpy_dim("log_softmax", dim, axis, ...)
    return _softmax("log_softmax", LogSoftmaxBackward0, input, dim, dtype)


__all__ = ["log_softmax", "logsumexp", "softmax"]
