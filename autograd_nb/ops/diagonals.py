"""Triangles and diagonals: tril, triu, diagonal (a view), diag, diag_embed."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_int,
    check_tensor,
    normalize_dim,
    record,
)
from .out import with_out


def _triangle_mask(backend, shape: tuple, diagonal: int, lower: bool):
    """A bool array of the last two dims' shape: True where tril (or triu) keeps elements."""
    xp = backend.xp
    rows, cols = shape[-2], shape[-1]
    long = backend.native[_int64()]
    i = xp.reshape(xp.arange(rows, dtype=long, device=backend.native_device), (rows, 1))
    j = xp.reshape(xp.arange(cols, dtype=long, device=backend.native_device), (1, cols))
    return (j - i <= diagonal) if lower else (j - i >= diagonal)


def _int64():

    return dtypes.int64


class TrilBackward0(Node):
    __slots__ = ("_saved_diagonal",)

    def backward(self, grad):
        return tril(grad, self._saved_diagonal)


class TriuBackward0(TrilBackward0):
    __slots__ = ()

    def backward(self, grad):
        return triu(grad, self._saved_diagonal)


def _triangle(name: str, cls, input, diagonal: int) -> Tensor:
    x = check_tensor(input, name)
    diagonal = check_int(diagonal, "diagonal")
    if x._data.ndim < 2:
        raise RuntimeError(msg.NEEDS_2D.format(name=name))
    backend = x._backend
    keep = _triangle_mask(backend, tuple(x._data.shape), int(diagonal), name == "tril")
    data = backend.xp.where(keep, x._data, backend.xp.zeros_like(x._data))
    return record(cls, (x,), data, backend, diagonal=int(diagonal))


@with_out
@tensor_method("tril")
def tril(input, diagonal: int = 0) -> Tensor:
    """The lower triangle of the last two dims (the rest zeroed); `diagonal` shifts the edge."""
    return _triangle("tril", TrilBackward0, input, diagonal)


@with_out
@tensor_method("triu")
def triu(input, diagonal: int = 0) -> Tensor:
    """The upper triangle of the last two dims (the rest zeroed); `diagonal` shifts the edge."""
    return _triangle("triu", TriuBackward0, input, diagonal)


def _diagonal_length(n1: int, n2: int, offset: int) -> int:
    return max(0, min(n1 + min(offset, 0), n2 - max(offset, 0)))


def _embed_diagonal(values: Tensor, n1: int, n2: int, offset: int) -> Tensor:
    """(..., L) values placed on the `offset` diagonal of (..., n1, n2) zeros, with tensor ops
    that only move elements (so gradients of gradients work, and -0.0, inf and NaN stay as they
    are): each value followed by n2 zeros, read row after row, puts the values n2 + 1 apart."""
    from .joining import cat

    lead, length = tuple(values.shape[:-1]), values.shape[-1]
    zeros = values.new_zeros(lead + (length, n2))
    spaced = cat([values.unsqueeze(-1), zeros], -1).reshape(lead + (length * (n2 + 1),))
    start = max(-offset, 0) * n2 + max(offset, 0) if length else 0
    used = max((length - 1) * (n2 + 1) + 1, 0)
    before = values.new_zeros(lead + (start,))
    after = values.new_zeros(lead + (n1 * n2 - start - used,))
    return cat([before, spaced[..., :used], after], -1).reshape(lead + (n1, n2))


def _diagonal_order(ndim: int, d1: int, d2: int) -> tuple:
    return tuple(i for i in range(ndim) if i not in (d1, d2)) + (d1, d2)


class DiagonalBackward0(Node):
    __slots__ = ("_saved_offset", "_saved_dim1", "_saved_dim2", "_saved_self_sym_sizes")

    def backward(self, grad):
        shape, d1, d2 = self._saved_self_sym_sizes, self._dim1, self._dim2
        order = _diagonal_order(len(shape), d1, d2)
        embedded = _embed_diagonal(grad, shape[d1], shape[d2], self._saved_offset)
        inverse = [0] * len(order)
        for i, o in enumerate(order):
            inverse[o] = i
        return embedded.permute(inverse)

    @property
    def _dim1(self) -> int:
        return normalize_dim(self._saved_dim1, len(self._saved_self_sym_sizes))

    @property
    def _dim2(self) -> int:
        return normalize_dim(self._saved_dim2, len(self._saved_self_sym_sizes))


class DiagonalBackward0_copy(DiagonalBackward0):  # noqa: N801 - PyTorch's name for diag(matrix)
    __slots__ = ()


