"""Sampling from tensors of probabilities: `bernoulli` (coin flips) and `multinomial` (draws).

Both draw uniform numbers through the tensor's backend (`torch.rand`, so `manual_seed` and
generators apply); values follow PyTorch's distributions, not its random stream.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import check_tensor
from .out import with_out
from .pointwise import _not_differentiable


def uniform_like(shape: tuple, like: Tensor, generator) -> Tensor:
    """Uniform [0, 1) float64 samples of `shape` on `like`'s device."""
    from .._creation import rand  # the factories sit above the ops in the layering

    return rand(shape, dtype=dtypes.float64, device=like.device, generator=generator)


class BernoulliBackward0(Node):
    """Samples do not change smoothly with p: its gradient is zero."""

    __slots__ = ()

    def backward(self, grad):
        return grad * 0


def check_probabilities(p: Tensor) -> None:
    """p must be a floating tensor of values in [0, 1] (nan is refused too)."""
    if not p.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="bernoulli_tensor_cpu_p_", dtype=p.dtype.legacy_name[:-6]
            )
        )
    xp = p._backend.xp
    if p._data.size and not bool(xp.all((p._data >= 0) & (p._data <= 1))):
        raise RuntimeError(msg.BERNOULLI_P_TENSOR)


def check_probability(p) -> float:
    """A number p in [0, 1], with bernoulli_'s error otherwise."""
    if not 0 <= p <= 1:
        raise RuntimeError(msg.BERNOULLI_P.format(p=p))
    return float(p)


def flips(like: Tensor, p, generator=None):
    """An array of 1s (with probability p, a number or a tensor broadcast to `like`) and 0s,
    in like's dtype."""
    backend = like._backend
    xp = backend.xp
    u = uniform_like(tuple(like._data.shape), like, generator)._data
    threshold = p if not isinstance(p, Tensor) else xp.astype(p._data, u.dtype)
    return xp.astype(u < threshold, like._data.dtype)


@with_out
@tensor_method("bernoulli")
def bernoulli(input, p=None, *, generator=None) -> Tensor:
    """1 with probability `input` (or the number p) and 0 otherwise, in input's dtype."""
    x = check_tensor(input, "bernoulli")
    if p is not None:
        data = flips(x, check_probability(p), generator)
        return _not_differentiable("bernoulli", (x,), data, x._backend)
    check_probabilities(x)
    data = flips(x, x, generator)
    node = new_node(BernoulliBackward0, x)
    return make_tensor(data, x._backend, node is not None, node)


def _check_distribution(p: Tensor, num_samples: int, replacement: bool) -> None:
    """PyTorch's checks of multinomial's arguments, in its order."""
    if p._data.ndim not in (1, 2):
        raise RuntimeError(msg.MULTINOMIAL_DIMS)
    if not p.dtype.is_floating_point:
        raise RuntimeError(msg.MULTINOMIAL_DTYPE.format(dtype=p.dtype.legacy_name[:-6]))
    if num_samples <= 0:
        raise RuntimeError(msg.MULTINOMIAL_NONPOSITIVE)
    if not replacement and num_samples > p._data.shape[-1]:
        raise RuntimeError(msg.MULTINOMIAL_TOO_MANY)
    xp = p._backend.xp
    data = p._data
    if not bool(xp.all((data >= 0) & (data < float("inf")))):
        raise RuntimeError(msg.MULTINOMIAL_VALUES)
    if bool(xp.any(xp.sum(data, axis=-1) <= 0)):
        raise RuntimeError(msg.MULTINOMIAL_SUM)


@with_out
@tensor_method("multinomial")
def multinomial(input, num_samples: int, replacement: bool = False, *, generator=None) -> Tensor:
    """num_samples category indices per row, drawn with the row's (unnormalized) weights;
    without replacement, each category at most once."""
    p = check_tensor(input, "multinomial")
    num_samples = int(num_samples)
    _check_distribution(p, num_samples, replacement)
    backend = p._backend
    xp = backend.xp
    weights = xp.astype(
        xp.reshape(p._data, (-1, p._data.shape[-1])), backend.native[dtypes.float64]
    )
    rows, categories = weights.shape
    if replacement:  # inverse CDF: the first category whose running sum exceeds u * total
        cdf = xp.cumulative_sum(weights, axis=1)
        u = uniform_like((rows, num_samples), p, generator)._data * cdf[:, -1:]
        picks = xp.stack([xp.searchsorted(cdf[r, :], u[r, :], side="right") for r in range(rows)])
        picks = xp.minimum(
            picks, xp.asarray(categories - 1, dtype=picks.dtype, device=backend.native_device)
        )
    else:  # the k largest weight / Exp(1) keys: k distinct draws in PyTorch's way
        keys = weights / -xp.log(uniform_like((rows, categories), p, generator)._data)
        picks = xp.argsort(-keys, axis=1, stable=True)[:, :num_samples]
    picks = xp.astype(picks, backend.native[dtypes.int64])
    shape = (num_samples,) if p._data.ndim == 1 else (rows, num_samples)
    return make_tensor(xp.reshape(picks, shape), backend)


__all__ = ["bernoulli", "multinomial"]
