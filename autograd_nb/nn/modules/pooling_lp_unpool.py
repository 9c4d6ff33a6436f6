"""LPPool1d/2d (the p-norm of each window) and MaxUnpool1d/2d (max pooling's partial inverse)."""

from __future__ import annotations

from ..._tensor import Tensor
from ...ops.convolution import pair, single, triple
from .. import functional as F
from .module import Module

__all__ = ["LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"]


class LPPool1d(Module):
    """(sum of x^p over each kernel_size window)^(1/p) along the last dim."""

    _pool = staticmethod(F.lp_pool1d)

    def __init__(self, norm_type: float, kernel_size, stride=None, ceil_mode: bool = False) -> None:
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def forward(self, input: Tensor) -> Tensor:
        return self._pool(
            input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode
        )

    def extra_repr(self) -> str:
        return (
            f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
            f"stride={self.stride}, ceil_mode={self.ceil_mode}"
        )


class LPPool2d(LPPool1d):
    """(sum of x^p over each kernel_size window)^(1/p) over the last two dims."""

    _pool = staticmethod(F.lp_pool2d)


class MaxUnpool1d(Module):
    """Max pooling undone: values put back at the indices max_pool1d returned, zeros elsewhere."""

    _expand = staticmethod(single)
    _unpool = staticmethod(F.max_unpool1d)

    def __init__(self, kernel_size, stride=None, padding=0) -> None:
        super().__init__()
        self.kernel_size = self._expand(kernel_size)
        self.stride = self._expand(stride if stride is not None else kernel_size)
        self.padding = self._expand(padding)

    def forward(self, input: Tensor, indices: Tensor, output_size=None) -> Tensor:
        return self._unpool(
            input, indices, self.kernel_size, self.stride, self.padding, output_size
        )

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool2d(MaxUnpool1d):
    """Max pooling undone: values put back at the indices max_pool2d returned, zeros elsewhere."""

    _expand = staticmethod(pair)
    _unpool = staticmethod(F.max_unpool2d)


class MaxUnpool3d(MaxUnpool1d):
    """Max pooling undone: values put back at the indices max_pool3d returned, zeros elsewhere."""

    _expand = staticmethod(triple)
    _unpool = staticmethod(F.max_unpool3d)
