"""Strided views: `Tensor.unfold` (sliding windows) and `as_strided` (any sizes and strides over
the input's storage). Both are views of their input, made by the backend's `as_strided`; their
gradients add the output's gradient back at the storage positions each element reads."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import check_tensor, normalize_dim, record
from .shape import _zeros


class UnfoldBackward0(Node):
    """Each window's gradient added back at the positions the window covers."""

    __slots__ = ("_saved_dimension", "_saved_size", "_saved_step", "_saved_self_sym_sizes")

    def backward(self, grad):
        from .._creation import arange

        d, size, step = self._saved_dimension, self._saved_size, self._saved_step
        shape = self._saved_self_sym_sizes
        if not shape:  # a 0-d input's one window of one element
            return grad.reshape(())
        windows = grad.shape[d]
        positions = arange(windows, device=grad.device).unsqueeze(1) * step + arange(
            size, device=grad.device
        )
        pieces = grad.movedim(-1, d + 1).flatten(d, d + 1)
        zeros = _zeros(grad._backend, shape, grad._data)
        if step >= size:  # windows apart: each position written once (a -0.0 stays, as PyTorch)
            return zeros.index_copy(d, positions.reshape(-1), pieces)
        return zeros.index_add(d, positions.reshape(-1), pieces)


@tensor_method("unfold")
def unfold(self, dimension: int, size: int, step: int) -> Tensor:
    """A view of every `size`-long window along `dimension`, `step` apart, as a new last dim."""
    t = check_tensor(self, "unfold")
    shape = tuple(t._data.shape) or (1,)
    d = normalize_dim(dimension, t._data.ndim)
    if size > shape[d]:
        raise RuntimeError(msg.UNFOLD_SIZE.format(dim=d, maximum=shape[d], size=size))
    if step <= 0:
        raise RuntimeError(msg.UNFOLD_STEP.format(step=step))
    strides = t._backend.strides(t._data) or (1,)
    windows = (shape[d] - size) // step + 1
    out_shape = shape[:d] + (windows,) + shape[d + 1 :] + (size,)
    out_strides = strides[:d] + (strides[d] * step,) + strides[d + 1 :] + (strides[d],)
    if not t._data.ndim:
        out_shape, out_strides = (size,), (1,)
    data = t._backend.as_strided(t._data, out_shape, out_strides, _storage_offset(t))
    return record(
        UnfoldBackward0,
        (t,),
        data,
        t._backend,
        view_fn=lambda b: b.unfold(dimension, size, step),
        dimension=d,
        size=size,
        step=step,
        self_sym_sizes=tuple(t._data.shape),
    )


def _storage_offset(t: Tensor) -> int:
    from ..storage import storage_offset

    return storage_offset(t)


def _storage_positions(shape: tuple, strides: tuple, offset: int, like: Tensor) -> Tensor:
    """The storage position (int64) of every element of a (shape, strides, offset) view."""
    from .._creation import arange

    positions = arange(1, device=like.device).reshape(()) * 0 + offset
    for size, stride in zip(shape, strides):
        positions = positions.unsqueeze(-1) + arange(size, device=like.device) * stride
    return positions


class AsStridedBackward0(Node):
    """The output's gradient summed into the storage it views, read back as the input."""

    __slots__ = ("_saved_size", "_saved_stride", "_saved_storage_offset", "_input_geometry")

    def backward(self, grad):
        shape, strides, offset, storage = self._input_geometry
        written = _storage_positions(
            self._saved_size, self._saved_stride, self._saved_storage_offset, grad
        )
        memory = _zeros(grad._backend, (storage,), grad._data)
        memory = memory.index_add(0, written.reshape(-1), grad.reshape(-1))
        return memory.take(_storage_positions(shape, strides, offset, grad))


@tensor_method("as_strided")
def as_strided(input, size, stride, storage_offset: int | None = None) -> Tensor:
    """A view of `input`'s storage with the given sizes, strides and storage offset."""
    t = check_tensor(input, "as_strided")
    size, stride = tuple(size), tuple(stride)
    if any(s < 0 for s in stride):
        raise RuntimeError(msg.AS_STRIDED_NEGATIVE.format(strides=list(stride)))
    offset = _storage_offset(t) if storage_offset is None else storage_offset
    itemsize = t.dtype.itemsize
    storage = t._backend.memory_block(t._data)[2] // itemsize
    need = offset + 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(size) else 0
    if need > storage:
        raise RuntimeError(
            msg.AS_STRIDED_BOUNDS.format(
                sizes=list(size),
                strides=list(stride),
                offset=offset,
                itemsize=itemsize,
                need=need * itemsize,
                have=storage * itemsize,
            )
        )
    data = t._backend.as_strided(t._data, size, stride, offset)
    geometry = (tuple(t._data.shape), t._backend.strides(t._data), _storage_offset(t), storage)
    return record(
        AsStridedBackward0,
        (t,),
        data,
        t._backend,
        view_fn=lambda b: b.as_strided(size, stride, offset),
        state={"input_geometry": geometry},
        size=size,
        stride=stride,
        storage_offset=offset,
    )


__all__ = ["as_strided"]
