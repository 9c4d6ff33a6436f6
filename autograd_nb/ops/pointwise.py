"""Element-wise arithmetic with broadcasting: add, sub, mul, div, remainder, fmod, pow, atan2,
logaddexp, hypot, round(decimals), frac, heaviside, and their in-place forms (`x += 1`).

Each differentiable op is a node class named as PyTorch names it (the overload digit included)
whose `backward` is written with tensor ops, next to the function that runs its forward. The
one-input ops are the table in unary.py (imported here as part of this family); comparisons
and `where` are in comparison.py, lerp/addcmul/addcdiv in ternary.py.
"""

from __future__ import annotations

import builtins
import math
import operator

from .. import _messages as msg
from .. import dtypes
from .._dlpack import through_numpy
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.grad_mode import STATE
from ..autograd.node import INFERENCE_VERSION, Node, new_node, saved_entry
from ..backends import is_numpy_array, python_number
from ._helpers import (
    as_tensor_like,
    broadcast_error,
    check_tensor,
    common_backend,
    input_meta,
    operands,
    record,
    result_dtype,
)
from .inplace import (
    _bump,
    _records,
    apply_inplace,
    check_inplace,
    check_no_partial_overlap,
    inplace_method,
)
from .out import with_out
from .unary import *  # noqa: F403 - the table of one-input ops is part of this family
from .unary import frac_unchecked, neg, reciprocal, round_half_even

# --- binary arithmetic ----------------------------------------------------------------------------


class _BinaryNode(Node):
    """A broadcasting two-input op; `_record` keeps what backward needs from its operands."""

    __slots__ = ()
    _saved_names = ("self", "other")

    def _record(self, a, b, out) -> None:
        """Save what backward needs; `a`/`b` are tensors or the Python numbers used."""


_FLOATING = 2  # dtype.category of floating dtypes: a Python int or float keeps their dtype


def _binary_op(cls, symbol: str, kernel):
    """The function `op(input, other)` of a broadcasting binary op, from its node class, the
    symbol its errors name and its kernel on arrays (operators bind it as their method)."""

    def binary(input, other) -> Tensor:
        # The common cases without `operands`: two tensors alike, or a float tensor and a number.
        if isinstance(input, Tensor) and (
            (
                isinstance(other, Tensor)
                and input._backend is other._backend
                and input._data.dtype == other._data.dtype
            )
            or (
                (type(other) is float or type(other) is int)
                and input._backend.ours[input._data.dtype].category == _FLOATING
            )
        ):
            a, xa, xb, backend = input, input._data, other, input._backend
            b = other if isinstance(other, Tensor) else None
            if b is not None:
                xb = other._data
        else:
            if is_numpy_array(other) or is_numpy_array(input):
                return through_numpy(kernel, input, other)
            input, other = python_number(input), python_number(other)  # what the node records
            a, b, xa, xb, backend = operands(input, other, symbol)
        try:
            out = kernel(xa, xb)
        except ValueError:
            raise broadcast_error(getattr(xa, "shape", ()), getattr(xb, "shape", ())) from None
        node = new_node(cls, a, b) if STATE.enabled else None
        if node is None:
            return make_tensor(out, backend)
        result = make_tensor(out, backend, True, node, 0)
        node._record(input, other, result)
        shape, dtype = out.shape, out.dtype
        if not (
            (a is None or (a._data is xa and xa.shape == shape and xa.dtype is dtype))
            and (b is None or (b._data is xb and xb.shape == shape and xb.dtype is dtype))
        ):
            node._in_meta = input_meta((a, b), result._data, backend)
        return result

    return binary


def _binary(cls, input, other, symbol: str, kernel) -> Tensor:
    """A binary op whose kernel is made for this call (alpha, a library's own function...)."""
    return _binary_op(cls, symbol, kernel)(input, other)


class AddBackward0(_BinaryNode):
    __slots__ = ("_saved_alpha",)

    def _record(self, a, b, out):
        self._saved_alpha = 1

    def backward(self, grad):
        alpha = self._saved_alpha
        return grad, (grad if alpha == 1 else grad * alpha)


class SubBackward0(AddBackward0):
    __slots__ = ()

    def backward(self, grad):
        alpha = self._saved_alpha
        return grad, (-grad if alpha == 1 else grad * -alpha)


class RsubBackward1(_BinaryNode):
    """`number - tensor`: the tensor is the first input, as in PyTorch's rsub."""

    __slots__ = ("_saved_alpha",)

    def _record(self, a, b, out):
        self._saved_alpha = 1

    def backward(self, grad):
        return (-grad,)


