"""Upsampling ('nearest', 'nearest-exact', 'linear', 'bilinear', 'trilinear', 'bicubic',
'area') and F.interpolate's arguments.

Each spatial dim is resampled on its own, the last dim first, with PyTorch's CPU coordinate
rules: nearest takes input index floor(dst * scale) in float32 ('nearest-exact':
floor((dst + 0.5) * scale)); linear takes src = scale * (dst + 0.5) - 0.5 (clamped at 0), or
scale * dst with align_corners, in the input's compute precision, and blends the two neighbours;
bicubic takes the same src unclamped and blends four neighbours (clamped to the edge) with Keys'
cubic convolution, A = -0.75. scale is 1 / scale_factor when a scale_factor was given, else
in / out. The backward applies each dim's (out, in) interpolation matrix transposed, so double
backward is exact. 'area' is adaptive average pooling, as in PyTorch.
"""

from __future__ import annotations

import math
import operator

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record, require_floating
from .pooling import _along_dims, adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d


class _UpsampleBackward(Node):
    """grad through each resampled dim: M.T applied along that dim (M is (out, in))."""

    __slots__ = ("_mats", "_saved_output_size", "_saved_align_corners")

    def backward(self, grad):
        return _along_dims(grad, [mat.mT for mat in self._mats], operator.matmul, Tensor.reshape)


_NODES = {
    key: type(name, (_UpsampleBackward,), {"__slots__": (), "__module__": __name__})
    for key, name in {
        ("nearest", 1): "UpsampleNearest1DBackward0",
        ("nearest", 2): "UpsampleNearest2DBackward0",
        ("nearest-exact", 1): "UpsampleNearestExact1DBackward0",
        ("nearest-exact", 2): "UpsampleNearestExact2DBackward0",
        ("linear", 1): "UpsampleLinear1DBackward0",
        ("bilinear", 2): "UpsampleBilinear2DBackward0",
        ("nearest", 3): "UpsampleNearest3DBackward0",
        ("nearest-exact", 3): "UpsampleNearestExact3DBackward0",
        ("trilinear", 3): "UpsampleTrilinear3DBackward0",
        ("bicubic", 2): "UpsampleBicubic2DBackward0",
    }.items()
}


def _scale(xp, native, device, size: int, out: int, factor, align_corners: bool):
    """PyTorch's area_pixel_compute_scale, as a 0-d array of the compute dtype."""
    if align_corners:
        if out <= 1:
            return xp.asarray(0.0, dtype=native, device=device)
        return xp.asarray(size - 1, dtype=native, device=device) / xp.asarray(
            out - 1, dtype=native, device=device
        )
    if factor is not None and factor > 0:
        return xp.asarray(1.0 / factor, dtype=native, device=device)
    return xp.asarray(size, dtype=native, device=device) / xp.asarray(
        out, dtype=native, device=device
    )


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


def _source(backend, compute, size: int, out: int, factor, align_corners: bool, clamp: bool):
    """PyTorch's area_pixel_compute_source_index per output position (clamped at 0 if asked)."""
    xp, device = backend.xp, backend.native_device
    dst = xp.arange(out, dtype=compute, device=device)
    scale = _scale(xp, compute, device, size, out, factor, align_corners)
    if align_corners:
        return scale * dst
    src = scale * (dst + 0.5) - 0.5
    return xp.where(src < 0, xp.zeros_like(src), src) if clamp else src


def _compute_dtype(backend, dtype):
    return backend.native[dtypes.float64 if dtype is dtypes.float64 else dtypes.float32]


def _linear_taps(backend, dtype, size: int, out: int, factor, align_corners: bool) -> tuple:
    """((i0, w0), (i1, w1)): each output blends input i0 with weight w0 and i1 with weight w1."""
    xp, device = backend.xp, backend.native_device
    int64 = backend.native[dtypes.int64]
    compute = _compute_dtype(backend, dtype)
    if out == size:
        i0 = xp.arange(out, dtype=int64, device=device)
        return (
            (i0, xp.ones(out, dtype=compute, device=device)),
            (i0, xp.zeros(out, dtype=compute, device=device)),
        )
    src = _source(backend, compute, size, out, factor, align_corners, True)
    i0 = xp.minimum(xp.astype(xp.floor(src), int64), size - 1)
    w1 = xp.clip(src - xp.astype(i0, compute), 0.0, 1.0)
    i1 = i0 + xp.astype(i0 < size - 1, int64)
    return (i0, 1.0 - w1), (i1, w1)


_CUBIC_A = -0.75  # PyTorch's cubic convolution coefficient


