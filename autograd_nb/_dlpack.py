"""Sharing memory with other array libraries: DLPack (`from_dlpack`, `Tensor.__dlpack__`) and
NumPy's `__array__` protocol.

A CPU tensor and a NumPy array exchanged this way are one buffer: `np.from_dlpack(t)` and
`torch.from_dlpack(array)` copy nothing, so a write through one shows in the other. A CUDA tensor
exchanges GPU memory with CuPy and other GPU libraries; NumPy cannot read it (use `.cpu()`).
"""

from __future__ import annotations

import enum

from . import _messages as msg
from . import dtypes
from ._creation import numpy_dtype_error
from ._tensor import Tensor, make_tensor, tensor_method
from .backends import backend_for, cpu_backend
from .device import device as Device

__all__ = ["from_dlpack", "DLDeviceType"]

_np = cpu_backend.xp  # the CPU backend's namespace is NumPy


class DLDeviceType(enum.IntEnum):
    """DLPack's device codes, named as PyTorch prints them."""

    kDLCPU = 1  # noqa: N815 - DLPack's names
    kDLCUDA = 2  # noqa: N815
    kDLCUDAHost = 3  # noqa: N815
    kDLCUDAManaged = 13  # noqa: N815


def _given(**kwargs) -> dict:
    return {k: v for k, v in kwargs.items() if v is not None}


def array_for_numpy(t: Tensor, dtype=None, copy: bool | None = None):
    """`Tensor.__array__`: the CPU tensor's own array unless a dtype change or copy is asked for."""
    if t._backend is not cpu_backend:
        raise TypeError(msg.NUMPY_ON_DEVICE.format(device=t.device))
    if t.requires_grad:
        raise RuntimeError(msg.NUMPY_REQUIRES_GRAD)
    if t.dtype is dtypes.bfloat16:
        raise TypeError(msg.NUMPY_BFLOAT16)
    data = t._data
    if dtype is not None and _np.dtype(dtype) != data.dtype:
        if copy is False:
            raise ValueError(msg.ARRAY_COPY_REQUIRED)
        return data.astype(dtype)
    return data.copy() if copy else data


@tensor_method("__array_wrap__")
def array_wrap(self, array, context=None, return_scalar: bool = False) -> Tensor:
    """A NumPy function's result on a tensor comes back as a tensor (`np.sin(t)`), sharing the
    array; bools become uint8, as PyTorch's own wrapper does."""
    if array.dtype == _np.bool_:
        array = array.astype(_np.uint8)
    return make_tensor(_np.asarray(array), cpu_backend)


def through_numpy(kernel, a, b) -> Tensor:
    """`tensor + ndarray` and the like: PyTorch leaves them to NumPy, which reads the tensor's
    array (CPU, no grad: `__array__` refuses others), applies its own dtype rules and wraps the
    result back into a tensor."""
    return array_wrap(None, kernel(_np.asarray(a), _np.asarray(b)))


@tensor_method("__dlpack_device__")
def dlpack_device(self) -> tuple[DLDeviceType, int]:
    """Where the tensor's memory is, as DLPack says it: (kDLCPU, 0) or (kDLCUDA, index)."""
    if self._backend.device.type == "cpu":
        return DLDeviceType.kDLCPU, 0
    return DLDeviceType.kDLCUDA, self._backend.device.index


@tensor_method("__dlpack__")
def dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """A DLPack capsule for the tensor's memory (no copy unless another device is asked for)."""
    if self.requires_grad:
        raise BufferError(msg.DLPACK_REQUIRES_GRAD)
    on_cpu = self._backend is cpu_backend
    if on_cpu and stream not in (None, -1):
        raise AssertionError(msg.DLPACK_CPU_STREAM)
    data = self._data
    if dl_device is not None and tuple(dl_device) != tuple(dlpack_device(self)):
        if copy is False or int(dl_device[0]) != DLDeviceType.kDLCPU:
            raise BufferError(msg.DLPACK_DEVICE.format(kind=int(dl_device[0])))
        data, on_cpu, copy = self._backend.to_host(data), True, None  # a host copy was asked for
    if on_cpu:  # NumPy < 2.1 knows neither keyword: pass them only when set
        return data.__dlpack__(**_given(max_version=max_version, copy=copy))
    export = getattr(self._backend, "export_dlpack", None)
    if export is None:  # the array-api-strict simulation has no GPU memory to hand out
        raise BufferError(msg.DLPACK_SIMULATED)
    return export(data, stream=stream, max_version=max_version, copy=copy)


def from_dlpack(ext_tensor, *, device=None, copy: bool | None = None) -> Tensor:
    """A tensor sharing memory with any DLPack producer (a NumPy or CuPy array, another tensor)."""
    if isinstance(ext_tensor, Tensor):
        if ext_tensor.requires_grad:
            raise BufferError(msg.DLPACK_REQUIRES_GRAD)
        out = ext_tensor.detach() if not copy else ext_tensor.detach().clone()
    else:
        if not (hasattr(ext_tensor, "__dlpack__") and hasattr(ext_tensor, "__dlpack_device__")):
            raise RuntimeError(msg.DLPACK_NO_PROTOCOL.format(type=type(ext_tensor).__name__))
        kind, index = ext_tensor.__dlpack_device__()
        if int(kind) in (DLDeviceType.kDLCPU, DLDeviceType.kDLCUDAHost):
            array = _np.from_dlpack(ext_tensor, **_given(copy=copy))
            if array.dtype not in cpu_backend.ours:
                raise numpy_dtype_error(array)
            out = make_tensor(array, cpu_backend)
        elif int(kind) in (DLDeviceType.kDLCUDA, DLDeviceType.kDLCUDAManaged):
            backend = backend_for(Device("cuda", int(index)))
            importer = getattr(backend, "import_dlpack", None)
            if importer is None:
                raise BufferError(msg.DLPACK_SIMULATED)
            out = make_tensor(importer(ext_tensor, copy=copy), backend)
        else:
            raise BufferError(msg.DLPACK_DEVICE.format(kind=int(kind)))
    return out if device is None else out.to(device)
