"""The two-input element-wise ops, one entry each: autograd_nb's `derivatives.yaml` for them.
This module holds the table's machinery and the arithmetic (+ − × ÷, remainders, powers);
binary_functions.py the other entries (atan2, hypot, logaddexp, xlogy, the extremes).

An entry is a node class named as PyTorch names it, which states

- `reads`: which saved inputs each partial derivative reads, e.g. `{"self": "other", "other":
  "self"}` for a product: an input is saved only when the partial of an input that needs a
  gradient reads it (as PyTorch's generated code does);
- `formula`: the local derivatives, as the backward stepper shows them;
- `grad_self(grad, a, b)` and `grad_other(grad, a, b)`: the two partial derivatives written
  with Tensor operations (so `create_graph=True` works), `a` and `b` the saved inputs (a Python
  number for a number operand, None where not saved); the hottest nodes (add, sub) give both
  in one `backward` instead;

followed by one `binary(...)` line that makes the op from its name, its node and its forward
kernel on arrays (`kernel(xp, x, y)`, `xp` the array namespace, or a Python operator such as
`operator.mul`, which arrays support), and says which variants exist:
the Tensor method and its aliases, the operators (`__mul__`, `__rmul__`), the in-place form
(`x.mul_(y)`) and `out=` (`torch.mul(x, y, out=z)`). Ops with more arguments (`alpha=`,
`rounding_mode=`, a number exponent) wrap the function it makes.

Broadcasting is undone once, at the edge: the forward notes which inputs' gradients must be
summed back to their shape (and cast to their dtype), and the node does it after its partials.
"""

from __future__ import annotations

import builtins
import math
import operator

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._dlpack import through_numpy
from .._tensor import Tensor, argument_error, make_tensor, tensor_method
from ..autograd.node import Node, new_node, saved_entry
from ..backends import is_numpy_array, python_number
from ._fast_inplace import arithmetic_inplace, scaled_inplace
from ._fast_numbers import number_operand
from ._helpers import (
    as_tensor_like,
    broadcast_error,
    check_number,
    check_tensor,
    input_meta,
    operands,
    record,
    result_dtype,
    weak_number_result,
)
from .inplace import apply_inplace, inplace_method
from .out import with_out
from .unary import reciprocal

# When an input is saved, by which partials read it (by the first input's, by the second's): a
# position in `needs` (first input needs a gradient, second does, always, never); see _record.
_SAVE_WHEN = {(True, False): 0, (False, True): 1, (True, True): 2, (False, False): 3}


class BinaryBackward(Node):
    """The node of a two-input element-wise op (see the module docstring)."""

    __slots__ = ()
    inputs = ("self", "other")  # PyTorch's names of the two inputs (`_saved_<name>`)
    reads: dict = {}
    formula = ""
    numbers: tuple = ()  # inputs a Scalar overload shows as Python numbers (PyTorch's `_saved_`)

    def __init_subclass__(cls, **kwargs):
        first, second = cls.inputs
        read = {name: cls.reads.get(name, "").split() for name in cls.inputs}
        cls._saved_names = cls.inputs if any(read.values()) else ()
        cls._saved_numbers = cls.numbers
        cls._save_when = tuple(
            _SAVE_WHEN[name in read[first], name in read[second]] for name in cls.inputs
        )
        super().__init_subclass__(**kwargs)  # after `_saved_names`: Node makes the properties

    def _record(self, a, b) -> None:
        """Save the inputs (tensors or the numbers used) that the needed partials read."""
        if not self._saved_names:
            return
        edges = self._edges
        needs = (edges[0] is not None, edges[2] is not None, True, False)
        when_a, when_b = self._save_when
        self._saved = (
            saved_entry(a) if needs[when_a] else None,
            saved_entry(b) if needs[when_b] else None,
        )

    def backward(self, grad):
        a = b = None
        if self._saved_names:
            a, b = self._unpack(0), self._unpack(1)
        edges = self._edges
        return (
            self.grad_self(grad, a, b) if edges[0] is not None else None,
            self.grad_other(grad, a, b) if edges[2] is not None else None,
        )

    def grad_self(self, grad, a, b):
        """The gradient for the first input."""
        raise NotImplementedError

    def grad_other(self, grad, a, b):
        """The gradient for the second input (never asked of a number operand's node)."""
        raise NotImplementedError


