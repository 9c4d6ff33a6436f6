"""Random fills and sampling from tensors of probabilities: `bernoulli`, `multinomial`,
`exponential_`, and the helper that fills a tensor in PyTorch's order.

The numbers come from the tensor's backend (or a `generator=`), which runs PyTorch's CPU kernels on
its Mersenne Twister (backends/host_random.py), so `manual_seed` gives PyTorch's samples.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._generator import draw
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import check_tensor, record
from .out import with_out
from .pointwise import _not_differentiable


def draw_like(x: Tensor, method: str, *params, generator=None):
    """An array shaped like x of `backend.<method>(shape, dtype, *params)` samples, in the order
    PyTorch's kernels visit x's memory (or that of `empty_like(x)`): the dims of a dense strided
    tensor outermost stride first, those of any other tensor in order."""
    backend = x._backend
    shape = tuple(x._data.shape)
    strides = backend.strides(x._data)
    order = sorted(range(len(shape)), key=lambda d: -strides[d])
    if order == sorted(order) or not _dense(shape, strides, order):
        return draw(generator, backend, method, shape, x.dtype, *params)
    if method == "bernoulli" and not isinstance(params[0], float):  # p follows x's order
        xp = backend.xp
        params = (xp.permute_dims(xp.broadcast_to(params[0], shape), tuple(order)),)
    drawn = draw(generator, backend, method, tuple(shape[d] for d in order), x.dtype, *params)
    return backend.xp.permute_dims(drawn, tuple(order.index(d) for d in range(len(shape))))


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


def _dense(shape: tuple, strides: tuple, order: list) -> bool:
    """Whether the elements fill their memory without gaps or overlaps (a transpose, say)."""
    expected = 1
    for d in reversed(order):
        if shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= shape[d]
    return True


def flips(like: Tensor, p, generator=None):
    """An array of 1s (with probability p, a number or a tensor broadcast to `like`) and 0s,
    in like's dtype (PyTorch's bernoulli_ kernels)."""
    p = p._data if isinstance(p, Tensor) else float(p)
    return draw_like(like, "bernoulli", p, generator=generator)


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
    return record(BernoulliBackward0, (x,), data, x._backend)


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
    weights = xp.reshape(p._data, (-1, p._data.shape[-1]))
    if replacement and num_samples > 1:  # MultinomialKernel.cpp: inverse CDF per draw
        picks = draw(generator, backend, "multinomial", weights, num_samples)
    else:  # argmax / top-k of p / q with q ~ Exp(1), in p's dtype (Distributions.cpp)
        q = draw(generator, backend, "exponential", tuple(weights.shape), p.dtype, 1.0)
        keys = weights / q
        picks = xp.argsort(-keys, axis=1, stable=True)[:, :num_samples]
    picks = xp.astype(picks, backend.native[dtypes.int64])
    shape = (num_samples,) if p._data.ndim == 1 else (weights.shape[0], num_samples)
    return make_tensor(xp.reshape(picks, shape), backend)


class ExponentialBackward0(Node):
    """exponential_: the old value has no influence on the new one."""

    __slots__ = ()

    def backward(self, grad):
        return grad * 0


def _exponential(self: Tensor, lambd: float, generator) -> Tensor:
    """A new tensor like `self` of Exp(lambd) samples (the out-of-place exponential_)."""
    if not lambd > 0:
        raise RuntimeError(msg.EXPONENTIAL_LAMBDA.format(lambd=lambd))
    if not self.dtype.is_floating_point:
        raise RuntimeError(msg.EXPONENTIAL_DTYPE.format(dtype=self.dtype.legacy_name[:-6]))
    data = draw_like(self, "exponential", float(lambd), generator=generator)
    return record(ExponentialBackward0, (self,), data, self._backend)


@tensor_method("exponential_")
def exponential_(self: Tensor, lambd: float = 1.0, *, generator=None) -> Tensor:
    """Fill in place with samples from the exponential distribution of rate lambd."""
    from .inplace import apply_inplace  # in-place machinery sits beside this module

    return apply_inplace(self, _exponential, lambd, generator)


__all__ = ["bernoulli", "multinomial"]
