"""The `*_copy` functions (`t_copy`, `view_copy`, `split_copy`, ...): a view op's result as a
new row-major tensor with its own memory, as PyTorch's functionalisation names them.

Each is its view op followed by a copy (into `out=` if given): the copy's node is named after
the view's node with `_copy` appended (`TBackward0_copy`, as PyTorch prints it) and passes the
gradient through.
"""

from __future__ import annotations

from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import record
from .diagonals import diagonal
from .joining import split, split_with_sizes, unbind
from .out import write_out, write_outs
from .shape import alias, permute, select, slice_dim, squeeze, t, transpose, unsqueeze
from .strided import as_strided

_COPY_NODES: dict = {}
_COPY_FORMULA = "a copy of the view: the gradient passes through to the view unchanged"


def _copy_node(view_node_name: str) -> type:
    """The node class `<view node>_copy`: the gradient passes through unchanged."""
    name = view_node_name + "_copy"
    if name not in _COPY_NODES:
        _COPY_NODES[name] = type(
            name,
            (Node,),
            {"__slots__": (), "backward": _pass_through, "formula": _COPY_FORMULA},
        )
    return _COPY_NODES[name]


def _pass_through(self, grad):
    return grad


def _copied(view: Tensor) -> Tensor:
    """A row-major copy of `view`, recorded as `<its node>_copy`."""
    xp = view._backend.xp
    data = xp.reshape(xp.reshape(view._data, (-1,), copy=True), view._data.shape)
    if view.grad_fn is None:
        return make_tensor(data, view._backend)
    return record(_copy_node(type(view.grad_fn).__name__), (view,), data, view._backend)


def _copy_function(name: str, view_op):
    """`name`: what `view_op` returns (one tensor or several), each as its own copy."""

    def copies(*args, **kwargs):
        result = view_op(*args, **kwargs)
        if isinstance(result, Tensor):
            return _copied(result)
        return tuple(_copied(r) for r in result)

    def copy_function(*args, out=None, **kwargs):
        if out is None:
            return copies(*args, **kwargs)
        if isinstance(out, Tensor):
            return write_out(out, name, copies, args, kwargs)
        write_outs(out, name, copies, args, kwargs)
        return None  # PyTorch's out= form of a multi-output copy returns nothing

    copy_function.__name__ = copy_function.__qualname__ = name
    copy_function.__doc__ = f"`{view_op.__name__}`'s result as a new tensor with its own memory."
    return copy_function


alias_copy = _copy_function("alias_copy", alias)
as_strided_copy = _copy_function("as_strided_copy", as_strided)
diagonal_copy = _copy_function("diagonal_copy", diagonal)
expand_copy = _copy_function("expand_copy", lambda input, size: input.expand(size))
permute_copy = _copy_function("permute_copy", permute)
select_copy = _copy_function("select_copy", select)
slice_copy = _copy_function(
    "slice_copy",
    lambda input, dim=0, start=None, end=None, step=1: slice_dim(input, dim, start, end, step),
)
split_copy = _copy_function("split_copy", split)
split_with_sizes_copy = _copy_function("split_with_sizes_copy", split_with_sizes)
squeeze_copy = _copy_function("squeeze_copy", squeeze)
t_copy = _copy_function("t_copy", t)
transpose_copy = _copy_function("transpose_copy", transpose)
unbind_copy = _copy_function("unbind_copy", unbind)
unfold_copy = _copy_function(
    "unfold_copy", lambda input, dimension, size, step: input.unfold(dimension, size, step)
)
unsqueeze_copy = _copy_function("unsqueeze_copy", unsqueeze)
view_copy = _copy_function("view_copy", lambda input, size: input.view(size))

__all__ = [
    "alias_copy",
    "as_strided_copy",
    "diagonal_copy",
    "expand_copy",
    "permute_copy",
    "select_copy",
    "slice_copy",
    "split_copy",
    "split_with_sizes_copy",
    "squeeze_copy",
    "t_copy",
    "transpose_copy",
    "unbind_copy",
    "unfold_copy",
    "unsqueeze_copy",
    "view_copy",
]
