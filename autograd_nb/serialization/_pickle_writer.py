"""Writes `data.pkl` byte for byte as `torch.save` does (pickle protocol 2), without torch.

Python's own Pickler cannot write these files here: it verifies every global it writes by
importing it, and `torch._utils._rebuild_tensor_v2` does not exist in this process. The objects a
checkpoint holds are few, so this module emits their opcodes itself, in the order and with the
memo (BINPUT/BINGET) numbering CPython's pickler uses for them:

- a tensor: `torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad,
  OrderedDict())`, where `storage` is the persistent id `('storage', torch.FloatStorage, '0',
  'cpu', numel)` (BINPERSID) naming the record `data/0`;
- a Parameter: `torch._utils._rebuild_parameter(tensor, requires_grad, OrderedDict())`;
- an OrderedDict: `collections.OrderedDict()` + SETITEMS, then BUILD with its attributes (a
  state_dict's `_metadata`); a Counter: `collections.Counter({...})`;
- `torch.Size((2, 3))`, `torch.device('cuda', 0)`, a dtype as the global `torch.float32`;
- set, complex and bytes as protocol 2 writes them (`__builtin__.set([...])`,
  `__builtin__.complex(re, im)`, `_codecs.encode('...', 'latin1')`).
"""

from __future__ import annotations

import _compat_pickle
import copyreg
import pickle
import struct
import sys
from collections import Counter, OrderedDict
from typing import Any

from .. import _messages as msg
from .. import dtypes
from .._size import Size
from .._tensor import Tensor
from ..device import device as Device
from ._storages import STORAGE_NAMES, StorageTable

_BATCH = 1000  # CPython's batch size for APPENDS / SETITEMS


