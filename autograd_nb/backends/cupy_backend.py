"""The CUDA backend: CuPy arrays on an NVIDIA GPU, through array-api-compat's `cupy` namespace.

Imported only by `backends` when a cuda tensor is first needed and CuPy found a device, so
`import autograd_nb` never imports CuPy. Random numbers are drawn on the GPU by one CuPy generator
per device; index backward uses `cupyx.scatter_add`. CuPy's exceptions are turned into PyTorch's
(`RuntimeError: CUDA error: ...`, `torch.cuda.OutOfMemoryError`) wherever they pass through here.
"""

from __future__ import annotations

import contextlib
import functools

import array_api_compat.cupy as compat_cupy
import cupy
import cupyx
import numpy as np

from .. import _messages as msg
from .. import dtypes
from ..device import device
from . import OutOfMemoryError
from .base import Backend, DeviceDtypes
from .host_random import DEFAULT_SEED
from .numpy_backend import NATIVE, OURS

# CuPy uses NumPy's dtype objects; it has no bfloat16 (ml_dtypes' type is NumPy's only)
CUPY_NATIVE = DeviceDtypes({d: n for d, n in NATIVE.items() if d is not dtypes.bfloat16}, "CuPy")


def _cupy_error_types() -> tuple[type, ...]:
    found = [
        cupy.cuda.runtime.CUDARuntimeError,
        cupy.cuda.driver.CUDADriverError,
        cupy.cuda.memory.OutOfMemoryError,
    ]
    for module, name in (
        ("cupy.cuda.compiler", "CompileException"),
        ("cupy_backends.cuda.libs.cublas", "CUBLASError"),
        ("cupy_backends.cuda.libs.curand", "CURANDError"),
    ):
        try:
            found.append(getattr(__import__(module, fromlist=[name]), name))
        except (ImportError, AttributeError):
            pass
    return tuple(found)


CUPY_ERRORS = _cupy_error_types()


def translate(error: BaseException) -> RuntimeError:
    """PyTorch's exception for one of CuPy's."""
    if isinstance(error, cupy.cuda.memory.OutOfMemoryError):
        return OutOfMemoryError(msg.CUDA_OOM.format(detail=error))
    return RuntimeError(msg.CUDA_ERROR.format(error=error))


@contextlib.contextmanager
def cuda_errors():
    """Run a block with CuPy's exceptions re-raised as PyTorch's."""
    try:
        yield
    except CUPY_ERRORS as error:
        raise translate(error) from None


def use_device(index: int) -> None:
    """Make cuda:index CuPy's current device (`torch.cuda.set_device`)."""
    cupy.cuda.Device(index).use()


class DeviceNamespace:
    """array-api-compat's CuPy namespace whose functions run on one GPU and raise PyTorch's errors.

    Wrapped functions are cached as attributes, so each name costs one lookup after its first use.
    """

    def __init__(self, namespace, cuda_device, enter_device: bool):
        self._namespace = namespace
        self._device = cuda_device
        self._enter = enter_device  # only needed with more than one GPU

    def __getattr__(self, name: str):
        value = getattr(self._namespace, name)
        if name in _FILLS:
            value = _keeping_negative_zero(value)
        elif name == "asarray":
            value = _asarray_keeping_negative_zero(value)
        if callable(value) and not isinstance(value, type):
            value = self._wrap(value)
        setattr(self, name, value)
        return value

    def _wrap(self, function):
        dev, enter = self._device, self._enter

        @functools.wraps(function)
        def on_device(*args, **kwargs):
            try:
                if enter:
                    with dev:
                        return function(*args, **kwargs)
                return function(*args, **kwargs)
            except CUPY_ERRORS as error:
                raise translate(error) from None

        return on_device


_FILLS = ("full", "full_like")


def _is_negative_zero(value) -> bool:
    return isinstance(value, (float, np.floating)) and value == 0 and np.signbit(value)


def _keeping_negative_zero(fill_function):
    """`full`/`full_like` that keep a -0.0 fill: CuPy writes any fill value that equals 0 with a
    memset, which stores +0.0 (PyTorch's `torch.full((2,), -0.0)` holds -0.0)."""

    @functools.wraps(fill_function)
    def fill(shape_or_like, fill_value, *args, **kwargs):
        out = fill_function(shape_or_like, fill_value, *args, **kwargs)
        if _is_negative_zero(fill_value) and out.dtype.kind == "f":
            cupy.copysign(out, -1.0, out=out)  # a memset wrote +0.0
        return out

    return fill


