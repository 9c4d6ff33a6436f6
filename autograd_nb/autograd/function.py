"""`autograd.Function`: user-defined ops with their own forward and backward, as in PyTorch.

`MyOp.apply(x)` runs `forward(ctx, x)` without recording, then makes `ctx` the grad_fn of the
outputs: ctx is a node of class `MyOpBackward`, so the graph shows the user's op by name.
"""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from .grad_mode import STATE
from .gradient_checks import checked_function_gradients
from .node import _NO_EDGE, Node, edge


class FunctionCtx(Node):
    """The `ctx` of a custom Function: saves tensors and flags for its backward."""

    __slots__ = (
        "_function",
        "_n_outputs",
        "needs_input_grad",
        "_non_differentiable",
        "_materialize_grads",
        "_input_meta",
        "__dict__",
    )

    def __init_subclass__(cls, **kwargs):
        """A custom Function's node class prints as `torch.autograd.function.<Name>Backward`."""
        super().__init_subclass__(**kwargs)
        cls.__module__ = "torch.autograd.function"

    def apply(self, *grads):
        """Run this node's backward on gradients for its outputs (PyTorch's `grad_fn.apply`):
        the gradient for the one input, or a tuple of them for several."""
        results = self.backward(*grads)
        return results[0] if len(results) == 1 else results

    def save_for_backward(self, *tensors) -> None:
        for index, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(
                    msg.SAVE_FOR_BACKWARD_TYPE.format(index=index, type=type(t).__name__)
                )
        self.save(*tensors)

    @property
    def saved_tensors(self) -> tuple:
        return self.saved_tensors_()

    def saved_tensors_(self) -> tuple:
        return (
            tuple(self._unpack(i) for i in range(len(self._saved or ())))
            if self._saved is not None
            else (self._unpack(0),)
        )

    def mark_non_differentiable(self, *tensors) -> None:
        self._non_differentiable = {id(t) for t in tensors}

    def mark_dirty(self, *tensors) -> None:
        """Accepted for compatibility: in-place outputs are handled as new outputs here."""

    def set_materialize_grads(self, value: bool) -> None:
        self._materialize_grads = bool(value)

    def backward(self, *grads):
        if self._materialize_grads:
            grads = tuple(g if g is not None else _zeros_for(self, i) for i, g in enumerate(grads))
        result = self._function.backward(self, *grads)
        result = result if isinstance(result, tuple) else (result,)
        expected = len(self._edges) // 2
        if len(result) > expected and all(g is None for g in result[expected:]):
            result = result[:expected]  # PyTorch accepts extra trailing Nones (defaulted inputs)
        if len(result) != expected:
            raise RuntimeError(
                msg.FUNCTION_GRADIENT_COUNT.format(
                    name=type(self).__name__, expected=expected, got=len(result)
                )
            )
        return checked_function_gradients(self, result, self._input_meta)

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{type(self).__name__} object at {hex(id(self))}>"


def _zeros_for(ctx, index: int):
    shape, dtype, backend = ctx._output_meta[index]
    return make_tensor(
        backend.xp.zeros(shape, dtype=backend.native[dtype], device=backend.native_device), backend
    )


class _FunctionMeta(type):
    """Gives each Function subclass its own node class, named `<Name>Backward` as PyTorch does."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        cls._backward_cls = type(f"{name}Backward", (FunctionCtx,), {"__slots__": ()})


class Function(metaclass=_FunctionMeta):
    """Subclass with static `forward(ctx, *args)` and `backward(ctx, *grads)`; call `.apply`."""

    def __init__(self, *args, **kwargs):
        warnings.warn(
            msg.FUNCTION_INSTANTIATED.format(cls=type(self)), DeprecationWarning, stacklevel=2
        )

    def __call__(self, *args, **kwargs):
        """Calling an instance is the pre-1.3 API, which PyTorch refuses."""
        raise RuntimeError(msg.LEGACY_FUNCTION_CALL)

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError(msg.FUNCTION_FORWARD_MISSING)

    @staticmethod
    def backward(ctx, *grads):
        raise NotImplementedError(msg.FUNCTION_BACKWARD_MISSING)

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = cls._backward_cls.__new__(cls._backward_cls)
        Node.__init__(ctx)
        ctx._function = cls
        ctx._non_differentiable = set()
        ctx._materialize_grads = True
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
        previous = STATE.enabled
        STATE.enabled = False
        try:
            outputs = cls.forward(ctx, *args, **kwargs)
        finally:
            STATE.enabled = previous
        single = not isinstance(outputs, tuple)
        outputs = (outputs,) if single else outputs
        if not (previous and any(ctx.needs_input_grad)):
            return outputs[0] if single else outputs
        ctx._edges = tuple(
            part for a in args for part in (edge(a) if isinstance(a, Tensor) else _NO_EDGE)
        )
        ctx._n_outputs = len(outputs)
        ctx._input_meta = [
            (a._data.shape, a.dtype, a._backend) if isinstance(a, Tensor) else None for a in args
        ]
        ctx._output_meta = [
            (tuple(o._data.shape), o.dtype, o._backend) if isinstance(o, Tensor) else None
            for o in outputs
        ]
        wrapped = []
        for i, out in enumerate(outputs):
            if (
                isinstance(out, Tensor)
                and id(out) not in ctx._non_differentiable
                and out.dtype.is_floating_point
            ):
                new = make_tensor(out._data, out._backend, True, ctx, i)
                new._vc = out._vc
                wrapped.append(new)
            else:
                wrapped.append(out)
        return wrapped[0] if single else tuple(wrapped)


def once_differentiable(fn):
    """Accepted for compatibility: the decorated backward runs with grad mode off anyway."""
    return fn
