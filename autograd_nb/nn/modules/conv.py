"""Conv1d and Conv2d: convolution layers (zeros padding)."""

from __future__ import annotations

from ... import _messages as msg
from ..._tensor import Tensor
from ...ops.convolution import pair, single
from .. import functional as F
from .linear import add_weight_and_bias, reset_weight_and_bias
from .module import Module

__all__ = ["Conv1d", "Conv2d"]


class _ConvNd(Module):
    """What Conv1d and Conv2d share; they differ in how an int becomes a size per dim."""

    _expand = staticmethod(pair)

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device=None, dtype=None) -> None:
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError(msg.CONV_GROUPS.format(name="in_channels"))
        if out_channels % groups != 0:
            raise ValueError(msg.CONV_GROUPS.format(name="out_channels"))
        expand = self._expand
        stride = expand(stride)
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(msg.CONV_MODULE_PADDING_STRING.format(padding=padding))
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError(msg.CONV_SAME_STRIDED)
        else:
            padding = expand(padding)
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"padding_mode must be one of ['zeros', 'reflect', 'replicate', "
                             f"'circular'], but got padding_mode='{padding_mode}'")
        if padding_mode != "zeros":
            raise NotImplementedError(f"padding_mode={padding_mode!r} is not implemented in "
                                      f"autograd_nb (only 'zeros')")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = expand(kernel_size)
        self.stride = stride
        self.padding = padding
        self.dilation = expand(dilation)
        self.transposed = False
        self.output_padding = expand(0)
        self.groups = groups
        self.padding_mode = padding_mode
        shape = (out_channels, in_channels // groups) + self.kernel_size
        add_weight_and_bias(self, shape, bias, device, dtype)

    def reset_parameters(self) -> None:
        """PyTorch's default: kaiming_uniform_(a=sqrt(5)), bias U(-1/sqrt(fan_in), ...)."""
        reset_weight_and_bias(self)

    def extra_repr(self) -> str:
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s


class Conv1d(_ConvNd):
    """1-D convolution over (N, C_in, L) with weight (C_out, C_in/groups, k)."""

    _expand = staticmethod(single)

    def forward(self, input: Tensor) -> Tensor:
        return F.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)


class Conv2d(_ConvNd):
    """2-D convolution over (N, C_in, H, W) with weight (C_out, C_in/groups, kh, kw)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                        self.groups)
