"""The shrinking and gating activations: softshrink, hardshrink, threshold, glu.

Each op is a node named like PyTorch's grad_fn beside its forward (see `activation.py`).
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from .._type_info import finfo
from ..autograd.node import Node
from ._helpers import check_tensor, normalize_dim, record, require_floating, scalar_for
from .activation import _sigmoid
from .inplace import apply_inplace
from .pointwise import where
from .shape import cat


class SoftshrinkBackward0(Node):
    """grad where |x| > lambd, else 0."""

    __slots__ = ("_saved_lambd",)
    _saved_names = ("self",)

    def backward(self, grad):
        return where(self._unpack(0).abs() > self._saved_lambd, grad, 0)


class HardshrinkBackward0(SoftshrinkBackward0):
    """grad where |x| > lambd, else 0 (the same gradient as softshrink's)."""

    __slots__ = ()


def softshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """x - lambd where x > lambd, x + lambd where x < -lambd, 0 between."""
    x = check_tensor(input, "softshrink")
    require_floating(x, "softshrink_check")
    if not 0 <= lambd <= finfo(x.dtype).max:
        raise RuntimeError(
            msg.SOFTSHRINK_LAMBDA.format(
                max=f"{finfo(x.dtype).max:g}", dtype=x.dtype.legacy_name[:-6], lambd=f"{lambd:g}"
            )
        )
    xp, data = x._backend.xp, x._data
    out = xp.where(data > lambd, data - lambd, xp.where(data < -lambd, data + lambd, data * 0))
    return record(SoftshrinkBackward0, (x,), out, x._backend, (x,), lambd=lambd)


@tensor_method("hardshrink")
def hardshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """x where |x| > lambd, else 0."""
    x = check_tensor(input, "hardshrink")
    require_floating(x, "hardshrink_cpu")
    xp, data = x._backend.xp, x._data
    out = xp.where((data >= -lambd) & (data <= lambd), xp.zeros_like(data), data)
    return record(HardshrinkBackward0, (x,), out, x._backend, (x,), lambd=lambd)


class ThresholdBackward0(Node):
    """grad where x > threshold, else 0."""

    __slots__ = ("_saved_threshold",)
    _saved_names = ("self",)

    def backward(self, grad):
        return where(self._unpack(0) > self._saved_threshold, grad, 0)


class ThresholdBackward1(ThresholdBackward0):
    """The in-place form also saves the input (its value before the op)."""

    __slots__ = ()


def _threshold(x: Tensor, threshold: float, value: float, cls) -> Tensor:
    if x.dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="threshold_cpu", dtype="Bool"))
    data = x._data
    limit = scalar_for(threshold, x.dtype)
    fill = x._backend.xp.full_like(data, scalar_for(value, x.dtype))
    out = x._backend.xp.where(data > limit, data, fill)
    return record(cls, (x,), out, x._backend, (x,), threshold=threshold)


def threshold(input: Tensor, threshold: float, value: float) -> Tensor:
    """x where x > threshold, else value (integer tensors take both as integers)."""
    return _threshold(check_tensor(input, "threshold"), threshold, value, ThresholdBackward0)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """threshold written into `input` (ThresholdBackward1)."""
    return apply_inplace(
        check_tensor(input, "threshold_"), _threshold, threshold, value, ThresholdBackward1
    )


class GluBackward0(Node):
    """For a, b the halves of x along dim: cat(grad * s, grad * a * s * (1 - s)), s = sigmoid(b)."""

    __slots__ = ("_saved_dim", "_dim")
    _saved_names = ("self",)

    def backward(self, grad):
        a, b = self._unpack(0).chunk(2, self._dim)
        s = _sigmoid(b)
        return cat([grad * s, grad * a * s * (1 - s)], self._dim)


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """a * sigmoid(b), a and b the first and second halves of `input` (at least 1-d; F.glu
    refuses 0-d) along `dim`."""
    x = check_tensor(input, "glu")
    d = normalize_dim(dim, x.dim())
    size = x.shape[d]
    if size % 2:
        raise RuntimeError(msg.GLU_ODD.format(dim=d, size=size))
    require_floating(x, "glu_cpu")
    xp, data = x._backend.xp, x._data
    half = size // 2
    first = tuple(slice(None) for _ in range(d))
    a, b = data[first + (slice(0, half), ...)], data[first + (slice(half, size), ...)]
    out = a / (1 + xp.exp(-b))
    result = record(
        GluBackward0, (x,), out, x._backend, (x,), dim=dim % 2**64
    )  # PyTorch shows dim as uint64
    if result._grad_fn is not None:
        result._grad_fn._dim = d
    return result


__all__ = ["hardshrink", "threshold", "threshold_"]
