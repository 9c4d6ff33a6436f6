"""`torch.fft`: the sample frequencies and shifts, which are real; the transforms return complex
tensors, which autograd_nb does not have, so each raises one clear TypeError naming what is
supported (README, "deliberately differs")."""

from __future__ import annotations

from ._creation import arange
from ._tensor import Tensor
from .dtypes import get_default_dtype
from .ops.complex_parts import refuse_complex_result
from .ops.rearrangement import roll

_TRANSFORMS = (
    "fft ifft fft2 ifft2 fftn ifftn rfft irfft rfft2 irfft2 rfftn irfftn "
    "hfft ihfft hfft2 ihfft2 hfftn ihfftn"
).split()

__all__ = ["fftfreq", "fftshift", "ifftshift", "rfftfreq", *_TRANSFORMS]

for _name in _TRANSFORMS:
    globals()[_name] = refuse_complex_result("fft." + _name)


def fftfreq(
    n: int, d: float = 1.0, *, dtype=None, device=None, requires_grad: bool = False
) -> Tensor:
    """The frequencies of an n-point FFT's bins for samples d apart: 0, 1, ..., then the
    negative ones, over n * d."""
    k = arange(n, dtype=dtype or get_default_dtype(), device=device)
    k[(n + 1) // 2 :] = arange(-(n // 2), 0)
    return (k * (1.0 / (n * d)) if n else k).requires_grad_(requires_grad)


def rfftfreq(
    n: int, d: float = 1.0, *, dtype=None, device=None, requires_grad: bool = False
) -> Tensor:
    """The frequencies of an n-point real FFT's bins: 0, 1, ..., n // 2, over n * d."""
    k = arange(n // 2 + 1, dtype=dtype or get_default_dtype(), device=device)
    return (k * (1.0 / (n * d))).requires_grad_(requires_grad)


def _dims(input: Tensor, dim) -> tuple:
    if dim is None:
        return tuple(range(input.dim()))
    return (dim,) if isinstance(dim, int) else tuple(dim)


def fftshift(input: Tensor, dim=None) -> Tensor:
    """The zero frequency moved to the centre: a roll by half of each dim."""
    dims = _dims(input, dim)
    return roll(input, [input.shape[d] // 2 for d in dims], dims)


def ifftshift(input: Tensor, dim=None) -> Tensor:
    """fftshift undone: a roll back by half of each dim."""
    dims = _dims(input, dim)
    return roll(input, [-(input.shape[d] // 2) for d in dims], dims)
