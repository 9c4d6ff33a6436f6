"""Solves with a factor already computed: cholesky_solve and cholesky_inverse (given the
Cholesky factor of A) and the deprecated triangular_solve.

Each is two (or one) triangular solves with linalg.solve_triangular, which reads only the
factor's triangle. cholesky_solve's and cholesky_inverse's gradients are PyTorch's formulas
(FunctionsManual.cpp), which treat the factor as a full matrix; triangular_solve's are those of
the triangle it reads.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node
from ._helpers import broadcast_shapes, check_tensor, record, warn_once
from .decompositions import _summed_to, return_type, solve_triangular
from .out import with_out

_TRIANGULAR_SOLVE = return_type("triangular_solve", ["solution", "cloned_coefficient"])


def _type_name(t: Tensor) -> str:
    return t.dtype.legacy_name[:-6]


def _check_factor(b: Tensor, a: Tensor, name: str, kernel: str) -> None:
    """PyTorch's checks of (b, A) for cholesky_solve / triangular_solve, in its order."""
    if b.dim() < 2:
        raise RuntimeError(msg.FACTOR_SOLVE_B_DIMS[name].format(dim=b.dim()))
    if a.dim() < 2:
        raise RuntimeError(msg.FACTOR_SOLVE_A_DIMS[name].format(dim=a.dim()))
    if a.shape[-1] != a.shape[-2]:
        raise RuntimeError(msg.FACTOR_SOLVE_SQUARE.format(rows=a.shape[-2], cols=a.shape[-1]))
    if a.shape[-1] != b.shape[-2]:
        raise RuntimeError(
            msg.FACTOR_SOLVE_SHAPES.format(
                name=name, n=a.shape[-1], rows=b.shape[-2], cols=b.shape[-1]
            )
        )
    if b.dtype is not a.dtype:
        raise RuntimeError(msg.FACTOR_SOLVE_DTYPES.format(b=_type_name(b), a=_type_name(a)))
    if not a.dtype.is_floating_point or a.dtype.itemsize < 4:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype=_type_name(a)))


class CholeskySolveBackward0(Node):
    """X = A^-1 B with A = L L^T: gB = A^-1 gX, gL = -(gB X^T + X gB^T) L (L^T(...) if upper)."""

    formula = "X = (L Lᵀ)⁻¹ B: grad_B = (L Lᵀ)⁻¹ grad,  grad_L = −(grad_B Xᵀ + X grad_Bᵀ) L"
    __slots__ = ("_opts",)
    _saved_names = ("self", "input2", "result")

    def backward(self, grad):
        b, factor, result = self._unpack(0), self._unpack(1), self._unpack(2)
        upper = self._opts
        grad_b = cholesky_solve(grad, factor, upper)
        common = grad_b @ result.mH
        common = common + common.mH
        grad_factor = -(factor @ common) if upper else -(common @ factor)
        return _summed_to(grad_b, tuple(b.shape)), _summed_to(grad_factor, tuple(factor.shape))


def _cholesky_solve_data(b: Tensor, factor: Tensor, upper: bool):
    """The solution's array: forward then back substitution with the factor's triangle."""
    with no_grad():
        lower = factor.mT if upper else factor  # A = lower @ lower^T
        y = solve_triangular(lower, b, upper=False)
        return solve_triangular(lower.mT, y, upper=True)._data


@with_out
@tensor_method("cholesky_solve")
def cholesky_solve(input: Tensor, input2: Tensor, upper: bool = False) -> Tensor:
    """The solution X of A X = B for A = L L^T (or U^T U when upper) given its Cholesky
    factor `input2` (only its triangle is read): two triangular solves."""
    b = check_tensor(input, "cholesky_solve")
    factor = check_tensor(input2, "cholesky_solve", "input2", 2)
    _check_factor(b, factor, "cholesky_solve", "cholesky_solve_cpu")
    data = _cholesky_solve_data(b, factor, upper)
    return record(
        CholeskySolveBackward0,
        (b, factor),
        data,
        b._backend,
        (b, factor),
        save_result=True,
        state={"opts": upper},
    )


class CholeskyInverseBackward0(Node):
    """A^-1 with A = L L^T: gL = -A^-1 (g + g^T) A^-1 L (L A^-1 (g + g^T) A^-1 if upper)."""

    formula = "Y = (L Lᵀ)⁻¹: grad_L = −Y (grad + gradᵀ) Y L"
    __slots__ = ("_opts",)
    _saved_names = ("self", "result")

    def backward(self, grad):
        factor, inverse = self._unpack(0), self._unpack(1)
        common = inverse @ ((grad + grad.mH) @ inverse)
        return -(factor @ common) if self._opts else -(common @ factor)


@with_out
@tensor_method("cholesky_inverse")
def cholesky_inverse(input: Tensor, upper: bool = False) -> Tensor:
    """The inverse of A = L L^T (or U^T U when upper) given its Cholesky factor."""
    factor = check_tensor(input, "cholesky_inverse")
    if factor.dim() < 2:
        raise RuntimeError(msg.CHOLESKY_INVERSE_DIMS)
    if factor.shape[-1] != factor.shape[-2]:
        raise RuntimeError(
            msg.CHOLESKY_INVERSE_SQUARE.format(rows=factor.shape[-2], cols=factor.shape[-1])
        )
    if not factor.dtype.is_floating_point or factor.dtype.itemsize < 4:
        kernel = "cholesky_inverse_out_cpu"
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype=_type_name(factor)))
    identity = factor.new_ones(factor.shape[-1]).diag().expand(factor.shape)
    data = _cholesky_solve_data(identity, factor, upper)
    return record(
        CholeskyInverseBackward0,
        (factor,),
        data,
        factor._backend,
        (factor,),
        save_result=True,
        state={"opts": upper},
    )


@tensor_method("triangular_solve")
def triangular_solve(
    input: Tensor,
    A: Tensor,  # noqa: N803 - PyTorch's name
    upper: bool = True,
    transpose: bool = False,
    unitriangular: bool = False,
):
    """Deprecated: (solution, cloned_coefficient), the solution X of A X = b (A^T X = b when
    transpose) for triangular A, and a copy of A broadcast to the batch; warns."""
    warn_once(msg.TRIANGULAR_SOLVE_DEPRECATED)
    b = check_tensor(input, "triangular_solve")
    a = check_tensor(A, "triangular_solve", "A", 2)
    _check_factor(b, a, "triangular_solve", "triangular_solve_cpu")
    batch = broadcast_shapes(tuple(b.shape[:-2]), tuple(a.shape[:-2]))
    a = a.expand(*batch, *a.shape[-2:])
    b = b.expand(*batch, *b.shape[-2:])
    matrix = a.mT if transpose else a
    solution = solve_triangular(matrix, b, upper=upper != transpose, unitriangular=unitriangular)
    return _TRIANGULAR_SOLVE(solution, a.clone())


__all__ = ["cholesky_inverse", "cholesky_solve", "triangular_solve"]
