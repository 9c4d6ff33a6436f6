"""Joining and splitting: cat/stack and their h/v/d/column forms, split/chunk/unbind,
tensor_split and h/v/dsplit."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.functional import register_stack
from ..autograd.node import Node
from ._helpers import (
    check_int,
    check_tensor,
    common_backend,
    normalize_dim,
    numpy_dim,
    on_backend,
    record,
    result_dtype,
)
from .out import with_out
from .shape import _key, _zeros, ints_argument, select, slice_dim


class CatBackward0(Node):
    __slots__ = ("_saved_dim", "_dim", "_sizes")

    def backward(self, grad):
        out, offset = [], 0
        for size in self._sizes:
            if size is None:  # a legacy empty 1-d input
                out.append(None)
                continue
            out.append(grad.narrow(self._dim, offset, size))
            offset += size
        return tuple(out)


class StackBackward0(Node):
    __slots__ = ("_saved_dim", "_dim", "_n")

    def backward(self, grad):
        return tuple(select(grad, self._dim, i) for i in range(self._n))


def _tensor_list(tensors, name: str) -> list:
    if isinstance(tensors, Tensor) or not isinstance(tensors, (tuple, list)):
        raise TypeError(msg.CAT_NOT_SEQUENCE.format(name=name, type=type(tensors).__name__))
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(msg.CAT_ELEMENT.format(index=i, type=type(t).__name__))
    return list(tensors)


def _joined(tensors: list, cls, data_fn, state: dict, **saved) -> Tensor:
    """Common part of cat and stack: promote dtypes, join arrays, record the node (whose
    gradients are cast back to the inputs' dtypes)."""
    backend = common_backend(*tensors)
    dtype = result_dtype(*[t for t in tensors if t._data.ndim] or tensors)
    arrays = [on_backend(t, backend, dtype) for t in tensors]
    data = data_fn(backend.xp, arrays)
    meta = [(None, t.dtype) if t._requires_grad and t.dtype is not dtype else None for t in tensors]
    state["in_meta"] = tuple(meta) if any(meta) else None
    return record(cls, tensors, data, backend, state=state, **saved)


@with_out
@tensor_method("cat")
def cat(tensors, dim: int = 0, *, out=None, axis=None) -> Tensor:
    """Join tensors along an existing dim (a copy; dtypes are promoted)."""
    if axis is not None:
        dim = numpy_dim("cat", dim, axis, 0)
    tensors = _tensor_list(tensors, "cat")
    if not tensors:
        raise ValueError(msg.CAT_EMPTY)
    for i, t in enumerate(tensors):
        if t._data.ndim == 0:
            raise RuntimeError(msg.CAT_0D.format(index=i))
    # PyTorch still skips legacy empty 1-d tensors (shape [0]) when joining other shapes.
    used = [i for i, t in enumerate(tensors) if tuple(t._data.shape) != (0,)] or [0]
    ref = tensors[used[0]]
    ndim = ref._data.ndim
    d = normalize_dim(dim, ndim)
    for i in used:
        t = tensors[i]
        if t._data.ndim != ndim:
            raise RuntimeError(msg.CAT_DIMS.format(expected=ndim, got=t._data.ndim))
        for k in range(ndim):
            if k != d and t._data.shape[k] != ref._data.shape[k]:
                raise RuntimeError(
                    msg.CAT_SIZES.format(
                        dim=d, expected=ref._data.shape[k], got=t._data.shape[k], index=i
                    )
                )
    kept = set(used)
    return _joined(
        tensors,
        CatBackward0,
        lambda xp, arrays: xp.concat([arrays[i] for i in used], axis=d),
        {
            "dim": d,
            "sizes": [t._data.shape[d] if i in kept else None for i, t in enumerate(tensors)],
        },
        dim=dim,
    )


concat = concatenate = cat


@with_out
@tensor_method("stack")
def stack(tensors, dim: int = 0, *, out=None, axis=None) -> Tensor:
    """Join equal-shaped tensors along a new dim (a copy)."""
    if axis is not None:
        dim = numpy_dim("stack", dim, axis, 0)
    tensors = _tensor_list(tensors, "stack")
    if not tensors:
        raise RuntimeError(msg.STACK_EMPTY)
    first = tuple(tensors[0]._data.shape)
    for i, t in enumerate(tensors[1:], 1):
        if tuple(t._data.shape) != first:
            raise RuntimeError(
                msg.STACK_SIZES.format(first=list(first), other=list(t._data.shape), index=i)
            )
    d = normalize_dim(dim, len(first) + 1)
    return _joined(
        tensors,
        StackBackward0,
        lambda xp, arrays: xp.stack(arrays, axis=d),
        {"dim": d, "n": len(tensors)},
        dim=dim,
    )


register_stack(stack)  # torch.autograd.functional.jacobian joins its rows with it


class _MultiOutput(Node):
    """A node with one output per piece; missing output grads count as zeros."""

    __slots__ = ("_n_outputs", "_saved_dim", "_dim", "_saved_self_sym_sizes", "_sizes")

    def _filled(self, grads) -> list:
        shape = list(self._saved_self_sym_sizes)
        like = next(g for g in grads if g is not None)
        out = []
        for g, size in zip(grads, self._sizes):
            if g is None:
                shape[self._dim] = size
                g = _zeros(like._backend, tuple(shape), like._data)
            out.append(g)
        return out

    def backward(self, *grads):
        return cat(self._filled(grads), self._dim)


class SplitBackward0(_MultiOutput):
    __slots__ = ("_saved_split_size",)


class SplitWithSizesBackward0(_MultiOutput):
    __slots__ = ("_saved_split_sizes",)


class UnbindBackward0(_MultiOutput):
    __slots__ = ()

    def _filled(self, grads) -> list:
        shape = list(self._saved_self_sym_sizes)
        del shape[self._dim]
        like = next(g for g in grads if g is not None)
        return [
            g if g is not None else _zeros(like._backend, tuple(shape), like._data) for g in grads
        ]

    def backward(self, *grads):
        return stack(self._filled(grads), self._dim)


def _pieces(x: Tensor, cls, d: int, sizes: list, arrays: list, view_fn, **saved) -> tuple:
    """Wrap each piece as a view of `x` with output number i of one shared node."""
    pieces = record(
        cls,
        (x,),
        arrays,
        x._backend,
        view_fn=view_fn,
        state={"dim": d, "sizes": sizes},
        self_sym_sizes=tuple(x._data.shape),
        **saved,
    )
    return tuple(pieces)


def _split_arrays(x: Tensor, d: int, sizes: list) -> list:
    arrays, offset = [], 0
    for size in sizes:
        arrays.append(x._data[_key(d, slice(offset, offset + size))])
        offset += size
    return arrays


@tensor_method("split")
def split(tensor, split_size_or_sections, dim: int = 0) -> tuple:
    """Pieces of `split_size` along `dim` (the last may be smaller), or of the listed sizes."""
    x = check_tensor(tensor, "split")
    if x._data.ndim == 0:
        raise RuntimeError(msg.SPLIT_0D.format(name="split"))
    d = normalize_dim(dim, x._data.ndim)
    size = x._data.shape[d]
    if isinstance(split_size_or_sections, (tuple, list)):
        sizes = list(ints_argument("split_with_sizes", "split_sizes", (split_size_or_sections,)))
        if any(s < 0 for s in sizes):
            raise RuntimeError(msg.SPLIT_NEGATIVE_SIZES.format(sizes=sizes))
        if sum(sizes) != size:
            raise RuntimeError(msg.SPLIT_SIZES.format(size=size, dim=d, sizes=sizes))
        return _pieces(
            x,
            SplitWithSizesBackward0,
            d,
            sizes,
            _split_arrays(x, d, sizes),
            lambda b: split(b, sizes, d),
            dim=dim,
            split_sizes=tuple(sizes),
        )
    step = check_int(split_size_or_sections, "split_size")
    if step < 0:
        raise RuntimeError(msg.SPLIT_NEGATIVE.format(size=step))
    if step == 0 and size != 0:
        raise RuntimeError(msg.SPLIT_ZERO.format(size=size))
    n = max((size + step - 1) // step, 1) if step else 1
    sizes = [min(step, size - i * step) for i in range(n)]
    return _pieces(
        x,
        SplitBackward0,
        d,
        sizes,
        _split_arrays(x, d, sizes),
        lambda b: split(b, step, d),
        dim=dim,
        split_size=step,
    )


@tensor_method("chunk")
def chunk(input, chunks: int, dim: int = 0) -> tuple:
    """At most `chunks` equal pieces along `dim` (SplitBackward0, as in PyTorch)."""
    x = check_tensor(input, "chunk")
    chunks = check_int(chunks, "chunks")
    if chunks <= 0:
        raise RuntimeError(msg.CHUNK_ZERO.format(chunks=chunks))
    if x._data.ndim == 0:
        raise RuntimeError(msg.SPLIT_0D.format(name="chunk"))
    size = x._data.shape[normalize_dim(dim, x._data.ndim)]
    if size == 0:  # PyTorch gives `chunks` empty pieces here
        return split(x, [0] * chunks, dim)
    return split(x, (size + chunks - 1) // chunks, dim)


@tensor_method("split_with_sizes")
def split_with_sizes(input, split_sizes, dim: int = 0) -> tuple:
    """Pieces of the listed sizes along `dim` (they must add up to its length)."""
    return split(check_tensor(input, "split_with_sizes"), list(split_sizes), dim)


# PyTorch's unsafe_ forms skip its view checks; here they are the same views
unsafe_split, unsafe_chunk, unsafe_split_with_sizes = split, chunk, split_with_sizes
tensor_method("unsafe_split")(split)
tensor_method("unsafe_chunk")(chunk)
tensor_method("unsafe_split_with_sizes")(split_with_sizes)


@tensor_method("unbind")
def unbind(input, dim: int = 0) -> tuple:
    """Every slice along `dim`, as a tuple of views with that dim removed."""
    x = check_tensor(input, "unbind")
    if x._data.ndim == 0:
        raise IndexError(msg.DIM_0D.format(dim=dim))
    d = normalize_dim(dim, x._data.ndim)
    n = x._data.shape[d]
    arrays = [x._data[_key(d, i)] for i in range(n)]
    return _pieces(x, UnbindBackward0, d, [1] * n, arrays, lambda b: unbind(b, d), dim=dim)


def _at_least(t: Tensor, ndim: int) -> Tensor:
    if t.dim() >= ndim:
        return t
    return t.reshape((1,) * (ndim - t.dim()) + tuple(t.shape))


def _stack_list(tensors, name: str) -> list:
    """The tensors of hstack/vstack/dstack/column_stack: a non-empty sequence of tensors."""
    tensors = _tensor_list(tensors, name)
    if not tensors:
        raise RuntimeError(msg.STACK_EMPTY.replace("stack", name, 1))
    return tensors


@with_out
def hstack(tensors) -> Tensor:
    """Join along dim 1 (dim 0 for 1-D tensors), as NumPy's hstack."""
    tensors = [_at_least(t, 1) for t in _stack_list(tensors, "hstack")]
    return cat(tensors, 0 if tensors[0].dim() == 1 else 1)


@with_out
def vstack(tensors) -> Tensor:
    """Join along dim 0 after making every tensor at least 2-D (rows)."""
    return cat([_at_least(t, 2) for t in _stack_list(tensors, "vstack")], 0)


def _at_least_3d(t: Tensor) -> Tensor:
    """atleast_3d: a scalar as (1, 1, 1), a vector (n) as (1, n, 1), a matrix as (m, n, 1)."""
    if t.dim() >= 3:
        return t
    if t.dim() == 2:
        return t.unsqueeze(2)
    return t.reshape(1, -1, 1)


@with_out
def dstack(tensors) -> Tensor:
    """Join along dim 2 (depth) after making every tensor at least 3-D."""
    return cat([_at_least_3d(t) for t in _stack_list(tensors, "dstack")], 2)


@with_out
def column_stack(tensors) -> Tensor:
    """Join as columns: scalars and vectors become (n, 1) columns, then hstack."""
    return hstack(
        [
            t.reshape(t.numel(), 1) if t.dim() <= 1 else t
            for t in _stack_list(tensors, "column_stack")
        ]
    )


def _sections_or_indices(value):
    """An int (sections) or a tuple of ints (indices) from tensor_split's argument."""
    if isinstance(value, Tensor):
        if value.dtype.name != "int64":
            raise RuntimeError(msg.TENSOR_SPLIT_DTYPE.format(dtype=value.dtype.legacy_name[:-6]))
        if value._data.ndim > 1:
            raise RuntimeError(msg.TENSOR_SPLIT_TENSOR_DIMS.format(ndim=value._data.ndim))
        return value.item() if not value._data.ndim else tuple(value.tolist())
    if isinstance(value, (tuple, list)):
        return tuple(int(i) for i in value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(msg.TENSOR_SPLIT_ARGS.format(type=type(value).__name__))
    return value


@tensor_method("tensor_split")
def tensor_split(
    input, indices_or_sections=None, dim: int = 0, *, sections=None, indices=None
) -> tuple:
    """`sections` nearly equal pieces along `dim` (the first ones one longer), or the pieces
    between the given indices; each piece is a slice view (SliceBackward0)."""
    x = check_tensor(input, "tensor_split")
    if x._data.ndim == 0:
        raise RuntimeError(msg.TENSOR_SPLIT_0D)
    d = normalize_dim(dim, x._data.ndim)
    split = _sections_or_indices(
        next(v for v in (indices_or_sections, sections, indices) if v is not None)
    )
    size = x._data.shape[d]
    if isinstance(split, int):
        if split <= 0:
            raise RuntimeError(msg.TENSOR_SPLIT_SECTIONS.format(n=split))
        small, extra = divmod(size, split)
        split = tuple(i * small + min(i, extra) for i in range(1, split))
    bounds = (0, *split, None)
    return tuple(slice_dim(x, d, start, end) for start, end in zip(bounds, bounds[1:]))


def _split_along(name: str, input, indices_or_sections, min_dims: int, dim: int) -> tuple:
    """hsplit / vsplit / dsplit: tensor_split along one dim, sections dividing it evenly."""
    x = check_tensor(input, name)
    if x._data.ndim < min_dims:
        raise RuntimeError(msg.SPLIT_ALONG_DIMS.format(name=name, need=min_dims, ndim=x._data.ndim))
    split = _sections_or_indices(indices_or_sections)
    if isinstance(split, int):
        size = x._data.shape[dim]
        if split == 0 or size % split:
            raise RuntimeError(msg.SPLIT_ALONG_SIZE.format(name=name, dim=dim, size=size, n=split))
    return tensor_split(x, split, dim)


@tensor_method("hsplit")
def hsplit(input, indices_or_sections) -> tuple:
    """tensor_split along dim 1 (dim 0 of a vector), in equal sections or at indices."""
    ndim = check_tensor(input, "hsplit")._data.ndim
    return _split_along("hsplit", input, indices_or_sections, 1, 0 if ndim == 1 else 1)


@tensor_method("vsplit")
def vsplit(input, indices_or_sections) -> tuple:
    """tensor_split along dim 0 of a tensor of at least 2 dims."""
    return _split_along("vsplit", input, indices_or_sections, 2, 0)


@tensor_method("dsplit")
def dsplit(input, indices_or_sections) -> tuple:
    """tensor_split along dim 2 of a tensor of at least 3 dims."""
    return _split_along("dsplit", input, indices_or_sections, 3, 2)


row_stack = vstack


__all__ = [
    "cat",
    "chunk",
    "column_stack",
    "concat",
    "concatenate",
    "dsplit",
    "dstack",
    "hsplit",
    "hstack",
    "row_stack",
    "split",
    "stack",
    "tensor_split",
    "unbind",
    "vsplit",
    "vstack",
    "split_with_sizes",
    "unsafe_chunk",
    "unsafe_split",
    "unsafe_split_with_sizes",
]
