"""Spatial transformers: affine_grid (the sampling grid of an affine map) and grid_sample (the
input read at a grid's points, bilinear, nearest or bicubic, with zeros, border or reflection
padding), in 2-D and 3-D.

Both are written with differentiable tensor ops, following PyTorch's kernels
(aten/src/ATen/native/GridSampler.h): grid coordinates in [-1, 1] are unnormalised to pixel
coordinates, padded, and the input is gathered at the neighbouring pixels and weighted. The
gradient reaches the input through the gather and the grid through the weights; the integer
corners carry none, as in PyTorch. Clipping uses `where`, so a coordinate on the border gets
no gradient, as PyTorch's clip_coordinates_set_grad gives.
"""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .._creation import linspace
from .._tensor import Tensor
from ._helpers import check_tensor
from .comparison import where
from .joining import stack

_MODES = ("bilinear", "nearest", "bicubic")
_PADDINGS = ("zeros", "border", "reflection")
_CUBIC_A = -0.75  # the cubic convolution's coefficient (PyTorch's, OpenCV's)


# --- affine_grid ----------------------------------------------------------------------------------
def _base_coordinates(steps: int, align_corners: bool, like: Tensor) -> Tensor:
    """PyTorch's linspace_from_neg_one: the pixel centres (or corners) of `steps` pixels."""
    if steps <= 1:
        return like.new_zeros(steps)
    points = linspace(-1, 1, steps, dtype=like.dtype, device=like.device)
    return points if align_corners else points * ((steps - 1) / steps)


def affine_grid(theta: Tensor, size, align_corners: bool | None = None) -> Tensor:
    """The (N, H, W, 2) (or (N, D, H, W, 3)) grid that `theta`'s affine maps (N, 2, 3) (or
    (N, 3, 4)) make of the output's normalised pixel coordinates, for grid_sample."""
    theta = check_tensor(theta, "affine_grid", "theta")
    if align_corners is None:
        warnings.warn(msg.GRID_ALIGN_CORNERS_DEFAULT, UserWarning, stacklevel=2)
        align_corners = False
    if not theta.dtype.is_floating_point:
        raise ValueError(msg.AFFINE_GRID_DTYPE.format(dtype=theta.dtype))
    size = tuple(size)
    if len(size) not in (4, 5):
        raise NotImplementedError(msg.AFFINE_GRID_SIZE.format(size=size))
    nd = len(size) - 2
    if theta.dim() != 3 or tuple(theta.shape[-2:]) != (nd, nd + 1):
        raise ValueError(
            msg.AFFINE_GRID_THETA.format(
                nd=nd, rows=nd, cols=nd + 1, size=size, shape=f"torch.Size({list(theta.shape)})"
            )
        )
    spatial = size[2:]
    if align_corners and min(spatial) == 1:
        warnings.warn(msg.AFFINE_GRID_UNIT_SIZE, UserWarning, stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(msg.AFFINE_GRID_EMPTY.format(size=size))
    # each output point as (x, y[, z], 1): x runs along the last dim
    axes = [_base_coordinates(s, align_corners, theta) for s in reversed(spatial)]
    columns = []
    for i, points in enumerate(axes):
        shape = [1] * nd
        shape[nd - 1 - i] = spatial[nd - 1 - i]
        columns.append(points.reshape(shape).expand(*spatial))
    columns.append(theta.new_ones(spatial))
    base = stack(columns, -1).reshape(1, -1, nd + 1)
    if theta.shape[0] != size[0]:
        raise RuntimeError(
            msg.AFFINE_GRID_BATCH.format(
                n=size[0], rows=nd + 1, got=[theta.shape[0], theta.shape[2]]
            )
        )
    grid = base.expand(size[0], -1, -1) @ theta.mT
    return grid.reshape(size[0], *spatial, nd)


# --- grid_sample ----------------------------------------------------------------------------------
def _unnormalize(coord: Tensor, size: int, align_corners: bool) -> Tensor:
    """[-1, 1] to pixel coordinates: -1 and 1 are the corner pixels' centres when align_corners,
    else their outer edges."""
    if align_corners:
        return (coord + 1) / 2 * (size - 1)
    return ((coord + 1) * size - 1) / 2


def _clip(coord: Tensor, size: int) -> Tensor:
    """The coordinate clipped into [0, size - 1] (no gradient where it was clipped)."""
    return where(coord > 0, where(coord < size - 1, coord, size - 1.0), 0.0)


def _reflect(coord: Tensor, twice_low: int, twice_high: int) -> Tensor:
    """The coordinate reflected at low and high until it lies between them."""
    if twice_low == twice_high:
        return coord * 0
    low = twice_low / 2
    span = (twice_high - twice_low) / 2
    distance = (coord - low).abs()
    extra = distance.fmod(span)
    flips = (distance / span).floor().detach()
    return where(flips.fmod(2) == 0, extra + low, span - extra + low)


def _padded(coord: Tensor, size: int, padding_mode: str, align_corners: bool) -> Tensor:
    """PyTorch's compute_coordinates: the coordinate after border or reflection padding."""
    if padding_mode == "border":
        return _clip(coord, size)
    if padding_mode == "reflection":
        if align_corners:
            coord = _reflect(coord, 0, 2 * (size - 1))
        else:
            coord = _reflect(coord, -1, 2 * size - 1)
        return _clip(coord, size)
    return coord


def _read(flat: Tensor, corner: list, spatial: tuple) -> Tensor:
    """The input (N, C, prod(spatial)) at integer points `corner` (one (N, *out) tensor per dim,
    x first), zero where a point falls outside."""
    inside = None
    index = None
    for i, coord in enumerate(corner):
        size = spatial[len(spatial) - 1 - i]
        ok = (coord >= 0) & (coord <= size - 1)
        inside = ok if inside is None else inside & ok
        stride = 1
        for s in spatial[len(spatial) - i :]:
            stride *= s
        term = where(ok, coord, 0.0).long() * stride  # outside (or nan): read 0, then masked
        index = term if index is None else index + term
    n, c = flat.shape[:2]
    out_shape = tuple(index.shape[1:])
    points = math.prod(out_shape)
    gathered = flat.gather(2, index.reshape(n, 1, points).expand(n, c, points))
    inside = inside.reshape(n, 1, points)
    return where(inside, gathered, 0.0).reshape(n, c, *out_shape)


def _cubic_weights(t: Tensor) -> list:
    """The four cubic convolution weights of taps -1, 0, 1, 2 at fraction t."""

    def near(x):  # |x| <= 1
        return ((_CUBIC_A + 2) * x - (_CUBIC_A + 3)) * x * x + 1

    def far(x):  # 1 < |x| < 2
        return ((_CUBIC_A * x - 5 * _CUBIC_A) * x + 8 * _CUBIC_A) * x - 4 * _CUBIC_A

    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def _check_grid_sample(x: Tensor, grid: Tensor, mode: str) -> None:
    """PyTorch's grid_sampler checks, in its order."""
    if x.shape[0] != grid.shape[0]:
        raise RuntimeError(msg.GRID_SAMPLE_BATCH.format(input=list(x.shape), grid=list(grid.shape)))
    if grid.shape[-1] != x.dim() - 2:
        raise RuntimeError(msg.GRID_SAMPLE_LAST_DIM.format(n=x.dim() - 2, grid=list(grid.shape)))
    for i in range(2, x.dim()):
        if x.shape[i] == 0:
            raise RuntimeError(msg.GRID_SAMPLE_EMPTY.format(input=list(x.shape), dim=i))
    if x.dim() not in (4, 5) or x.dim() != grid.dim():
        nd = "4D" if x.dim() == 4 else "5D"
        raise RuntimeError(
            msg.GRID_SAMPLE_RANK.format(nd=nd, input=list(x.shape), grid=list(grid.shape))
        )
    if mode == "bicubic" and x.dim() != 4:
        raise RuntimeError(msg.GRID_SAMPLE_BICUBIC_RANK)
    if grid.dtype is not x.dtype:
        raise RuntimeError(
            msg.GRID_SAMPLE_DTYPE.format(
                expected=x.dtype.legacy_name[:-6], got=grid.dtype.legacy_name[:-6]
            )
        )
    if not x.dtype.is_floating_point:
        kernel = f"grid_sampler_{x.dim() - 2}d_cpu_kernel_impl"
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=kernel, dtype=x.dtype.legacy_name[:-6])
        )


