"""Element-wise ops: arithmetic with broadcasting, unary math, comparisons, `where`.

Each differentiable op is a node class named as PyTorch names it (the overload digit included)
whose `backward` is written with tensor ops, next to the function that runs its forward.
"""

from __future__ import annotations

import builtins
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
    device_mismatch,
    float_data,
    input_meta,
    operands,
    record,
    result_dtype,
)
from .inplace import _bump, _records, apply_inplace, check_inplace, inplace_method
from .out import with_out
from .unary import *  # noqa: F403 - the table of one-input ops is part of this family
from .unary import frac_unchecked, neg, reciprocal, round_half_even

# --- binary arithmetic -------------------------------------------------------------------------


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
        raise RuntimeError("ZeroDivisionError")


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
    node = new_node(NotImplementedBackward, *inputs)
    if node is None:
        return make_tensor(out_data, backend)
    node._op = op
    return make_tensor(out_data, backend, True, node, 0)


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


# --- powers ------------------------------------------------------------------------------------


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
            grad_p = grad * where(x > 0, result * x.log(), result * 0)
        return grad_x, grad_p


class PowBackward2(Node):
    """number ** tensor."""

    __slots__ = ("_saved_self",)
    _saved_names = ("result",)

    def backward(self, grad):
        import math

        base = self._saved_self
        return grad * self._unpack(0) * math.log(base) if base > 0 else grad * 0


@with_out
@tensor_method("pow", "__pow__")
def pow(input, exponent) -> Tensor:  # noqa: A001 - PyTorch's name
    """input ** exponent, element-wise."""
    if not isinstance(input, Tensor):
        return _rpow(check_tensor(exponent, "pow", "exponent", 2), input)
    if isinstance(exponent, Tensor):
        return _binary(PowBackward1, input, exponent, "**", operator.pow)
    exponent = python_number(exponent)
    a, _, xa, xp_, backend = operands(input, exponent, "**")
    if not input.dtype.is_floating_point and isinstance(exponent, int) and exponent < 0:
        raise RuntimeError(msg.NEGATIVE_INT_POW)
    out = xa * xa if exponent == 2 else xa**xp_
    return record(PowBackward0, (input,), out, backend, (input,), exponent=exponent)


@tensor_method("__rpow__")
def _rpow(input, other) -> Tensor:
    """number ** tensor."""
    if isinstance(other, Tensor):
        return pow(other, input)
    other = python_number(other)
    _, b, xa, xb, backend = operands(other, input, "**")
    out = make_tensor(xa**xb, backend)
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


# --- rounding with decimals ---------------------------------------------------------------------


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
        raise TypeError(f"round(): argument 'decimals' must be int, not {type(decimals).__name__}")
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
    return input


# --- clamping and element-wise extremes ----------------------------------------------------------


class ClampBackward1(Node):
    """clamp with number bounds: the gradient flows where the input was inside them."""

    __slots__ = ("_saved_min", "_saved_max")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        low, high = self._saved_min, self._saved_max
        inside = None
        if low is not None:
            inside = x >= low
        if high is not None:
            inside = (x <= high) if inside is None else inside & (x <= high)
        return grad * inside


class ClampBackward0(Node):
    """clamp with tensor bounds."""

    __slots__ = ()
    _saved_names = ("self", "min", "max")

    def backward(self, grad):
        x, low, high = self._unpack(0), self._unpack(1), self._unpack(2)
        inside = (x >= low) if low is not None else None
        if high is not None:
            inside = (x <= high) if inside is None else inside & (x <= high)
        grad_low = grad * (x < low) if low is not None and self.needs_input_grad(1) else None
        grad_high = grad * (x > high) if high is not None and self.needs_input_grad(2) else None
        return grad * inside, grad_low, grad_high


class ClampMinBackward0(ClampBackward1):
    __slots__ = ()


class ClampMaxBackward0(ClampBackward1):
    __slots__ = ()


class ClampMinBackward1(Node):
    """clamp_min with a tensor bound: the gradient goes to whichever side was picked."""

    __slots__ = ()
    _saved_names = ("self", "min")

    def backward(self, grad):
        x, bound = self._unpack(0), self._unpack(1)
        keep = x >= bound if type(self) is ClampMinBackward1 else x <= bound
        return (grad * keep, grad * keep.logical_not() if self.needs_input_grad(1) else None)


