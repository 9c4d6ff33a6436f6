"""Copies and conversions: `to`, `clone`, `contiguous`, `cpu`/`cuda`, `float`/`double`/...

Converting keeps the graph (`ToCopyBackward0` sends the gradient back in the source dtype and
device), so `x.double()` of a leaf that requires grad is a differentiable non-leaf, as in PyTorch.
"""

from __future__ import annotations

import contextlib

from .. import _memory_format, dtypes
from .. import _messages as msg
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ..backends import backend_for
from ..device import device as Device
from ._helpers import check_tensor, record, result_dtype


class ToCopyBackward0(Node):
    __slots__ = ("_source_dtype", "_source_backend")

    def backward(self, grad):
        return _convert(grad, self._source_dtype, self._source_backend)


class CloneBackward0(Node):
    __slots__ = ()

    def backward(self, grad):
        return grad


def _move(data, source, target):
    if source is target:
        return data
    return target.from_host(source.to_host(data))


def _convert(t: Tensor, dtype: dtypes.dtype, backend, fmt=_memory_format.preserve_format) -> Tensor:
    """t in `dtype` on `backend` (ToCopyBackward0), laid out in the memory format `fmt`."""
    native = backend.native[dtype]  # a device without the dtype: its TypeError (DeviceDtypes)
    data = _move(t._data, t._backend, backend)
    if data.dtype != native:
        source = t.dtype
        narrowing = source.is_floating_point and (
            not dtype.is_floating_point or dtype.itemsize < source.itemsize
        )
        # nan or inf to an integer, an overflow to half: silent, as in PyTorch (NumPy warns)
        with backend.quiet() if narrowing else contextlib.nullcontext():
            data = backend.xp.astype(data, native)
    elif data is t._data:
        data = backend.xp.asarray(data, copy=True)
    if fmt is not _memory_format.preserve_format:
        data = _memory_format.lay_out(backend.xp, data, fmt)
    if not dtype.is_floating_point:  # integer results carry no gradient
        return make_tensor(data, backend)
    return record(
        ToCopyBackward0,
        (t,),
        data,
        backend,
        state={"source_dtype": t.dtype, "source_backend": t._backend},
    )


def _parse_to(t: Tensor, args, kwargs):
    target_device = kwargs.pop("device", None)
    target_dtype = kwargs.pop("dtype", None)
    kwargs.pop("non_blocking", None)
    copy = kwargs.pop("copy", False)
    if kwargs:
        raise TypeError(msg.TO_UNEXPECTED_KEYWORDS.format(names=sorted(kwargs)))
    for arg in args:
        if isinstance(arg, dtypes.dtype):
            target_dtype = arg
        elif isinstance(arg, Tensor):
            target_device, target_dtype = arg.device, arg.dtype
        elif isinstance(arg, (str, Device, int)) and not isinstance(arg, bool):
            target_device = arg
        elif isinstance(arg, bool):
            continue  # the legacy positional non_blocking / copy flags
        else:
            raise TypeError(msg.TO_BAD_ARGUMENT.format(type=type(arg).__name__))
    return target_device, target_dtype, copy


@tensor_method("to")
def to(self, *args, memory_format=_memory_format.preserve_format, **kwargs) -> Tensor:
    """This tensor on another device and/or dtype, in `memory_format`'s layout; itself when
    nothing changes (unless copy)."""
    fmt = _memory_format.checked(memory_format, "to", optional=True)
    device, dtype, copy = _parse_to(self, args, dict(kwargs))
    backend = self._backend if device is None else backend_for(device)
    dtype = dtype or self.dtype
    laid_out = fmt is _memory_format.preserve_format or self.is_contiguous(memory_format=fmt)
    if backend is self._backend and dtype is self.dtype and not copy and laid_out:
        return self
    _memory_format.check_rank(fmt, self.dim())
    return _convert(self, dtype, backend, fmt)


@tensor_method("cpu")
def cpu(self, memory_format=_memory_format.preserve_format) -> Tensor:
    """This tensor in host memory (itself if it is there already)."""
    return to(self, "cpu", memory_format=memory_format)


@tensor_method("cuda")
def cuda(
    self, device=None, non_blocking: bool = False, memory_format=_memory_format.preserve_format
) -> Tensor:
    """This tensor on a CUDA device (the current one unless an index or device is given)."""
    if device is None:
        device = Device("cuda")
    elif isinstance(device, int) and not isinstance(device, bool):
        device = Device("cuda", device)
    elif Device(device).type != "cuda":
        raise RuntimeError(msg.CUDA_NOT_CUDA_DEVICE)
    return to(self, device, memory_format=memory_format)


def _dtype_method(name: str, dtype: dtypes.dtype):
    def method(self, memory_format=_memory_format.preserve_format) -> Tensor:
        return to(self, dtype, memory_format=memory_format)

    method.__name__ = name
    method.__doc__ = f"`self.to({dtype!r})`."
    tensor_method(name)(method)


