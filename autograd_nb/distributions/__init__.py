"""`torch.distributions`: probability distributions with sampling (reparameterised where
PyTorch's are), log_prob, entropy, moments and KL divergences, built from autograd_nb's
differentiable ops."""

from . import constraints, kl
from .bernoulli import Bernoulli
from .categorical import Categorical
from .constraints import Constraint
from .dirichlet import Beta, Dirichlet
from .distribution import Distribution
from .exponential import Exponential
from .gamma import Chi2, Gamma
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .multinomial import Multinomial
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical
from .poisson import Poisson
from .studentt import StudentT
from .uniform import Uniform

__all__ = [
    "Bernoulli",
    "Categorical",
    "Constraint",
    "Distribution",
    "Exponential",
    "Independent",
    "Laplace",
    "Multinomial",
    "MultivariateNormal",
    "Normal",
    "OneHotCategorical",
    "Uniform",
    "constraints",
    "kl",
    "kl_divergence",
    "register_kl",
    "Beta",
    "Chi2",
    "Dirichlet",
    "Gamma",
    "Poisson",
    "StudentT",
]