class ClampMaxBackward1(ClampMinBackward1):
    __slots__ = ()
    _saved_names = ("self", "max")


def _clamp_tensor(cls, t: Tensor, bound: Tensor) -> Tensor:
    """clamp_min / clamp_max against a tensor bound (broadcasting)."""
    kernel = maximum if cls is ClampMinBackward1 else minimum
    out = kernel(t.detach(), bound.detach())
    node = new_node(cls, t, bound)
    if node is None:
        return out
    node.save(t, bound)
    node._in_meta = input_meta((t, bound), out._data, out._backend)
    return make_tensor(out._data, out._backend, True, node, 0)


@with_out
@tensor_method("clamp", "clip")
def clamp(input, min=None, max=None) -> Tensor:  # noqa: A002 - PyTorch's names
    """Limit values to [min, max]; either bound may be omitted."""
    t = check_tensor(input, "clamp")
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        low = as_tensor_like(min, t) if min is not None else None
        high = as_tensor_like(max, t) if max is not None else None
        out = t
        if low is not None:
            out = maximum(out.detach(), low.detach())
        if high is not None:
            out = minimum(out.detach() if isinstance(out, Tensor) else out, high.detach())
        data = out._data
        return record(ClampBackward0, (t, low, high), data, out._backend, (t, low, high))
    return _clamp_numbers(ClampBackward1, t, min, max)


def _clamp_numbers(cls, t: Tensor, low, high) -> Tensor:
    low, high = python_number(low), python_number(high)
    x = t._data
    if t.dtype.is_floating_point or all(isinstance(v, int) or v is None for v in (low, high)):
        pass
    else:
        x = float_data(t)
    out = t._backend.xp.clip(x, low, high)
    node = new_node(cls, t)
    if node is None:
        return make_tensor(out, t._backend)
    node.save(t)
    node._saved_min, node._saved_max = low, high
    return make_tensor(out, t._backend, True, node, 0)


@with_out
@tensor_method("clamp_min")
def clamp_min(input, min) -> Tensor:  # noqa: A002
    """max(input, min) element-wise; `min` a number or a tensor."""
    t = check_tensor(input, "clamp_min")
    if isinstance(min, Tensor):
        return _clamp_tensor(ClampMinBackward1, t, min)
    return _clamp_numbers(ClampMinBackward0, t, min, None)


@with_out
@tensor_method("clamp_max")
def clamp_max(input, max) -> Tensor:  # noqa: A002
    """min(input, max) element-wise; `max` a number or a tensor."""
    t = check_tensor(input, "clamp_max")
    if isinstance(max, Tensor):
        return _clamp_tensor(ClampMaxBackward1, t, max)
    return _clamp_numbers(ClampMaxBackward0, t, None, max)


class MaximumBackward0(_BinaryNode):
    __slots__ = ()

    def _record(self, a, b, out):
        self.save(a, b)

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        # Ties share the gradient equally, as PyTorch does.
        mask = (a > b) + (a == b) * 0.5
        return grad * mask, grad * (1 - mask)


class MinimumBackward0(MaximumBackward0):
    __slots__ = ()

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        mask = (a < b) + (a == b) * 0.5
        return grad * mask, grad * (1 - mask)


@with_out
@tensor_method("maximum")
def maximum(input, other) -> Tensor:
    check_tensor(other, "maximum", "other", 2)
    return _binary(
        MaximumBackward0,
        check_tensor(input, "maximum"),
        other,
        "maximum",
        lambda x, y: _xp_of(input).maximum(x, y),
    )


@with_out
@tensor_method("minimum")
def minimum(input, other) -> Tensor:
    check_tensor(other, "minimum", "other", 2)
    return _binary(
        MinimumBackward0,
        check_tensor(input, "minimum"),
        other,
        "minimum",
        lambda x, y: _xp_of(input).minimum(x, y),
    )


def _xp_of(t: Tensor):
    return t._backend.xp


# --- comparisons, logic, where -------------------------------------------------------------------


