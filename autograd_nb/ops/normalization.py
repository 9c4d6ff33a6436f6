"""Batch and layer normalization: (x - mean) / sqrt(var + eps), then a per-element affine.

Batch norm normalises each channel (dim 1) by its batch or running statistics; in training mode
the running statistics are updated in place, without recording, with the batch mean and the
unbiased batch variance, as PyTorch's native_batch_norm does. Layer norm normalises each sample
over its last len(normalized_shape) dims.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from .._type_info import finfo
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node
from ..autograd.undo import UndoLog
from ._helpers import check_tensor, record, require_floating


def _stats_dims(ndim: int) -> tuple:
    return (0,) + tuple(range(2, ndim))


def _per_channel(t: Tensor, ndim: int) -> Tensor:
    """A (C,) tensor shaped (1, C, 1, ...) to broadcast over an input of `ndim` dims."""
    return t.reshape((1, -1) + (1,) * (ndim - 2))


def channel_affine(xp, out, weight: Tensor | None, bias: Tensor | None):
    """out * weight + bias with the (C,) weight and bias broadcast over dim 1 of `out`; without
    a bias 0.0 is added, as in PyTorch's kernels (so a -0.0 comes out as 0.0)."""
    bshape = (1, -1) + (1,) * (out.ndim - 2)
    if weight is not None:
        out = out * xp.reshape(weight._data, bshape)
    return out + (0 if bias is None else xp.reshape(bias._data, bshape))


class NativeBatchNormBackward0(Node):
    """Training: d of (x - mean) / std through the batch statistics; eval: a per-channel affine."""

    __slots__ = ("_saved_training", "_saved_eps")
    _saved_names = ("input", "weight", "running_mean", "running_var", "result1", "result2")

    def backward(self, grad):
        x, weight = self._unpack(0), self._unpack(1)
        ndim = x.dim()
        dims = _stats_dims(ndim)
        eps = self._saved_eps
        if self._saved_training:  # recomputed with tensor ops, so double backward is exact
            centred = x - x.mean(dims, keepdim=True)
            invstd = ((centred * centred).mean(dims, keepdim=True) + eps).rsqrt()
        else:
            centred = x - _per_channel(self._unpack(2), ndim)
            invstd = (_per_channel(self._unpack(3), ndim) + eps).rsqrt()
        normed = centred * invstd
        grad_x = grad_w = grad_b = None
        if self.needs_input_grad(0):
            g = grad if weight is None else grad * _per_channel(weight, ndim)
            if self._saved_training:
                g = g - g.mean(dims, keepdim=True) - normed * (g * normed).mean(dims, keepdim=True)
            grad_x = g * invstd
        if self.needs_input_grad(1):
            grad_w = (grad * normed).sum(dims)
        if self.needs_input_grad(2):
            grad_b = grad.sum(dims)
        return grad_x, grad_w, grad_b


def _check_same_dtype(x: Tensor, *params) -> None:
    """PyTorch's CPU norms: weight, bias and running statistics of the input's dtype, or
    float32 ones beside a float32 or half input (its "mixed type" path)."""
    for t in params:
        if t is None or t.dtype is x.dtype:
            continue
        if x.dtype is dtypes.float64 or not x.dtype.is_floating_point:
            raise RuntimeError(msg.NORM_MIXED_DTYPE)
        if t.dtype is not dtypes.float32:
            raise RuntimeError(msg.LAYER_NORM_MIXED.format(dtype="Float"))


def _check_running(name: str, t, channels: int) -> None:
    if t is not None and t.numel() != channels:
        raise RuntimeError(msg.BN_RUNNING_SIZE.format(name=name, expected=channels, got=t.numel()))


def _empty_normalized(x: Tensor, weight: Tensor | None, bias: Tensor | None) -> Tensor:
    """What ATen's batch_norm gives an input with no elements: its clone, times weight[0] plus
    bias[0] where given, so that the result stays in the graph."""
    out = x.clone()
    if weight is not None:
        out = out * weight[0]
    if bias is not None:
        out = out + bias[0]
    return out


