"""`torch.backends.cudnn`: the flags tutorials set; autograd_nb calls no cuDNN kernels itself
(CuPy picks its own), so they are accepted and change nothing."""

from __future__ import annotations

__all__ = ["allow_tf32", "benchmark", "deterministic", "enabled", "is_available", "version"]

enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available() -> bool:
    """False: autograd_nb does not call cuDNN."""
    return False


def version() -> None:
    """None, as PyTorch answers where cuDNN is not available."""
    return None
