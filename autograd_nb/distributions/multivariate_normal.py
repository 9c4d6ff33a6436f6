"""`torch.distributions.MultivariateNormal`: a Gaussian over vectors, given by its covariance,
precision or lower Cholesky factor; reparameterised."""

from __future__ import annotations

import math

from .. import _messages as msg
from .._creation import eye
from .._size import Size
from .._tensor import Tensor
from ..ops import matmul
from ..ops._helpers import broadcast_shapes
from ..ops.decompositions import cholesky, inv, solve
from . import constraints
from .distribution import Distribution
from .normal import _LocScale
from .utils import lazy_property, standard_normal

_MATRICES = ("covariance_matrix", "precision_matrix", "scale_tril")


def _batch_mahalanobis(L: Tensor, x: Tensor) -> Tensor:
    """|L^-1 x|^2 for each vector x, with L's batch dims broadcast against x's."""
    shape = broadcast_shapes(tuple(L.shape[:-2]), tuple(x.shape[:-1]))
    n = x.shape[-1]
    z = solve(L.expand(shape + (n, n)), x.expand(shape + (n,)).unsqueeze(-1))
    return z.squeeze(-1).pow(2).sum(-1)


def _half_log_det(L: Tensor) -> Tensor:
    """log|det L| for a lower Cholesky factor: half the covariance's log-determinant."""
    return L.diagonal(dim1=-2, dim2=-1).log().sum(-1)


def _precision_to_scale_tril(P: Tensor) -> Tensor:
    """The lower Cholesky factor of P^-1, from the Cholesky factor of P with flipped axes."""
    Lf = cholesky(P.flip((-2, -1)))
    L_inv = Lf.flip((-2, -1)).transpose(-2, -1)
    return solve(L_inv, eye(P.shape[-1], dtype=P.dtype, device=P.device))


class MultivariateNormal(Distribution):
    """MultivariateNormal(loc, covariance_matrix=... | precision_matrix=... | scale_tril=...)."""

    arg_constraints = {
        "loc": constraints.real_vector,
        "covariance_matrix": constraints.positive_definite,
        "precision_matrix": constraints.positive_definite,
        "scale_tril": constraints.lower_cholesky,
    }
    support = constraints.real_vector
    has_rsample = True

    def __init__(
        self,
        loc: Tensor,
        covariance_matrix: Tensor | None = None,
        precision_matrix: Tensor | None = None,
        scale_tril: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:
        if loc.dim() < 1:
            raise ValueError(msg.DIST_MVN_LOC)
        given = {
            name: m
            for name, m in zip(_MATRICES, (covariance_matrix, precision_matrix, scale_tril))
            if m is not None
        }
        if len(given) != 1:
            raise ValueError(msg.DIST_MVN_ONE_OF)
        ((name, matrix),) = given.items()
        if matrix.dim() < 2:
            label = "scale_tril matrix" if name == "scale_tril" else name
            raise ValueError(msg.DIST_MVN_MATRIX.format(name=label))
        batch_shape = broadcast_shapes(tuple(matrix.shape[:-2]), tuple(loc.shape[:-1]))
        setattr(self, name, matrix.expand(batch_shape + (-1, -1)))
        self.loc = loc.expand(batch_shape + (-1,))
        super().__init__(batch_shape, self.loc.shape[-1:], validate_args=validate_args)
        if name == "scale_tril":
            self._unbroadcasted_scale_tril = matrix
        elif name == "covariance_matrix":
            self._unbroadcasted_scale_tril = cholesky(matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(matrix)

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        matrix_shape = batch_shape + self._event_shape + self._event_shape
        params = {"loc": batch_shape + self._event_shape}
        params.update({name: matrix_shape for name in _MATRICES if name in self.__dict__})
        new = self._expanded(MultivariateNormal, batch_shape, params, _instance)
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril
        return new

    def _matrix_shape(self) -> Size:
        return self._batch_shape + self._event_shape + self._event_shape

    @lazy_property
    def scale_tril(self) -> Tensor:
        return self._unbroadcasted_scale_tril.expand(self._matrix_shape())

    @lazy_property
    def covariance_matrix(self) -> Tensor:
        L = self._unbroadcasted_scale_tril
        return matmul(L, L.mT).expand(self._matrix_shape())

    @lazy_property
    def precision_matrix(self) -> Tensor:
        L = self._unbroadcasted_scale_tril
        return inv(matmul(L, L.mT)).expand(self._matrix_shape())

    mean = _LocScale.mean
    mode = _LocScale.mode

    @property
    def variance(self) -> Tensor:
        return (
            self._unbroadcasted_scale_tril.pow(2)
            .sum(-1)
            .expand(self._batch_shape + self._event_shape)
        )

    def rsample(self, sample_shape: tuple = ()) -> Tensor:
        eps = standard_normal(self._extended_shape(sample_shape), self.loc)
        return self.loc + matmul(self._unbroadcasted_scale_tril, eps.unsqueeze(-1)).squeeze(-1)

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        M = _batch_mahalanobis(self._unbroadcasted_scale_tril, value - self.loc)
        return -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M) - _half_log_det(
            self._unbroadcasted_scale_tril
        )

    def entropy(self) -> Tensor:
        H = 0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi)) + _half_log_det(
            self._unbroadcasted_scale_tril
        )
        return H if len(self._batch_shape) == 0 else H.expand(self._batch_shape)