def batch_norm(
    input: Tensor,
    running_mean: Tensor | None,
    running_var: Tensor | None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """(x - mean) / sqrt(var + eps) * weight + bias per channel (dim 1)."""
    x = check_tensor(input, "batch_norm")
    require_floating(x, "batch_norm")
    shape = tuple(x._data.shape)
    if training and math.prod(shape[:1] + shape[2:]) == 1:
        raise ValueError(msg.BN_ONE_VALUE.format(size=x.shape))
    if x.numel() == 0:  # PyTorch: a copy (still in the graph), no statistics kept or checked
        return _empty_normalized(x, weight, bias)
    count = x.numel() // shape[1]
    channels = shape[1]
    _check_running("running_mean", running_mean, channels)
    _check_running("running_var", running_var, channels)
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(
                msg.BN_RUNNING_SIZE.format(name=name, expected=channels, got=t.numel())
            )
    if not training and (running_mean is None or running_var is None):
        raise RuntimeError(msg.BN_EVAL_NO_STATS)
    _check_same_dtype(x, weight, bias, running_mean, running_var)
    backend = x._backend
    xp = backend.xp
    dims = _stats_dims(len(shape))
    bshape = (1, channels) + (1,) * (len(shape) - 2)
    data = _opmath(xp, x)  # a half input is normalised in float32 and returned as half
    if training and data.size == 0:  # nothing to normalise: PyTorch keeps the running stats
        mean = var = xp.zeros(channels, data.dtype)
        centred = data
    elif training:
        mean = xp.mean(data, axis=dims)
        centred = data - xp.reshape(mean, bshape)
        var = xp.mean(centred * centred, axis=dims)
    else:
        mean, var = running_mean._data, running_var._data
        centred = data - xp.reshape(mean, bshape)
    invstd = 1.0 / xp.sqrt(var + eps)
    out = centred * xp.reshape(invstd, bshape)
    out = xp.astype(channel_affine(xp, out, weight, bias), x._data.dtype, copy=False)
    if training and data.size:  # once nothing can fail any more
        _update_running(running_mean, running_var, mean, var, count, momentum, backend)
    return record(
        NativeBatchNormBackward0,
        (x, weight, bias),
        out,
        backend,
        (
            x,
            weight,
            running_mean,
            running_var,
            make_tensor(mean, backend),
            make_tensor(invstd, backend),
        ),
        training=bool(training),
        eps=eps,
    )


def _update_running(running_mean, running_var, mean, var, count: int, momentum, backend) -> None:
    """running = (1 - momentum) * running + momentum * batch, in place (var unbiased)."""
    if running_mean is None and running_var is None:
        return
    momentum = 0.0 if momentum is None else momentum
    updates = [
        (running, make_tensor(running._data * (1 - momentum) + batch * momentum, backend))
        for running, batch in ((running_mean, mean), (running_var, var * (count / (count - 1))))
        if running is not None
    ]
    _write_all(updates)


def _write_all(updates: list) -> None:
    """`target.copy_(value)` for each (target, value), all or nothing under interrupts: one
    in-place write each (one version bump, as PyTorch's kernel)."""
    undo = UndoLog()
    try:
        with no_grad():
            for target, value in updates:
                undo.values(target)
                target.copy_(value)
    except BaseException:
        undo.undo()
        raise


def torch_batch_norm(
    input: Tensor,
    weight,
    bias,
    running_mean,
    running_var,
    training: bool,
    momentum: float,
    eps: float,
    cudnn_enabled: bool = True,
) -> Tensor:
    """torch.batch_norm: the same op with ATen's argument order."""
    return batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


# --- layer_norm -----------------------------------------------------------------------------------
def _sum_leading(t: Tensor, count: int) -> Tensor:
    """`t` summed over its first `count` dims (none: `t` itself)."""
    return t.sum(tuple(range(count))) if count else t


class NativeLayerNormBackward0(Node):
    """d of (x - mean) * rstd over the normalized dims, recomputed with tensor ops."""

    __slots__ = ("_saved_normalized_shape", "_eps")
    _saved_names = ("input", "weight", "bias", "result1", "result2")

    def backward(self, grad):
        x, weight = self._unpack(0), self._unpack(1)
        lead = x.dim() - len(self._saved_normalized_shape)
        dims = tuple(range(lead, x.dim()))
        centred = x - x.mean(dims, keepdim=True)
        rstd = ((centred * centred).mean(dims, keepdim=True) + self._eps).rsqrt()
        normed = centred * rstd
        grad_x = grad_w = grad_b = None
        if self.needs_input_grad(0):
            g = grad if weight is None else grad * weight
            g = g - g.mean(dims, keepdim=True) - normed * (g * normed).mean(dims, keepdim=True)
            grad_x = g * rstd
        if self.needs_input_grad(1):
            grad_w = _sum_leading(grad * normed, lead)
        if self.needs_input_grad(2):
            grad_b = _sum_leading(grad, lead)
        return grad_x, grad_w, grad_b


def _check_layer_norm(x: Tensor, shape: tuple, weight, bias) -> None:
    """PyTorch's layer_norm checks, in its order."""
    if not shape:
        raise RuntimeError(msg.LAYER_NORM_EMPTY_SHAPE.format(shape=list(shape)))
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t._data.shape) != shape:
            raise RuntimeError(
                msg.LAYER_NORM_PARAM.format(name=name, got=list(t._data.shape), shape=list(shape))
            )
    size = tuple(x._data.shape)
    if len(size) < len(shape) or size[len(size) - len(shape) :] != shape:
        raise RuntimeError(
            msg.LAYER_NORM_INPUT.format(
                shape=list(shape), dims="".join(f", {d}" for d in shape), size=list(size)
            )
        )
    _check_same_dtype(x, weight, bias)
    require_floating(x, "LayerNormKernelImpl")
    _check_mixed_params(x, weight, bias)


