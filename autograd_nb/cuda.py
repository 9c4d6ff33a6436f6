"""`torch.cuda`: is a GPU usable, which one is current, seeding, and the legacy cuda tensor types.

Without CuPy or a CUDA device, `is_available()` is False, `device_count()` is 0 (neither ever
raises), and using a CUDA device raises an AssertionError that says why and what to do (PyTorch's
'Torch not compiled with CUDA enabled' is the model). CuPy is imported on first use only.
"""

from __future__ import annotations

from . import _messages as msg
from . import backends, dtypes
from ._legacy import CUDA_TYPES
from .backends import OutOfMemoryError
from .device import device as Device
from .device import register_accelerator_probe

__all__ = [
    "is_available",
    "device_count",
    "current_device",
    "set_device",
    "synchronize",
    "manual_seed",
    "manual_seed_all",
    "get_device_name",
    "memory_allocated",
    "empty_cache",
    "is_initialized",
    "OutOfMemoryError",
    "FloatTensor",
    "DoubleTensor",
    "HalfTensor",
    "LongTensor",
    "IntTensor",
    "ShortTensor",
    "CharTensor",
    "ByteTensor",
    "BoolTensor",
]


def device_count() -> int:
    """How many CUDA devices can hold tensors (0 without CuPy, driver or GPU; never raises)."""
    return backends.cuda_status()[0]


def is_available() -> bool:
    """True when a CUDA device can hold tensors (CuPy found a GPU, or the test simulation)."""
    return device_count() > 0


register_accelerator_probe(is_available)  # device(0) asks it (device.py sits below the backends)


def is_initialized() -> bool:
    """True once a CUDA tensor has been made (PyTorch initializes CUDA lazily too)."""
    return any(b.device.type == "cuda" for b in backends.all_backends())


def _require() -> None:
    if not is_available():
        raise backends.cuda_unavailable_error()


def _index(device) -> int:
    """The CUDA index `device` names (the current device for None or a bare 'cuda')."""
    if device is None:
        return backends.current_cuda_index()
    if isinstance(device, int) and not isinstance(device, bool):
        return device
    dev = device if isinstance(device, Device) else Device(device)
    if dev.type != "cuda":
        raise ValueError(msg.CUDA_NOT_CUDA_DEVICE)
    return backends.current_cuda_index() if dev.index is None else dev.index


def _backend(device):
    _require()
    return backends.backend_for(Device("cuda", _index(device)))


def check_legacy_type(name: str) -> None:
    """`torch.cuda.FloatTensor(...)` without CUDA: PyTorch's TypeError, with our reason."""
    if not is_available():
        raise TypeError(msg.CUDA_LEGACY_TYPE.format(name=name, reason=backends.cuda_status()[1]))


def current_device() -> int:
    """The index 'cuda' without an index refers to."""
    _require()
    return backends.current_cuda_index()


def set_device(device) -> None:
    """Make `device` (an index, 'cuda:1' or a device) the current CUDA device."""
    index = _index(device)
    _require()
    if index < 0:
        return  # PyTorch ignores negative indices here
    if index >= device_count():
        raise RuntimeError(msg.CUDA_INDEX.format(index=index, count=device_count()))
    backends.set_current_cuda_index(index)


def synchronize(device=None) -> None:
    """Wait until the device has finished all queued work (for honest GPU timings)."""
    _backend(device).synchronize()


def manual_seed(seed: int) -> None:
    """Seed the current CUDA device's generator (silently ignored without CUDA, as PyTorch)."""
    if is_available():
        backends.backend_for("cuda").manual_seed(int(seed))


def manual_seed_all(seed: int) -> None:
    """Seed every CUDA device's generator (silently ignored without CUDA, as PyTorch)."""
    for index in range(device_count()):
        backends.backend_for(Device("cuda", index)).manual_seed(int(seed))


def get_device_name(device=None) -> str:
    """The GPU's name, e.g. 'NVIDIA A100-SXM4-40GB'."""
    return getattr(_backend(device), "name", "simulated CUDA device (array-api-strict)")


def memory_allocated(device=None) -> int:
    """Bytes held by tensors on the device (0 without CUDA, as PyTorch, or when untracked)."""
    if not is_available():
        return 0
    backend = _backend(device)
    return int(getattr(backend, "memory_allocated", lambda: 0)())


def empty_cache() -> None:
    """Give cached, unused GPU memory back to the driver (a no-op without CuPy)."""
    if is_available() and any(type(b).__name__ == "CupyBackend" for b in backends.all_backends()):
        import cupy

        cupy.get_default_memory_pool().free_all_blocks()


FloatTensor = CUDA_TYPES[dtypes.float32]
DoubleTensor = CUDA_TYPES[dtypes.float64]
HalfTensor = CUDA_TYPES[dtypes.float16]
BFloat16Tensor = CUDA_TYPES[dtypes.bfloat16]
LongTensor = CUDA_TYPES[dtypes.int64]
IntTensor = CUDA_TYPES[dtypes.int32]
ShortTensor = CUDA_TYPES[dtypes.int16]
CharTensor = CUDA_TYPES[dtypes.int8]
ByteTensor = CUDA_TYPES[dtypes.uint8]
BoolTensor = CUDA_TYPES[dtypes.bool]