class MulBackward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        edges = self._edges  # each input is needed only for the other's gradient
        self._saved = (
            saved_entry(a) if edges[2] is not None else None,
            saved_entry(b) if edges[0] is not None else None,
        )

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return (grad * b if b is not None else None, grad * a if a is not None else None)


class DivBackward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a if self.needs_input_grad(1) else None, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        grad_a = grad / b if self.needs_input_grad(0) else None
        grad_b = -grad * a / (b * b) if a is not None else None
        return grad_a, grad_b


def _scaled(other, alpha):
    return other if alpha == 1 else other * alpha


# `+` itself: the operators never pass alpha
_add = tensor_method("__add__", "__radd__")(_binary_op(AddBackward0, "+", operator.add))
_add.__name__ = _add.__qualname__ = "__add__"


@with_out
@tensor_method("add")
def add(input, other, *, alpha=1) -> Tensor:
    """input + alpha * other, broadcasting."""
    if alpha == 1:
        return _add(input, other)
    _check_alpha(input, other, alpha)
    out = _binary(
        AddBackward0,
        input,
        _scaled(other, alpha) if not isinstance(other, Tensor) else other,
        "+",
        operator.add if alpha == 1 else (lambda x, y: x + y * alpha),
    )
    if alpha != 1 and out._grad_fn is not None:
        out._grad_fn._saved_alpha = alpha
    return out


@with_out
@tensor_method("sub", "subtract", "__sub__")
def sub(input, other, *, alpha=1) -> Tensor:
    """input - alpha * other, broadcasting."""
    _check_no_bool_subtraction(input, other)
    if alpha != 1:
        _check_alpha(input, other, alpha)
    out = _binary(
        SubBackward0,
        input,
        _scaled(other, alpha) if not isinstance(other, Tensor) else other,
        "-",
        operator.sub if alpha == 1 else (lambda x, y: x - y * alpha),
    )
    if alpha != 1 and out._grad_fn is not None:
        out._grad_fn._saved_alpha = alpha
    return out


def _check_alpha(input, other, alpha) -> None:
    """PyTorch refuses a float alpha when the result would be an integer tensor."""
    if isinstance(alpha, complex):
        raise RuntimeError(msg.ALPHA_COMPLEX)
    if type(alpha) is float and not result_dtype(input, other).is_floating_point:
        raise RuntimeError(msg.ALPHA_INTEGRAL)


def _is_bool(value) -> bool:
    return type(value) is bool or (isinstance(value, Tensor) and value.dtype is dtypes.bool)


def _check_no_bool_subtraction(a, b) -> None:
    """PyTorch refuses `-` whenever either side is a bool (tensor or Python bool)."""
    if _is_bool(a) and _is_bool(b):
        raise RuntimeError(msg.SUB_BOOL)
    if _is_bool(a) or _is_bool(b):
        raise RuntimeError(msg.SUB_ONE_BOOL)


def _rsub_kernel(x, y):
    return y - x


@tensor_method("__rsub__")
def rsub(input, other, *, alpha=1) -> Tensor:
    """other - alpha * input (what `number - tensor` runs)."""
    tensor = check_tensor(input, "rsub")
    _check_no_bool_subtraction(tensor, other)
    if isinstance(other, Tensor):
        return sub(other, tensor, alpha=alpha)
    return _binary(
        RsubBackward1,
        tensor,
        other,
        "-",
        _rsub_kernel if alpha == 1 else (lambda x, y: y - x * alpha),
    )


mul = _binary_op(MulBackward0, "*", operator.mul)
mul.__name__ = mul.__qualname__ = "mul"
mul.__doc__ = "Element-wise product, broadcasting."
tensor_method("mul", "multiply", "__mul__", "__rmul__")(mul)
mul = with_out(mul)
multiply = mul