# --- the forward and the declaration --------------------------------------------------------------

_FLOATING = 2  # dtype.category of floating dtypes: a Python int or float keeps their dtype


# Python's arithmetic operators: arrays take them as they are, so an entry may give one as its
# kernel (called without the namespace, and without a Python frame: `+` and `*` are hot)
_OPERATORS = frozenset(
    (operator.add, operator.sub, operator.mul, operator.truediv, operator.mod, operator.pow)
)
# those that take a Python number as a 0-d array of the same value (see _fast_numbers; `**`
# takes `x ** 2` as a square, which a 0-d array would not)
_NUMBERS_AS_ARRAYS = frozenset((operator.add, operator.sub, operator.mul, operator.truediv))


def _forward(node: type, scalar_node: type, rscalar_node: type, symbol: str, kernel):
    """`op(input, other)`: the kernel on both operands' arrays, wired to `node` (`scalar_node`
    when `other` is a Python number, `rscalar_node` when `input` is); `symbol` names the op in
    operand errors."""
    arithmetic = kernel if kernel in _OPERATORS else None
    numbers_as_arrays = kernel in _NUMBERS_AS_ARRAYS

    def compute(input, other) -> Tensor:
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
            a, xa, backend = input, input._data, input._backend
            if isinstance(other, Tensor):
                b, xb, cls = other, other._data, node
            else:
                b, xb, cls = None, other, scalar_node
                if numbers_as_arrays and backend.xp is np:
                    xb = number_operand(other, xa.dtype)
        else:
            if is_numpy_array(other) or is_numpy_array(input):
                on_numpy = arithmetic or (lambda x, y: kernel(np, x, y))
                return through_numpy(on_numpy, input, other)
            input, other = python_number(input), python_number(other)  # what the node records
            a, b, xa, xb, backend = operands(input, other, symbol)
            cls = scalar_node if b is None else rscalar_node if a is None else node
        try:
            out = kernel(backend.xp, xa, xb) if arithmetic is None else arithmetic(xa, xb)
        except ValueError:
            raise broadcast_error(getattr(xa, "shape", ()), getattr(xb, "shape", ())) from None
        if a is None or b is None:  # a Python number
            out = weak_number_result(out, xa, xb)
        fn = new_node(cls, (a, b))
        if fn is None:
            return make_tensor(out, backend)
        result = make_tensor(out, backend, True, fn, 0)
        fn._record(input, other)
        shape, dtype = out.shape, out.dtype
        if not (
            (a is None or (a._data is xa and xa.shape == shape and xa.dtype is dtype))
            and (b is None or (b._data is xb and xb.shape == shape and xb.dtype is dtype))
        ):
            fn._in_meta = input_meta((a, b), result._data, backend)
        return result

    return compute


def _floating_operands(name: str, floating: str, input, other):
    """Integer operands computed in the default float ("promote") or refused ("require")."""
    dtype = result_dtype(input, other)
    if dtype.is_floating_point:
        return input, other
    if floating == "require":
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=f"{name}_cpu", dtype=dtype.legacy_name[:-6])
        )
    default = dtypes.get_default_dtype()
    return (input.to(default) if isinstance(input, Tensor) else float(input)), other


