"""Special functions with gradients: lgamma, digamma, polygamma, mvlgamma, erfinv, erfc, erfcx,
the modified Bessel functions i0/i0e/i1/i1e, sinc, entr, ndtr, ndtri, log_ndtr and logit. The
one-input ones are entries made with unary.py's `elementwise` (xlogy and xlog1py are entries of
binary.py's two-input table)."""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    as_floating,
    check_tensor,
    float_data,
    floating_dtype,
    on_backend,
    record,
)
from .binary import BinaryBackward, binary, mul_number
from .binary_functions import _not_two_numbers
from .comparison import where
from .inplace import apply_inplace, inplace_method
from .out import with_out
from .unary import _TWO_OVER_SQRT_PI, UnaryBackward, elementwise, erf, erf_kernel

_PI = math.pi
_LOG_PI = math.log(math.pi)
_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
_SQRT_2PI = math.sqrt(2 * math.pi)
_SQRT1_2 = math.sqrt(0.5)
_MACHEP = 1.11022302462515654042e-16


def _in_float64(kernel):
    """Run `kernel(xp, x)` on float64 and round the result back to x's dtype."""

    def run(xp, x):
        y = kernel(xp, xp.astype(x, xp.float64))
        if x.dtype != xp.float64:  # overflow to +-inf as the narrow kernel would, no warning
            y = xp.where(xp.abs(y) > xp.finfo(x.dtype).max, y * xp.inf, y)
        return xp.astype(y, x.dtype)

    return run


def _special(name: str, node_cls, kernel):
    """A function only torch.special has (no method, in-place or out= form), as `elementwise`."""
    return elementwise(name, node_cls, kernel, method=False, inplace=False, out=False)[0]


# --- gamma family ---------------------------------------------------------------------------------

# Lanczos coefficients for g = 7, n = 9 (about 1e-15 relative for the gamma function).
_LANCZOS_G = 7.0
_LANCZOS = (
    0.99999999999980993,
    676.5203681218851,
    -1259.1392167224028,
    771.32342877765313,
    -176.61502916214059,
    12.507343278686905,
    -0.13857109526572012,
    9.9843695780195716e-6,
    1.5056327351493116e-7,
)


def _lgamma_positive(xp, x):
    """log Gamma(x) for x >= 0.5 from the Lanczos sum."""
    z = x - 1.0
    total = xp.full_like(z, _LANCZOS[0])
    for i, c in enumerate(_LANCZOS[1:], start=1):
        total = total + c / (z + i)
    t = z + _LANCZOS_G + 0.5
    return _HALF_LOG_2PI + (z + 0.5) * xp.log(t) - t + xp.log(total)


@_in_float64
def _lgamma_kernel(xp, x):
    """log|Gamma(x)|: Lanczos for x >= 0.5, the reflection formula below; poles and -inf -> inf."""
    upper = xp.where(x >= 0.5, x, 1.0 - x)
    lg = _lgamma_positive(xp, upper)
    r = x - xp.round(x)  # sin(pi x) = +-sin(pi r), r exact in [-1/2, 1/2]
    reflected = _LOG_PI - xp.log(xp.abs(xp.sin(_PI * r))) - lg
    out = xp.where((x == 1.0) | (x == 2.0), 0.0, xp.where(x >= 0.5, lg, reflected))
    return xp.where(xp.isinf(x), xp.abs(x), out)


_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (
    8.33333333333333333333e-2,
    -2.10927960927960927961e-2,
    7.57575757575757575758e-3,
    -4.16666666666666666667e-3,
    3.96825396825396825397e-3,
    -8.33333333333333333333e-3,
    8.33333333333333333333e-2,
)


def _digamma_nonnegative(xp, x):
    """PyTorch's (Cephes') digamma for x > 0: recurrence up to 10, then the asymptotic series."""
    result = xp.zeros_like(x)
    for _ in range(10):
        small = x < 10.0
        result = xp.where(small, result - 1.0 / x, result)
        x = xp.where(small, x + 1.0, x)
    z = 1.0 / (x * x)
    poly = xp.zeros_like(x)
    for c in _DIGAMMA_A:
        poly = poly * z + c
    y = xp.where(x < 1.0e17, z * poly, 0.0)
    asymptotic = result + xp.log(x) - 0.5 / x - y
    return xp.where(x == 10.0, result + _PSI_10, asymptotic)


