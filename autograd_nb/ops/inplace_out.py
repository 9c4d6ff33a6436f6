"""In-place forms and `out=` for the element-wise, special and scan functions added later.

`t.lgamma_()`, `torch.gcd_(a, b)`, ... run through the generic in-place machinery (version
counter, leaf checks, the op's own grad_fn); `torch.cummax(x, 0, out=(values, indices))`
writes both results, with the checks of `out=` applied to each.
"""

from __future__ import annotations

import functools

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.grad_mode import STATE, no_grad
from .inplace import _method_, _short_name, apply_inplace, check_no_partial_overlap
from .out import _tensors_in, checked_write
from .reduction import _return_type
from .special_fns import PolygammaBackward0, polygamma

xlogy_ = _method_("xlogy", "self * log(other), in place.")
logit_ = _method_("logit", "log(p / (1 - p)) of self, in place.")
sgn_ = _method_("sgn", "The sign of self, in place.")
deg2rad_ = _method_("deg2rad", "Degrees to radians, in place.")
rad2deg_ = _method_("rad2deg", "Radians to degrees, in place.")
gcd_ = _method_("gcd", "Greatest common divisor with other, in place (integers).")
lcm_ = _method_("lcm", "Least common multiple with other, in place (integers).")
renorm_ = _method_("renorm", "Rescale the slices along `dim` to p-norm <= maxnorm, in place.")
lgamma_ = _method_("lgamma", "log|Gamma(self)|, in place.")
digamma_ = _method_("digamma", "The digamma function of self, in place.")
erfinv_ = _method_("erfinv", "The inverse error function of self, in place.")
erfc_ = _method_("erfc", "The complementary error function of self, in place.")
i0_ = _method_("i0", "The modified Bessel function I0 of self, in place.")
sinc_ = _method_("sinc", "The normalized sinc function of self, in place.")
mvlgamma_ = _method_("mvlgamma", "The multivariate log-gamma of dimension p, in place.")


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


# those PyTorch also offers as torch.* functions
TORCH_INPLACE = (
    "xlogy_",
    "logit_",
    "deg2rad_",
    "rad2deg_",
    "gcd_",
    "lcm_",
    "erfc_",
    "i0_",
    "sinc_",
)

# torch.* functions of one result given `out=` (the wrappers of ops/out.py)
MORE_FUNCTIONS_WITH_OUT = (
    "xlogy",
    "logit",
    "sgn",
    "deg2rad",
    "rad2deg",
    "gcd",
    "lcm",
    "logcumsumexp",
    "searchsorted",
    "bucketize",
    "histc",
    "take",
    "renorm",
    "lgamma",
    "digamma",
    "polygamma",
    "erfinv",
    "erfc",
    "i0",
    "sinc",
    "mvlgamma",
)

# torch.special functions given `out=`, by the name PyTorch's errors use
SPECIAL_WITH_OUT = {
    "xlogy": "xlogy",
    "xlog1py": "special_xlog1py",
    "logit": "logit",
    "erfinv": "erfinv",
    "erfc": "erfc",
    "i0": "i0",
    "sinc": "sinc",
    "digamma": "digamma",
    "psi": "digamma",
    "polygamma": "polygamma",
    "multigammaln": "mvlgamma",
    "gammaln": "lgamma",
    "ndtr": "ndtr",
    "ndtri": "special_ndtri",
    "log_ndtr": "special_log_ndtr",
    "i0e": "special_i0e",
    "i1": "special_i1",
    "i1e": "special_i1e",
    "erfcx": "special_erfcx",
    "entr": "special_entr",
    "expit": "sigmoid",
    "exp2": "exp2",
    "expm1": "expm1",
    "log1p": "log1p",
    "round": "round",
    "logsumexp": "logsumexp",
}


def with_pair_out(fn, name: str):
    """`fn` (returning values, indices) taking PyTorch's `out=(values, indices)` as well."""

    @functools.wraps(fn)
    def wrapper(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        if not isinstance(out, (tuple, list)) or not all(isinstance(o, Tensor) for o in out):
            raise TypeError(msg.OUT_NOT_TUPLE.format(name=name, type=type(out).__name__))
        if STATE.enabled and any(
            t.requires_grad for t in (*out, *args, *kwargs.values()) if isinstance(t, Tensor)
        ):
            raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name=name))
        for o in out:
            check_no_partial_overlap(o, _tensors_in((*args, *kwargs.values())))
        with no_grad():
            values, indices = fn(*args, **kwargs)
        if out[1].dtype is not indices.dtype:
            raise RuntimeError(
                msg.OUT_SCALAR_TYPE.format(
                    expected=_short_name(indices.dtype), found=_short_name(out[1].dtype)
                )
            )
        if out[0].dtype is not values.dtype:
            raise RuntimeError(
                msg.OUT_SCALAR_TYPE.format(
                    expected=_short_name(values.dtype), found=_short_name(out[0].dtype)
                )
            )
        return _return_type(name + "_out")(
            checked_write(out[0], values), checked_write(out[1], indices)
        )

    return wrapper