def _compare(input, other, symbol: str, kernel) -> Tensor:
    a, b, xa, xb, backend = operands(input, other, symbol)
    try:
        return make_tensor(kernel(xa, xb), backend)
    except ValueError:
        raise broadcast_error(getattr(xa, "shape", ()), getattr(xb, "shape", ())) from None


def _define_comparison(name: str, symbol: str, kernel, aliases: tuple):
    def op(input, other) -> Tensor:
        return _compare(input, other, symbol, kernel)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise `{symbol}` as a bool tensor."
    tensor_method(name, *aliases)(op)
    return with_out(op)


eq = _define_comparison("eq", "==", operator.eq, ("__eq__",))
ne = _define_comparison("ne", "!=", operator.ne, ("__ne__", "not_equal"))
lt = _define_comparison("lt", "<", operator.lt, ("__lt__", "less"))
le = _define_comparison("le", "<=", operator.le, ("__le__", "less_equal"))
gt = _define_comparison("gt", ">", operator.gt, ("__gt__", "greater"))
ge = _define_comparison("ge", ">=", operator.ge, ("__ge__", "greater_equal"))


def _logical(input, other, name: str) -> Tensor:
    a, b, xa, xb, backend = operands(input, other, name)
    xp = backend.xp
    bool_type = backend.native[dtypes.bool]
    xa = xa if not hasattr(xa, "dtype") else xp.astype(xa, bool_type)
    xb = xb if not hasattr(xb, "dtype") else xp.astype(xb, bool_type)
    return make_tensor(getattr(xp, name)(xa, xb), backend)


@with_out
@tensor_method("logical_and")
def logical_and(input, other) -> Tensor:
    return _logical(input, other, "logical_and")


@with_out
@tensor_method("logical_or")
def logical_or(input, other) -> Tensor:
    return _logical(input, other, "logical_or")


@with_out
@tensor_method("logical_xor")
def logical_xor(input, other) -> Tensor:
    return _logical(input, other, "logical_xor")


@with_out
@tensor_method("logical_not")
def logical_not(input) -> Tensor:
    t = check_tensor(input, "logical_not")
    xp = t._backend.xp
    return make_tensor(
        xp.logical_not(xp.astype(t._data, t._backend.native[dtypes.bool])), t._backend
    )


def _bitwise(input, other, symbol: str, kernel) -> Tensor:
    a, b, xa, xb, backend = operands(input, other, symbol)
    if result_dtype(input, other).is_floating_point:
        raise RuntimeError(f"\"{symbol}_cpu\" not implemented for 'Float'")
    return make_tensor(kernel(xa, xb), backend)


@with_out
@tensor_method("__and__", "__rand__", "bitwise_and")
def bitwise_and(input, other) -> Tensor:
    return _bitwise(input, other, "bitwise_and", operator.and_)


@with_out
@tensor_method("__or__", "__ror__", "bitwise_or")
def bitwise_or(input, other) -> Tensor:
    return _bitwise(input, other, "bitwise_or", operator.or_)


@with_out
@tensor_method("__xor__", "__rxor__", "bitwise_xor")
def bitwise_xor(input, other) -> Tensor:
    return _bitwise(input, other, "bitwise_xor", operator.xor)


@with_out
@tensor_method("__invert__", "bitwise_not")
def bitwise_not(input) -> Tensor:
    t = check_tensor(input, "bitwise_not")
    if t.dtype.is_floating_point:
        raise RuntimeError("\"bitwise_not_cpu\" not implemented for 'Float'")
    return make_tensor(~t._data, t._backend)


class WhereBackward0(Node):
    __slots__ = ()
    _saved_names = ("condition",)

    def backward(self, grad):
        cond = self._unpack(0)
        zero = grad * 0
        return (
            None,
            where(cond, grad, zero) if self.needs_input_grad(1) else None,
            where(cond, zero, grad) if self.needs_input_grad(2) else None,
        )


