"""The CPU backend: NumPy 2, which is itself an array API namespace."""

from __future__ import annotations

import ctypes
import os
import sys
import warnings

import ml_dtypes
import numpy as np

from .. import dtypes
from ..device import device
from .base import _LEADING_AXES, Backend, _broadcast_axes
from .host_random import HostRandom

# PyTorch computes log(-1) = nan and 1 / 0 = inf silently; NumPy warns. Silence NumPy's
# floating-point warnings raised from this package's own frames only: a user's own NumPy code
# keeps its warnings, and notebooks don't fill with stderr that PyTorch would not print.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"autograd_nb\.")


def keep_freed_arrays_for_reuse() -> bool:
    """Ask glibc to keep freed multi-megabyte arrays in the heap for the next op to reuse.

    By default glibc hands a freed array of a few MB back to the operating system, and the next
    op of the same size page-faults fresh zeroed memory in: on million-element tensors that costs
    more than the arithmetic (PyTorch's caching allocators exist for the same reason). This keeps
    up to 32 MB per array and 256 MB of free heap. Linux with glibc only; opt out by setting
    AUTOGRAD_NB_KEEP_FREED_MEMORY=0. Returns whether the setting was applied.
    """
    if (
        not sys.platform.startswith("linux")
        or os.environ.get("AUTOGRAD_NB_KEEP_FREED_MEMORY", "1") == "0"
    ):
        return False
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):  # musl and other C libraries: leave them alone
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3
    return bool(mallopt(m_mmap_threshold, 32 << 20) and mallopt(m_trim_threshold, 256 << 20))


KEEPS_FREED_MEMORY = keep_freed_arrays_for_reuse()


def is_numpy_array(value) -> bool:
    return isinstance(value, np.ndarray)


def python_number(value):
    """A NumPy scalar (`np.float32(0.1)`, `np.int64(3)`) as the Python number it holds, since
    PyTorch treats them as Python numbers (weak in promotion); else `value`. PyTorch reads a
    NumPy bool as the float 1.0 or 0.0 (`int_tensor + np.bool_(True)` is a float tensor)."""
    if isinstance(value, np.number):
        return value.item()
    return float(value) if isinstance(value, np.bool_) else value


NATIVE = {
    dtypes.bool: np.dtype(np.bool_),
    dtypes.uint8: np.dtype(np.uint8),
    dtypes.int8: np.dtype(np.int8),
    dtypes.int16: np.dtype(np.int16),
    dtypes.int32: np.dtype(np.int32),
    dtypes.int64: np.dtype(np.int64),
    dtypes.float16: np.dtype(np.float16),
    dtypes.bfloat16: np.dtype(ml_dtypes.bfloat16),  # NumPy has none: JAX's extension type
    dtypes.float32: np.dtype(np.float32),
    dtypes.float64: np.dtype(np.float64),
}
OURS = {v: k for k, v in NATIVE.items()}
BFLOAT16 = NATIVE[dtypes.bfloat16]


def _bfloat16_sum(array, axis, keepdims: bool):
    """A bfloat16 sum added up in float32 and rounded once, as PyTorch's CPU kernels do (NumPy's
    own float16 sums do the same; ml_dtypes' would round after every addition)."""
    return np.add.reduce(array, axis=axis, keepdims=keepdims, dtype=np.float32).astype(BFLOAT16)


# Floating dtypes and the signed integer of the same width, for bitwise masking.


