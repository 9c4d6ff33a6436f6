"""Python callables run on each element, in place: `Tensor.apply_` and `Tensor.map_` (CPU only).

PyTorch calls the function once per element with a Python number and writes the number it returns
back, cast to the tensor's dtype; no graph is recorded (a tensor that requires grad is refused)
and, as in PyTorch, the version counter is not bumped.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method, typename
from ._helpers import check_tensor


def _check_target(self: Tensor, name: str, fn) -> None:
    if self.device.type != "cpu":
        raise TypeError(msg.CALLABLE_CPU_ONLY.format(name=name))
    if self.requires_grad:
        raise RuntimeError(msg.CALLABLE_REQUIRES_GRAD.format(name=name))
    if not callable(fn):
        raise TypeError(msg.CALLABLE_NOT_CALLABLE.format(type=type(fn).__name__))


def _number(value, dtype: dtypes.dtype):
    """The callable's result converted as PyTorch converts it into `dtype`, with its errors."""
    if not isinstance(value, numbers.Real):
        raise TypeError(msg.CALLABLE_RESULT.format(type=type(value).__name__))
    if dtype is dtypes.bool or dtype.is_floating_point:
        return value
    if isinstance(value, numbers.Integral) and not -(2**63) <= value < 2**63:
        raise ValueError(msg.LONG_OVERFLOW)
    info = np.iinfo(dtype.name)
    if math.isnan(value) or not info.min <= math.trunc(value) <= info.max:
        raise RuntimeError(msg.INT_OVERFLOW.format(dtype=dtype.name))
    return math.trunc(value)


@tensor_method("apply_")
def apply_(self: Tensor, callable) -> Tensor:  # noqa: A002 - PyTorch's name
    """Replace each element x by callable(x), in place (CPU tensors, no autograd)."""
    _check_target(self, "apply_", callable)
    data = self._data
    for index in np.ndindex(data.shape):
        data[index] = _number(callable(data[index].item()), self.dtype)
    return self


@tensor_method("map_")
def map_(self: Tensor, tensor, callable) -> Tensor:  # noqa: A002 - PyTorch's name
    """Replace each element x by callable(x, y), y the matching element of `tensor` broadcast to
    self's shape, in place (CPU tensors, no autograd)."""
    other = check_tensor(tensor, "map_", "other", 1)
    _check_target(self, "map_", callable)
    if other.dtype is not self.dtype:
        raise TypeError(msg.MAP_OTHER_TYPE.format(expected=typename(self), got=typename(other)))
    data, values = self._data, other.detach().expand(self.shape)._data
    for index in np.ndindex(data.shape):
        data[index] = _number(callable(data[index].item(), values[index].item()), self.dtype)
    return self


__all__: list[str] = []  # Tensor methods only
