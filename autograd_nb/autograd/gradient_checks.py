"""Checks on the gradients that user code hands back to the engine, with PyTorch's texts.

A tensor hook, a node hook, a module's full backward hook and a custom `autograd.Function`'s
backward are user code: what they return is checked before it flows on (PyTorch's
`check_variable_result` and `validate_outputs`). The library's own nodes are not checked.
"""

from __future__ import annotations

from .. import _messages as msg
from .._legacy import type_name
from .._tensor import Tensor, typename

__all__ = ["checked_function_gradients", "checked_hook_result", "checked_hook_results"]


def _hook_name(hook) -> str:
    return getattr(hook, "__name__", "<unknown>")


def checked_hook_result(hook, original: Tensor, result, name: str | None = None) -> Tensor:
    """`result` if a hook may return it in place of `original`: a Tensor of the same type,
    device and size. `name` overrides the hook's name in the messages."""
    name = _hook_name(hook) if name is None else name
    if not isinstance(result, Tensor):
        raise TypeError(msg.HOOK_RETURNED_NON_TENSOR.format(type=type(result).__name__))
    if result.dtype is not original.dtype or result._backend is not original._backend:
        was, got = type_name(original), type_name(result)
        raise RuntimeError(msg.HOOK_CHANGED_TYPE.format(name=name, was=was, got=got))
    if result._data.shape != original._data.shape:
        raise RuntimeError(msg.HOOK_CHANGED_SIZE.format(name=name))
    return result


def checked_hook_results(hook, originals: tuple, results, name: str | None = None) -> tuple:
    """What a hook returned for a tuple of gradients, each checked (None stays allowed)."""
    name = _hook_name(hook) if name is None else name
    results = tuple(results)
    if len(results) != len(originals):
        raise RuntimeError(
            msg.HOOK_RESULT_COUNT.format(name=name, got=len(results), expected=len(originals))
        )
    checked = []
    for original, result in zip(originals, results):
        if result is not None and not isinstance(result, Tensor):
            raise TypeError(msg.HOOK_RETURNED_NON_TENSOR.format(type=type(result).__name__))
        if result is not None and original is None:
            raise RuntimeError(msg.HOOK_FILLED_EMPTY)
        if result is not None:
            result = checked_hook_result(hook, original, result, name)
        checked.append(result)
    return tuple(checked)


def checked_function_gradients(node, grads: tuple, inputs: list) -> tuple:
    """A custom Function's gradients made fit for its inputs, as PyTorch's validate_outputs:
    summed to the input's shape when that shape expands to theirs, cast to its dtype, moved to
    its device when a 0-dim; `inputs` holds (shape, dtype, backend) or None per input."""
    out = []
    for index, (grad, meta) in enumerate(zip(grads, inputs)):
        if grad is not None and not isinstance(grad, Tensor):
            raise RuntimeError(msg.FUNCTION_GRAD_TYPE.format(type=typename(grad)))
        if grad is not None and meta is None:
            raise RuntimeError(
                msg.FUNCTION_GRAD_FOR_NON_TENSOR.format(name=node.name(), position=index + 1)
            )
        if grad is None:
            out.append(grad)
            continue
        shape, dtype, backend = meta
        if grad._data.shape != shape:
            if not _expands_to(shape, grad._data.shape):
                problem = msg.INVALID_GRAD_SHAPE.format(
                    index=index, got=list(grad._data.shape), expected=list(shape)
                )
                raise RuntimeError(msg.FUNCTION_RETURNED.format(name=node.name(), problem=problem))
            grad = grad.sum_to_size(shape)
        if grad._backend is not backend:
            if grad._data.ndim:
                problem = msg.INVALID_GRAD_DEVICE.format(
                    index=index, expected=backend.device, got=grad._backend.device
                )
                raise RuntimeError(msg.FUNCTION_RETURNED.format(name=node.name(), problem=problem))
            grad = grad.to(backend.device)
        if grad.dtype is not dtype:
            grad = grad.to(dtype)
        out.append(grad)
    return tuple(out)


def _expands_to(shape: tuple, target: tuple) -> bool:
    """Whether a tensor of `shape` broadcasts to `target` (PyTorch's is_expandable_to)."""
    if len(shape) > len(target):
        return False
    return all(s == t or s == 1 for s, t in zip(reversed(shape), reversed(target)))
