"""Ops that move or repeat elements into a new tensor: `repeat`, `tile`, `flip`, `roll`, `rot90`.

They copy (none is a view in PyTorch); each backward is written with tensor ops, so gradients
of gradients work.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import check_tensor, normalize_dim, record
from .shape import distinct_dims, int_tuple, ints_argument, spread_or_keyword

# --- repeat / flip --------------------------------------------------------------------------------


class RepeatBackward0(Node):
    __slots__ = ("_saved_repeats", "_saved_self_sym_sizes")

    def backward(self, grad):
        repeats = self._saved_repeats
        shape = self._saved_self_sym_sizes
        padded = (1,) * (len(repeats) - len(shape)) + tuple(shape)
        split = []
        for r, s in zip(repeats, padded):
            split += [r, s]
        summed = grad.reshape(split).sum(tuple(range(0, len(split), 2)))
        return summed.reshape(shape)


@tensor_method("repeat")
def repeat(self, *repeats_given, repeats=None) -> Tensor:
    """Tile the tensor `repeats[i]` times along each dim (a copy)."""
    given = spread_or_keyword("repeat", "repeats", repeats_given, repeats)
    repeats = ints_argument("repeat", "repeats", given)
    shape = tuple(self._data.shape)
    if len(repeats) < len(shape):
        raise RuntimeError(msg.REPEAT_DIMS)
    padded = (1,) * (len(repeats) - len(shape)) + shape
    target = tuple(r * s for r, s in zip(repeats, padded))
    if any(r < 0 for r in repeats):
        raise RuntimeError(msg.NEW_SIZE_NEGATIVE.format(size=min(target), sizes=list(target)))
    xp = self._backend.xp
    data = xp.reshape(self._data, padded)
    tiled = xp.tile(data, repeats) if hasattr(xp, "tile") else _tile(xp, data, repeats)
    return record(
        RepeatBackward0, (self,), tiled, self._backend, repeats=repeats, self_sym_sizes=shape
    )


def _tile(xp, data, repeats):
    """Tiling with array-API basics: broadcast against a leading repeat axis per dim."""
    pairs, target = [], []
    for r, s in zip(repeats, data.shape):
        pairs += [1, s]
        target += [r, s]
    out = xp.broadcast_to(xp.reshape(data, tuple(pairs)), tuple(target))
    return xp.reshape(out, tuple(r * s for r, s in zip(repeats, data.shape)))


class FlipBackward0(Node):
    __slots__ = ("_saved_dims",)

    def backward(self, grad):
        return grad.flip(self._saved_dims)


@tensor_method("flip")
def flip(input, *dims_given, dims=None) -> Tensor:
    """The elements in reverse order along `dims` (a copy, as in PyTorch)."""
    x = check_tensor(input, "flip")
    dims = ints_argument("flip", "dims", spread_or_keyword("flip", "dims", dims_given, dims))
    axes = distinct_dims(dims, x._data.ndim)
    xp = x._backend.xp
    data = (
        xp.asarray(xp.flip(x._data, axis=axes), copy=True)
        if axes and x._data.ndim
        else xp.asarray(x._data, copy=True)
    )
    return record(FlipBackward0, (x,), data, x._backend, dims=dims)


@tensor_method("fliplr")
def fliplr(input) -> Tensor:
    """The columns in reverse order (flip along dim 1)."""
    x = check_tensor(input, "fliplr")
    if x._data.ndim < 2:
        raise RuntimeError(msg.FLIP_LR_DIMS)
    return flip(x, 1)


@tensor_method("flipud")
def flipud(input) -> Tensor:
    """The rows in reverse order (flip along dim 0)."""
    x = check_tensor(input, "flipud")
    if x._data.ndim < 1:
        raise RuntimeError(msg.FLIP_UD_DIMS)
    return flip(x, 0)


# --- roll, tile -----------------------------------------------------------------------------


class RollBackward0(Node):
    __slots__ = ("_saved_shifts", "_saved_dims")

    def backward(self, grad):
        return roll(grad, tuple(-s for s in self._saved_shifts), self._saved_dims)


@tensor_method("roll")
def roll(input, shifts, dims=None) -> Tensor:
    """Shift elements along `dims` cyclically (of the flattened tensor when dims is None)."""
    x = check_tensor(input, "roll")
    shifts = ints_argument("roll", "shifts", (shifts,))
    dims = () if dims is None else ints_argument("roll", "dims", (dims,), 3)
    if dims and len(shifts) != len(dims):
        raise RuntimeError(msg.ROLL_ALIGN.format(shifts=len(shifts), dims=len(dims)))
    xp = x._backend.xp
    if not dims:
        if len(shifts) != 1:
            raise RuntimeError(msg.ROLL_ALIGN.format(shifts=len(shifts), dims=0))
        data = xp.reshape(xp.roll(xp.reshape(x._data, (-1,)), shifts[0]), x._data.shape)
    else:
        if not x._data.ndim:
            raise IndexError(msg.DIM_0D.format(dim=dims[0]))
        axes = tuple(normalize_dim(d, x._data.ndim) for d in dims)
        data = xp.roll(x._data, shifts, axis=axes)
    return record(RollBackward0, (x,), data, x._backend, shifts=shifts, dims=dims)


def tile(input, dims) -> Tensor:
    """repeat() with `dims` (a sequence) padded by leading 1s to the tensor's dims."""
    x = check_tensor(input, "tile")
    if not isinstance(dims, (tuple, list)):
        raise TypeError(
            msg.INTS_NOT_TUPLE.format(
                name="tile", arg="dims", where=" (position 2)", type=type(dims).__name__
            )
        )
    dims = int_tuple("tile", "dims", (dims,), 2)
    return repeat(x, (1,) * (x._data.ndim - len(dims)) + dims)


