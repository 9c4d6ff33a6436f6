"""Writing whole slices at a vector of positions along a dim: index_add, index_copy, index_fill."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ..backends import python_number
from ._helpers import (
    check_same_device,
    check_tensor,
    normalize_dim,
    record,
    scalar_for,
)
from .indexing import _INDEX_DTYPES, _check_range, _fill_value, _on, _scatter_sums, index_select
from .inplace import inplace_method
from .out import with_out


def _index_vector(x: Tensor, dim: int, index, name: str, dtype_error, vector_error) -> tuple:
    """(dim, index as a flat int64 array): the index a dtype (int64, or int32 too for index_add)
    and at most 1-d, with the error the op gives for each."""
    index = check_tensor(index, name, "index", 3)
    if index.dtype is not dtypes.int64 and (
        name != "index_add" or index.dtype not in _INDEX_DTYPES
    ):
        raise dtype_error(index)
    if index._data.ndim > 1:
        raise vector_error(index)
    backend = x._backend
    idx = backend.xp.astype(
        backend.xp.reshape(_on(index, backend), (-1,)), backend.native[dtypes.int64]
    )
    return normalize_dim(dim, x._data.ndim), index, idx


def _slice_sums(x: Tensor, d: int, idx, values, last_wins: bool = False) -> tuple:
    """_scatter_sums of whole slices sent to positions `idx` along `d` (a 0-d x as 1 element)."""
    backend = x._backend
    xp = backend.xp
    target = x if x._data.ndim else x.detach().reshape(1)
    shape, view = list(target._data.shape), [1] * target._data.ndim
    shape[d] = view[d] = idx.shape[0]
    index = make_tensor(xp.broadcast_to(xp.reshape(idx, tuple(view)), tuple(shape)), backend)
    sums, counts = _scatter_sums(target, d, index, values, last_wins)
    if target is x:
        return sums, counts
    return xp.reshape(sums, ()), xp.reshape(counts, ())


def _slice_shape(shape: tuple, d: int) -> list:
    return [s for k, s in enumerate(shape) if k != d]


def _source_arg(x: Tensor, source, name: str, position: int = 4) -> Tensor:
    source = check_tensor(source, name, "source", position)
    if source._backend is not x._backend:
        check_same_device(f"wrapper_CUDA_{name}", "source", x, source)
    return source


class IndexAddBackward0(Node):
    """self's gradient passes through; source's is read back at index, times alpha."""

    __slots__ = ("_saved_alpha", "_saved_dim", "_saved_index", "_saved_source_shape")

    def backward(self, grad):
        grad_source = None
        if self.needs_input_grad(1):
            grad_source = index_select(grad, self._saved_dim, self._saved_index).reshape(
                self._saved_source_shape
            )
            if self._saved_alpha != 1:
                grad_source = grad_source * self._saved_alpha
        return (grad if self.needs_input_grad(0) else None), grad_source


@with_out
@tensor_method("index_add")
def index_add(input, dim: int, index, source, *, alpha=1) -> Tensor:
    """A copy of input with alpha * source's slices added at `index` along `dim` (repeats add)."""
    x = check_tensor(input, "index_add")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_add",
        lambda i: RuntimeError(msg.INDEX_ADD_DTYPE.format(dtype=i.dtype.legacy_name[:-6])),
        lambda i: IndexError(
            msg.INDEX_ADD_VECTOR.format(
                dim=i._data.ndim, type=i.dtype.legacy_name[:-6], size=list(i._data.shape)
            )
        ),
    )
    source = _source_arg(x, source, "index_add")
    if source.dtype is not x.dtype:
        raise RuntimeError(
            msg.INDEX_ADD_SOURCE_DTYPE.format(
                self=x.dtype.legacy_name[:-6], source=source.dtype.legacy_name[:-6]
            )
        )
    xs, ss = tuple(x._data.shape), tuple(source._data.shape)
    if len(ss) != len(xs) or _slice_shape(xs, d) != _slice_shape(ss, d):
        raise RuntimeError(msg.INDEX_ADD_SHAPE.format(self=list(xs), source=list(ss)))
    n = idx.shape[0]
    if ss and n != ss[d]:
        raise RuntimeError(msg.INDEX_ADD_COUNT.format(n=n, size=ss[d], dim=d))
    backend = x._backend
    _check_range(
        backend,
        idx,
        xs[d] if xs else 1,
        lambda i: RuntimeError(msg.INDEX_RANGE.format(index=i, dim=d, size=xs[d] if xs else 1)),
        negative=False,
    )
    sums, _ = _slice_sums(x, d, idx, source._data)
    data = x._data + (sums if alpha == 1 else sums * scalar_for(alpha, x.dtype))
    return record(
        IndexAddBackward0,
        (x, source),
        data,
        backend,
        alpha=alpha,
        dim=d,
        index=index,
        source_shape=ss,
    )