@with_out
def where(condition, input=None, other=None) -> Tensor:
    """Pick from `input` where `condition` holds, else from `other` (broadcasting)."""
    cond = check_tensor(condition, "where", "condition")
    if input is None and other is None:
        from .indexing import nonzero

        return nonzero(cond, as_tuple=True)
    x = (
        as_tensor_like(input, other if isinstance(other, Tensor) else cond)
        if not isinstance(input, Tensor)
        else input
    )
    y = as_tensor_like(other, x) if not isinstance(other, Tensor) else other
    a, b, xa, xb, backend = operands(x, y, "where")
    if cond._backend is not backend and not (cond.device.type == "cpu" and cond._data.ndim == 0):
        raise device_mismatch(a if a is not None else b, cond)
    xp = backend.xp
    c = cond._data
    if cond.dtype is not dtypes.bool:
        c = xp.astype(c, backend.native[dtypes.bool])
    try:
        out = xp.where(c, xa, xb)
    except ValueError:
        raise broadcast_error(tuple(c.shape), tuple(xa.shape)) from None
    return record(WhereBackward0, (None, a, b), out, backend, (cond,), broadcasts=True)


@tensor_method("where")
def _where_method(self, condition, other) -> Tensor:
    """`x.where(condition, y)` is `torch.where(condition, x, y)`."""
    return where(condition, self, other)


@tensor_method("isnan")
def isnan(input) -> Tensor:
    return make_tensor(input._backend.xp.isnan(input._data), input._backend)


@tensor_method("isinf")
def isinf(input) -> Tensor:
    return make_tensor(input._backend.xp.isinf(input._data), input._backend)


@tensor_method("isfinite")
def isfinite(input) -> Tensor:
    return make_tensor(input._backend.xp.isfinite(input._data), input._backend)


# --- frac, atan2 ------------------------------------------------------------------------------


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
    return _binary(Atan2Backward0, a, b, "atan2", lambda x, y: _xp_of(a).atan2(x, y))


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


def _ternary(cls, tensors: tuple, kernel, name: str) -> Tensor:
    """Broadcast and promote three operands, run `kernel` on their arrays, record `cls`."""
    from ._helpers import broadcast_shapes, common_backend, on_backend

    for i, t in enumerate(tensors):
        check_tensor(t, name, ("input", "tensor1", "tensor2")[i], i + 1)
    backend = common_backend(*tensors)
    dtype = result_dtype(*tensors)
    broadcast_shapes(*(tuple(t._data.shape) for t in tensors))
    arrays = [on_backend(t, backend, dtype) for t in tensors]
    out = kernel(backend.xp, *arrays)
    node = new_node(cls, *tensors)
    if node is None:
        return make_tensor(out, backend)
    node._in_meta = input_meta(tensors, out, backend)
    return make_tensor(out, backend, True, node, 0)


class AddcmulBackward0(Node):
    __slots__ = ("_saved_value",)
    _saved_names = ("tensor1", "tensor2")

    def backward(self, grad):
        t1, t2, value = self._unpack(0), self._unpack(1), self._saved_value
        return (
            grad,
            grad * t2 * value if self.needs_input_grad(1) else None,
            grad * t1 * value if self.needs_input_grad(2) else None,
        )


class AddcdivBackward0(AddcmulBackward0):
    __slots__ = ()

    def backward(self, grad):
        t1, t2, value = self._unpack(0), self._unpack(1), self._saved_value
        return (
            grad,
            grad * value / t2 if self.needs_input_grad(1) else None,
            -grad * value * t1 / (t2 * t2) if self.needs_input_grad(2) else None,
        )


def _saving_operands(out: Tensor, value, tensor1, tensor2) -> Tensor:
    """Save what the backward needs, as PyTorch: tensor1 only for tensor2's gradient, tensor2
    for tensor1's (and, in addcdiv, for tensor2's own)."""
    node = out._grad_fn
    if node is not None:
        need1, need2 = node.needs_input_grad(1), node.needs_input_grad(2)
        keep2 = need1 or (type(node) is AddcdivBackward0 and need2)
        node.save(tensor1 if need2 else None, tensor2 if keep2 else None)
        node._saved_value = value
    return out


@with_out
@tensor_method("addcmul")
def addcmul(input, tensor1, tensor2, *, value=1) -> Tensor:
    """input + value * tensor1 * tensor2, broadcasting (what Adam's moment updates use)."""
    out = _ternary(
        AddcmulBackward0,
        (input, tensor1, tensor2),
        lambda xp, x, a, b: x + value * a * b,
        "addcmul",
    )
    return _saving_operands(out, value, tensor1, tensor2)


