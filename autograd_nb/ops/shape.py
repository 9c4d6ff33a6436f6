"""Shape ops and views: `view`/`reshape`, `expand`, ... (views share storage with their base)."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node, version_counter


def _shape_arg(size) -> tuple:
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def infer_shape(shape: tuple, numel: int) -> tuple:
    """Resolve one -1 in a requested shape, with PyTorch's errors."""
    if shape.count(-1) > 1:
        raise RuntimeError(msg.VIEW_ONE_INFERRED)
    known = 1
    for s in shape:
        if s != -1:
            known *= s
    if -1 in shape:
        if known == 0 or numel % known:
            raise RuntimeError(msg.VIEW_SIZE.format(shape=list(shape), numel=numel))
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise RuntimeError(msg.VIEW_SIZE.format(shape=list(shape), numel=numel))
    return shape


def make_view(base: Tensor, data, node, view_fn) -> Tensor:
    """A tensor sharing `base`'s storage and version counter, remembering how to re-derive it.

    `view_fn(root)` rebuilds this view from the root base; in-place changes to the view use it
    to rewrite the base's history (CopySlices), as PyTorch does.
    """
    out = make_tensor(data, base._backend, node is not None, node, 0)
    out._vc = version_counter(base)
    if base._view is None:
        out._view = (base, view_fn)
    else:
        root, parent_fn = base._view
        out._view = (root, lambda r: view_fn(parent_fn(r)))
    return out


class ViewBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.reshape(self._saved_self_sym_sizes)


class ExpandBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.sum_to_size(self._saved_self_sym_sizes)


def _reshape_data(t: Tensor, shape: tuple):
    return t._backend.xp.reshape(t._data, shape)


@tensor_method("view")
def view(self, *shape) -> Tensor:
    """The same storage seen with another shape (one size may be -1)."""
    if len(shape) == 1 and not isinstance(shape[0], (tuple, list, int)):
        return self.to(shape[0])  # view(dtype) is not supported beyond a plain cast
    shape = infer_shape(_shape_arg(shape), self.numel())
    data = _reshape_data(self, shape)
    node = new_node(ViewBackward0, self)
    if node is not None:
        node._saved_self_sym_sizes = tuple(self._data.shape)
    return make_view(self, data, node, lambda b: b.view(shape))


@tensor_method("reshape")
def reshape(input, *shape) -> Tensor:
    """`view` when the storage allows it, else a copy with the new shape."""
    return view(input, *shape)


@tensor_method("expand")
def expand(self, *sizes) -> Tensor:
    """A broadcast view: size-1 dims repeat without copying (-1 keeps a size)."""
    sizes = _shape_arg(sizes)
    shape = tuple(self._data.shape)
    lead = len(sizes) - len(shape)
    if lead < 0:
        raise RuntimeError(msg.EXPAND_DIMS.format(
            type=self.type()[6:], sizes=", ".join(map(str, shape)),
            target=", ".join(map(str, sizes)), n=len(sizes), dim=len(shape)))
    target = []
    for i, s in enumerate(sizes):
        old = shape[i - lead] if i >= lead else 1
        if s == -1:
            s = old
        if old != 1 and old != s:
            raise RuntimeError(msg.EXPAND_SIZE.format(
                new=s, old=old, dim=i, target=list(sizes), sizes=list(shape)))
        target.append(s)
    target = tuple(target)
    if target == shape:
        data = self._data
    else:
        data = self._backend.xp.broadcast_to(self._data, target)
    node = new_node(ExpandBackward0, self)
    if node is not None:
        node._saved_self_sym_sizes = shape
    return make_view(self, data, node, lambda b: b.expand(target))


@tensor_method("expand_as")
def expand_as(self, other: Tensor) -> Tensor:
    return expand(self, other.shape)
