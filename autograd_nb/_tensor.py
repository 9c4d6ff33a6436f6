"""Tensor: a backend array plus autograd metadata.

The class holds data and graph bookkeeping only. Math lives in `ops/`, whose modules attach
their functions as methods with `tensor_method` (so `x.sum()` is `ops.reduction.sum`), the way
PyTorch binds its C++ ops onto `torch.Tensor`.
"""

from __future__ import annotations

import copyreg
import types
import warnings
import weakref

from . import _memory_format, dtypes
from . import _messages as msg
from ._arguments import METHOD_CODES, OPERATOR_CODES, check_bool
from ._arguments import argument_error as argument_error
from ._arguments import call_form as call_form
from ._size import Size as _Size
from ._size import normalize_dim
from .autograd.grad_mode import INFERENCE_THREADS, STATE
from .autograd.hooks import RemovableHandle
from .autograd.versions import INFERENCE_VERSION, version_counter
from .backends import cpu_backend
from .device import device as Device

__all__ = ["Tensor", "make_tensor", "show_as", "tensor_method"]


class _AutogradMeta:
    """The rarely-used per-tensor state, allocated only when needed (as PyTorch's AutogradMeta)."""

    __slots__ = ("grad", "accumulator", "retains_grad", "hooks", "post_accumulate_hooks")

    def __init__(self):
        self.grad = None
        self.accumulator = None  # a weak reference to the AccumulateGrad node (see node.py)
        self.retains_grad = False
        self.hooks = None
        self.post_accumulate_hooks = None  # hook(leaf) after `.grad` was accumulated


class ViewMeta:
    """What a view keeps of where it came from (PyTorch's DifferentiableViewMeta).

    `base` is the root tensor it views and `view_fn(root)` rebuilds it; `version` is the value of
    the storage's (shared) version counter when its grad_fn was last set: an in-place change of
    the base or of any view of it since makes that grad_fn stale (see `refresh_view`).
    `creation` is None for a view made in grad mode, else "no_grad", "inference" or
    "multi_output" (a piece of split/unbind): PyTorch refuses to rebase those.
    """

    __slots__ = ("base", "view_fn", "version", "creation")

    def __init__(self, base, view_fn, version: int, creation: str | None):
        self.base = base
        self.view_fn = view_fn
        self.version = version
        self.creation = creation


class _TensorMeta(type):
    """Tensor's metaclass (PyTorch's is torch._C._TensorMeta): it lets Tensor classes print with
    PyTorch's module (`<class 'torch.Tensor'>`) and still pickle, by where they are defined."""


def show_as(cls: type, module: str) -> None:
    """Make `cls` print as `<module>.<name>` (PyTorch's public path); pickles keep finding it."""
    cls._defined_in = cls.__module__
    cls.__module__ = module


def _class_at(module: str, qualname: str) -> type:
    """What an unpickled reference to a class shown under a public module resolves to."""
    import importlib

    return getattr(importlib.import_module(module), qualname)


def _reduce_class(cls):
    defined_in = cls.__dict__.get("_defined_in")
    return cls.__qualname__ if defined_in is None else (_class_at, (defined_in, cls.__qualname__))


copyreg.pickle(_TensorMeta, _reduce_class)


