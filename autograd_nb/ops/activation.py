"""The activations that the tensor ops (relu, sigmoid, tanh) lack, and dropout.

Each op is a node named like PyTorch's grad_fn beside its forward; the `op_` forms run the op
in place through `apply_inplace`, as PyTorch's `F.elu_`, `F.hardtanh_`, `inplace=True` do.

Dropout is `input * mask / (1 - p)` (MulBackward0 on the CPU, as PyTorch's CPU path records);
on a CUDA device PyTorch runs its fused kernel, so there the node is NativeDropoutBackward0.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._generator import draw
from .._tensor import Tensor, argument_error, make_tensor, tensor_method
from .._type_info import finfo
from ..autograd.node import Node
from ._helpers import (
    check_bool,
    check_number,
    check_tensor,
    in_float32,
    normalize_dim,
    record,
    require_floating,
    scalar_for,
)
from .comparison import clip_numbers, where
from .inplace import apply_inplace
from .joining import cat
from .unary import erf_kernel


def _floating(input, name: str) -> Tensor:
    """`input` checked as a tensor of a floating dtype (PyTorch's `<name>_cpu` kernel error)."""
    x = check_tensor(input, name)
    require_floating(x, name + "_cpu")
    return x


class LeakyReluBackward0(Node):
    """grad where x > 0, grad * negative_slope elsewhere."""

    __slots__ = ("_saved_negative_slope",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return where(x > 0, grad, grad * self._saved_negative_slope)


class LeakyReluBackward1(LeakyReluBackward0):
    """The in-place form saves its result (same sign as its input for a positive slope)."""

    __slots__ = ()
    _saved_names = ("result",)


def _leaky(x: Tensor, negative_slope: float, cls) -> Tensor:
    check_number(negative_slope, "negative_slope")
    require_floating(x, "leaky_relu_cpu")
    data = in_float32(lambda xp, d: xp.where(d > 0, d, d * negative_slope), x._backend.xp, x._data)
    saves_result = cls is LeakyReluBackward1  # the in-place form saves its result, not x
    return record(
        cls,
        (x,),
        data,
        x._backend,
        () if saves_result else (x,),
        saves_result,
        negative_slope=negative_slope,
    )


def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """x if x > 0 else negative_slope * x."""
    return _leaky(check_tensor(input, "leaky_relu"), negative_slope, LeakyReluBackward0)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """leaky_relu written into `input`."""
    return apply_inplace(
        check_tensor(input, "leaky_relu_"), _leaky, negative_slope, LeakyReluBackward1
    )


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


def _gelu_kernel(xp, x):
    return 0.5 * x * (1 + erf_kernel(xp, x * _SQRT_HALF))


def _gelu_tanh_kernel(xp, x):
    return 0.5 * x * (1 + xp.tanh((x + _TANH_CUBIC * x * x * x) * _SQRT_TWO_OVER_PI))


def gelu(input: Tensor, *, approximate: str = "none") -> Tensor:
    """x * Phi(x), the Gaussian CDF by erf ('none') or by PyTorch's tanh formula ('tanh')."""
    x = check_tensor(input, "gelu")
    if not isinstance(approximate, str):
        raise argument_error(approximate, "str", "approximate")
    if approximate not in ("none", "tanh"):
        raise RuntimeError(msg.GELU_APPROXIMATE)
    require_floating(x, "GeluKernelImpl")
    kernel = _gelu_tanh_kernel if approximate == "tanh" else _gelu_kernel
    out = in_float32(kernel, x._backend.xp, x._data)
    return record(GeluBackward0, (x,), out, x._backend, (x,), approximate=approximate)


def _sigmoid(t: Tensor) -> Tensor:
    """1 / (1 + exp(-t)), as PyTorch's activation kernels write it: unlike Tensor.sigmoid's
    tanh form it keeps full relative precision where t is very negative."""
    return ((-t).exp() + 1).reciprocal()


class SoftplusBackward0(Node):
    """grad * sigmoid(beta x), or grad where beta x > threshold (the linear part)."""

    __slots__ = ("_saved_beta", "_saved_threshold")
    _saved_names = ("self",)

    def backward(self, grad):
        scaled = self._unpack(0) * self._saved_beta
        return where(scaled > self._saved_threshold, grad, grad * _sigmoid(scaled))


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """log(1 + exp(beta x)) / beta, and x itself where beta x > threshold (as PyTorch)."""
    x = _floating(input, "softplus")

    def kernel(xp, data):
        scaled = data * beta
        return xp.where(scaled > threshold, data, xp.log1p(xp.exp(scaled)) / beta)

    out = in_float32(kernel, x._backend.xp, x._data)
    return record(SoftplusBackward0, (x,), out, x._backend, (x,), beta=beta, threshold=threshold)


class EluBackward0(Node):
    """grad * scale where x > 0, grad * scale * alpha * input_scale * exp(x * input_scale)
    elsewhere (ELU's scales are 1; SELU and CELU run the same kernel with their own)."""

    __slots__ = ("_saved_alpha", "_saved_scale", "_saved_input_scale")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        scale, input_scale = self._saved_scale, self._saved_input_scale
        negative = (x * input_scale).exp() * (self._saved_alpha * scale * input_scale)
        return where(x > 0, grad * scale, grad * negative)


class EluBackward1(EluBackward0):
    """The in-place form saves its result y: grad * input_scale * (y + alpha * scale) where
    y <= 0."""

    __slots__ = ()
    _saved_names = ("result",)

    def backward(self, grad):
        if self._saved_alpha < 0:
            raise RuntimeError(msg.ELU_INPLACE_NEGATIVE_SLOPE)
        y = self._unpack(0)
        scale, input_scale = self._saved_scale, self._saved_input_scale
        return where(y > 0, grad * scale, grad * (y + self._saved_alpha * scale) * input_scale)


class CeluBackward0(EluBackward0):
    """CELU is PyTorch's elu(x, alpha, scale=1, input_scale=1/alpha)."""

    __slots__ = ()


class CeluBackward1(EluBackward1):
    """The in-place CELU saves its result."""

    __slots__ = ()


def _elu(x: Tensor, alpha: float, cls, scale: float = 1, input_scale: float = 1) -> Tensor:
    """PyTorch's one ELU kernel: scale * (x if x > 0 else alpha * expm1(x * input_scale))."""
    x = _floating(x, "elu")

    def kernel(xp, data):
        return xp.where(data > 0, data * scale, xp.expm1(data * input_scale) * (alpha * scale))

    out = in_float32(kernel, x._backend.xp, x._data)
    saves_result = issubclass(cls, EluBackward1)  # the in-place forms save their result
    return record(
        cls,
        (x,),
        out,
        x._backend,
        () if saves_result else (x,),
        saves_result,
        alpha=alpha,
        scale=scale,
        input_scale=input_scale,
    )


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def elu(input: Tensor, alpha: float = 1.0) -> Tensor:
    """x if x > 0 else alpha * (exp(x) - 1)."""
    return _elu(input, alpha, EluBackward0)


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """elu written into `input` (EluBackward1, which needs alpha >= 0 to run backward)."""
    return apply_inplace(check_tensor(input, "elu_"), _elu, alpha, EluBackward1)


def selu(input: Tensor) -> Tensor:
    """scale * elu(x, alpha) with SELU's self-normalising constants (EluBackward0, as PyTorch)."""
    return _elu(check_tensor(input, "selu"), _SELU_ALPHA, EluBackward0, _SELU_SCALE)


def selu_(input: Tensor) -> Tensor:
    """selu written into `input` (EluBackward1)."""
    return apply_inplace(check_tensor(input, "selu_"), _elu, _SELU_ALPHA, EluBackward1, _SELU_SCALE)


def _celu(input: Tensor, alpha: float, name: str, cls, inplace: bool = False) -> Tensor:
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)), refusing alpha = 0 as PyTorch does."""
    x = check_tensor(input, name)
    if alpha == 0:
        raise RuntimeError(msg.CELU_ALPHA_ZERO)
    if inplace:
        return apply_inplace(x, _elu, alpha, cls, 1, 1.0 / alpha)
    return _elu(x, alpha, cls, 1, 1.0 / alpha)


def celu(input: Tensor, alpha: float = 1.0) -> Tensor:
    """Continuously differentiable ELU: x if x > 0 else alpha * (exp(x / alpha) - 1)."""
    return _celu(input, alpha, "celu", CeluBackward0)


def celu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """celu written into `input` (CeluBackward1)."""
    return _celu(input, alpha, "celu_", CeluBackward1, inplace=True)


class SiluBackward0(Node):
    """grad * s (1 + x (1 - s)), s = sigmoid(x)."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        s = _sigmoid(x)
        return grad * s * (x * (1 - s) + 1)


