"""MaxPool, AvgPool and AdaptiveAvgPool/AdaptiveMaxPool layers over 1-D, 2-D and 3-D inputs."""

from __future__ import annotations

from ..._tensor import Tensor
from ...ops.convolution import single
from .. import functional as F
from .module import Module

__all__ = [
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AdaptiveMaxPool3d",
    "AvgPool1d",
    "AvgPool2d",
    "AvgPool3d",
    "MaxPool1d",
    "MaxPool2d",
    "MaxPool3d",
]


class MaxPool2d(Module):
    """The maximum over each kernel_size window (stride defaults to kernel_size)."""

    _pool = staticmethod(F.max_pool2d)  # the functional form forward calls

    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        dilation=1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input: Tensor):
        return self._pool(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.dilation,
            ceil_mode=self.ceil_mode,
            return_indices=self.return_indices,
        )

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class AvgPool2d(Module):
    """The mean over each kernel_size window (stride defaults to kernel_size)."""

    _pool = staticmethod(F.avg_pool2d)  # the functional form forward calls

    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override=None,
    ) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input: Tensor) -> Tensor:
        return self._pool(
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2d(Module):
    """The mean over output_size windows that tile (H, W), whatever the input size."""

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, input: Tensor) -> Tensor:
        return F.adaptive_avg_pool2d(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class MaxPool1d(MaxPool2d):
    """The maximum over each kernel_size window of the last dim (stride defaults to kernel)."""

    _pool = staticmethod(F.max_pool1d)


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


class AdaptiveMaxPool3d(AdaptiveMaxPool2d):
    """The maximum over output_size windows that tile (D, H, W) (with indices if asked)."""

    def forward(self, input: Tensor):
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(AdaptiveMaxPool2d):
    """The maximum over output_size windows that tile the last dim (with indices if asked)."""

    def forward(self, input: Tensor):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class MaxPool3d(MaxPool2d):
    """The maximum over each (kd, kh, kw) window (stride defaults to kernel_size)."""

    _pool = staticmethod(F.max_pool3d)


class AvgPool3d(AvgPool2d):
    """The mean over each (kd, kh, kw) window (stride defaults to kernel_size)."""

    _pool = staticmethod(F.avg_pool3d)


class AdaptiveAvgPool3d(AdaptiveAvgPool2d):
    """The mean over output_size windows that tile (D, H, W), whatever the input size."""

    def forward(self, input: Tensor) -> Tensor:
        return F.adaptive_avg_pool3d(input, self.output_size)
