"""`device` objects: `device('cuda:0')`, `device('cuda', 1)`, `'cpu'`, with PyTorch's printing."""

from __future__ import annotations

from . import _messages as msg

__all__ = ["device", "as_device"]

_TYPES = ("cpu", "cuda", "meta")


def _parse(string: str, index) -> tuple[str, int | None]:
    """('cuda', 1) from 'cuda:1', with PyTorch's errors for malformed strings."""
    type_, colon, rest = string.partition(":")
    if type_ not in _TYPES:
        if type_ and not type_.replace("_", "").isalpha():
            raise RuntimeError(msg.DEVICE_INVALID_STRING.format(string=string))
        raise RuntimeError(msg.DEVICE_TYPES.format(string=string))
    if not colon:
        return type_, None
    if not rest.isdigit() or (len(rest) > 1 and rest[0] == "0"):
        raise RuntimeError(msg.DEVICE_INVALID_STRING.format(string=string))
    if index is not None:
        raise RuntimeError(msg.DEVICE_EXPLICIT_INDEX.format(string=string))
    return type_, int(rest)


# Whether an accelerator is there, asked when a bare index names a device: the layers above,
# which know the backends, register their answer (cuda.py does, with torch.cuda.is_available).
_accelerator_probe: list = []


def register_accelerator_probe(probe) -> None:
    """Called once by cuda.py: `device(0)` asks `probe()` whether an accelerator is usable."""
    _accelerator_probe[:] = [probe]


class device:  # noqa: N801 - PyTorch's name
    """Where a tensor's storage lives: a type ('cpu' or 'cuda') and an optional index."""

    __slots__ = ("type", "index")

    def __init__(self, type_or_string, index: int | None = None):
        if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
            raise TypeError(msg.DEVICE_INDEX_TYPE.format(type=type(index).__name__))
        if isinstance(type_or_string, device):
            type_, index_ = type_or_string.type, type_or_string.index
        elif isinstance(type_or_string, int) and not isinstance(type_or_string, bool):
            # a bare index means the accelerator, as in PyTorch
            if not (_accelerator_probe and _accelerator_probe[0]()):
                raise RuntimeError(msg.DEVICE_NO_ACCELERATOR)
            type_, index_ = "cuda", type_or_string
        elif isinstance(type_or_string, str):
            type_, index_ = _parse(type_or_string, index)
        else:
            raise TypeError(msg.DEVICE_BAD_ARGS.format(type=type(type_or_string).__name__))
        if index is not None:
            index_ = index
        if index_ is not None and index_ < 0:
            raise RuntimeError(msg.DEVICE_INDEX)
        object.__setattr__(self, "type", type_)
        object.__setattr__(self, "index", index_)

    def __setattr__(self, name, value):
        raise AttributeError(msg.DEVICE_READ_ONLY_ATTRIBUTE.format(name=name))

    def __repr__(self) -> str:
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other) -> bool:
        if isinstance(other, str):
            try:
                other = device(other)
            except RuntimeError:
                return False
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))

    def __reduce__(self):
        return (_rebuild_device, (self.type, self.index))


def _rebuild_device(type_: str, index: int | None) -> device:
    """Unpickling a device (the class is shown under PyTorch's name, `torch.device`)."""
    return device(type_, index)


device.__module__ = "torch"  # `type(x.device)` prints <class 'torch.device'>, as in PyTorch


def as_device(spec) -> device:
    """A `device` from a device, a string like 'cuda:0', or an int (a CUDA index)."""
    return spec if isinstance(spec, device) else device(spec)
