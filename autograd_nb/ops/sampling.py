"""Random fills and sampling from tensors of probabilities: `bernoulli`, `multinomial`,
`poisson`, the in-place fills (`uniform_`, `normal_`, `random_`, `bernoulli_`, `exponential_`,
`cauchy_`, `log_normal_`, `geometric_`), and the helper that fills a tensor in PyTorch's order.

The numbers come from the tensor's backend (or a `generator=`), which runs PyTorch's CPU kernels on
its Mersenne Twister (backends/host_random.py), so `manual_seed` gives PyTorch's samples.
"""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._generator import draw
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import check_tensor, record, short_name
from .inplace import ZeroBackward0, apply_inplace
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
        return grad.new_zeros(grad.shape)


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


class _ResampledBackward(Node):
    """A random fill: the old value has no influence on the new one (zero gradient)."""

    __slots__ = ()

    def backward(self, grad):
        return grad.new_zeros(grad.shape)


class ExponentialBackward0(_ResampledBackward):
    __slots__ = ()


class CauchyBackward0(_ResampledBackward):
    __slots__ = ()


class LogNormalBackward0(_ResampledBackward):
    __slots__ = ()


class GeometricBackward0(_ResampledBackward):
    __slots__ = ()


class PoissonBackward0(_ResampledBackward):
    __slots__ = ()


def _exponential(self: Tensor, lambd: float, generator) -> Tensor:
    """A new tensor like `self` of Exp(lambd) samples (the out-of-place exponential_)."""
    if not lambd > 0:
        raise RuntimeError(msg.EXPONENTIAL_LAMBDA.format(lambd=lambd))
    if not self.dtype.is_floating_point:
        raise RuntimeError(msg.EXPONENTIAL_DTYPE.format(dtype=self.dtype.legacy_name[:-6]))
    data = draw_like(self, "exponential", float(lambd), generator=generator)
    return record(ExponentialBackward0, (self,), data, self._backend)


def _resampled(self: Tensor, method: str, cls, params: tuple, generator) -> Tensor:
    """A new tensor like `self` of `backend.<method>` samples (an out-of-place random fill)."""
    data = draw_like(self, method, *params, generator=generator)
    return record(cls, (self,), data, self._backend)


def _require_floating(self: Tensor, kernel: str) -> None:
    if not self.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=kernel, dtype=short_name(self.dtype))
        )


@tensor_method("cauchy_")
def cauchy_(self: Tensor, median: float = 0.0, sigma: float = 1.0, *, generator=None) -> Tensor:
    """Fill in place with samples from the Cauchy distribution (median, sigma)."""
    if not sigma > 0:
        raise RuntimeError(msg.CAUCHY_SIGMA.format(sigma=sigma))
    if not self.dtype.is_floating_point:
        raise RuntimeError(msg.CAUCHY_DTYPE.format(ctype=dtypes.CPP_NAMES[self.dtype]))
    params = (float(median), float(sigma))
    return apply_inplace(self, _resampled, "cauchy", CauchyBackward0, params, generator)


@tensor_method("log_normal_")
def log_normal_(self: Tensor, mean: float = 1.0, std: float = 2.0, *, generator=None) -> Tensor:
    """Fill in place with samples whose log is normal with (mean, std)."""
    if not std > 0:
        raise RuntimeError(msg.LOG_NORMAL_STD.format(std=std))
    _require_floating(self, "log_normal_cpu")
    params = (float(mean), float(std))
    return apply_inplace(self, _resampled, "log_normal", LogNormalBackward0, params, generator)


@tensor_method("geometric_")
def geometric_(self: Tensor, p: float, *, generator=None) -> Tensor:
    """Fill in place with the number of trials up to the first success of probability p."""
    if not 0 < p < 1:
        raise RuntimeError(msg.GEOMETRIC_P.format(p=p))
    if self.dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="geometric_cpu", dtype="Bool"))
    return apply_inplace(self, _resampled, "geometric", GeometricBackward0, (float(p),), generator)


def poisson(input, generator=None) -> Tensor:
    """A Poisson sample for each rate of `input`, in its dtype (a zero gradient)."""
    rates = check_tensor(input, "poisson")
    _require_floating(rates, "poisson_cpu")
    xp = rates._backend.xp
    if rates._data.size and not bool(xp.all(rates._data >= 0)):
        raise RuntimeError(msg.POISSON_RATE)
    data = draw(generator, rates._backend, "poisson", rates._data)
    return record(PoissonBackward0, (rates,), data, rates._backend)


@tensor_method("exponential_")
def exponential_(self: Tensor, lambd: float = 1.0, *, generator=None) -> Tensor:
    """Fill in place with samples from the exponential distribution of rate lambd."""
    return apply_inplace(self, _exponential, lambd, generator)


# --- uniform_, normal_, random_, bernoulli_ ------------------------------------------------------


class UniformBackward0(ZeroBackward0):
    """uniform_: the old value has no influence on the new one."""

    __slots__ = ()


class NormalBackward0(ZeroBackward0):
    __slots__ = ()


def _sampled(self: Tensor, kind: str, params: tuple, generator) -> Tensor:
    """A new tensor like `self` of samples: uniform on [from, to), or normal (mean, std)."""
    if not self.dtype.is_floating_point:
        name = "check_uniform_bounds" if kind == "uniform" else "normal_kernel_cpu"
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=name, dtype=self.dtype.legacy_name[: -len("Tensor")])
        )
    if kind == "normal":  # PyTorch's normal_ kernel depends on the layout
        params += (self._backend.is_contiguous(self._data),)
    sample = draw_like(self, kind, *params, generator=generator)
    cls = UniformBackward0 if kind == "uniform" else NormalBackward0
    return record(cls, (self,), sample, self._backend)


