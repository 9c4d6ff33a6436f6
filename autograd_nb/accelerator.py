"""`torch.accelerator`: the device-agnostic way to ask for the GPU, as current tutorials do
(`torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"`).
autograd_nb's only accelerator is CUDA (through CuPy).
"""

from __future__ import annotations

from . import _messages as msg
from . import cuda
from .device import device as Device

__all__ = [
    "current_accelerator",
    "current_device_index",
    "device_count",
    "is_available",
    "set_device_index",
    "synchronize",
]


def is_available() -> bool:
    """True when a CUDA device can hold tensors."""
    return cuda.is_available()


def device_count() -> int:
    """How many accelerator devices there are (0 without one; never raises)."""
    return cuda.device_count()


def current_accelerator(check_available: bool = False) -> Device | None:
    """device(type='cuda') when a CUDA device is usable, else None (check_available changes
    nothing here: autograd_nb's CUDA support is usable exactly when a device is found)."""
    return Device("cuda") if cuda.is_available() else None


def _require() -> None:
    if not cuda.is_available():
        raise RuntimeError(msg.ACCELERATOR_NONE)


def current_device_index() -> int:
    """The index of the current accelerator device."""
    _require()
    return cuda.current_device()


def set_device_index(device) -> None:
    """Make `device` (an index, 'cuda:i' or a device) the current accelerator device."""
    _require()
    cuda.set_device(device)


def synchronize(device=None) -> None:
    """Wait for the accelerator's queued work to finish."""
    _require()
    cuda.synchronize(device)
