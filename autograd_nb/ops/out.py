"""`out=`: PyTorch's functions can write their result into a tensor the caller gives.

`torch.matmul(a, b, out=c)` computes as usual, then copies into `c` (cast to its dtype when
PyTorch's casting rule allows, resized with PyTorch's deprecation warning when its shape
differs) and returns `c`. Like PyTorch, it refuses to record a graph: no argument may require
grad while grad mode is on. Only the `torch.*` functions take `out`; methods never did.
"""

from __future__ import annotations

import functools
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, typename
from ..autograd.grad_mode import STATE, no_grad
from ..autograd.node import version_counter
from .inplace import _short_name, check_no_partial_overlap

# The torch.* functions given an `out=` keyword (those of PyTorch's that return one tensor).
FUNCTIONS_WITH_OUT = (
    "abs",
    "absolute",
    "acos",
    "add",
    "addbmm",
    "addcdiv",
    "addcmul",
    "addmm",
    "addmv",
    "amax",
    "amin",
    "arccos",
    "arcsin",
    "arctan",
    "arctan2",
    "argmax",
    "argmin",
    "asin",
    "atan",
    "atan2",
    "baddbmm",
    "bernoulli",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "bmm",
    "cat",
    "ceil",
    "clamp",
    "clamp_max",
    "clamp_min",
    "clip",
    "column_stack",
    "concat",
    "concatenate",
    "cos",
    "cosh",
    "cross",
    "cumprod",
    "cumsum",
    "diag",
    "diff",
    "div",
    "divide",
    "dot",
    "dstack",
    "eq",
    "erf",
    "exp",
    "exp2",
    "expm1",
    "float_power",
    "floor",
    "floor_divide",
    "fmod",
    "frac",
    "gather",
    "ge",
    "ger",
    "gt",
    "heaviside",
    "hstack",
    "hypot",
    "index_add",
    "index_copy",
    "index_select",
    "kron",
    "le",
    "lerp",
    "log",
    "log10",
    "log1p",
    "log2",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "logsumexp",
    "lt",
    "masked_select",
    "matmul",
    "maximum",
    "mean",
    "minimum",
    "mm",
    "mul",
    "multinomial",
    "multiply",
    "mv",
    "nan_to_num",
    "nanmean",
    "nanquantile",
    "nansum",
    "ne",
    "neg",
    "negative",
    "nonzero",
    "norm",
    "outer",
    "pow",
    "prod",
    "quantile",
    "reciprocal",
    "remainder",
    "round",
    "rsqrt",
    "sigmoid",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "stack",
    "std",
    "sub",
    "subtract",
    "sum",
    "take_along_dim",
    "tan",
    "tanh",
    "tensordot",
    "tril",
    "triu",
    "true_divide",
    "trunc",
    "var",
    "vdot",
    "vstack",
    "where",
)


def with_out(fn, name: str):
    """`fn` taking PyTorch's `out=` keyword as well."""

    @functools.wraps(fn)
    def wrapper(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        return _into(out, name, fn, args, kwargs)

    return wrapper


def _tensors_in(values):
    for value in values:
        if isinstance(value, Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from _tensors_in(value)


def _into(out, name: str, fn, args: tuple, kwargs: dict) -> Tensor:
    """fn's result written into `out`, with PyTorch's checks before anything is written."""
    if not isinstance(out, Tensor):
        raise TypeError(msg.OUT_NOT_TENSOR.format(name=name, type=typename(type(out))))
    if STATE.enabled and any(t.requires_grad for t in _tensors_in((out, *args, *kwargs.values()))):
        raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name=name))
    check_no_partial_overlap(out, _tensors_in((*args, *kwargs.values())))
    with no_grad():
        result = fn(*args, **kwargs)
    return checked_write(out, result)


def checked_write(out: Tensor, result: Tensor) -> Tensor:
    """`result` written into `out` after PyTorch's dtype and device checks."""
    if not dtypes.can_cast(result.dtype, out.dtype):
        raise RuntimeError(
            msg.INPLACE_CAST.format(result=_short_name(result.dtype), out=_short_name(out.dtype))
        )
    if result.device != out.device:
        raise RuntimeError(msg.OUT_DEVICE.format(expected=result.device, got=out.device))
    return write_into(out, result)


def write_into(out: Tensor, result: Tensor) -> Tensor:
    """`result` copied into `out`, which is resized (with PyTorch's warning unless it was
    empty) when the shapes differ; returns `out`."""
    if tuple(out.shape) != tuple(result.shape):
        if out.numel():
            warnings.warn(
                msg.OUT_RESIZED.format(old=list(out.shape), new=list(result.shape)),
                UserWarning,
                stacklevel=4,
            )
        with no_grad():
            out.data = result.to(out.dtype)  # a new storage of the right shape, as resize_
        version_counter(out).value += 1
        return out
    with no_grad():
        out.copy_(result)
    return out
