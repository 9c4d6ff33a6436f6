"""Matrix norms: `linalg.matrix_norm` (Frobenius, nuclear, and the orders 1, inf, 2 and their
negatives), `linalg.norm` choosing between a vector and a matrix norm, and the matrix orders of
`torch.norm`. Composed, as ATen composes them, of vector norms, singular values and amax/amin,
so their gradients are those ops' gradients."""

from __future__ import annotations

import math

from .. import _messages as msg
from .._tensor import Tensor
from ._helpers import check_tensor, invalid_combination, is_number, normalize_dim, short_name
from .decompositions import svdvals
from .reduction import _vector_norm, amax, amin, norm


def _order_text(ord) -> str:
    """An order as PyTorch's messages print it: 3, 2.5, inf, 1e+20, fro."""
    return ord if isinstance(ord, str) else f"{ord:g}"


def _checked(A, ord, dim, dtype, low_precision: bool) -> tuple:
    """(A in `dtype`, its two dims in [0, ndim)) after PyTorch's checks of A, dim and dtype."""
    t = check_tensor(A, "linalg_matrix_norm", "A")
    if t.dim() < 2:
        raise RuntimeError(msg.MATRIX_NORM_DIMS)
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.MATRIX_NORM_DTYPE.format(dtype=short_name(t.dtype)))
    if not low_precision and t.dtype.itemsize < 4:
        raise RuntimeError(msg.MATRIX_NORM_LOW_PRECISION.format(dtype=short_name(t.dtype)))
    dims = [dim] if isinstance(dim, int) else list(dim)
    if len(dims) != 2:
        raise RuntimeError(msg.MATRIX_NORM_DIM_COUNT.format(dim=" ".join(map(str, dims))))
    rows, cols = (normalize_dim(d, t.dim()) for d in dims)
    if rows == cols:
        raise RuntimeError(msg.MATRIX_NORM_SAME_DIMS.format(a=rows, b=cols))
    if dtype is not None:
        if not dtype.is_floating_point:
            raise RuntimeError(msg.MATRIX_NORM_TO_DTYPE.format(dtype=short_name(dtype)))
        if dtype.itemsize < t.dtype.itemsize:
            raise RuntimeError(
                msg.MATRIX_NORM_NARROWING.format(a=short_name(t.dtype), b=short_name(dtype))
            )
        t = t.to(dtype)
    return t, rows, cols


def _largest_or_smallest(x: Tensor, dim: int, keepdim: bool, largest: bool) -> Tensor:
    """amax (amin) over `dim`; the largest of no values is 0, with no gradient, as in ATen."""
    if largest and x.numel() == 0:
        shape = list(x.shape)
        if keepdim:
            shape[dim] = 1
        else:
            del shape[dim]
        return x.detach().new_zeros(shape)
    return amax(x, dim, keepdim) if largest else amin(x, dim, keepdim)


def _over_singular_values(A: Tensor, rows: int, cols: int, keepdim: bool, reduce) -> Tensor:
    """`reduce(values, keepdim)` of the singular values of the matrices spanning dims (rows,
    cols), moved to the last dims (keepdim puts the two dims back where they were)."""
    order = [d for d in range(A.dim()) if d not in (rows, cols)] + [rows, cols]
    result = reduce(svdvals(A.permute(*order)), keepdim)
    if not keepdim:
        return result
    return result.unsqueeze(-1).permute(*(order.index(d) for d in range(A.dim())))


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim: bool = False, *, dtype=None) -> Tensor:
    """The `ord` norm of the matrices spanning `dim`: 'fro' (sqrt of the sum of squares), 'nuc'
    (the sum of singular values), 2 / -2 (the largest / smallest singular value), 1 / -1 (the
    largest / smallest column sum of |A|), inf / -inf (the same for row sums)."""
    if not (isinstance(ord, str) or is_number(ord)):
        raise invalid_combination("linalg_matrix_norm", (A, ord), msg.MATRIX_NORM_SIGNATURES)
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise RuntimeError(msg.MATRIX_NORM_ORDER.format(ord=ord))
    elif abs(ord) not in (1, 2, math.inf):
        raise RuntimeError(msg.MATRIX_NORM_ORDER.format(ord=_order_text(ord)))
    t, rows, cols = _checked(A, ord, dim, dtype, low_precision=ord not in ("nuc", 2, -2))
    if ord == "fro":
        return _vector_norm(t, 2.0, (rows, cols), keepdim)
    if ord == "nuc":
        return _over_singular_values(t, rows, cols, keepdim, lambda s, k: s.sum(-1, keepdim=k))
    if ord in (2, -2):
        return _over_singular_values(
            t, rows, cols, keepdim, lambda s, k: _largest_or_smallest(s, -1, k, ord > 0)
        )
    if abs(ord) == math.inf:  # the inf-norm is the 1-norm of the transposed matrix
        rows, cols = cols, rows
    column_sums = _vector_norm(t, 1.0, (rows,), keepdim)
    if not keepdim and rows < cols:
        cols -= 1
    return _largest_or_smallest(column_sums, cols, keepdim, ord > 0)


def linalg_norm(A, ord=None, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """linalg.norm: a matrix norm where `dim` names two dims (or, with no dim, an `ord` is given
    for a 2-D A), else the vector norm (2 when ord is None) over `dim` or all elements."""
    t = check_tensor(A, "linalg_norm", "A")
    dims = None if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    if dims is not None and len(dims) not in (1, 2):
        raise RuntimeError(msg.LINALG_NORM_DIM_COUNT.format(dim=dims))
    if dims is None and ord is not None and t.dim() not in (1, 2):
        raise RuntimeError(msg.LINALG_NORM_NO_DIM.format(ndim=t.dim()))
    if isinstance(ord, str) or (
        ord is not None and (len(dims) == 2 if dims is not None else t.dim() == 2)
    ):
        return matrix_norm(t, ord, [0, 1] if dims is None else dims, keepdim, dtype=dtype)
    return norm(t, 2 if ord is None else ord, dims, keepdim, dtype=dtype)


__all__: list = []
