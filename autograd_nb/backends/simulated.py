"""A stand-in GPU for tests: `array-api-strict` on one of its non-CPU devices.

Like CuPy it refuses implicit conversion to NumPy and refuses to mix devices, so any op that
sneaks past the backend interface fails loudly here, on machines with no GPU.
"""

from __future__ import annotations

import warnings

import array_api_strict as xs
import numpy as np

from .. import dtypes
from ..device import device
from .base import Backend, DeviceDtypes
from .host_random import HostRandom
from .numpy_backend import NATIVE as HOST_NATIVE
from .numpy_backend import OURS as HOST_OURS
from .numpy_backend import strided_view

_STRICT_DEVICES = ("device1", "device2")
# The simulation runs NumPy inside array-api-strict's frames: silence its floating-point warnings
# there too, as the CPU backend does for this package's frames (GPUs never warn).
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"array_api_strict\.")
NATIVE = DeviceDtypes(
    {ours: getattr(xs, ours.name) for ours in dtypes.ALL_DTYPES if hasattr(xs, ours.name)},
    "array-api-strict (the simulated GPU)",
)
OURS = {v: k for k, v in NATIVE.items()}
_CPU = xs.Device("CPU_DEVICE")


def device_count() -> int:
    return len(_STRICT_DEVICES)


class SimulatedCudaBackend(Backend):
    """cuda:N backed by array-api-strict's device N+1; random numbers drawn on the host."""

    xp = xs
    array_type = xs._array_object.Array
    native = NATIVE
    ours = OURS

    def __init__(self, index: int):
        self.device = device("cuda", index)
        self.native_device = xs.Device(_STRICT_DEVICES[index])
        self.random = HostRandom()

    def asarray(self, data, dtype):
        self.native.require(dtype)  # before NumPy makes the host array
        return self.from_host(np.array(data, dtype=HOST_NATIVE[dtype]))

    # array-api-strict hides the layout; the NumPy array it wraps has it (as CuPy arrays do).
    def strides(self, array):
        return tuple(s // array._array.itemsize for s in array._array.strides)

    def is_contiguous(self, array):
        return array._array.flags.c_contiguous

    def is_writable(self, array):
        return array._array.flags.writeable

    def data_ptr(self, array):
        return array._array.__array_interface__["data"][0]

    def as_strided(self, array, shape, strides, offset):
        view = strided_view(array._array, self.memory_block(array)[0], shape, strides, offset)
        return xs._array_object.Array._new(view, device=self.native_device)

    def memory_block(self, array):
        root = array._array
        while isinstance(root.base, np.ndarray):
            root = root.base
        return root, root.__array_interface__["data"][0], root.nbytes

    def block_bytes(self, owner):
        return np.ascontiguousarray(owner).view(np.uint8).reshape(-1)

    def to_host(self, array):
        return np.asarray(array.to_device(_CPU))

    def from_host(self, host_array):
        self.native.require(HOST_OURS.get(host_array.dtype))
        return xs.asarray(np.array(host_array, order="C"), device=self.native_device)

    def scatter_add(self, target, index, values):
        host = self.to_host(target).copy()
        host_index = tuple(self.to_host(i) if isinstance(i, self.array_type) else i for i in index)
        np.add.at(host, host_index, self.to_host(values))
        target[...] = self.from_host(host)

    def scatter_set(self, target, index, values):
        host = self.to_host(target).copy()
        is_array = isinstance(values, self.array_type)
        host[tuple(self.to_host(i) for i in index)] = self.to_host(values) if is_array else values
        target[...] = self.from_host(host)
