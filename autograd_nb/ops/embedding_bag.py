"""embedding_bag: the sum, mean or max of the embedding rows in each bag of indices.

The bags are runs of a flat `indices`, bag b starting at `offsets[b]`. Sum and mean are one
matrix product: a (bags x indices) matrix, holding each index's weight in its bag's row (1, its
per_sample_weight, or 1/count for mean; 0 for padding_idx), times the picked rows. Max keeps,
per bag and column, which row won; the gradient goes back to that row alone.
"""

from __future__ import annotations

from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import record


class EmbeddingBagBackward0(Node):
    """weight's gradient: each picked row gets its bag's gradient times its share (sum, mean),
    or the bag's gradient where it won the max; per_sample_weights' gradient: grad . row."""

    __slots__ = ("_saved_num_weights", "_saved_mode")
    _saved_names = ("indices", "weight", "bag_matrix", "max_targets")

    def backward(self, grad):
        indices, weight, bag_matrix, max_targets = (self._unpack(i) for i in range(4))
        rows, dim = self._saved_num_weights, grad.shape[1]
        if self._saved_mode == "max":
            targets = max_targets.reshape(-1)  # row * dim + column of each winner, -1: none
            kept = targets >= 0
            flat = grad.new_zeros((rows * dim,)).index_add(0, targets[kept], grad.reshape(-1)[kept])
            return flat.reshape(rows, dim), None
        per_index = bag_matrix.t().matmul(grad)
        grad_weight = grad.new_zeros((rows, dim)).index_add(0, indices, per_index)
        grad_psw = None
        if self.needs_input_grad(1):
            member = (bag_matrix != 0).to(grad.dtype)
            grad_psw = (member.t().matmul(grad) * weight[indices]).sum(1)
        return grad_weight, grad_psw


def embedding_bag(
    weight: Tensor,
    indices: Tensor,
    offsets: Tensor,
    mode: str,
    per_sample_weights: Tensor | None,
    padding_idx: int,
) -> Tensor:
    """(bags, D): each bag's rows of `weight` (bag b is indices[offsets[b]:offsets[b+1]]) summed,
    averaged or maxed per column; indices equal to padding_idx (>= 0) are left out; an empty
    bag gives zeros. Arguments are checked by nn.functional.embedding_bag."""
    backend = weight._backend
    xp = backend.xp
    idx, starts = indices._data, offsets._data
    n = idx.shape[0]
    device = backend.native_device
    position = xp.arange(n, device=device)
    ends = xp.concat([starts[1:], xp.asarray([n], dtype=starts.dtype, device=device)])
    member = (position >= starts[:, None]) & (position < ends[:, None]) & (idx != padding_idx)
    rows = xp.take(weight._data, idx, axis=0)
    dtype = weight._data.dtype
    if mode == "max":
        masked = xp.where(member[:, :, None], rows[None, ...], -xp.inf)
        filled = xp.any(member, axis=1)[:, None]
        column = xp.arange(rows.shape[1], device=device)
        winner = xp.argmax(masked, axis=1)  # (bags, dim): the position in indices
        won_row = xp.reshape(xp.take(idx, xp.reshape(winner, (-1,))), winner.shape)
        targets = xp.where(filled, won_row * rows.shape[1] + column, -1)
        best = xp.take_along_axis(masked, winner[:, None, :], axis=1)[:, 0, :]  # the first tie
        out = xp.where(filled, best, xp.zeros((), dtype=dtype, device=device))
        saved = (indices, None, None, make_tensor(targets, backend))
        return record(
            EmbeddingBagBackward0,
            (weight, None),
            out,
            backend,
            saved,
            num_weights=weight.shape[0],
            mode=mode,
        )
    share = xp.astype(member, dtype)
    if mode == "mean":
        share = share / xp.maximum(xp.sum(share, axis=1, keepdims=True), 1)
    elif per_sample_weights is not None:
        share = share * per_sample_weights._data[None, ...]
    out = share @ rows
    saved = (indices, weight, make_tensor(share, backend), None)
    return record(
        EmbeddingBagBackward0,
        (weight, per_sample_weights),
        out,
        backend,
        saved,
        num_weights=weight.shape[0],
        mode=mode,
    )


__all__ = ["embedding_bag"]