def silu(input: Tensor) -> Tensor:
    """x * sigmoid(x) (Swish), as PyTorch's x / (1 + exp(-x))."""
    x = _floating(input, "silu")
    out = in_float32(lambda xp, d: d / (1 + xp.exp(-d)), x._backend.xp, x._data)
    return record(SiluBackward0, (x,), out, x._backend, (x,))


class MishBackward0(Node):
    """grad * (t + x sigmoid(x) (1 - t^2)), t = tanh(softplus(x))."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        t = x.exp().log1p().tanh()
        return grad * (t + x * _sigmoid(x) * (1 - t * t))


def mish(input: Tensor) -> Tensor:
    """x * tanh(softplus(x))."""
    x = _floating(input, "mish")
    xp, data = x._backend.xp, x._data
    out = in_float32(lambda xp, d: d * xp.tanh(xp.log1p(xp.exp(d))), xp, data)
    return record(MishBackward0, (x,), out, x._backend, (x,))


class LogSigmoidBackward0(Node):
    """grad * sigmoid(-x)."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        return grad * _sigmoid(-self._unpack(0))


def logsigmoid(input: Tensor) -> Tensor:
    """log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)), which never overflows."""
    x = check_tensor(input, "log_sigmoid")
    require_floating(x, "log_sigmoid_cpu")
    out = in_float32(
        lambda xp, d: xp.minimum(d, 0) - xp.log1p(xp.exp(-xp.abs(d))), x._backend.xp, x._data
    )
    return record(LogSigmoidBackward0, (x,), out, x._backend, (x,))


