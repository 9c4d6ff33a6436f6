"""`torch.distributions.Gamma` and `Chi2`. Sampling only: the reparameterised gradient of
PyTorch's `_standard_gamma` is not implemented, so `rsample` raises NotImplementedError."""

from __future__ import annotations

from .._size import Size
from .._tensor import Tensor
from ..ops import xlogy
from . import constraints
from ._samplers import standard_gamma
from .distribution import Distribution
from .utils import batch_shape_of, broadcast_all


class Gamma(Distribution):
    """Gamma(concentration, rate): density rate^a x^(a-1) exp(-rate x) / Gamma(a) on x >= 0."""

    arg_constraints = {"concentration": constraints.positive, "rate": constraints.positive}
    support = constraints.nonnegative

    def __init__(
        self, concentration: Tensor | float, rate: Tensor | float, validate_args: bool | None = None
    ) -> None:
        self.concentration, self.rate = broadcast_all(concentration, rate)
        super().__init__(
            batch_shape_of((concentration, rate), self.concentration), validate_args=validate_args
        )

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(
            Gamma, batch_shape, {"concentration": batch_shape, "rate": batch_shape}, _instance
        )

    @property
    def mean(self) -> Tensor:
        return self.concentration / self.rate

    @property
    def mode(self) -> Tensor:
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self) -> Tensor:
        return self.concentration / self.rate.pow(2)

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        shape = self._extended_shape(sample_shape)
        return standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return (
            xlogy(self.concentration, self.rate)
            + xlogy(self.concentration - 1, value)
            - self.rate * value
            - self.concentration.lgamma()
        )

    def entropy(self) -> Tensor:
        a = self.concentration
        return a - self.rate.log() + a.lgamma() + (1.0 - a) * a.digamma()


class Chi2(Gamma):
    """Chi2(df): the sum of df squared standard normals, i.e. Gamma(df / 2, 1 / 2)."""

    arg_constraints = {"df": constraints.positive}

    def __init__(self, df: Tensor | float, validate_args: bool | None = None) -> None:
        super().__init__(0.5 * df, 0.5, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return super().expand(batch_shape, self._get_checked_instance(Chi2, _instance))

    @property
    def df(self) -> Tensor:
        return self.concentration * 2
