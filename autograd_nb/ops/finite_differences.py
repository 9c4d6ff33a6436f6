"""torch.gradient: a function's derivatives estimated from its samples by finite differences.

PyTorch's formulas (ReduceOps.cpp: gradient_helper): second-order central differences inside,
one-sided first- or second-order differences at the two ends (edge_order), on a uniform grid
(a number per dim) or at given coordinates (a 1-D tensor per dim). Written with differentiable
tensor ops, so the result carries a gradient.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._size import normalize_dim
from .._tensor import Tensor
from ._helpers import check_tensor
from .joining import cat


def _part(t: Tensor, dim: int, start: int, stop: int | None = None) -> Tensor:
    """t's slice [start:stop] along dim (Python's meaning of negative ends)."""
    index = [slice(None)] * t.dim()
    index[dim] = slice(start, stop)
    return t[tuple(index)]


def _uniform(x: Tensor, dim: int, h, edge_order: int) -> Tensor:
    """The derivative along dim for samples h apart."""
    center = (_part(x, dim, 2) - _part(x, dim, 0, -2)) / h
    if edge_order == 1:
        first = (_part(x, dim, 1, 2) - _part(x, dim, 0, 1)) / h
        last = (_part(x, dim, -1) - _part(x, dim, -2, -1)) / h
    else:
        first = (
            -1.5 * _part(x, dim, 0, 1) + 2 * _part(x, dim, 1, 2) - 0.5 * _part(x, dim, 2, 3)
        ) / h
        last = (
            0.5 * _part(x, dim, -3, -2) - 2 * _part(x, dim, -2, -1) + 1.5 * _part(x, dim, -1)
        ) / h
    return cat([first, center / 2, last], dim)


def _at_coordinates(x: Tensor, dim: int, coordinates: Tensor, edge_order: int) -> Tensor:
    """The derivative along dim for samples at the given coordinates (non-uniform spacing)."""
    if coordinates.dim() != 1:
        raise RuntimeError(msg.GRADIENT_SPACING_DIMS.format(dim=coordinates.dim()))
    shape = [1] * x.dim()
    shape[dim] = -1
    dx = coordinates.diff()
    dx1, dx2 = dx[:-1], dx[1:]
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    center = a * _part(x, dim, 0, -2) + b * _part(x, dim, 1, -1) + c * _part(x, dim, 2)
    if edge_order == 1:
        first = (_part(x, dim, 1, 2) - _part(x, dim, 0, 1)) / dx[0]
        last = (_part(x, dim, -1) - _part(x, dim, -2, -1)) / dx[-1]
    else:
        d0, d1 = dx[0], dx[1]
        first = (
            -(2.0 * d0 + d1) / (d0 * (d0 + d1)) * _part(x, dim, 0, 1)
            + (d0 + d1) / (d0 * d1) * _part(x, dim, 1, 2)
            + (-d0) / (d1 * (d0 + d1)) * _part(x, dim, 2, 3)
        )
        e1, e2 = dx[-1], dx[-2]
        last = (
            e1 / (e2 * (e1 + e2)) * _part(x, dim, -3, -2)
            - (e1 + e2) / (e1 * e2) * _part(x, dim, -2, -1)
            + (2 * e1 + e2) / (e1 * (e1 + e2)) * _part(x, dim, -1)
        )
    return cat([first, center, last], dim)


def gradient(input: Tensor, *, spacing=1, dim=None, edge_order: int = 1) -> tuple:
    """The derivatives of the function sampled by `input`, one tensor per dim in `dim` (every
    dim by default): `spacing` is the samples' distance (a number, or one per dim) or their
    coordinates (a list of 1-D tensors, one per dim)."""
    x = check_tensor(input, "gradient")
    if spacing is None:  # PyTorch's default, also when given as None
        spacing = 1
    dims = list(range(x.dim())) if dim is None else [dim] if isinstance(dim, int) else list(dim)
    if isinstance(spacing, (list, tuple)):
        spacings = list(spacing)
        if dim is None and len(spacings) != x.dim():
            raise RuntimeError(msg.GRADIENT_SPACING_LENGTH.format(ndim=x.dim(), got=len(spacings)))
        if dim is not None and len(spacings) != len(dims):
            raise RuntimeError(
                msg.GRADIENT_SPACING_DIM_LENGTH.format(got=len(spacings), dims=len(dims))
            )
    else:
        spacings = [spacing] * len(dims)
    if x.dtype is dtypes.uint8:
        raise RuntimeError(msg.GRADIENT_UINT8)
    if edge_order not in (1, 2):
        raise RuntimeError(msg.GRADIENT_EDGE_ORDER)
    dims = [normalize_dim(d, x.dim()) for d in dims]
    if any(x.shape[d] < edge_order + 1 for d in dims):
        raise RuntimeError(msg.GRADIENT_SIZE)
    return tuple(
        _at_coordinates(x, d, h, edge_order)
        if isinstance(h, Tensor)
        else _uniform(x, d, h, edge_order)
        for d, h in zip(dims, spacings)
    )


__all__ = ["gradient"]