@with_out
@tensor_method("div", "divide", "true_divide", "__truediv__")
def div(input, other, *, rounding_mode=None) -> Tensor:
    """Element-wise true division (ints give the default float dtype), broadcasting."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise RuntimeError(msg.DIV_ROUNDING_MODE.format(mode=rounding_mode))
    if rounding_mode == "floor":
        return floor_divide(input, other)
    if rounding_mode == "trunc":
        _check_integer_divisor(input, other)
        quotient = div(input, other).detach()
        return quotient.trunc().to(result_dtype(input, other))
    a, b = input, other
    if not _float_result(a, b):
        a = a.to(dtypes.get_default_dtype()) if isinstance(a, Tensor) else float(a)
    return _binary(DivBackward0, a, b, "/", operator.truediv)


def _float_result(a, b) -> bool:
    return result_dtype(a, b).is_floating_point


def _check_integer_divisor(input, other) -> None:
    """PyTorch's error for an integer division by zero (NumPy would quietly give 0)."""
    if _float_result(input, other):
        return
    divisor = python_number(other)
    if isinstance(divisor, Tensor):
        divisor = divisor._backend.xp.any(divisor._data == 0)
    elif isinstance(divisor, (int, float)):
        divisor = divisor == 0
    if divisor is True or bool(divisor):
        raise RuntimeError(msg.ZERO_DIVISION)


@tensor_method("__rtruediv__", "__rdiv__")
def _rtruediv(input, other) -> Tensor:
    """number / tensor, computed as PyTorch does: reciprocal(tensor) * number."""
    return mul(reciprocal(input), other)


class NotImplementedBackward(Node):
    """Stands where PyTorch has no derivative: backward through it raises."""

    __slots__ = ("_op",)

    def backward(self, grad):
        raise RuntimeError(msg.ATEN_NO_DERIVATIVE.format(op=self._op))


NotImplementedBackward.__name__ = NotImplementedBackward.__qualname__ = "NotImplemented"


def _not_differentiable(op: str, inputs, out_data, backend) -> Tensor:
    return record(NotImplementedBackward, inputs, out_data, backend, state={"op": op})


@with_out
@tensor_method("floor_divide", "__floordiv__")
def floor_divide(input, other) -> Tensor:
    """Element-wise division rounded down (no derivative, as in PyTorch)."""
    a, b, xa, xb, backend = operands(input, other, "//")
    _check_integer_divisor(a if a is not None else xa, b if b is not None else xb)
    try:
        out = xa // xb
    except ValueError:
        raise broadcast_error(getattr(xa, "shape", ()), getattr(xb, "shape", ())) from None
    return _not_differentiable("floor_divide", (a, b), out, backend)


@tensor_method("__rfloordiv__")
def _rfloordiv(input, other) -> Tensor:
    return floor_divide(as_tensor_like(other, input), input)


class RemainderBackward0(_BinaryNode):
    """tensor % number: the gradient passes straight to the tensor."""

    __slots__ = ()

    def backward(self, grad):
        return grad, None