def binary(
    name: str,
    node: type,
    kernel,
    *,
    doc: str,
    scalar_node: type | None = None,
    rscalar_node: type | None = None,
    symbol: str | None = None,
    tensors: bool = False,
    floating: str = "",
    check=None,
    aliases: tuple = (),
    operators: tuple = (),
    method: bool = True,
    inplace: bool = True,
    out: bool = True,
):
    """The op `name` (and its in-place method, or None) from its node class and kernel.

    `scalar_node`, `rscalar_node`: the node when `other` (`input`) is a Python number, PyTorch's
    Scalar overloads; `symbol`: the op's name in operand errors; `tensors`: both operands must
    be tensors; `floating`: integer operands are computed in the default float dtype
    ("promote") or refused ("require"); `check(input, other)`: more argument checks; `aliases`:
    more Tensor method names (their in-place forms too); `operators`: the operator methods that
    run the op; `method`: also a Tensor method; `inplace`: a method `name_`; `out`: the torch.*
    function takes `out=`.
    """
    forward = _forward(node, scalar_node or node, rscalar_node or node, symbol or name, kernel)
    compute = forward
    if tensors or floating or check is not None:

        def compute(input, other) -> Tensor:
            if tensors:
                check_tensor(input, name)
                check_tensor(other, name, "other", 2)
            if check is not None:
                check(input, other)
            if floating:
                input, other = _floating_operands(name, floating, input, other)
            return forward(input, other)

    compute.__name__ = compute.__qualname__ = name
    compute.__doc__ = doc
    tensor_method(*operators)(compute)
    if method:
        tensor_method(name, *aliases)(compute)
    function = with_out(compute) if out else compute
    if not inplace:
        return function, None

    def in_place(self: Tensor, other) -> Tensor:
        return apply_inplace(self, compute, other)

    in_place.__name__ = in_place.__qualname__ = name + "_"
    in_place.__doc__ = f"{name}(self, other), in place."
    tensor_method(name + "_", *(a + "_" for a in aliases))(in_place)
    return function, in_place


# --- sums and differences -------------------------------------------------------------------------


class AddBackward0(BinaryBackward):
    """Both partials in one `backward`: the most common node of all (no call per input)."""

    __slots__ = ("_saved_alpha",)
    formula = "∂(a + b)/∂a = 1,  ∂(a + b)/∂b = 1"

    def _record(self, a, b):
        self._saved_alpha = 1  # add(alpha=...) sets its own

    def backward(self, grad):
        alpha = self._saved_alpha
        return grad, (grad if alpha == 1 else grad * alpha)


# `+` itself: the operators never pass alpha; add() wraps it
_add, _ = binary(
    "__add__",
    AddBackward0,
    operator.add,
    doc="input + other, broadcasting.",
    symbol="+",
    operators=("__add__", "__radd__"),
    method=False,
    inplace=False,
    out=False,
)


class SubBackward0(AddBackward0):
    __slots__ = ()
    formula = "∂(a − b)/∂a = 1,  ∂(a − b)/∂b = −1"

    def backward(self, grad):
        if self._edges[2] is None:  # `x - 1`: no gradient to negate for the number
            return grad, None
        alpha = self._saved_alpha
        return grad, (-grad if alpha == 1 else grad * -alpha)


class RsubBackward1(AddBackward0):
    """`number - tensor`: the tensor is the first input, as in PyTorch's rsub."""

    __slots__ = ()
    formula = "∂(b − a)/∂a = −1,  ∂(b − a)/∂b = 1"

    def backward(self, grad):
        alpha = self._saved_alpha
        return (-grad if alpha == 1 else grad * -alpha), None


def _alpha_kernel(alpha, reflected: bool = False, negate: bool = False):
    """x + y * alpha (x - y * alpha with `negate`; y - x * alpha, `reflected`) on arrays."""
    if reflected:
        return (lambda xp, x, y: y - x) if alpha == 1 else (lambda xp, x, y: y - x * alpha)
    if negate:
        return lambda xp, x, y: x - y * alpha
    return lambda xp, x, y: x + y * alpha


def _with_alpha(node: type, input, other, alpha, kernel, symbol: str) -> Tensor:
    """A sum or difference whose number `alpha` scales the second operand."""
    out = _forward(node, node, node, symbol, kernel)(input, other)
    if out._grad_fn is not None:
        out._grad_fn._saved_alpha = alpha
    return out


