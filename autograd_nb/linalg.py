"""`torch.linalg`: the linear-algebra namespace, with its own defaults where PyTorch's differ
from the `torch.*` functions of the same name (e.g. `linalg.cross` works along dim -1)."""

from __future__ import annotations

import math

from . import _messages as msg
from . import dtypes
from ._tensor import Tensor
from .ops.diagonals import diagonal as _diagonal
from .ops.joining import cat
from .ops.linalg import cross as _cross
from .ops.linalg import matmul
from .ops.reduction import norm as _norm

__all__ = ["cross", "diagonal", "matmul", "matrix_norm", "norm", "vecdot", "vector_norm"]

# Decompositions and solvers (ops/decompositions.py)
from .ops.decompositions import _LinAlgError as LinAlgError  # noqa: E402
from .ops.decompositions import (  # noqa: E402
    cholesky,
    cholesky_ex,
    det,
    eigh,
    eigvalsh,
    inv,
    inv_ex,
    lstsq,
    matrix_power,
    matrix_rank,
    pinv,
    qr,
    slogdet,
    solve,
    solve_ex,
    solve_triangular,
    svd,
    svdvals,
)

__all__ += [
    "LinAlgError",
    "cholesky",
    "cholesky_ex",
    "det",
    "eigh",
    "eigvalsh",
    "inv",
    "inv_ex",
    "lstsq",
    "matrix_power",
    "matrix_rank",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "solve_ex",
    "solve_triangular",
    "svd",
    "svdvals",
]
from .ops.lu_factorization import lu, lu_factor, lu_factor_ex, lu_solve  # noqa: E402
from .ops.matrix_exponential import matrix_exp  # noqa: E402

__all__ += ["lu", "lu_factor", "lu_factor_ex", "lu_solve", "matrix_exp"]


def vector_norm(
    x: Tensor, ord: float = 2, dim=None, keepdim: bool = False, *, dtype=None
) -> Tensor:
    """The `ord`-norm of the elements over `dim` (all elements when None)."""
    return _norm(x, ord, dim, keepdim, dtype=dtype)


_MATRIX_NORMS = ("fro", "nuc", math.inf, -math.inf, 1, -1, 2, -2)


def matrix_norm(
    A: Tensor, ord="fro", dim: tuple = (-2, -1), keepdim: bool = False, *, dtype=None
) -> Tensor:
    """The `ord` norm of the matrices over `dim`: 'fro', 'nuc' (the sum of the singular values),
    ±2 (the largest / smallest singular value), ±1 (the largest / smallest column sum of
    |A|), ±inf (the largest / smallest row sum of |A|)."""
    if ord not in _MATRIX_NORMS:
        raise RuntimeError(msg.LINALG_MATRIX_NORM_ORD.format(ord=ord))
    if ord == "fro":
        return _norm(A, 2, dim, keepdim, dtype=dtype)
    if dtype is not None:
        A = A.to(dtype)
    rows, cols = (d % A.dim() for d in dim)
    moved = A.movedim((rows, cols), (-2, -1))
    if ord in ("nuc", 2, -2):
        values = svdvals(moved)
        result = (
            values.sum(-1) if ord == "nuc" else values.amax(-1) if ord == 2 else values.amin(-1)
        )
    else:  # a column sum (ord ±1) or a row sum (ord ±inf), then its largest or smallest
        sums = moved.abs().sum(-2 if abs(ord) == 1 else -1)
        result = sums.amax(-1) if ord > 0 else sums.amin(-1)
    if keepdim:
        for d in sorted((rows, cols)):
            result = result.unsqueeze(d)
    return result