def _check_mixed_params(x: Tensor, *params) -> None:
    """PyTorch's rule for half and float32 parameters side by side: the first one decides. A
    float32 first one (beside a half input) is the mixed path, where all must be float32; a half
    first one is not, and a float32 one after it is the kernel's dtype error."""
    params = [t for t in params if t is not None]
    if len({t.dtype for t in params}) < 2:
        return
    if params[0].dtype is dtypes.float32 and x.dtype is not dtypes.float32:
        raise RuntimeError(msg.LAYER_NORM_MIXED.format(dtype="Float"))
    found = next(t.dtype for t in params if t.dtype is not x.dtype)
    raise RuntimeError(
        msg.CONV_DTYPES.format(input=x.dtype.legacy_name[:-6], weight=found.legacy_name[:-6])
    )


def _opmath(xp, x: Tensor):
    """x's elements to compute with: a half input in float32, as PyTorch's CPU norms do."""
    return xp.astype(x._data, xp.float32) if x.dtype in dtypes.HALF_FLOATS else x._data


def layer_norm(
    input: Tensor,
    normalized_shape,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """(x - mean) / sqrt(var + eps) * weight + bias over the last len(normalized_shape) dims."""
    x = check_tensor(input, "layer_norm")
    if not isinstance(normalized_shape, (list, tuple)):
        raise TypeError(msg.LAYER_NORM_SHAPE_TYPE.format(type=type(normalized_shape).__name__))
    shape = tuple(int(d) for d in normalized_shape)
    _check_layer_norm(x, shape, weight, bias)
    backend = x._backend
    xp = backend.xp
    dims = tuple(range(x.dim() - len(shape), x.dim()))
    data = _opmath(xp, x)
    mean = xp.mean(data, axis=dims, keepdims=True)
    centred = data - mean
    rstd = 1.0 / xp.sqrt(xp.mean(centred * centred, axis=dims, keepdims=True) + eps)
    out = centred * rstd
    if weight is not None:
        out = out * weight._data
    out = out + (0 if bias is None else bias._data)  # PyTorch adds 0.0 without one: -0.0 is 0.0
    out = xp.astype(out, x._data.dtype, copy=False)
    return record(
        NativeLayerNormBackward0,
        (x, weight, bias),
        out,
        backend,
        (x, weight, bias, make_tensor(mean, backend), make_tensor(rstd, backend)),
        state={"eps": eps},
        normalized_shape=shape,
    )


def torch_layer_norm(
    input: Tensor,
    normalized_shape,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
    cudnn_enable: bool = True,
) -> Tensor:
    """torch.layer_norm: F.layer_norm with ATen's extra cudnn_enable flag (ignored)."""
    return layer_norm(input, normalized_shape, weight, bias, eps)


# --- group and instance normalization -------------------------------------------------------------


def _group_stats(x: Tensor, groups: int, eps: float) -> tuple:
    """(normalized x viewed (N, G, -1), 1 / std per group), from tensor ops."""
    grouped = x.reshape(x.shape[0], groups, math.prod(x.shape[1:]) // groups)  # (N may be 0)
    centred = grouped - grouped.mean(-1, keepdim=True)
    rstd = ((centred * centred).mean(-1, keepdim=True) + eps).rsqrt()
    return centred * rstd, rstd


class NativeGroupNormBackward0(Node):
    """d of (x - mean) * rstd per (sample, group), then the per-channel weight and bias."""

    __slots__ = ("_saved_N", "_saved_C", "_saved_HxW", "_saved_group", "_saved_eps")
    _saved_names = ("input", "weight", "result1", "result2")

    def backward(self, grad):
        x, weight = self._unpack(0), self._unpack(1)
        normed, rstd = _group_stats(x, self._saved_group, self._saved_eps)
        dims = (0,) + tuple(range(2, x.dim()))
        grad_x = grad_w = grad_b = None
        if self.needs_input_grad(0):
            g = grad if weight is None else grad * _per_channel(weight, x.dim())
            g = g.reshape(normed.shape)
            g = g - g.mean(-1, keepdim=True) - normed * (g * normed).mean(-1, keepdim=True)
            grad_x = (g * rstd).reshape(x.shape)
        if self.needs_input_grad(1):
            grad_w = (grad * normed.reshape(x.shape)).sum(dims)
        if self.needs_input_grad(2):
            grad_b = grad.sum(dims)
        return grad_x, grad_w, grad_b


def _check_group_norm(x: Tensor, groups: int, weight, bias) -> None:
    """PyTorch's group_norm checks, in its order."""
    shape = list(x._data.shape)
    if len(shape) < 2:
        raise RuntimeError(msg.GROUP_NORM_INPUT_DIM.format(ndim=len(shape)))
    spatial = 1
    for d in shape[2:]:
        spatial *= d
    if shape[0] * shape[1] // groups * spatial == 1:
        size = [shape[0] * shape[1] // groups, groups] + shape[2:]
        raise ValueError(msg.BN_ONE_VALUE.format(size=size))
    if shape[1] % groups:
        raise RuntimeError(msg.GROUP_NORM_DIVISIBLE.format(shape=shape, groups=groups))
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and (t.dim() != 1 or t.numel() != shape[1]):
            raise RuntimeError(
                msg.GROUP_NORM_PARAM.format(name=name, got=list(t._data.shape), shape=shape)
            )
    _check_same_dtype(x, weight, bias)
    require_floating(x, "GroupNormKernelImpl")
    _check_mixed_params(x, weight, bias)


def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """(x - mean) / sqrt(var + eps) per group of channels, then weight and bias per channel."""
    x = check_tensor(input, "group_norm")
    _check_group_norm(x, num_groups, weight, bias)
    backend = x._backend
    xp = backend.xp
    shape = tuple(x._data.shape)
    per_group = math.prod(shape[1:]) // num_groups  # (no -1: a batch may be empty)
    grouped = xp.reshape(_opmath(xp, x), (shape[0], num_groups, per_group))
    with backend.quiet():  # the mean of no values is NaN (0 / 0), as in PyTorch
        mean = xp.sum(grouped, axis=-1, keepdims=True) / per_group
        centred = grouped - mean
        rstd = 1.0 / xp.sqrt(xp.sum(centred * centred, axis=-1, keepdims=True) / per_group + eps)
    out = xp.reshape(centred * rstd, shape)
    if weight is not None or bias is not None:  # PyTorch's kernel adds no 0.0 without them
        out = channel_affine(xp, out, weight, bias)
    out = xp.astype(out, x._data.dtype, copy=False)
    return record(
        NativeGroupNormBackward0,
        (x, weight, bias),
        out,
        backend,
        (
            x,
            weight,
            make_tensor(xp.reshape(mean, shape[:1] + (num_groups,)), backend),
            make_tensor(xp.reshape(rstd, shape[:1] + (num_groups,)), backend),
        ),
        N=shape[0],
        C=shape[1],
        group=num_groups,
        HxW=x.numel() // max(shape[0] * shape[1], 1),
        eps=eps,
    )


# --- instance_norm --------------------------------------------------------------------------------
def _repeated(t: Tensor | None, times: int) -> Tensor | None:
    return None if t is None else t.repeat(times)


def instance_norm(
    input: Tensor,
    running_mean: Tensor | None = None,
    running_var: Tensor | None = None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    use_input_stats: bool = True,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each (sample, channel) over its spatial positions, then weight and bias."""
    x = check_tensor(input, "instance_norm")
    shape = tuple(x._data.shape)
    if use_input_stats:
        spatial = 1
        for d in shape[2:]:
            spatial *= d
        if spatial == 1:
            raise ValueError(msg.INSTANCE_NORM_SPATIAL.format(size=x.shape))
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError(msg.INSTANCE_NORM_NO_STATS)
    batch, channels = shape[0], shape[1]
    means, variances = _repeated(running_mean, batch), _repeated(running_var, batch)
    out = batch_norm(
        x.reshape((1, batch * channels) + shape[2:]),
        means,
        variances,
        _repeated(weight, batch),
        _repeated(bias, batch),
        use_input_stats,
        momentum,
        eps,
    )
    with no_grad():
        updates = [
            (running, repeated.view(batch, channels).mean(0))
            for running, repeated in ((running_mean, means), (running_var, variances))
            if running is not None
        ]
    _write_all(updates)
    return out.view(shape)


def rms_norm(input: Tensor, normalized_shape, weight: Tensor | None = None, eps=None) -> Tensor:
    """x / sqrt(mean(x²) + eps) * weight over the last len(normalized_shape) dims (eps: the
    dtype's machine epsilon by default), composed of Tensor ops as PyTorch's."""
    x = check_tensor(input, "rms_norm")
    if not isinstance(normalized_shape, (list, tuple)):
        raise TypeError(msg.LAYER_NORM_SHAPE_TYPE.format(type=type(normalized_shape).__name__))
    shape = tuple(int(d) for d in normalized_shape)
    if weight is not None and tuple(weight.shape) != shape:
        raise RuntimeError(
            msg.LAYER_NORM_PARAM.format(name="weight", got=list(weight.shape), shape=list(shape))
        )
    size = tuple(x.shape)
    if len(size) < len(shape) or size[len(size) - len(shape) :] != shape:
        raise RuntimeError(
            msg.RMS_NORM_INPUT.format(
                shape=list(shape), dims=", ".join(map(str, shape)), size=list(size)
            )
        )
    require_floating(x, "rms_norm")
    eps = finfo(x.dtype).eps if eps is None else eps
    dims = tuple(range(x.dim() - len(shape), x.dim()))
    out = x * ((x * x).mean(dims, keepdim=True) + eps).rsqrt()
    return out if weight is None else out * weight


__all__ = ["rms_norm"]