class RemainderBackward1(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return grad, -grad * (a / b).floor()


@with_out
@tensor_method("remainder", "__mod__")
def remainder(input, other) -> Tensor:
    """Python-style modulus (the result takes the divisor's sign), broadcasting."""
    cls = RemainderBackward1 if isinstance(other, Tensor) else RemainderBackward0
    _check_integer_divisor(input, other)
    return _binary(cls, input, other, "%", operator.mod)


@tensor_method("__rmod__")
def _rmod(input, other) -> Tensor:
    return remainder(as_tensor_like(other, input), input)


# --- powers ---------------------------------------------------------------------------------------


class PowBackward0(Node):
    """tensor ** number."""

    __slots__ = ("_saved_exponent",)
    _saved_names = ("self",)

    def backward(self, grad):
        x, p = self._unpack(0), self._saved_exponent
        if p == 0:
            return grad * 0
        if p == 2:
            return grad * 2 * x
        return grad * p * x ** (p - 1)


class PowBackward1(_BinaryNode):
    """tensor ** tensor."""

    __slots__ = ()
    _saved_names = ("self", "exponent", "result")

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        x, p = self._unpack(0), self._unpack(1)
        result = x**p
        grad_x = grad * p * x ** (p - 1) if self.needs_input_grad(0) else None
        grad_p = None
        if self.needs_input_grad(1):
            grad_p = grad * (result * x.log()).where(x > 0, result * 0)
        return grad_x, grad_p


class PowBackward2(Node):
    """number ** tensor."""

    __slots__ = ("_saved_self",)
    _saved_names = ("result",)

    def backward(self, grad):

        base = self._saved_self
        return grad * self._unpack(0) * math.log(base) if base > 0 else grad * 0


@with_out
@tensor_method("pow", "__pow__")
def pow(input, exponent) -> Tensor:  # noqa: A001 - PyTorch's name
    """input ** exponent, element-wise."""
    if not isinstance(input, Tensor):
        return _rpow(check_tensor(exponent, "pow", "exponent", 2), input)
    if isinstance(exponent, Tensor):
        return _binary(PowBackward1, input, exponent, "**", _power)
    exponent = python_number(exponent)
    a, _, xa, xp_, backend = operands(input, exponent, "**")
    if not input.dtype.is_floating_point and isinstance(exponent, int) and exponent < 0:
        raise RuntimeError(msg.NEGATIVE_INT_POW)
    out = xa * xa if exponent == 2 else xa**xp_
    return record(PowBackward0, (input,), out, backend, (input,), exponent=exponent)


def _power(xa, xb):
    """xa ** xb on arrays; for integers, a negative exponent gives what PyTorch's integer pow
    gives (1 ** -n = 1, (-1) ** -n = +-1, anything else 0) where NumPy refuses it."""
    try:
        return xa**xb
    except ValueError:  # "Integers to negative integer powers are not allowed."
        pass
    negative = xb < 0
    out = xa ** (xb * ~negative)
    odd = (xb % 2) == 1
    when_negative = (xa == 1) + (xa == -1) * (1 - 2 * odd)
    return (out * ~negative + when_negative * negative).astype(out.dtype)


@tensor_method("__rpow__")
def _rpow(input, other) -> Tensor:
    """number ** tensor."""
    if isinstance(other, Tensor):
        return pow(other, input)
    other = python_number(other)
    _, b, xa, xb, backend = operands(other, input, "**")
    out = make_tensor(_power(xa, xb), backend)
    node = new_node(PowBackward2, b)
    if node is not None:
        out._requires_grad, out._grad_fn = True, node
        node._saved_self = other
        node.save_output(out)
    return out


@with_out
@tensor_method("square")
def square(input) -> Tensor:
    return pow(check_tensor(input, "square"), 2)


@with_out
@tensor_method("float_power")
def float_power(input, exponent) -> Tensor:
    return pow(input.double(), exponent.double() if isinstance(exponent, Tensor) else exponent)


# --- rounding with decimals -----------------------------------------------------------------------


class RoundBackward1(Node):
    """round(decimals=...): a step function, so a zero gradient."""

    __slots__ = ("_saved_decimals",)

    def backward(self, grad):
        return grad * 0


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


# --- clamping and element-wise extremes -----------------------------------------------------------


# --- comparisons, logic, where --------------------------------------------------------------------


# --- frac, atan2 ----------------------------------------------------------------------------------


@tensor_method("frac")
def frac(input) -> Tensor:
    """The fractional part x - trunc(x), keeping the sign (floating tensors only)."""
    t = check_tensor(input, "frac")
    if not t.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel="frac_cpu", dtype=t.dtype.legacy_name[:-6])
        )
    return frac_unchecked(t)


class Atan2Backward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        scale = grad / (a * a + b * b)
        return (
            scale * b if self.needs_input_grad(0) else None,
            -scale * a if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("atan2", "arctan2")
def atan2(input, other) -> Tensor:
    """The angle of the point (other, input) in radians, element-wise with broadcasting."""
    a = check_tensor(input, "atan2")
    b = check_tensor(other, "atan2", "other", 2)
    if not _float_result(a, b):
        a, b = a.to(dtypes.get_default_dtype()), b.to(dtypes.get_default_dtype())
    return _binary(Atan2Backward0, a, b, "atan2", lambda x, y: a._backend.xp.atan2(x, y))


arctan2 = atan2


# --- logaddexp, hypot, fmod, signbit, heaviside ---------------------------------------------------


def _floating_binary(cls, name: str, input, other, kernel) -> Tensor:
    """A two-tensor op defined only for floating results (PyTorch's error for integer ones)."""
    a = check_tensor(input, name)
    b = check_tensor(other, name, "other", 2)
    dtype = result_dtype(a, b)
    if not dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=f"{name}_cpu", dtype=dtype.legacy_name[:-6])
        )
    xp = common_backend(a, b).xp
    return _binary(cls, a, b, name, lambda x, y: kernel(xp, x, y))