for _name, _dtype in (
    ("float", dtypes.float32),
    ("double", dtypes.float64),
    ("half", dtypes.float16),
    ("bfloat16", dtypes.bfloat16),
    ("int", dtypes.int32),
    ("long", dtypes.int64),
    ("short", dtypes.int16),
    ("char", dtypes.int8),
    ("byte", dtypes.uint8),
    ("bool", dtypes.bool),
):
    _dtype_method(_name, _dtype)


@tensor_method("type_as")
def type_as(self, other) -> Tensor:
    """This tensor in `other`'s type (dtype and device kind): `self.type(other.type())`."""
    check_tensor(other, "type_as", "other", 1)
    return self.type(other.type())


@tensor_method("clone")
def clone(input, *, memory_format=_memory_format.preserve_format) -> Tensor:
    """A copy with its own storage that stays in the graph (CloneBackward0), laid out as the
    input (preserve_format) or in the given memory format."""
    t = check_tensor(input, "clone")
    fmt = _memory_format.checked(memory_format, "clone", optional=True)
    xp = t._backend.xp
    if fmt is _memory_format.preserve_format:
        data = xp.asarray(t._data, copy=True)  # (the input's order of strides, as PyTorch)
    else:
        _memory_format.check_rank(fmt, t.dim())
        data = _memory_format.lay_out(xp, t._data, fmt)
    return record(CloneBackward0, (t,), data, t._backend)


@tensor_method("contiguous")
def contiguous(self, *given, memory_format=_memory_format.contiguous_format) -> Tensor:
    """Itself if laid out in `memory_format` already (row-major by default), else such a copy
    (CloneBackward0, as in PyTorch)."""
    _memory_format.no_positional("contiguous", given)
    fmt = _memory_format.checked(memory_format, "contiguous")
    if self.is_contiguous(memory_format=fmt):
        return self
    if fmt is _memory_format.preserve_format:
        raise RuntimeError(msg.CONTIGUOUS_PRESERVE)
    _memory_format.check_rank(fmt, self.dim())
    data = _memory_format.lay_out(self._backend.xp, self._data, fmt)
    return record(CloneBackward0, (self,), data, self._backend)


_RESULT_TYPE_OVERLOADS = (
    (("Tensor", "tensor"), ("Tensor", "other")),
    (("Number", "scalar"), ("Tensor", "tensor")),
    (("Tensor", "tensor"), ("Number", "other")),
    (("Number", "scalar1"), ("Number", "scalar2")),
)


def result_type(tensor, other) -> dtypes.dtype:
    """The dtype an arithmetic op on `tensor` and `other` (tensors or numbers) returns."""
    operands = (tensor, other)
    if not all(isinstance(v, (Tensor, bool, int, float)) for v in operands):
        raise TypeError(_result_type_error(operands))
    return result_dtype(*operands)


def _result_type_error(operands: tuple) -> str:
    """PyTorch's parser text: every overload, the arguments that fail it between `!`s (when a
    call matches none, PyTorch marks every Number slot as failed too)."""
    overloads = "".join(
        msg.RESULT_TYPE_OVERLOAD.format(
            signature=", ".join(f"{kind} {name}" for kind, name in slots),
            marked=", ".join(
                _arg_name(v) if kind == "Tensor" and isinstance(v, Tensor) else f"!{_arg_name(v)}!"
                for (kind, _), v in zip(slots, operands)
            ),
        )
        for slots in _RESULT_TYPE_OVERLOADS
    )
    got = ", ".join(_type_name(v) for v in operands)
    return msg.RESULT_TYPE_ARGS.format(got=got, overloads=overloads)


def _arg_name(value) -> str:
    """How PyTorch's parser describes an argument: `list of [float, int]` for a list."""
    if isinstance(value, (list, tuple)):
        kinds = ", ".join(sorted({type(v).__name__ for v in value}))
        return f"{type(value).__name__} of [{kinds}]"
    return _type_name(value)


def _type_name(value) -> str:
    """How PyTorch's argument parser names an argument's type."""
    return "Tensor" if isinstance(value, Tensor) else type(value).__name__


def can_cast(from_, to) -> bool:
    """Whether PyTorch's casting rule lets a `from_` result go into a `to` tensor."""
    for arg, position, value in (("from_", 1, from_), ("to", 2, to)):
        if not isinstance(value, dtypes.dtype):
            raise TypeError(
                msg.CAN_CAST_ARG.format(arg=arg, position=position, type=_type_name(value))
            )
    return dtypes.can_cast(from_, to)


def detach(input) -> Tensor:
    """torch.detach: a new leaf sharing input's storage, cut from the graph."""
    return check_tensor(input, "detach").detach()


def detach_(input) -> Tensor:
    """torch.detach_: cut input itself from the graph."""
    return check_tensor(input, "detach_").detach_()


__all__ = ["can_cast", "clone", "detach", "detach_", "result_type"]