def _host_negative_zero(obj) -> bool:
    """Whether `obj` is -0.0 on the host: a number or a 0-d NumPy array."""
    if isinstance(obj, np.ndarray):
        return obj.ndim == 0 and _is_negative_zero(obj[()])
    return _is_negative_zero(obj)


def _asarray_keeping_negative_zero(asarray):
    """`asarray` that keeps a -0.0 number: CuPy makes the array of a number (or of a 0-d host
    array) with a fill, which a memset writes as +0.0; a 1-element host array is copied as is."""

    @functools.wraps(asarray)
    def to_array(obj, *args, **kwargs):
        if _host_negative_zero(obj):
            return asarray(np.reshape(obj, (1,)), *args, **kwargs).reshape(())
        return asarray(obj, *args, **kwargs)

    return to_array


class CupyRandom:
    """A seeded CuPy generator (XORWOW) that lives on one GPU."""

    def __init__(self, cuda_device, seed: int = DEFAULT_SEED):
        self._device = cuda_device
        self.manual_seed(seed)

    def manual_seed(self, seed: int) -> None:
        self.seed = int(seed)
        with self._device:
            self.rng = cupy.random.default_rng(self.seed)

    def _floats(self, draw, shape, np_dtype):
        exact = np_dtype if np_dtype in (np.float32, np.float64) else np.float32
        with self._device:
            return draw(size=tuple(shape), dtype=exact).astype(np_dtype, copy=False)

    def uniform(self, shape, np_dtype):
        return self._floats(self.rng.random, shape, np_dtype)

    def normal(self, shape, np_dtype):
        return self._floats(self.rng.standard_normal, shape, np_dtype)

    def integers(self, low, high, shape, np_dtype):
        with self._device:
            drawn = self.rng.integers(low, high, size=tuple(shape), dtype=np.int64)
            return drawn.astype(np_dtype, copy=False)

    def permutation(self, n):
        with self._device:  # argsort of uniform keys is a uniformly random permutation
            return cupy.argsort(self.rng.random(n, dtype=np.float64)).astype(np.int64)