@with_out
@tensor_method("add")
def add(input, other, *, alpha=1) -> Tensor:
    """input + alpha * other, broadcasting."""
    if alpha == 1:
        return _add(input, other)
    _check_alpha(input, other, alpha)
    return _with_alpha(AddBackward0, input, other, alpha, _alpha_kernel(alpha), "+")


_sub, _ = binary(
    "sub",
    SubBackward0,
    operator.sub,
    doc="input - other, broadcasting.",
    symbol="-",
    method=False,
    inplace=False,
    out=False,
)


@with_out
@tensor_method("sub", "subtract", "__sub__")
def sub(input, other, *, alpha=1) -> Tensor:
    """input - alpha * other, broadcasting."""
    _check_no_bool_subtraction(input, other)
    if alpha == 1:
        return _sub(input, other)
    _check_alpha(input, other, alpha)
    return _with_alpha(SubBackward0, input, other, alpha, _alpha_kernel(alpha, negate=True), "-")


def _check_alpha(input, other, alpha) -> None:
    """PyTorch refuses a float alpha when the result would be an integer tensor."""
    check_number(alpha, "alpha")
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


subtract = sub


@tensor_method("__rsub__")
def rsub(input, other, *, alpha=1) -> Tensor:
    """other - alpha * input (what `number - tensor` runs)."""
    tensor = check_tensor(input, "rsub")
    _check_no_bool_subtraction(tensor, other)
    if isinstance(other, Tensor):
        return sub(other, tensor, alpha=alpha)
    kernel = _alpha_kernel(alpha, reflected=True)
    return _forward(RsubBackward1, RsubBackward1, RsubBackward1, "-", kernel)(tensor, other)


# --- products and quotients -----------------------------------------------------------------------


class MulBackward0(BinaryBackward):
    __slots__ = ()
    formula = "∂(a·b)/∂a = b,  ∂(a·b)/∂b = a"
    reads = {"self": "other", "other": "self"}

    def grad_self(self, grad, a, b):
        return grad * b

    def grad_other(self, grad, a, b):
        return grad * a


mul, _ = binary(
    "mul",
    MulBackward0,
    operator.mul,
    doc="Element-wise product, broadcasting.",
    symbol="*",
    aliases=("multiply",),
    operators=("__mul__", "__rmul__"),
    inplace=False,  # mul_ below: straight on the storage when nothing is recorded
)
multiply = mul


class DivBackward0(BinaryBackward):
    __slots__ = ()
    formula = "∂(a/b)/∂a = 1/b,  ∂(a/b)/∂b = −a/b²"
    reads = {"self": "other", "other": "self other"}

    def grad_self(self, grad, a, b):
        return grad / b

    def grad_other(self, grad, a, b):
        return -grad * a / (b * b)


_true_divide, _ = binary(
    "div",
    DivBackward0,
    operator.truediv,
    doc="Element-wise true division (ints give the default float dtype), broadcasting.",
    symbol="/",
    floating="promote",
    method=False,
    inplace=False,
    out=False,
)


@with_out
@tensor_method("div", "divide", "true_divide", "__truediv__")
def div(input, other, *, rounding_mode=None) -> Tensor:
    """Element-wise true division (ints give the default float dtype), broadcasting."""
    if rounding_mode is not None and not isinstance(rounding_mode, str):
        raise argument_error(rounding_mode, "str", "rounding_mode")
    if rounding_mode not in (None, "floor", "trunc"):
        raise RuntimeError(msg.DIV_ROUNDING_MODE.format(mode=rounding_mode))
    if rounding_mode is None:
        return _true_divide(input, other)
    from ..autograd.grad_mode import no_grad

    with no_grad():
        if rounding_mode == "floor":
            out = floor_divide(input, other)
        else:
            _check_integer_divisor(input, other)
            out = div(input, other).trunc().to(result_dtype(input, other))
    inputs = tuple(v if isinstance(v, Tensor) else None for v in (input, other))
    return record(
        DivBackward2, inputs, out._data, out._backend, broadcasts=True, rounding_mode=rounding_mode
    )


