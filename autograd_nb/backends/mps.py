"""`torch.backends.mps`: Apple's Metal backend, which autograd_nb does not have."""

from __future__ import annotations

__all__ = ["is_available", "is_built"]


def is_available() -> bool:
    """False: autograd_nb has no MPS device (tutorials then pick 'cuda' or 'cpu')."""
    return False


def is_built() -> bool:
    """False: autograd_nb is not built with MPS support."""
    return False
