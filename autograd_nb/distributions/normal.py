"""`torch.distributions.Normal`: the Gaussian N(loc, scale^2), reparameterised."""

from __future__ import annotations

import math

from .._size import Size
from .._tensor import Tensor
from ..ops import erf, erfinv
from . import constraints
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all, standard_normal


class _LocScale(Distribution):
    """A location-scale family: `loc` and `scale` broadcast together; rsample moves and
    stretches standard noise."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(
        self, loc: Tensor | float, scale: Tensor | float, validate_args: bool | None = None
    ) -> None:
        self.loc, self.scale = broadcast_all(loc, scale)
        super().__init__(batch_shape_of((loc, scale), self.loc), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(
            type(self), batch_shape, {"loc": batch_shape, "scale": batch_shape}, _instance
        )

    @property
    def mean(self) -> Tensor:
        return self.loc

    @property
    def mode(self) -> Tensor:
        return self.loc

    def _noise(self, shape: Size) -> Tensor:
        raise NotImplementedError

    def rsample(self, sample_shape: tuple = ()) -> Tensor:
        return self.loc + self._noise(self._extended_shape(sample_shape)) * self.scale


class Normal(_LocScale):
    """Normal(loc, scale): mean loc, standard deviation scale."""

    @property
    def stddev(self) -> Tensor:
        return self.scale

    @property
    def variance(self) -> Tensor:
        return self.stddev.pow(2)

    def _noise(self, shape: Size) -> Tensor:
        return standard_normal(shape, self.loc)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale**2
        return (
            -((value - self.loc) ** 2) / (2 * var)
            - self.scale.log()
            - math.log(math.sqrt(2 * math.pi))
        )

    def cdf(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + erf((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)))

    def icdf(self, value: Tensor) -> Tensor:
        return self.loc + self.scale * erfinv(2 * value - 1) * math.sqrt(2)

    def entropy(self) -> Tensor:
        return 0.5 + 0.5 * math.log(2 * math.pi) + self.scale.log()
