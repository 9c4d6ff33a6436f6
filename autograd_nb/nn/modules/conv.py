"""Convolution layers: Conv1d, Conv2d, Conv3d and the transposed ConvTranspose1d/2d/3d."""

from __future__ import annotations

from ... import _messages as msg
from ..._tensor import Tensor
from ...ops.convolution import pair, single, triple
from .. import functional as F
from .linear import add_weight_and_bias, reset_weight_and_bias
from .module import Module

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"]


class _ConvNd(Module):
    """What the convolution layers share; they differ in how an int becomes a size per dim and
    in the weight's layout: (out, in/groups, k...), or (in, out/groups, k...) when transposed."""

    _expand: staticmethod  # an int as a size per spatial dim (single, pair, triple)
    _conv: staticmethod  # the functional form forward calls (F.conv2d, ...)
    _transposed = False

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size,
        stride=1,
        padding=0,
        dilation=1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        if groups <= 0:
            raise ValueError(msg.CONV_MODULE_GROUPS_POSITIVE)
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
            raise ValueError(msg.CONV_PADDING_MODE.format(padding_mode=padding_mode))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = expand(kernel_size)
        self.stride = stride
        self.padding = padding
        self.dilation = expand(dilation)
        self.transposed = self._transposed
        self.output_padding = expand(0)
        self.groups = groups
        self.padding_mode = padding_mode
        add_weight_and_bias(self, self._weight_shape(), bias, device, dtype, out_channels)

    def _weight_shape(self) -> tuple:
        """(out, in/groups, k...), or (in, out/groups, k...) when transposed."""
        channels = (self.in_channels, self.out_channels)
        first, second = channels if self.transposed else channels[::-1]
        return (first, second // self.groups) + tuple(self.kernel_size)

    def forward(self, input: Tensor) -> Tensor:
        input, padding = self._padded(input)
        return self._conv(
            input, self.weight, self.bias, self.stride, padding, self.dilation, self.groups
        )

    def _padded(self, input: Tensor) -> tuple:
        """(input, padding) for the convolution: with a padding_mode other than 'zeros', PyTorch
        pads the input with F.pad(mode=padding_mode) first and convolves with padding 0."""
        if self.padding_mode == "zeros":
            return input, self.padding
        if self.padding == "valid":
            return input, 0
        pads = []
        for d in reversed(range(len(self.kernel_size))):
            if self.padding == "same":
                total = self.dilation[d] * (self.kernel_size[d] - 1)
                pads += [total // 2, total - total // 2]
            else:
                pads += [self.padding[d], self.padding[d]]
        return F.pad(input, pads, mode=self.padding_mode), 0

    def reset_parameters(self) -> None:
        """PyTorch's default: kaiming_uniform_(a=sqrt(5)), bias U(-1/sqrt(fan_in), ...)."""
        reset_weight_and_bias(self)

    def extra_repr(self) -> str:
        s = (
            f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}"
        )
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class Conv1d(_ConvNd):
    """1-D convolution over (N, C_in, L) with weight (C_out, C_in/groups, k)."""

    _expand = staticmethod(single)
    _conv = staticmethod(F.conv1d)


class Conv2d(_ConvNd):
    """2-D convolution over (N, C_in, H, W) with weight (C_out, C_in/groups, kh, kw)."""

    _expand = staticmethod(pair)
    _conv = staticmethod(F.conv2d)


class _ConvTransposeNd(_ConvNd):
    """What ConvTranspose1d, 2d and 3d share: PyTorch's argument order, output_padding
    and forward's optional output_size (which picks the output_padding)."""

    _transposed = True

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size,
        stride=1,
        padding=0,
        output_padding=0,
        groups: int = 1,
        bias: bool = True,
        dilation=1,
        padding_mode: str = "zeros",
        device=None,
        dtype=None,
    ) -> None:
        if padding_mode != "zeros":
            raise ValueError(msg.CONV_T_PADDING_MODE.format(name=type(self).__name__))
        super().__init__(
            in_channels,
            out_channels,
            kernel_size,
            stride,
            padding,
            dilation,
            groups,
            bias,
            padding_mode,
            device,
            dtype,
        )
        self.output_padding = self._expand(output_padding)

    def forward(self, input: Tensor, output_size: list[int] | None = None) -> Tensor:
        return self._conv(
            input,
            self.weight,
            self.bias,
            self.stride,
            self.padding,
            self._output_padding(input, output_size),
            self.groups,
            self.dilation,
        )

    def _output_padding(self, input: Tensor, output_size) -> tuple:
        """self.output_padding, or the one that makes the output output_size (PyTorch's rule)."""
        if output_size is None:
            return self.output_padding
        nd = len(self.kernel_size)
        leading = 2 if input.dim() == nd + 2 else 1
        output_size = list(output_size)
        if len(output_size) == leading + nd:
            output_size = output_size[leading:]
        if len(output_size) != nd:
            raise ValueError(
                msg.CONV_T_OUTPUT_SIZE_LENGTH.format(
                    nd=nd, dim=input.dim(), full=leading + nd, got=len(output_size)
                )
            )
        low = [
            (input.shape[leading + d] - 1) * self.stride[d]
            - 2 * self.padding[d]
            + self.dilation[d] * (self.kernel_size[d] - 1)
            + 1
            for d in range(nd)
        ]
        high = [size + stride - 1 for size, stride in zip(low, self.stride)]
        if any(not lo <= size <= hi for size, lo, hi in zip(output_size, low, high)):
            raise ValueError(
                msg.CONV_T_OUTPUT_SIZE_RANGE.format(
                    size=output_size, low=low, high=high, input=input.shape[2:]
                )
            )
        return tuple(size - lo for size, lo in zip(output_size, low))


class ConvTranspose1d(_ConvTransposeNd):
    """1-D transposed convolution over (N, C_in, L), weight (C_in, C_out/groups, k)."""

    _expand = staticmethod(single)
    _conv = staticmethod(F.conv_transpose1d)


class ConvTranspose2d(_ConvTransposeNd):
    """2-D transposed convolution over (N, C_in, H, W), weight (C_in, C_out/groups, kh, kw)."""

    _expand = staticmethod(pair)
    _conv = staticmethod(F.conv_transpose2d)


class Conv3d(_ConvNd):
    """3-D convolution over (N, C_in, D, H, W) with weight (C_out, C_in/groups, kd, kh, kw)."""

    _expand = staticmethod(triple)
    _conv = staticmethod(F.conv3d)


class ConvTranspose3d(_ConvTransposeNd):
    """3-D transposed convolution of (N, C_in, D, H, W), weight (C_in, C_out/groups, kd, kh, kw)."""

    _expand = staticmethod(triple)
    _conv = staticmethod(F.conv_transpose3d)
