"""F.pad: constant_pad_nd (pad, or crop for negative pads, the last dims) and the reflect,
replicate and circular modes over the last 1-3 dims, recorded as PyTorch records them."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record
from .shape import ints_argument


class ConstantPadNdBackward0(Node):
    """The gradient of the padded region is dropped: pad the gradient by the negated pads."""

    __slots__ = ("_saved_pad",)

    def backward(self, grad):
        return constant_pad_nd(grad, [-p for p in self._saved_pad])


def _check_length(pad: list, ndim: int) -> None:
    """PyTorch's checks of the pad list's length against the input's rank."""
    if len(pad) % 2:
        raise RuntimeError(msg.PAD_ODD)
    if len(pad) // 2 > ndim:
        raise RuntimeError(msg.PAD_TOO_LONG.format(length=len(pad), dim=ndim))


def _pairs(pad, ndim: int) -> list:
    """[(before, after)] per dim from PyTorch's last-dim-first pad list."""
    pad = [int(p) for p in pad]
    _check_length(pad, ndim)
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
        outer.append(
            slice(max(before, 0), max(before, 0) + max(size - max(-before, 0) - max(-after, 0), 0))
        )
    fill = value if x.dtype.is_floating_point else int(value)
    data = xp.full(tuple(shape), fill, dtype=x._data.dtype, device=backend.native_device)
    data[tuple(outer)] = x._data[tuple(inner)]
    return record(ConstantPadNdBackward0, (x,), data, backend, pad=tuple(int(p) for p in pad))


_MODES = ("constant", "reflect", "replicate", "circular")


class _IndexPadBackward(Node):
    """Reflection/replication padding: every output element is an input element, so the
    gradient of each input element sums (index_add) the gradients of its copies."""

    __slots__ = ("_saved_padding", "_picks")
    _saved_names = ("self",)

    def backward(self, grad):
        for dim, index, size in reversed(self._picks):
            shape = list(grad.shape)
            shape[dim] = size
            grad = grad.new_zeros(shape).index_add(dim, index, grad)
        return grad


def _pad_node(kind: str, dims: int) -> type:
    """The node class PyTorch names for `kind` padding of `dims` dims, e.g.
    ReflectionPad2DBackward0."""
    name = f"{kind}Pad{dims}DBackward0"
    return type(name, (_IndexPadBackward,), {"__slots__": (), "__doc__": _IndexPadBackward.__doc__})


_NODES = {
    (kind, dims): _pad_node(kind, dims)
    for kind in ("Reflection", "Replication")
    for dims in (1, 2, 3)
}


def _source_index(size: int, before: int, after: int, reflect: bool) -> list:
    """For each output position along a padded dim, the input position it copies."""
    last = size - 1
    if reflect:
        return [
            -i if i < 0 else 2 * last - i if i > last else i for i in range(-before, size + after)
        ]
    return [min(max(i, 0), last) for i in range(-before, size + after)]


def _check_mode(x: Tensor, pad: list, mode: str) -> int:
    """PyTorch's checks of a non-constant mode's pad list and input; the number of padded dims."""
    dims, ndim = len(pad) // 2, x.dim()
    if dims not in (1, 2, 3) or ndim not in (dims + 1, dims + 2):
        raise NotImplementedError(msg.PAD_MODE_DIMS.format(size=len(pad), ndim=ndim))
    shape = tuple(x.shape)
    if mode == "circular":
        for i in range(dims):
            if max(pad[2 * i], pad[2 * i + 1]) > shape[ndim - 1 - i]:
                raise RuntimeError(msg.PAD_CIRCULAR_WRAP)
        return dims
    if 0 in shape[ndim - dims - 1 :]:
        raise RuntimeError(msg.PAD_EMPTY.format(low=dims + 1, high=dims + 2, shape=list(shape)))
    if mode == "reflect":
        for i in range(dims):
            before, after, dim = pad[2 * i], pad[2 * i + 1], ndim - 1 - i
            if before >= shape[dim] or after >= shape[dim]:
                raise RuntimeError(
                    msg.PAD_REFLECT_SIZE.format(
                        arg=4 + 2 * i, before=before, after=after, dim=dim, shape=list(shape)
                    )
                )
    if dims == 1 and shape[-1] + pad[0] + pad[1] < 1:
        raise RuntimeError(msg.PAD_TOO_SMALL.format(size=shape[-1], out=shape[-1] + sum(pad)))
    return dims


def _index_pad(x: Tensor, pad: list, mode: str, dims: int) -> Tensor:
    """Reflection or replication padding by gathering input positions along each padded dim."""
    backend = x._backend
    data, picks = x._data, []
    for i in range(dims):
        dim = x.dim() - 1 - i
        size = data.shape[dim]
        index = backend.asarray(
            _source_index(size, pad[2 * i], pad[2 * i + 1], mode == "reflect"), dtypes.int64
        )
        data = backend.xp.take(data, index, axis=dim)
        picks.append((dim, make_tensor(index, backend), x.shape[dim]))
    return record(
        _NODES["Reflection" if mode == "reflect" else "Replication", dims],
        (x,),
        data,
        backend,
        (x,),
        state={"picks": picks},
        padding=tuple(pad),
    )


def _span(t: Tensor, dim: int, start: int, end: int) -> Tensor:
    """t[start:end] along dim with the bounds clamped (PyTorch's Tensor.slice), as a view."""
    size = t.shape[dim]
    start, end = min(max(start, 0), size), min(max(end, 0), size)
    return t.narrow(dim, start, max(end - start, 0))


def _circular_pad(x: Tensor, pad: list, dims: int) -> Tensor:
    """PyTorch's _pad_circular: the input copied into a new tensor, then each padded dim's
    borders copied from its far side (so the grad_fn is CopySlices, as in PyTorch)."""
    ndim = x.dim()
    spans = [(ndim - 1 - i, pad[2 * i], pad[2 * i + 1]) for i in range(dims)]
    shape = list(x.shape)
    for dim, before, after in spans:
        shape[dim] += before + after
    out = x.new_empty(shape)
    inner, source = out, x
    for dim, before, after in spans:
        inner = _span(inner, dim, max(before, 0), shape[dim] - max(after, 0))
        source = _span(source, dim, max(-before, 0), x.shape[dim] - max(-after, 0))
    inner.copy_(source)
    for dim, before, after in spans:
        size = shape[dim]
        if before > 0:
            _span(out, dim, 0, before).copy_(
                _span(out, dim, size - before - max(after, 0), size - max(after, 0))
            )
        if after > 0:
            _span(out, dim, size - after, size).copy_(
                _span(out, dim, max(before, 0), max(before, 0) + after)
            )
    return out


def pad(input: Tensor, pad, mode: str = "constant", value: float | None = None) -> Tensor:
    """F.pad: pad (or crop) the last len(pad) // 2 dims, pad = (left, right, top, bottom, ...),
    with `value` ('constant') or by reflecting, replicating or wrapping the input."""
    x = check_tensor(input, "pad")
    if mode not in _MODES:
        raise NotImplementedError(msg.PAD_MODE.format(mode=mode))
    pad = list(ints_argument("pad", "pad", (pad,)))
    _check_length(pad, x.dim())
    if mode == "constant":
        return constant_pad_nd(x, pad, 0 if value is None else value)
    if value is not None and value != 0:
        raise RuntimeError(msg.PAD_MODE_VALUE.format(mode=mode))
    dims = _check_mode(x, pad, mode)
    if mode == "circular":
        return _circular_pad(x, pad, dims)
    return _index_pad(x, pad, mode, dims)


__all__ = ["constant_pad_nd"]
