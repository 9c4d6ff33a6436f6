"""`torch.linalg`: the linear-algebra namespace, with its own defaults where PyTorch's differ
from the `torch.*` functions of the same name (e.g. `linalg.cross` works along dim -1)."""

from __future__ import annotations

from . import _messages as msg
from ._tensor import Tensor
from .ops.diagonals import diagonal as _diagonal
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
