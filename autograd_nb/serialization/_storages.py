"""Tensors as PyTorch stores them: a storage (a flat run of elements) plus offset, size, stride.

Saving: a CPU tensor that views part of a NumPy buffer (a row, a transpose, an expand) is written
as that whole buffer plus where it sits in it, so tensors that shared memory share one storage
record and load sharing memory again (PyTorch saves views the same way). Tensors on other devices
are copied to the host and written as their own contiguous storage.

Loading: `tensor_from_storage` checks the view against its storage before touching memory (a
declared 10**12-element shape is an error, not an allocation), then builds a NumPy view of the
storage's bytes: tensors sharing a storage share memory again, a view that overlaps itself (an
expand) is read-only as `expand` results are, and nothing is copied on the CPU.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..backends import backend_for, cpu_backend

# PyTorch's legacy storage classes, by dtype (torch.storage._dtype_to_storage_type_map)
STORAGE_NAMES = {d: d.legacy_name.replace("Tensor", "Storage") for d in dtypes.ALL_DTYPES}
# dtypes PyTorch stores that autograd_nb has no tensors for: refused by name when loading
FOREIGN_STORAGES = {
    "ComplexFloatStorage": "torch.complex64",
    "ComplexDoubleStorage": "torch.complex128",
    "QUInt8Storage": "torch.quint8",
    "QInt8Storage": "torch.qint8",
    "QInt32Storage": "torch.qint32",
    "QUInt4x2Storage": "torch.quint4x2",
    "QUInt2x4Storage": "torch.quint2x4",
}


def contiguous_strides(shape) -> tuple[int, ...]:
    """PyTorch's strides of a contiguous tensor (a size-0 or size-1 dimension counts as 1)."""
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


class SavedStorage:
    """A storage to write: its key in the archive, element dtype, location and host elements."""

    __slots__ = ("key", "dtype", "location", "elements")

    def __init__(self, key: str, dtype: dtypes.dtype, location: str, elements: np.ndarray):
        self.key, self.dtype, self.location, self.elements = key, dtype, location, elements


def _root(array: np.ndarray) -> np.ndarray:
    """The NumPy array that owns the memory `array` views."""
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def _address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


class StorageTable:
    """Assigns storages to tensors while pickling: one key per shared buffer, numbered in order."""

    def __init__(self):
        self.storages: list[SavedStorage] = []
        self._by_buffer: dict[int, SavedStorage] = {}
        self._keep: list = []  # the buffers whose id() are keys, kept alive while saving

    def view_of(self, t: Tensor) -> tuple[SavedStorage, int, tuple, tuple]:
        """(storage, storage offset, size, stride) of `t`, as PyTorch's __reduce_ex__ gives."""
        size = tuple(t.shape)
        if t.device.type == "cpu" and t._data.size:
            found = self._shared_view(t._data, t.dtype)
            if found is not None:
                return found
        elements = np.ascontiguousarray(t._backend.to_host(t._data)).reshape(-1)
        return self._add(elements, t.dtype, str(t.device)), 0, size, contiguous_strides(size)

    def _shared_view(self, array: np.ndarray, dtype: dtypes.dtype):
        """The view of `array` into its owner's whole buffer, or None when it is not one."""
        root = _root(array)
        itemsize = array.itemsize
        contiguous = root.flags.c_contiguous or root.flags.f_contiguous
        if root.dtype != array.dtype or not contiguous or root.size == 0:
            return None
        start = _address(array) - _address(root)
        strides = array.strides
        if start % itemsize or any(s < 0 or s % itemsize for s in strides):
            return None  # a negative or misaligned stride PyTorch cannot express: copy instead
        storage = self._by_buffer.get(id(root))
        if storage is None:
            elements = root.reshape(-1, order="A")  # memory order, no copy
            storage = self._add(elements, dtype, "cpu")
            self._by_buffer[id(root)] = storage
            self._keep.append(root)
        return storage, start // itemsize, array.shape, tuple(s // itemsize for s in strides)

    def _add(self, elements, dtype, location) -> SavedStorage:
        storage = SavedStorage(str(len(self.storages)), dtype, location, elements)
        self.storages.append(storage)
        return storage


def storage_bytes(storage: SavedStorage):
    """The record's payload: the elements in this machine's byte order (the `byteorder` record),
    as a buffer (no copy for a contiguous native array)."""
    elements = storage.elements
    if not elements.dtype.isnative:
        elements = elements.astype(elements.dtype.newbyteorder("="))
    return np.ascontiguousarray(elements).view(np.uint8)


