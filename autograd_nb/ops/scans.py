"""Running ops along a dim: cumsum, cumprod, cummax, cummin, logcumsumexp, the trapezoid rule."""

from __future__ import annotations

import builtins
import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_tensor,
    normalize_dim,
    numpy_dim,
    record,
    require_floating,
)
from .binary import div_number, mul_number
from .comparison import where
from .indexing import scatter_add
from .inplace import inplace_method
from .out import with_out, with_pair_out
from .reduction import _indexed_result, _sum_dtype


class CummaxBackward0(Node):
    """The gradient goes to the element each running extreme came from."""

    __slots__ = ("_saved_dim", "_saved_indices", "_saved_keepdim", "_saved_self_sym_sizes")
    _keeps = ("_saved_indices",)

    def backward(self, grad):
        if grad.dim() == 0:
            return grad
        return scatter_add(
            grad.new_zeros(self._saved_self_sym_sizes), self._saved_dim, self._saved_indices, grad
        )


class CumminBackward0(CummaxBackward0):
    __slots__ = ()


def _running_extreme(name: str, cls, input, dim: int):
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
    moved = xp.moveaxis(data, d, 0)
    long = backend.native[dtypes.int64]
    if moved.shape[0] == 0:
        return _indexed_result(
            t,
            d,
            True,
            name,
            cls,
            data,
            xp.zeros(data.shape, dtype=long, device=backend.native_device),
        )
    # bools compare as 0/1 (the array API orders no bools)
    keys = xp.astype(moved, backend.native[dtypes.int8]) if t.dtype is dtypes.bool else moved
    values, indices = (
        [moved[0, ...]],
        [xp.zeros(moved[0, ...].shape, dtype=long, device=backend.native_device)],
    )
    best = keys[0, ...]
    better = (lambda new, old: new >= old) if name == "cummax" else (lambda new, old: new <= old)
    for i in range(1, moved.shape[0]):
        new = moved[i, ...]
        take = better(keys[i, ...], best)
        if t.dtype.is_floating_point:
            take = take | xp.isnan(new)  # a nan stays the extreme until the next nan (PyTorch)
        best = xp.where(take, keys[i, ...], best)
        values.append(xp.where(take, new, values[-1]))
        indices.append(
            xp.where(
                take, xp.full(new.shape, i, dtype=long, device=backend.native_device), indices[-1]
            )
        )
    values = xp.moveaxis(xp.stack(values), 0, d)
    indices = xp.moveaxis(xp.stack(indices), 0, d)
    return _indexed_result(t, d, True, name, cls, values, indices)


@with_pair_out
@tensor_method("cummax")
def cummax(input, dim: int):
    """Running maxima along `dim` and where each came from (the latest among ties)."""
    return _running_extreme("cummax", CummaxBackward0, input, dim)


@with_pair_out
@tensor_method("cummin")
def cummin(input, dim: int):
    """Running minima along `dim` and where each came from (the latest among ties)."""
    return _running_extreme("cummin", CumminBackward0, input, dim)


class LogcumsumexpBackward0(Node):
    """d out_j / d x_k = exp(x_k - out_j) for k <= j: never above 1, so it cannot overflow."""

    __slots__ = ("_saved_dim",)
    _saved_names = ("self", "result")

    def backward(self, grad):
        x, out = self._unpack(0), self._unpack(1)
        if x.dim() == 0:
            return grad
        d = self._saved_dim
        n = x.shape[d]
        from .._creation import arange

        k = arange(n, device=x.device)
        later = (k.reshape(n, 1) <= k.reshape(1, n)).reshape(
            (1,) * d + (n, n) + (1,) * (x.dim() - d - 1)
        )
        exponent = where(later, x.unsqueeze(d + 1) - out.unsqueeze(d), -math.inf)
        return (exponent.exp() * grad.unsqueeze(d)).sum(d + 1)


@with_out
@tensor_method("logcumsumexp")
def logcumsumexp(input, dim: int) -> Tensor:
    """log(cumsum(exp(input))) along `dim`, computed without overflow (floating only)."""
    t = check_tensor(input, "logcumsumexp")
    require_floating(t, "logcumsumexp_out_cpu")
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    data = t._data
    if data.ndim:
        moved = xp.moveaxis(data, d, 0)
        running = []  # from log(0) = -inf, as PyTorch's accumulator (so -0.0 gives 0.0)
        total = xp.full(moved.shape[1:], -math.inf, dtype=data.dtype, device=backend.native_device)
        for i in range(moved.shape[0]):
            total = xp.logaddexp(total, moved[i, ...])
            running.append(total)
        data = xp.moveaxis(xp.stack(running), 0, d) if running else xp.asarray(data, copy=True)
    return record(LogcumsumexpBackward0, (t,), data, backend, (t,), save_result=True, dim=d)


