"""Element-wise arithmetic: the one-input table (unary.py) and the two-input table (binary.py)
of this family, plus square, float_power, round(decimals), frac, signbit, heaviside and their
in-place forms. Comparisons and `where` are in comparison.py, lerp/addcmul/addcdiv in
ternary.py.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import broadcast_error, check_tensor, operands, record
from .binary import *  # noqa: F403 - the table of two-input ops is part of this family
from .binary import _not_differentiable, pow
from .binary_functions import *  # noqa: F403 - ... and its functions
from .inplace import apply_inplace, inplace_method
from .out import with_out
from .unary import *  # noqa: F403 - the table of one-input ops is part of this family
from .unary import frac_unchecked, neg, round_half_even

# --- powers ---------------------------------------------------------------------------------------


@with_out
@tensor_method("square")
def square(input) -> Tensor:
    return pow(check_tensor(input, "square"), 2)


@with_out
@tensor_method("float_power")
def float_power(input, exponent) -> Tensor:
    """input ** exponent computed in double precision (float64 tensors out)."""
    base = input.double() if isinstance(input, Tensor) else input
    return pow(base, exponent.double() if isinstance(exponent, Tensor) else exponent)


@tensor_method("float_power_")
def float_power_(self: Tensor, exponent) -> Tensor:
    """self ** exponent in place; self must already be float64 (the result's dtype)."""
    if self.dtype is not dtypes.float64:
        raise RuntimeError(msg.FLOAT_POWER_INPLACE.format(dtype=self.dtype.legacy_name[:-6]))
    return apply_inplace(self, float_power, exponent)


# --- rounding with decimals -----------------------------------------------------------------------


class RoundBackward1(Node):
    """round(decimals=...): a step function, so a zero gradient."""

    __slots__ = ("_saved_decimals",)

    def backward(self, grad):
        return grad.new_zeros(grad.shape)


@with_out
@tensor_method("round")
def round(input, *, decimals: int | None = None) -> Tensor:  # noqa: A001
    """Round half to even; with `decimals`, round x * 10**decimals and scale back in x's dtype
    (x / 10**-decimals for negative ones), as PyTorch computes it."""
    t = check_tensor(input, "round")
    if t.dtype is dtypes.bool or (decimals is not None and not t.dtype.is_floating_point):
        kernel = "round_vml_cpu" if decimals is None else "round_cpu"
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=kernel, dtype=t.dtype.legacy_name[:-6])
        )
    if decimals is None:
        return round_half_even(t)
    if type(decimals) is not int:
        raise TypeError(msg.ROUND_DECIMALS_TYPE.format(type=type(decimals).__name__))
    xp, backend = t._backend.xp, t._backend
    if decimals >= 0:
        scale = 10.0**decimals
        data = xp.round(t._data * scale) / scale
    else:
        scale = 10.0**-decimals
        data = xp.round(t._data / scale) * scale
    return record(RoundBackward1, (t,), data, backend, decimals=decimals)


@tensor_method("__neg__")
def _neg_operator(input) -> Tensor:
    if input._backend.ours[input._data.dtype] is dtypes.bool:
        raise RuntimeError(msg.NEG_BOOL)
    return neg(input)


@tensor_method("__pos__", "positive")
def positive(input) -> Tensor:
    """`input` itself (unary plus); PyTorch refuses bool tensors."""
    if check_tensor(input, "positive").dtype is dtypes.bool:
        raise RuntimeError(msg.POSITIVE_BOOL)
    return input


# --- frac, signbit, heaviside ---------------------------------------------------------------------


@with_out
@tensor_method("frac")
def frac(input) -> Tensor:
    """The fractional part x - trunc(x), keeping the sign (floating tensors only)."""
    t = check_tensor(input, "frac")
    if not t.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel="frac_cpu", dtype=t.dtype.legacy_name[:-6])
        )
    return frac_unchecked(t)


@with_out
@tensor_method("signbit")
def signbit(input) -> Tensor:
    """Whether the sign bit is set (True for -0.0 and negative numbers), as a bool tensor."""
    t = check_tensor(input, "signbit")
    xp = t._backend.xp
    x = t._data
    if t.dtype.is_floating_point:
        return make_tensor(xp.signbit(x), t._backend)
    return make_tensor(x < 0 if t.dtype.is_signed else xp.zeros_like(x, dtype=xp.bool), t._backend)


@with_out
@tensor_method("heaviside")
def heaviside(input, values) -> Tensor:
    """The step function: 0 where input < 0, `values` where it is 0, 1 where > 0 (no grad)."""
    a = check_tensor(input, "heaviside")
    b = check_tensor(values, "heaviside", "values", 2)
    if a.dtype is not b.dtype:
        raise RuntimeError(msg.HEAVISIDE_DTYPES)
    _, _, x, v, backend = operands(a, b, "heaviside")
    xp = backend.xp
    try:
        out = (
            xp.logical_or(x, v)
            if a.dtype is dtypes.bool
            else xp.where(x == 0, v, xp.astype(x > 0, x.dtype))
        )
    except ValueError:
        raise broadcast_error(tuple(x.shape), tuple(v.shape)) from None
    return _not_differentiable("heaviside", (a, b), out, backend)


# --- in-place forms -------------------------------------------------------------------------------


@tensor_method("round_")
def round_(self: Tensor, *, decimals: int | None = None) -> Tensor:
    """Round half to even in place (see round)."""
    return apply_inplace(self, round, decimals=decimals)


@tensor_method("frac_")
def frac_(self: Tensor) -> Tensor:
    """The fractional part x - trunc(x), in place."""
    return apply_inplace(self, frac)


@tensor_method("square_")
def square_(self: Tensor) -> Tensor:
    """self * self, in place."""
    return apply_inplace(self, square)


heaviside_ = inplace_method("heaviside", "The step function of self with `values` at 0, in place.")


__all__ = [
    "float_power",
    "frac",
    "frac_",
    "heaviside",
    "positive",
    "round",
    "round_",
    "signbit",
    "square",
    "square_",
]
