"""`torch.distributions.Categorical`: one of K classes, with probabilities `probs` (or
unnormalised log-probabilities `logits`) over the last dim."""

from __future__ import annotations

import math

from .. import _messages as msg
from .._creation import arange, full
from .._size import Size
from .._tensor import Tensor
from .._type_info import finfo
from ..dtypes import int64
from ..ops import broadcast_tensors
from ..ops.sampling import multinomial
from . import constraints
from .bernoulli import _ProbsOrLogits
from .distribution import Distribution


class Categorical(_ProbsOrLogits):
    """Categorical(probs) or Categorical(logits=...): a class index in [0, K)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True
    _is_binary = False

    def __init__(
        self,
        probs: Tensor | None = None,
        logits: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:
        self._set_param(probs, logits)
        self._num_events = self._param.size()[-1]
        batch_shape = self._param.size()[:-1] if self._param.dim() > 1 else Size()
        super().__init__(batch_shape, validate_args=validate_args)

    def _normalized(self, param) -> Tensor:
        if param.dim() < 1:
            raise ValueError(msg.DIST_AT_LEAST_1D.format(name=self._given))
        if self._given == "probs":
            return param / param.sum(-1, keepdim=True)
        return param - param.logsumexp(dim=-1, keepdim=True)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        new = self._expand_param(
            Categorical, batch_shape, batch_shape + Size((self._num_events,)), _instance
        )
        new._num_events = self._num_events
        return new

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    def _nan_filled(self) -> Tensor:
        return full(
            self._extended_shape(), math.nan, dtype=self.probs.dtype, device=self.probs.device
        )

    @property
    def mean(self) -> Tensor:
        return self._nan_filled()

    @property
    def variance(self) -> Tensor:
        return self._nan_filled()

    @property
    def mode(self) -> Tensor:
        return self.probs.argmax(dim=-1)

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        """PyTorch's draws: multinomial with replacement, one row of classes per batch entry."""
        shape = self._extended_shape(sample_shape)
        probs_2d = self.probs.detach().reshape(-1, self._num_events)
        samples_2d = multinomial(probs_2d, math.prod(sample_shape), True).T
        return samples_2d.reshape(shape)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        value, log_pmf = broadcast_tensors(value.long().unsqueeze(-1), self.logits)
        return log_pmf.gather(-1, value[..., :1]).squeeze(-1)

    def entropy(self) -> Tensor:
        logits = self.logits.clamp(min=finfo(self.logits.dtype).min)
        return -(logits * self.probs).sum(-1)

    def enumerate_support(self, expand: bool = True) -> Tensor:
        values = arange(self._num_events, dtype=int64, device=self._param.device)
        return self._enumerate(values, expand)


class _CategoricalCounts(Distribution):
    """What Multinomial and OneHotCategorical share: a Categorical over the last dim of their
    probs (or logits) whose classes make their event dim, and that Categorical's parameters."""

    _categorical: Categorical

    def _wrap_categorical(self, probs, logits, validate_args) -> None:
        self._categorical = Categorical(probs=probs, logits=logits)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        Distribution.__init__(self, batch_shape, event_shape, validate_args=validate_args)

    def _expand_categorical(self, cls, batch_shape, _instance):
        """A `cls` over the same classes with its Categorical expanded to `batch_shape`."""
        new = self._get_checked_instance(cls, _instance)
        batch_shape = Size(batch_shape)
        new._categorical = self._categorical.expand(batch_shape)
        Distribution.__init__(new, batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def probs(self) -> Tensor:
        return self._categorical.probs

    @property
    def logits(self) -> Tensor:
        return self._categorical.logits

    @property
    def param_shape(self) -> Size:
        return self._categorical.param_shape
