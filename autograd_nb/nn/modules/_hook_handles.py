"""What every `nn.Module` hook registration returns: a handle whose `remove()` unregisters it.

PyTorch keeps each kind of hook in an OrderedDict keyed by the handle's id (`torch.utils.hooks.
RemovableHandle`); some kinds keep flags (with_kwargs, always_call) in more dicts under the same
id, which the handle clears too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

__all__ = ["RemovableHandle", "registered"]


class RemovableHandle:
    """What `register_*_hook` returns: `handle.remove()` unregisters the hook (also `with`)."""

    next_id = 0

    def __init__(self, hooks_dict: dict, *, extra_dict: dict | list | None = None):
        self.hooks_dict = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        extra = [] if extra_dict is None else extra_dict
        self.extra_dicts = list(extra) if isinstance(extra, list) else [extra]

    def remove(self) -> None:
        """Unregister the hook (removing twice is harmless)."""
        for d in (self.hooks_dict, *self.extra_dicts):
            d.pop(self.id, None)

    def __enter__(self) -> RemovableHandle:
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


def registered(hooks: OrderedDict, hook: Callable, prepend: bool) -> RemovableHandle:
    """Add `hook` to a module's hook dict (first if `prepend`); its handle removes it."""
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    return handle