class DivBackward2(Node):
    """div with rounding_mode 'trunc' or 'floor': a step function of both inputs, so zero
    gradients, as PyTorch's."""

    __slots__ = ("_saved_rounding_mode",)
    formula = "∂round(a/b)/∂a = ∂round(a/b)/∂b = 0"

    def backward(self, grad):
        zeros = grad.new_zeros(grad.shape)
        return zeros, (zeros if self.needs_input_grad(1) else None)


divide = true_divide = div


class NotImplementedBackward(Node):
    """Stands where PyTorch has no derivative: backward through it raises."""

    __slots__ = ("_op",)

    def backward(self, grad):
        raise RuntimeError(msg.ATEN_NO_DERIVATIVE.format(op=self._op))


NotImplementedBackward.__name__ = NotImplementedBackward.__qualname__ = "NotImplemented"


def _not_differentiable(op: str, inputs, out_data, backend) -> Tensor:
    node = new_node(NotImplementedBackward, inputs)
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


floor_divide_ = inplace_method("floor_divide", "self // other, in place.")


@tensor_method("__rfloordiv__")
def _rfloordiv(input, other) -> Tensor:
    return floor_divide(as_tensor_like(other, input), input)


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


# --- a number operand recorded as ATen's Scalar overloads (composite ops use them) ----------------


class AddBackward1(Node):
    """tensor + number as ATen's add.Scalar records it (pairwise_distance adds its eps so)."""

    __slots__ = ()
    formula = "∂(a + n)/∂a = 1"

    def backward(self, grad):
        return grad


def add_number(t: Tensor, number) -> Tensor:
    """t + number recorded as AddBackward1 (one edge: the number is no input)."""
    return record(AddBackward1, (t,), t._data + number, t._backend)


class MulBackward1(Node):
    """tensor * number as ATen's mul.Scalar records it (trapezoid's spacing dx)."""

    __slots__ = ("_saved_other",)
    formula = "∂(a·n)/∂a = n"

    def backward(self, grad):
        return grad * self._saved_other


def mul_number(t: Tensor, number) -> Tensor:
    """t * number recorded as MulBackward1 (an integer tensor times a float: the default float
    dtype, as PyTorch promotes)."""
    if type(number) is float and not t.dtype.is_floating_point:
        t = t.to(dtypes.get_default_dtype())
    return record(MulBackward1, (t,), t._data * number, t._backend, other=number)


class DivBackward1(Node):
    """tensor / number as ATen's div.Scalar records it (the composite losses divide so)."""

    __slots__ = ("_saved_other",)
    formula = "∂(a/n)/∂a = 1/n"

    def backward(self, grad):
        return grad / self._saved_other


def div_number(t: Tensor, number) -> Tensor:
    """t / number recorded as DivBackward1."""
    return record(DivBackward1, (t,), t._data / number, t._backend, other=number)


# --- remainders -----------------------------------------------------------------------------------


class RemainderBackward0(BinaryBackward):
    """tensor % number: the gradient passes straight to the tensor."""

    __slots__ = ()
    formula = "∂(a mod n)/∂a = 1"

    def grad_self(self, grad, a, b):
        return grad


class RemainderBackward1(BinaryBackward):
    __slots__ = ()
    formula = "∂(a mod b)/∂a = 1,  ∂(a mod b)/∂b = −⌊a/b⌋"
    reads = {"other": "self other"}

    def grad_self(self, grad, a, b):
        return grad

    def grad_other(self, grad, a, b):
        return -grad * (a / b).floor()


def _remainder_kernel(xp, x, y):
    """PyTorch's remainder: fmod(x, y), moved by y where it is nonzero and of the other sign (so
    the result takes y's sign and a zero keeps x's); integers take Python's floor modulus."""
    r = _fmod_kernel(xp, x, y)
    if not xp.isdtype(r.dtype, "real floating"):
        return x % y
    return xp.where((r != 0) & ((r < 0) != (y < 0)), r + y, r)


