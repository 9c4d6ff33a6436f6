"""Undo logs: what an all-or-nothing operation is about to change, as it was, to put it back.

A `KeyboardInterrupt` (Ctrl-C) or `MemoryError` can land between any two Python calls. The
operations that change a user's state in several steps (backward's `.grad` updates, an
optimizer step, `clip_grad_norm_`, loading a state dict, moving a model, BatchNorm's running
statistics) note each thing in an `UndoLog` before changing it, and run inside

    log = UndoLog()
    try:
        ...  # note, then change; note, then change; ...
    except BaseException:
        log.undo()
        raise

so that they either complete or leave everything as it was. PyTorch keeps what it did until
the interrupt. What remains possible: a second interrupt landing while `undo()` itself runs;
and, outside these operations, an interrupt at the very entry of a `with` block's `__exit__`
(a Python function, as PyTorch's): `with torch.no_grad():` then stays switched.
"""

from __future__ import annotations

from .grad_mode import STATE, set_modes
from .versions import INFERENCE_VERSION, version_counter

__all__ = ["UndoLog"]

_MISSING = object()


class UndoLog:
    """What changed, as it was, newest last; `undo()` puts it back newest first, then this
    thread's grad modes as they were when the log was made (an interrupt at the entry of a
    `with no_grad():` block's `__exit__` inside the operation would leave them switched)."""

    __slots__ = ("_entries", "_modes")

    def __init__(self) -> None:
        self._entries: list = []
        self._modes = (STATE.enabled, STATE.inference)

    def values(self, tensor) -> None:
        """Before an in-place change: the tensor's array, its values and its version."""
        data = tensor._data
        backend = tensor._backend
        copy = backend.xp.asarray(data, copy=True) if backend.is_writable(data) else None
        vc = None if tensor._vc is INFERENCE_VERSION else version_counter(tensor)
        self._entries.append((_put_values, (tensor, data, copy, vc, vc and vc.value)))

    def grad(self, tensor) -> None:
        """Before a `.grad` is set or added to: the `.grad` object and its values."""
        meta = tensor._meta
        grad = None if meta is None else meta.grad
        copy = None
        if grad is not None and grad._backend.is_writable(grad._data):
            copy = grad._backend.xp.asarray(grad._data, copy=True)
        self._entries.append((_put_grad, (tensor, grad, copy)))

    def attributes(self, obj, *names: str) -> None:
        """Before attributes are set or deleted: their values (or that they were not set)."""
        for name in names:
            try:
                value = object.__getattribute__(obj, name)
            except AttributeError:
                value = _MISSING
            self._entries.append((_put_attribute, (obj, name, value)))

    def saved(self, node) -> None:
        """Before a node's saved tensors are freed: them, and what else it keeps."""
        kept = ()
        for name in node._keeps:
            try:
                kept += ((name, object.__getattribute__(node, name)),)
            except (AttributeError, RuntimeError):  # (a slot this node never set)
                pass
        self._entries.append((_put_saved, (node, node._saved, kept)))

    def saved_only(self, nodes: list) -> None:
        """Before the saved tensors of nodes that keep nothing else are freed: them, in one
        entry (a pass frees those of every node it ran)."""
        self._entries.append((_put_saved_only, ([(node, node._saved) for node in nodes],)))

    def contents(self, container: dict | list) -> None:
        """Before a dict or list is changed: a shallow copy of what it holds."""
        self._entries.append((_put_contents, (container, container.copy())))

    def undo(self) -> None:
        """Put everything back as it was, newest first."""
        entries = self._entries
        while entries:
            put, args = entries.pop()
            put(*args)
        set_modes(*self._modes)


def _put_values(tensor, data, copy, vc, version) -> None:
    tensor._data = data
    if copy is not None:
        data[...] = copy
    if vc is not None:
        vc.value = version


def _put_grad(tensor, grad, copy) -> None:
    tensor._autograd_meta().grad = grad
    if copy is not None:
        grad._data[...] = copy


def _put_attribute(obj, name, value) -> None:
    if value is _MISSING:
        try:
            object.__delattr__(obj, name)
        except AttributeError:
            pass
    else:
        object.__setattr__(obj, name, value)


def _put_saved(node, saved, kept) -> None:
    node._saved = saved
    for name, value in kept:
        object.__setattr__(node, name, value)


def _put_saved_only(saved: list) -> None:
    for node, tensors in saved:
        node._saved = tensors


def _put_contents(container, copy) -> None:
    if isinstance(container, dict):
        container.clear()
        container.update(copy)
    else:
        container[:] = copy
