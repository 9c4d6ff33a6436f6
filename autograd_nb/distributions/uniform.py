"""`torch.distributions.Uniform`: flat on [low, high), reparameterised."""

from __future__ import annotations

import math

from .._creation import rand
from .._size import Size
from .._tensor import Tensor
from . import constraints
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all


class Uniform(Distribution):
    """Uniform(low, high): every value in [low, high) equally likely."""

    has_rsample = True

    @property
    def arg_constraints(self) -> dict:  # type: ignore[override]
        return {"low": constraints.less_than(self.high), "high": constraints.greater_than(self.low)}

    def __init__(
        self, low: Tensor | float, high: Tensor | float, validate_args: bool | None = None
    ) -> None:
        self.low, self.high = broadcast_all(low, high)
        super().__init__(batch_shape_of((low, high), self.low), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(
            Uniform, batch_shape, {"low": batch_shape, "high": batch_shape}, _instance
        )

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        return constraints.interval(self.low, self.high)

    @property
    def mean(self) -> Tensor:
        return (self.high + self.low) / 2

    @property
    def mode(self) -> Tensor:
        return math.nan * self.high

    @property
    def stddev(self) -> Tensor:
        return (self.high - self.low) / 12**0.5

    @property
    def variance(self) -> Tensor:
        return (self.high - self.low).pow(2) / 12

    def rsample(self, sample_shape: tuple = ()) -> Tensor:
        u = rand(self._extended_shape(sample_shape), dtype=self.low.dtype, device=self.low.device)
        return self.low + u * (self.high - self.low)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        inside = self.low.le(value).type_as(self.low) * self.high.gt(value).type_as(self.low)
        return inside.log() - (self.high - self.low).log()

    def cdf(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return ((value - self.low) / (self.high - self.low)).clamp(min=0, max=1)

    def icdf(self, value: Tensor) -> Tensor:
        return value * (self.high - self.low) + self.low

    def entropy(self) -> Tensor:
        return (self.high - self.low).log()