def _cubic_taps(backend, dtype, size: int, out: int, factor, align_corners: bool) -> tuple:
    """Four (index, weight) taps per output: inputs floor(src) - 1 .. floor(src) + 2, clamped
    to the edge, weighted by Keys' cubic convolution of their distance to src."""
    xp = backend.xp
    int64 = backend.native[dtypes.int64]
    src = _source(backend, _compute_dtype(backend, dtype), size, out, factor, align_corners, False)
    floor = xp.floor(src)
    t = src - floor
    a = _CUBIC_A
    near = [t, 1.0 - t]  # distances 0..1: ((A + 2) x - (A + 3)) x^2 + 1
    far = [t + 1.0, 2.0 - t]  # distances 1..2: ((A x - 5A) x + 8A) x - 4A
    weights = [
        ((a * far[0] - 5 * a) * far[0] + 8 * a) * far[0] - 4 * a,
        ((a + 2) * near[0] - (a + 3)) * near[0] * near[0] + 1,
        ((a + 2) * near[1] - (a + 3)) * near[1] * near[1] + 1,
        ((a * far[1] - 5 * a) * far[1] + 8 * a) * far[1] - 4 * a,
    ]
    start = xp.astype(floor, int64) - 1
    return tuple((xp.clip(start + k, 0, size - 1), weights[k]) for k in range(4))


def _axis_taps(
    backend, mode: str, dtype, size: int, out: int, factor, align_corners: bool
) -> tuple:
    """The (input index, weight or None) pairs that make each output along one dim."""
    if mode in ("nearest", "nearest-exact"):
        return ((_nearest_index(backend, size, out, factor, mode == "nearest-exact"), None),)
    if mode == "bicubic":
        return _cubic_taps(backend, dtype, size, out, factor, align_corners)
    return _linear_taps(backend, dtype, size, out, factor, align_corners)


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
        taps = _axis_taps(backend, mode, x.dtype, size, out, factor, align_corners)
        shape = (-1,) + (1,) * (-axis - 1)
        resampled = None
        for index, weight in taps:
            part = xp.take(data, index, axis=axis)
            if weight is not None:
                part = part * xp.astype(xp.reshape(weight, shape), native)
            resampled = part if resampled is None else resampled + part
        data = resampled
        mats.insert(0, make_tensor(_matrix(backend, x.dtype, size, taps), backend))
    return record(
        _NODES[mode, len(sizes)],
        (x,),
        data,
        backend,
        state={"mats": mats},
        output_size=tuple(sizes),
        align_corners=align_corners,
    )


def _check_sizes(x: Tensor, mode: str, sizes: list) -> None:
    """PyTorch's upsample checks: positive sizes, then a floating dtype."""
    spatial = list(x._data.shape[2:])
    if min(spatial + sizes) <= 0:
        if len(sizes) == 1:
            raise RuntimeError(msg.INTERP_SIZES_1D.format(w=spatial[0], ow=sizes[0]))
        if len(sizes) == 3:
            raise RuntimeError(msg.INTERP_SIZES_3D.format(*spatial, *sizes))
        raise RuntimeError(
            msg.INTERP_SIZES_2D.format(h=spatial[0], w=spatial[1], oh=sizes[0], ow=sizes[1])
        )
    if len(sizes) == 2 and mode != "bicubic":
        kind = "bilinear" if mode == "bilinear" else "nearest"
        require_floating(x, f"upsample_{kind}2d_channels_last")
    else:
        kind = {"bicubic": "cubic", "linear": "linear", "trilinear": "linear"}.get(mode, "nearest")
        require_floating(x, f"compute_indices_weights_{kind}")


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


_NEEDED_RANK = {
    "nearest": (3, 4, 5),
    "nearest-exact": (3, 4, 5),
    "linear": (3,),
    "bilinear": (4,),
    "trilinear": (5,),
    "bicubic": (4,),
}
_AREA = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}


def interpolate(
    input: Tensor,
    size=None,
    scale_factor=None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:
    """Resize the spatial dims of (N, C, L), (N, C, H, W) or (N, C, D, H, W) input to `size` or by
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
    if sizes is None:
        sizes = [int(s * f) for s, f in zip(x._data.shape[2:], factors)]
    if mode == "area" and x.dim() in _AREA:
        return _AREA[x.dim()](x, sizes)
    if (
        mode in ("linear", "bilinear", "trilinear")
        and x.dim() in (3, 4, 5)
        and x.dim() not in _NEEDED_RANK[mode]
    ):
        needed = _NEEDED_RANK[mode][0]
        raise NotImplementedError(
            msg.INTERP_MODE_RANK.format(ndim=x.dim(), mode=mode, needed=needed)
        )
    if x.dim() not in _NEEDED_RANK.get(mode, ()):
        raise NotImplementedError(msg.INTERP_UNSUPPORTED.format(ndim=x.dim(), mode=mode))
    if antialias:
        raise NotImplementedError(msg.INTERP_NOT_IMPLEMENTED.format(mode=mode, ndim=x.dim()))
    _check_sizes(x, mode, sizes)
    return _resample(x, mode, tuple(sizes), factors, bool(align_corners))


__all__: list[str] = []  # no torch.* functions of its own