@_in_float64
def _digamma_kernel(xp, x):
    """digamma: reflection for x < 0 (nan at negative integers), -inf at 0 and +inf at -0."""
    negative = x < 0
    r = x - xp.trunc(x)
    positive_part = _digamma_nonnegative(xp, xp.where(negative, 1.0 - x, x))
    out = xp.where(negative, positive_part - _PI / xp.tan(_PI * r), positive_part)
    out = xp.where(negative & (r == 0), xp.nan, out)
    infinity = xp.full_like(x, xp.inf)
    return xp.where(x == 0, xp.where(xp.signbit(x), infinity, -infinity), out)


def _trigamma_kernel(xp, x):
    """PyTorch's trigamma: reflection below 1/2, six recurrence steps, then the series (in the
    input's own precision, as PyTorch computes it)."""
    reflect = x < 0.5
    sin_pi_x = xp.sin(_PI * x)
    result = xp.where(reflect, -(_PI * _PI) / (sin_pi_x * sin_pi_x), 0.0)
    x = xp.where(reflect, 1.0 - x, x)
    for _ in range(6):
        result = result + 1.0 / (x * x)
        x = x + 1.0
    ixx = 1.0 / (x * x)
    result = result + (1 + 1 / (2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / x
    return xp.where(reflect, -result, result)


_ZETA_A = (
    12.0,
    -720.0,
    30240.0,
    -1209600.0,
    47900160.0,
    -1.8924375803183791606e9,
    7.47242496e10,
    -2.950130727918164224e12,
    1.1646782814350067249e14,
    -4.5979787224074726105e15,
    1.8152105401943546773e17,
    -7.1661652561756670113e18,
)


def _zeta(xp, s: float, q):
    """Hurwitz zeta(s, q) for an integer s >= 2 (PyTorch's Cephes algorithm, vectorised)."""
    total = q**-s
    a = q
    b = xp.zeros_like(q)
    live = xp.ones(q.shape, dtype=xp.bool, device=q.device)  # still summing directly
    done = xp.zeros(q.shape, dtype=xp.bool, device=q.device)  # converged in the direct sum
    # the direct sum runs until a > 9: as many steps as the most negative non-integer q needs
    fractional = xp.where(xp.isfinite(q) & (q != xp.trunc(q)), q, 0.0)
    low = float(xp.min(fractional)) if q.size else 0.0
    steps = max(9, int(9.0 - low) + 2)
    for i in range(1, steps + 1):
        live = live & ~done & ((i <= 9) | (a <= 9.0))
        a = xp.where(live, a + 1.0, a)
        b = xp.where(live, a**-s, b)
        total = xp.where(live, total + b, total)
        done = done | (live & (-_MACHEP * total < b) & (b < _MACHEP * total))
    live = ~done  # now: still adding Euler-Maclaurin terms
    w = a
    tail = total + b * w / (s - 1.0) - 0.5 * b
    fac, k = xp.ones_like(q), 0.0
    for c in _ZETA_A:
        fac = fac * (s + k)
        b = b / w
        term = fac * b / c
        tail = xp.where(live, tail + term, tail)
        live = live & ~(xp.abs(term / tail) < _MACHEP)
        k += 1.0
        fac = fac * (s + k)
        b = b / w
        k += 1.0
    out = xp.where(done, total, tail)
    return xp.where((q <= 0) & (q == xp.trunc(q)), xp.inf, out)


def _polygamma_kernel(n: int):
    """The kernel of polygamma(n, .): digamma, trigamma, or (-1)^(n+1) n! zeta(n + 1, x)."""
    if n == 0:
        return _digamma_kernel
    if n == 1:
        return _trigamma_kernel
    sign_factorial = (-1.0) ** (n + 1) * math.exp(math.lgamma(n + 1))
    return _in_float64(lambda xp, x: sign_factorial * _zeta(xp, float(n + 1), x))


class LgammaBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂ln|Γ(a)|/∂a = ψ(a)"

    def backward(self, grad):
        return grad * digamma(self.saved())


lgamma, lgamma_ = elementwise("lgamma", LgammaBackward0, _lgamma_kernel, torch_inplace=False)


class DigammaBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂ψ(a)/∂a = ψ′(a)"

    def backward(self, grad):
        return grad * polygamma(1, self.saved())


digamma, digamma_ = elementwise("digamma", DigammaBackward0, _digamma_kernel, torch_inplace=False)


class PolygammaBackward0(Node):
    """d/dx polygamma(n, x) = polygamma(n + 1, x)."""

    __slots__ = ("_saved_number",)
    _saved_names = ("self",)

    def backward(self, grad):
        return (grad * polygamma(self._saved_number + 1, self._unpack(0)),)


def _check_int(value, name: str, arg: str, position: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            msg.ARG_MUST_BE_INT.format(
                name=name, arg=arg, position=position, type=type(value).__name__
            )
        )
    return value


@with_out
def polygamma(n: int, input) -> Tensor:
    """The n-th derivative of digamma, element-wise; integer inputs give floats."""
    n = _check_int(n, "polygamma", "n", 1)
    t = check_tensor(input, "polygamma", position=2)
    if n < 0:
        raise RuntimeError(msg.POLYGAMMA_NEGATIVE_N)
    return record(
        PolygammaBackward0,
        (t,),
        _polygamma_kernel(n)(t._backend.xp, float_data(t)),
        t._backend,
        (t,),
        number=n,
    )


@tensor_method("polygamma")
def _polygamma_method(self, n: int) -> Tensor:
    return polygamma(n, self)


class MvlgammaBackward0(Node):
    """d/dx mvlgamma(x, p) = sum over i < p of digamma(x - i/2)."""

    __slots__ = ("_saved_number",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return (grad * sum(digamma(x - i / 2) for i in range(self._saved_number)),)


@with_out
@tensor_method("mvlgamma")
def mvlgamma(input, p: int) -> Tensor:
    """Multivariate log-gamma of dimension p: sum of lgamma(x - i/2) + p(p-1)/4 log(pi)."""
    t = check_tensor(input, "mvlgamma")
    if t.dtype is dtypes.bool:
        raise RuntimeError(msg.MVLGAMMA_BOOL)
    p = _check_int(p, "mvlgamma", "p", 2)
    if p < 1:
        raise RuntimeError(msg.MVLGAMMA_P)
    xp = t._backend.xp
    x = float_data(t)
    total = sum(_lgamma_kernel(xp, x - i / 2) for i in range(p))
    return record(
        MvlgammaBackward0, (t,), total + p * (p - 1) / 4 * _LOG_PI, t._backend, (t,), number=p
    )


# --- error function family ------------------------------------------------------------------------


def _erfc_fraction(xp, b):
    """exp(b^2) erfc(b) for b >= 1.5 from Laplace's continued fraction."""
    fraction = b
    for k in range(128, 0, -1):
        fraction = b + (k / 2) / fraction
    return 1.0 / (fraction * math.sqrt(_PI))


@_in_float64
def _erfcx_kernel(xp, x):
    """exp(x^2) erfc(x): the continued fraction for x >= 1.5 (no overflow), 1 - erf below,
    2 exp(x^2) - erfcx(-x) for negative x."""
    a = xp.abs(x)
    b = xp.maximum(a, 1.5)
    near = xp.minimum(a, 1.5)
    series = xp.exp(near * near) * (1.0 - erf_kernel(xp, near))
    magnitude = xp.where(a >= 1.5, _erfc_fraction(xp, b), series)
    return xp.where(x >= 0, magnitude, 2.0 * xp.exp(x * x) - magnitude)


def _erfc_positive(xp, a):
    """erfc(a) for a >= 0 without the cancellation of 1 - erf(a) in the tail."""
    return xp.exp(-a * a) * _erfcx_kernel(xp, a)


@_in_float64
def _erfc_kernel(xp, x):
    magnitude = _erfc_positive(xp, xp.abs(x))
    return xp.where(x < 0, 2.0 - magnitude, magnitude)


_GILES_CENTRAL = (
    2.81022636e-08,
    3.43273939e-07,
    -3.5233877e-06,
    -4.39150654e-06,
    0.00021858087,
    -0.00125372503,
    -0.00417768164,
    0.246640727,
    1.50140941,
)
_GILES_TAIL = (
    -0.000200214257,
    0.000100950558,
    0.00134934322,
    -0.00367342844,
    0.00573950773,
    -0.0076224613,
    0.00943887047,
    1.00167406,
    2.83297682,
)


def _horner(coefficients, w):
    p = coefficients[0]
    for c in coefficients[1:]:
        p = p * w + c
    return p


def _erfinv_magnitude(xp, s, complement):
    """erfinv(s) for 0 <= s < 1 given complement = 1 - s exactly: Giles' single-precision
    approximation, then Newton steps on erf (s < 1/2) or on log erfc (the tail, where it is
    nearly quadratic and 1 - s carries all the information)."""
    w = -xp.log(complement * (1.0 + s))
    x = s * xp.where(
        w < 5.0, _horner(_GILES_CENTRAL, w - 2.5), _horner(_GILES_TAIL, xp.sqrt(w) - 3.0)
    )
    log_complement = xp.log(complement)
    central = s < 0.5
    for _ in range(4):
        scaled = _erfcx_kernel(xp, x)
        tail_step = (xp.log(scaled) - x * x - log_complement) * scaled * (0.5 * math.sqrt(_PI))
        central_step = (s - erf_kernel(xp, x)) / (_TWO_OVER_SQRT_PI * xp.exp(-x * x))
        x = x + xp.where(central, central_step, tail_step)
    return x


def _signed_erfinv(xp, y, s, complement):
    """erfinv with the sign of y from its magnitude s = |y| and 1 - s: +-inf at +-1, nan beyond."""
    inside = s < 1.0
    magnitude = _erfinv_magnitude(xp, xp.where(inside, s, 0.5), xp.where(inside, complement, 0.5))
    out = xp.where(inside, magnitude, xp.where(s == 1.0, xp.full_like(s, xp.inf), s * xp.nan))
    return xp.where(y < 0, -out, xp.where(y > 0, out, y))  # keeps -0. and nan


@_in_float64
def _erfinv_kernel(xp, y):
    a = xp.abs(y)
    return _signed_erfinv(xp, y, a, 1.0 - a)


@_in_float64
def _ndtri_kernel(xp, p):
    """sqrt(2) erfinv(2p - 1), with 1 - |2p - 1| formed exactly in both tails."""
    y = 2.0 * p - 1.0
    complement = xp.where(p < 0.5, 2.0 * p, 2.0 * (1.0 - p))
    return math.sqrt(2.0) * _signed_erfinv(xp, y, xp.abs(y), complement)


class ErfcBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂erfc a/∂a = −2/√π · e^(−a²)"

    def backward(self, grad):
        x = self.saved()
        return grad * -_TWO_OVER_SQRT_PI * (-(x * x)).exp()


erfc, erfc_ = elementwise("erfc", ErfcBackward0, _erfc_kernel)


class SpecialErfcxBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂erfcx a/∂a = 2a·erfcx(a) − 2/√π"

    def backward(self, grad):
        x = self.saved()
        return grad * (2 * x * erfcx(x) - _TWO_OVER_SQRT_PI)


erfcx = _special("special_erfcx", SpecialErfcxBackward0, _erfcx_kernel)


class ErfinvBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂erfinv a/∂a = √π/2 · e^(erfinv(a)²)"

    def backward(self, grad):
        return grad * (0.5 * math.sqrt(_PI)) * (erfinv(self.saved()) ** 2).exp()


erfinv, erfinv_ = elementwise("erfinv", ErfinvBackward0, _erfinv_kernel, torch_inplace=False)


def ndtr(input) -> Tensor:
    """The standard normal CDF, (1 + erf(x / sqrt(2))) / 2, as PyTorch composes it."""
    t = as_floating(check_tensor(input, "special_ndtr"))
    return mul_number(1 + erf(mul_number(t, _SQRT1_2)), 0.5)


class SpecialNdtriBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "result", "∂Φ⁻¹(a)/∂a = √(2π) · e^(Φ⁻¹(a)²/2)"

    def backward(self, grad):
        y = self.saved()
        return grad * _SQRT_2PI * (y * y * 0.5).exp()


ndtri = _special("special_ndtri", SpecialNdtriBackward0, _ndtri_kernel)


@_in_float64
def _log_ndtr_kernel(xp, x):
    """log Phi(x): log1p(-erfc(x/sqrt2)/2) above -1, else log(erfcx(-x/sqrt2)/2) - x^2/2."""
    t = x * _SQRT1_2
    upper = xp.log1p(-0.5 * _erfc_kernel(xp, xp.maximum(t, -_SQRT1_2)))
    lower = xp.log(0.5 * _erfcx_kernel(xp, -xp.minimum(t, -_SQRT1_2))) - t * t
    return xp.where(x < -1.0, lower, upper)


class SpecialLogNdtrBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂ln Φ(a)/∂a = φ(a)/Φ(a)"

    def backward(self, grad):
        x = self.saved()
        return grad * (-(x * x) * 0.5 - log_ndtr(x)).exp() / _SQRT_2PI


log_ndtr = _special("special_log_ndtr", SpecialLogNdtrBackward0, _log_ndtr_kernel)


# --- modified Bessel functions of the first kind --------------------------------------------------


def _bessel_kernel(nu: int, scaled: bool):
    """The elementwise kernel of I_nu (e^(-|x|) I_nu when scaled), computed in float64."""
    return _in_float64(lambda xp, x: _bessel_i(xp, x, nu, scaled))


def _bessel_i(xp, x, nu: int, scaled: bool):
    """I_nu(x) (nu = 0 or 1), times exp(-|x|) when `scaled`: the power series below |x| = 30,
    Hankel's asymptotic series above; odd in x for nu = 1."""
    a = xp.abs(x)
    small = xp.minimum(a, 30.0)
    quarter = small * small / 4
    term = xp.ones_like(a) if nu == 0 else small / 2
    series = term
    for k in range(1, 64):
        term = term * quarter / (k * (k + nu))
        series = series + term
    if scaled:
        series = series * xp.exp(-small)
    big = xp.maximum(a, 30.0)
    term, hankel = xp.ones_like(a), xp.ones_like(a)
    for k in range(1, 40):
        term = term * -(4 * nu * nu - (2 * k - 1) ** 2) / (k * 8 * big)
        hankel = hankel + term
    exponent = -0.5 * xp.log(2 * _PI * big) + (0.0 if scaled else big)
    magnitude = xp.where(a < 30.0, series, xp.exp(exponent) * hankel)
    if scaled:
        magnitude = xp.where(xp.isinf(a), 0.0, magnitude)
    else:
        magnitude = xp.where(xp.isinf(a), xp.nan, magnitude)
    return magnitude if nu == 0 else xp.where(x < 0, -magnitude, magnitude)


class I0Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂I₀(a)/∂a = I₁(a)"

    def backward(self, grad):
        return grad * i1(self.saved())


i0, i0_ = elementwise("i0", I0Backward0, _bessel_kernel(0, False))


class SpecialI0EBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂(e^(−|a|)·I₀(a))/∂a = i1e(a) − sign(a)·i0e(a)"

    def backward(self, grad):
        x = self.saved()
        return grad * (i1e(x) - x.sign() * i0e(x))


i0e = _special("special_i0e", SpecialI0EBackward0, _bessel_kernel(0, True))


class SpecialI1Backward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂I₁(a)/∂a = I₀(a) − I₁(a)/a (½ at 0)"

    def backward(self, grad):
        x = self.saved()
        return grad * where(x == 0, 0.5, i0(x) - i1(x) / x)


i1 = _special("special_i1", SpecialI1Backward0, _bessel_kernel(1, False))


class SpecialI1EBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂i1e(a)/∂a = i0e(a) − i1e(a)·(sign(a) + 1/a) (½ at 0)"

    def backward(self, grad):
        x = self.saved()
        return grad * where(x == 0, 0.5, i0e(x) - i1e(x) * (x.sign() + 1 / x))


i1e = _special("special_i1e", SpecialI1EBackward0, _bessel_kernel(1, True))


# --- sinc, entr -----------------------------------------------------------------------------------


def _sinc_kernel(xp, x):
    px = _PI * x
    return xp.where(x == 0, 1.0, xp.sin(px) / xp.where(x == 0, 1.0, px))


class SincBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂sinc a/∂a = (cos(πa)·πa − sin(πa))/(πa²) (0 at 0)"

    def backward(self, grad):
        x = self.saved()
        px = x * _PI
        return where(x == 0, 0.0, grad * (px.cos() * px - px.sin()) / (px * x))


sinc, sinc_ = elementwise("sinc", SincBackward0, _sinc_kernel)


def _entr_kernel(xp, x):
    safe = xp.where(x > 0, x, 1.0)
    zero = xp.zeros_like(x)  # entr(±0) is 0.0, as PyTorch's kernel returns
    inner = xp.where(x > 0, -x * xp.log(safe), xp.where(x == 0, zero, xp.full_like(x, -xp.inf)))
    return xp.where(xp.isnan(x), x, inner)


class SpecialEntrBackward0(UnaryBackward):
    __slots__ = ()
    saves, formula = "self", "∂(−a·ln a)/∂a = −(ln a + 1)"

    def backward(self, grad):
        return grad * -(self.saved().log() + 1)


entr = _special("special_entr", SpecialEntrBackward0, _entr_kernel)


# --- in-place forms with arguments ----------------------------------------------------------------

mvlgamma_ = inplace_method("mvlgamma", "The multivariate log-gamma of dimension p, in place.")


class PolygammaBackward1(PolygammaBackward0):
    """polygamma_(n): PyTorch's in-place overload has its own node name."""

    __slots__ = ()


def _polygamma_self(self: Tensor, n: int) -> Tensor:
    result = polygamma(n, self)
    if result._grad_fn is not None:
        result._grad_fn.__class__ = PolygammaBackward1
    return result


@tensor_method("polygamma_")
def polygamma_(self: Tensor, n: int) -> Tensor:
    """The n-th polygamma function of self, in place."""
    return apply_inplace(self, _polygamma_self, n)


class LogitBackward0(Node):
    """1 / (x (1 - x)); outside [eps, 1 - eps] 0 (nan outside [0, 1] without eps)."""

    __slots__ = ("_saved_eps",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        eps = self._saved_eps
        low, high, fill = (0.0, 1.0, math.nan) if eps is None else (eps, 1.0 - eps, 0.0)
        return where((x < low) | (x > high), fill, grad / (x * (1 - x)))


@with_out
@tensor_method("logit")
def logit(input, eps: float | None = None) -> Tensor:
    """log(p / (1 - p)), p clamped to [eps, 1 - eps] when eps is given; integers give floats."""
    t = check_tensor(input, "logit")
    backend = t._backend
    xp = backend.xp
    x = on_backend(t, backend, floating_dtype(t))
    if eps is not None:
        x = xp.clip(x, float(eps), 1.0 - float(eps))
    return record(
        LogitBackward0,
        (t,),
        xp.log(x / (1 - x)),
        backend,
        (t,),
        eps=None if eps is None else float(eps),
    )


logit_ = inplace_method("logit", "log(p / (1 - p)) of self, in place.")


# --- two-input special functions: Hurwitz zeta, regularized incomplete gamma (binary table) ----


def _no_derivative(op: str):
    """The partial PyTorch leaves unimplemented: backward raises its NotImplementedError."""

    def partial(self, grad, a, b):
        raise NotImplementedError(msg.NO_DERIVATIVE.format(op=op))

    return partial


class SpecialZetaBackward0(BinaryBackward):
    """d zeta(x, q)/dq = -x zeta(x + 1, q); PyTorch has no derivative in x."""

    __slots__ = ()
    formula = "∂ζ(x, q)/∂q = −x·ζ(x + 1, q)  (none in x)"
    reads = {"self": "self other", "other": "self other"}
    grad_self = _no_derivative("zeta")

    def grad_other(self, grad, a, b):
        return grad * -a * zeta(a + 1.0, b)


class SpecialZetaBackward1(SpecialZetaBackward0):
    """zeta(number, tensor)."""

    __slots__ = ()
    numbers = ("self",)


class SpecialZetaBackward2(SpecialZetaBackward0):
    """zeta(tensor, number)."""

    __slots__ = ()
    numbers = ("other",)


def _zeta_kernel(xp, x, q):
    """Hurwitz zeta on arrays, Cephes' domain: inf at x = 1 and at q a non-positive integer, nan
    for x < 1 and for q < 0 with a non-integer x."""
    x = x if hasattr(x, "shape") else xp.full_like(q, x)
    q = q if hasattr(q, "shape") else xp.full_like(x, q)
    x, q = xp.broadcast_arrays(x, q)
    wide_x, wide_q = xp.astype(x, xp.float64), xp.astype(q, xp.float64)
    safe_x = xp.where(wide_x > 1, wide_x, 2.0)
    out = _zeta(xp, safe_x, xp.where(xp.isnan(wide_q), 1.0, wide_q))
    pole = (wide_x == 1) | ((wide_q <= 0) & (wide_q == xp.trunc(wide_q)))
    domain = (wide_x < 1) | ((wide_q < 0) & (wide_x != xp.trunc(wide_x))) | xp.isnan(wide_q)
    out = xp.where(domain | xp.isnan(wide_x), xp.nan, xp.where(pole, xp.inf, out))
    return xp.astype(out, x.dtype)


# torch.special.zeta: no Tensor method, errors name it special_zeta
zeta, _ = binary(
    "special_zeta",
    SpecialZetaBackward0,
    _zeta_kernel,
    doc="The Hurwitz zeta function sum_k (k + other)^-input, element-wise: torch.special.zeta.",
    scalar_node=SpecialZetaBackward2,
    rscalar_node=SpecialZetaBackward1,
    floating="promote",
    check=_not_two_numbers("special_zeta"),
    method=False,
    inplace=False,
)


def _gamma_series(xp, a, x, steps: int = 300):
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = 1.0 / a
    total = term
    for n in range(1, steps):
        term = term * x / (a + n)
        total = total + term
    return total * xp.exp(-x + a * xp.log(x) - _lgamma_kernel(xp, a))


def _gamma_fraction(xp, a, x, steps: int = 300):
    """Q(a, x) by its continued fraction, modified Lentz (x >= a + 1)."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = xp.full_like(x, 1.0 / tiny)
    d = 1.0 / b
    h = d
    for i in range(1, steps):
        an = -i * (i - a)
        b = b + 2.0
        d = an * d + b
        d = xp.where(xp.abs(d) < tiny, tiny, d)
        c = b + an / c
        c = xp.where(xp.abs(c) < tiny, tiny, c)
        d = 1.0 / d
        h = h * d * c
    return xp.exp(-x + a * xp.log(x) - _lgamma_kernel(xp, a)) * h


def _regularized_gamma(upper: bool):
    """P(a, x) (Q(a, x) when `upper`) on arrays, in float64: 0 / 1 at x = 0, nan outside
    a >= 0, x >= 0 (P(0, x) = 1 for x > 0)."""

    def kernel(xp, a, x):
        a, x = xp.broadcast_arrays(a, x)
        wa, wx = xp.astype(a, xp.float64), xp.astype(x, xp.float64)
        ok = (wa > 0) & (wx > 0) & xp.isfinite(wx)
        sa, sx = xp.where(ok, wa, 1.0), xp.where(ok, wx, 1.0)
        series = sx < sa + 1.0
        lower = xp.where(series, _gamma_series(xp, sa, xp.where(series, sx, 1.0)), 0.0)
        upper_part = xp.where(series, 0.0, _gamma_fraction(xp, sa, xp.where(series, sa + 2.0, sx)))
        p = xp.where(series, lower, 1.0 - upper_part)
        q = xp.where(series, 1.0 - lower, upper_part)
        out = q if upper else p
        at_zero, at_inf = 1.0 if upper else 0.0, 0.0 if upper else 1.0
        out = xp.where((wx == 0) & (wa > 0), at_zero, out)
        out = xp.where((wa == 0) & (wx > 0), at_inf, out)
        out = xp.where(xp.isinf(wx) & (wx > 0) & (wa >= 0), at_inf, out)
        out = xp.where((wa < 0) | (wx < 0) | xp.isnan(wa) | xp.isnan(wx), xp.nan, out)
        return xp.astype(out, a.dtype)

    return kernel


class IgammaBackward0(BinaryBackward):
    """d P(a, x)/dx = x^(a-1) e^-x / Gamma(a); PyTorch has no derivative in a."""

    __slots__ = ()
    formula = "∂P(a, x)/∂x = xᵃ⁻¹e⁻ˣ/Γ(a)  (none in a)"
    reads = {"self": "self other", "other": "self other"}
    grad_self = _no_derivative("igamma: input")

    def grad_other(self, grad, a, b):
        return grad * ((a - 1) * b.log() - b - a.lgamma()).exp()


class IgammacBackward0(IgammaBackward0):
    """d Q(a, x)/dx = -x^(a-1) e^-x / Gamma(a)."""

    __slots__ = ()
    formula = "∂Q(a, x)/∂x = −xᵃ⁻¹e⁻ˣ/Γ(a)  (none in a)"
    grad_self = _no_derivative("igammac: input")

    def grad_other(self, grad, a, b):
        return -super().grad_other(grad, a, b)


igamma, igamma_ = binary(
    "igamma",
    IgammaBackward0,
    _regularized_gamma(upper=False),
    doc="The regularized lower incomplete gamma function P(input, other), element-wise.",
    tensors=True,
    floating="require",
)
igammac, igammac_ = binary(
    "igammac",
    IgammacBackward0,
    _regularized_gamma(upper=True),
    doc="The regularized upper incomplete gamma function Q(input, other), element-wise.",
    tensors=True,
    floating="require",
)


# --- orthogonal polynomials of degree n (torch.special; no gradient, as in PyTorch) -------------

# name -> (the degree-1 polynomial, the step from (p_k, p_{k-1}) to p_{k+1}), both on arrays
_POLYNOMIALS = {
    "chebyshev_polynomial_t": (lambda x: x, lambda k, x, p, q: 2 * x * p - q),
    "chebyshev_polynomial_u": (lambda x: 2 * x, lambda k, x, p, q: 2 * x * p - q),
    "chebyshev_polynomial_v": (lambda x: 2 * x - 1, lambda k, x, p, q: 2 * x * p - q),
    "chebyshev_polynomial_w": (lambda x: 2 * x + 1, lambda k, x, p, q: 2 * x * p - q),
    "hermite_polynomial_h": (lambda x: 2 * x, lambda k, x, p, q: 2 * x * p - 2 * k * q),
    "hermite_polynomial_he": (lambda x: x, lambda k, x, p, q: x * p - k * q),
    "laguerre_polynomial_l": (
        lambda x: 1 - x,
        lambda k, x, p, q: ((2 * k + 1 - x) * p - k * q) / (k + 1),
    ),
    "legendre_polynomial_p": (
        lambda x: x,
        lambda k, x, p, q: ((2 * k + 1) * x * p - k * q) / (k + 1),
    ),
}


def _polynomial(name: str, shifted: bool = False):
    """torch.special.<name>(input, n): the degree-n polynomial at input by its three-term
    recurrence, in the promoted floating dtype; `shifted`: of 2 * input - 1. As in PyTorch, n is
    read as an integer (a fractional n rounds toward zero: -0.5 is degree 0) and a negative
    degree gives 0."""
    first, step = _POLYNOMIALS[name]
    full_name = ("shifted_" if shifted else "") + name

    def polynomial(input, n) -> Tensor:
        if not isinstance(input, Tensor) and not isinstance(n, Tensor):
            raise TypeError(
                msg.POLYNOMIAL_ARGS.format(
                    name=full_name, a=type(input).__name__, b=type(n).__name__
                )
            )
        like = input if isinstance(input, Tensor) else n
        dtype = floating_dtype(input, n)
        backend = like._backend
        xp = backend.xp
        x = on_backend(input, backend, dtype) if isinstance(input, Tensor) else input
        degree = on_backend(n, backend, dtype) if isinstance(n, Tensor) else n
        x, degree = xp.broadcast_arrays(
            *(
                v if hasattr(v, "shape") else xp.asarray(v, dtype=backend.native[dtype])
                for v in (x, degree)
            )
        )
        x = 2 * x - 1 if shifted else x
        degree = xp.trunc(degree)
        previous, current = xp.ones_like(x), first(x)
        out = xp.where(degree >= 1, current, previous)
        top = int(backend.to_host(xp.max(degree))) if degree.size else 0
        for k in range(1, top):
            previous, current = current, step(k, x, current, previous)
            out = xp.where(degree >= k + 1, current, out)
        return make_tensor(xp.where(degree < 0, xp.zeros_like(out), out), backend)

    polynomial.__name__ = polynomial.__qualname__ = full_name
    polynomial.__doc__ = f"torch.special.{full_name}(input, n): no gradient, as in PyTorch."
    return with_out(polynomial)


chebyshev_polynomial_t = _polynomial("chebyshev_polynomial_t")
chebyshev_polynomial_u = _polynomial("chebyshev_polynomial_u")
chebyshev_polynomial_v = _polynomial("chebyshev_polynomial_v")
chebyshev_polynomial_w = _polynomial("chebyshev_polynomial_w")
shifted_chebyshev_polynomial_t = _polynomial("chebyshev_polynomial_t", shifted=True)
shifted_chebyshev_polynomial_u = _polynomial("chebyshev_polynomial_u", shifted=True)
shifted_chebyshev_polynomial_v = _polynomial("chebyshev_polynomial_v", shifted=True)
shifted_chebyshev_polynomial_w = _polynomial("chebyshev_polynomial_w", shifted=True)
hermite_polynomial_h = _polynomial("hermite_polynomial_h")
hermite_polynomial_he = _polynomial("hermite_polynomial_he")
laguerre_polynomial_l = _polynomial("laguerre_polynomial_l")
legendre_polynomial_p = _polynomial("legendre_polynomial_p")


__all__ = [
    "digamma",
    "igamma",
    "igammac",
    "erfc",
    "erfc_",
    "erfinv",
    "i0",
    "i0_",
    "lgamma",
    "logit",
    "logit_",
    "mvlgamma",
    "polygamma",
    "sinc",
    "sinc_",
]
