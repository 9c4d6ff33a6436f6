"""constant_pad_nd (F.pad's constant mode): pad (or crop, for negative pads) the last dims."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor


class ConstantPadNdBackward0(Node):
    """The gradient of the padded region is dropped: pad the gradient by the negated pads."""

    __slots__ = ("_saved_pad",)

    def backward(self, grad):
        return constant_pad_nd(grad, [-p for p in self._saved_pad])


def _pairs(pad, ndim: int) -> list:
    """[(before, after)] per dim from PyTorch's last-dim-first pad list."""
    pad = [int(p) for p in pad]
    if len(pad) % 2:
        raise RuntimeError(msg.PAD_ODD)
    if len(pad) // 2 > ndim:
        raise RuntimeError(msg.PAD_TOO_LONG.format(length=len(pad), dim=ndim))
    pairs = [(0, 0)] * ndim
    for i in range(len(pad) // 2):
        pairs[ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    return pairs


def constant_pad_nd(input: Tensor, pad, value: float = 0) -> Tensor:
    """`input` with pad[2i], pad[2i+1] elements of `value` before/after dim -1-i."""
    x = check_tensor(input, "constant_pad_nd")
    pairs = _pairs(pad, x.dim())
    backend = x._backend
    xp = backend.xp
    shape, inner, outer = [], [], []
    for size, (before, after) in zip(x._data.shape, pairs):
        new = size + before + after
        if new < 0 or size + min(before, 0) + min(after, 0) < 0:
            raise RuntimeError(msg.PAD_NEGATIVE_SIZE)
        shape.append(new)
        inner.append(slice(max(-before, 0), size - max(-after, 0)))  # what of x is kept
        outer.append(slice(max(before, 0), max(before, 0) + max(size - max(-before, 0)
                                                                 - max(-after, 0), 0)))
    fill = value if x.dtype.is_floating_point else int(value)
    data = xp.full(tuple(shape), fill, dtype=x._data.dtype, device=backend.native_device)
    data[tuple(outer)] = x._data[tuple(inner)]
    node = new_node(ConstantPadNdBackward0, x)
    if node is None:
        return make_tensor(data, backend)
    node._saved_pad = tuple(int(p) for p in pad)
    return make_tensor(data, backend, True, node, 0)


__all__ = ["constant_pad_nd"]