class NumpyBackend(Backend):
    """Arrays are `numpy.ndarray`; no copies to or from the host."""

    xp = np
    array_type = np.ndarray
    native_device = "cpu"
    native = NATIVE
    ours = OURS

    def __init__(self):
        self.device = device("cpu")
        self.random = HostRandom()

    def asarray(self, data, dtype):
        return np.array(data, dtype=NATIVE[dtype])

    def to_host(self, array):
        return array

    def from_host(self, host_array):
        return host_array

    def broadcast_value(self, array):
        if array.ndim and array.size and not any(array.strides):
            return array.flat[0].item()
        return None

    def strides(self, array):
        if not array.size:  # PyTorch's row-major strides: a size-0 dim counts as 1
            return super().strides(array)
        return tuple(s // array.itemsize for s in array.strides)

    def is_contiguous(self, array):
        return array.flags.c_contiguous

    def data_ptr(self, array):
        return array.__array_interface__["data"][0]

    def is_writable(self, array):
        return array.flags.writeable

    def quiet(self):
        return np.errstate(over="ignore", invalid="ignore", divide="ignore")

    def partial_overlap(self, written, read):
        if written is read or (written.base is None and read.base is None):
            return False  # two arrays that own their memory (`p -= lr * p.grad`) share none
        if not np.may_share_memory(written, read):
            return False
        if (
            written.shape == read.shape
            and written.strides == read.strides
            and self.data_ptr(written) == self.data_ptr(read)
        ):
            return False  # the same elements (x.add_(x.view(...))): allowed, as in PyTorch
        try:
            return bool(np.shares_memory(written, read, max_work=10_000))
        except np.exceptions.TooHardError:  # as PyTorch, which only checks dense tensors
            return False

    def as_strided(self, array, shape, strides, offset):
        return strided_view(array, self.memory_block(array)[0], shape, strides, offset)

    def memory_block(self, array):
        root = array
        while isinstance(root.base, np.ndarray):
            root = root.base
        return root, self.data_ptr(root), root.nbytes

    def block_bytes(self, owner):
        return np.ascontiguousarray(owner).view(np.uint8).reshape(-1)

    def owns_memory(self, array):
        if not array.flags.writeable:
            return False
        base = array.base
        # A view (a transpose, say) of an array nothing else refers to has that memory to itself.
        # getrefcount counts the view's `.base`, our `base` and its own argument.
        return base is None or (
            type(base) is np.ndarray and base.base is None and sys.getrefcount(base) == 3
        )

    # np.sum, np.max and np.min are these ufunc reductions behind a Python dispatch layer that
    # costs more than the reduction itself on small arrays.
    def sum(self, array, axis=None, keepdims=False, dtype=None):
        # `is`, not `in`: np.dtype("float64") == None holds
        if array.dtype is BFLOAT16 and (dtype is None or dtype is BFLOAT16):
            return _bfloat16_sum(array, axis, keepdims)
        return np.add.reduce(array, axis=axis, keepdims=keepdims, dtype=dtype)

    def amax(self, array, axis=None, keepdims=False):
        return np.maximum.reduce(array, axis=axis, keepdims=keepdims)

    def amin(self, array, axis=None, keepdims=False):
        return np.minimum.reduce(array, axis=axis, keepdims=keepdims)

    def sum_to(self, array, shape):
        if array.dtype is BFLOAT16:
            return _bfloat16_sum(array, _broadcast_axes(array.shape, shape), False).reshape(shape)
        full = array.shape
        lead = len(full) - len(shape)
        if 0 < lead < len(_LEADING_AXES) and full[lead:] == shape:  # a bias: only leading axes
            return np.add.reduce(array, axis=_LEADING_AXES[lead])  # np.sum's core
        summed = np.add.reduce(array, axis=_broadcast_axes(full, shape))
        return summed if summed.shape == shape else summed.reshape(shape)

    def index(self, data, indices):
        return data[indices]  # NumPy checks the range and wraps negative indices as PyTorch

    def scatter_add(self, target, index, values):
        np.add.at(target, index, values)


def strided_view(array, root, shape: tuple, strides: tuple, offset: int):
    """A NumPy view of `root`'s memory with `array`'s dtype (strides and offset in elements)."""
    size = array.itemsize
    view = np.ndarray(shape, array.dtype, root, offset * size, tuple(s * size for s in strides))
    view.flags.writeable = array.flags.writeable
    return view