@with_out
@tensor_method("addcdiv")
def addcdiv(input, tensor1, tensor2, *, value=1) -> Tensor:
    """input + value * tensor1 / tensor2, broadcasting (Adam's parameter step)."""
    if not _float_result(tensor1, tensor2):
        raise RuntimeError(msg.ADDCDIV_INTEGER)
    out = _ternary(
        AddcdivBackward0,
        (input, tensor1, tensor2),
        lambda xp, x, a, b: x + value * a / b,
        "addcdiv",
    )
    return _saving_operands(out, value, tensor1, tensor2)


def _c_name(t: Tensor) -> str:
    """'float', 'double', 'long': the dtype as PyTorch's lerp message spells it."""
    return t.dtype.legacy_name[:-6].lower()


class LerpBackward0(Node):
    """lerp with a number weight."""

    __slots__ = ("_saved_weight",)

    def backward(self, grad):
        w = self._saved_weight
        return grad * (1 - w), grad * w


class LerpBackward1(Node):
    """lerp with a tensor weight."""

    __slots__ = ()
    _saved_names = ("self", "end", "weight")

    def backward(self, grad):
        start, end, weight = self._unpack(0), self._unpack(1), self._unpack(2)
        return (
            grad * (1 - weight),
            grad * weight,
            grad * (end - start) if self.needs_input_grad(2) else None,
        )


def _lerp_kernel(xp, start, end, weight):
    """PyTorch's formula: from the nearer end, so lerp(a, b, 1) is exactly b."""
    diff = end - start
    if not hasattr(weight, "shape"):
        return start + weight * diff if -0.5 < weight < 0.5 else end - diff * (1 - weight)
    return xp.where(xp.abs(weight) < 0.5, start + weight * diff, end - diff * (1 - weight))


@with_out
@tensor_method("lerp")
def lerp(input, end, weight) -> Tensor:
    """input + weight * (end - input): linear interpolation, weight a number or a tensor."""
    start = check_tensor(input, "lerp")
    end = check_tensor(end, "lerp", "end", 2)
    if end.dtype is not start.dtype:
        raise RuntimeError(
            msg.LERP_DTYPE.format(arg="end", expected=_c_name(start), got=_c_name(end))
        )
    if not start.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="lerp_kernel_scalar"
                if not isinstance(weight, Tensor)
                else "lerp_kernel_tensor",
                dtype=start.dtype.legacy_name[:-6],
            )
        )
    if isinstance(weight, Tensor):
        if weight.dtype is not start.dtype:
            raise RuntimeError(
                msg.LERP_DTYPE.format(arg="weight", expected=_c_name(start), got=_c_name(weight))
            )
        out = _ternary(LerpBackward1, (start, end, weight), _lerp_kernel, "lerp")
        if out._grad_fn is not None:
            out._grad_fn.save(start, end, weight)
        return out
    w = float(weight)
    out = _ternary(LerpBackward0, (start, end), lambda xp, a, b: _lerp_kernel(xp, a, b, w), "lerp")
    if out._grad_fn is not None:
        out._grad_fn._saved_weight = w
    return out


# --- nan_to_num, closeness, dtype queries ---------------------------------------------------------


class NanToNumBackward0(Node):
    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        return grad * isfinite(self._unpack(0))


@with_out
@tensor_method("nan_to_num")
def nan_to_num(input, nan: float = 0.0, posinf=None, neginf=None) -> Tensor:
    """Replace NaN by `nan` and +/-inf by `posinf`/`neginf` (default: the dtype's extremes)."""
    t = check_tensor(input, "nan_to_num")
    if not t.dtype.is_floating_point:
        return t.clone()
    xp = t._backend.xp
    x = t._data
    info = xp.finfo(x.dtype)
    high = info.max if posinf is None else posinf
    low = -info.max if neginf is None else neginf
    out = xp.where(xp.isnan(x), xp.asarray(nan, dtype=x.dtype, device=_device(x)), x)
    out = xp.where(out == float("inf"), xp.asarray(high, dtype=x.dtype, device=_device(x)), out)
    out = xp.where(out == -float("inf"), xp.asarray(low, dtype=x.dtype, device=_device(x)), out)
    return record(NanToNumBackward0, (t,), out, t._backend, (t,))


def _device(array):
    """The array's device, for creating arrays beside it."""
    return array.device


