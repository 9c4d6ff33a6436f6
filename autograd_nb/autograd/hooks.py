"""The handle that `register_hook` returns: `handle.remove()` unregisters the hook."""

from __future__ import annotations

__all__ = ["RemovableHandle"]


class RemovableHandle:
    """Returned by register_hook; `remove()` unregisters the hook."""

    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks: list, hook):
        self._hooks, self._hook = hooks, hook
        hooks.append(hook)

    def remove(self) -> None:
        """Unregister the hook (again: nothing happens); the handle then holds nothing."""
        hooks, hook = self._hooks, self._hook
        self._hooks = self._hook = None  # a removed hook's closure is not kept alive by us
        if hooks is not None:
            for i, registered in enumerate(hooks):
                if registered is hook:
                    del hooks[i]
                    break