# --- loading --------------------------------------------------------------------------------------
class LoadedStorage:
    """A storage read from an archive: host elements and the device its tensors go to."""

    __slots__ = ("elements", "device", "name")

    def __init__(self, elements: np.ndarray, device: str, name: str):
        self.elements, self.device, self.name = elements, device, name


def elements_from_bytes(buffer: bytearray, dtype: dtypes.dtype, big_endian: bool) -> np.ndarray:
    """A writable 1-D array over the record's bytes (native order; bool bytes normalised)."""
    native = np.dtype(dtype.name)
    if big_endian and native.itemsize > 1:
        return np.frombuffer(buffer, dtype=native.newbyteorder(">")).astype(native)
    if dtype is dtypes.bool:
        raw = np.frombuffer(buffer, dtype=np.uint8)
        raw[raw > 1] = 1  # PyTorch reads any non-zero byte as True
        return np.frombuffer(buffer, dtype=np.bool_)
    return np.frombuffer(buffer, dtype=native)


def _overlaps_itself(size: tuple, stride: tuple) -> bool:
    """Whether two indices of the view reach one element (as an expand's stride 0 does)."""
    reach = 0
    for n, s in sorted(((n, s) for n, s in zip(size, stride) if n > 1), key=lambda p: p[1]):
        if s <= reach:
            return True
        reach += (n - 1) * s
    return False


def check_view(storage: LoadedStorage, offset: int, size: tuple, stride: tuple) -> None:
    """PyTorch's checks of a view against its storage, on plain ints, before memory is touched."""
    if len(size) != len(stride):
        raise ValueError(msg.LOAD_SIZES_STRIDES.format(sizes=len(size), strides=len(stride)))
    if offset < 0:
        raise RuntimeError(msg.LOAD_STORAGE_OFFSET.format(offset=offset))
    numel = math.prod(size)
    if min((*size, *stride, 0)) < 0 or numel >= 2**62 or max((*stride, 0)) >= 2**58:
        raise RuntimeError(msg.LOAD_STORAGE_OVERFLOW.format(size=list(size), stride=list(stride)))
    needed = 0 if numel == 0 else offset + 1 + sum((n - 1) * s for n, s in zip(size, stride))
    if needed > storage.elements.size:
        raise RuntimeError(
            msg.LOAD_STORAGE_BOUNDS.format(
                size=list(size),
                stride=list(stride),
                offset=offset,
                needed=needed,
                available=storage.elements.size,
            )
        )


def tensor_from_storage(storage: LoadedStorage, offset, size, stride) -> Tensor:
    """The tensor viewing `storage` at (offset, size, stride), on the storage's device."""
    size, stride = tuple(size), tuple(stride)
    check_view(storage, offset, size, stride)
    elements = storage.elements
    itemsize = elements.itemsize
    overlapping = _overlaps_itself(size, stride)
    # an ndarray over the storage's buffer: its .base is the storage, so saving it again finds
    # the tensors that share it
    host = np.ndarray(
        size,
        dtype=elements.dtype,
        buffer=elements,
        offset=offset * itemsize if math.prod(size) else 0,
        strides=tuple(s * itemsize for s in stride),
    )
    if overlapping:
        host.flags.writeable = False
    if storage.device == "cpu":
        return make_tensor(host, cpu_backend)
    try:
        return _on_device(host, size, stride, overlapping, backend_for(storage.device))
    except (TypeError, ValueError) as error:  # a dtype the device has no arrays for, say
        raise RuntimeError(msg.LOAD_TO_DEVICE.format(device=storage.device, error=error)) from None


def _on_device(host: np.ndarray, size, stride, overlapping: bool, backend) -> Tensor:
    """A copy of the host view on `backend`'s device (an expand stays an expand there)."""
    if not overlapping:
        return make_tensor(backend.from_host(np.asarray(host, order="C")), backend)
    # move one copy of the repeated part, then broadcast it on the device
    compact_index = tuple(0 if s == 0 and n > 1 else slice(None) for n, s in zip(size, stride))
    compact = host[compact_index]
    itemsize = host.itemsize
    if _overlaps_itself(compact.shape, tuple(s // itemsize for s in compact.strides)):
        raise RuntimeError(msg.LOAD_OVERLAPPING_ON_DEVICE.format(size=list(size), stride=stride))
    kept = tuple(1 if s == 0 and n > 1 else n for n, s in zip(size, stride))
    moved = backend.from_host(np.asarray(compact, order="C").reshape(kept))
    return make_tensor(backend.xp.broadcast_to(moved, size), backend)
