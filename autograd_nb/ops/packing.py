"""`_pack_padded_sequence`: the valid time steps of a padded batch, time-major, in one tensor."""

from __future__ import annotations

from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import record


class PackPaddedSequenceBackward0(Node):
    """Each packed row's gradient goes back to its (time, batch) place; padding gets zeros."""

    __slots__ = ("_positions", "_shape")
    formula = "∂packed/∂input = 1 at each packed row's (time, batch) place, 0 in the padding"

    def backward(self, grad):
        rows = self._shape[0] * self._shape[1]
        flat = grad.new_zeros((rows,) + tuple(self._shape[2:]))
        return flat.index_add(0, self._positions, grad).reshape(self._shape)


def pack_padded(input: Tensor, lengths: list[int], batch_first: bool) -> tuple[Tensor, list]:
    """(packed data, batch sizes) for sorted positive `lengths`: the rows of step 0 of every
    sequence, then of step 1 of those still running, ... (steps past the input's end dropped)."""
    batch, steps = input.shape[:2] if batch_first else input.shape[1::-1]
    sizes = [sum(n > t for n in lengths) for t in range(lengths[0])]
    positions = [
        b * steps + t if batch_first else t * batch + b
        for t in range(min(steps, lengths[0]))
        for b in range(sizes[t])
    ]
    backend = input._backend
    xp = backend.xp
    index = xp.asarray(positions, dtype=backend.native[dtypes.int64], device=backend.native_device)
    rest = tuple(input.shape[2:])
    data = xp.take(xp.reshape(input._data, (batch * steps,) + rest), index, axis=0)
    data = record(
        PackPaddedSequenceBackward0,
        (input,),
        data,
        backend,
        state={"positions": make_tensor(index, backend), "shape": tuple(input.shape)},
    )
    return data, sizes


__all__: list[str] = []  # no torch.* functions of its own