def _same_dtype(a: Tensor, b: Tensor) -> None:
    if a.dtype is not b.dtype:
        raise RuntimeError(
            msg.DTYPE_DID_NOT_MATCH.format(a=a.dtype.legacy_name[:-6], b=b.dtype.legacy_name[:-6])
        )


@tensor_method("isclose")
def isclose(
    input, other, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Tensor:
    """|input - other| <= atol + rtol * |other| element-wise (equal infinities are close)."""
    a = check_tensor(input, "isclose")
    b = check_tensor(other, "isclose", "other", 2)
    _same_dtype(a, b)
    with _no_grad():
        equal = eq(a, b)
        if equal_nan:
            equal = equal | (isnan(a) & isnan(b))
        if not a.dtype.is_floating_point:
            return equal
        apart = equal.logical_not()  # inf - inf would warn; equal pairs are close anyway
        gap = (a.where(apart, 0) - b.where(apart, 0)).abs()
        close = isfinite(gap) & (gap <= atol + rtol * b.abs())
        return equal | close


def _no_grad():
    from ..autograd.grad_mode import no_grad

    return no_grad()


@tensor_method("allclose")
def allclose(
    input, other, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether every element pair is close (see isclose), as a Python bool."""
    return bool(isclose(input, other, rtol, atol, equal_nan).all().item())


@tensor_method("equal")
def equal(input, other) -> bool:
    """True when both tensors have the same shape and the same values (a Python bool)."""
    a = check_tensor(input, "equal")
    b = check_tensor(other, "equal", "other", 2)
    if tuple(a._data.shape) != tuple(b._data.shape):
        return False
    with _no_grad():
        return bool(eq(a, b).all().item())


def is_floating_point(input) -> bool:
    """Whether the tensor's dtype is a floating point one (float16/32/64)."""
    return check_tensor(input, "is_floating_point").dtype.is_floating_point


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


@tensor_method("clamp_", "clip_")
def clamp_(self: Tensor, min=None, max=None) -> Tensor:  # noqa: A002 - PyTorch's names
    """Limit values to [min, max] in place."""
    if not self.dtype.is_floating_point and (type(min) is float or type(max) is float):
        raise RuntimeError(
            msg.INPLACE_CAST.format(  # clamp_'s own wording of the cast error
                result="Float", out=dtypes.CPP_NAMES[self.dtype]
            )
        )
    return apply_inplace(self, clamp, min, max)


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


clip_ = clamp_
clamp_min_ = inplace_method("clamp_min", "max(self, min), in place.")
clamp_max_ = inplace_method("clamp_max", "min(self, max), in place.")
nan_to_num_ = inplace_method("nan_to_num", "Replace NaN and infinities in place.")
atan2_ = tensor_method("arctan2_")(inplace_method("atan2", "atan2(self, other), in place."))
arctan2_ = atan2_
fmod_ = inplace_method("fmod", "C-style remainder of self by other, in place.")
hypot_ = inplace_method("hypot", "sqrt(self**2 + other**2), in place.")
heaviside_ = inplace_method("heaviside", "The step function of self with `values` at 0, in place.")
addcmul_ = inplace_method(
    "addcmul", "self += value * tensor1 * tensor2, in place (Adam's moments)."
)
addcdiv_ = inplace_method("addcdiv", "self += value * tensor1 / tensor2, in place (Adam's step).")
lerp_ = inplace_method("lerp", "self += weight * (end - self), in place (exponential averages).")


clip = clamp
divide = true_divide = div
subtract = sub

__all__ = [
    "add",
    "addcdiv",
    "addcmul",
    "allclose",
    "arctan2",
    "atan2",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "clamp",
    "clamp_",
    "clamp_max",
    "clamp_max_",
    "clamp_min",
    "clamp_min_",
    "clip",
    "clip_",
    "div",
    "divide",
    "eq",
    "equal",
    "float_power",
    "floor_divide",
    "fmod",
    "frac",
    "frac_",
    "ge",
    "gt",
    "heaviside",
    "hypot",
    "is_floating_point",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "le",
    "lerp",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "lt",
    "maximum",
    "minimum",
    "mul",
    "multiply",
    "nan_to_num",
    "nan_to_num_",
    "ne",
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
    "where",
]
