"""`nn.Parameter` and `nn.Buffer`: tensors that a Module registers when they are assigned to it.

A Parameter is an ordinary leaf tensor with a different class: `Parameter(t)` shares `t`'s
storage and version counter (as `t.detach()` does) and requires grad by default. The class is
only a tag telling `Module.__setattr__` "this is something to train"; every operation on a
Parameter returns a plain Tensor, as in PyTorch.

`nn.Buffer(t)` is PyTorch 2.5+'s marker for buffers: it returns a plain detached Tensor flagged so
that assigning it to a module attribute calls `register_buffer`.

`UninitializedParameter` and `UninitializedBuffer` are the placeholders of lazy modules
(`nn.LazyLinear`): they know their dtype and device but not their shape until `materialize(shape)`
turns them, in place, into a Parameter or a plain Tensor. Using one in an op before that raises
PyTorch's ValueError: every op reads a tensor's `_data`, and reading it is what is refused.
"""

from __future__ import annotations

import sys

from .. import _messages as msg
from .._tensor import Tensor, check_inference_requires_grad, make_tensor, show_as

__all__ = ["Parameter", "Buffer", "UninitializedParameter", "UninitializedBuffer", "is_lazy"]


def _empty():
    from .._creation import empty

    return empty(0)


class Parameter(Tensor):
    """A Tensor that is a module parameter: a leaf sharing `data`'s storage, requiring grad."""

    _prints_as_tensor = True  # printed as `tensor(...)` under the "Parameter containing:" header

    def __new__(cls, data: Tensor | None = None, requires_grad: bool = True):
        if data is None:
            data = _empty()
        if not isinstance(data, Tensor):
            raise TypeError(msg.PARAMETER_DATA_TYPE.format(data_type=type(data).__name__))
        if requires_grad and not data.dtype.is_floating_point:
            raise RuntimeError(msg.PARAMETER_REQUIRES_GRAD_DTYPE)
        if requires_grad:
            check_inference_requires_grad(data)
        t = data.detach()
        t.__class__ = cls
        t.requires_grad_(bool(requires_grad))
        return t

    def __init__(self, data: Tensor | None = None, requires_grad: bool = True):
        pass

    def __repr__(self) -> str:
        from .._printing import tensor_repr

        return "Parameter containing:\n" + tensor_repr(self)

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.data.clone(), self.requires_grad)
        memo[id(self)] = result
        return result

    def __reduce_ex__(self, protocol):
        return (Parameter, (self.detach(), self.requires_grad))


class _BufferMeta(type(Tensor)):
    """`isinstance(t, nn.Buffer)` is true for tensors made by `nn.Buffer(...)`."""

    def __instancecheck__(cls, obj) -> bool:
        return isinstance(obj, Tensor) and getattr(obj, "_is_buffer", False)


class Buffer(Tensor, metaclass=_BufferMeta):
    """Marks a tensor as a buffer: `self.x = nn.Buffer(t, persistent=False)` registers it."""

    def __new__(cls, data: Tensor | None = None, *, persistent: bool = True):
        if data is None:
            data = _empty()
        t = data.detach().requires_grad_(data.requires_grad)
        t.persistent = persistent
        t._is_buffer = True
        return t


def _raw(t: Tensor):
    """The backend array of `t`, also of an uninitialized tensor (whose `_data` is refused)."""
    return object.__getattribute__(t, "_data")


class UninitializedTensorMixin:
    """What UninitializedParameter and UninitializedBuffer share: no shape, no use in ops, until
    `materialize(shape)` turns the object itself into `cls_to_become`."""

    __slots__ = ()
    cls_to_become: type = Tensor

    def __getattribute__(self, name: str):
        if name == "_data":
            caller = sys._getframe(1).f_code.co_name
            raise ValueError(msg.UNINITIALIZED_USE.format(fn=f"<function {caller}>"))
        return object.__getattribute__(self, name)

    def materialize(self, shape, device=None, dtype=None) -> None:
        """Give the tensor `shape` (on device/dtype, by default its own) and make it a
        `cls_to_become` in place, so that modules and optimizers holding it see the change."""
        from .._creation import empty

        device = self.device if device is None else device
        dtype = self.dtype if dtype is None else dtype
        data = empty(shape, device=device, dtype=dtype)
        self._data = _raw(data)
        self._backend = data._backend
        self.__class__ = self.cls_to_become

    @property
    def shape(self):
        raise RuntimeError(msg.UNINITIALIZED_SHAPE)

    @property
    def dtype(self):
        return self._backend.ours[_raw(self).dtype]

    @property
    def data(self) -> Tensor:
        """The empty placeholder array as a plain tensor."""
        return make_tensor(_raw(self), self._backend)

    @data.setter
    def data(self, value: Tensor) -> None:
        self._data = _raw(value)
        self._backend = value._backend

    def _converted(self, name: str, args: tuple, kwargs: dict):
        """`to`, `cpu`, `double`, ...: the conversion of the placeholder, still uninitialized."""
        result = getattr(self.data, name)(*args, **kwargs)
        if not isinstance(result, Tensor):
            return result  # `type()` with no argument: the type's name
        return type(self)(self.requires_grad, result.device, result.dtype)

    def to(self, *args, **kwargs):
        return self._converted("to", args, kwargs)

    def cpu(self, *args, **kwargs):
        return self._converted("cpu", args, kwargs)

    def cuda(self, *args, **kwargs):
        return self._converted("cuda", args, kwargs)

    def float(self, *args, **kwargs):
        return self._converted("float", args, kwargs)

    def double(self, *args, **kwargs):
        return self._converted("double", args, kwargs)

    def half(self, *args, **kwargs):
        return self._converted("half", args, kwargs)

    def type(self, *args, **kwargs):
        return self._converted("type", args, kwargs)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.requires_grad, self.device, self.dtype)
        return memo[id(self)]

    def __reduce_ex__(self, protocol):
        return (type(self), (self.requires_grad,))


def is_lazy(param) -> bool:
    """Whether `param` is an UninitializedParameter or UninitializedBuffer."""
    return isinstance(param, UninitializedTensorMixin)


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    """A parameter of unknown shape (lazy modules); `materialize` makes it a Parameter."""

    cls_to_become = Parameter

    def __new__(cls, requires_grad: bool = True, device=None, dtype=None):
        from .._creation import empty

        return Parameter.__new__(cls, empty(0, device=device, dtype=dtype), requires_grad)

    def __init__(self, requires_grad: bool = True, device=None, dtype=None):
        pass


class UninitializedBuffer(UninitializedTensorMixin, Tensor):
    """A buffer of unknown shape (lazy modules); `materialize` makes it a plain Tensor."""

    cls_to_become = Tensor

    def __new__(cls, requires_grad: bool = False, device=None, dtype=None):
        from .._creation import empty

        t = empty(0, device=device, dtype=dtype, requires_grad=requires_grad)
        t.__class__ = cls
        return t

    def __init__(self, requires_grad: bool = False, device=None, dtype=None):
        pass


for _cls in (Parameter, UninitializedParameter, UninitializedBuffer):
    show_as(_cls, "torch.nn.parameter")  # as PyTorch prints them: torch.nn.parameter.Parameter
