"""A pickle reader that builds tensors, containers and plain values, and nothing else.

This is PyTorch's `weights_only=True` unpickler (torch/_weights_only_unpickler.py) rewritten for
autograd_nb: it interprets the protocol-2 opcodes `torch.save` writes, one by one, and never
imports a module or calls a function the file names. A GLOBAL opcode is looked up in
`ALLOWED_GLOBALS` (collections.OrderedDict/Counter, torch.Size, torch.device, the dtypes, the
storage types, `torch._utils`'s tensor rebuild functions, builtins.set/complex/bytearray and
`_codecs.encode`), each mapped to a function here that checks its arguments; every other global
is refused before anything runs. REDUCE and NEWOBJ only call those functions, BUILD only sets an
OrderedDict's attributes, APPEND only extends lists, SETITEM only fills dicts.

A malformed pickle (a truncated opcode, a bad memo index, arguments of the wrong type) raises one
`pickle.UnpicklingError` saying where and what; the errors PyTorch raises as RuntimeError (a view
out of its storage's bounds, an integer tensor requiring grad) stay RuntimeErrors.
"""

from __future__ import annotations

import codecs
import pickle
import pickletools
import reprlib
import struct
from collections import Counter, OrderedDict
from collections.abc import Callable

from .. import _messages as msg
from .. import dtypes
from .._size import Size
from .._tensor import Tensor
from ..device import device as Device
from ._storages import FOREIGN_STORAGES, STORAGE_NAMES, LoadedStorage, tensor_from_storage

UnpicklingError = pickle.UnpicklingError
BLOCKED_MODULES = ("sys", "os", "posix", "nt")
# pickle protocol 2 writes Python 2 names (fix_imports); PyTorch maps them back
_PY2_MODULES = {"__builtin__": "builtins", "copy_reg": "copyreg"}


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 80


def _short(obj) -> str:
    """A bounded repr of a value from the file (nested or huge values stay short)."""
    return _REPR.repr(obj)


class StorageType:
    """What a storage global (`torch.FloatStorage`) stands for: its element dtype."""

    __slots__ = ("dtype", "name")

    def __init__(self, dtype, name: str):
        self.dtype, self.name = dtype, name

    def __repr__(self) -> str:
        return f"torch.{self.name}"


