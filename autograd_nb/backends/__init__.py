"""Backend registry: which Backend serves a device.

`cpu` is NumPy. `cuda` is the array-api-strict simulation when `AUTOGRAD_NB_SIMULATED_CUDA=1` is
set (the test suite sets it), else CuPy when it imports and finds a device. CuPy is imported only
here, lazily: `import autograd_nb` works without it, and `cuda_status()` says why CUDA is unusable.
"""

from __future__ import annotations

import os

from .. import _messages as msg
from ..device import device
from .base import Backend
from .numpy_backend import NumpyBackend, is_numpy_array, python_number

__all__ = [
    "Backend",
    "OutOfMemoryError",
    "backend_for",
    "cpu_backend",
    "cuda_status",
    "get_default_device",
    "set_default_device",
    "is_numpy_array",
    "python_number",
    "use_simulated_cuda",
]

SIMULATE_ENV = "AUTOGRAD_NB_SIMULATED_CUDA"

cpu_backend = NumpyBackend()
_cuda_backends: dict[int, Backend] = {}
_current_cuda_index = 0
_cupy_status: tuple[int, str] | None = None  # probed once: CuPy's import and driver are slow
_default_device: device | None = None  # where factories put tensors without `device=`; None: CPU


class OutOfMemoryError(RuntimeError):
    """`torch.cuda.OutOfMemoryError`: a CUDA allocation failed."""


def use_simulated_cuda(enabled: bool = True) -> None:
    """Serve `cuda` devices from array-api-strict instead of CuPy (for tests on CPU machines)."""
    os.environ[SIMULATE_ENV] = "1" if enabled else "0"
    _cuda_backends.clear()


def _simulated() -> bool:
    return os.environ.get(SIMULATE_ENV, "0") == "1"


def _unusable(why: str, todo: str) -> tuple[int, str]:
    return 0, msg.CUDA_NO_GPU.format(why=why, todo=todo)


def _version(code: int) -> str:
    return f"{code // 1000}.{code % 1000 // 10}"  # CUDA's 12090 -> "12.9"


def _runtime_failure(cupy, error: Exception) -> tuple[int, str]:
    """Why CuPy's getDeviceCount failed: no driver, an old driver, no device, or other."""
    runtime = cupy.cuda.runtime
    try:
        driver = runtime.driverGetVersion()
    except Exception:  # noqa: BLE001 - any failure here means no usable driver
        driver = 0
    text = str(error)
    if driver == 0:
        return _unusable(msg.CUDA_WHY_NO_DRIVER, msg.CUDA_TODO_DRIVER)
    if "InsufficientDriver" in text:
        return _unusable(
            msg.CUDA_WHY_OLD_DRIVER.format(
                driver=_version(driver), runtime=_version(runtime.runtimeGetVersion())
            ),
            msg.CUDA_TODO_DRIVER,
        )
    if "NoDevice" in text:
        return _unusable(msg.CUDA_WHY_NO_DEVICE, msg.CUDA_TODO_DEVICE)
    return _unusable(msg.CUDA_WHY_ERROR.format(error=text), msg.CUDA_TODO_DRIVER)


def _probe_cupy() -> tuple[int, str]:
    """(number of CUDA devices CuPy sees, why none if zero); never raises."""
    try:
        import cupy
    except ImportError:
        return _unusable(msg.CUDA_WHY_NO_CUPY, msg.CUDA_TODO_INSTALL)
    except Exception as error:  # noqa: BLE001 - a broken install must not break autograd_nb
        return _unusable(
            msg.CUDA_WHY_BROKEN_CUPY.format(error=f"{type(error).__name__}: {error}"),
            msg.CUDA_TODO_INSTALL,
        )
    try:
        import array_api_compat.cupy  # noqa: F401
    except ImportError:
        return _unusable(msg.CUDA_WHY_NO_COMPAT, msg.CUDA_TODO_INSTALL)
    except Exception as error:  # noqa: BLE001
        return _unusable(
            msg.CUDA_WHY_BROKEN_CUPY.format(error=f"{type(error).__name__}: {error}"),
            msg.CUDA_TODO_INSTALL,
        )
    try:
        count = int(cupy.cuda.runtime.getDeviceCount())
    except Exception as error:  # noqa: BLE001 - CUDARuntimeError and friends
        return _runtime_failure(cupy, error)
    if count == 0:
        return _unusable(msg.CUDA_WHY_NO_DEVICE, msg.CUDA_TODO_DEVICE)
    return count, ""


def cuda_status() -> tuple[int, str]:
    """(number of usable CUDA devices, the full error text saying why not and what to do if 0)."""
    global _cupy_status
    if _simulated():
        from .simulated import device_count

        return device_count(), ""
    if _cupy_status is None:
        _cupy_status = _probe_cupy()
    return _cupy_status


def cuda_unavailable_error() -> AssertionError:
    """The error for using CUDA where it is unusable (PyTorch raises AssertionError here too)."""
    return AssertionError(cuda_status()[1])


def _make_cuda_backend(index: int) -> Backend:
    count, why = cuda_status()
    if count == 0:
        raise AssertionError(why)
    if index >= count:
        raise RuntimeError(msg.CUDA_INDEX.format(index=index, count=count))
    if _simulated():
        from .simulated import SimulatedCudaBackend

        backend: Backend = SimulatedCudaBackend(index)
    else:
        from .cupy_backend import CupyBackend, cuda_errors

        with cuda_errors():
            backend = CupyBackend(index)
    # torch.manual_seed seeds devices not yet in use: start from the CPU generator's seed
    backend.manual_seed(cpu_backend.random.seed)
    return backend


def current_cuda_index() -> int:
    return _current_cuda_index


def set_current_cuda_index(index: int) -> None:
    """Make cuda:index the device that 'cuda' (no index) means; CuPy's current device follows."""
    global _current_cuda_index
    _current_cuda_index = index
    if not _simulated():
        from .cupy_backend import cuda_errors, use_device

        with cuda_errors():
            use_device(index)


def backend_for(dev) -> Backend:
    """The backend serving `dev` (a device, a string such as 'cuda:0', or None for the default
    device: the CPU unless `set_default_device` chose another)."""
    if dev is None:
        if _default_device is None:
            return cpu_backend
        dev = _default_device
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


def set_default_device(dev) -> None:
    """`torch.set_default_device`: factories called without `device=` create tensors on `dev`
    (None restores the CPU)."""
    global _default_device
    _default_device = None if dev is None else device(dev)
    if _default_device is not None and _default_device.type == "cpu":
        _default_device = None


def get_default_device() -> device:
    """`torch.get_default_device`: where factories put tensors (with the current CUDA index)."""
    return backend_for(None).device


from . import cuda, cudnn, mps  # noqa: E402 - torch.backends.cuda/cudnn/mps for tutorials' idioms
