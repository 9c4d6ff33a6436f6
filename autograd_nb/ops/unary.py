"""The one-input element-wise ops, one entry each: autograd_nb's `derivatives.yaml`.

An entry is a node class named as PyTorch names it, which states

- `saves`: what its backward needs: "self" (the input), "result" (the output) or "" (nothing);
- `formula`: the local derivative, as the backward stepper shows it;
- `backward`: the derivative written with Tensor operations (so `create_graph=True` works);

followed by one `elementwise(...)` line that makes the op from its name, its node and its
forward kernel on arrays (`xp` is the array namespace), and says which variants exist: the
Tensor method and its aliases, the in-place form (`x.sin_()`, `torch.sin_(x)`) and `out=`
(`torch.sin(x, out=y)`). Adding an op means adding an entry here and its name to `__all__`.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.grad_mode import STATE
from ..autograd.node import Node
from ._helpers import check_tensor, float_data, in_float32, record, return_type
from .inplace import apply_inplace
from .out import write_into, write_out


class UnaryBackward(Node):
    """The node of a one-input element-wise op (see the module docstring)."""

    __slots__ = ()
    saves = ""
    formula = ""

    def __init_subclass__(cls, **kwargs):
        cls._saved_names = (cls.saves,) if cls.saves else ()
        super().__init_subclass__(**kwargs)  # after `_saved_names`: Node makes the properties

    def saved(self) -> Tensor:
        """The input or output this node saved (see `saves`)."""
        return self._unpack(0)


def elementwise(
    name: str,
    node: type,
    kernel,
    *,
    floating: bool = True,
    aliases: tuple = (),
    method: bool = True,
    inplace: bool = True,
    torch_inplace: bool = True,
    out: bool = True,
    bool_error: tuple[type[Exception], str] | None = None,
):
    """The op `name` (and its in-place form, or None) from its node class and kernel.

    `floating`: integer inputs are computed in the default float dtype; `aliases`: more
    Tensor method names (their in-place forms too); `method`: also a Tensor method;
    `inplace`: a method `name_`; `torch_inplace`: PyTorch also has `torch.name_`; `out`:
    the torch.* function takes `out=`; `bool_error`: the exception type and text PyTorch raises
    for a bool input.
    """
    saves_input, saves_result = node.saves == "self", node.saves == "result"

    def compute(input) -> Tensor:
        t = input if isinstance(input, Tensor) else check_tensor(input, name)
        if bool_error is not None and t.dtype is dtypes.bool:
            raise bool_error[0](bool_error[1])
        x, backend = t._data, t._backend
        if floating and not backend.ours[x.dtype].is_floating_point:
            x = float_data(t)  # integers and bools compute in the default float dtype
        xp = backend.xp
        data = in_float32(kernel, xp, x)  # float16 and bfloat16 in float32
        return record(node, (t,), data, backend, (t,) if saves_input else (), saves_result)

    compute.__name__ = compute.__qualname__ = name
    compute.__doc__ = f"Element-wise {name}."
    if method:
        tensor_method(name, *aliases)(compute)
    function = compute
    if out:

        def function(input, *, out=None) -> Tensor:
            if out is None:
                return compute(input)
            return write_out(out, name, compute, (input,))

        function.__name__ = function.__qualname__ = name
        function.__doc__ = compute.__doc__
    if not inplace:
        return function, None

    def in_place(input) -> Tensor:
        return apply_inplace(input, compute)

    in_place.__name__ = in_place.__qualname__ = name + "_"
    in_place.__doc__ = f"Element-wise {name}, in place."
    tensor_method(name + "_", *(a + "_" for a in aliases if not a.startswith("__")))(in_place)
    return function, in_place if torch_inplace else None


# --- exponentials and logarithms ------------------------------------------------------------------

_LN2 = 0.6931471805599453
_LN10 = 2.302585092994046


class ExpBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂eᵃ/∂a = eᵃ"

    def backward(self, grad):
        return grad * self.saved()


exp, exp_ = elementwise("exp", ExpBackward0, lambda xp, x: xp.exp(x))


class Exp2Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂2ᵃ/∂a = 2ᵃ·ln 2"

    def backward(self, grad):
        return grad * self.saved() * _LN2


exp2, exp2_ = elementwise("exp2", Exp2Backward0, lambda xp, x: 2.0**x)


class Expm1Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂(eᵃ − 1)/∂a = eᵃ"

    def backward(self, grad):
        return grad * (self.saved() + 1)


expm1, expm1_ = elementwise("expm1", Expm1Backward0, lambda xp, x: xp.expm1(x))


class LogBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂ln a/∂a = 1/a"

    def backward(self, grad):
        return grad / self.saved()


log, log_ = elementwise("log", LogBackward0, lambda xp, x: xp.log(x))


class Log1PBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂ln(1 + a)/∂a = 1/(1 + a)"

    def backward(self, grad):
        return grad / (self.saved() + 1)


log1p, log1p_ = elementwise("log1p", Log1PBackward0, lambda xp, x: xp.log1p(x))


class Log2Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂log₂ a/∂a = 1/(a·ln 2)"

    def backward(self, grad):
        return grad / (self.saved() * _LN2)


log2, log2_ = elementwise("log2", Log2Backward0, lambda xp, x: xp.log2(x))


class Log10Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂log₁₀ a/∂a = 1/(a·ln 10)"

    def backward(self, grad):
        return grad / (self.saved() * _LN10)


log10, log10_ = elementwise("log10", Log10Backward0, lambda xp, x: xp.log10(x))


# --- roots and reciprocals ------------------------------------------------------------------------


class SqrtBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂√a/∂a = 1/(2√a)"

    def backward(self, grad):
        return grad / (2 * self.saved())


sqrt, sqrt_ = elementwise("sqrt", SqrtBackward0, lambda xp, x: xp.sqrt(x))


class RsqrtBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂a^(−½)/∂a = −½·a^(−3/2)"

    def backward(self, grad):
        y = self.saved()
        return -0.5 * grad * y * y * y


rsqrt, rsqrt_ = elementwise("rsqrt", RsqrtBackward0, lambda xp, x: 1.0 / xp.sqrt(x))


class ReciprocalBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂(1/a)/∂a = −1/a²"

    def backward(self, grad):
        y = self.saved()
        return -grad * y * y


reciprocal, reciprocal_ = elementwise("reciprocal", ReciprocalBackward0, lambda xp, x: 1.0 / x)


# --- trigonometric and hyperbolic functions -------------------------------------------------------


class SinBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂sin a/∂a = cos a"

    def backward(self, grad):
        return grad * self.saved().cos()


sin, sin_ = elementwise("sin", SinBackward0, lambda xp, x: xp.sin(x))


class CosBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂cos a/∂a = −sin a"

    def backward(self, grad):
        return -grad * self.saved().sin()


cos, cos_ = elementwise("cos", CosBackward0, lambda xp, x: xp.cos(x))


class TanBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂tan a/∂a = 1 + tan²a"

    def backward(self, grad):
        y = self.saved()
        return grad * (1 + y * y)


tan, tan_ = elementwise("tan", TanBackward0, lambda xp, x: xp.tan(x))


class AsinBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂asin a/∂a = 1/√(1 − a²)"

    def backward(self, grad):
        x = self.saved()
        return grad * (1 - x * x).rsqrt()


asin, asin_ = elementwise("asin", AsinBackward0, lambda xp, x: xp.asin(x), aliases=("arcsin",))
arcsin, arcsin_ = asin, asin_


class AcosBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂acos a/∂a = −1/√(1 − a²)"

    def backward(self, grad):
        x = self.saved()
        return -(grad * (1 - x * x).rsqrt())


acos, acos_ = elementwise("acos", AcosBackward0, lambda xp, x: xp.acos(x), aliases=("arccos",))
arccos, arccos_ = acos, acos_


class AtanBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂atan a/∂a = 1/(1 + a²)"

    def backward(self, grad):
        x = self.saved()
        return grad / (x * x + 1)


atan, atan_ = elementwise("atan", AtanBackward0, lambda xp, x: xp.atan(x), aliases=("arctan",))
arctan, arctan_ = atan, atan_


class SinhBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂sinh a/∂a = cosh a"

    def backward(self, grad):
        return grad * self.saved().cosh()


sinh, sinh_ = elementwise("sinh", SinhBackward0, lambda xp, x: xp.sinh(x))


class CoshBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂cosh a/∂a = sinh a"

    def backward(self, grad):
        return grad * self.saved().sinh()


cosh, cosh_ = elementwise("cosh", CoshBackward0, lambda xp, x: xp.cosh(x))


class TanhBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂tanh a/∂a = 1 − tanh²a"

    def backward(self, grad):
        y = self.saved()
        return grad * (1 - y * y)


tanh, tanh_ = elementwise("tanh", TanhBackward0, lambda xp, x: xp.tanh(x))


class AsinhBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂asinh a/∂a = 1/√(a² + 1)"

    def backward(self, grad):
        x = self.saved()
        return grad * (x * x + 1).rsqrt()


asinh, asinh_ = elementwise(
    "asinh", AsinhBackward0, lambda xp, x: xp.asinh(x), aliases=("arcsinh",)
)
arcsinh, arcsinh_ = asinh, asinh_


class AcoshBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂acosh a/∂a = 1/√(a² − 1)"

    def backward(self, grad):
        x = self.saved()
        return grad * (x * x - 1).rsqrt()


acosh, acosh_ = elementwise(
    "acosh", AcoshBackward0, lambda xp, x: xp.acosh(x), aliases=("arccosh",)
)
arccosh, arccosh_ = acosh, acosh_


class AtanhBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂atanh a/∂a = 1/(1 − a²)"

    def backward(self, grad):
        x = self.saved()
        return grad / (1 - x * x)


atanh, atanh_ = elementwise(
    "atanh", AtanhBackward0, lambda xp, x: xp.atanh(x), aliases=("arctanh",)
)
arctanh, arctanh_ = atanh, atanh_

_DEGREE = math.pi / 180


class Deg2RadBackward0(UnaryBackward):
    __slots__ = ()
    formula = "∂(a·π/180)/∂a = π/180"

    def backward(self, grad):
        return grad * _DEGREE


deg2rad, deg2rad_ = elementwise("deg2rad", Deg2RadBackward0, lambda xp, x: x * _DEGREE)


class Rad2DegBackward0(UnaryBackward):
    __slots__ = ()
    formula = "∂(a·180/π)/∂a = 180/π"

    def backward(self, grad):
        return grad * (180 / math.pi)


rad2deg, rad2deg_ = elementwise("rad2deg", Rad2DegBackward0, lambda xp, x: x * (180 / math.pi))


# --- activations ----------------------------------------------------------------------------------


def _sigmoid_kernel(xp, x):
    return 0.5 * (xp.tanh(0.5 * x) + 1.0)  # never overflows, unlike 1 / (1 + exp(-x))


class SigmoidBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂σ(a)/∂a = σ(a)(1 − σ(a))"

    def backward(self, grad):
        y = self.saved()
        return grad * y * (1 - y)


sigmoid, sigmoid_ = elementwise("sigmoid", SigmoidBackward0, _sigmoid_kernel)


class ReluBackward0(UnaryBackward):
    """PyTorch's threshold_backward: zero where the output is <= 0 (a nan output passes grad)."""

    __slots__ = ()
    saves, formula = "result", "∂relu(a)/∂a = 1 where a > 0, else 0"

    def backward(self, grad):
        return grad.where((self.saved() <= 0).logical_not(), 0)


