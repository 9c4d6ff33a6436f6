"""`torch.backends.cuda`: whether CUDA support is built in, and the TF32 matmul flag."""

from __future__ import annotations

import importlib.util
from types import SimpleNamespace

__all__ = ["is_built", "matmul"]

# `torch.backends.cuda.matmul.allow_tf32 = True` is accepted; CuPy's matmul ignores it
matmul = SimpleNamespace(allow_tf32=False, allow_fp16_reduced_precision_reduction=True)


def is_built() -> bool:
    """True when CuPy is installed (autograd_nb's CUDA support); it may still find no GPU."""
    return importlib.util.find_spec("cupy") is not None
