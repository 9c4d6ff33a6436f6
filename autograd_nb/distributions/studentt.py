"""`torch.distributions.StudentT`: heavy-tailed location-scale family with `df` degrees of
freedom. Sampling only (its Chi2 part has no reparameterised gradient here)."""

from __future__ import annotations

import math

from .._size import Size
from .._tensor import Tensor
from ..ops import where
from . import constraints
from .distribution import Distribution
from .gamma import Chi2
from .utils import batch_shape_of, broadcast_all, standard_normal


class StudentT(Distribution):
    """StudentT(df, loc, scale): loc + scale * Z / sqrt(Chi2(df) / df)."""

    arg_constraints = {
        "df": constraints.positive,
        "loc": constraints.real,
        "scale": constraints.positive,
    }
    support = constraints.real

    def __init__(
        self,
        df: Tensor | float,
        loc: Tensor | float = 0.0,
        scale: Tensor | float = 1.0,
        validate_args: bool | None = None,
    ) -> None:
        self.df, self.loc, self.scale = broadcast_all(df, loc, scale)
        self._chi2 = Chi2(self.df)
        super().__init__(batch_shape_of((df, loc, scale), self.df), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        new = self._expanded(
            StudentT, batch_shape, dict.fromkeys(("df", "loc", "scale"), batch_shape), _instance
        )
        new._chi2 = self._chi2.expand(batch_shape)
        return new

    @property
    def mean(self) -> Tensor:
        return where(self.df <= 1, math.nan, self.loc)

    @property
    def mode(self) -> Tensor:
        return self.loc

    @property
    def variance(self) -> Tensor:
        finite = self.scale.pow(2) * self.df / (self.df - 2).clamp(min=1e-30)
        return where(self.df > 2, finite, where(self.df > 1, math.inf, math.nan))

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        shape = self._extended_shape(sample_shape)
        chi2 = self._chi2.sample(sample_shape)
        return self.loc + self.scale * standard_normal(shape, self.df) * (chi2 / self.df).rsqrt()

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        y = (value - self.loc) / self.scale
        z = (
            self.scale.log()
            + 0.5 * self.df.log()
            + 0.5 * math.log(math.pi)
            + (0.5 * self.df).lgamma()
            - (0.5 * (self.df + 1.0)).lgamma()
        )
        return -0.5 * (self.df + 1.0) * (y.pow(2) / self.df).log1p() - z

    def entropy(self) -> Tensor:
        half_df, half_df1 = 0.5 * self.df, 0.5 * (self.df + 1)
        lbeta = half_df.lgamma() + math.lgamma(0.5) - half_df1.lgamma()
        return (
            self.scale.log()
            + half_df1 * (half_df1.digamma() - half_df.digamma())
            + 0.5 * self.df.log()
            + lbeta
        )