@tensor_method("uniform_")
def uniform_(self: Tensor, from_: float = 0.0, to: float = 1.0, *, generator=None) -> Tensor:
    """Fill in place with samples from the uniform distribution on [from_, to)."""
    return apply_inplace(self, _sampled, "uniform", (float(from_), float(to)), generator)


@tensor_method("normal_")
def normal_(self: Tensor, mean: float = 0.0, std: float = 1.0, *, generator=None) -> Tensor:
    """Fill in place with samples from the normal distribution N(mean, std**2)."""
    if std < 0:
        raise RuntimeError(msg.NORMAL_STD.format(std=std))
    return apply_inplace(self, _sampled, "normal", (float(mean), float(std)), generator)


class RandomBackward0(ZeroBackward0):
    """random_(from, to)."""

    __slots__ = ()


class RandomBackward1(ZeroBackward0):
    """random_(to)."""

    __slots__ = ()


class RandomBackward2(ZeroBackward0):
    """random_()."""

    __slots__ = ()


_C_TYPES = {
    dtypes.bool: "bool",
    dtypes.uint8: "unsigned char",
    dtypes.int8: "signed char",
    dtypes.int16: "short",
    dtypes.int32: "int",
    dtypes.int64: "long",
    dtypes.float16: "c10::Half",
    dtypes.float32: "float",
    dtypes.float64: "double",
}


def _random_range(dtype, low: int, high: int | None) -> tuple:
    """[low, high) for random_ after PyTorch's checks. With no `to`, the top is the dtype's
    largest value, or 2^digits for floats (the largest run of exactly representable integers)."""
    from .._type_info import finfo, iinfo

    info = finfo(dtype) if dtype.is_floating_point else None
    if info is not None:
        digits = 1 - int(math.log2(info.eps))
        lowest, highest, top = info.min, info.max, 2**digits
    else:
        lowest, highest = (0, 1) if dtype is dtypes.bool else (iinfo(dtype).min, iinfo(dtype).max)
        top = highest
    if high is None:
        high = top + 1
    if low >= high:
        raise RuntimeError(msg.RANDINT_RANGE.format(low=low, high=high))
    for which, value in (("from", low), ("to - 1", high - 1)):
        if not lowest <= value <= highest:
            raise RuntimeError(msg.RANDOM_BOUND.format(which=which, ctype=_C_TYPES[dtype]))
        if info is not None and abs(value) > top:
            warnings.warn(
                msg.RANDOM_PRECISION.format(which=which, digits=digits, ctype=_C_TYPES[dtype]),
                stacklevel=4,
            )
    return low, high


def _random_integers(self: Tensor, low: int, high: int, cls, generator) -> Tensor:
    """A new tensor like `self` of integers drawn uniformly from [low, high)."""
    sample = draw_like(self, "integers", low, high, generator=generator)
    return record(cls, (self,), sample, self._backend)


@tensor_method("random_")
def random_(self: Tensor, *bounds: int, to: int | None = None, generator=None) -> Tensor:
    """Fill in place with integers from [from, to) (PyTorch's random_(from=0, to=None)); with
    no `to`, up to the dtype's largest value (2^mantissa bits for floats)."""
    if len(bounds) > 2 or not all(
        isinstance(b, int) or b is None and i == 1 for i, b in enumerate(bounds)
    ):
        got = ", ".join(type(b).__name__ for b in bounds)
        raise TypeError(msg.RANDOM_ARGS.format(got=got))
    if len(bounds) == 1 and to is None:
        bounds, cls = (0, bounds[0]), RandomBackward1
    elif bounds:
        bounds, cls = (bounds[0], bounds[1] if len(bounds) == 2 else to), RandomBackward0
    else:
        bounds, cls = (0, to), RandomBackward1 if to is not None else RandomBackward2
    low, high = _random_range(self.dtype, *bounds)
    return apply_inplace(self, _random_integers, low, high, cls, generator)


class BernoulliBackward1(Node):
    """bernoulli_ with a tensor p: neither the old value nor p moves the samples smoothly."""

    __slots__ = ("_p_shape",)

    def backward(self, grad):
        return (
            grad.new_zeros(grad.shape) if self.needs_input_grad(0) else None,
            grad.new_zeros(self._p_shape) if self.needs_input_grad(1) else None,
        )


class BernoulliBackward2(ZeroBackward0):
    """bernoulli_ with a number p."""

    __slots__ = ()


def _bernoulli(self: Tensor, p, generator) -> Tensor:
    """A new tensor like `self` of 1s with probability p and 0s (the out-of-place bernoulli_)."""
    if isinstance(p, Tensor):
        check_probabilities(p)
        cls, inputs, state = BernoulliBackward1, (self, p), {"p_shape": tuple(p._data.shape)}
    else:
        check_probability(p)
        cls, inputs, state = BernoulliBackward2, (self,), None
    return record(cls, inputs, flips(self, p, generator), self._backend, state=state)


@tensor_method("bernoulli_")
def bernoulli_(self: Tensor, p=0.5, *, generator=None) -> Tensor:
    """Fill in place with 1s (with probability p, a number or a tensor) and 0s."""
    return apply_inplace(self, _bernoulli, p, generator)


__all__ = ["bernoulli", "multinomial", "poisson"]
