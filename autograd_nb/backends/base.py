"""The backend interface: what op code may ask of the place where a tensor's data lives.

A backend serves one device (cpu, or cuda:N). Op code reaches arrays only through `xp`, the
Python array API namespace, and the few named kernels below that the standard lacks.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from .. import _messages as msg
from ..device import device


class DeviceDtypes(dict):
    """A device backend's `native` map (our dtype -> its array dtype): a dtype the backend lacks
    (bfloat16 on CuPy and array-api-strict, float16 on the latter) is one TypeError naming the
    dtypes there are, wherever it is looked up."""

    def __init__(self, pairs: dict, backend: str):
        super().__init__(pairs)
        self.backend = backend

    def require(self, dtype) -> None:
        """Raise the TypeError unless the backend has `dtype` (None: a dtype none of ours)."""
        if dtype is not None and dtype not in self:
            self.__missing__(dtype)

    def __missing__(self, dtype):
        supported = ", ".join(str(d).removeprefix("torch.") for d in self)
        raise TypeError(
            msg.DTYPE_NOT_ON_DEVICE.format(
                dtype=dtype, device="cuda", backend=self.backend, supported=supported
            )
        )


class Backend:
    """One device's array namespace, dtype mapping, transfers, random numbers and extra kernels."""

    xp: Any  # the array API namespace
    array_type: type  # the array class, for cheap "is this already one of ours" checks
    device: device
    native_device: Any  # what the namespace's `device=` arguments take for this device
    native: dict  # our dtype -> the namespace's dtype
    ours: dict  # the namespace's dtype -> our dtype

    def dtype_of(self, array) -> Any:
        """Our dtype object for an array of this backend."""
        return self.ours[array.dtype]

    def asarray(self, data, dtype) -> Any:
        """An array on this device from host data (nested lists, numbers or a NumPy array)."""
        raise NotImplementedError

    def to_host(self, array) -> Any:
        """A NumPy array with the same values (the array itself on the CPU)."""
        raise NotImplementedError

    def from_host(self, host_array) -> Any:
        """This device's copy of a NumPy array."""
        raise NotImplementedError

    def broadcast_value(self, array) -> Any:
        """The one number a broadcast view repeats (e.g. the gradient of `sum()`), else None."""
        return None

    def strides(self, array) -> tuple:
        """`array`'s strides in elements (row-major ones where the namespace does not tell)."""
        strides, step = [], 1
        for size in reversed(array.shape):
            strides.insert(0, step)
            step *= max(size, 1)
        return tuple(strides)

    def is_contiguous(self, array) -> bool:
        """Whether `array` is laid out row-major without gaps (as `Tensor.is_contiguous`)."""
        return True

    def data_ptr(self, array) -> int:
        """The address of `array`'s first element (what `Tensor.data_ptr` reports)."""
        raise NotImplementedError

    def as_strided(self, array, shape: tuple, strides: tuple, offset: int) -> Any:
        """A view of the memory block `array` lies in (see memory_block): `shape`, `strides` in
        elements, starting `offset` elements after the block's start (Tensor.as_strided)."""
        raise NotImplementedError

    def memory_block(self, array) -> tuple:
        """(owner, address, nbytes) of the allocation `array` views: its storage."""
        raise NotImplementedError

    def block_bytes(self, owner) -> Any:
        """The current bytes of a memory_block's owner, as a NumPy uint8 array."""
        raise NotImplementedError

    def is_writable(self, array) -> bool:
        """Whether `array`'s memory may be written (a NumPy array can be read-only)."""
        return True

    def owns_memory(self, array) -> bool:
        """Whether `array` is the only view of its memory (so it may be kept without a copy)."""
        return False

    def quiet(self):
        """A context in which floating-point overflow and invalid operations give inf / nan
        silently, as PyTorch's kernels do (NumPy warns)."""
        return contextlib.nullcontext()

    def partial_overlap(self, written, read) -> bool:
        """Whether writing `written` would change some, but not exactly all, elements of `read`
        (PyTorch refuses such in-place ops); False where the backend cannot tell."""
        return False

    def sum(self, array, axis=None, keepdims: bool = False, dtype=None) -> Any:
        """`xp.sum`: a backend may skip the namespace function's dispatch (the hot reductions
        of a training step go through here)."""
        return self.xp.sum(array, axis=axis, keepdims=keepdims, dtype=dtype)

    def amax(self, array, axis=None, keepdims: bool = False) -> Any:
        """`xp.max` (PyTorch's amax), like `sum`."""
        return self.xp.max(array, axis=axis, keepdims=keepdims)

    def amin(self, array, axis=None, keepdims: bool = False) -> Any:
        """`xp.min` (PyTorch's amin), like `sum`."""
        return self.xp.min(array, axis=axis, keepdims=keepdims)

    def sum_to(self, array, shape: tuple) -> Any:
        """`array` summed over the dims broadcasting added to `shape` (a gradient brought back
        to its input's shape, PyTorch's at::sum_to)."""
        axes = _broadcast_axes(array.shape, shape)
        summed = self.xp.sum(array, axis=axes, dtype=array.dtype)
        return summed if summed.shape == shape else self.xp.reshape(summed, shape)

    def index(self, data, indices: tuple) -> Any:
        """`data[indices]`: integer arrays of one shape index the leading dims (negative ones
        count from the end); IndexError if one is out of range."""
        xp = self.xp
        flat, rows = None, 1
        for size, a in zip(data.shape, indices):
            if a.size:
                low, high = int(xp.min(a)), int(xp.max(a))
                if low < -size or high >= size:
                    raise IndexError(
                        msg.INDEX_OUT_OF_BOUNDS_FOR_SIZE.format(
                            value=low if low < -size else high, size=size
                        )
                    )
                if low < 0:
                    a = xp.where(a < 0, a + size, a)
            flat = a if flat is None else flat * size + a
            rows *= size
        rest = tuple(data.shape[len(indices) :])
        taken = xp.take(xp.reshape(data, (rows,) + rest), xp.reshape(flat, (-1,)), axis=0)
        return xp.reshape(taken, tuple(flat.shape) + rest)

    def scatter_add(self, target, index, values) -> None:
        """`target[index] += values` in place for a tuple of integer arrays (negative ones count
        from the end), adding repeated indices up: the backward of `index`."""
        raise NotImplementedError

    def fill(self, target, value) -> None:
        """`target[...] = value` for a number `value`, in place (-0.0 kept)."""
        target[...] = value

    def scatter_set(self, target, index, values) -> None:
        """`target[index] = values` in place for a tuple of integer arrays naming distinct
        elements (or any elements, given one value): a write that keeps each value as it is,
        -0.0 too, where adding into zeros would not."""
        target[index] = values

    # Random numbers: PyTorch's CPU kernels drawn on the host by `self.random` (a HostRandom, see
    # host_random.py) and copied to the device; a backend with a generator on its device (CuPy)
    # overrides them. Shapes are drawn in C order.

    def manual_seed(self, seed: int) -> None:
        self.random.manual_seed(seed)

    def uniform(self, shape: tuple, dtype, low: float = 0.0, high: float = 1.0) -> Any:
        """Samples from [low, high) (`uniform_`)."""
        return self.from_host(self.random.uniform(shape, _host(dtype), low, high))

    def normal(
        self, shape: tuple, dtype, mean: float = 0.0, std: float = 1.0, contiguous: bool = True
    ) -> Any:
        """Normal samples (`normal_`); `contiguous` picks PyTorch's kernel for a strided fill."""
        return self.from_host(self.random.normal(shape, _host(dtype), mean, std, contiguous))

    def integers(self, shape: tuple, dtype, low: int, high: int) -> Any:
        """Integers from [low, high) (`random_`, `randint`)."""
        return self.from_host(self.random.integers(shape, _host(dtype), low, high))

    def permutation(self, n: int) -> Any:
        """A random permutation of 0..n-1 as an int64 array (`randperm`)."""
        return self.from_host(self.random.permutation(n))

    def bernoulli(self, shape: tuple, dtype, p) -> Any:
        """1 with probability p (a number, or an array broadcast to `shape`), else 0."""
        if not isinstance(p, float):
            p = self.to_host(p)
        return self.from_host(self.random.bernoulli(shape, _host(dtype), p))

    def exponential(self, shape: tuple, dtype, lambd: float) -> Any:
        """Exponential samples of rate lambd (`exponential_`)."""
        return self.from_host(self.random.exponential(shape, _host(dtype), lambd))

    def cauchy(self, shape: tuple, dtype, median: float, sigma: float) -> Any:
        """Cauchy samples (`cauchy_`)."""
        return self.from_host(self.random.cauchy(shape, _host(dtype), median, sigma))

    def log_normal(self, shape: tuple, dtype, mean: float, std: float) -> Any:
        """Samples whose log is normal (`log_normal_`)."""
        return self.from_host(self.random.log_normal(shape, _host(dtype), mean, std))

    def geometric(self, shape: tuple, dtype, p: float) -> Any:
        """How many trials of success probability p until the first success (`geometric_`)."""
        return self.from_host(self.random.geometric(shape, _host(dtype), p))

    def poisson(self, rates) -> Any:
        """A Poisson sample for each rate of the array, in its dtype (`torch.poisson`)."""
        return self.from_host(self.random.poisson(self.to_host(rates)))

    def multinomial(self, weights, num_samples: int) -> Any:
        """num_samples category indices per row of a 2-D weights array, with replacement."""
        host = self.random.multinomial_with_replacement(self.to_host(weights), num_samples)
        return self.from_host(host)

    def synchronize(self) -> None:
        """Wait for queued work (no-op for synchronous devices)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} for {self.device}>"


def _broadcast_axes(full: tuple, shape: tuple) -> tuple:
    """The axes of an array of shape `full` that broadcasting `shape` up to it added or grew."""
    lead = len(full) - len(shape)
    if full[lead:] == shape:  # only leading axes were added (a bias, say): the common case
        return _LEADING_AXES[lead] if lead < len(_LEADING_AXES) else tuple(range(lead))
    return tuple(range(lead)) + tuple(
        lead + i for i, size in enumerate(shape) if size == 1 and full[lead + i] != 1
    )


_LEADING_AXES = tuple(tuple(range(n)) for n in range(8))


def _host(dtype) -> np.dtype:
    """The NumPy dtype the host draws `dtype`'s samples in."""
    return np.dtype(dtype.name)
