"""Upsampling ('nearest', 'nearest-exact', 'linear', 'bilinear') and F.interpolate's arguments.

Each spatial dim is resampled on its own, the last dim first, with PyTorch's CPU coordinate
rules: nearest takes input index floor(dst * scale) in float32 ('nearest-exact':
floor((dst + 0.5) * scale)); linear takes src = scale * (dst + 0.5) - 0.5 (clamped at 0), or
scale * dst with align_corners, in the input's compute precision, and blends the two neighbours.
scale is 1 / scale_factor when a scale_factor was given, else in / out. The backward applies
each dim's (out, in) interpolation matrix transposed, so double backward is exact.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, require_floating


class _UpsampleBackward(Node):
    """grad through each resampled dim: grad @ M for the last dim, M.T @ grad for dim -2."""

    __slots__ = ("_mats", "_saved_output_size", "_saved_align_corners")

    def backward(self, grad):
        for axis, mat in self._mats:
            grad = grad @ mat if axis == -1 else mat.mT @ grad
        return grad


_NODES = {
    key: type(name, (_UpsampleBackward,), {"__slots__": (), "__module__": __name__})
    for key, name in {
        ("nearest", 1): "UpsampleNearest1DBackward0",
        ("nearest", 2): "UpsampleNearest2DBackward0",
        ("nearest-exact", 1): "UpsampleNearestExact1DBackward0",
        ("nearest-exact", 2): "UpsampleNearestExact2DBackward0",
        ("linear", 1): "UpsampleLinear1DBackward0",
        ("bilinear", 2): "UpsampleBilinear2DBackward0",
    }.items()
}


def _scale(xp, native, device, size: int, out: int, factor, align_corners: bool):
    """PyTorch's area_pixel_compute_scale, as a 0-d array of the compute dtype."""
    if align_corners:
        if out <= 1:
            return xp.asarray(0.0, dtype=native, device=device)
        return (xp.asarray(size - 1, dtype=native, device=device)
                / xp.asarray(out - 1, dtype=native, device=device))
    if factor is not None and factor > 0:
        return xp.asarray(1.0 / factor, dtype=native, device=device)
    return xp.asarray(size, dtype=native, device=device) / xp.asarray(out, dtype=native,
                                                                      device=device)


def _nearest_index(backend, size: int, out: int, factor, exact: bool):
    """Per output position, the input index it copies (int64, shape (out,))."""
    xp, device = backend.xp, backend.native_device
    int64, f32 = backend.native[dtypes.int64], backend.native[dtypes.float32]
    dst = xp.arange(out, dtype=int64, device=device)
    if not exact and out == size:
        return dst
    if not exact and out == 2 * size:
        return dst // 2
    scale = _scale(xp, f32, device, size, out, factor, False)
    if exact:
        f64 = backend.native[dtypes.float64]
        src = xp.astype((xp.astype(dst, f64) + 0.5) * xp.astype(scale, f64), f32)
    else:
        src = xp.astype(dst, f32) * scale
    return xp.minimum(xp.astype(xp.floor(src), int64), size - 1)


def _linear_taps(backend, dtype, size: int, out: int, factor, align_corners: bool) -> tuple:
    """(i0, i1, w0, w1): each output blends input i0 with weight w0 and i1 with weight w1."""
    xp, device = backend.xp, backend.native_device
    int64 = backend.native[dtypes.int64]
    compute = backend.native[dtypes.float64 if dtype is dtypes.float64 else dtypes.float32]
    if out == size:
        i0 = xp.arange(out, dtype=int64, device=device)
        return i0, i0, xp.ones(out, dtype=compute, device=device), xp.zeros(
            out, dtype=compute, device=device)
    dst = xp.arange(out, dtype=compute, device=device)
    scale = _scale(xp, compute, device, size, out, factor, align_corners)
    if align_corners:
        src = scale * dst
    else:
        src = scale * (dst + 0.5) - 0.5
        src = xp.where(src < 0, xp.zeros_like(src), src)
    i0 = xp.minimum(xp.astype(xp.floor(src), int64), size - 1)
    w1 = xp.clip(src - xp.astype(i0, compute), 0.0, 1.0)
    i1 = i0 + xp.astype(i0 < size - 1, int64)
    return i0, i1, 1.0 - w1, w1


def _matrix(backend, dtype, size: int, taps: tuple):
    """The (out, in) interpolation matrix: row o holds the weights output o gives each input."""
    xp = backend.xp
    native = backend.native[dtype]
    cols = xp.arange(size, dtype=taps[0][0].dtype, device=backend.native_device)
    mat = None
    for index, weight in taps:
        hit = xp.astype(cols == xp.reshape(index, (-1, 1)), native)
        part = hit if weight is None else hit * xp.reshape(xp.astype(weight, native), (-1, 1))
        mat = part if mat is None else mat + part
    return mat


