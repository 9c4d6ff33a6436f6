"""Padding layers: zero, constant, reflection, replication and circular padding of the last one
or two dims, each a thin wrapper of F.pad with PyTorch's reprs."""

from __future__ import annotations

from ... import _messages as msg
from ..._tensor import Tensor
from .. import functional as F
from .module import Module

__all__ = [
    "CircularPad1d",
    "CircularPad2d",
    "ConstantPad1d",
    "ConstantPad2d",
    "ReflectionPad1d",
    "ReflectionPad2d",
    "ReplicationPad1d",
    "ReplicationPad2d",
    "ZeroPad1d",
    "ZeroPad2d",
]


class _PadNd(Module):
    """F.pad(input, self.padding, mode); an int padding pads every side by it."""

    _mode = "constant"
    _sides = 2  # pad entries: 2 for the 1d layers, 4 for the 2d ones

    def __init__(self, padding) -> None:
        super().__init__()
        self.padding = (padding,) * self._sides if isinstance(padding, int) else tuple(padding)

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    """Pads with `value`."""

    def __init__(self, padding, value: float) -> None:
        super().__init__(padding)
        self.value = value

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Pads the last dim with `value`: padding = int or (left, right)."""


class ConstantPad2d(_ConstantPadNd):
    """Pads the last two dims with `value`: padding = int or (left, right, top, bottom)."""

    _sides = 4


class ZeroPad1d(ConstantPad1d):
    """Pads the last dim with zeros."""

    extra_repr = _PadNd.extra_repr

    def __init__(self, padding) -> None:
        super().__init__(padding, 0.0)


class ZeroPad2d(ConstantPad2d):
    """Pads the last two dims with zeros."""

    extra_repr = _PadNd.extra_repr

    def __init__(self, padding) -> None:
        super().__init__(padding, 0.0)


class ReflectionPad1d(_PadNd):
    """Pads the last dim with its reflection (the edge not repeated)."""

    _mode = "reflect"


class ReflectionPad2d(ReflectionPad1d):
    """Pads the last two dims with their reflection."""

    _sides = 4


class ReplicationPad1d(_PadNd):
    """Pads the last dim by repeating its edge values."""

    _mode = "replicate"


class ReplicationPad2d(ReplicationPad1d):
    """Pads the last two dims by repeating their edge values."""

    _sides = 4


class CircularPad1d(_PadNd):
    """Pads the last dim by wrapping around; takes (C, L) or (N, C, L) input."""

    _mode = "circular"

    def forward(self, input: Tensor) -> Tensor:
        low = self._sides // 2 + 1
        if input.dim() not in (low, low + 1):
            raise ValueError(msg.PAD_LAYER_DIMS.format(low=low, high=low + 1, ndim=input.dim()))
        return super().forward(input)


class CircularPad2d(CircularPad1d):
    """Pads the last two dims by wrapping around; takes (C, H, W) or (N, C, H, W) input."""

    _sides = 4
