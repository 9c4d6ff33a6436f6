"""`torch.cuda`: is a GPU usable, which one is current, seeding, and the legacy cuda tensor types.

Without CuPy or a CUDA device, `is_available()` is False and moving a tensor to 'cuda' raises an
error that says why and what to do (PyTorch's 'Torch not compiled with CUDA enabled' is the model).
"""

from __future__ import annotations

from . import _messages as msg
from . import backends, dtypes
from ._legacy import CUDA_TYPES

__all__ = ["is_available", "device_count", "current_device", "set_device", "synchronize",
           "manual_seed", "manual_seed_all", "get_device_name", "memory_allocated",
           "FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor", "IntTensor", "ShortTensor",
           "CharTensor", "ByteTensor", "BoolTensor"]


def device_count() -> int:
    return backends.cuda_status()[0]


def is_available() -> bool:
    """True when a CUDA device can hold tensors (CuPy found a GPU, or the test simulation)."""
    return device_count() > 0


def _require() -> None:
    count, why = backends.cuda_status()
    if count == 0:
        raise AssertionError(msg.CUDA_UNAVAILABLE.format(why=why))


def current_device() -> int:
    _require()
    return backends.current_cuda_index()


def set_device(device) -> None:
    from .device import as_device
    index = device if isinstance(device, int) else as_device(device).index or 0
    _require()
    if index >= device_count():
        raise RuntimeError(msg.CUDA_INDEX.format(index=index, count=device_count()))
    backends.set_current_cuda_index(index)


def synchronize(device=None) -> None:
    _require()
    backends.backend_for("cuda" if device is None else device).synchronize()


def manual_seed(seed: int) -> None:
    """Seed the current CUDA device's generator (silently ignored without CUDA, as PyTorch)."""
    if is_available():
        backends.backend_for("cuda").manual_seed(int(seed))


def manual_seed_all(seed: int) -> None:
    for index in range(device_count()):
        backends.backend_for(f"cuda:{index}").manual_seed(int(seed))


def get_device_name(device=None) -> str:
    _require()
    return getattr(backends.backend_for("cuda" if device is None else device), "name",
                   "simulated CUDA device (array-api-strict)")


def memory_allocated(device=None) -> int:
    """Bytes held by tensors on the device (0 where the backend cannot tell)."""
    _require()
    backend = backends.backend_for("cuda" if device is None else device)
    return int(getattr(backend, "memory_allocated", lambda: 0)())


FloatTensor = CUDA_TYPES[dtypes.float32]
DoubleTensor = CUDA_TYPES[dtypes.float64]
HalfTensor = CUDA_TYPES[dtypes.float16]
LongTensor = CUDA_TYPES[dtypes.int64]
IntTensor = CUDA_TYPES[dtypes.int32]
ShortTensor = CUDA_TYPES[dtypes.int16]
CharTensor = CUDA_TYPES[dtypes.int8]
ByteTensor = CUDA_TYPES[dtypes.uint8]
BoolTensor = CUDA_TYPES[dtypes.bool]