def _resample(x: Tensor, mode: str, sizes: tuple, factors, align_corners: bool) -> Tensor:
    """x resampled to `sizes` over its trailing len(sizes) dims, recorded as PyTorch's node."""
    backend = x._backend
    xp = backend.xp
    native = backend.native[x.dtype]
    data, mats = x._data, []
    spatial = tuple(x._data.shape[2:])
    for axis in range(-1, -len(sizes) - 1, -1):
        size, out, factor = spatial[axis], sizes[axis], factors[axis] if factors else None
        if mode in ("nearest", "nearest-exact"):
            index = _nearest_index(backend, size, out, factor, mode == "nearest-exact")
            data = xp.take(data, index, axis=axis)
            taps = ((index, None),)
        else:
            i0, i1, w0, w1 = _linear_taps(backend, x.dtype, size, out, factor, align_corners)
            shape = (-1,) + (1,) * (-axis - 1)
            data = (xp.take(data, i0, axis=axis) * xp.astype(xp.reshape(w0, shape), native)
                    + xp.take(data, i1, axis=axis) * xp.astype(xp.reshape(w1, shape), native))
            taps = ((i0, w0), (i1, w1))
        mats.append((axis, make_tensor(_matrix(backend, x.dtype, size, taps), backend)))
    node = new_node(_NODES[mode, len(sizes)], x)
    if node is None:
        return make_tensor(data, backend)
    node._mats = mats
    node._saved_output_size = tuple(sizes)
    node._saved_align_corners = align_corners
    return make_tensor(data, backend, True, node, 0)


def _check_sizes(x: Tensor, mode: str, sizes: list) -> None:
    """PyTorch's upsample checks: positive sizes, then a floating dtype."""
    spatial = list(x._data.shape[2:])
    if min(spatial + sizes) <= 0:
        if len(sizes) == 1:
            raise RuntimeError(msg.INTERP_SIZES_1D.format(w=spatial[0], ow=sizes[0]))
        raise RuntimeError(msg.INTERP_SIZES_2D.format(h=spatial[0], w=spatial[1], oh=sizes[0],
                                                      ow=sizes[1]))
    if len(sizes) == 1:
        kind = "linear" if mode == "linear" else "nearest"
        require_floating(x, f"compute_indices_weights_{kind}")
    else:
        kind = "bilinear" if mode == "bilinear" else "nearest"
        require_floating(x, f"upsample_{kind}2d_channels_last")


def _spatial_args(x: Tensor, size, scale_factor) -> tuple:
    """(output sizes or None, scale factors or None) from interpolate's size / scale_factor."""
    dim = x.dim() - 2
    spatial = list(x._data.shape[2:])
    if size is not None and scale_factor is not None:
        raise ValueError(msg.INTERP_BOTH)
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(msg.INTERP_SIZE_DIMS.format(spatial=spatial, size=size))
            if not all(isinstance(s, int) for s in size):
                raise TypeError(msg.INTERP_SIZE_TYPES.format(types=[type(s) for s in size]))
            return list(size), None
        return [size] * dim, None
    if scale_factor is None:
        raise ValueError(msg.INTERP_NEITHER)
    if isinstance(scale_factor, (list, tuple)):
        if len(scale_factor) != dim:
            raise ValueError(msg.INTERP_SCALE_DIMS.format(spatial=spatial, scale=scale_factor))
        return None, [float(s) for s in scale_factor]
    return None, [float(scale_factor)] * dim


_NEEDED_RANK = {"nearest": (3, 4), "nearest-exact": (3, 4), "linear": (3,), "bilinear": (4,)}
_PYTORCH_MODES = ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area",
                  "nearest-exact")


def interpolate(input: Tensor, size=None, scale_factor=None, mode: str = "nearest",
                align_corners: bool | None = None, recompute_scale_factor: bool | None = None,
                antialias: bool = False) -> Tensor:
    """Resize the spatial dims of (N, C, L) or (N, C, H, W) input to `size` or by
    `scale_factor`, with PyTorch's argument checks and coordinate rules."""
    x = check_tensor(input, "interpolate")
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError(msg.INTERP_ALIGN)
    elif align_corners is None:
        align_corners = False
    sizes, factors = _spatial_args(x, size, scale_factor)
    if recompute_scale_factor and size is not None:
        raise ValueError(msg.INTERP_RECOMPUTE)
    if recompute_scale_factor:
        sizes = [math.floor(s * f) for s, f in zip(x._data.shape[2:], factors)]
        factors = None
    if antialias and not (mode in ("bilinear", "bicubic") and x.dim() == 4):
        raise ValueError(msg.INTERP_ANTIALIAS)
    if mode in ("linear", "bilinear") and x.dim() in (3, 4) and x.dim() not in _NEEDED_RANK[mode]:
        needed = _NEEDED_RANK[mode][0]
        raise NotImplementedError(msg.INTERP_MODE_RANK.format(ndim=x.dim(), mode=mode,
                                                              needed=needed))
    if mode not in _PYTORCH_MODES or x.dim() not in (3, 4, 5):
        raise NotImplementedError(msg.INTERP_UNSUPPORTED.format(ndim=x.dim(), mode=mode))
    if mode not in _NEEDED_RANK or x.dim() not in _NEEDED_RANK[mode] or antialias:
        raise NotImplementedError(msg.INTERP_NOT_IMPLEMENTED.format(mode=mode, ndim=x.dim()))
    if sizes is None:
        sizes = [int(s * f) for s, f in zip(x._data.shape[2:], factors)]
    _check_sizes(x, mode, sizes)
    return _resample(x, mode, tuple(sizes), factors, bool(align_corners))


__all__ = ["interpolate"]
