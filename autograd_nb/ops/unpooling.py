"""max_unpool2d / 3d: the partial inverses of max_pool2d / 3d, placing each value back at its index.

Each (N, C) plane of the output is zero except at the flat positions in `indices`, which
max_pool2d(..., return_indices=True) returned; the gradient gathers from those positions.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record
from .indexing import _last_writes


class MaxUnpool2DBackward0(Node):
    """The gradient at each value's index: grad's planes gathered at `indices`."""

    formula = "out[indexᵢ] = xᵢ: grad_xᵢ = grad[indexᵢ]"
    __slots__ = ()
    _saved_names = ("indices",)
    _spatial_dims = 2

    def backward(self, grad):
        indices = self._unpack(0)
        nd = self._spatial_dims
        flat = grad.reshape(*grad.shape[:-nd], -1)
        return flat.gather(-1, indices.reshape(*indices.shape[:-nd], -1)).reshape(indices.shape)


class MaxUnpool3DBackward0(MaxUnpool2DBackward0):
    __slots__ = ()
    _spatial_dims = 3


def _max_unpool(x: Tensor, indices: Tensor, output_size: tuple, nd: int) -> Tensor:
    """Values scattered into zero volumes of output_size (nd spatial dims) at flat `indices`."""
    if indices.dtype != dtypes.int64:
        dtype = indices.dtype.legacy_name[:-6]
        raise RuntimeError(msg.UNPOOL_INDICES_DTYPE[nd].format(dtype=dtype))
    if x.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(
            msg.UNPOOL_INPUT_DIMS.format(nd=nd, low=nd + 1, high=nd + 2, ndim=x.dim())
        )
    if tuple(indices.shape) != tuple(x.shape):
        raise RuntimeError(
            msg.UNPOOL_INDICES_SHAPE.format(input=list(x.shape), indices=list(indices.shape))
        )
    sizes = tuple(int(s) for s in output_size)
    volume = math.prod(sizes)
    backend = x._backend
    xp = backend.xp
    planes = tuple(x.shape[:-nd])
    idx = xp.reshape(indices._data, (-1, math.prod(x.shape[-nd:])))  # one row per plane
    bad = xp.reshape((idx < 0) | (idx >= volume), (-1,))
    if bool(xp.any(bad)):  # PyTorch's loop reports the last invalid index it met
        last_bad = bad.shape[0] - 1 - int(xp.argmax(xp.flip(bad)))
        index = int(xp.reshape(idx, (-1,))[last_bad])
        raise RuntimeError(msg.UNPOOL_INDEX.format(index=index, size="x".join(map(str, sizes))))
    device = backend.native_device
    rows = xp.arange(idx.shape[0], dtype=idx.dtype, device=device)[:, None]
    flat = xp.reshape(rows * volume + idx, (-1,))
    values = xp.reshape(x._data, (-1,))
    last = _last_writes(xp, flat)  # a position named twice keeps the last value (PyTorch's loop)
    out = xp.zeros((idx.shape[0] * volume,), dtype=x._data.dtype, device=device)
    backend.scatter_set(out, (flat[last],), values[last])
    out = xp.reshape(out, planes + sizes)
    node = MaxUnpool2DBackward0 if nd == 2 else MaxUnpool3DBackward0
    return record(node, (x,), out, backend, (indices,))


def max_unpool2d(input: Tensor, indices: Tensor, output_size) -> Tensor:
    """(N, C, H, W) or (C, H, W) values scattered into zero planes of output_size (oh, ow)."""
    return _max_unpool(check_tensor(input, "max_unpool2d"), indices, output_size, 2)


def max_unpool3d(input: Tensor, indices: Tensor, output_size) -> Tensor:
    """(N, C, D, H, W) or (C, D, H, W) values scattered into zero volumes of output_size."""
    return _max_unpool(check_tensor(input, "max_unpool3d"), indices, output_size, 3)


__all__ = ["max_unpool2d", "max_unpool3d"]
