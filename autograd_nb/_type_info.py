"""`torch.finfo` / `torch.iinfo`: the limits of a float or integer dtype, as PyTorch reports them.

The numbers come from ml_dtypes' `finfo` (NumPy's, which also knows bfloat16) and the CPU
backend's array namespace (`iinfo` of the array API).
"""

from __future__ import annotations

import math

import ml_dtypes

from . import _messages as msg
from . import dtypes
from .backends import cpu_backend

_MISSING = object()


def _check_dtype(kind: str, value) -> dtypes.dtype:
    """`value` itself if it is a dtype, else PyTorch's TypeError naming the given type."""
    if value is _MISSING:
        raise TypeError(msg.TYPE_INFO_MISSING.format(kind=kind))
    if not isinstance(value, dtypes.dtype):
        raise TypeError(msg.TYPE_INFO_ARG.format(kind=kind, got=type(value).__name__))
    return value


class _TypeInfo:
    """Shared equality and repr: the listed attributes printed with C's %g, as PyTorch does."""

    _shown: tuple = ()

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.dtype == self.dtype

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.dtype))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name):g}" for name in self._shown)
        return f"{type(self).__name__}({fields}, dtype={self.dtype})"


class finfo(_TypeInfo):  # noqa: N801 - PyTorch's name
    """Machine limits of a floating dtype (the default dtype when none is given)."""

    _shown = ("resolution", "min", "max", "eps", "smallest_normal", "tiny")

    def __init__(self, type: dtypes.dtype | None = None) -> None:  # noqa: A002 - PyTorch's name
        dtype = dtypes.get_default_dtype() if type is None else _check_dtype("finfo", type)
        if not dtype.is_floating_point:
            raise TypeError(msg.FINFO_NOT_FLOAT)
        info = ml_dtypes.finfo(cpu_backend.native[dtype])
        self.bits: int = info.bits
        self.eps: float = float(info.eps)
        self.max: float = float(info.max)
        self.min: float = float(info.min)
        self.smallest_normal: float = float(info.smallest_normal)
        self.tiny: float = self.smallest_normal
        self.resolution: float = 10.0 ** -math.floor(-math.log10(self.eps))
        self.dtype: str = dtype.name


class iinfo(_TypeInfo):  # noqa: N801 - PyTorch's name
    """Limits of an integer dtype."""

    _shown = ("min", "max")

    def __init__(self, type: dtypes.dtype = _MISSING) -> None:  # noqa: A002 - PyTorch's name
        dtype = _check_dtype("iinfo", type)
        if dtype is dtypes.bool:
            raise TypeError(msg.IINFO_BOOL)
        if dtype.is_floating_point:
            raise TypeError(msg.IINFO_NOT_INT)
        info = cpu_backend.xp.iinfo(cpu_backend.native[dtype])
        self.bits: int = info.bits
        self.max: int = int(info.max)
        self.min: int = int(info.min)
        self.dtype: str = dtype.name


__all__ = ["finfo", "iinfo"]
