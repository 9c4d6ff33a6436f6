"""MaxPool1d, AvgPool1d, AdaptiveAvgPool1d, AdaptiveMaxPool1d and AdaptiveMaxPool2d."""

from __future__ import annotations

from ..._tensor import Tensor
from ...ops.convolution import single
from .. import functional as F
from .module import Module
from .pooling import AdaptiveAvgPool2d, AvgPool2d, MaxPool2d

__all__ = ["AdaptiveAvgPool1d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AvgPool1d", "MaxPool1d"]


class MaxPool1d(MaxPool2d):
    """The maximum over each kernel_size window of the last dim (stride defaults to kernel)."""

    def forward(self, input: Tensor):
        return F.max_pool1d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )


class AvgPool1d(AvgPool2d):
    """The mean over each kernel_size window of the last dim (stride defaults to kernel)."""

    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:
        super().__init__(
            single(kernel_size),
            single(stride if stride is not None else kernel_size),
            single(padding),
            ceil_mode,
            count_include_pad,
        )

    def forward(self, input: Tensor) -> Tensor:
        return F.avg_pool1d(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
        )


class AdaptiveAvgPool1d(AdaptiveAvgPool2d):
    """The mean over output_size windows that tile the last dim, whatever its length."""

    def forward(self, input: Tensor) -> Tensor:
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveMaxPool2d(Module):
    """The maximum over output_size windows that tile (H, W) (with indices if return_indices)."""

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input: Tensor):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool1d(AdaptiveMaxPool2d):
    """The maximum over output_size windows that tile the last dim (with indices if asked)."""

    def forward(self, input: Tensor):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)