def _relu_kernel(xp, x):
    """max(0, x) returning x on ties, as PyTorch: -0. stays -0. and nan stays nan.

    NumPy's maximum already does; CUDA's max (CuPy) turns -0. into 0., so there `where` keeps x.
    """
    if xp is np:
        return np.maximum(0, x)
    return xp.where(x < 0, xp.zeros_like(x), x)


relu, relu_ = elementwise(
    "relu",
    ReluBackward0,
    _relu_kernel,
    floating=False,
    out=False,
    bool_error=(RuntimeError, msg.RELU_BOOL),
)


_TWO_OVER_SQRT_PI = 1.1283791670955126
_SQRT_PI = 1.7724538509055159


def erf_kernel(xp, x):
    """erf with array-API basics (the standard has none), to a few ulps in float64.

    |x| < 3: the series 2/sqrt(pi) exp(-x^2) sum 2^n x^(2n+1) / (2n+1)!! (all terms positive);
    |x| >= 3: 1 - erfc(x) from erfc's continued fraction.
    """
    a = xp.abs(x)
    s = xp.minimum(a, 3.0)
    s2 = s * s
    term, total = s, s
    for n in range(1, 64):
        term = term * (2.0 / (2 * n + 1)) * s2
        total = total + term
    series = total * xp.exp(-s2) * _TWO_OVER_SQRT_PI
    b = xp.maximum(a, 3.0)
    fraction = b
    for k in range(64, 0, -1):
        fraction = b + (k / 2) / fraction
    tail = 1.0 - xp.exp(-b * b) / (fraction * _SQRT_PI)
    magnitude = xp.where(a < 3.0, series, tail)
    return xp.where(x < 0, -magnitude, xp.where(x > 0, magnitude, x))  # keeps -0. and nan


class ErfBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂erf a/∂a = 2/√π · e^(−a²)"

    def backward(self, grad):
        x = self.saved()
        return grad * _TWO_OVER_SQRT_PI * (-(x * x)).exp()


erf, erf_ = elementwise("erf", ErfBackward0, erf_kernel)


# --- sign and magnitude ---------------------------------------------------------------------------


class NegBackward0(UnaryBackward):
    __slots__ = ()
    formula = "∂(−a)/∂a = −1"

    def backward(self, grad):
        return -grad


neg, neg_ = elementwise(
    "neg",
    NegBackward0,
    lambda xp, x: -x,
    floating=False,
    aliases=("negative",),
    bool_error=(RuntimeError, msg.NEG_BOOL),
)
negative, negative_ = neg, neg_


class AbsBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂|a|/∂a = sign(a)"

    def backward(self, grad):
        return grad * self.saved().sign()


def _abs(xp, x):
    """|x|; PyTorch has no abs kernel for bool."""
    if x.dtype == xp.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="abs_cpu", dtype="Bool"))
    return xp.abs(x)


abs, abs_ = elementwise(  # noqa: A001 - PyTorch's name
    "abs", AbsBackward0, _abs, floating=False, aliases=("__abs__", "absolute")
)
absolute = abs


def _sign(xp, x):
    """The array API's sign, except that NaN gives 0 as PyTorch's does."""
    out = xp.sign(x)
    if xp.isdtype(x.dtype, "real floating"):
        out = xp.where(xp.isnan(x), xp.zeros_like(out), out)
    return out


