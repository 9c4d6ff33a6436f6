"""`torch.distributions.Bernoulli`: a coin flip with probability `probs` (or `logits`)."""

from __future__ import annotations

import math

from .. import _messages as msg
from .._creation import arange
from .._size import Size
from .._tensor import Tensor
from ..autograd.grad_mode import no_grad
from ..nn.functional import binary_cross_entropy_with_logits
from ..ops import bernoulli, where
from . import constraints
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all, lazy_property, logits_to_probs, probs_to_logits


class _ProbsOrLogits(Distribution):
    """A discrete distribution given by exactly one of `probs` and `logits`; the other one is
    computed on first use."""

    _is_binary = True

    def _set_param(self, probs, logits) -> None:
        if (probs is None) == (logits is None):
            raise ValueError(msg.DIST_PROBS_OR_LOGITS)
        self._given = "probs" if probs is not None else "logits"
        setattr(self, self._given, self._normalized(probs if probs is not None else logits))

    def _normalized(self, param) -> Tensor:
        raise NotImplementedError

    @property
    def _param(self) -> Tensor:
        return self.__dict__[self._given]

    @property
    def param_shape(self) -> Size:
        return self._param.size()

    @lazy_property
    def logits(self) -> Tensor:
        return probs_to_logits(self.probs, is_binary=self._is_binary)

    @lazy_property
    def probs(self) -> Tensor:
        return logits_to_probs(self.logits, is_binary=self._is_binary)

    def _expand_param(self, cls: type, batch_shape: Size, param_shape: Size, _instance):
        params = {name: param_shape for name in ("probs", "logits") if name in self.__dict__}
        new = self._expanded(cls, batch_shape, params, _instance)
        new._given = self._given
        return new


class Bernoulli(_ProbsOrLogits):
    """Bernoulli(probs=p) or Bernoulli(logits=l): 1 with probability p (= sigmoid(l))."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(
        self,
        probs: Tensor | float | None = None,
        logits: Tensor | float | None = None,
        validate_args: bool | None = None,
    ) -> None:
        self._set_param(probs, logits)
        given = probs if probs is not None else logits
        super().__init__(batch_shape_of((given,), self._param), validate_args=validate_args)

    def _normalized(self, param) -> Tensor:
        return broadcast_all(param)[0]

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expand_param(Bernoulli, batch_shape, batch_shape, _instance)

    @property
    def mean(self) -> Tensor:
        return self.probs

    @property
    def mode(self) -> Tensor:
        mode = (self.probs >= 0.5).to(self.probs)
        return where(self.probs == 0.5, math.nan, mode)

    @property
    def variance(self) -> Tensor:
        return self.probs * (1 - self.probs)

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        with no_grad():
            return bernoulli(self.probs.expand(self._extended_shape(sample_shape)))

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -binary_cross_entropy_with_logits(logits, value, reduction="none")

    def entropy(self) -> Tensor:
        return binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")

    def enumerate_support(self, expand: bool = True) -> Tensor:
        values = arange(2, dtype=self._param.dtype, device=self._param.device)
        return self._enumerate(values, expand)
