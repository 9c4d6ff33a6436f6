"""Group and instance normalization.

group_norm normalises each sample over groups of C / num_groups channels (and all spatial
positions), then applies a per-channel affine; its node recomputes the statistics with tensor
ops, so double backward is exact. instance_norm is PyTorch's composite: batch norm of the input
viewed as (1, N * C, ...), with the per-channel weight, bias and running statistics repeated N
times; the running statistics are then averaged back over the batch.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, require_floating
from .normalization import _per_channel, batch_norm, channel_affine


def _group_stats(x: Tensor, groups: int, eps: float) -> tuple:
    """(normalized x viewed (N, G, -1), 1 / std per group), from tensor ops."""
    grouped = x.reshape(x.shape[0], groups, -1)
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
    require_floating(x, "GroupNormKernelImpl")


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
    grouped = xp.reshape(x._data, (shape[0], num_groups, -1))
    mean = xp.mean(grouped, axis=-1, keepdims=True)
    centred = grouped - mean
    rstd = 1.0 / xp.sqrt(xp.mean(centred * centred, axis=-1, keepdims=True) + eps)
    out = channel_affine(xp, xp.reshape(centred * rstd, shape), weight, bias)
    node = new_node(NativeGroupNormBackward0, x, weight, bias)
    if node is None:
        return make_tensor(out, backend)
    node.save(
        x,
        weight,
        make_tensor(xp.reshape(mean, shape[:1] + (num_groups,)), backend),
        make_tensor(xp.reshape(rstd, shape[:1] + (num_groups,)), backend),
    )
    node._saved_N, node._saved_C, node._saved_group = shape[0], shape[1], num_groups
    node._saved_HxW, node._saved_eps = x.numel() // max(shape[0] * shape[1], 1), eps
    return make_tensor(out, backend, True, node, 0)


# --- instance_norm -------------------------------------------------------------------------------
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
        for running, repeated in ((running_mean, means), (running_var, variances)):
            if running is not None:
                running.copy_(repeated.view(batch, channels).mean(0))
    return out.view(shape)


__all__: list[str] = []  # no torch.* functions of its own
