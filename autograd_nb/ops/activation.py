"""leaky_relu, gelu and dropout: the activations that the tensor ops (relu, sigmoid, ...) lack.

Dropout is `input * mask / (1 - p)` (MulBackward0 on the CPU, as PyTorch's CPU path records);
on a CUDA device PyTorch runs its fused kernel, so there the node is NativeDropoutBackward0.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, require_floating
from .inplace import apply_inplace
from .pointwise import _erf_kernel


class LeakyReluBackward0(Node):
    """grad where x > 0, grad * negative_slope elsewhere."""

    __slots__ = ("_saved_negative_slope",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return grad * (x > 0) + grad * (x <= 0) * self._saved_negative_slope


class LeakyReluBackward1(LeakyReluBackward0):
    """The in-place form saves its result (same sign as its input for a positive slope)."""

    __slots__ = ()
    _saved_names = ("result",)


def _leaky(x: Tensor, negative_slope: float, cls) -> Tensor:
    xp = x._backend.xp
    data = xp.where(x._data > 0, x._data, x._data * negative_slope)
    node = new_node(cls, x)
    if node is None:
        return make_tensor(data, x._backend)
    out = make_tensor(data, x._backend, True, node, 0)
    node._saved_negative_slope = negative_slope
    if cls is LeakyReluBackward1:
        node.save_output(out)
    else:
        node.save(x)
    return out


def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """x if x > 0 else negative_slope * x."""
    return _leaky(check_tensor(input, "leaky_relu"), negative_slope, LeakyReluBackward0)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """leaky_relu written into `input`."""
    return apply_inplace(check_tensor(input, "leaky_relu_"), _leaky, negative_slope,
                         LeakyReluBackward1)


_SQRT_HALF = 0.7071067811865476
_SQRT_TWO_OVER_PI = 0.7978845608028654
_TANH_CUBIC = 0.044715


class GeluBackward0(Node):
    """'none': Phi(x) + x phi(x); 'tanh': the derivative of 0.5 x (1 + tanh(inner(x)))."""

    __slots__ = ("_saved_approximate",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        if self._saved_approximate == "tanh":
            t = ((x + x * x * x * _TANH_CUBIC) * _SQRT_TWO_OVER_PI).tanh()
            slope = (x * x * (3 * _TANH_CUBIC) + 1) * _SQRT_TWO_OVER_PI
            return grad * ((t + 1) * 0.5 + x * 0.5 * (1 - t * t) * slope)
        cdf = ((x * _SQRT_HALF).erf() + 1) * 0.5
        pdf = (x * x * -0.5).exp() * (_SQRT_TWO_OVER_PI * 0.5)
        return grad * (cdf + x * pdf)


def gelu(input: Tensor, *, approximate: str = "none") -> Tensor:
    """x * Phi(x), the Gaussian CDF by erf ('none') or by PyTorch's tanh formula ('tanh')."""
    x = check_tensor(input, "gelu")
    if approximate not in ("none", "tanh"):
        raise RuntimeError(msg.GELU_APPROXIMATE)
    require_floating(x, "GeluKernelImpl")
    xp, data = x._backend.xp, x._data
    if approximate == "tanh":
        inner = (data + _TANH_CUBIC * data * data * data) * _SQRT_TWO_OVER_PI
        out = 0.5 * data * (1 + xp.tanh(inner))
    else:
        out = 0.5 * data * (1 + _erf_kernel(xp, data * _SQRT_HALF))
    node = new_node(GeluBackward0, x)
    if node is None:
        return make_tensor(out, x._backend)
    node.save(x)
    node._saved_approximate = approximate
    return make_tensor(out, x._backend, True, node, 0)


class NativeDropoutBackward0(Node):
    """grad * mask * scale."""

    __slots__ = ("_saved_scale",)
    _saved_names = ("result1",)

    def backward(self, grad):
        return grad * self._unpack(0) * self._saved_scale


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError(msg.DROPOUT_P.format(p=p))


def _noise(x: Tensor, p: float) -> Tensor:
    """1/(1-p) where an element is kept (probability 1-p), 0 where it is dropped."""
    backend = x._backend
    if p == 1.0:
        return make_tensor(backend.xp.zeros((), dtype=x._data.dtype,
                                            device=backend.native_device), backend)
    keep = backend.uniform(tuple(x._data.shape), x.dtype) >= p
    return make_tensor(backend.xp.astype(keep, x._data.dtype) * (1.0 / (1.0 - p)), backend)


def dropout(input: Tensor, p: float = 0.5, train: bool = True) -> Tensor:
    """Zero each element with probability p and scale the rest by 1 / (1 - p) (when training)."""
    x = check_tensor(input, "dropout")
    _check_p(p)
    if not train or p == 0.0 or x.numel() == 0:
        return x
    noise = _noise(x, p)
    if x.device.type != "cuda" or p == 1.0:
        return x * noise
    backend = x._backend
    data = x._data * noise._data
    node = new_node(NativeDropoutBackward0, x)
    if node is None:
        return make_tensor(data, backend)
    node.save(make_tensor(noise._data != 0, backend))
    node._saved_scale = 1.0 / (1.0 - p)
    return make_tensor(data, backend, True, node, 0)


def dropout_(input: Tensor, p: float = 0.5, train: bool = True) -> Tensor:
    """dropout written into `input` (MulBackward0, as PyTorch's in-place form)."""
    x = check_tensor(input, "dropout_")
    _check_p(p)
    if not train or p == 0.0 or x.numel() == 0:
        return x
    return x.mul_(_noise(x, p))


__all__ = ["leaky_relu", "leaky_relu_", "gelu", "dropout", "dropout_"]
