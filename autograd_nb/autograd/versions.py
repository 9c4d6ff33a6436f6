"""Version counters: how many in-place changes a tensor's storage has seen.

A node that saves a tensor records its version; backward refuses the tensor if the version
moved since (PyTorch's "modified by an inplace operation" error).
"""

from __future__ import annotations

__all__ = ["INFERENCE_VERSION", "VersionCounter", "version_counter"]

_new = object.__new__


class VersionCounter:
    """How many in-place changes a storage has seen; shared by a tensor, its views and detach()."""

    __slots__ = ("value",)

    def __init__(self, value: int = 0):
        self.value = value


# The counter of every inference tensor (and so of its views and detach()): PyTorch tracks no
# version for them, so its value means nothing; being it is what makes a tensor an inference one.
INFERENCE_VERSION = VersionCounter()


def version_counter(tensor) -> VersionCounter:
    """The tensor's counter, created on first need (most tensors are never modified in place)."""
    vc = tensor._vc
    if vc is None:
        vc = tensor._vc = _new(VersionCounter)  # VersionCounter(0) without a Python call
        vc.value = 0
    return vc
