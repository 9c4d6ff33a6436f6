"""Conv3d, MaxPool3d, AvgPool3d, AdaptiveAvgPool3d and BatchNorm3d: the 2-D layers over
(N, C, D, H, W) volumes."""

from __future__ import annotations

from ... import _messages as msg
from ..._tensor import Tensor
from ...ops.convolution import triple
from .. import functional as F
from .batchnorm import _BatchNorm
from .conv import _ConvNd
from .pooling import AdaptiveAvgPool2d, AvgPool2d, MaxPool2d

__all__ = ["AdaptiveAvgPool3d", "AvgPool3d", "BatchNorm3d", "Conv3d", "MaxPool3d"]


class Conv3d(_ConvNd):
    """3-D convolution over (N, C_in, D, H, W) with weight (C_out, C_in/groups, kd, kh, kw)."""

    _expand = staticmethod(triple)

    def forward(self, input: Tensor) -> Tensor:
        return F.conv3d(
            input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups
        )


class MaxPool3d(MaxPool2d):
    """The maximum over each (kd, kh, kw) window (stride defaults to kernel_size)."""

    def forward(self, input: Tensor):
        return F.max_pool3d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )


class AvgPool3d(AvgPool2d):
    """The mean over each (kd, kh, kw) window (stride defaults to kernel_size)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.avg_pool3d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )


class AdaptiveAvgPool3d(AdaptiveAvgPool2d):
    """The mean over output_size windows that tile (D, H, W), whatever the input size."""

    def forward(self, input: Tensor) -> Tensor:
        return F.adaptive_avg_pool3d(input, self.output_size)


class BatchNorm3d(_BatchNorm):
    """Batch normalization of (N, C, D, H, W) inputs over N, D, H and W."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() != 5:
            raise ValueError(msg.BN_MODULE_DIM.format(expected="5D", got=input.dim()))
