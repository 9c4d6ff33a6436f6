"""Calling a module that has hooks: PyTorch 2.13's `Module._call_impl`, step by step.

Order: forward pre-hooks (global ones first), the full backward hooks' identity Function around
the inputs, `forward`, forward hooks (global first), the identity Function around the outputs,
then the deprecated (non-full) backward hooks on the node that made the output. When forward or
a hook raises, the forward hooks registered with `always_call=True` that have not run yet run
(each one's own error becomes a warning) and the error propagates.
"""

from __future__ import annotations

import warnings
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import _messages as msg
from ..._tensor import Tensor
from . import _global_hooks
from ._backward_hooks import BackwardHookState

if TYPE_CHECKING:
    from .module import Module

__all__ = ["call_with_hooks"]


def _backward_hooks(module: Module) -> tuple[list, list]:
    """(full backward hooks, deprecated backward hooks), global ones first in each."""
    full, non_full = [], []
    for is_full, hooks in (
        (_global_hooks.backward_hooks_are_full, _global_hooks.backward_hooks),
        (module._is_full_backward_hook, module._backward_hooks),
    ):
        if is_full is True:
            full += hooks.values()
        elif is_full is False:
            non_full += hooks.values()
    return full, non_full


def call_with_hooks(module: Module, args: tuple, kwargs: dict):
    """`module(*args, **kwargs)` with its hooks and the global ones, in PyTorch's order."""
    result = None
    called_always = set()
    try:
        full_hooks, non_full_hooks = _backward_hooks(module)
        pre_hooks = [*_global_hooks.forward_pre_hooks.items(), *module._forward_pre_hooks.items()]
        for hook_id, hook in pre_hooks:
            if hook_id in module._forward_pre_hooks_with_kwargs:
                hook_result = hook(module, args, kwargs)
                if hook_result is not None:
                    if not (isinstance(hook_result, tuple) and len(hook_result) == 2):
                        raise RuntimeError(
                            msg.MODULE_FORWARD_PRE_HOOK_RESULT.format(result=hook_result)
                        )
                    args, kwargs = hook_result
            else:
                hook_result = hook(module, args)
                if hook_result is not None:
                    args = hook_result if isinstance(hook_result, tuple) else (hook_result,)
        backward_pre_hooks = [
            *_global_hooks.backward_pre_hooks.values(),
            *module._backward_pre_hooks.values(),
        ]
        state = None
        if full_hooks or backward_pre_hooks:
            state = BackwardHookState(module, full_hooks, backward_pre_hooks)
            args = state.setup_inputs(args)
        result = module.forward(*args, **kwargs)
        hooks = [*_global_hooks.forward_hooks.items(), *module._forward_hooks.items()]
        with_kwargs = (module._forward_hooks_with_kwargs, _global_hooks.forward_hooks_with_kwargs)
        for hook_id, hook in hooks:
            if hook_id in module._forward_hooks_always_called or (
                hook_id in _global_hooks.forward_hooks_always_called
            ):
                called_always.add(hook_id)
            if hook_id in with_kwargs[0] or hook_id in with_kwargs[1]:
                hook_result = hook(module, args, kwargs, result)
            else:
                hook_result = hook(module, args, result)
            if hook_result is not None:
                result = hook_result
        if state is not None:
            if not isinstance(result, (Tensor, tuple)):
                warnings.warn(
                    msg.BACKWARD_HOOKS_OUTPUT_TYPE.format(type=type(result)), stacklevel=3
                )
            result = state.setup_outputs(result)
        if non_full_hooks:
            _attach_non_full_hooks(module, non_full_hooks, args, result)
        return result
    except Exception:
        _run_always_called_hooks(module, args, kwargs, result, called_always)
        raise


def _run_always_called_hooks(module: Module, args, kwargs, result, called: set) -> None:
    """The `always_call=True` forward hooks not run yet, after an error (global ones first).

    As in PyTorch, global ones get (module, args, output) even if registered with_kwargs, and a
    hook's own error is silenced with a warning so that the first error propagates.
    """
    scoped = (
        ("global ", _global_hooks.forward_hooks, _global_hooks.forward_hooks_always_called, {}),
        (
            "",
            module._forward_hooks,
            module._forward_hooks_always_called,
            module._forward_hooks_with_kwargs,
        ),
    )
    for scope, hooks, always_called, with_kwargs in scoped:
        for hook_id, hook in list(hooks.items()):
            if hook_id not in always_called or hook_id in called:
                continue
            try:
                if hook_id in with_kwargs:
                    hook_result = hook(module, args, kwargs, result)
                else:
                    hook_result = hook(module, args, result)
                if hook_result is not None:
                    result = hook_result
            except Exception as error:  # noqa: BLE001 - PyTorch warns and keeps the first error
                text = msg.ALWAYS_CALL_HOOK_SILENCED.format(scope=scope, error=error)
                warnings.warn(text, stacklevel=4)


def _attach_non_full_hooks(module: Module, hooks: list, args: tuple, result) -> None:
    """Deprecated backward hooks: on the node that made the (first) output tensor."""
    var = result
    while not isinstance(var, Tensor):
        if isinstance(var, dict):
            var = next(v for v in var.values() if isinstance(v, Tensor))
        else:
            var = var[0]
    grad_fn = var.grad_fn
    if grad_fn is None:
        return
    for hook in hooks:
        grad_fn.register_hook(_module_hook(hook, module))
    _warn_non_full_hook(args, result, grad_fn)


def _module_hook(hook: Callable, module: Module) -> Callable:
    """A node hook `(grad_inputs, grad_outputs)` calling `hook(module, ...)`; the graph holds
    the module weakly, as PyTorch's `_WrappedHook` does."""
    module_ref = weakref.ref(module)

    def node_hook(grad_inputs, grad_outputs):
        alive = module_ref()
        if alive is None:
            raise RuntimeError(msg.NON_FULL_HOOK_DEAD_MODULE)
        return hook(alive, grad_inputs, grad_outputs)

    return node_hook


def _warn_non_full_hook(inputs, result, grad_fn) -> None:
    """PyTorch's FutureWarnings for where a deprecated backward hook misses gradients."""
    result = (result,) if isinstance(result, Tensor) else result
    inputs = (inputs,) if isinstance(inputs, Tensor) else inputs
    if not (isinstance(result, tuple) and all(isinstance(r, Tensor) for r in result)):
        text = msg.NON_FULL_HOOK_OUTPUT_TYPE
    elif not (isinstance(inputs, tuple) and all(isinstance(i, Tensor) for i in inputs)):
        text = msg.NON_FULL_HOOK_INPUT_TYPE
    else:
        out_grad_fn = {r.grad_fn for r in result if r.grad_fn is not None}
        if not out_grad_fn or (len(out_grad_fn) == 1 and grad_fn not in out_grad_fn):
            text = msg.NON_FULL_HOOK_NESTED_OUTPUTS
        elif len(out_grad_fn) > 1:
            text = msg.NON_FULL_HOOK_OUTPUT_NODES
        elif {i.grad_fn for i in inputs if i.grad_fn is not None} != {
            node for node, _ in grad_fn.next_functions
        }:
            text = msg.NON_FULL_HOOK_FORWARD_NODES
        else:
            return
    warnings.warn(text, FutureWarning, stacklevel=4)