class CupyBackend(Backend):
    """cuda:N served by CuPy: arrays are `cupy.ndarray` on GPU N; gradients never leave it."""

    array_type = cupy.ndarray
    native = CUPY_NATIVE
    ours = OURS

    def __init__(self, index: int, seed: int = DEFAULT_SEED):
        self.device = device("cuda", index)
        self.native_device = cupy.cuda.Device(index)
        many = cupy.cuda.runtime.getDeviceCount() > 1
        self.xp = DeviceNamespace(compat_cupy, self.native_device, many)
        self.random = CupyRandom(self.native_device, seed)
        props = cupy.cuda.runtime.getDeviceProperties(index)
        name = props["name"]
        self.name = name.decode() if isinstance(name, bytes) else str(name)

    def asarray(self, data, dtype):
        return self.from_host(np.asarray(data, dtype=CUPY_NATIVE[dtype]))

    def strides(self, array):
        if not array.size:  # PyTorch's row-major strides: a size-0 dim counts as 1
            return super().strides(array)
        return tuple(s // array.itemsize for s in array.strides)

    def is_contiguous(self, array):
        return array.flags.c_contiguous

    def is_writable(self, array):
        """CuPy has no read-only arrays, but an expanded one (a zero stride over a dim of size
        above 1) must not be written into either: several elements share one location."""
        return not any(size > 1 and stride == 0 for size, stride in zip(array.shape, array.strides))

    def data_ptr(self, array):
        return array.data.ptr

    def as_strided(self, array, shape, strides, offset):
        root = self.memory_block(array)[0]
        size = array.itemsize
        return cupy.ndarray(
            shape, array.dtype, root.data + offset * size, tuple(s * size for s in strides)
        )

    def memory_block(self, array):
        root = array
        while root.base is not None:
            root = root.base
        return root, root.data.ptr, root.nbytes

    def block_bytes(self, owner):
        with cuda_errors():
            return np.ascontiguousarray(cupy.asnumpy(owner)).view(np.uint8).reshape(-1)

    def to_host(self, array):
        with cuda_errors():
            return cupy.asnumpy(array)

    def from_host(self, host_array):
        CUPY_NATIVE.require(OURS.get(host_array.dtype))
        with cuda_errors(), self.native_device:
            if _host_negative_zero(host_array):  # CuPy fills a 0-d array from its number
                return cupy.asarray(np.reshape(host_array, (1,))).reshape(())
            return cupy.asarray(host_array)

    def fill(self, target, value):
        if _is_negative_zero(value):  # a number equal to 0 is written with a memset: +0.0
            value = self.xp.full((), value, dtype=target.dtype)
        target[...] = value

    def scatter_add(self, target, index, values):
        with cuda_errors(), self.native_device:
            try:
                cupyx.scatter_add(target, index, values)
            except TypeError:  # a dtype without CUDA atomics (bool, int8, ...): add on the host
                host = cupy.asnumpy(target)
                np.add.at(
                    host,
                    tuple(cupy.asnumpy(i) if isinstance(i, cupy.ndarray) else i for i in index),
                    cupy.asnumpy(values),
                )
                target[...] = cupy.asarray(host)

    # CuPy's own generator (XORWOW) on the GPU: PyTorch's CUDA numbers (Philox) are not matched.
    def uniform(self, shape, dtype, low=0.0, high=1.0):
        with cuda_errors():
            x = self.random.uniform(shape, CUPY_NATIVE[dtype])
            return x if (low, high) == (0.0, 1.0) else x * (high - low) + low

    def normal(self, shape, dtype, mean=0.0, std=1.0, contiguous=True):
        with cuda_errors():
            x = self.random.normal(shape, CUPY_NATIVE[dtype])
            return x if (mean, std) == (0.0, 1.0) else x * std + mean

    def integers(self, shape, dtype, low, high):
        with cuda_errors():
            return self.random.integers(low, high, shape, CUPY_NATIVE[dtype])

    def permutation(self, n):
        with cuda_errors():
            return self.random.permutation(n)

    def bernoulli(self, shape, dtype, p):
        with cuda_errors():
            return (self.random.uniform(shape, np.float64) < p).astype(CUPY_NATIVE[dtype])

    def exponential(self, shape, dtype, lambd):
        with cuda_errors():
            u = self.random.uniform(shape, np.float64)
            return (-cupy.log1p(-u) / lambd).astype(CUPY_NATIVE[dtype])

    def cauchy(self, shape, dtype, median, sigma):
        with cuda_errors():
            u = self.random.uniform(shape, np.float64)
            return (median + sigma * cupy.tan(np.pi * (u - 0.5))).astype(CUPY_NATIVE[dtype])

    def log_normal(self, shape, dtype, mean, std):
        with cuda_errors():
            return cupy.exp(self.random.normal(shape, np.float64) * std + mean).astype(
                CUPY_NATIVE[dtype]
            )

    def geometric(self, shape, dtype, p):
        with cuda_errors():
            u = self.random.uniform(shape, np.float64)
            return cupy.ceil(cupy.log(u) / np.log1p(-p)).astype(CUPY_NATIVE[dtype])

    def poisson(self, rates):
        with cuda_errors(), self.native_device:
            return self.random.rng.poisson(rates.astype(np.float64)).astype(rates.dtype)

    def multinomial(self, weights, num_samples):
        with cuda_errors(), self.native_device:
            cdf = cupy.cumsum(weights.astype(np.float64), axis=1)
            u = self.random.uniform((weights.shape[0], num_samples), np.float64) * cdf[:, -1:]
            picks = (cdf[:, None, :] < u[:, :, None]).sum(axis=2)
            return cupy.minimum(picks, weights.shape[1] - 1)

    def export_dlpack(self, array, *, stream=None, max_version=None, copy=None):
        """`Tensor.__dlpack__` for GPU memory: CuPy's capsule, ordered on the consumer's stream."""
        with cuda_errors(), self.native_device:
            return array.__dlpack__(stream=stream, max_version=max_version, copy=copy)

    def import_dlpack(self, producer, *, copy=None):
        """A CuPy array sharing a DLPack producer's GPU memory (`torch.from_dlpack`)."""
        with cuda_errors(), self.native_device:
            return cupy.from_dlpack(producer, copy=copy)

    def synchronize(self) -> None:
        with cuda_errors():
            self.native_device.synchronize()

    def memory_allocated(self) -> int:
        """Bytes CuPy's memory pool has handed out on this device."""
        with cuda_errors(), self.native_device:
            return int(cupy.get_default_memory_pool().used_bytes())
