"""max_unpool2d: the partial inverse of max_pool2d, placing each value back at its index.

Each (N, C) plane of the output is zero except at the flat positions in `indices`, which
max_pool2d(..., return_indices=True) returned; the gradient gathers from those positions.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record
from .indexing import _last_writes


class MaxUnpool2DBackward0(Node):
    """The gradient at each value's index: grad's planes gathered at `indices`."""

    __slots__ = ()
    _saved_names = ("indices",)

    def backward(self, grad):
        indices = self._unpack(0)
        flat = grad.reshape(*grad.shape[:-2], -1)
        return flat.gather(-1, indices.reshape(*indices.shape[:-2], -1)).reshape(indices.shape)


def max_unpool2d(input: Tensor, indices: Tensor, output_size) -> Tensor:
    """(N, C, H, W) or (C, H, W) values scattered into zero planes of output_size (oh, ow)."""
    x = check_tensor(input, "max_unpool2d")
    if indices.dtype != dtypes.int64:
        raise RuntimeError(msg.UNPOOL_INDICES_DTYPE.format(dtype=indices.dtype.legacy_name[:-6]))
    if x.dim() not in (3, 4):
        raise RuntimeError(msg.UNPOOL_INPUT_DIMS.format(ndim=x.dim()))
    if tuple(indices.shape) != tuple(x.shape):
        raise RuntimeError(
            msg.UNPOOL_INDICES_SHAPE.format(input=list(x.shape), indices=list(indices.shape))
        )
    oh, ow = (int(s) for s in output_size)
    backend = x._backend
    xp = backend.xp
    planes = tuple(x.shape[:-2])
    idx = xp.reshape(indices._data, (-1, x.shape[-2] * x.shape[-1]))  # one row per plane
    bad = xp.reshape((idx < 0) | (idx >= oh * ow), (-1,))
    if bool(xp.any(bad)):
        first = int(xp.reshape(idx, (-1,))[int(xp.argmax(bad))])
        raise RuntimeError(msg.UNPOOL_INDEX.format(index=first, h=oh, w=ow))
    device = backend.native_device
    rows = xp.arange(idx.shape[0], dtype=idx.dtype, device=device)[:, None]
    flat = xp.reshape(rows * (oh * ow) + idx, (-1,))
    values = xp.reshape(x._data, (-1,))
    last = _last_writes(xp, flat)  # a position named twice keeps the last value (PyTorch's loop)
    out = xp.zeros((idx.shape[0] * oh * ow,), dtype=x._data.dtype, device=device)
    backend.scatter_set(out, (flat[last],), values[last])
    out = xp.reshape(out, planes + (oh, ow))
    return record(MaxUnpool2DBackward0, (x,), out, backend, (indices,))


__all__ = ["max_unpool2d"]