remainder, remainder_ = binary(
    "remainder",
    RemainderBackward1,
    _remainder_kernel,
    doc="Python-style modulus (the result takes the divisor's sign), broadcasting.",
    scalar_node=RemainderBackward0,
    symbol="%",
    check=_check_integer_divisor,
    operators=("__mod__",),
)


@tensor_method("__rmod__")
def _rmod(input, other) -> Tensor:
    return remainder(as_tensor_like(other, input), input)


class FmodBackward0(RemainderBackward0):
    """fmod by a number: the gradient passes straight to the tensor."""

    __slots__ = ()


class FmodBackward1(RemainderBackward1):
    __slots__ = ()
    formula = "∂fmod(a, b)/∂a = 1,  ∂fmod(a, b)/∂b = −trunc(a/b)"

    def grad_other(self, grad, a, b):
        return -grad * (a / b).trunc()


def _fmod_kernel(xp, x, y):
    """|x| mod |y| with x's sign: C's fmod, exact (no rounding of x / y)."""
    if hasattr(xp, "fmod"):  # NumPy's and CuPy's own (CuPy's % of an infinite y gives NaN)
        return xp.fmod(x, y)
    r = _magnitude(xp, x) % _magnitude(xp, y)
    if not xp.isdtype(r.dtype, "real floating"):
        return xp.where(x < 0, -r, r)
    if hasattr(x, "shape"):
        return xp.copysign(r, x)
    return r * math.copysign(1.0, x)  # a number x: one sign for all


def _magnitude(xp, value):
    """|value| of an array or a number."""
    return xp.abs(value) if hasattr(value, "shape") else builtins.abs(value)


def _check_fmod(input, other) -> None:
    check_tensor(input, "fmod")
    _check_integer_divisor(input, other)


fmod, fmod_ = binary(
    "fmod",
    FmodBackward1,
    _fmod_kernel,
    doc="C-style remainder: the result takes the dividend's sign (math.fmod), broadcasting.",
    scalar_node=FmodBackward0,
    check=_check_fmod,
)


# --- powers ---------------------------------------------------------------------------------------


class PowBackward0(Node):
    """tensor ** number."""

    __slots__ = ("_saved_exponent",)
    _saved_names = ("self",)
    formula = "∂(aⁿ)/∂a = n·aⁿ⁻¹"

    def backward(self, grad):
        x, p = self._unpack(0), self._saved_exponent
        if p == 0:
            return grad.new_zeros(grad.shape)
        if p == 2:
            return grad * 2 * x
        return grad * p * x ** (p - 1)


class PowBackward1(BinaryBackward):
    """tensor ** tensor."""

    __slots__ = ()
    inputs = ("self", "exponent")
    formula = "∂(aᵇ)/∂a = b·aᵇ⁻¹,  ∂(aᵇ)/∂b = aᵇ·ln a"
    reads = {"self": "self exponent", "exponent": "self exponent"}

    def grad_self(self, grad, a, b):
        return (grad * (b * a ** (b - 1))).where(b != 0, 0)  # a ** 0 is flat (PyTorch's where)

    def grad_other(self, grad, a, b):
        zero_base = (a == 0) & (b >= 0)  # 0 ** b is flat in b there (PyTorch's where)
        return grad * (a**b * a.log()).where(zero_base.logical_not(), 0)


class PowBackward2(Node):
    """number ** tensor."""

    __slots__ = ("_saved_self",)
    _saved_names = ("result",)
    formula = "∂(nᵃ)/∂a = nᵃ·ln n"

    def backward(self, grad):
        base, result = self._saved_self, self._unpack(0)
        if base == 0:  # flat where a >= 0, i.e. where 0 ** a is 0 or 1 (PyTorch's where)
            return grad * (result * -math.inf).where(result > 1, 0).where(result == result, result)
        return grad * result * (math.log(base) if base > 0 else math.nan)


