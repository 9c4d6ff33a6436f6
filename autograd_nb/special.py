"""torch.special: the special functions PyTorch also files under this name."""

from .ops.binary_functions import xlog1py, xlogy
from .ops.log_sum_exp import log_softmax, logsumexp, softmax
from .ops.pointwise import round
from .ops.special_fns import (
    chebyshev_polynomial_t,
    chebyshev_polynomial_u,
    chebyshev_polynomial_v,
    chebyshev_polynomial_w,
    digamma,
    entr,
    erfc,
    erfcx,
    erfinv,
    hermite_polynomial_h,
    hermite_polynomial_he,
    i0,
    i0e,
    i1,
    i1e,
    igamma,
    igammac,
    laguerre_polynomial_l,
    legendre_polynomial_p,
    lgamma,
    log_ndtr,
    logit,
    mvlgamma,
    ndtr,
    ndtri,
    polygamma,
    shifted_chebyshev_polynomial_t,
    shifted_chebyshev_polynomial_u,
    shifted_chebyshev_polynomial_v,
    shifted_chebyshev_polynomial_w,
    sinc,
    zeta,
)
from .ops.unary import erf, exp2, expm1, log1p, sigmoid

gammaln, psi, multigammaln, expit = lgamma, digamma, mvlgamma, sigmoid
gammainc, gammaincc = igamma, igammac
modified_bessel_i0, modified_bessel_i1 = i0, i1

__all__ = [
    "chebyshev_polynomial_t",
    "chebyshev_polynomial_u",
    "chebyshev_polynomial_v",
    "chebyshev_polynomial_w",
    "hermite_polynomial_h",
    "hermite_polynomial_he",
    "laguerre_polynomial_l",
    "legendre_polynomial_p",
    "shifted_chebyshev_polynomial_t",
    "shifted_chebyshev_polynomial_u",
    "shifted_chebyshev_polynomial_v",
    "shifted_chebyshev_polynomial_w",
    "digamma",
    "entr",
    "erf",
    "erfc",
    "erfcx",
    "erfinv",
    "exp2",
    "expit",
    "expm1",
    "gammainc",
    "gammaincc",
    "gammaln",
    "i0",
    "i0e",
    "i1",
    "i1e",
    "modified_bessel_i0",
    "modified_bessel_i1",
    "log1p",
    "log_ndtr",
    "log_softmax",
    "logit",
    "logsumexp",
    "multigammaln",
    "ndtr",
    "ndtri",
    "polygamma",
    "psi",
    "round",
    "sinc",
    "softmax",
    "xlog1py",
    "xlogy",
    "zeta",
]

# out=
from . import ops as _ops  # noqa: E402
from .ops.out import with_out  # noqa: E402

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

for _name, _op in SPECIAL_WITH_OUT.items():  # the torch.* function itself where it is one
    _fn = globals()[_name]
    _torch_fn = getattr(_ops, _fn.__name__, None)
    globals()[_name] = (
        _torch_fn
        if _torch_fn is _fn or getattr(_torch_fn, "__wrapped__", None) is _fn
        else with_out(_fn, _op)
    )
del _name, _op, _torch_fn, _fn
