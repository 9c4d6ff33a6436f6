"""`torch.distributions.Dirichlet` and `Beta` (a two-category Dirichlet, as in PyTorch).
Sampling only: normalised Gamma draws have no reparameterised gradient here."""

from __future__ import annotations

from numbers import Number

from .. import _messages as msg
from .._creation import tensor
from .._size import Size
from .._tensor import Tensor
from ..dtypes import get_default_dtype
from ..nn.functional import one_hot
from ..ops import stack, where, xlogy
from . import constraints
from ._samplers import standard_gamma
from .distribution import Distribution
from .utils import broadcast_all


class Dirichlet(Distribution):
    """Dirichlet(concentration): a distribution over probability vectors (the last dim)."""

    arg_constraints = {"concentration": constraints.independent(constraints.positive, 1)}
    support = constraints.simplex

    def __init__(self, concentration: Tensor, validate_args: bool | None = None) -> None:
        if concentration.dim() < 1:
            raise ValueError(msg.DIST_AT_LEAST_1D.format(name="concentration"))
        self.concentration = concentration
        shape = concentration.size()
        super().__init__(shape[:-1], shape[-1:], validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        return self._expanded(
            Dirichlet, batch_shape, {"concentration": batch_shape + self._event_shape}, _instance
        )

    @property
    def mean(self) -> Tensor:
        return self.concentration / self.concentration.sum(-1, True)

    @property
    def mode(self) -> Tensor:
        shifted = (self.concentration - 1).clamp(min=0)
        mode = shifted / shifted.sum(-1, True)
        corner = one_hot(self.concentration.argmax(-1), shifted.shape[-1]).to(mode.dtype)
        return where((self.concentration < 1).all(-1, keepdim=True), corner, mode)

    @property
    def variance(self) -> Tensor:
        total = self.concentration.sum(-1, True)
        return self.concentration * (total - self.concentration) / (total.pow(2) * (total + 1))

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        gammas = standard_gamma(self.concentration.expand(self._extended_shape(sample_shape)))
        return gammas / gammas.sum(-1, True)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        a = self.concentration
        return xlogy(a - 1, value).sum(-1) + a.sum(-1).lgamma() - a.lgamma().sum(-1)

    def entropy(self) -> Tensor:
        a = self.concentration
        k, total = a.shape[-1], a.sum(-1)
        return (
            a.lgamma().sum(-1)
            - total.lgamma()
            - (k - total) * total.digamma()
            - ((a - 1) * a.digamma()).sum(-1)
        )


class Beta(Distribution):
    """Beta(concentration1, concentration0): density x^(c1-1) (1-x)^(c0-1) / B(c1, c0) on
    [0, 1], scored through a Dirichlet over (x, 1 - x)."""

    arg_constraints = {
        "concentration1": constraints.positive,
        "concentration0": constraints.positive,
    }
    support = constraints.unit_interval

    def __init__(
        self,
        concentration1: Tensor | float,
        concentration0: Tensor | float,
        validate_args: bool | None = None,
    ) -> None:
        if isinstance(concentration1, Number) and isinstance(concentration0, Number):
            both = tensor([float(concentration1), float(concentration0)], dtype=get_default_dtype())
        else:
            both = stack(broadcast_all(concentration1, concentration0), -1)
        self._dirichlet = Dirichlet(both, validate_args=validate_args)
        super().__init__(self._dirichlet._batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Beta, _instance)
        batch_shape = Size(batch_shape)
        new._dirichlet = self._dirichlet.expand(batch_shape)
        Distribution.__init__(new, batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def concentration1(self) -> Tensor:
        return self._dirichlet.concentration[..., 0]

    @property
    def concentration0(self) -> Tensor:
        return self._dirichlet.concentration[..., 1]

    @property
    def mean(self) -> Tensor:
        return self.concentration1 / (self.concentration1 + self.concentration0)

    @property
    def mode(self) -> Tensor:
        return self._dirichlet.mode[..., 0]

    @property
    def variance(self) -> Tensor:
        total = self.concentration1 + self.concentration0
        return self.concentration1 * self.concentration0 / (total.pow(2) * (total + 1))

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        return self._dirichlet.sample(sample_shape)[..., 0]

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return self._dirichlet.log_prob(stack([value, 1.0 - value], -1))

    def entropy(self) -> Tensor:
        return self._dirichlet.entropy()
