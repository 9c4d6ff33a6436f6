"""InstanceNorm1d, 2d and 3d: normalise each sample's channels over their positions."""

from __future__ import annotations

import warnings

from ... import _messages as msg
from ..._tensor import Tensor
from .. import functional as F
from .batchnorm import _BatchNorm

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


class _InstanceNorm(_BatchNorm):
    """BatchNorm's parameters and buffers, normalising each (sample, channel) on its own."""

    _ranks: tuple = ()

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = False,
        track_running_stats: bool = False,
        device=None,
        dtype=None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__(
            num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias
        )

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in self._ranks:
            expected = " or ".join(f"{r}D" for r in self._ranks)
            raise ValueError(msg.BN_MODULE_DIM.format(expected=expected, got=input.dim()))

    def forward(self, input: Tensor) -> Tensor:
        self._check_input_dim(input)
        dim = input.dim() - self._ranks[0]  # the channel dim: 0 when unbatched
        if input.shape[dim] != self.num_features:
            if self.affine:
                raise ValueError(
                    msg.INSTANCE_NORM_FEATURES.format(
                        dim=dim, features=self.num_features, got=input.shape[dim]
                    )
                )
            warnings.warn(msg.INSTANCE_NORM_FEATURES_WARNING.format(dim=dim), stacklevel=2)
        unbatched = dim == 0
        x = input.unsqueeze(0) if unbatched else input
        out = F.instance_norm(
            x,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            self.training or not self.track_running_stats,
            0.0 if self.momentum is None else self.momentum,
            self.eps,
        )
        return out.squeeze(0) if unbatched else out


class InstanceNorm1d(_InstanceNorm):
    """Instance normalization of (N, C, L) or unbatched (C, L) inputs over L."""

    _ranks = (2, 3)


class InstanceNorm2d(_InstanceNorm):
    """Instance normalization of (N, C, H, W) or unbatched (C, H, W) inputs over H and W."""

    _ranks = (3, 4)


class InstanceNorm3d(_InstanceNorm):
    """Instance normalization of (N, C, D, H, W) or unbatched (C, D, H, W) inputs over D, H, W."""

    _ranks = (4, 5)
