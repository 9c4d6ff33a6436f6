"""`torch.distributions.OneHotCategorical`: a Categorical whose samples are one-hot vectors."""

from __future__ import annotations

from .._creation import eye
from .._tensor import Tensor
from ..nn.functional import one_hot
from . import constraints
from .categorical import _CategoricalCounts


class OneHotCategorical(_CategoricalCounts):
    """OneHotCategorical(probs) or (logits=...): a one-hot vector of length K per event."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    support = constraints.one_hot
    has_enumerate_support = True

    def __init__(
        self,
        probs: Tensor | None = None,
        logits: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:
        self._wrap_categorical(probs, logits, validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expand_categorical(OneHotCategorical, batch_shape, _instance)

    @property
    def _param(self) -> Tensor:
        return self._categorical._param

    @property
    def mean(self) -> Tensor:
        return self.probs

    @property
    def mode(self) -> Tensor:
        return one_hot(self.probs.argmax(dim=-1), num_classes=self.probs.shape[-1]).to(self.probs)

    @property
    def variance(self) -> Tensor:
        return self.probs * (1 - self.probs)

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        indices = self._categorical.sample(sample_shape)
        return one_hot(indices, self._categorical._num_events).to(self.probs)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return self._categorical.log_prob(value.max(-1)[1])

    def entropy(self) -> Tensor:
        return self._categorical.entropy()

    def enumerate_support(self, expand: bool = True) -> Tensor:
        n = self._event_shape[0]
        return self._enumerate(eye(n, dtype=self._param.dtype, device=self._param.device), expand)
