"""The view ops' functional inverses: select_scatter, slice_scatter, diagonal_scatter and
as_strided_scatter give a copy of `input` with the view's elements replaced by `src`.

One rule serves them all: the forward writes `src` into that view of a fresh copy; the backward
gives `input` the gradient with the view's elements zeroed (the same scatter, of zeros) and
`src` the view of the gradient. Both are written with Tensor ops, so `create_graph` works.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node
from ._helpers import check_tensor, normalize_dim, record
from .diagonals import diagonal
from .out import with_out
from .shape import select, slice_dim
from .strided import as_strided


class ViewScatterBackward(Node):
    """The node of a `*_scatter` op: `_view(t)` is the view that `src` filled."""

    __slots__ = ("_view", "_scatter", "_src_dtype")

    def backward(self, grad):
        grad_input = grad_src = None
        if self._edges[0] is not None:
            region = self._view(grad)
            grad_input = self._scatter(grad, region.new_zeros(region.shape))
        if self._edges[2] is not None:
            grad_src = self._view(grad).to(self._src_dtype)
        return grad_input, grad_src


class SelectScatterBackward0(ViewScatterBackward):
    __slots__ = ("_saved_dim", "_saved_index")


class SliceScatterBackward0(ViewScatterBackward):
    __slots__ = ("_saved_dim", "_saved_start", "_saved_end", "_saved_step")


class DiagonalScatterBackward0(ViewScatterBackward):
    __slots__ = ("_saved_offset", "_saved_dim1", "_saved_dim2")


class AsStridedScatterBackward0(ViewScatterBackward):
    __slots__ = ("_saved_size", "_saved_stride", "_saved_storage_offset")


def _view_scatter(name: str, node: type, input, src, view, **saved) -> Tensor:
    """A copy of `input` whose `view(copy)` holds `src` (cast to input's dtype), wired to
    `node` with the `_saved_` values given."""
    x = check_tensor(input, name)
    src = check_tensor(src, name, "src", 2)
    with no_grad():
        out = x.clone().contiguous()
        target = view(out)
        if tuple(src.shape) != tuple(target.shape):
            raise RuntimeError(
                msg.VIEW_SCATTER_SIZE.format(src=list(src.shape), view=list(target.shape))
            )
        target.copy_(src)

    def scatter(base, values):  # the same op on other tensors (the double backward)
        return _view_scatter(name, node, base, values, view, **saved)

    state = {"view": view, "src_dtype": src.dtype, "scatter": scatter}
    return record(node, (x, src), out._data, out._backend, state=state, **saved)


@with_out
@tensor_method("select_scatter")
def select_scatter(input, src, dim: int, index: int) -> Tensor:
    """A copy of input whose slice at `index` along `dim` is `src`."""
    x = check_tensor(input, "select_scatter")
    d = normalize_dim(dim, x.dim()) if x.dim() else dim
    return _view_scatter(
        "select_scatter",
        SelectScatterBackward0,
        x,
        src,
        lambda t: select(t, d, index),
        dim=d,
        index=index,
    )


@with_out
@tensor_method("slice_scatter")
def slice_scatter(input, src, dim: int = 0, start=None, end=None, step: int = 1) -> Tensor:
    """A copy of input whose elements start:end:step along `dim` are `src`."""
    x = check_tensor(input, "slice_scatter")
    d = normalize_dim(dim, x.dim())
    if step <= 0:
        raise RuntimeError(msg.VIEW_SCATTER_STEP)
    return _view_scatter(
        "slice_scatter",
        SliceScatterBackward0,
        x,
        src,
        lambda t: slice_dim(t, d, start, end, step),
        dim=d,
        start=start,
        end=end,
        step=step,
    )


@with_out
@tensor_method("diagonal_scatter")
def diagonal_scatter(input, src, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """A copy of input whose diagonal (as `diagonal(input, offset, dim1, dim2)`) is `src`."""
    return _view_scatter(
        "diagonal_scatter",
        DiagonalScatterBackward0,
        input,
        src,
        lambda t: diagonal(t, offset, dim1, dim2),
        offset=offset,
        dim1=dim1,
        dim2=dim2,
    )


@with_out
@tensor_method("as_strided_scatter")
def as_strided_scatter(input, src, size, stride, storage_offset: int | None = None) -> Tensor:
    """A copy of input (contiguous) whose `as_strided(size, stride, storage_offset)` view is
    `src`."""
    size, stride = tuple(size), tuple(stride)
    offset = 0 if storage_offset is None else storage_offset
    return _view_scatter(
        "as_strided_scatter",
        AsStridedScatterBackward0,
        input,
        src,
        lambda t: as_strided(t, size, stride, offset),
        size=size,
        stride=stride,
        storage_offset=storage_offset,
    )


__all__ = ["as_strided_scatter", "diagonal_scatter", "select_scatter", "slice_scatter"]