_ONE_SIXTH_FLOAT32 = 0.1666666716337204  # PyTorch's hardsigmoid slope is float(1/6) in every dtype


class HardsigmoidBackward0(Node):
    """grad / 6 where -3 < x < 3, else 0."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return where((x > -3) & (x < 3), grad * _ONE_SIXTH_FLOAT32, 0)


def hardsigmoid(input: Tensor) -> Tensor:
    """clamp(x + 3, 0, 6) / 6: a piecewise-linear sigmoid."""
    x = _floating(input, "hardsigmoid")
    return record(
        HardsigmoidBackward0, (x,), x._backend.xp.clip(x._data + 3, 0, 6) / 6, x._backend, (x,)
    )


class HardswishBackward0(Node):
    """0 where x <= -3, grad * (x / 3 + 1/2) where x < 3, grad elsewhere."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return where(x <= -3, 0, where(x < 3, grad * (x / 3 + 0.5), grad))


def hardswish(input: Tensor) -> Tensor:
    """x * clamp(x + 3, 0, 6) / 6: a piecewise version of x * sigmoid(x)."""
    x = _floating(input, "hardswish")
    out = in_float32(lambda xp, d: d * xp.clip(d + 3, 0, 6) / 6, x._backend.xp, x._data)
    return record(HardswishBackward0, (x,), out, x._backend, (x,))


class HardtanhBackward0(Node):
    """grad where min_val < x < max_val, else 0."""

    __slots__ = ("_saved_min_val", "_saved_max_val")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        return where((x <= self._saved_min_val) | (x >= self._saved_max_val), 0, grad)


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """clamp(x, min_val, max_val); integer tensors stay integer (the limits truncated)."""
    x = check_tensor(input, "hardtanh")
    if x.dtype is dtypes.bool:
        raise RuntimeError(msg.HARDTANH_BOOL)
    if x.dtype is dtypes.uint8 and (min_val < 0 or max_val < 0):
        raise RuntimeError(msg.HARDTANH_UNSIGNED)
    xp, data = x._backend.xp, x._data
    out = clip_numbers(xp, data, scalar_for(min_val, x.dtype), scalar_for(max_val, x.dtype))
    return record(HardtanhBackward0, (x,), out, x._backend, (x,), min_val=min_val, max_val=max_val)