def _trapezoid_parts(y: Tensor, x, dx, dim: int, name: str):
    """(y, dim, y without its last sample, y without its first, x's spacing or None)."""
    if x is not None and dx is not None:
        raise TypeError(msg.TRAPEZOID_BOTH.format(name=name, dx=type(dx).__name__))
    y = check_tensor(y, name, "y")
    if y.dtype is dtypes.bool:
        raise RuntimeError(msg.TRAPEZOID_BOOL.format(name=name))
    d = normalize_dim(dim, y.dim())
    n = y.shape[d]
    left, right = (
        y.narrow(d, 0, builtins.max(n - 1, 0)),
        y.narrow(d, builtins.min(1, n), builtins.max(n - 1, 0)),
    )
    if x is None:
        return y, d, left, right, None
    x = check_tensor(x, name, "x")
    if x.dim() == 1:
        if x.shape[0] != n:
            raise RuntimeError(msg.TRAPEZOID_X_SIZE.format(name=name))
        spacing = x.diff().reshape(tuple(n - 1 if i == d else 1 for i in range(y.dim())))
    else:
        spacing = x.diff(dim=d)
    return y, d, left, right, spacing


def trapezoid(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The trapezoid rule integral of y along dim, at sample points x or spacing dx (1)."""
    y, d, left, right, spacing = _trapezoid_parts(y, x, dx, dim, "trapezoid")
    if y.shape[d] == 0:
        return y.new_zeros(tuple(y.shape[:d]) + tuple(y.shape[d + 1 :]))
    if spacing is not None:
        return div_number((spacing * (left + right)).sum(d), 2.0)
    ends = mul_number(y.select(d, 0) + y.select(d, -1), 0.5)  # MulBackward1: saves a number
    return mul_number(y.sum(d) - ends, 1 if dx is None else dx)


def trapz(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The older name of trapezoid."""
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The running trapezoid-rule integrals of y along dim (one fewer than y's samples)."""
    y, d, left, right, spacing = _trapezoid_parts(y, x, dx, dim, "cumulative_trapezoid")
    if spacing is None:
        return cumsum(mul_number(left + right, (1 if dx is None else dx) / 2.0), d)
    return div_number(cumsum(spacing * (left + right), d), 2.0)


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
    return record(CumsumBackward0, (t,), data, t._backend, dim=d)


def _running(name: str, input, dim: int, dtype) -> tuple:
    """(tensor, dim, array) of a running sum or product (`cumulative_sum`/`_prod`) along dim;
    float16 and bfloat16 run in float32 (PyTorch's accumulate type), each result rounded."""
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    out_dtype = _sum_dtype(t, dtype)
    acc = dtypes.float32 if out_dtype in dtypes.HALF_FLOATS else out_dtype
    data = xp.astype(t._data, backend.native[acc])
    if t._data.ndim:
        if name == "cumsum":  # from 0.0, as PyTorch's accumulator (a sum of -0.0s is 0.0)
            data = xp.cumulative_sum(data, axis=d) + 0
        else:
            data = xp.cumulative_prod(data, axis=d)
    return t, d, xp.astype(data, backend.native[out_dtype])


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
    from .joining import cat

    return cat(pieces, d)


@with_out
@tensor_method("cumprod")
def cumprod(input, dim: int = ..., *, dtype=None, axis=None) -> Tensor:
    """Running products along `dim`; integers and bools give int64."""
    if axis is not None or dim is ...:
        dim = numpy_dim("cumprod", dim, axis, ...)
    t, d, data = _running("cumprod", input, dim, dtype)
    backend = t._backend
    return record(CumprodBackward0, (t,), data, backend, (t,), save_result=True, dim=d)


# --- in-place forms -------------------------------------------------------------------------------

cumsum_ = inplace_method("cumsum", "Running sums along `dim`, in place.")
cumprod_ = inplace_method("cumprod", "Running products along `dim`, in place.")

__all__ = [
    "cummax",
    "cummin",
    "cumprod",
    "cumsum",
    "cumulative_trapezoid",
    "logcumsumexp",
    "trapezoid",
    "trapz",
]
