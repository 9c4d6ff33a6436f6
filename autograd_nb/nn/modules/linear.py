"""Linear and Identity layers."""

from __future__ import annotations

import math
from typing import Any

from ..._creation import empty
from ..._tensor import Tensor
from .. import functional as F
from .. import init
from ..parameter import Parameter
from .module import Module

__all__ = ["Identity", "Linear", "NonDynamicallyQuantizableLinear"]


def add_weight_and_bias(
    module: Module, shape: tuple, bias: bool, device, dtype, bias_size: int | None = None
) -> None:
    """Register `weight` of `shape` and a `bias` of bias_size (default shape[0]) or None, then
    initialise them."""
    module.weight = Parameter(empty(shape, device=device, dtype=dtype))
    if bias:
        size = shape[0] if bias_size is None else bias_size
        module.bias = Parameter(empty(size, device=device, dtype=dtype))
    else:
        module.register_parameter("bias", None)
    module.reset_parameters()


def reset_weight_and_bias(module: Module) -> None:
    """PyTorch's default for Linear/Conv: kaiming_uniform_(a=sqrt(5)) weight, bias from
    U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    init.kaiming_uniform_(module.weight, a=math.sqrt(5))
    if module.bias is not None:
        fan_in, _ = init._calculate_fan_in_and_fan_out(module.weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(module.bias, -bound, bound)


class Identity(Module):
    """Returns its input unchanged (a placeholder layer); arguments are ignored."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def forward(self, input: Tensor) -> Tensor:
        return input


class Linear(Module):
    """y = x @ weight.T + bias, weight (out_features, in_features), PyTorch's default init."""

    def __init__(
        self, in_features: int, out_features: int, bias: bool = True, device=None, dtype=None
    ) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        add_weight_and_bias(self, (out_features, in_features), bias, device, dtype)

    def reset_parameters(self) -> None:
        """kaiming_uniform_(a=sqrt(5)) for the weight, U(-1/sqrt(fan_in), 1/sqrt(fan_in)) bias."""
        reset_weight_and_bias(self)

    def forward(self, input: Tensor) -> Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class NonDynamicallyQuantizableLinear(Linear):
    """A Linear that PyTorch's quantization leaves alone; MultiheadAttention's out_proj."""
