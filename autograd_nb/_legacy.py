"""Legacy tensor types (`torch.FloatTensor`, `torch.cuda.FloatTensor`, ...) and `Tensor.type()`.

Old lessons create tensors with `torch.FloatTensor([2, 3])`, convert with
`x.type(torch.cuda.FloatTensor)` and print `x.type()`; these classes keep that working.
"""

from __future__ import annotations

import warnings

from . import _messages as msg
from . import dtypes
from .device import device as Device


def tensor_type_name(backend, dtype) -> str:
    """'torch.FloatTensor', or 'torch.cuda.FloatTensor' for a tensor on a CUDA device."""
    prefix = "torch.cuda." if backend.device.type == "cuda" else "torch."
    return prefix + dtype.legacy_name


def type_name(tensor) -> str:
    return tensor_type_name(tensor._backend, tensor.dtype)


class _LegacyTensorMeta(type):
    """Makes `FloatTensor(...)` construct, `isinstance(t, FloatTensor)` check dtype and device."""

    def __call__(cls, *args, **kwargs):
        from ._creation import legacy_construct

        if cls.device_type == "cuda":  # PyTorch: TypeError "type torch.cuda.FloatTensor not ..."
            from .cuda import check_legacy_type

            check_legacy_type(cls.__qualname__)
        return legacy_construct(cls.dtype, cls.device_type, args, kwargs)

    def __instancecheck__(cls, obj) -> bool:
        from ._tensor import Tensor

        return (
            isinstance(obj, Tensor)
            and obj.dtype is cls.dtype
            and obj.device.type == cls.device_type
        )

    def __repr__(cls) -> str:
        return f"<class '{cls.__qualname__}'>"


def _make_type(dtype: dtypes.dtype, device_type: str):
    prefix = "torch.cuda." if device_type == "cuda" else "torch."
    return _LegacyTensorMeta(
        dtype.legacy_name,
        (),
        {
            "dtype": dtype,
            "device_type": device_type,
            "__qualname__": prefix + dtype.legacy_name,
            "__doc__": f"Legacy constructor for {dtype} tensors on {device_type}.",
        },
    )


CPU_TYPES = {d: _make_type(d, "cpu") for d in dtypes.ALL_DTYPES}
CUDA_TYPES = {d: _make_type(d, "cuda") for d in dtypes.ALL_DTYPES}
BY_NAME = {t.__qualname__: t for t in (*CPU_TYPES.values(), *CUDA_TYPES.values())}


def tensor_type(tensor, target):
    """`x.type(dtype_or_type)`: a converted copy (or `x` itself if nothing changes)."""
    if isinstance(target, str):
        if target not in BY_NAME:
            raise ValueError(msg.INVALID_TYPE_NAME.format(name=target))
        target = BY_NAME[target]
    if isinstance(target, dtypes.dtype):
        return tensor.to(target)
    if isinstance(target, _LegacyTensorMeta):
        device = (
            tensor.device
            if target.device_type == tensor.device.type
            else Device(target.device_type)
        )
        return tensor.to(device=device, dtype=target.dtype)
    raise TypeError(msg.LEGACY_TYPE_INVALID_ARGUMENT)


def set_default_tensor_type(t) -> None:
    """Legacy: make `torch.Tensor(...)` and Python floats default to the type's dtype."""
    warnings.warn(msg.SET_DEFAULT_TENSOR_TYPE_DEPRECATED, UserWarning, stacklevel=2)
    if isinstance(t, str):
        t = BY_NAME[t]
    if t.device_type != "cpu":
        raise TypeError(msg.LEGACY_CUDA_TYPE_UNAVAILABLE)
    dtypes.set_default_dtype(t.dtype)