class LogaddexpBackward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return (
            grad / (1 + (b - a).exp()) if self.needs_input_grad(0) else None,
            grad / (1 + (a - b).exp()) if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("logaddexp")
def logaddexp(input, other) -> Tensor:
    """log(exp(input) + exp(other)) without overflow, broadcasting (floating tensors only)."""
    return _floating_binary(
        LogaddexpBackward0, "logaddexp", input, other, lambda xp, x, y: xp.logaddexp(x, y)
    )


class HypotBackward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        scale = grad / hypot(a, b)
        return (
            scale * a if self.needs_input_grad(0) else None,
            scale * b if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("hypot")
def hypot(input, other) -> Tensor:
    """sqrt(input**2 + other**2) element-wise without overflow (floating tensors only)."""
    return _floating_binary(HypotBackward0, "hypot", input, other, lambda xp, x, y: xp.hypot(x, y))


class FmodBackward0(RemainderBackward0):
    """fmod by a number: the gradient passes straight to the tensor."""

    __slots__ = ()


class FmodBackward1(RemainderBackward1):
    __slots__ = ()

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return grad, -grad * (a / b).trunc()


def _fmod_kernel(xp, x, y):
    """|x| mod |y| with x's sign: C's fmod, exact (no rounding of x / y)."""
    r = xp.abs(x) % (xp.abs(y) if hasattr(y, "shape") else builtins.abs(y))
    if xp.isdtype(r.dtype, "real floating"):
        return xp.copysign(r, x)
    return xp.where(x < 0, -r, r)


@with_out
@tensor_method("fmod")
def fmod(input, other) -> Tensor:
    """C-style remainder: the result takes the dividend's sign (math.fmod), broadcasting."""
    a = check_tensor(input, "fmod")
    _check_integer_divisor(a, other)
    xp = common_backend(a, other).xp
    return _binary(
        FmodBackward1 if isinstance(other, Tensor) else FmodBackward0,
        a,
        other,
        "fmod",
        lambda x, y: _fmod_kernel(xp, x, y),
    )


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


# --- three-input element-wise ops: lerp, addcmul, addcdiv -----------------------------------------


# --- nan_to_num, closeness, dtype queries ---------------------------------------------------------


# --- in-place forms: arithmetic with a fast path for optimizers, and the ops above ----------------


def _fast_operand(self: Tensor, other, floating_only: bool = False):
    """`other` as something `self._data op= other` accepts unchanged, or None if it isn't."""
    kind = type(other)
    dtype = self.dtype
    if dtype is dtypes.bool or (floating_only and not dtype.is_floating_point):
        return None
    if kind is int:
        return other if dtype.is_floating_point else dtypes.wrap_int(other, dtype)
    if kind is float:
        return other if dtype.is_floating_point else None
    if isinstance(other, Tensor):
        data, x = other._data, self._data
        if other._backend is not self._backend or data.dtype != x.dtype:
            return None
        if data.shape == x.shape:
            return data
        if data.ndim > x.ndim:
            return None
        for o, s in zip(reversed(data.shape), reversed(x.shape)):
            if o != s and o != 1:
                return None
        return data
    return None


def _arithmetic_(self: Tensor, fn, iop, other, floating_only: bool = False, **kwargs) -> Tensor:
    """`self op= other` straight on the storage when nothing is recorded, else apply_inplace."""
    if kwargs or not isinstance(self, Tensor):
        return apply_inplace(self, fn, other, **kwargs)
    if isinstance(other, Tensor) and other._backend is self._backend:
        x, operand = self._data, other._data
        # the optimizers' case (`p -= lr * g`): two float arrays alike, decided at once
        if not (
            x.dtype is operand.dtype
            and x.shape == operand.shape
            and self._backend.ours[x.dtype].is_floating_point
        ):
            operand = None
    else:
        operand = None
    if STATE.enabled and _records(self, (other,), kwargs):
        return apply_inplace(self, fn, other)
    if operand is None and (operand := _fast_operand(self, other, floating_only)) is None:
        return apply_inplace(self, fn, other)
    if STATE.enabled or self._vc is INFERENCE_VERSION:
        check_inplace(self)
    if operand is other._data if isinstance(other, Tensor) else False:
        check_no_partial_overlap(self, (other,))
    try:
        iop(self._data, operand)
    except ValueError as error:
        if "read-only" in str(error):  # a piece of an expanded view: the generic path
            return apply_inplace(self, fn, other)
        raise
    vc = self._vc
    if vc is None:
        _bump(self)
    else:
        vc.value += 1
    return self


@tensor_method("add_")
def add_(self: Tensor, other, *, alpha=1) -> Tensor:
    """self += alpha * other, in place."""
    if alpha != 1:
        return _scaled_(self, add, operator.iadd, other, alpha)
    return _arithmetic_(self, add, operator.iadd, other)


def _scaled_(self: Tensor, fn, iop, other, alpha) -> Tensor:
    """`self op= other * alpha`: SGD's `p.add_(grad, alpha=-lr)` straight on the storage.

    The same arithmetic as the generic path (`x + y * alpha`), taken only when nothing is
    recorded and `other` is a tensor whose array fits `self` unchanged.
    """
    kind = type(alpha)
    if (
        type(other) is Tensor
        and isinstance(self, Tensor)
        and not (STATE.enabled and (self._requires_grad or other._requires_grad))
        and (kind is int or (kind is float and self.dtype.is_floating_point))
    ):
        data, operand = self._data, other._data
        if (
            other._backend is not self._backend
            or operand.dtype != data.dtype
            or operand.shape != data.shape
        ):
            operand = _fast_operand(self, other)  # None where the generic path is needed
        if operand is None or self.dtype is dtypes.bool:
            return apply_inplace(self, fn, other, alpha=alpha)
        if STATE.enabled or self._vc is INFERENCE_VERSION:
            check_inplace(self)
        check_no_partial_overlap(self, (other,))
        try:
            iop(data, operand * alpha)
        except ValueError as error:
            if "read-only" not in str(error):
                raise
            return apply_inplace(self, fn, other, alpha=alpha)  # a piece of an expanded view
        _bump(self)
        return self
    return apply_inplace(self, fn, other, alpha=alpha)


@tensor_method("sub_", "subtract_")
def sub_(self: Tensor, other, *, alpha=1) -> Tensor:
    """self -= alpha * other, in place."""
    if alpha != 1:
        return _scaled_(self, sub, operator.isub, other, alpha)
    return _arithmetic_(self, sub, operator.isub, other)


@tensor_method("mul_", "multiply_")
def mul_(self: Tensor, other) -> Tensor:
    """self *= other, in place."""
    return _arithmetic_(self, mul, operator.imul, other)


@tensor_method("div_", "divide_", "true_divide_")
def div_(self: Tensor, other, *, rounding_mode=None) -> Tensor:
    """self /= other, in place (an integer tensor can't hold the float quotient)."""
    if rounding_mode is not None:
        return apply_inplace(self, div, other, rounding_mode=rounding_mode)
    return _arithmetic_(self, div, operator.itruediv, other, floating_only=True)


@tensor_method("pow_")
def pow_(self: Tensor, exponent) -> Tensor:
    """self **= exponent, in place."""
    return apply_inplace(self, pow, exponent)


@tensor_method("__iadd__")
def _iadd(self: Tensor, other) -> Tensor:
    return _arithmetic_(self, add, operator.iadd, other)


@tensor_method("__isub__")
def _isub(self: Tensor, other) -> Tensor:
    return _arithmetic_(self, sub, operator.isub, other)


@tensor_method("__imul__")
def _imul(self: Tensor, other) -> Tensor:
    return _arithmetic_(self, mul, operator.imul, other)


@tensor_method("__itruediv__", "__idiv__")
def _itruediv(self: Tensor, other) -> Tensor:
    return div_(self, other)


@tensor_method("__ipow__")
def _ipow(self: Tensor, other) -> Tensor:
    return pow_(self, other)


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


atan2_ = tensor_method("arctan2_")(inplace_method("atan2", "atan2(self, other), in place."))
arctan2_ = atan2_
fmod_ = inplace_method("fmod", "C-style remainder of self by other, in place.")
hypot_ = inplace_method("hypot", "sqrt(self**2 + other**2), in place.")
heaviside_ = inplace_method("heaviside", "The step function of self with `values` at 0, in place.")


divide = true_divide = div
subtract = sub


class MulBackward1(Node):
    """tensor * number as ATen's mul.Scalar records it (trapezoid's spacing dx)."""

    __slots__ = ("_saved_other",)

    def backward(self, grad):
        return grad * self._saved_other


def _mul_number(t: Tensor, number) -> Tensor:
    return record(MulBackward1, (t,), t._data * number, t._backend, other=number)


__all__ = [
    "add",
    "arctan2",
    "atan2",
    "div",
    "divide",
    "float_power",
    "floor_divide",
    "fmod",
    "frac",
    "frac_",
    "heaviside",
    "hypot",
    "logaddexp",
    "mul",
    "multiply",
    "positive",
    "pow",
    "remainder",
    "round",
    "round_",
    "rsub",
    "signbit",
    "square",
    "square_",
    "sub",
    "subtract",
    "true_divide",
]
