"""Batch normalization: normalise each channel (dim 1) by its batch or running statistics.

In training mode the running statistics are updated in place, without recording, with the
batch mean and the unbiased batch variance, as PyTorch's native_batch_norm does.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node, new_node
from ._helpers import check_tensor


def _stats_dims(ndim: int) -> tuple:
    return (0,) + tuple(range(2, ndim))


def _per_channel(t: Tensor, ndim: int) -> Tensor:
    """A (C,) tensor shaped (1, C, 1, ...) to broadcast over an input of `ndim` dims."""
    return t.reshape((1, -1) + (1,) * (ndim - 2))


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


def _check_running(name: str, t, channels: int) -> None:
    if t is not None and t.numel() != channels:
        raise RuntimeError(msg.BN_RUNNING_SIZE.format(name=name, expected=channels,
                                                      got=t.numel()))


def batch_norm(input: Tensor, running_mean: Tensor | None, running_var: Tensor | None,
               weight: Tensor | None = None, bias: Tensor | None = None, training: bool = False,
               momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """(x - mean) / sqrt(var + eps) * weight + bias per channel (dim 1)."""
    x = check_tensor(input, "batch_norm")
    shape = tuple(x._data.shape)
    if training:
        count = x.numel() // shape[1]
        if count <= 1:
            raise ValueError(msg.BN_ONE_VALUE.format(size=x.shape))
    channels = shape[1]
    _check_running("running_mean", running_mean, channels)
    _check_running("running_var", running_var, channels)
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(msg.BN_RUNNING_SIZE.format(name=name, expected=channels,
                                                          got=t.numel()))
    if not training and (running_mean is None or running_var is None):
        raise RuntimeError(msg.BN_EVAL_NO_STATS)
    backend = x._backend
    xp = backend.xp
    dims = _stats_dims(len(shape))
    bshape = (1, channels) + (1,) * (len(shape) - 2)
    if training:
        mean = xp.mean(x._data, axis=dims)
        centred = x._data - xp.reshape(mean, bshape)
        var = xp.mean(centred * centred, axis=dims)
        _update_running(running_mean, running_var, mean, var, count, momentum, backend)
    else:
        mean, var = running_mean._data, running_var._data
        centred = x._data - xp.reshape(mean, bshape)
    invstd = 1.0 / xp.sqrt(var + eps)
    out = centred * xp.reshape(invstd, bshape)
    if weight is not None:
        out = out * xp.reshape(weight._data, bshape)
    if bias is not None:
        out = out + xp.reshape(bias._data, bshape)
    node = new_node(NativeBatchNormBackward0, x, weight, bias)
    if node is None:
        return make_tensor(out, backend)
    node.save(x, weight, running_mean, running_var, make_tensor(mean, backend),
              make_tensor(invstd, backend))
    node._saved_training, node._saved_eps = bool(training), eps
    return make_tensor(out, backend, True, node, 0)


def _update_running(running_mean, running_var, mean, var, count: int, momentum, backend) -> None:
    """running = (1 - momentum) * running + momentum * batch, in place (var unbiased)."""
    if running_mean is None and running_var is None:
        return
    momentum = 0.0 if momentum is None else momentum
    with no_grad():  # one in-place write each (one version bump, as PyTorch's kernel)
        for running, batch in ((running_mean, mean), (running_var, var * (count / (count - 1)))):
            if running is not None:
                new = running._data * (1 - momentum) + batch * momentum
                running.copy_(make_tensor(new, backend))


def torch_batch_norm(input: Tensor, weight, bias, running_mean, running_var, training: bool,
                     momentum: float, eps: float, cudnn_enabled: bool = True) -> Tensor:
    """torch.batch_norm: the same op with ATen's argument order."""
    return batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


__all__ = ["batch_norm", "torch_batch_norm"]