class Tensor(metaclass=_TensorMeta):
    """A multi-dimensional array that can record the operations applied to it (PyTorch's API)."""

    __slots__ = (
        "_data",
        "_backend",
        "_requires_grad",
        "_grad_fn",
        "_output_nr",
        "_vc",
        "_view",
        "_meta",
        "__weakref__",
        "__dict__",
    )
    __array_priority__ = 1000  # NumPy leaves `np.float32(2) * t` to the tensor, as with PyTorch

    def __new__(cls, *args, **kwargs):
        from ._creation import legacy_new

        return legacy_new(cls, args, kwargs)

    def __init__(self, *args, **kwargs):
        pass

    # --- metadata ------------------------------------------------------------------------------
    @property
    def shape(self):
        return _Size._of(self._data.shape)

    def size(self, dim: int | None = None):
        if dim is None:
            return self.shape
        return self._data.shape[normalize_dim(dim, self._data.ndim)]

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def numel(self) -> int:
        return self._data.size  # an int on every backend's arrays (the array API's `size`)

    nelement = numel

    @property
    def dtype(self) -> dtypes.dtype:
        return self._backend.ours[self._data.dtype]

    @property
    def device(self) -> Device:
        return self._backend.device

    @property
    def is_cuda(self) -> bool:
        return self._backend.device.type == "cuda"

    @property
    def is_cpu(self) -> bool:
        return self._backend.device.type == "cpu"

    @property
    def is_sparse(self) -> bool:
        """False: every tensor here is dense (there are no sparse layouts)."""
        return False

    def get_device(self) -> int:
        index = self._backend.device.index
        return -1 if index is None else index

    def is_floating_point(self) -> bool:
        return self.dtype.is_floating_point

    def is_complex(self) -> bool:
        return False

    def element_size(self) -> int:
        return self.dtype.itemsize

    @property
    def itemsize(self) -> int:
        """Bytes per element (the same as element_size())."""
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        """numel() * itemsize: the bytes of the elements (an expanded view counts each one)."""
        return self._data.size * self.dtype.itemsize

    def is_signed(self) -> bool:
        """Whether the dtype holds negative numbers (False for bool and uint8)."""
        return self.dtype.is_signed

    def is_contiguous(self, *given, memory_format=_memory_format.contiguous_format) -> bool:
        """Whether the elements lie densely in memory in `memory_format`'s order (row-major by
        default; channels_last: NHWC memory under the NCHW shape)."""
        _memory_format.no_positional("is_contiguous", given)
        fmt = _memory_format.checked(memory_format, "is_contiguous")
        if fmt in (_memory_format.contiguous_format, _memory_format.preserve_format):
            return self._backend.is_contiguous(self._data)
        return _memory_format.strides_follow(fmt, tuple(self._data.shape), self.stride())

    def stride(self, dim: int | None = None):
        strides = self._backend.strides(self._data)
        return strides if dim is None else strides[dim]

    def untyped_storage(self):
        """The storage this tensor views (the same object for all views of it)."""
        from .storage import untyped_storage

        return untyped_storage(self)

    def storage(self):
        """The storage read as this tensor's dtype (deprecated in PyTorch, which warns)."""
        from .storage import typed_storage

        return typed_storage(self)

    def storage_offset(self) -> int:
        """Elements between the storage's start and this tensor's first element."""
        from .storage import storage_offset

        return storage_offset(self)

    def data_ptr(self) -> int:
        """The address of the first element: equal for tensors that share it (views, detach,
        from_numpy), 0 for an empty tensor."""
        return self._backend.data_ptr(self._data) if self._data.size else 0

    @property
    def _version(self) -> int:
        vc = self._vc
        if vc is INFERENCE_VERSION:
            raise RuntimeError(msg.INFERENCE_VERSION)
        return 0 if vc is None else vc.value

    @property
    def _base(self):
        return None if self._view is None else self._view.base

    def _is_view(self) -> bool:
        return self._view is not None

    @property
    def output_nr(self) -> int:
        return self._output_nr

    def is_inference(self) -> bool:
        return self._vc is INFERENCE_VERSION

    def _autograd_meta(self) -> _AutogradMeta:
        meta = self._meta
        if meta is None:
            meta = self._meta = _AutogradMeta()
        return meta

    # --- autograd flags ------------------------------------------------------------------------
    @property
    def grad_fn(self):
        if self._view is not None:
            refresh_view(self)
        return self._grad_fn

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn is None

    @property
    def requires_grad(self) -> bool:
        """True if set on this tensor, if it has a grad_fn, or if it is a view of one that
        requires grad (PyTorch's rule; the `_requires_grad` slot holds the first two)."""
        view = self._view
        return self._requires_grad or (view is not None and view.base._requires_grad)

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        self._set_requires_grad(bool(value), msg.SETTER_REQUIRES_GRAD_DTYPE)

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        check_bool(requires_grad, "requires_grad")
        self._set_requires_grad(bool(requires_grad), msg.METHOD_REQUIRES_GRAD_DTYPE)
        return self

    def _set_requires_grad(self, value: bool, dtype_message: str) -> None:
        if self._grad_fn is not None:
            if not value:
                raise RuntimeError(msg.NON_LEAF_REQUIRES_GRAD)
            return
        if value and not self.dtype.is_floating_point:
            raise RuntimeError(dtype_message)
        if value:
            check_inference_requires_grad(self)
        self._requires_grad = value

    @property
    def grad(self):
        meta = self._meta
        if self._grad_fn is not None and not (meta is not None and meta.retains_grad):
            warnings.warn(msg.NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return None if meta is None else meta.grad

    @grad.setter
    def grad(self, value) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(msg.GRAD_ASSIGN_TYPE.format(type=type(value).__name__))
            if value is self:
                raise RuntimeError(msg.GRAD_ASSIGN_SELF)
            if value.dtype is not self.dtype:
                raise RuntimeError(
                    msg.GRAD_ASSIGN_DTYPE.format(
                        grad=dtypes.CPP_NAMES[value.dtype], tensor=self.dtype.legacy_name[:-6]
                    )
                )
            if value._backend is not self._backend:
                grad_device, device = value.device, self.device
                if grad_device.type != device.type:
                    text = msg.GRAD_ASSIGN_DEVICE_TYPE.format(
                        grad=grad_device.type, tensor=device.type
                    )
                else:
                    text = msg.GRAD_ASSIGN_DEVICE_INDEX.format(
                        grad=grad_device.index, tensor=device.index
                    )
                raise RuntimeError(text)
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    msg.GRAD_ASSIGN_SIZE.format(
                        grad=list(value._data.shape), tensor=list(self._data.shape)
                    )
                )
        meta = self._meta
        if meta is None:
            if value is None:
                return
            meta = self._meta = _AutogradMeta()
        meta.grad = value

    @grad.deleter
    def grad(self) -> None:
        if self._meta is not None:
            self._meta.grad = None

    @property
    def retains_grad(self) -> bool:
        return self._grad_fn is not None and self._meta is not None and self._meta.retains_grad

    def retain_grad(self) -> None:
        """Keep `.grad` for this non-leaf after backward (a no-op on leaves)."""
        if not self.requires_grad:
            raise RuntimeError(msg.RETAIN_GRAD_NO_GRAD)
        if self._grad_fn is None:  # as PyTorch, before a stale view's grad_fn is brought up to date
            return
        fn = self.grad_fn
        self._autograd_meta().retains_grad = True
        retained = fn._extras().setdefault("retains_grad", {})
        retained[self._output_nr] = weakref.ref(self)

    def register_hook(self, hook):
        """hook(grad) runs when this tensor's gradient is computed; it may return a new grad.

        As PyTorch's `_backward_hooks`, the tensor's hooks are one list, shared with its grad_fn
        at the first registration: a new grad_fn (a stale view's) starts a new list, and the
        hooks registered before stay with the old node.
        """
        if not self.requires_grad:
            raise RuntimeError(msg.HOOK_NO_GRAD)
        meta = self._autograd_meta()
        if meta.hooks is None:
            fn = self.grad_fn
            if fn is None:
                meta.hooks = []
            else:
                per_output = fn._extras().setdefault("tensor_prehooks", {})
                meta.hooks = per_output.setdefault(self._output_nr, [])
        return RemovableHandle(meta.hooks, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """hook(tensor) runs after a leaf's gradient was accumulated into its `.grad`."""
        if not self.requires_grad:
            raise RuntimeError(msg.HOOK_NO_GRAD)
        if self.grad_fn is not None:
            raise RuntimeError(msg.POST_ACCUMULATE_HOOK_NON_LEAF)
        meta = self._autograd_meta()
        if meta.post_accumulate_hooks is None:
            meta.post_accumulate_hooks = []
        return RemovableHandle(meta.post_accumulate_hooks, hook)

    # --- sharing storage -----------------------------------------------------------------------
    @property
    def data(self) -> Tensor:
        """The same storage with no history and its own version counter (unsafe for autograd)."""
        out = make_tensor(self._data, self._backend)
        if self._vc is INFERENCE_VERSION:
            out._vc = INFERENCE_VERSION
        return out

    @data.setter
    def data(self, value: Tensor) -> None:
        if not isinstance(value, Tensor):
            raise TypeError(msg.TENSOR_DATA_ASSIGN_TYPE.format(type=type(value).__name__))
        if self.requires_grad and not value.dtype.is_floating_point:
            raise RuntimeError(msg.TENSOR_DATA_ASSIGN_DTYPE)
        self._data = value._data
        self._backend = value._backend

    def detach(self) -> Tensor:
        """A new leaf sharing storage and version counter, cut from the graph."""
        out = make_tensor(self._data, self._backend)
        out._vc = version_counter(self)
        return out

    def detach_(self) -> Tensor:
        if self._view is not None:
            raise RuntimeError(msg.TENSOR_DETACH_VIEW_INPLACE)
        self._grad_fn = None
        self._requires_grad = False
        return self

    # --- conversion to Python and NumPy ----------------------------------------------------------
    def item(self):
        """The value of a one-element tensor as a Python number."""
        n = self.numel()
        if n != 1:
            raise RuntimeError(msg.ITEM_NOT_SCALAR.format(numel=n))
        value = self._backend.to_host(self._data).reshape(()).item()
        return value

    def tolist(self):
        return self._backend.to_host(self._data).tolist()

    def numpy(self, *, force: bool = False):
        """The NumPy array behind a CPU tensor (shared memory: changes show on both sides)."""
        if self.requires_grad and not force:
            raise RuntimeError(msg.NUMPY_REQUIRES_GRAD)
        if self.dtype is dtypes.bfloat16:  # NumPy has no bfloat16, so PyTorch refuses
            raise TypeError(msg.NUMPY_BFLOAT16)
        if self._backend is not cpu_backend:
            if not force:
                raise TypeError(msg.NUMPY_ON_DEVICE.format(device=self.device))
            return self._backend.to_host(self._data)
        return self._data

    def __array__(self, dtype=None, copy=None):
        """NumPy's view of a CPU tensor (shared memory unless a dtype change or copy=True)."""
        from ._dlpack import array_for_numpy

        return array_for_numpy(self, dtype, copy)

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError(msg.LEN_OF_0D)
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError(msg.ITER_0D)
        return (self[i] for i in range(self._data.shape[0]))

    def __bool__(self) -> bool:
        if self.numel() != 1:
            raise RuntimeError(msg.BOOL_AMBIGUOUS if self.numel() else msg.BOOL_EMPTY)
        return bool(self.item())

    def __float__(self) -> float:
        if self.requires_grad and STATE.enabled:  # PyTorch is silent under no_grad
            _warn_scalar_of_grad_tensor()
        return float(self._python_scalar())

    def __int__(self) -> int:
        return int(self._python_scalar())

    def _python_scalar(self):
        """The one element for float() / int() / complex() (their error differs from item()'s)."""
        if self._data.size != 1:
            raise ValueError(msg.ONE_ELEMENT_SCALAR)
        return self.item()

    def __index__(self) -> int:
        if self.dtype.is_floating_point or self.numel() != 1:
            raise TypeError(msg.TENSOR_INDEX_CONVERSION)
        return int(self.item())

    def __complex__(self) -> complex:
        return complex(self._python_scalar())

    __hash__ = object.__hash__  # identity, as PyTorch's (comparisons are element-wise)

    def __dir__(self) -> list:
        """What PyTorch's dir() shows: public names and dunders, sorted, and of the private
        names only those PyTorch lists too (not our bookkeeping slots)."""
        return sorted(
            name
            for name in object.__dir__(self)
            if not name.startswith("_")
            or (name.startswith("__") and name != "__slots__")
            or name in _PYTORCH_PRIVATE_NAMES
        )

    def __repr__(self) -> str:
        from ._printing import tensor_repr

        return tensor_repr(self)

    def __format__(self, spec: str) -> str:
        if self._data.ndim == 0:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    def __reduce_ex__(self, protocol):
        """Pickle: the whole storage's bytes plus this tensor's size, strides and offset, as
        PyTorch pickles a view (it unpickles as a view of its own copy of the storage)."""
        from ._creation import rebuild_tensor

        owner = self._backend.memory_block(self._data)[0]
        host = self._backend.block_bytes(owner).copy() if self._data.size else None
        where = (tuple(self.shape), self.stride(), self.storage_offset())
        device, dtype = str(self.device), self.dtype.name
        return (rebuild_tensor, (host, dtype, *where, device, self.requires_grad))

    def is_pinned(self, device=None) -> bool:
        """Whether the tensor lies in pinned (page-locked) host memory made by pin_memory()."""
        if self._backend is not cpu_backend:
            return False
        owner = self._backend.memory_block(self._data)[0]
        return _PINNED.get(id(owner)) is owner

    def pin_memory(self, device=None) -> Tensor:
        """A copy in pinned host memory (CuPy's page-locked allocation), from which copies to the
        GPU are faster; needs an accelerator, as in PyTorch."""
        from . import cuda
        from ._legacy import type_name

        if not cuda.is_available():
            raise RuntimeError(msg.PIN_NO_ACCELERATOR)
        if self._backend is not cpu_backend:
            raise RuntimeError(msg.PIN_NOT_CPU.format(type=type_name(self)))
        if self.is_pinned():
            return self
        out = self.clone()  # differentiable, as PyTorch's pin_memory is
        out._data = _pinned_copy(out._data)
        return out

    def __copy__(self):
        """copy.copy: a new leaf on the same storage (PyTorch rebuilds it from the storage)."""
        if type(self) is not Tensor:  # a Parameter copies as its own __reduce_ex__ says
            rebuild, args = self.__reduce_ex__(4)[:2]
            return rebuild(*args)
        out = make_tensor(self._data, self._backend)
        out._requires_grad = self.requires_grad
        return out

    def __deepcopy__(self, memo):
        """copy.deepcopy: one new storage per storage copied (views of one storage stay views of
        one storage, with their strides and offsets), the grad copied too."""
        if not self.is_leaf:
            raise RuntimeError(msg.TENSOR_DEEPCOPY_NON_LEAF)
        out = _storage_copy(self, memo)
        requires_grad = self.requires_grad
        if type(self) is not Tensor:
            out = type(self)(out, requires_grad)
        else:
            out._requires_grad = requires_grad
        memo[id(self)] = out
        if self._meta is not None and self._meta.grad is not None:
            out.grad = self._meta.grad.clone()
        return out

    def type(self, dtype=None, non_blocking: bool = False, **kwargs):
        """The legacy type name ('torch.FloatTensor'), or a copy converted to a dtype or type."""
        from ._legacy import tensor_type, type_name

        if dtype is None:
            return type_name(self)
        return tensor_type(self, dtype)


_PINNED: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # id(array) -> pinned array


def _pinned_copy(array):
    """`array` copied into page-locked memory by CuPy (plain host memory behind the simulated
    CUDA device of the tests), remembered as pinned."""
    from .backends import backend_for

    if backend_for(Device("cuda")).xp.__name__ == "cupy":
        import cupyx

        pinned = cupyx.empty_pinned(array.shape, array.dtype)
    else:
        pinned = cpu_backend.xp.empty(array.shape, array.dtype)
    pinned[...] = array
    _PINNED[id(pinned)] = pinned
    return pinned


def _storage_copy(t: Tensor, memo: dict) -> Tensor:
    """A leaf viewing the deep copy of t's storage (made once per deepcopy, kept in `memo`)."""
    backend = t._backend
    owner = backend.memory_block(t._data)[0]
    if not t._data.size or type(owner) is not type(t._data) or not owner.flags.c_contiguous:
        out = t.detach().clone()
        out._vc = None
        return out
    key = ("autograd_nb storage", id(owner))
    copied = memo.get(key)
    if copied is None:
        copied = memo[key] = owner.copy()
        memo.setdefault(id(memo), []).append(owner)  # copy's keep-alive list: ids stay unique
    typed = copied.reshape(-1).view("uint8").view(t._data.dtype)
    data = backend.as_strided(typed, tuple(t.shape), t.stride(), t.storage_offset())
    return make_tensor(data, backend)


# The private attributes PyTorch's dir(tensor) lists that autograd_nb has as well.
_PYTORCH_PRIVATE_NAMES = frozenset({"_base", "_grad_fn", "_is_view", "_version"})


def _as_method(fn, name: str):
    """`fn` as the Tensor method `name`: a copy sharing its body but with a code object of its
    own, so that an argument error raised inside can tell `x.add(...)` from `torch.add(x, ...)`
    (PyTorch counts a method's argument positions after self; see call_form) and name the method
    called (`x.clip(...)` is clip, not clamp)."""
    if type(fn) is not types.FunctionType:
        return fn
    method = types.FunctionType(
        fn.__code__.replace(), fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__
    )
    method.__kwdefaults__ = fn.__kwdefaults__
    method.__dict__.update(fn.__dict__)
    method.__doc__, method.__qualname__ = fn.__doc__, fn.__qualname__
    method.__module__, method.__wrapped__ = fn.__module__, fn
    METHOD_CODES[id(method.__code__)] = name
    return method


def tensor_method(*names: str):
    """Attach an op function to Tensor under the given method names (a named method as a copy
    that knows its name; operators such as `__add__` as the function itself)."""

    def attach(fn):
        for name in names:
            if name.startswith("__"):
                setattr(Tensor, name, fn)
                if type(fn) is types.FunctionType:
                    OPERATOR_CODES.add(id(fn.__code__))
            else:
                setattr(Tensor, name, _as_method(fn, name))
        return fn

    return attach


_new = object.__new__


def typename(obj) -> str:
    """`torch.typename`: 'torch.FloatTensor' for tensors, the qualified class name otherwise."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    if module.startswith("autograd_nb"):
        module = "torch" + module[len("autograd_nb") :]
    if module in {"", "builtins"}:
        return qualname
    return f"{module}.{qualname}"


_warned_scalar_of_grad_tensor = False


def _warn_scalar_of_grad_tensor() -> None:
    """PyTorch's warning for float() of a tensor that requires grad, once per process as its."""
    global _warned_scalar_of_grad_tensor
    if not _warned_scalar_of_grad_tensor:
        _warned_scalar_of_grad_tensor = True
        warnings.warn(msg.SCALAR_OF_GRAD_TENSOR, UserWarning, stacklevel=3)


# Callables `observer(tensor)` told about each tensor born with a grad_fn: every op's result
# passes through `make_tensor`, so this is the one place to watch results being recorded (see
# autograd.graph.observe_results). Empty unless someone watches: ops then pay one check.
RESULT_OBSERVERS: list = []


def make_tensor(
    data, backend, requires_grad: bool = False, grad_fn=None, output_nr: int = 0, cls=Tensor
) -> Tensor:
    """Wrap a backend array (the one way tensors are born inside the library)."""
    if type(data) is not backend.array_type:
        data = backend.xp.asarray(data)
    t = _new(cls)
    t._data = data
    t._backend = backend
    t._requires_grad = requires_grad
    t._grad_fn = grad_fn
    t._output_nr = output_nr
    t._vc = None
    t._view = None
    t._meta = None
    if INFERENCE_THREADS and STATE.inference:
        t._vc = INFERENCE_VERSION
    if grad_fn is not None and RESULT_OBSERVERS:
        for observer in tuple(RESULT_OBSERVERS):
            observer(t)
    return t


def check_inference_requires_grad(t: Tensor) -> None:
    """PyTorch lets an inference tensor start requiring grad only inside inference mode."""
    if t._vc is INFERENCE_VERSION and not STATE.inference:
        raise RuntimeError(msg.INFERENCE_REQUIRES_GRAD)


# How a stale view is rebased (an AsStridedBackward0 of its base's history, or PyTorch's error
# for a view it refuses to rebase): ops/inplace.py registers it, as the core cannot import ops.
_view_rebaser: list = []


def register_view_rebaser(rebase) -> None:
    """Called once by ops/inplace.py: `rebase(view)` gives a stale view its base's history."""
    _view_rebaser[:] = [rebase]


def refresh_view(view: Tensor) -> None:
    """Bring a view's grad_fn up to date before it is read (PyTorch's VariableHooks::grad_fn):
    if the storage was changed in place since the grad_fn was set, the view is rebased."""
    if view._vc.value != view._view.version:
        _view_rebaser[0](view)


show_as(Tensor, "torch")  # `type(t)` prints <class 'torch.Tensor'>, as in PyTorch
