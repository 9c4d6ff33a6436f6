"""embedding (a row lookup whose backward adds gradients into the looked-up rows) and one_hot."""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor


class EmbeddingBackward0(Node):
    """Rows of the gradient added (scatter_add) into a zero (num_weights, dim) gradient."""

    __slots__ = (
        "_saved_padding_idx",
        "_saved_scale_grad_by_freq",
        "_saved_sparse",
        "_saved_weight_sym_argsize_0",
    )
    _saved_names = ("indices",)

    def backward(self, grad):
        indices = self._unpack(0)
        rows = self._saved_weight_sym_argsize_0
        dim = grad.shape[-1]
        flat_idx = indices.reshape(-1)
        flat_grad = grad.reshape(-1, dim)
        keep = None
        if self._saved_padding_idx is not None and self._saved_padding_idx >= 0:
            keep = flat_idx != self._saved_padding_idx
        if self._saved_scale_grad_by_freq:
            counts = flat_idx.new_zeros(rows).scatter_add(
                0, flat_idx, flat_idx.new_ones(flat_idx.shape[0])
            )
            flat_grad = flat_grad / counts[flat_idx].unsqueeze(1)
        if keep is not None:
            flat_grad = flat_grad * keep.unsqueeze(1)
        target = grad.new_zeros(rows, dim)
        return target.scatter_add(0, flat_idx.unsqueeze(1).expand(-1, dim), flat_grad), None


def _check_indices(indices: Tensor, rows: int) -> None:
    if indices.dtype not in (dtypes.int64, dtypes.int32):
        from .._legacy import type_name

        raise RuntimeError(msg.EMBEDDING_DTYPE.format(type=type_name(indices)))
    xp = indices._backend.xp
    if indices.numel() and bool(xp.any((indices._data < 0) | (indices._data >= rows))):
        raise IndexError(msg.EMBEDDING_INDEX)


def embedding(
    weight: Tensor,
    indices: Tensor,
    padding_idx: int = -1,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """weight[indices]: one row of `weight` per index (torch.embedding's argument order)."""
    w = check_tensor(weight, "embedding", "weight")
    idx = check_tensor(indices, "embedding", "indices", 2)
    rows = w._data.shape[0]
    _check_indices(idx, rows)
    xp = w._backend.xp
    flat = xp.reshape(xp.astype(idx._data, xp.int64), (-1,))
    data = xp.reshape(xp.take(w._data, flat, axis=0), tuple(idx._data.shape) + (w._data.shape[1],))
    node = new_node(EmbeddingBackward0, w)
    if node is None:
        return make_tensor(data, w._backend)
    if sparse:
        warnings.warn(msg.EMBEDDING_SPARSE_DENSE, UserWarning, stacklevel=3)
    node.save(idx)
    node._saved_padding_idx = padding_idx
    node._saved_scale_grad_by_freq, node._saved_sparse = scale_grad_by_freq, sparse
    node._saved_weight_sym_argsize_0 = rows
    node._in_meta = (None, None)
    return make_tensor(data, w._backend, True, node, 0)


def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """int64 (..., num_classes) with a 1 at each value's position (never requires grad)."""
    t = check_tensor(tensor, "one_hot", "self")
    if t.dtype is not dtypes.int64:
        raise RuntimeError(msg.ONE_HOT_DTYPE)
    backend = t._backend
    xp = backend.xp
    if t.numel():
        if bool(xp.any(t._data < 0)):
            raise RuntimeError(msg.ONE_HOT_NEGATIVE)
        top = int(backend.to_host(xp.max(t._data)))
        if num_classes == -1:
            num_classes = top + 1
        elif top >= num_classes:
            raise RuntimeError(msg.ONE_HOT_TOO_BIG)
    elif num_classes == -1:
        raise RuntimeError(msg.ONE_HOT_EMPTY)
    classes = xp.arange(num_classes, dtype=xp.int64, device=backend.native_device)
    data = xp.astype(xp.expand_dims(t._data, axis=-1) == classes, xp.int64)
    return make_tensor(data, backend)


__all__ = ["embedding"]