def _power(xp, xa, xb):
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


_pow_tensors, _ = binary(
    "pow",
    PowBackward1,
    _power,
    doc="input ** exponent, element-wise.",
    symbol="**",
    method=False,
    inplace=False,
    out=False,
)


@with_out
@tensor_method("pow", "__pow__")
def pow(input, exponent) -> Tensor:  # noqa: A001 - PyTorch's name
    """input ** exponent, element-wise."""
    if not isinstance(input, Tensor):
        return _rpow(check_tensor(exponent, "pow", "exponent", 2), input)
    if isinstance(exponent, Tensor):
        return _pow_tensors(input, exponent)
    exponent = python_number(exponent)
    a, _, xa, xp_, backend = operands(input, exponent, "**")
    if not input.dtype.is_floating_point and isinstance(exponent, int) and exponent < 0:
        raise RuntimeError(msg.NEGATIVE_INT_POW)
    out = weak_number_result(xa * xa if exponent == 2 else xa**xp_, xa, xp_)
    return record(PowBackward0, (input,), out, backend, (input,), exponent=exponent)


@tensor_method("__rpow__")
def _rpow(input, other) -> Tensor:
    """number ** tensor."""
    if isinstance(other, Tensor):
        return pow(other, input)
    other = python_number(other)
    _, b, xa, xb, backend = operands(other, input, "**")
    out = weak_number_result(_power(backend.xp, xa, xb), xa, xb)
    return record(PowBackward2, (b,), out, backend, save_result=True, self=other)


# --- in-place arithmetic: straight on the storage when nothing is recorded (optimizers) ----------


@tensor_method("add_")
def add_(self: Tensor, other, *, alpha=1) -> Tensor:
    """self += alpha * other, in place."""
    if alpha != 1:
        return scaled_inplace(self, add, operator.iadd, other, alpha)
    return arithmetic_inplace(self, add, operator.iadd, other)


@tensor_method("sub_", "subtract_")
def sub_(self: Tensor, other, *, alpha=1) -> Tensor:
    """self -= alpha * other, in place."""
    if alpha != 1:
        return scaled_inplace(self, sub, operator.isub, other, alpha)
    return arithmetic_inplace(self, sub, operator.isub, other)


@tensor_method("mul_", "multiply_")
def mul_(self: Tensor, other) -> Tensor:
    """self *= other, in place."""
    return arithmetic_inplace(self, mul, operator.imul, other)


@tensor_method("div_", "divide_", "true_divide_")
def div_(self: Tensor, other, *, rounding_mode=None) -> Tensor:
    """self /= other, in place (an integer tensor can't hold the float quotient)."""
    if rounding_mode is not None:
        return apply_inplace(self, div, other, rounding_mode=rounding_mode)
    return arithmetic_inplace(self, div, operator.itruediv, other, floating_only=True)


@tensor_method("pow_")
def pow_(self: Tensor, exponent) -> Tensor:
    """self **= exponent, in place."""
    return apply_inplace(self, pow, exponent)


@tensor_method("__iadd__")
def _iadd(self: Tensor, other) -> Tensor:
    return arithmetic_inplace(self, add, operator.iadd, other)


@tensor_method("__isub__")
def _isub(self: Tensor, other) -> Tensor:
    return arithmetic_inplace(self, sub, operator.isub, other)


@tensor_method("__imul__")
def _imul(self: Tensor, other) -> Tensor:
    return arithmetic_inplace(self, mul, operator.imul, other)


@tensor_method("__itruediv__", "__idiv__")
def _itruediv(self: Tensor, other) -> Tensor:
    return div_(self, other)


@tensor_method("__ipow__")
def _ipow(self: Tensor, other) -> Tensor:
    return pow_(self, other)


__all__ = [
    "add",
    "div",
    "divide",
    "floor_divide",
    "fmod",
    "mul",
    "multiply",
    "pow",
    "remainder",
    "rsub",
    "sub",
    "subtract",
    "true_divide",
]
