"""Element-wise comparisons and choices: eq, lt, ..., logical and bitwise ops, where, clamp,
nan_to_num, isnan/isinf/isfinite, isclose/allclose/equal."""

from __future__ import annotations

import operator
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ..backends import python_number
from ._helpers import (
    as_tensor_like,
    broadcast_error,
    broadcast_shapes,
    check_tensor,
    common_backend,
    device_mismatch,
    float_data,
    in_float32,
    invalid_combination,
    is_number,
    on_backend,
    operands,
    record,
    refused_overloads,
    result_dtype,
)
from .binary_functions import first_at_ties, maximum, minimum
from .inplace import apply_inplace, apply_unrecorded, inplace_method
from .out import with_out

# What a bound or a value of clamp and where is at once taken as (else: is_number decides)
_TAKEN = (Tensor, float, int)


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
        return grad.where(inside, 0)  # (not a product with the mask: no -0. where it is off)


class ClampBackward0(Node):
    """clamp with tensor bounds: the gradient goes to the input where it is inside them, to
    `min` where the input is below it, to `max` where it is above; where the bounds cross
    (min > max) the result is `max`, which then takes the whole gradient, as in PyTorch."""

    __slots__ = ()
    _saved_names = ("self", "min", "max")

    def backward(self, grad):
        x, low, high = self._unpack(0), self._unpack(1), self._unpack(2)
        inside = (x >= low) if low is not None else None
        if high is not None:
            inside = (x <= high) if inside is None else inside & (x <= high)
        grad_low = grad_high = None
        if low is not None and self.needs_input_grad(1):
            below = x < low
            grad_low = grad.where(below if high is None else below & (low < high), 0)
        if high is not None and self.needs_input_grad(2):
            above = x > high
            grad_high = grad.where(above if low is None else above | (high < low), 0)
        return grad.where(inside, 0), grad_low, grad_high


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
        if type(self) is ClampMinBackward1:
            keep, clamped = x >= bound, x < bound
        else:
            keep, clamped = x <= bound, x > bound
        other = grad.where(clamped, 0) if self.needs_input_grad(1) else None
        return grad.where(keep, 0), other


class ClampMaxBackward1(ClampMinBackward1):
    __slots__ = ()
    _saved_names = ("self", "max")


def _clamp_tensor(cls, t: Tensor, bound: Tensor) -> Tensor:
    """clamp_min / clamp_max against a tensor bound (broadcasting)."""
    kernel = maximum if cls is ClampMinBackward1 else minimum
    out = kernel(t.detach(), bound.detach())
    return record(cls, (t, bound), out._data, out._backend, (t, bound), broadcasts=True)


@with_out
@tensor_method("clamp", "clip")
def clamp(input, min=None, max=None) -> Tensor:  # noqa: A002 - PyTorch's names
    """Limit values to [min, max]; either bound may be omitted."""
    t = check_tensor(input, "clamp")
    for bound in (min, max):
        if not (bound is None or isinstance(bound, _TAKEN) or is_number(bound)):
            bounds = (min,) if max is None else (min, max)  # a max not given is not listed
            raise refused_overloads("clamp", msg.CLAMP_SIGNATURES, t, *bounds)
    if min is None and max is None:
        raise RuntimeError(msg.CLAMP_NO_BOUND)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        low = as_tensor_like(min, t) if min is not None else None
        high = as_tensor_like(max, t) if max is not None else None
        out = t
        if low is not None:
            out = maximum(out.detach(), low.detach())
        if high is not None:
            out = minimum(out.detach() if isinstance(out, Tensor) else out, high.detach())
        data = out._data
        inputs = (t, low, high)
        return record(ClampBackward0, inputs, data, out._backend, inputs, broadcasts=True)
    return _clamp_numbers(ClampBackward1, t, min, max)


def _real_bound(value, t: Tensor):
    """A clamp bound as PyTorch reads it: a complex number is converted to a double (its real
    part, or PyTorch's error), and refused outright for integer and bool tensors."""
    if not isinstance(value, complex):
        return value  # clamp has refused what is not a number
    if not t.dtype.is_floating_point:
        raise NotImplementedError(msg.CLAMP_COMPLEX)
    return dtypes.real_scalar(value, dtypes.float64)