class _StepBackward(UnaryBackward):
    """A step function: its derivative is zero wherever it exists."""

    __slots__ = ()
    formula = "0: a step function passes no gradient"

    def backward(self, grad):
        return grad.new_zeros(grad.shape)


class SignBackward0(_StepBackward):
    __slots__ = ()


def _sign_keeping_bool(xp, x):
    """sign, and a bool tensor unchanged (its own sign), as PyTorch."""
    return _sign(xp, x) if x.dtype != xp.bool else x


sign, _ = elementwise(
    "sign", SignBackward0, _sign_keeping_bool, floating=False, torch_inplace=False
)


class _SavedStepBackward(_StepBackward):
    """A step function whose PyTorch node saves its input and reads it (so that a second
    backward, or an in-place change of the input, raises as in PyTorch)."""

    __slots__ = ()
    saves = "self"

    def backward(self, grad):
        self.saved()
        return grad * 0


class SgnBackward0(_SavedStepBackward):
    __slots__ = ()


sgn, _ = elementwise(
    "sgn",
    SgnBackward0,
    _sign_keeping_bool,
    floating=False,
    torch_inplace=False,
)


class AngleBackward0(_SavedStepBackward):
    """angle of a real number: 0 or π, a step function."""

    __slots__ = ()


def _angle(xp, x):
    """π for negative numbers, 0 otherwise; nan stays nan (PyTorch's real angle)."""
    zero = xp.zeros_like(x)
    return xp.where(x < 0, zero + math.pi, xp.where(xp.isnan(x), x, zero))


angle, _ = elementwise("angle", AngleBackward0, _angle, inplace=False)


class FrexpBackward0(Node):
    """The mantissa is a / 2^exponent, the exponent held fixed (a saved output, as PyTorch's)."""

    __slots__ = ()
    _saved_names = ("exponent",)
    formula = "∂(a/2ᵉ)/∂a = 1/2ᵉ"

    def backward(self, grad):
        return grad / self._unpack(0).exp2().to(grad.dtype)


@tensor_method("frexp")
def frexp(input):
    """(mantissa, exponent): input = mantissa · 2^exponent with 0.5 <= |mantissa| < 1."""
    t = check_tensor(input, "frexp")
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.FREXP_DTYPE)
    backend = t._backend
    mantissa, exponent = np.frexp(backend.to_host(t._data))
    exponent = make_tensor(backend.from_host(exponent.astype(np.int32)), backend)
    mantissa = backend.from_host(mantissa)
    result = return_type("frexp", _FREXP_FIELDS)
    if not STATE.enabled:
        return result(make_tensor(mantissa, backend), exponent)
    return result(record(FrexpBackward0, (t,), mantissa, backend, save=(exponent,)), exponent)


_FREXP_FIELDS = ("mantissa", "exponent")


