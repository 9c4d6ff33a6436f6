"""`torch.distributions.Poisson`: counts of events at a given rate (discrete, no rsample)."""

from __future__ import annotations

from .._size import Size
from .._tensor import Tensor
from . import constraints
from ._samplers import poisson
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all


class Poisson(Distribution):
    """Poisson(rate): P(k) = rate^k exp(-rate) / k! for k = 0, 1, 2, ..."""

    arg_constraints = {"rate": constraints.nonnegative}
    support = constraints.nonnegative_integer

    def __init__(self, rate: Tensor | float, validate_args: bool | None = None) -> None:
        (self.rate,) = broadcast_all(rate)
        super().__init__(batch_shape_of((rate,), self.rate), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(Poisson, batch_shape, {"rate": batch_shape}, _instance)

    @property
    def mean(self) -> Tensor:
        return self.rate

    @property
    def mode(self) -> Tensor:
        return self.rate.floor()

    @property
    def variance(self) -> Tensor:
        return self.rate

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        return poisson(self.rate.expand(self._extended_shape(sample_shape)))

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        rate, value = broadcast_all(self.rate, value)
        return value.xlogy(rate) - rate - (value + 1).lgamma()
