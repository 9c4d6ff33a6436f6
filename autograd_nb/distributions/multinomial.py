"""`torch.distributions.Multinomial`: the counts of `total_count` independent draws from a
Categorical over the last dim of `probs` (or `logits`)."""

from __future__ import annotations

import math

from .. import _messages as msg
from .._creation import arange, ones_like, zeros
from .._size import Size
from .._tensor import Tensor
from .._type_info import finfo
from ..dtypes import int64
from ..ops import broadcast_tensors, lgamma
from . import constraints
from .categorical import _CategoricalCounts


class Multinomial(_CategoricalCounts):
    """Multinomial(total_count, probs) or Multinomial(total_count, logits=...): how often each
    of K classes comes up in total_count draws."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(
        self,
        total_count: int = 1,
        probs: Tensor | None = None,
        logits: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:
        if not isinstance(total_count, int):
            raise NotImplementedError(msg.MULTINOMIAL_TOTAL_COUNT)
        self.total_count = total_count
        self._wrap_categorical(probs, logits, validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Multinomial, _instance)
        new.total_count = self.total_count
        return self._expand_categorical(Multinomial, batch_shape, new)

    @constraints.dependent_property(is_discrete=True, event_dim=1)
    def support(self):
        return constraints.multinomial(self.total_count)

    @property
    def mean(self) -> Tensor:
        return self.probs * self.total_count

    @property
    def variance(self) -> Tensor:
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        """total_count Categorical draws per sample, counted per class (PyTorch's way)."""
        sample_shape = Size(sample_shape)
        draws = self._categorical.sample(Size((self.total_count,)) + sample_shape)
        draws = draws.permute(*range(1, draws.dim()), 0)  # the draws last
        counts = zeros(self._extended_shape(sample_shape), dtype=int64, device=draws.device)
        counts.scatter_add_(-1, draws, ones_like(draws))
        return counts.type_as(self.probs)

    def _binomial_log_prob(self, k: Tensor) -> Tensor:
        """log P(count = k) of each class's Binomial(total_count, p) marginal (PyTorch's form
        on logits, finite where p is 0 or 1)."""
        eps = finfo(self.probs.dtype).eps
        p = self.probs.clamp(min=eps, max=1 - eps)
        logits = p.log() - (-p).log1p()
        n = self.total_count
        normalize = n * logits.clamp(min=0) + n * (-logits.abs()).exp().log1p() - math.lgamma(n + 1)
        return k * logits - normalize - lgamma(k + 1) - lgamma(n - k + 1)

    def entropy(self) -> Tensor:
        n = self.total_count
        term1 = n * self._categorical.entropy() - math.lgamma(n + 1)
        support = arange(1, n + 1, dtype=self.probs.dtype, device=self.probs.device)
        support = support.reshape((-1,) + (1,) * self.probs.dim())
        binomial_probs = self._binomial_log_prob(support).exp()
        term2 = (binomial_probs * lgamma(support + 1)).sum([0, -1])
        return term1 + term2

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_tensors(self.logits, value)
        log_factorial_n = lgamma(value.sum(-1) + 1)
        log_factorial_xs = lgamma(value + 1).sum(-1)
        logits = logits.masked_fill((value == 0) & (logits == -math.inf), 0)
        return log_factorial_n - log_factorial_xs + (logits * value).sum(-1)