def clip_numbers(xp, x, low, high):
    """PyTorch's clamp by numbers, min(max(x, low), high), which keeps x at a tie: a zero x
    meeting a zero bound keeps its own sign. Crossed bounds give `high` (NaN stays NaN)."""
    if low is not None and high is not None and low > high:
        return xp.where(x != x, x, xp.full_like(x, high))
    out = xp.clip(x, low, high)
    return first_at_ties(xp, (out == 0) & (x == 0), x, out)


def _clamp_numbers(cls, t: Tensor, low, high) -> Tensor:
    low, high = (_real_bound(python_number(v), t) for v in (low, high))
    x = t._data
    if t.dtype.is_floating_point or all(isinstance(v, int) or v is None for v in (low, high)):
        pass
    else:
        x = float_data(t)
    # float16 and bfloat16 in float32, each bound rounded once (ml_dtypes widens bfloat16
    # beside a Python number)
    out = in_float32(lambda xp, x: clip_numbers(xp, x, low, high), t._backend.xp, x)
    return record(cls, (t,), out, t._backend, (t,), min=low, max=high)


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


eq = _define_comparison("eq", "==", operator.eq, ())
ne = _define_comparison("ne", "!=", operator.ne, ("not_equal",))


def _comparison_operator(op):
    """`t == x`, `t < x`...: NotImplemented for an operand no tensor op takes (None, a string),
    so that Python decides, as with PyTorch's operators: `t == None` is False (`None in [t1,
    t2]` works) and `t < None` raises Python's "'<' not supported between instances" error."""

    def method(self, other):
        try:
            return op(self, other)
        except TypeError:
            if isinstance(python_number(other), complex):
                raise  # no complex dtypes: not False as for None or a string
            return NotImplemented

    method.__name__ = method.__qualname__ = f"__{op.__name__}__"
    method.__doc__ = op.__doc__
    return method


lt = _define_comparison("lt", "<", operator.lt, ("less",))
le = _define_comparison("le", "<=", operator.le, ("less_equal",))
gt = _define_comparison("gt", ">", operator.gt, ("greater",))
ge = _define_comparison("ge", ">=", operator.ge, ("greater_equal",))
for _op in (eq, ne, lt, le, gt, ge):  # the comparison itself, without out='s wrapper
    tensor_method(f"__{_op.__name__}__")(_comparison_operator(_op.__wrapped__))


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
    dtype = result_dtype(input, other)
    if dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=f"{symbol}_cpu", dtype=dtype.legacy_name[:-6])
        )
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
@tensor_method("bitwise_not")
def bitwise_not(input) -> Tensor:
    t = check_tensor(input, "bitwise_not")
    if t.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel="bitwise_not_cpu", dtype=t.dtype.legacy_name[:-6])
        )
    return make_tensor(~t._data, t._backend)


@tensor_method("__invert__")
def _invert(self: Tensor) -> Tensor:
    if self.dtype.is_floating_point or self.dtype.is_complex:
        raise TypeError(msg.INVERT_DTYPE)
    return bitwise_not(self)


class WhereBackward0(Node):
    __slots__ = ()
    _saved_names = ("condition",)

    def backward(self, grad):
        cond = self._unpack(0)
        return (
            None,
            where(cond, grad, 0) if self.needs_input_grad(1) else None,
            where(cond, 0, grad) if self.needs_input_grad(2) else None,
        )


