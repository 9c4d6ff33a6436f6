"""`torch.UntypedStorage` and `torch.TypedStorage`: the memory block behind a tensor.

A tensor is a view (shape, strides, offset) of a storage; views, `detach()` and `from_numpy`
share one. Here the storage of a tensor is the backend allocation its array views (NumPy's base
array, CuPy's memory): `t.untyped_storage()` is the same object for every tensor on that block,
as in PyTorch, and `t.storage_offset()` counts elements from the block's start.
"""

from __future__ import annotations

import warnings
import weakref

from . import _messages as msg
from . import dtypes

__all__ = ["TypedStorage", "UntypedStorage", "storage_offset", "untyped_storage"]

_STORAGES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # (device, address)
_warned_typed = False


class UntypedStorage:
    """The bytes of one allocation, on one device."""

    def __init__(self, owner, address: int, nbytes: int, backend) -> None:
        self._owner = owner  # keeps the memory alive as long as the storage is
        self._address = address
        self._nbytes = nbytes
        self._backend = backend

    @property
    def device(self):
        return self._backend.device

    @property
    def is_cuda(self) -> bool:
        return self._backend.device.type == "cuda"

    def data_ptr(self) -> int:
        """The address of the first byte (0 for an empty storage)."""
        return self._address if self._nbytes else 0

    def nbytes(self) -> int:
        return self._nbytes

    def size(self) -> int:
        """The number of bytes."""
        return self._nbytes

    __len__ = size

    def element_size(self) -> int:
        return 1

    def tolist(self) -> list:
        """The bytes as Python ints (their values now)."""
        return self._backend.block_bytes(self._owner).tolist()

    def __getitem__(self, index):
        return self.tolist()[index]

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self) -> str:
        return _storage_repr(self.tolist(), f"torch.storage.UntypedStorage(device={self.device})")

    __str__ = __repr__


class TypedStorage:
    """A storage read as elements of one dtype (PyTorch's deprecated `tensor.storage()`)."""

    def __init__(self, untyped: UntypedStorage, dtype: dtypes.dtype) -> None:
        self._untyped_storage = untyped
        self.dtype = dtype

    @property
    def device(self):
        return self._untyped_storage.device

    @property
    def is_cuda(self) -> bool:
        return self._untyped_storage.is_cuda

    def untyped(self) -> UntypedStorage:
        return self._untyped_storage

    def data_ptr(self) -> int:
        return self._untyped_storage.data_ptr()

    def element_size(self) -> int:
        return self.dtype.itemsize

    def nbytes(self) -> int:
        return self._untyped_storage.nbytes()

    def size(self) -> int:
        """The number of elements."""
        return self.nbytes() // self.element_size()

    __len__ = size

    def tolist(self) -> list:
        """The elements as Python numbers (their values now)."""
        from .backends import cpu_backend

        untyped = self._untyped_storage
        data = untyped._backend.block_bytes(untyped._owner)
        return data.view(cpu_backend.native[self.dtype]).tolist()

    def __getitem__(self, index):
        return self.tolist()[index]

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self) -> str:
        head = f"torch.storage.TypedStorage(dtype={self.dtype}, device={self.device})"
        return _storage_repr(self.tolist(), head)

    __str__ = __repr__


UntypedStorage.__module__ = TypedStorage.__module__ = "torch.storage"  # PyTorch's names


def _storage_repr(values: list, head: str) -> str:
    """PyTorch's layout: one value a line, each after a space, then `[<head> of size n]`."""
    return " " + "\n ".join(str(v) for v in values) + f"\n[{head} of size {len(values)}]"


def _block(tensor) -> tuple:
    return tensor._backend.memory_block(tensor._data)


def untyped_storage(tensor) -> UntypedStorage:
    """The storage `tensor` views: one object per allocation, shared by all its views."""
    owner, address, nbytes = _block(tensor)
    key = (str(tensor.device), address, nbytes)
    found = _STORAGES.get(key)
    if found is None:
        found = _STORAGES[key] = UntypedStorage(owner, address, nbytes, tensor._backend)
    return found


def typed_storage(tensor) -> TypedStorage:
    """`tensor.storage()`: its storage read as its dtype, with PyTorch's deprecation warning
    (once per program, as PyTorch gives it)."""
    global _warned_typed
    if not _warned_typed:
        _warned_typed = True
        warnings.warn(msg.TYPED_STORAGE_DEPRECATED, UserWarning, stacklevel=3)
    return TypedStorage(untyped_storage(tensor), tensor.dtype)


def storage_offset(tensor) -> int:
    """How many elements the tensor's first element lies after its storage's start."""
    if tensor._data.size == 0:
        return 0
    _, address, _ = _block(tensor)
    return (tensor._backend.data_ptr(tensor._data) - address) // tensor.dtype.itemsize
