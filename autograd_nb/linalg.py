"""`torch.linalg`: the linear-algebra namespace, with its own defaults where PyTorch's differ
from the `torch.*` functions of the same name (e.g. `linalg.cross` works along dim -1)."""

from __future__ import annotations

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
from .ops.matrix_exponential import matrix_exp  # noqa: E402

__all__ += ["matrix_exp"]


def vector_norm(
    x: Tensor, ord: float = 2, dim=None, keepdim: bool = False, *, dtype=None
) -> Tensor:
    """The `ord`-norm of the elements over `dim` (all elements when None)."""
    return _norm(x, ord, dim, keepdim, dtype=dtype)


def matrix_norm(
    A: Tensor, ord: str = "fro", dim: tuple = (-2, -1), keepdim: bool = False, *, dtype=None
) -> Tensor:
    """The Frobenius norm of the matrices over the last two dims (other orders: not ours yet)."""
    if ord != "fro":
        raise NotImplementedError(msg.LINALG_MATRIX_NORM_ORD.format(ord=ord))
    return _norm(A, 2, dim, keepdim, dtype=dtype)


def norm(A: Tensor, ord=None, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """`vector_norm` of all elements for ord=None; the Frobenius matrix norm for ord='fro'."""
    if ord is None or ord == "fro":
        return _norm(A, 2, dim, keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


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
