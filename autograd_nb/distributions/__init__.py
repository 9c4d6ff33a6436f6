"""`torch.distributions`: probability distributions with sampling (reparameterised where
PyTorch's are), log_prob, entropy, moments and KL divergences, built from autograd_nb's
differentiable ops. Distributions needing lgamma/digamma (Beta, Gamma, ...) are not here."""

from . import constraints, kl
from .bernoulli import Bernoulli
from .categorical import Categorical
from .constraints import Constraint
from .distribution import Distribution
from .exponential import Exponential
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical
from .uniform import Uniform

__all__ = ["Bernoulli", "Categorical", "Constraint", "Distribution", "Exponential",
           "Independent", "Laplace", "MultivariateNormal", "Normal", "OneHotCategorical",
           "Uniform", "constraints", "kl", "kl_divergence", "register_kl"]
