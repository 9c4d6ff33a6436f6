"""Hooks every `nn.Module` runs: `torch.nn.modules.module.register_module_*_hook`.

PyTorch keeps these in module-level dicts that `Module.__call__` (forward and backward hooks) and
`register_buffer` / `register_parameter` / `add_module` (registration hooks) consult before the
module's own hooks; `module.py` does the same with the dicts here and re-exports the functions.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from ... import _messages as msg
from ._hook_handles import RemovableHandle

forward_pre_hooks: OrderedDict = OrderedDict()
forward_hooks: OrderedDict = OrderedDict()
forward_hooks_with_kwargs: OrderedDict = OrderedDict()
forward_hooks_always_called: OrderedDict = OrderedDict()
backward_hooks: OrderedDict = OrderedDict()
# whether `backward_hooks` are full (register_module_full_backward_hook) or the deprecated kind;
# None until one is registered, and then for the process, as in PyTorch
backward_hooks_are_full: bool | None = None
backward_pre_hooks: OrderedDict = OrderedDict()
buffer_registration_hooks: OrderedDict = OrderedDict()
module_registration_hooks: OrderedDict = OrderedDict()
parameter_registration_hooks: OrderedDict = OrderedDict()


def _add(hooks: OrderedDict, hook: Callable, extra: list | None = None):
    handle = RemovableHandle(hooks, extra_dict=extra)
    hooks[handle.id] = hook
    return handle


def registered(hooks: OrderedDict, module, name: str, value):
    """`value` after the registration hooks: each may return a replacement."""
    for hook in tuple(hooks.values()):
        output = hook(module, name, value)
        if output is not None:
            value = output
    return value


def register_module_forward_pre_hook(hook: Callable):
    """A forward pre-hook `hook(module, args)` for every module, run before their own."""
    return _add(forward_pre_hooks, hook)


def register_module_forward_hook(
    hook: Callable, *, with_kwargs: bool = False, always_call: bool = False
):
    """A forward hook `hook(module, args, output)` (with_kwargs: `(module, args, kwargs,
    output)`) for every module, run before their own; always_call: also when forward raises."""
    handle = _add(forward_hooks, hook, [forward_hooks_with_kwargs, forward_hooks_always_called])
    if with_kwargs:
        forward_hooks_with_kwargs[handle.id] = True
    if always_call:
        forward_hooks_always_called[handle.id] = True
    return handle


def _claim_backward_kind(full: bool) -> None:
    """Refuse mixing full and deprecated global backward hooks (PyTorch's check and text)."""
    global backward_hooks_are_full
    if backward_hooks_are_full is (not full):
        where = msg.MODULE_BACKWARD_HOOK_KINDS_GLOBAL
        raise RuntimeError(msg.MODULE_BACKWARD_HOOK_KINDS.format(where=where))
    backward_hooks_are_full = full


def register_module_backward_hook(hook: Callable):
    """Deprecated: a backward hook `hook(module, grad_input, grad_output)` on the node that made
    every module's output (grad_input are that node's input gradients, not the module's)."""
    _claim_backward_kind(full=False)
    return _add(backward_hooks, hook)


def register_module_full_backward_pre_hook(hook: Callable):
    """A backward pre-hook `hook(module, grad_output)` for every module, run before their own."""
    return _add(backward_pre_hooks, hook)


def register_module_full_backward_hook(hook: Callable):
    """A backward hook `hook(module, grad_input, grad_output)` for every module, run first."""
    _claim_backward_kind(full=True)
    return _add(backward_hooks, hook)


def register_module_buffer_registration_hook(hook: Callable):
    """`hook(module, name, buffer)` on every buffer registered; a returned tensor replaces it."""
    return _add(buffer_registration_hooks, hook)


def register_module_module_registration_hook(hook: Callable):
    """`hook(module, name, submodule)` on every submodule registered; a return replaces it."""
    return _add(module_registration_hooks, hook)


def register_module_parameter_registration_hook(hook: Callable):
    """`hook(module, name, param)` on every parameter registered; a return replaces it."""
    return _add(parameter_registration_hooks, hook)