def grid_sample(
    input: Tensor,
    grid: Tensor,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor:
    """The input (N, C, H, W) (or (N, C, D, H, W)) read at the grid's points (N, H', W', 2)
    (or (N, D', H', W', 3)), each an (x, y[, z]) in [-1, 1] spanning the input's extent."""
    if mode not in _MODES:
        raise ValueError(msg.GRID_SAMPLE_MODE.format(mode=mode))
    if padding_mode not in _PADDINGS:
        raise ValueError(msg.GRID_SAMPLE_PADDING.format(padding_mode=padding_mode))
    if align_corners is None:
        warnings.warn(msg.GRID_ALIGN_CORNERS_DEFAULT, UserWarning, stacklevel=2)
        align_corners = False
    x = check_tensor(input, "grid_sampler")
    grid = check_tensor(grid, "grid_sampler", "grid", 2)
    _check_grid_sample(x, grid, mode)
    spatial = tuple(x.shape[2:])
    nd = len(spatial)
    flat = x.reshape(x.shape[0], x.shape[1], math.prod(spatial))
    sizes = spatial[::-1]  # x's size (W) first, as the grid's last dim is ordered
    coords = [_unnormalize(grid[..., i], sizes[i], align_corners) for i in range(nd)]
    if mode == "bicubic":
        corners = [c.floor().detach() for c in coords]
        fractions = [c - corner for c, corner in zip(coords, corners)]
        wx, wy = _cubic_weights(fractions[0]), _cubic_weights(fractions[1])
        out = None
        for j in range(4):  # each row's cubic along x, then the rows' cubic along y
            row = None
            for i in range(4):
                tap = [corners[0] + (i - 1), corners[1] + (j - 1)]
                tap = [_padded(t, sizes[k], padding_mode, align_corners) for k, t in enumerate(tap)]
                term = _read(flat, tap, spatial) * wx[i].unsqueeze(1)
                row = term if row is None else row + term
            term = row * wy[j].unsqueeze(1)
            out = term if out is None else out + term
        return out
    coords = [_padded(c, sizes[i], padding_mode, align_corners) for i, c in enumerate(coords)]
    if mode == "nearest":  # the grid's gradient is round's: zero, as PyTorch's
        nearest = [c.round() for c in coords]
        unit = sum(where(r.isfinite(), r - r.detach(), 0.0) for r in nearest) + 1  # 1, round's
        return _read(flat, [r.detach() for r in nearest], spatial) * unit.unsqueeze(1)
    lows = [c.floor().detach() for c in coords]
    out = None
    for offsets in range(2**nd):  # every corner of the cell around the point
        corner, weight = [], None
        for i in range(nd):
            high = (offsets >> i) & 1
            corner.append(lows[i] + high)
            w = coords[i] - lows[i] if high else lows[i] + 1 - coords[i]
            weight = w if weight is None else weight * w
        term = _read(flat, corner, spatial) * weight.unsqueeze(1)
        out = term if out is None else out + term
    return out
