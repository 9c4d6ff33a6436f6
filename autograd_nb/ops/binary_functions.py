"""Two-input element-wise functions, entries of the table in binary.py: atan2, hypot,
logaddexp/logaddexp2, copysign, nextafter, ldexp, xlogy and xlog1py, and the element-wise
extremes maximum/minimum/fmax/fmin.

Each entry is a node class (its `reads`, `formula` and two partials written with Tensor
operations) and one `binary(...)` line; binary.py's docstring says what they state.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .._tensor import Tensor
from ._helpers import overload_error
from .binary import BinaryBackward, binary

# --- angles, norms, log-sum-exp -------------------------------------------------------------------


class Atan2Backward0(BinaryBackward):
    __slots__ = ()
    formula = "∂atan2(a, b)/∂a = b/(a² + b²),  ∂atan2(a, b)/∂b = −a/(a² + b²)"
    reads = {"self": "self other", "other": "self other"}

    @staticmethod
    def _recip(a, b):
        """1 / (a² + b²), 0 at the origin (PyTorch's choice there: no NaN gradient)."""
        recip = (a * a + b * b).reciprocal()
        return recip.where(recip.isinf().logical_not(), 0)

    def grad_self(self, grad, a, b):
        return grad * b * self._recip(a, b)

    def grad_other(self, grad, a, b):
        return grad * -a * self._recip(a, b)


atan2, atan2_ = binary(
    "atan2",
    Atan2Backward0,
    lambda xp, x, y: xp.atan2(x, y),
    doc="The angle of the point (other, input) in radians, element-wise with broadcasting.",
    tensors=True,
    floating="promote",
    aliases=("arctan2",),
)
arctan2, arctan2_ = atan2, atan2_


class HypotBackward0(BinaryBackward):
    __slots__ = ()
    formula = "∂√(a² + b²)/∂a = a/√(a² + b²),  ∂√(a² + b²)/∂b = b/√(a² + b²)"
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad * a / hypot(a, b)

    def grad_other(self, grad, a, b):
        return grad * b / hypot(a, b)


hypot, hypot_ = binary(
    "hypot",
    HypotBackward0,
    lambda xp, x, y: xp.hypot(x, y),
    doc="sqrt(input**2 + other**2) element-wise without overflow (floating tensors only).",
    tensors=True,
    floating="require",
)


class LogaddexpBackward0(BinaryBackward):
    __slots__ = ()
    formula = "∂ln(eᵃ + eᵇ)/∂a = 1/(1 + eᵇ⁻ᵃ),  ∂ln(eᵃ + eᵇ)/∂b = 1/(1 + eᵃ⁻ᵇ)"
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad / (1 + (b - a).exp())

    def grad_other(self, grad, a, b):
        return grad / (1 + (a - b).exp())


logaddexp, _ = binary(
    "logaddexp",
    LogaddexpBackward0,
    lambda xp, x, y: xp.logaddexp(x, y),
    doc="log(exp(input) + exp(other)) without overflow, broadcasting (floating tensors only).",
    tensors=True,
    floating="require",
    inplace=False,
)


class Logaddexp2Backward0(BinaryBackward):
    __slots__ = ()
    formula = "∂log₂(2ᵃ + 2ᵇ)/∂a = 1/(1 + 2ᵇ⁻ᵃ),  ∂log₂(2ᵃ + 2ᵇ)/∂b = 1/(1 + 2ᵃ⁻ᵇ)"
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad / (1 + 2 ** (b - a))

    def grad_other(self, grad, a, b):
        return grad / (1 + 2 ** (a - b))


def _logaddexp2(xp, x, y):
    """log2(2**x + 2**y) on arrays: the larger plus log2(1 + 2**-|x - y|), x + 1 at a tie (so
    that two infinities of one sign give that infinity)."""
    larger = xp.maximum(x, y)
    spread = xp.log1p(2.0 ** -xp.abs(x - y)) / math.log(2)
    return xp.where(x == y, x + 1, larger + spread)


logaddexp2, _ = binary(
    "logaddexp2",
    Logaddexp2Backward0,
    _logaddexp2,
    doc="log2(2**input + 2**other) without overflow, broadcasting (floating tensors only).",
    tensors=True,
    floating="require",
    inplace=False,
)


# --- signs, neighbours, powers of two ------------------------------------------------------------


class CopysignBackward0(BinaryBackward):
    """|a| with b's sign: the gradient flips where the signs differ, 0 at a = 0; none for b."""

    __slots__ = ()
    formula = "∂copysign(a, b)/∂a = sign(a)·sign(copysign(a, b)) (0 where a = 0),  ∂/∂b = 0"
    reads = {"self": "self other"}

    def grad_self(self, grad, a, b):
        flip = copysign(a.new_ones(()), a) * copysign(a.new_ones(()), b)
        return (grad * flip).masked_fill(a == 0, 0)

    def grad_other(self, grad, a, b):
        return grad.new_zeros(()).expand_as(grad)


class CopysignBackward1(CopysignBackward0):
    """copysign(tensor, number)."""

    __slots__ = ()
    numbers = ("other",)


def _number_second(name: str, first: str):
    """PyTorch's errors when the first operand is not a tensor (only `other` may be a number),
    and when `other` is neither a tensor nor a number."""

    def check(input, other) -> None:
        if not isinstance(input, Tensor):
            raise TypeError(
                msg.FIRST_TENSOR_ARGS.format(
                    name=name, a=type(input).__name__, b=type(other).__name__, first=first
                )
            )
        if not isinstance(other, (Tensor, bool, int, float)):
            raise overload_error(name, "other", "", type(other).__name__)

    return check


copysign, copysign_ = binary(
    "copysign",
    CopysignBackward0,
    lambda xp, x, y: xp.copysign(x, y),
    doc="The magnitude of input with the sign of other, element-wise (integers give floats).",
    scalar_node=CopysignBackward1,
    floating="promote",
    check=_number_second("copysign", "Tensor input"),
)


class NextafterBackward0(BinaryBackward):
    """PyTorch passes the gradient to `self` where it moves (self != other); none to other."""

    __slots__ = ()
    formula = "∂nextafter(a, b)/∂a = 1 where a ≠ b, else 0,  ∂/∂b = 0"
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad.masked_fill(a == b, 0)

    def grad_other(self, grad, a, b):
        return grad.new_zeros(()).expand_as(grad)


nextafter, nextafter_ = binary(
    "nextafter",
    NextafterBackward0,
    lambda xp, x, y: xp.nextafter(x, y),
    doc="The next floating-point value after input towards other, element-wise.",
    tensors=True,
    floating="require",
)


class LdexpBackward0(BinaryBackward):
    __slots__ = ()
    formula = "∂(a·2ᵇ)/∂a = 2ᵇ,  ∂(a·2ᵇ)/∂b = a·2ᵇ·ln 2"
    reads = {"self": "other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad * 2.0**b

    def grad_other(self, grad, a, b):
        return grad * a * 2.0**b * math.log(2)


def _times_power_of_two(xp, x, y):
    """x * 2**y in the operands' floating dtype (float32 for two integers, as PyTorch); cast
    first, as the simulated device (array-api-strict) mixes no integer and float operands."""
    floating = [d for d in (x.dtype, y.dtype) if xp.isdtype(d, "real floating")]
    dtype = xp.result_type(*floating) if floating else xp.float32
    return xp.astype(x, dtype) * 2.0 ** xp.astype(y, dtype)


ldexp, ldexp_ = binary(
    "ldexp",
    LdexpBackward0,
    _times_power_of_two,
    doc="input * 2**other, element-wise with broadcasting (integers give floats).",
    tensors=True,
    floating="promote",
)

# --- x log y -------------------------------------------------------------------------------------


class XlogyBackward0(BinaryBackward):
    """x * log(y): d/dx = log(y) (0 where x = 0 and y <= 0), d/dy = x / y."""

    __slots__ = ()
    formula = "∂(a·ln b)/∂a = ln b (0 where a = 0, b ≤ 0),  ∂(a·ln b)/∂b = a/b"
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):  # PyTorch's xlogy(grad, b): a zero grad gives 0, not NaN
        return xlogy(grad, b).masked_fill((a == 0) & (b <= 0), 0)

    def grad_other(self, grad, a, b):
        return grad * a / b


class XlogyBackward1(XlogyBackward0):
    """xlogy(number, tensor)."""

    __slots__ = ()
    numbers = ("self",)


class XlogyBackward2(XlogyBackward0):
    """xlogy(tensor, number)."""

    __slots__ = ()
    numbers = ("other",)


def _zero_rule(log):
    """x * log(y), 0 where x is 0 unless y is nan, on arrays (a number operand filled in)."""

    def kernel(xp, x, y):
        x = x if hasattr(x, "shape") else xp.full_like(y, x)
        y = y if hasattr(y, "shape") else xp.full_like(x, y)
        return xp.where((x == 0) & ~xp.isnan(y), xp.zeros_like(x), x * log(xp, y))

    return kernel


def _not_two_numbers(name: str):
    """PyTorch's error for two numbers: no overload takes them."""

    def check(input, other) -> None:
        if not isinstance(input, Tensor) and not isinstance(other, Tensor):
            raise TypeError(
                msg.XLOGY_ARGS.format(name=name, a=type(input).__name__, b=type(other).__name__)
            )

    return check


xlogy, xlogy_ = binary(
    "xlogy",
    XlogyBackward0,
    _zero_rule(lambda xp, y: xp.log(y)),
    doc="input * log(other), 0 where input is 0 (unless other is nan); integers give floats.",
    scalar_node=XlogyBackward2,
    rscalar_node=XlogyBackward1,
    floating="promote",
    check=_not_two_numbers("xlogy"),
)


class SpecialXlog1PyBackward0(BinaryBackward):
    """x * log1p(y): d/dx = log1p(y) (0 where x = 0 and y <= -1), d/dy = x / (1 + y)."""

    __slots__ = ()
    formula = (
        "∂(a·ln(1 + b))/∂a = ln(1 + b) (0 where a = 0, b ≤ −1),  ∂(a·ln(1 + b))/∂b = a/(1 + b)"
    )
    reads = {"self": "self other", "other": "self other"}

    def grad_self(self, grad, a, b):  # PyTorch's xlog1py(grad, b): a zero grad gives 0
        return xlog1py(grad, b).masked_fill((a == 0) & (b <= -1), 0)

    def grad_other(self, grad, a, b):
        return grad * a / (b + 1)


class SpecialXlog1PyBackward1(SpecialXlog1PyBackward0):
    """xlog1py(number, tensor)."""

    __slots__ = ()
    numbers = ("self",)


class SpecialXlog1PyBackward2(SpecialXlog1PyBackward0):
    """xlog1py(tensor, number)."""

    __slots__ = ()
    numbers = ("other",)


# torch.special.xlog1py: no Tensor method, errors name it special_xlog1py
xlog1py, _ = binary(
    "special_xlog1py",
    SpecialXlog1PyBackward0,
    _zero_rule(lambda xp, y: xp.log1p(y)),
    doc="input * log1p(other), 0 where input is 0 (unless other is nan): torch.special.xlog1py.",
    scalar_node=SpecialXlog1PyBackward2,
    rscalar_node=SpecialXlog1PyBackward1,
    floating="promote",
    check=_not_two_numbers("special_xlog1py"),
    method=False,
    inplace=False,
)


# --- element-wise extremes ------------------------------------------------------------------------


def first_at_ties(xp, tie, first, out):
    """`out`, but `first` where `tie`: PyTorch's CPU maximum, minimum and clamp keep their
    first operand when the two are equal, so 0.0 against -0.0 gives that operand's sign
    (NumPy's choice differs by dtype). Ties are rare: most calls skip the `where`."""
    return xp.where(tie, first, out) if bool(xp.any(tie)) else out


def larger(xp, a, b):
    """PyTorch's CPU maximum on arrays: NaN where either is NaN, else the larger, `a` at a tie."""
    return first_at_ties(xp, a == b, a, xp.maximum(a, b))


def smaller(xp, a, b):
    """PyTorch's CPU minimum on arrays: NaN where either is NaN, else the smaller, `a` at a tie."""
    return first_at_ties(xp, a == b, a, xp.minimum(a, b))


class MaximumBackward0(BinaryBackward):
    """Ties share the gradient equally; where either is NaN both get it, as in PyTorch."""

    __slots__ = ()
    formula = "∂max(a, b)/∂a = 1 where a > b (½ at a tie), else 0; b the rest"
    reads = {"self": "self other", "other": "self other"}

    def _beaten(self, a, b):
        """Where `a` is not the extreme (so its gradient is 0)."""
        return a < b

    def grad_self(self, grad, a, b):
        return grad.where(a != b, grad / 2).masked_fill(self._beaten(a, b), 0)

    def grad_other(self, grad, a, b):
        return grad.where(a != b, grad / 2).masked_fill(self._beaten(b, a), 0)


maximum, _ = binary(
    "maximum",
    MaximumBackward0,
    larger,
    doc="The element-wise maximum (NaN where either is NaN), broadcasting.",
    tensors=True,
    inplace=False,
)


class MinimumBackward0(MaximumBackward0):
    """Ties share the gradient equally; where either is NaN both get it, as in PyTorch."""

    __slots__ = ()
    formula = "∂min(a, b)/∂a = 1 where a < b (½ at a tie), else 0; b the rest"

    def _beaten(self, a, b):
        return a > b


minimum, _ = binary(
    "minimum",
    MinimumBackward0,
    smaller,
    doc="The element-wise minimum (NaN where either is NaN), broadcasting.",
    tensors=True,
    inplace=False,
)


class FmaxBackward0(BinaryBackward):
    """The gradient goes to `self` where self >= other or other is NaN, else to `other`."""

    __slots__ = ()
    formula = "∂fmax(a, b)/∂a = 1 where a ≥ b or b is NaN, else 0; b the rest"
    reads = {"self": "self other", "other": "self other"}

    def _to_self(self, a, b):
        return (a >= b).logical_or(b.isnan())

    def grad_self(self, grad, a, b):
        return grad.masked_fill(self._to_self(a, b).logical_not(), 0)

    def grad_other(self, grad, a, b):
        return grad.masked_fill(self._to_self(a, b), 0)


fmax, _ = binary(
    "fmax",
    FmaxBackward0,
    lambda xp, x, y: xp.where(xp.isnan(y) | (x >= y), x, y),
    doc="The element-wise maximum, ignoring NaN (NaN only where both are NaN).",
    tensors=True,
    inplace=False,
)


class FminBackward0(FmaxBackward0):
    """The gradient goes to `self` where self <= other or other is NaN, else to `other`."""

    __slots__ = ()
    formula = "∂fmin(a, b)/∂a = 1 where a ≤ b or b is NaN, else 0; b the rest"

    def _to_self(self, a, b):
        return (a <= b).logical_or(b.isnan())


fmin, _ = binary(
    "fmin",
    FminBackward0,
    lambda xp, x, y: xp.where(xp.isnan(y) | (x <= y), x, y),
    doc="The element-wise minimum, ignoring NaN (NaN only where both are NaN).",
    tensors=True,
    inplace=False,
)

__all__ = [
    "arctan2",
    "atan2",
    "copysign",
    "fmax",
    "fmin",
    "hypot",
    "ldexp",
    "ldexp_",
    "logaddexp",
    "logaddexp2",
    "maximum",
    "minimum",
    "nextafter",
    "xlogy",
    "xlogy_",
]
