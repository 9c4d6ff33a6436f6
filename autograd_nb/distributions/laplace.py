"""`torch.distributions.Laplace`: the double exponential around loc, reparameterised."""

from __future__ import annotations

from .._creation import empty
from .._size import Size
from .._tensor import Tensor
from .._type_info import finfo
from .normal import _LocScale


class Laplace(_LocScale):
    """Laplace(loc, scale): density exp(-|x - loc| / scale) / (2 scale)."""

    @property
    def variance(self) -> Tensor:
        return 2 * self.scale.pow(2)

    @property
    def stddev(self) -> Tensor:
        return (2**0.5) * self.scale

    def _noise(self, shape: Size) -> Tensor:
        eps = finfo(self.loc.dtype).eps
        u = empty(shape, dtype=self.loc.dtype, device=self.loc.device).uniform_(eps - 1, 1)
        return -u.sign() * (-u.abs()).log1p()

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return -(2 * self.scale).log() - (value - self.loc).abs() / self.scale

    def cdf(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return (
            0.5 - 0.5 * (value - self.loc).sign() * (-(value - self.loc).abs() / self.scale).expm1()
        )

    def icdf(self, value: Tensor) -> Tensor:
        term = value - 0.5
        return self.loc - self.scale * term.sign() * (-2 * term.abs()).log1p()

    def entropy(self) -> Tensor:
        return 1 + (2 * self.scale).log()