def norm(A: Tensor, ord=None, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """`vector_norm` of all elements for ord=None; a matrix norm when `ord` is given for a
    matrix (2-D `A` or two dims); else the vector norm of `ord`."""
    if ord is None or (ord == "fro" and dim is None):
        return _norm(A, 2, dim, keepdim, dtype=dtype)
    if (
        isinstance(ord, str)
        or (dim is None and A.dim() == 2)
        or (isinstance(dim, (tuple, list)) and len(dim) == 2)
    ):
        return matrix_norm(A, ord, (-2, -1) if dim is None else tuple(dim), keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


def cond(A: Tensor, p=None) -> Tensor:
    """The condition number of each matrix in the `p` norm: for p None or ±2 the ratio of its
    extreme singular values, else norm(A) * norm(A^-1) (inf for a singular matrix)."""
    if p is not None and p not in _MATRIX_NORMS:
        raise RuntimeError(msg.LINALG_COND_ORD.format(ord=p))
    if A.numel() == 0:
        return A.new_zeros(A.shape[:-2])
    if p is None or p in (2, -2):
        values = svdvals(A)
        largest, smallest = values[..., 0], values[..., -1]
        return smallest / largest if p == -2 else largest / smallest
    if A.shape[-1] != A.shape[-2]:
        name = f"linalg.cond(ord={_ord_text(p)})"
        raise RuntimeError(msg.LINALG_SQUARE.format(name=name, rows=A.shape[-2], cols=A.shape[-1]))
    inverse, info = inv_ex(A)
    inverse = inverse.masked_fill((info > 0).unsqueeze(-1).unsqueeze(-1), math.inf)
    result = matrix_norm(A, p) * matrix_norm(inverse, p)
    return result.nan_to_num(math.inf, math.inf, -math.inf)  # 0 * inf is inf, as NumPy's


def _ord_text(p) -> str:
    """An order as PyTorch's messages print it (C++'s to_string of a double: 1.000000)."""
    if isinstance(p, str) or abs(p) == math.inf:
        return str(p)
    return str(p) if isinstance(p, int) else f"{p:.6f}"


def tensorinv(A: Tensor, ind: int = 2) -> Tensor:
    """The tensor X with tensordot(A, X, ind) the identity: A's first `ind` dims as the rows of
    a square matrix, inverted, its shape A.shape[ind:] + A.shape[:ind]."""
    if ind <= 0:
        raise RuntimeError(msg.LINALG_TENSORINV_IND.format(ind=ind))
    rows, cols = math.prod(A.shape[:ind]), math.prod(A.shape[ind:])
    if rows != cols:
        raise RuntimeError(msg.LINALG_TENSORINV_SHAPE.format(cols=cols, rows=rows))
    return inv(A.reshape(rows, cols)).reshape(*A.shape[ind:], *A.shape[:ind])


def tensorsolve(A: Tensor, B: Tensor, dims=None) -> Tensor:
    """The tensor X with tensordot(A, X, X.ndim) = B; `dims` of A are moved to its end first."""
    if dims is not None:
        A = A.movedim(tuple(dims), tuple(range(A.dim() - len(dims), A.dim())))
    rows = B.numel()
    result_shape = tuple(A.shape[B.dim() :])
    cols = math.prod(result_shape)
    if rows != cols:
        raise RuntimeError(msg.LINALG_TENSORSOLVE_SHAPE.format(cols=cols, rows=rows))
    return solve(A.reshape(rows, cols), B.reshape(rows)).reshape(result_shape)


__all__ += ["cond", "tensorinv", "tensorsolve"]


def cross(input: Tensor, other: Tensor, *, dim: int = -1) -> Tensor:
    """The 3-D cross product along `dim` (the last dim by default)."""
    return _cross(input, other, dim=dim)


def vecdot(x: Tensor, y: Tensor, *, dim: int = -1) -> Tensor:
    """The dot product of vectors along `dim`, broadcasting the other dims."""
    return (x * y).sum(dim)


def diagonal(A: Tensor, *, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """The diagonals of the matrices over the last two dims (a view)."""
    return _diagonal(A, offset, dim1, dim2)


def multi_dot(tensors, *, out=None) -> Tensor:
    """The product of a chain of matrices (the first may be 1-D, a row; the last 1-D, a column),
    multiplied left to right."""
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError(msg.MULTI_DOT_COUNT.format(n=len(tensors)))
    first, last = tensors[0], tensors[-1]
    if first.dim() not in (1, 2):
        raise RuntimeError(msg.MULTI_DOT_END.format(which="first", dim=first.dim()))
    if last.dim() not in (1, 2):
        raise RuntimeError(msg.MULTI_DOT_END.format(which="last", dim=last.dim()))
    for i, t in enumerate(tensors[1:-1], 1):
        if t.dim() != 2:
            raise RuntimeError(msg.MULTI_DOT_MIDDLE.format(i=i, dim=t.dim()))
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype is not first.dtype:
            raise RuntimeError(
                msg.MULTI_DOT_DTYPE.format(
                    i=i, a=dtypes.CPP_NAMES[first.dtype], b=dtypes.CPP_NAMES[t.dtype]
                )
            )
    matrices = [first.unsqueeze(0) if first.dim() == 1 else first]
    matrices += tensors[1:-1] + [last.unsqueeze(-1) if last.dim() == 1 else last]
    for i in range(len(matrices) - 1):
        a, b = matrices[i], matrices[i + 1]
        if a.shape[-1] != b.shape[0]:
            raise RuntimeError(
                msg.MULTI_DOT_SHAPES.format(i=i, j=i + 1, a=list(a.shape), b=list(b.shape))
            )
    result = matrices[0]
    for m in matrices[1:]:
        result = matmul(result, m)
    shape = [
        n
        for n, keep in ((result.shape[0], first.dim() == 2), (result.shape[1], last.dim() == 2))
        if keep
    ]
    result = result.reshape(shape)
    return result if out is None else out.copy_(result)


def vander(x: Tensor, *, N: int | None = None) -> Tensor:  # noqa: N803 - PyTorch's name
    """The Vandermonde matrices of x's last dim: column j holds x ** j, j < N (default x's
    length), as running products (CatBackward0, as PyTorch's). A 0-d x is one value: one row."""
    if x.dim() == 0:
        x = x.reshape(1)
    n = x.shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError(msg.LINALG_VANDER_N)
    column = x.unsqueeze(-1)
    powers = column.expand(*x.shape, n - 1).cumprod(-1)
    return cat([column.new_ones(()).expand_as(column), powers], -1)


__all__ += ["multi_dot", "vander"]