def _diagonal_data(x: Tensor, offset: int, d1: int, d2: int):
    xp = x._backend.xp
    moved = xp.permute_dims(x._data, _diagonal_order(x._data.ndim, d1, d2))
    return xp.linalg.diagonal(moved, offset=offset)


@tensor_method("diagonal")
def diagonal(input, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """A view of the `offset` diagonal of dims (dim1, dim2), appended as the last dim."""
    x = check_tensor(input, "diagonal")
    offset = check_int(offset, "offset")
    ndim = x._data.ndim
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(msg.DIAGONAL_SAME_DIMS.format(d1=dim1, d2=dim2))
    data = _diagonal_data(x, offset, d1, d2)
    return record(
        DiagonalBackward0,
        (x,),
        data,
        x._backend,
        view_fn=lambda b: diagonal(b, offset, d1, d2),
        offset=offset,
        dim1=dim1,
        dim2=dim2,
        self_sym_sizes=tuple(x._data.shape),
    )


class DiagEmbedBackward0(Node):
    __slots__ = ("_saved_offset", "_saved_dim1", "_saved_dim2")

    def backward(self, grad):
        return diagonal(grad, self._saved_offset, self._saved_dim1, self._saved_dim2)


@with_out
@tensor_method("diag")
def diag(input, diagonal: int = 0) -> Tensor:
    """A vector's square diagonal matrix, or a copy of a matrix's `diagonal`-th diagonal."""
    x = check_tensor(input, "diag")
    ndim = x._data.ndim
    if ndim not in (1, 2):
        raise RuntimeError(msg.DIAG_DIMS.format(dim=ndim))
    backend = x._backend
    if ndim == 2:
        data = backend.xp.asarray(_diagonal_data(x, diagonal, 0, 1), copy=True)
        return record(
            DiagonalBackward0_copy,
            (x,),
            data,
            backend,
            offset=diagonal,
            dim1=0,
            dim2=1,
            self_sym_sizes=tuple(x._data.shape),
        )
    n = x._data.shape[0] + abs(diagonal)
    data = _embed_diagonal(make_tensor(x._data, backend), n, n, diagonal)._data
    return record(DiagEmbedBackward0, (x,), data, backend, offset=diagonal, dim1=-2, dim2=-1)


def _triangle_indices(name: str, row: int, col: int, offset: int, dtype, device, lower: bool):
    """The (2, N) coordinates of a row x col matrix's lower (or upper) triangle, row-major."""
    from ..backends import backend_for

    for which, value in (("row", row), ("col", col)):
        if value < 0:
            raise RuntimeError(msg.TRI_INDICES_NEGATIVE.format(which=which, value=value))
    dtype = dtypes.int64 if dtype is None else dtype
    if dtype not in (dtypes.int32, dtypes.int64):
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=name, dtype=dtype.legacy_name[:-6])
        )
    backend = backend_for(device)
    xp = backend.xp
    native = backend.native[dtype]
    keep = xp.reshape(_triangle_mask(backend, (row, col), offset, lower), (-1,))
    rows = xp.reshape(
        xp.broadcast_to(
            xp.reshape(xp.arange(row, dtype=native, device=backend.native_device), (row, 1)),
            (row, col),
        ),
        (-1,),
    )
    cols = xp.reshape(
        xp.broadcast_to(
            xp.reshape(xp.arange(col, dtype=native, device=backend.native_device), (1, col)),
            (row, col),
        ),
        (-1,),
    )
    return make_tensor(xp.stack((rows[keep], cols[keep])), backend)


def tril_indices(
    row: int, col: int, offset: int = 0, *, dtype=None, device=None, layout=None
) -> Tensor:
    """The coordinates of the lower triangle of a row x col matrix (on and below `offset`)."""
    return _triangle_indices("tril_indices", row, col, offset, dtype, device, lower=True)


def triu_indices(
    row: int, col: int, offset: int = 0, *, dtype=None, device=None, layout=None
) -> Tensor:
    """The coordinates of the upper triangle of a row x col matrix (on and above `offset`)."""
    return _triangle_indices("triu_indices", row, col, offset, dtype, device, lower=False)


@tensor_method("diagflat")
def diagflat(input, offset: int = 0) -> Tensor:
    """A square matrix with the flattened input on its `offset` diagonal, zeros elsewhere."""
    from .construction import diag_embed

    return diag_embed(check_tensor(input, "diagflat").reshape(-1), offset)


__all__ = ["diag", "diagflat", "diagonal", "tril", "tril_indices", "triu", "triu_indices"]
