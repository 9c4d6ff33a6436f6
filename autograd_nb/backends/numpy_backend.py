"""The CPU backend: NumPy 2, which is itself an array API namespace."""

from __future__ import annotations

import warnings

import numpy as np

from .. import dtypes
from ..device import device
from .base import Backend

# PyTorch computes log(-1) = nan and 1 / 0 = inf silently; NumPy warns. Silence NumPy's
# floating-point warnings raised from this package's own frames only: a user's own NumPy code
# keeps its warnings, and notebooks don't fill with stderr that PyTorch would not print.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"autograd_nb\.")

DEFAULT_SEED = 67280421310721  # PyTorch's default_generator seed: runs are repeatable by default

NATIVE = {
    dtypes.bool: np.dtype(np.bool_), dtypes.uint8: np.dtype(np.uint8),
    dtypes.int8: np.dtype(np.int8), dtypes.int16: np.dtype(np.int16),
    dtypes.int32: np.dtype(np.int32), dtypes.int64: np.dtype(np.int64),
    dtypes.float16: np.dtype(np.float16), dtypes.float32: np.dtype(np.float32),
    dtypes.float64: np.dtype(np.float64),
}
OURS = {v: k for k, v in NATIVE.items()}


class HostRandom:
    """A seeded NumPy generator; shared by every backend that draws numbers on the host."""

    def __init__(self):
        self.manual_seed(DEFAULT_SEED)

    def manual_seed(self, seed: int) -> None:
        self.seed = int(seed)
        self.rng = np.random.Generator(np.random.PCG64(self.seed))

    def uniform(self, shape, np_dtype):
        return self.rng.random(shape, dtype=np.float64).astype(np_dtype, copy=False)

    def normal(self, shape, np_dtype):
        return self.rng.standard_normal(shape, dtype=np.float64).astype(np_dtype, copy=False)

    def integers(self, low, high, shape, np_dtype):
        return self.rng.integers(low, high, size=shape, dtype=np.int64).astype(np_dtype, copy=False)

    def permutation(self, n):
        return self.rng.permutation(n).astype(np.int64)


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

    def scatter_add(self, target, index, values):
        np.add.at(target, index, values)

    def manual_seed(self, seed):
        self.random.manual_seed(seed)

    def uniform(self, shape, dtype):
        return self.random.uniform(shape, NATIVE[dtype])

    def normal(self, shape, dtype):
        return self.random.normal(shape, NATIVE[dtype])

    def integers(self, low, high, shape, dtype):
        return self.random.integers(low, high, shape, NATIVE[dtype])

    def permutation(self, n):
        return self.random.permutation(n)
