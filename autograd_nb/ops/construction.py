"""Tensors built from others: meshgrid, diag_embed, block_diag, cartesian_prod, combinations,
atleast_1d/2d/3d, vander."""

from __future__ import annotations

import itertools
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import (
    check_tensor,
    common_backend,
    normalize_dim,
    on_backend,
    result_dtype,
)
from .diagonals import _embed_diagonal
from .indexing import index_select
from .joining import stack
from .shape import expand


@tensor_method("diag_embed")
def diag_embed(input, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Each last-dim vector of input on the `offset` diagonal of the (dim1, dim2) planes of a
    tensor with one more dim; zeros elsewhere."""
    from .diagonals import DiagEmbedBackward0

    t = check_tensor(input, "diag_embed")
    ndim = t._data.ndim + 1
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(msg.DIAGONAL_SAME_DIMS.format(d1=dim1, d2=dim2))
    backend = t._backend
    values = make_tensor(t._data if t._data.ndim else backend.xp.reshape(t._data, (1,)), backend)
    n = values.shape[-1] + abs(offset)
    data = _embed_diagonal(values, n, n, offset)._data
    data = backend.xp.moveaxis(data, (ndim - 2, ndim - 1), (d1, d2))
    node = new_node(DiagEmbedBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    node._saved_offset, node._saved_dim1, node._saved_dim2 = offset, d1, d2
    return make_tensor(data, backend, True, node, 0)


class BlockDiagBackward0(Node):
    """Each input's gradient is its block of the output's."""

    __slots__ = ("_blocks",)

    def backward(self, grad):
        return tuple(
            grad[r : r + rows, c : c + cols].reshape(shape).to(dtype)
            for (r, c, rows, cols, shape, dtype) in self._blocks
        )


def block_diag(*tensors) -> Tensor:
    """The tensors (0-, 1- or 2-d, a 1-d one as a row) as the blocks of a block-diagonal
    matrix, in their promoted dtype."""
    for i, t in enumerate(tensors):
        check_tensor(t, "block_diag", "tensors", 1)
        if t.dim() > 2:
            raise RuntimeError(msg.BLOCK_DIAG_DIMS.format(i=i, dim=t.dim()))
    backend = common_backend(*tensors)
    if backend is None:
        from .._creation import empty

        return empty(1, 0)
    xp = backend.xp
    dtype = result_dtype(*(t.reshape(-1) for t in tensors))
    sizes = [
        (1, 1) if t.dim() == 0 else (1, t.shape[0]) if t.dim() == 1 else tuple(t.shape)
        for t in tensors
    ]
    data = xp.zeros(
        (sum(s[0] for s in sizes), sum(s[1] for s in sizes)),
        dtype=backend.native[dtype],
        device=backend.native_device,
    )
    blocks, r, c = [], 0, 0
    for t, (rows, cols) in zip(tensors, sizes):
        data[r : r + rows, c : c + cols] = xp.reshape(on_backend(t, backend, dtype), (rows, cols))
        blocks.append((r, c, rows, cols, tuple(t.shape), t.dtype))
        r, c = r + rows, c + cols
    node = new_node(BlockDiagBackward0, *tensors)
    if node is None:
        return make_tensor(data, backend)
    node._blocks = blocks
    return make_tensor(data, backend, True, node, 0)


def _vector(t, name: str) -> Tensor:
    t = check_tensor(t, name, "tensors")
    if t.dim() != 1:
        raise RuntimeError(msg.EXPECT_1D.format(shape=list(t.shape)))
    return t


def cartesian_prod(*tensors) -> Tensor:
    """Every combination of one element from each 1-D tensor, one per row (itertools.product
    order); a single tensor comes back as it is."""
    tensors = [_vector(t, "cartesian_prod") for t in tensors]
    if len(tensors) == 1:
        return tensors[0]
    return stack([g.reshape(-1) for g in meshgrid(*tensors, indexing="ij")], 1)


def combinations(input, r: int = 2, with_replacement: bool = False) -> Tensor:
    """The length-r combinations of a 1-D tensor's elements, one per row (itertools order)."""
    t = _vector(input, "combinations")
    if r < 0:
        raise RuntimeError(msg.COMBINATIONS_R.format(r=r))
    if r == 0:
        return t.new_empty((0,))
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(t.shape[0]), r))
    if not rows:
        return t.new_empty((0, r))
    backend = t._backend
    columns = backend.asarray(list(zip(*rows)), dtypes.int64)
    return stack([index_select(t, 0, make_tensor(columns[i, ...], backend)) for i in range(r)], 1)