class PickleWriter:
    """One `dump` of an object tree; `storages` collects the tensors' storages on the way."""

    def __init__(self):
        self.out = bytearray(b"\x80\x02")  # PROTO 2
        self.memo: dict[Any, int] = {}
        self.storages = StorageTable()
        self._alive: list = []  # objects memoised by id(), kept alive so ids stay unique

    def dump(self, obj) -> bytes:
        self.save(obj)
        self.out += b"."  # STOP
        return bytes(self.out)

    # --- the memo ------------------------------------------------------------------------------
    def _put(self, key) -> None:
        index = len(self.memo)
        self.memo[key] = index
        self.out += b"q" + bytes([index]) if index < 256 else b"r" + struct.pack("<I", index)

    def _get(self, key) -> bool:
        """Write BINGET for an object already pickled; False if it is new."""
        index = self.memo.get(key)
        if index is None:
            return False
        self.out += b"h" + bytes([index]) if index < 256 else b"j" + struct.pack("<I", index)
        return True

    def _memoize(self, obj) -> None:
        self._alive.append(obj)
        self._put(id(obj))

    # --- values --------------------------------------------------------------------------------
    def save(self, obj) -> None:
        """Write `obj` (what torch.load(weights_only=True) reads back; TypeError for others)."""
        if obj is None:
            self.out += b"N"
        elif obj is True or obj is False:
            self.out += b"\x88" if obj else b"\x89"
        elif type(obj) is int:
            self._int(obj)
        elif type(obj) is float:
            self.out += b"G" + struct.pack(">d", obj)
        elif self._get(id(obj)):
            return
        elif type(obj) is str:
            self._str(obj)
            self._memoize(obj)
        elif isinstance(obj, Tensor):
            self._tensor(obj)
        elif isinstance(obj, dtypes.dtype):
            self._global("torch", obj.name)
        elif isinstance(obj, Size):
            self._reduce(("torch", "Size"), (tuple(obj),), obj)
        elif isinstance(obj, Device):
            args = (obj.type,) if obj.index is None else (obj.type, obj.index)
            self._reduce(("torch", "device"), args, obj)
        elif type(obj) is tuple:
            self._tuple(obj)
        elif type(obj) is list:
            self.out += b"]"
            self._memoize(obj)
            self._batched(obj, b"e", b"a", lambda item: self.save(item))
        elif type(obj) is dict:
            self.out += b"}"
            self._memoize(obj)
            self._items(obj)
        elif type(obj) is OrderedDict:
            self._reduce(("collections", "OrderedDict"), (), obj, items=obj, state=vars(obj))
        elif type(obj) is Counter:
            self._reduce(("collections", "Counter"), (dict(obj),), obj)
        elif type(obj) is set:
            self._reduce(("__builtin__", "set"), (list(obj),), obj)
        elif type(obj) is complex:
            self._reduce(("__builtin__", "complex"), (obj.real, obj.imag), obj)
        elif type(obj) is bytes:
            self._reduce(("_codecs", "encode"), (obj.decode("latin1"), "latin1"), obj)
        elif isinstance(obj, type) or callable(obj) and hasattr(obj, "__qualname__"):
            self._named_global(obj)
            self._memoize(obj)
        else:
            self._object(obj)

    def _int(self, value: int) -> None:
        if 0 <= value < 256:
            self.out += b"K" + bytes([value])
        elif 0 <= value < 65536:
            self.out += b"M" + struct.pack("<H", value)
        elif -(2**31) <= value < 2**31:
            self.out += b"J" + struct.pack("<i", value)
        else:  # LONG1: little-endian two's complement, as pickle.encode_long
            data = value.to_bytes((value.bit_length() >> 3) + 1, "little", signed=True)
            if data[-1] == 0xFF and len(data) > 1 and data[-2] & 0x80:
                data = data[:-1]
            self.out += b"\x8a" + bytes([len(data)]) + data

    def _str(self, value: str) -> None:
        data = value.encode("utf-8", "surrogatepass")
        self.out += b"X" + struct.pack("<I", len(data)) + data

    def _const_str(self, value: str) -> None:
        """A string PyTorch passes as one object each time ('storage', 'cpu', a storage key)."""
        if not self._get(("str", value)):
            self._str(value)
            self._put(("str", value))

    def _global(self, module: str, name: str) -> None:
        if not self._get(("global", module, name)):
            self.out += b"c" + f"{module}\n{name}\n".encode()
            self._put(("global", module, name))

    def _tuple(self, items: tuple, memo_key=None) -> None:
        if not items:
            self.out += b")"
            return
        if len(items) > 3:
            self.out += b"("
        for item in items:
            self.save(item)
        self.out += b"t" if len(items) > 3 else b"\x85\x86\x87"[len(items) - 1 : len(items)]
        if memo_key is None:
            self._memoize(items)
        else:
            self._put(memo_key)

    def _new_tuple(self, items: tuple) -> None:
        """A tuple built on the fly (a size, a stride): memoised, never looked up again."""
        self._tuple(items, memo_key=("tuple", len(self.memo)))

    def _batched(self, items, many: bytes, one: bytes, save_one) -> None:
        items = list(items)
        for start in range(0, len(items), _BATCH):
            batch = items[start : start + _BATCH]
            if len(batch) > 1:
                self.out += b"("
            for item in batch:
                save_one(item)
            self.out += many if len(batch) > 1 else one

    def _items(self, mapping) -> None:
        def save_pair(pair):
            self.save(pair[0])
            self.save(pair[1])

        self._batched(mapping.items(), b"u", b"s", save_pair)

    def _reduce(self, func: tuple[str, str], args: tuple, obj, items=None, state=None) -> None:
        """func(*args), then SETITEMS and BUILD as CPython's save_reduce writes them."""
        self._global(*func)
        self._new_tuple(args) if args else self._tuple(args)
        self.out += b"R"
        if obj is not None:
            self._memoize(obj)
        else:
            self._put(("reduced", len(self.memo)))
        if items:
            self._items(items)
        if state:
            self.save(dict(state))
            self.out += b"b"

    # --- any other object (a whole nn.Module), as Python's pickler writes it ---------------------
    def _named_global(self, obj) -> None:
        """A class or function by its module and qualified name (checked, as pickle checks)."""
        module, name = getattr(obj, "__module__", None), obj.__qualname__
        if "<locals>" in name:
            raise AttributeError(msg.SAVE_LOCAL_OBJECT.format(name=name))
        found = sys.modules.get(module)
        for part in name.split("."):
            found = getattr(found, part, None)
        if module is None or found is not obj:
            raise pickle.PicklingError(
                msg.SAVE_LOOKUP_FAILED.format(obj=obj, name=name, module=module)
            )
        if (module, name) in _compat_pickle.REVERSE_NAME_MAPPING:  # protocol 2's Python 2 names
            module, name = _compat_pickle.REVERSE_NAME_MAPPING[(module, name)]
        elif module in _compat_pickle.REVERSE_IMPORT_MAPPING:
            module = _compat_pickle.REVERSE_IMPORT_MAPPING[module]
        self._global(module, name)

    def _object(self, obj) -> None:
        """`obj.__reduce_ex__(2)`: NEWOBJ (or REDUCE), then its items and BUILD with its state."""
        reduced = obj.__reduce_ex__(2)
        if isinstance(reduced, str):
            self._named_global(obj)
            self._memoize(obj)
            return
        func, args, state, items, pairs = (tuple(reduced) + (None,) * 4)[:5]
        if getattr(func, "__name__", None) == "__newobj__" and func is copyreg.__newobj__:
            self.save(args[0])
            self._tuple(tuple(args[1:]), memo_key=("tuple", len(self.memo)))
            self.out += b"\x81"  # NEWOBJ
        else:
            self.save(func)
            self._tuple(tuple(args), memo_key=("tuple", len(self.memo)))
            self.out += b"R"
        self._memoize(obj)
        if items is not None:
            self._batched(items, b"e", b"a", self.save)
        if pairs is not None:
            self._items(dict(pairs))
        if state is not None:
            self.save(state)
            self.out += b"b"

    # --- tensors -------------------------------------------------------------------------------
    def _tensor(self, t: Tensor) -> None:
        from ..nn.parameter import Parameter

        if isinstance(t, Parameter):
            self._global("torch._utils", "_rebuild_parameter")
            self._rebuild_tensor(t, requires_grad=False)
            self._put(("data", len(self.memo)))  # PyTorch pickles `param.data`, a new tensor
            self.save(bool(t.requires_grad))
            self._empty_ordered_dict()
            self.out += b"\x87"  # TUPLE3
            self._put(("tuple", len(self.memo)))
            self.out += b"R"
            self._memoize(t)
            return
        self._rebuild_tensor(t, requires_grad=bool(t.requires_grad))
        self._memoize(t)

    def _rebuild_tensor(self, t: Tensor, requires_grad: bool) -> None:
        """_rebuild_tensor_v2(storage, offset, size, stride, requires_grad, OrderedDict())."""
        storage, offset, size, stride = self.storages.view_of(t)
        self._global("torch._utils", "_rebuild_tensor_v2")
        self.out += b"(("  # MARK (arguments), MARK (the persistent id)
        self._const_str("storage")
        self._global("torch", STORAGE_NAMES[storage.dtype])
        self._const_str(storage.key)
        self._const_str(storage.location)
        self._int(storage.elements.size)
        self.out += b"t"
        self._put(("tuple", len(self.memo)))
        self.out += b"Q"  # BINPERSID
        self._int(offset)
        self._new_tuple(tuple(size))
        self._new_tuple(tuple(stride))
        self.save(requires_grad)
        self._empty_ordered_dict()
        self.out += b"t"
        self._put(("tuple", len(self.memo)))
        self.out += b"R"

    def _empty_ordered_dict(self) -> None:
        """The `backward_hooks` argument: a fresh OrderedDict() each time, as PyTorch passes."""
        self._global("collections", "OrderedDict")
        self.out += b")R"
        self._put(("reduced", len(self.memo)))
