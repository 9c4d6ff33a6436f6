"""Backend registry: which Backend serves a device.

`cpu` is NumPy. `cuda` is CuPy where a CUDA device exists, or the array-api-strict simulation
when `AUTOGRAD_NB_SIMULATED_CUDA=1` is set (the test suite's `--simulated-cuda` option sets it).
"""

from __future__ import annotations

import os

from .. import _messages as msg
from ..device import device
from .base import Backend
from .numpy_backend import NumpyBackend

__all__ = ["Backend", "backend_for", "cpu_backend", "cuda_status", "use_simulated_cuda"]

SIMULATE_ENV = "AUTOGRAD_NB_SIMULATED_CUDA"

cpu_backend = NumpyBackend()
_cuda_backends: dict[int, Backend] = {}
_current_cuda_index = 0


def use_simulated_cuda(enabled: bool = True) -> None:
    """Serve `cuda` devices from array-api-strict instead of CuPy (for tests on CPU machines)."""
    os.environ[SIMULATE_ENV] = "1" if enabled else "0"
    _cuda_backends.clear()


def _simulated() -> bool:
    return os.environ.get(SIMULATE_ENV, "0") == "1"


def cuda_status() -> tuple[int, str]:
    """(number of usable CUDA devices, why none are usable if zero)."""
    if _simulated():
        from .simulated import device_count
        return device_count(), ""
    return 0, "CuPy is not installed, so no CUDA device can be reached."


def _make_cuda_backend(index: int) -> Backend:
    count, why = cuda_status()
    if count == 0:
        raise AssertionError(msg.CUDA_UNAVAILABLE.format(why=why))
    if index >= count:
        raise RuntimeError(msg.CUDA_INDEX.format(index=index, count=count))
    from .simulated import SimulatedCudaBackend
    return SimulatedCudaBackend(index)


def current_cuda_index() -> int:
    return _current_cuda_index


def set_current_cuda_index(index: int) -> None:
    global _current_cuda_index
    _current_cuda_index = index


def backend_for(dev) -> Backend:
    """The backend serving `dev` (a device, a string such as 'cuda:0', or None for the CPU)."""
    if dev is None:
        return cpu_backend
    if not isinstance(dev, device):
        dev = device(dev)
    if dev.type == "cpu":
        return cpu_backend
    if dev.type == "cuda":
        index = _current_cuda_index if dev.index is None else dev.index
        found = _cuda_backends.get(index)
        if found is None:
            found = _cuda_backends[index] = _make_cuda_backend(index)
        return found
    raise RuntimeError(msg.DEVICE_STRING.format(string=str(dev)))


def all_backends() -> list[Backend]:
    """The backends created so far (for seeding every device at once)."""
    return [cpu_backend, *_cuda_backends.values()]