@tensor_method("tile")
def _tile_method(self, *dims, **named) -> Tensor:
    """Tensor.tile: `x.tile(2, 3)`, `x.tile((2, 3))` or `x.tile(dims=(2, 3))`."""
    if "dims" in named:
        return tile(self, int_tuple("tile", "dims", (named.pop("dims"),), None))
    if not dims:
        raise TypeError(msg.MISSING_ARGUMENT.format(name="tile", arg="dims"))
    return tile(self, int_tuple("tile", "dims", dims, 1))


# --- rot90 ----------------------------------------------------------------------------------------


class Rot90Backward0(Node):
    __slots__ = ("_saved_k", "_saved_dims")

    def backward(self, grad):
        return rot90(grad, -self._saved_k, self._saved_dims)


@tensor_method("rot90")
def rot90(input, k: int = 1, dims=(0, 1)) -> Tensor:
    """Rotate by k * 90 degrees in the plane of `dims`, from the first dim towards the second."""
    x = check_tensor(input, "rot90")
    dims = tuple(dims)
    ndim = x._data.ndim
    if len(dims) != 2:
        raise RuntimeError(msg.ROT90_DIMS.format(n=len(dims)))
    if ndim < 2:
        raise RuntimeError(msg.ROT90_NDIM.format(ndim=ndim))
    if dims[0] == dims[1] or abs(dims[0] - dims[1]) == ndim:
        raise RuntimeError(msg.ROT90_SAME.format(a=dims[0], b=dims[1]))
    d0, d1 = normalize_dim(dims[0], ndim), normalize_dim(dims[1], ndim)
    xp = x._backend.xp
    turns = k % 4
    flipped = {0: (), 1: (d1,), 2: (d0, d1), 3: (d0,)}[turns]
    data = xp.asarray(xp.flip(x._data, axis=flipped) if flipped else x._data, copy=True)
    if turns % 2:  # a quarter turn: the flipped copy seen transposed, as PyTorch returns it
        order = list(range(ndim))
        order[d0], order[d1] = d1, d0
        data = xp.permute_dims(data, tuple(order))
    return record(Rot90Backward0, (x,), data, x._backend, k=k, dims=dims)


__all__ = ["flip", "fliplr", "flipud", "roll", "rot90", "tile"]