class IndexCopyBackward0(Node):
    """The overwritten slices give self no gradient; source gets theirs."""

    __slots__ = ("_saved_dim", "_saved_index", "_saved_source_shape")

    def backward(self, grad):
        d, index = self._saved_dim, self._saved_index
        return (
            index_fill(grad, d, index, 0) if self.needs_input_grad(0) else None,
            index_select(grad, d, index).reshape(self._saved_source_shape)
            if self.needs_input_grad(1)
            else None,
        )


@with_out
@tensor_method("index_copy")
def index_copy(input, dim: int, index, source) -> Tensor:
    """A copy of input with source's slices written at `index` along `dim` (the last one wins)."""
    x = check_tensor(input, "index_copy")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_copy",
        lambda i: RuntimeError(msg.INDEX_COPY_DTYPE.format(dtype=i.dtype.legacy_name[:-6])),
        lambda i: IndexError(msg.INDEX_COPY_VECTOR.format(dim=i._data.ndim)),
    )
    source = _source_arg(x, source, "index_copy")
    xs, ss = tuple(x._data.shape), tuple(source._data.shape)
    n = idx.shape[0]
    if not ss:
        if n != 1:
            raise IndexError(msg.INDEX_COPY_SCALAR.format(n=n))
    elif xs and len(ss) != len(xs):
        raise IndexError(msg.INDEX_COPY_DIMS.format(source=len(ss), dest=len(xs)))
    elif xs and _slice_shape(xs, d) != _slice_shape(ss, d):
        raise RuntimeError(
            msg.INDEX_COPY_SHAPE.format(
                dest=" ".join(map(str, _slice_shape(xs, d))),
                dim=d,
                source=" ".join(map(str, _slice_shape(ss, d))),
            )
        )
    elif n != ss[d]:
        raise IndexError(msg.INDEX_COPY_COUNT.format(n=n, size=ss[d]))
    if source.dtype is not x.dtype:
        raise RuntimeError(
            msg.INDEX_COPY_SOURCE_DTYPE.format(
                self=x.dtype.legacy_name[:-6], source=source.dtype.legacy_name[:-6]
            )
        )
    backend = x._backend
    size = xs[d] if xs else 1
    _check_range(
        backend,
        idx,
        size,
        lambda i: IndexError(msg.INDEX_COPY_RANGE.format(index=i, dim=d, size=size)),
        negative=False,
    )
    sums, counts = _slice_sums(x, d, idx, source._data, last_wins=True)
    data = backend.xp.where(counts > 0, sums, x._data)
    return record(
        IndexCopyBackward0, (x, source), data, backend, dim=d, index=index, source_shape=ss
    )


class IndexFillBackward0(Node):
    """index_fill with a number: the filled slices get no gradient."""

    __slots__ = ("_saved_dim", "_saved_index", "_saved_value")

    def backward(self, grad):
        return index_fill(grad, self._saved_dim, self._saved_index, 0)


class IndexFillBackward1(Node):
    """index_fill with a 0-dim tensor: the value gets the sum of the filled slices' gradient."""

    __slots__ = ("_saved_dim", "_saved_index")

    def backward(self, grad):
        d, index = self._saved_dim, self._saved_index
        return (
            index_fill(grad, d, index, 0) if self.needs_input_grad(0) else None,
            index_select(grad, d, index).sum() if self.needs_input_grad(1) else None,
        )


@tensor_method("index_fill")
def index_fill(input, dim: int, index, value) -> Tensor:
    """A copy of input with `value` in the slices at `index` along `dim` (negatives count back)."""
    x = check_tensor(input, "index_fill")
    d, index, idx = _index_vector(
        x,
        dim,
        index,
        "index_fill",
        lambda i: IndexError(msg.INDEX_FILL_DTYPE),
        lambda i: RuntimeError(msg.INDEX_FILL_VECTOR),
    )
    backend = x._backend
    xp = backend.xp
    if isinstance(python_number(value), complex):
        raise RuntimeError(msg.INDEX_FILL_COMPLEX)
    fill, cls, inputs = _fill_value(
        x, value, msg.INDEX_FILL_VALUE_DIM, (IndexFillBackward0, IndexFillBackward1)
    )
    size = x._data.shape[d] if x._data.ndim else 1
    _check_range(
        backend, idx, size, lambda i: IndexError(msg.INDEX_RANGE.format(index=i, dim=d, size=size))
    )
    hit = xp.zeros((size,), dtype=idx.dtype, device=backend.native_device)
    backend.scatter_add(hit, (idx,), xp.ones_like(idx))
    view = [1] * x._data.ndim
    if view:
        view[d] = size
    data = xp.where(xp.reshape(hit > 0, tuple(view)), fill, x._data)
    saved = {"value": value} if cls is IndexFillBackward0 else {}
    return record(cls, inputs, data, backend, dim=d, index=index, **saved)


# --- in-place forms -------------------------------------------------------------------------------

index_add_ = inplace_method(
    "index_add", "Add alpha * source's slices at `index` along `dim`, in place."
)
index_copy_ = inplace_method(
    "index_copy", "Write source's slices at `index` along `dim`, in place."
)
index_fill_ = inplace_method("index_fill", "Fill the slices at `index` along `dim`, in place.")

__all__ = ["index_add", "index_copy", "index_fill"]
