"""`torch.distributions.Exponential`: waiting times with a given rate, reparameterised."""

from __future__ import annotations

from .._creation import empty, zeros_like
from .._size import Size
from .._tensor import Tensor
from . import constraints
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all


class Exponential(Distribution):
    """Exponential(rate): density rate * exp(-rate x) on x >= 0."""

    arg_constraints = {"rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True

    def __init__(self, rate: Tensor | float, validate_args: bool | None = None) -> None:
        (self.rate,) = broadcast_all(rate)
        super().__init__(batch_shape_of((rate,), self.rate), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(Exponential, batch_shape, {"rate": batch_shape}, _instance)

    @property
    def mean(self) -> Tensor:
        return self.rate.reciprocal()

    @property
    def mode(self) -> Tensor:
        return zeros_like(self.rate)

    @property
    def stddev(self) -> Tensor:
        return self.rate.reciprocal()

    @property
    def variance(self) -> Tensor:
        return self.rate.pow(-2)

    def rsample(self, sample_shape: tuple = ()) -> Tensor:
        shape = self._extended_shape(sample_shape)
        noise = empty(shape, dtype=self.rate.dtype, device=self.rate.device).exponential_()
        return noise / self.rate

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return self.rate.log() - self.rate * value

    def cdf(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return 1 - (-self.rate * value).exp()

    def icdf(self, value: Tensor) -> Tensor:
        return -(-value).log1p() / self.rate

    def entropy(self) -> Tensor:
        return 1.0 - self.rate.log()
