"""torch.special: the special functions PyTorch also files under this name."""

from .ops.pointwise import erf, exp2, expm1, log1p, round, sigmoid
from .ops.reduction import log_softmax, logsumexp, softmax
from .ops.special_fns import (
    digamma,
    entr,
    erfc,
    erfcx,
    erfinv,
    i0,
    i0e,
    i1,
    i1e,
    lgamma,
    log_ndtr,
    mvlgamma,
    ndtr,
    ndtri,
    polygamma,
    sinc,
)
from .ops.tensorops import logit, xlogy

gammaln, psi, multigammaln, expit = lgamma, digamma, mvlgamma, sigmoid

__all__ = ["digamma", "entr", "erf", "erfc", "erfcx", "erfinv", "exp2", "expit", "expm1",
           "gammaln", "i0", "i0e", "i1", "i1e", "log1p", "log_ndtr", "log_softmax", "logit",
           "logsumexp", "multigammaln", "ndtr", "ndtri", "polygamma", "psi", "round", "sinc",
           "softmax", "xlogy"]