def torch_frexp(input, *, out=None):
    """torch.frexp: frexp, or written into out=(mantissa, exponent) after PyTorch's checks."""
    if out is None:
        return frexp(input)
    if not isinstance(out, (tuple, list)) or not all(isinstance(o, Tensor) for o in out):
        raise TypeError(msg.OUT_NOT_TUPLE.format(name="frexp", type=type(out).__name__))
    t = check_tensor(input, "frexp")
    if STATE.enabled and any(v.requires_grad for v in (t, *out)):
        raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name="frexp"))
    mantissa, exponent = out
    if exponent.dtype is not dtypes.int32:
        raise RuntimeError(msg.FREXP_OUT_EXPONENT.format(ctype=dtypes.CPP_NAMES[exponent.dtype]))
    if mantissa.dtype is not t.dtype:
        raise RuntimeError(
            msg.FREXP_OUT_MANTISSA.format(
                expected=dtypes.CPP_NAMES[t.dtype], ctype=dtypes.CPP_NAMES[mantissa.dtype]
            )
        )
    values = frexp(t)
    return return_type("frexp_out", _FREXP_FIELDS)(
        write_into(mantissa, values.mantissa), write_into(exponent, values.exponent)
    )


# --- rounding -------------------------------------------------------------------------------------


class FloorBackward0(_StepBackward):
    __slots__ = ()


floor, floor_ = elementwise(
    "floor",
    FloorBackward0,
    lambda xp, x: xp.floor(x),
    floating=False,
    bool_error=(NotImplementedError, msg.KERNEL_DTYPE.format(kernel="floor_vml_cpu", dtype="Bool")),
)


class CeilBackward0(_StepBackward):
    __slots__ = ()


ceil, ceil_ = elementwise(
    "ceil",
    CeilBackward0,
    lambda xp, x: xp.ceil(x),
    floating=False,
    bool_error=(NotImplementedError, msg.KERNEL_DTYPE.format(kernel="ceil_vml_cpu", dtype="Bool")),
)


class TruncBackward0(_StepBackward):
    __slots__ = ()


trunc, trunc_ = elementwise(
    "trunc",
    TruncBackward0,
    lambda xp, x: xp.trunc(x),
    floating=False,
    aliases=("fix",),
    bool_error=(NotImplementedError, msg.KERNEL_DTYPE.format(kernel="trunc_vml_cpu", dtype="Bool")),
)
fix, fix_ = trunc, trunc_


class RoundBackward0(_StepBackward):
    __slots__ = ()


# round(decimals=...) checks its arguments first: pointwise.round calls this one
round_half_even, _ = elementwise(
    "round", RoundBackward0, lambda xp, x: xp.round(x), floating=False, method=False, out=False
)


class FracBackward0(UnaryBackward):
    __slots__ = ()
    formula = "∂(a − trunc a)/∂a = 1"

    def backward(self, grad):
        return grad


# frac checks its dtype first: pointwise.frac calls this one
frac_unchecked, _ = elementwise(
    "frac",
    FracBackward0,
    lambda xp, x: x - xp.trunc(x),
    floating=False,
    method=False,
    inplace=False,
    out=False,
)

__all__ = [
    "abs",
    "abs_",
    "absolute",
    "acos",
    "acos_",
    "acosh",
    "acosh_",
    "angle",
    "arccos",
    "arccos_",
    "arccosh",
    "arccosh_",
    "arcsin",
    "arcsin_",
    "arcsinh",
    "arcsinh_",
    "arctan",
    "arctan_",
    "arctanh",
    "arctanh_",
    "asin",
    "asin_",
    "asinh",
    "asinh_",
    "atan",
    "atan_",
    "atanh",
    "atanh_",
    "ceil",
    "ceil_",
    "cos",
    "cos_",
    "cosh",
    "cosh_",
    "deg2rad",
    "deg2rad_",
    "erf",
    "erf_",
    "exp",
    "exp2",
    "exp2_",
    "exp_",
    "expm1",
    "expm1_",
    "fix",
    "fix_",
    "floor",
    "floor_",
    "log",
    "log10",
    "log10_",
    "log1p",
    "log1p_",
    "log2",
    "log2_",
    "log_",
    "neg",
    "neg_",
    "negative",
    "negative_",
    "rad2deg",
    "rad2deg_",
    "reciprocal",
    "reciprocal_",
    "relu",
    "relu_",
    "rsqrt",
    "rsqrt_",
    "sgn",
    "sigmoid",
    "sigmoid_",
    "sign",
    "sin",
    "sin_",
    "sinh",
    "sinh_",
    "sqrt",
    "sqrt_",
    "tan",
    "tan_",
    "tanh",
    "tanh_",
    "trunc",
    "trunc_",
]
