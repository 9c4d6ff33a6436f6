"""`torch.distributions.kl`: KL(p || q) between two distributions, looked up by their types
in a registry that `register_kl` fills."""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable

from .. import _messages as msg
from .._tensor import Tensor
from ..nn.functional import softplus
from ..ops import where
from ..ops._helpers import broadcast_shapes
from ..ops.decompositions import solve
from .bernoulli import Bernoulli
from .categorical import Categorical
from .dirichlet import Beta, Dirichlet
from .distribution import Distribution
from .gamma import Gamma
from .independent import Independent
from .multivariate_normal import MultivariateNormal, _batch_mahalanobis, _half_log_det
from .normal import Normal
from .one_hot_categorical import OneHotCategorical
from .poisson import Poisson
from .uniform import Uniform
from .utils import sum_rightmost

__all__ = ["kl_divergence", "register_kl"]

_KL_REGISTRY: dict = {}
_KL_MEMOIZE: dict = {}


def register_kl(type_p: type, type_q: type) -> Callable:
    """Decorator registering a function (p, q) -> KL(p || q) for a pair of distribution types."""
    for which, cls in (("p", type_p), ("q", type_q)):
        if not (isinstance(cls, type) and issubclass(cls, Distribution)):
            raise TypeError(msg.DIST_KL_TYPE.format(which=which, type=cls))

    def decorator(fun: Callable) -> Callable:
        _KL_REGISTRY[type_p, type_q] = fun
        _KL_MEMOIZE.clear()  # a new entry may change which match is most specific
        return fun

    return decorator


@functools.total_ordering
class _Match:
    """Orders registered type pairs lexicographically by subclass: the smallest is the most
    specific."""

    def __init__(self, *types):
        self.types = types

    def __eq__(self, other) -> bool:
        return self.types == other.types

    def __le__(self, other) -> bool:
        for x, y in zip(self.types, other.types):
            if not issubclass(x, y):
                return False
            if x is not y:
                break
        return True


def _dispatch_kl(type_p: type, type_q: type):
    matches = [(p, q) for p, q in _KL_REGISTRY if issubclass(type_p, p) and issubclass(type_q, q)]
    if not matches:
        return NotImplemented
    left_p, left_q = min(_Match(*m) for m in matches).types
    right_q, right_p = min(_Match(*reversed(m)) for m in matches).types
    left_fun = _KL_REGISTRY[left_p, left_q]
    if left_fun is not _KL_REGISTRY[right_p, right_q]:
        warnings.warn(
            msg.KL_AMBIGUOUS.format(
                p=type_p.__name__, q=type_q.__name__, left=left_p.__name__, right=right_q.__name__
            ),
            RuntimeWarning,
            stacklevel=2,
        )
    return left_fun


def kl_divergence(p: Distribution, q: Distribution) -> Tensor:
    """KL(p || q), one value per batch element, by the most specific registered rule."""
    key = (type(p), type(q))
    if key not in _KL_MEMOIZE:
        _KL_MEMOIZE[key] = _dispatch_kl(*key)
    fun = _KL_MEMOIZE[key]
    if fun is NotImplemented:
        raise NotImplementedError(
            msg.DIST_KL_NOT_IMPLEMENTED.format(p=type(p).__name__, q=type(q).__name__)
        )
    return fun(p, q)


@register_kl(Normal, Normal)
def _kl_normal_normal(p: Normal, q: Normal) -> Tensor:
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p: Bernoulli, q: Bernoulli) -> Tensor:
    t1 = p.probs * (softplus(-q.logits) - softplus(-p.logits))
    t1 = where(p.probs == 0, 0.0, where(q.probs == 0, math.inf, t1))
    t2 = (1 - p.probs) * (softplus(q.logits) - softplus(p.logits))
    t2 = where(p.probs == 1, 0.0, where(q.probs == 1, math.inf, t2))
    return t1 + t2


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p: Categorical, q: Categorical) -> Tensor:
    t = p.probs * (p.logits - q.logits)
    t = where((p.probs == 0).expand_as(t), 0.0, where((q.probs == 0).expand_as(t), math.inf, t))
    return t.sum(-1)


@register_kl(OneHotCategorical, OneHotCategorical)
def _kl_onehotcategorical_onehotcategorical(p: OneHotCategorical, q: OneHotCategorical) -> Tensor:
    return _kl_categorical_categorical(p._categorical, q._categorical)


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p: Uniform, q: Uniform) -> Tensor:
    result = ((q.high - q.low) / (p.high - p.low)).log()
    return where((q.low > p.low) | (q.high < p.high), math.inf, result)


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariatenormal_multivariatenormal(
    p: MultivariateNormal, q: MultivariateNormal
) -> Tensor:
    if p.event_shape != q.event_shape:
        raise ValueError(msg.DIST_KL_MVN_EVENT)
    Lp, Lq = p._unbroadcasted_scale_tril, q._unbroadcasted_scale_tril
    n = p.event_shape[0]
    shape = broadcast_shapes(tuple(Lq.shape[:-2]), tuple(Lp.shape[:-2])) + (n, n)
    trace = solve(Lq.expand(shape), Lp.expand(shape)).pow(2).sum((-2, -1))
    mahalanobis = _batch_mahalanobis(Lq, q.loc - p.loc)
    return _half_log_det(Lq) - _half_log_det(Lp) + 0.5 * (trace + mahalanobis - n)


@register_kl(Independent, Independent)
def _kl_independent_independent(p: Independent, q: Independent) -> Tensor:
    if p.reinterpreted_batch_ndims != q.reinterpreted_batch_ndims:
        raise NotImplementedError
    return sum_rightmost(kl_divergence(p.base_dist, q.base_dist), p.reinterpreted_batch_ndims)


# Gamma, Beta, Dirichlet and Poisson (closed forms, as PyTorch's)
@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(p: Gamma, q: Gamma) -> Tensor:
    t1 = q.concentration * (p.rate / q.rate).log()
    t2 = q.concentration.lgamma() - p.concentration.lgamma()
    t3 = (p.concentration - q.concentration) * p.concentration.digamma()
    return t1 + t2 + t3 + (q.rate - p.rate) * (p.concentration / p.rate)


@register_kl(Beta, Beta)
def _kl_beta_beta(p: Beta, q: Beta) -> Tensor:
    return _kl_dirichlet_dirichlet(p._dirichlet, q._dirichlet)


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p: Dirichlet, q: Dirichlet) -> Tensor:
    sum_p, sum_q = p.concentration.sum(-1), q.concentration.sum(-1)
    t1 = sum_p.lgamma() - sum_q.lgamma()
    t2 = (p.concentration.lgamma() - q.concentration.lgamma()).sum(-1)
    t3 = p.concentration - q.concentration
    t4 = p.concentration.digamma() - sum_p.digamma().unsqueeze(-1)
    return t1 - t2 + (t3 * t4).sum(-1)


@register_kl(Poisson, Poisson)
def _kl_poisson_poisson(p: Poisson, q: Poisson) -> Tensor:
    return p.rate * (p.rate.log() - q.rate.log()) - (p.rate - q.rate)
