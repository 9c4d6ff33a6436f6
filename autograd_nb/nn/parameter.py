"""`nn.Parameter` and `nn.Buffer`: tensors that a Module registers when they are assigned to it.

A Parameter is an ordinary leaf tensor with a different class: `Parameter(t)` shares `t`'s
storage and version counter (as `t.detach()` does) and requires grad by default. The class is
only a tag telling `Module.__setattr__` "this is something to train"; every operation on a
Parameter returns a plain Tensor, as in PyTorch.

`nn.Buffer(t)` is PyTorch 2.5+'s marker for buffers: it returns a plain detached Tensor flagged so
that assigning it to a module attribute calls `register_buffer`.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, check_inference_requires_grad

__all__ = ["Parameter", "Buffer"]


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