@with_out
def where(condition, input=None, other=None) -> Tensor:
    """Pick from `input` where `condition` holds, else from `other` (broadcasting)."""
    cond = check_tensor(condition, "where", "condition")
    if input is None and other is None:
        from .indexing import nonzero

        return nonzero(cond, as_tuple=True)
    if cond.dtype is not dtypes.bool:
        if cond.dtype is not dtypes.uint8:
            raise RuntimeError(msg.WHERE_CONDITION.format(dtype=cond.dtype.legacy_name[:-6]))
        warnings.warn(msg.WHERE_UINT8, UserWarning, stacklevel=2)
    for value in (input, other):
        if not (isinstance(value, _TAKEN) or is_number(value)):
            raise invalid_combination("where", (cond, input, other), msg.WHERE_SIGNATURES)
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
    except ValueError:  # PyTorch's message names the dim where (cond, input, other) disagree
        broadcast_shapes(tuple(c.shape), tuple(xa.shape), tuple(xb.shape))
        raise
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


@with_out
@tensor_method("isposinf")
def isposinf(input) -> Tensor:
    """Where the elements are +inf."""
    t = check_tensor(input, "isposinf")
    xp = t._backend.xp
    return make_tensor(xp.isinf(t._data) & (t._data > 0), t._backend)


@with_out
@tensor_method("isneginf")
def isneginf(input) -> Tensor:
    """Where the elements are -inf."""
    t = check_tensor(input, "isneginf")
    xp = t._backend.xp
    return make_tensor(xp.isinf(t._data) & (t._data < 0), t._backend)


@tensor_method("isreal")
def isreal(input) -> Tensor:
    """Where the elements have no imaginary part: everywhere, for our real dtypes."""
    t = check_tensor(input, "isreal")
    xp = t._backend.xp
    return make_tensor(xp.ones_like(t._data, dtype=xp.bool), t._backend)


@tensor_method("logical_not_")
def logical_not_(self: Tensor) -> Tensor:
    """logical_not in place: 1 where the element was zero, else 0, in self's dtype (not
    differentiable: PyTorch records nothing, even on a leaf that requires grad)."""
    return apply_unrecorded(check_tensor(self, "logical_not_"), logical_not)


def is_nonzero(input) -> bool:
    """Whether a one-element tensor is not zero (PyTorch refuses any other size)."""
    t = check_tensor(input, "is_nonzero")
    if t.numel() == 0:
        raise RuntimeError(msg.BOOL_EMPTY)
    return bool(t)


tensor_method("is_nonzero")(is_nonzero)


def _isin_operand(value, like: Tensor | None):
    """A tensor operand of isin, or a Python number as a 0-dim tensor beside `like`."""
    if isinstance(value, Tensor):
        return value
    from .._creation import tensor

    return tensor(value, device=like.device if like is not None else None)


@with_out
def isin(elements, test_elements, *, assume_unique: bool = False, invert: bool = False) -> Tensor:
    """Whether each element of `elements` occurs in `test_elements` (nan never does)."""
    tensors = [v for v in (elements, test_elements) if isinstance(v, Tensor)]
    numbers = all(isinstance(v, (Tensor, int, float)) for v in (elements, test_elements))
    if not tensors or not numbers:
        got = ", ".join(
            "Tensor" if isinstance(v, Tensor) else type(v).__name__
            for v in (elements, test_elements)
        )
        raise TypeError(msg.ISIN_ARGS.format(got=got))
    a = _isin_operand(elements, tensors[0])
    b = _isin_operand(test_elements, tensors[0])
    if dtypes.bool in (a.dtype, b.dtype):
        raise RuntimeError(msg.ISIN_BOOL)
    backend = common_backend(a, b)
    dtype = result_dtype(a, b)
    xp = backend.xp
    xa = on_backend(a, backend, dtype)
    xb = xp.reshape(on_backend(b, backend, dtype), (-1,))
    found = xp.any(xp.expand_dims(xa, axis=-1) == xb, axis=-1)
    return make_tensor(xp.logical_not(found) if invert else found, backend)


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
    check_tensor(other, "allclose", "other", 2)
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


def is_signed(input) -> bool:
    """Whether the tensor's dtype holds negative numbers (all but uint8 and bool)."""
    return check_tensor(input, "is_signed").is_signed()


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


clip_ = clamp_


clamp_min_ = inplace_method("clamp_min", "max(self, min), in place.")


clamp_max_ = inplace_method("clamp_max", "min(self, max), in place.")