class TypeMarker:
    """`torch.Tensor` / `torch.nn.parameter.Parameter` as `_rebuild_from_type_v2` names them."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


TENSOR_TYPE = TypeMarker("torch.Tensor")
PARAMETER_TYPE = TypeMarker("torch.nn.parameter.Parameter")


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise TypeError(what)


def _no_hooks_or_state(value, what: str) -> None:
    if value:
        raise UnpicklingError(msg.UNPICKLE_STATE.format(what=what))


def _ints(values, what: str) -> tuple:
    _expect(
        isinstance(values, (tuple, list, Size)) and all(type(v) is int for v in values),
        f"{what} must be a tuple of ints, not {_short(values)}",
    )
    return tuple(values)


# --- the functions the allowed globals stand for ------------------------------------------------
def rebuild_tensor_v2(
    storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None
) -> Tensor:
    """torch._utils._rebuild_tensor_v2: a tensor viewing `storage`."""
    _expect(isinstance(storage, LoadedStorage), f"storage must be a storage, not {_short(storage)}")
    _expect(type(requires_grad) is bool, "requires_grad must be a bool")
    _no_hooks_or_state(backward_hooks, "a tensor with backward hooks")
    _no_hooks_or_state(metadata, "a tensor with metadata (conjugate or negative bits)")
    size, stride = _ints(size, "size"), _ints(stride, "stride")
    _expect(type(storage_offset) is int, "storage_offset must be an int")
    t = tensor_from_storage(storage, storage_offset, size, stride)
    if requires_grad:
        t.requires_grad = True  # PyTorch's setter: an integer tensor raises its RuntimeError
    return t


def rebuild_tensor(storage, storage_offset, size, stride) -> Tensor:
    """torch._utils._rebuild_tensor (files of PyTorch before 1.x's requires_grad argument)."""
    return rebuild_tensor_v2(storage, storage_offset, size, stride, False, None)


def rebuild_tensor_v3(
    storage, storage_offset, size, stride, requires_grad, backward_hooks, dtype, metadata=None
) -> Tensor:
    """torch._utils._rebuild_tensor_v3: v2 with the dtype given (it matches the storage here)."""
    _expect(isinstance(storage, LoadedStorage), f"storage must be a storage, not {_short(storage)}")
    if isinstance(dtype, dtypes.dtype) and dtype.name != storage.elements.dtype.name:
        raise UnpicklingError(
            msg.UNPICKLE_ARGUMENTS.format(
                func="torch._utils._rebuild_tensor_v3",
                why=f"dtype {dtype} does not match its storage's {storage.elements.dtype}",
            )
        )
    return rebuild_tensor_v2(
        storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata
    )


def rebuild_parameter(data, requires_grad, backward_hooks) -> Tensor:
    """torch._utils._rebuild_parameter: nn.Parameter(data, requires_grad)."""
    from ..nn.parameter import Parameter

    _expect(isinstance(data, Tensor), "data must be a tensor")
    _expect(type(requires_grad) is bool, "requires_grad must be a bool")
    _no_hooks_or_state(backward_hooks, "a Parameter with backward hooks")
    return Parameter(data, requires_grad)


def rebuild_parameter_with_state(data, requires_grad, backward_hooks, state) -> Tensor:
    """torch._utils._rebuild_parameter_with_state: only without extra attributes here."""
    _no_hooks_or_state(state, "a Parameter")
    return rebuild_parameter(data, requires_grad, backward_hooks)


_REBUILD_FUNCTIONS = {
    "torch._utils._rebuild_tensor": rebuild_tensor,
    "torch._utils._rebuild_tensor_v2": rebuild_tensor_v2,
    "torch._utils._rebuild_tensor_v3": rebuild_tensor_v3,
    "torch._utils._rebuild_parameter": rebuild_parameter,
    "torch._utils._rebuild_parameter_with_state": rebuild_parameter_with_state,
}


def rebuild_from_type_v2(func, new_type, args, state) -> Tensor:
    """torch._tensor._rebuild_from_type_v2: a tensor (or Parameter) rebuilt by `func`."""
    _expect(func in _REBUILD_FUNCTIONS.values(), f"cannot rebuild with {_short(func)}")
    _expect(new_type in (TENSOR_TYPE, PARAMETER_TYPE), f"cannot rebuild a {_short(new_type)}")
    _expect(type(args) is tuple, "args must be a tuple")
    _no_hooks_or_state(state, "a tensor")
    result = func(*args)
    if new_type is PARAMETER_TYPE and type(result) is Tensor:
        return rebuild_parameter(result, result.requires_grad, None)
    return result


def new_parameter(data=None, requires_grad=True) -> Tensor:
    """torch.nn.Parameter(data, requires_grad) (NEWOBJ or REDUCE)."""
    _expect(type(requires_grad) is bool, "requires_grad must be a bool")
    return rebuild_parameter(data, requires_grad, None)


def ordered_dict(items=()) -> OrderedDict:
    _expect(isinstance(items, (list, tuple, dict)), "OrderedDict takes a list of pairs")
    return OrderedDict(items)


def counter(counts=None) -> Counter:
    _expect(counts is None or type(counts) is dict, "Counter takes a dict")
    return Counter(counts or {})


def make_set(items=()) -> set:
    _expect(isinstance(items, (list, tuple)), "set takes a list")
    return set(items)


def make_complex(real=0.0, imag=0.0) -> complex:
    number = (int, float)
    _expect(type(real) in number and type(imag) in number, "complex takes two numbers")
    return complex(real, imag)


def make_bytearray(data=b"") -> bytearray:
    _expect(isinstance(data, (bytes, bytearray)), "bytearray takes bytes")  # not bytearray(10**12)
    return bytearray(data)


def encode(text, encoding="utf-8") -> bytes:
    """_codecs.encode, as protocol 2 pickles bytes: encode(text, 'latin1')."""
    _expect(type(text) is str and encoding in ("latin1", "latin-1"), "encode takes (str, latin1)")
    return codecs.encode(text, "latin1")


def make_size(sizes=()) -> Size:
    return Size(_ints(sizes, "torch.Size"))


def make_device(kind, index=None) -> Device:
    _expect(type(kind) is str and (index is None or type(index) is int), "device(str, int)")
    return Device(kind, index)


def _allowed_globals() -> dict[str, object]:
    """Every global a checkpoint may name, mapped to what it stands for here."""
    allowed: dict[str, object] = {
        "collections.OrderedDict": ordered_dict,
        "collections.Counter": counter,
        "builtins.set": make_set,
        "builtins.complex": make_complex,
        "builtins.bytearray": make_bytearray,
        "_codecs.encode": encode,
        "torch.Size": make_size,
        "torch.device": make_device,
        "torch.Tensor": TENSOR_TYPE,
        "torch.nn.parameter.Parameter": PARAMETER_TYPE,
        "torch._tensor._rebuild_from_type_v2": rebuild_from_type_v2,
        **_REBUILD_FUNCTIONS,
    }
    for dtype in dtypes.ALL_DTYPES:
        allowed[f"torch.{dtype.name}"] = dtype
    storage_types = {name: StorageType(d, name) for d, name in STORAGE_NAMES.items()}
    storage_types["UntypedStorage"] = StorageType(dtypes.uint8, "UntypedStorage")
    for name, storage_type in storage_types.items():
        for module in ("torch", "torch.cuda", "torch.storage"):
            allowed[f"{module}.{name}"] = storage_type
    return allowed


ALLOWED_GLOBALS = _allowed_globals()
# globals PyTorch allows whose dtype autograd_nb has no tensors for: refused by name
FOREIGN_GLOBALS = {
    f"{module}.{storage}": dtype_name
    for storage, dtype_name in FOREIGN_STORAGES.items()
    for module in ("torch", "torch.cuda")
}
FOREIGN_GLOBALS.update(
    {
        f"torch.{name}": f"torch.{name}"
        for name in (
            "complex32",
            "complex64",
            "complex128",
            "uint16",
            "uint32",
            "uint64",
            "float8_e4m3fn",
            "float8_e5m2",
            "float8_e4m3fnuz",
            "float8_e5m2fnuz",
            "float8_e8m0fnu",
        )
    }
)
# what REDUCE may call (by identity: these objects live as long as the module)
_CALLABLE = {id(v) for v in ALLOWED_GLOBALS.values() if callable(v)} | {id(new_parameter)}
_NAMES = {id(v): k for k, v in ALLOWED_GLOBALS.items()}


def _refuse_global(module: str, name: str):
    """PyTorch's error for a global outside the allowlist (builtins shown without 'builtins.')."""
    path = f"{module}.{name}"
    if module.split(".")[0] in BLOCKED_MODULES:
        return UnpicklingError(msg.UNPICKLE_BLOCKED_MODULE.format(path=path, module=module))
    if module == "builtins":
        path = name
    return UnpicklingError(msg.UNPICKLE_GLOBAL.format(path=path))


_OPNAMES = {op.code.encode("latin1")[0]: op.name for op in pickletools.opcodes}


class WeightsUnpickler:
    """Reads one pickle; `persistent_load(pid)` supplies the storages its tensors view."""

    def __init__(self, data: bytes, persistent_load: Callable[[tuple], LoadedStorage]):
        self.data = memoryview(data)
        self.pos = 0
        self.persistent_load = persistent_load
        self.memo: dict[int, object] = {}
        self.stack: list = []
        self.metastack: list[list] = []

    def read(self, n: int) -> bytes:
        chunk = self.data[self.pos : self.pos + n]
        if len(chunk) != n:
            raise EOFError(msg.UNPICKLE_EOF.format(size=len(self.data)))
        self.pos += n
        return bytes(chunk)

    def readline(self) -> str:
        end = bytes(self.data[self.pos : self.pos + 1024]).find(b"\n")
        if end == -1:
            raise ValueError(msg.UNPICKLE_GLOBAL_NEWLINE)
        line = self.read(end + 1)[:-1]
        return line.decode("utf-8")

    def load(self):
        """The object the pickle describes; UnpicklingError (or PyTorch's RuntimeError) if not."""
        opcode = None
        try:
            while True:
                start, opcode = self.pos, None
                opcode = self.read(1)[0]
                if opcode == 0x2E:  # STOP
                    return self.stack.pop()
                handler = _HANDLERS.get(opcode)
                if handler is None:
                    raise UnpicklingError(msg.UNPICKLE_OPERAND.format(code=opcode))
                handler(self)
        except (UnpicklingError, RuntimeError):
            raise
        except (
            IndexError,
            KeyError,
            TypeError,
            ValueError,
            AttributeError,
            EOFError,
            OverflowError,
            struct.error,
        ) as error:
            name = "end of data" if opcode is None else _OPNAMES.get(opcode, f"opcode {opcode}")
            why = str(error) or type(error).__name__
            raise UnpicklingError(
                msg.UNPICKLE_MALFORMED.format(pos=start, opcode=name, why=why[:300])
            ) from None

    # --- opcodes -------------------------------------------------------------------------------
    def op_global(self):
        module, name = self.readline(), self.readline()
        module = _PY2_MODULES.get(module, module)
        path = f"{module}.{name}"
        found = ALLOWED_GLOBALS.get(path)
        if path in FOREIGN_GLOBALS:
            raise RuntimeError(
                msg.LOAD_UNSUPPORTED_DTYPE.format(
                    dtype=FOREIGN_GLOBALS[path], what=f"GLOBAL {path}"
                )
            )
        if found is None:
            raise _refuse_global(module, name)
        self.stack.append(found)

    def op_reduce(self):
        args = self.stack.pop()
        func = self.stack[-1]
        if func is PARAMETER_TYPE:
            func = new_parameter  # torch.nn.Parameter(data, requires_grad)
        if id(func) not in _CALLABLE:
            raise UnpicklingError(msg.UNPICKLE_REDUCE.format(func=_describe(func)))
        _expect(type(args) is tuple, "REDUCE arguments must be a tuple")
        self.stack[-1] = _call(func, args)

    def op_newobj(self):
        args = self.stack.pop()
        cls = self.stack.pop()
        if cls is not PARAMETER_TYPE:
            raise UnpicklingError(msg.UNPICKLE_NEWOBJ.format(cls=_describe(cls)))
        _expect(type(args) is tuple, "NEWOBJ arguments must be a tuple")
        self.stack.append(_call(new_parameter, args))

    def op_build(self):
        state = self.stack.pop()
        inst = self.stack[-1]
        if type(inst) is not OrderedDict:
            raise UnpicklingError(msg.UNPICKLE_BUILD.format(type=type(inst)))
        _expect(type(state) is dict and all(type(k) is str for k in state), "state must be a dict")
        inst.__dict__.update(state)

    def op_append(self):
        item = self.stack.pop()
        target = self.stack[-1]
        if type(target) is not list:
            raise UnpicklingError(msg.UNPICKLE_APPEND.format(type=type(target)))
        target.append(item)

    def op_appends(self):
        items = self.pop_mark()
        target = self.stack[-1]
        if type(target) is not list:
            raise UnpicklingError(msg.UNPICKLE_EXTEND.format(type=type(target)))
        target.extend(items)

    def _set_target(self, opcode: str):
        target = self.stack[-1]
        if type(target) not in (dict, OrderedDict, Counter):
            raise UnpicklingError(msg.UNPICKLE_SETITEM.format(opcode=opcode, type=type(target)))
        return target

    def op_setitem(self):
        value, key = self.stack.pop(), self.stack.pop()
        self._set_target("SETITEM")[key] = value

    def op_setitems(self):
        items = self.pop_mark()
        target = self._set_target("SETITEMS")
        _expect(len(items) % 2 == 0, "SETITEMS needs key, value pairs")
        for i in range(0, len(items), 2):
            target[items[i]] = items[i + 1]

    def op_mark(self):
        self.metastack.append(self.stack)
        self.stack = []

    def pop_mark(self) -> list:
        items = self.stack
        self.stack = self.metastack.pop()
        return items

    def op_tuple(self):
        items = tuple(self.pop_mark())  # before naming self.stack: pop_mark replaces it
        self.stack.append(items)

    def op_tuple1(self):
        self.stack[-1] = (self.stack[-1],)

    def op_tuple2(self):
        _expect(len(self.stack) >= 2, "TUPLE2 needs two items")
        self.stack[-2:] = [tuple(self.stack[-2:])]

    def op_tuple3(self):
        _expect(len(self.stack) >= 3, "TUPLE3 needs three items")
        self.stack[-3:] = [tuple(self.stack[-3:])]

    def op_binpersid(self):
        self.stack.append(self.persistent_load(storage_id(self.stack.pop())))

    def op_binget(self):
        self.stack.append(self.memo[self.read(1)[0]])

    def op_long_binget(self):
        self.stack.append(self.memo[struct.unpack("<I", self.read(4))[0]])

    def op_binput(self):
        self.memo[self.read(1)[0]] = self.stack[-1]

    def op_long_binput(self):
        self.memo[struct.unpack("<I", self.read(4))[0]] = self.stack[-1]

    def op_binunicode(self):
        (length,) = struct.unpack("<I", self.read(4))
        self.stack.append(self.read(length).decode("utf-8", "surrogatepass"))

    def op_short_binstring(self):
        self.stack.append(self.read(self.read(1)[0]))  # bytes (PyTorch's encoding='bytes')

    def op_long1(self):
        self.stack.append(int.from_bytes(self.read(self.read(1)[0]), "little", signed=True))

    def op_proto(self):
        self.read(1)


def storage_id(pid) -> tuple:
    """A persistent id checked: ('storage', storage type, key, location, numel) -> the last 4."""
    if type(pid) is not tuple:
        raise UnpicklingError(msg.UNPICKLE_PERSID_TYPE.format(type=type(pid)))
    kind = pid[0] if pid else None
    if isinstance(kind, bytes):
        kind = kind.decode("ascii")
    if kind != "storage":
        raise UnpicklingError(msg.UNPICKLE_PERSID_STORAGE.format(what=_short(kind)))
    _expect(len(pid) == 5, "a storage id is ('storage', type, key, location, numel)")
    storage_type, key, location, numel = pid[1:]
    _expect(isinstance(storage_type, StorageType), f"{_short(storage_type)} is not a storage type")
    key = key.decode("ascii") if isinstance(key, bytes) else key
    location = location.decode("ascii") if isinstance(location, bytes) else location
    _expect(type(key) is str and type(location) is str, "storage key and location are str")
    _expect(type(numel) is int and numel >= 0, "storage numel must be a non-negative int")
    return storage_type, key, location, numel


def _describe(obj) -> str:
    name = _NAMES.get(id(obj))
    if name is not None:
        return name
    return getattr(obj, "__name__", None) or _short(obj)


def _call(func, args: tuple):
    """Call an allowed function; wrong arguments are the file's fault, said as such."""
    try:
        return func(*args)
    except (UnpicklingError, RuntimeError):
        raise
    except (TypeError, ValueError, OverflowError) as error:
        raise UnpicklingError(
            msg.UNPICKLE_ARGUMENTS.format(func=_describe(func), why=str(error)[:300])
        ) from None


_HANDLERS: dict[int, Callable[[WeightsUnpickler], None]] = {
    ord("c"): WeightsUnpickler.op_global,
    ord("R"): WeightsUnpickler.op_reduce,
    0x81: WeightsUnpickler.op_newobj,
    ord("b"): WeightsUnpickler.op_build,
    ord("a"): WeightsUnpickler.op_append,
    ord("e"): WeightsUnpickler.op_appends,
    ord("s"): WeightsUnpickler.op_setitem,
    ord("u"): WeightsUnpickler.op_setitems,
    ord("("): WeightsUnpickler.op_mark,
    ord("t"): WeightsUnpickler.op_tuple,
    0x85: WeightsUnpickler.op_tuple1,
    0x86: WeightsUnpickler.op_tuple2,
    0x87: WeightsUnpickler.op_tuple3,
    ord("N"): lambda self: self.stack.append(None),
    0x89: lambda self: self.stack.append(False),
    0x88: lambda self: self.stack.append(True),
    ord(")"): lambda self: self.stack.append(()),
    ord("]"): lambda self: self.stack.append([]),
    ord("}"): lambda self: self.stack.append({}),
    0x8F: lambda self: self.stack.append(set()),
    ord("J"): lambda self: self.stack.append(struct.unpack("<i", self.read(4))[0]),
    ord("K"): lambda self: self.stack.append(self.read(1)[0]),
    ord("M"): lambda self: self.stack.append(struct.unpack("<H", self.read(2))[0]),
    ord("G"): lambda self: self.stack.append(struct.unpack(">d", self.read(8))[0]),
    ord("X"): WeightsUnpickler.op_binunicode,
    ord("U"): WeightsUnpickler.op_short_binstring,
    ord("Q"): WeightsUnpickler.op_binpersid,
    ord("h"): WeightsUnpickler.op_binget,
    ord("j"): WeightsUnpickler.op_long_binget,
    ord("q"): WeightsUnpickler.op_binput,
    ord("r"): WeightsUnpickler.op_long_binput,
    0x8A: WeightsUnpickler.op_long1,
    0x80: WeightsUnpickler.op_proto,
}  # STOP is handled in load()