def _at_least(ndim: int, tensors, lift):
    """atleast_Nd: one tensor back for one given, a tuple for several (or a list/tuple)."""
    single = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    out = tuple(check_tensor(t, f"atleast_{ndim}d") for t in tensors)
    out = tuple(t if t.dim() >= ndim else lift(t) for t in out)
    return out[0] if single else out


def atleast_1d(*tensors):
    """The tensors with 0-d ones viewed as 1-d."""
    return _at_least(1, tensors, lambda t: t.reshape(1))


def atleast_2d(*tensors):
    """The tensors with 0-d ones as (1, 1) and 1-d ones as rows (1, n)."""
    return _at_least(2, tensors, lambda t: t.reshape(1, 1) if t.dim() == 0 else t.unsqueeze(0))


def atleast_3d(*tensors):
    """The tensors as at least 3-d: (1, 1, 1), (1, n, 1), (m, n, 1), as NumPy's atleast_3d."""
    return _at_least(
        3,
        tensors,
        lambda t: (
            t.reshape(1, 1, 1)
            if t.dim() == 0
            else t.unsqueeze(0).unsqueeze(-1)
            if t.dim() == 1
            else t.unsqueeze(-1)
        ),
    )


def vander(x, N: int | None = None, increasing: bool = False) -> Tensor:  # noqa: N803
    """The Vandermonde matrix of a 1-D tensor: column j holds x ** (N - 1 - j) (x ** j when
    increasing); bools and integers give int64."""
    t = check_tensor(x, "vander", "x")
    if t.dim() != 1:
        raise RuntimeError(msg.VANDER_DIM)
    n = t.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError(msg.VANDER_N)
    dtype = t.dtype if t.dtype.is_floating_point else dtypes.int64
    result = t.new_ones((t.shape[0], n), dtype=dtype)
    if n > 1:
        result[:, 1:] = t.to(dtype).unsqueeze(1).expand(t.shape[0], n - 1).cumprod(1)
    return result if increasing else result.flip(1)


def meshgrid(*tensors, indexing: str | None = None) -> tuple:
    """Coordinate grids from 1-D tensors: 'ij' (matrix) or 'xy' (Cartesian) indexing."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warnings.warn(msg.MESHGRID_INDEXING, UserWarning, stacklevel=2)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(msg.MESHGRID_MODE.format(indexing=indexing))
    sizes = [check_tensor(t, "meshgrid").numel() for t in tensors]
    axes = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) >= 2:
        axes[0], axes[1] = 1, 0
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for t, axis in zip(tensors, axes):
        shape = [1] * len(tensors)
        shape[axis] = -1
        grids.append(expand(t.reshape(shape), sizes))
    return tuple(grids)


def unravel_index(indices, shape) -> tuple:
    """The coordinates in a tensor of `shape` of each flat (row-major) index, one tensor per dim."""
    t = check_tensor(indices, "unravel_index", "indices")
    if t.dtype.is_floating_point or t.dtype is dtypes.bool:
        raise TypeError(msg.UNRAVEL_INTEGER.format(dtype=t.dtype))
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if any(size < 0 for size in shape):
        raise ValueError(msg.UNRAVEL_NEGATIVE.format(shape=shape))
    xp = t._backend.xp
    flat = xp.astype(t._data, t._backend.native[dtypes.int64])
    coordinates = []
    for size in reversed(shape):
        coordinates.append(flat % size if size else flat)
        flat = flat // size if size else flat
    return tuple(make_tensor(c, t._backend) for c in reversed(coordinates))


__all__ = [
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "block_diag",
    "cartesian_prod",
    "combinations",
    "diag_embed",
    "meshgrid",
    "unravel_index",
    "vander",
]