nan_to_num_ = inplace_method("nan_to_num", "Replace NaN and infinities in place.")


def _inplace_forms(doc: str, *names: str) -> tuple:
    """`name_` for each name: the method's result (1/0, True/False) written into self."""
    return tuple(inplace_method(name, doc) for name in names)


class StepBackward(Node):
    """An in-place comparison's node (PyTorch's LtBackward0...): a step, so zero gradients."""

    __slots__ = ()

    def backward(self, grad):
        zeros = grad.new_zeros(()).expand_as(grad)
        return (zeros, zeros if self._edges[2] is not None else None)


# PyTorch's names: Backward0 after a comparison with a number, Backward1 with a tensor
class EqBackward0(StepBackward):
    __slots__ = ()


class EqBackward1(StepBackward):
    __slots__ = ()


class NeBackward0(StepBackward):
    __slots__ = ()


class NeBackward1(StepBackward):
    __slots__ = ()


class LtBackward0(StepBackward):
    __slots__ = ()


class LtBackward1(StepBackward):
    __slots__ = ()


class LeBackward0(StepBackward):
    __slots__ = ()


class LeBackward1(StepBackward):
    __slots__ = ()


class GtBackward0(StepBackward):
    __slots__ = ()


class GtBackward1(StepBackward):
    __slots__ = ()


class GeBackward0(StepBackward):
    __slots__ = ()


class GeBackward1(StepBackward):
    __slots__ = ()


def _comparison_inplace(name: str, compare, steps: tuple):
    """`name_(self, other)`: the comparison written into self; where self has history the
    result is a step node, `steps[0]` after a comparison with a number, `steps[1]` a tensor."""

    def recorded(input, other) -> Tensor:
        out = compare(input, other)
        tensor = isinstance(other, Tensor)
        if not tensor or other.shape != out.shape:
            other = None  # a number, or broadcast: no gradient to give back to its shape
        return record(steps[tensor], (input, other), out._data, out._backend)

    recorded.__name__ = name

    def op_(self: Tensor, other) -> Tensor:
        return apply_inplace(self, recorded, other)

    op_.__name__ = op_.__qualname__ = name + "_"
    op_.__doc__ = f"self {name} other, element-wise and in place (1/0 in self's dtype)."
    return op_


eq_ = _comparison_inplace("eq", eq, (EqBackward0, EqBackward1))
ne_ = _comparison_inplace("ne", ne, (NeBackward0, NeBackward1))
lt_ = _comparison_inplace("lt", lt, (LtBackward0, LtBackward1))
le_ = _comparison_inplace("le", le, (LeBackward0, LeBackward1))
gt_ = _comparison_inplace("gt", gt, (GtBackward0, GtBackward1))
ge_ = _comparison_inplace("ge", ge, (GeBackward0, GeBackward1))
tensor_method("eq_")(eq_)
tensor_method("ne_", "not_equal_")(ne_)
tensor_method("lt_", "less_")(lt_)
tensor_method("le_", "less_equal_")(le_)
tensor_method("gt_", "greater_")(gt_)
tensor_method("ge_", "greater_equal_")(ge_)
logical_and_, logical_or_, logical_xor_ = _inplace_forms(
    "The logical op of self and other, in place.", "logical_and", "logical_or", "logical_xor"
)
bitwise_and_, bitwise_or_, bitwise_xor_, bitwise_not_ = _inplace_forms(
    "The bitwise op, in place.", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not"
)

# PyTorch's torch.* names of the comparisons' method aliases
not_equal, less, less_equal, greater, greater_equal = ne, lt, le, gt, ge


clip = clamp


__all__ = [
    "allclose",
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
    "eq",
    "equal",
    "ge",
    "greater",
    "greater_equal",
    "gt",
    "is_floating_point",
    "is_nonzero",
    "is_signed",
    "isin",
    "isneginf",
    "isposinf",
    "isreal",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "le",
    "less",
    "less_equal",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "lt",
    "nan_to_num",
    "nan_to_num_",
    "ne",
    "not_equal",
    "where",
]