def hardtanh_(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """hardtanh written into `input`."""
    return apply_inplace(check_tensor(input, "hardtanh_"), hardtanh, min_val, max_val)


def relu6(input: Tensor) -> Tensor:
    """min(max(x, 0), 6): PyTorch's hardtanh(x, 0, 6), so its grad_fn is HardtanhBackward0."""
    return hardtanh(check_tensor(input, "relu6"), 0, 6)


class PreluKernelBackward0(Node):
    """grad where x > 0, weight * grad elsewhere; the weight's gradient sums x * grad there
    over every dim but the channel dim (1)."""

    __slots__ = ()
    _saved_names = ("self", "weight")

    def backward(self, grad):
        x, w = self._unpack(0), self._unpack(1)
        positive = x > 0
        grad_x = grad_w = None
        if self.needs_input_grad(0):
            grad_x = where(positive, grad, grad * w.reshape(_prelu_shape(x, w)))
        if self.needs_input_grad(1):
            per_element = where(positive, 0, x * grad)
            if w.numel() == 1:
                grad_w = per_element.sum().reshape(w.shape)
            else:
                grad_w = per_element.sum([d for d in range(x.dim()) if d != 1])
        return grad_x, grad_w


def _prelu_shape(x: Tensor, w: Tensor) -> tuple:
    """The weight's shape for broadcasting against x: one value, or one per channel (dim 1)."""
    return () if w.numel() == 1 else (w.numel(),) + (1,) * (x.dim() - 2)


def _check_prelu(x: Tensor, w: Tensor) -> None:
    """PyTorch's checks of prelu's dtypes and of the weight against the channels."""
    if x.dtype is not w.dtype:
        raise RuntimeError(
            msg.PRELU_PROMOTE.format(
                input=x.dtype.legacy_name[:-6], weight=w.dtype.legacy_name[:-6]
            )
        )
    if w.dim() > 1:
        raise RuntimeError(msg.PRELU_WEIGHT_DIM.format(ndim=w.dim()))
    if w.numel() != 1:
        if x.dim() == 0:
            raise RuntimeError(msg.PRELU_ZERO_DIM)
        channels = x.shape[1] if x.dim() >= 2 else 1
        if w.numel() != channels:
            raise RuntimeError(msg.PRELU_CHANNELS.format(weights=w.numel(), channels=channels))
    require_floating(x, "prelu_cpu")


@tensor_method("prelu")
def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """x if x > 0 else weight * x, with one learnable slope or one per channel (dim 1)."""
    x = check_tensor(input, "prelu")
    w = check_tensor(weight, "prelu", "weight", 2)
    _check_prelu(x, w)
    xp, data = x._backend.xp, x._data
    slope = xp.reshape(w._data, _prelu_shape(x, w))
    out = xp.where(data > 0, data, slope * data)
    return record(PreluKernelBackward0, (x, w), out, x._backend, (x, w))


class NativeDropoutBackward0(Node):
    """grad * mask * scale."""

    __slots__ = ("_saved_scale",)
    _saved_names = ("result1",)

    def backward(self, grad):
        return grad * self._unpack(0) * self._saved_scale


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError(msg.DROPOUT_P.format(p=p))


def _keep(x: Tensor, p: float, shape: tuple | None):
    """An array of 1 (kept, probability 1 - p) and 0 shaped like x (or `shape`), in x's dtype:
    PyTorch's empty_like(input).bernoulli_(1 - p)."""
    size = tuple(x._data.shape) if shape is None else shape
    return draw(None, x._backend, "bernoulli", size, x.dtype, 1.0 - p)


def _noise(x: Tensor, p: float, shape: tuple | None = None) -> Tensor:
    """1/(1-p) where an element (or, for a smaller `shape`, a whole channel) is kept
    (probability 1-p), 0 where it is dropped."""
    backend = x._backend
    if p == 1.0:
        return make_tensor(
            backend.xp.zeros((), dtype=x._data.dtype, device=backend.native_device), backend
        )
    # PyTorch: noise = empty_like(input).bernoulli_(1 - p); noise.div_(1 - p), in x's dtype
    keep = _keep(x, p, shape)
    scale = backend.xp.asarray(1.0 - p, dtype=x._data.dtype, device=backend.native_device)
    return make_tensor(keep / scale, backend)


def dropout(input: Tensor, p: float = 0.5, train: bool = True) -> Tensor:
    """Zero each element with probability p and scale the rest by 1 / (1 - p) (when training)."""
    x = check_tensor(input, "dropout")
    _check_p(p)
    if not check_bool(train, "train") or p == 0.0 or x.numel() == 0:
        return x
    if not x.dtype.is_floating_point:  # the noise is float: PyTorch's in-place multiply refuses
        raise RuntimeError(msg.INPLACE_CAST.format(result="Float", out=x.dtype.legacy_name[:-6]))
    noise = _noise(x, p)
    if x.device.type != "cuda" or p == 1.0:
        return x * noise
    backend = x._backend
    data = x._data * noise._data
    return record(
        NativeDropoutBackward0,
        (x,),
        data,
        backend,
        (make_tensor(noise._data != 0, backend),),
        scale=1.0 / (1.0 - p),
    )


def dropout_(input: Tensor, p: float = 0.5, train: bool = True) -> Tensor:
    """dropout written into `input` (MulBackward0, as PyTorch's in-place form)."""
    x = check_tensor(input, "dropout_")
    _check_p(p)
    if not train or p == 0.0 or x.numel() == 0:
        return x
    return x.mul_(_noise(x, p))


def feature_dropout(
    input: Tensor, p: float = 0.5, train: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels (dim 1 of each sample) with probability p and scale the rest by
    1 / (1 - p): PyTorch's input * noise, the noise shaped (N, C, 1, ...) (MulBackward0)."""
    x = check_tensor(input, "feature_dropout")
    _check_p(p)
    if not train or p == 0.0 or x.numel() == 0:
        return x
    noise = _noise(x, p, tuple(x.shape[:2]) + (1,) * (x.dim() - 2))
    return x.mul_(noise) if inplace else x * noise


# --- shrinking and gating: softshrink, hardshrink, threshold, glu ---------------------------------


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
    # PyTorch shows dim as uint64
    return record(GluBackward0, (x,), out, x._backend, (x,), state={"dim": d}, dim=dim % 2**64)


# --- randomized leaky ReLU and alpha dropout ------------------------------------------------------


class RreluWithNoiseBackward0(Node):
    """grad * noise after training (the drawn slope where x <= 0, 1 elsewhere); in eval mode
    leaky_relu's gradient with slope (lower + upper) / 2."""

    __slots__ = ("_saved_lower", "_saved_upper", "_saved_training")
    _saved_names = ("self", "noise")

    def backward(self, grad):
        if self._saved_training:
            return grad * self._unpack(1)
        x = self._unpack(0)
        slope = (self._saved_lower + self._saved_upper) / 2
        return where(x > 0, grad, grad * slope)


class RreluWithNoiseBackward1(RreluWithNoiseBackward0):
    """The in-place form's node (the same gradient)."""

    __slots__ = ()


def _rrelu(x: Tensor, lower: float, upper: float, training: bool, cls) -> Tensor:
    """x where x > 0, else x times a slope: drawn from U(lower, upper) per element while
    training (PyTorch's stream: one double for each x <= 0, in memory order), (lower + upper) / 2
    in eval mode."""
    if lower > upper:
        raise RuntimeError(msg.RRELU_BOUNDS)
    backend, data = x._backend, x._data
    xp = backend.xp
    if not training:
        out = xp.where(data > 0, data, data * ((lower + upper) / 2))
        noise = make_tensor(xp.ones_like(data), backend)
    else:
        low = data <= 0
        order = xp.cumulative_sum(xp.astype(xp.reshape(low, (-1,)), xp.int64))
        count = int(order[-1]) if order.shape[0] else 0
        noise_data = xp.ones_like(data)
        if count:
            slopes = draw(None, backend, "uniform", (count,), dtypes.float64, lower, upper)
            order = order - 1  # the slope each element takes: the how-manyth x <= 0 it is
            picked = xp.take(xp.astype(slopes, data.dtype), xp.clip(order, 0, None))
            noise_data = xp.where(low, xp.reshape(picked, low.shape), noise_data)
        out = data * noise_data
        noise = make_tensor(noise_data, backend)
    saved = (x, noise)
    return record(cls, (x,), out, backend, saved, lower=lower, upper=upper, training=training)


def rrelu_with_noise(
    input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False
) -> Tensor:
    """Randomized leaky ReLU: a random slope per negative element while training."""
    x = _floating(input, "leaky_relu")
    return _rrelu(x, lower, upper, training, RreluWithNoiseBackward0)


def rrelu_with_noise_(
    input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False
) -> Tensor:
    """rrelu_with_noise written into `input`."""
    x = _floating(input, "leaky_relu")
    return apply_inplace(x, _rrelu, lower, upper, training, RreluWithNoiseBackward1)


_SATURATION = _SELU_ALPHA * _SELU_SCALE  # SELU's limit is -_SATURATION: dropped units take it


def _alpha_dropout(input: Tensor, p: float, train: bool, inplace: bool, feature: bool) -> Tensor:
    """Dropout that keeps SELU's zero mean and unit variance: dropped elements (or, with
    `feature`, whole channels) become -alpha, then all are scaled by a and shifted by b
    (PyTorch's input * noise + b, AddBackward0)."""
    x = check_tensor(input, "feature_alpha_dropout" if feature else "alpha_dropout")
    _check_p(p)
    if not train or p == 0.0 or x.numel() == 0:
        return x
    if feature and x.dim() < 2:
        raise RuntimeError(msg.FEATURE_DROPOUT_DIMS)
    if not x.dtype.is_floating_point:  # the noise is float: PyTorch's in-place multiply refuses
        raise RuntimeError(msg.INPLACE_CAST.format(result="Float", out=x.dtype.legacy_name[:-6]))
    shape = tuple(x.shape[:2]) + (1,) * (x.dim() - 2) if feature else None
    if p == 1.0:
        zero = _noise(x, p, shape)
        return x.mul_(zero) if inplace else x * zero
    a = 1.0 / math.sqrt((_SATURATION * _SATURATION * p + 1) * (1 - p))
    keep = make_tensor(_keep(x, p, shape), x._backend)
    b = (keep - 1) * (_SATURATION * a) + _SATURATION * a * p
    noise = keep * a
    return x.mul_(noise).add_(b) if inplace else x * noise + b


def alpha_dropout(input: Tensor, p: float, train: bool) -> Tensor:
    """Dropout for SELU networks, keeping zero mean and unit variance (when training)."""
    return _alpha_dropout(input, p, train, False, False)


def alpha_dropout_(input: Tensor, p: float, train: bool) -> Tensor:
    """alpha_dropout written into `input`."""
    return _alpha_dropout(input, p, train, True, False)


def feature_alpha_dropout(input: Tensor, p: float, train: bool) -> Tensor:
    """alpha_dropout of whole channels (dim 1) (when training)."""
    return _alpha_dropout(input, p, train, False, True)


def feature_alpha_dropout_(input: Tensor, p: float, train: bool) -> Tensor:
    """feature_alpha_dropout written into `input`."""
    return _alpha_dropout(input, p, train, True, True)


rrelu = rrelu_with_noise
rrelu_ = rrelu_with_noise_

__all__ = [
    "alpha_dropout",
    "alpha_dropout_",
    "celu",
    "celu_",
    "dropout",
    "feature_alpha_dropout",
    "feature_alpha_dropout_",
    "hardshrink",
    "prelu",
    "rrelu",
    "rrelu_",
    "selu",
    "selu_",
    "threshold",
    "threshold_",
]
