"""LU with partial pivoting: linalg.lu_factor(_ex), linalg.lu, lu_unpack, linalg.lu_solve and
the deprecated torch.lu / torch.lu_solve.

The factorisation is LAPACK getrf's: column by column, the row with the largest |value| (the
first such row) becomes the pivot row, and the swaps are applied to whole rows, so A = P L U
with L unit lower triangular. Pivots are 1-based int32, as LAPACK writes them. The backward
passes are PyTorch's (FunctionsManual.cpp: linalg_lu_backward) written with differentiable ops.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.grad_mode import no_grad
from ..autograd.node import Node
from ._helpers import check_tensor, record, warn_once
from .decompositions import (
    _first_failure,
    _LinalgNode,
    _summed_to,
    getrf,
    return_type,
    solve_triangular,
)
from .joining import cat
from .out import with_out, write_outs

_LU_FACTOR = return_type("linalg_lu_factor", ["LU", "pivots"])
_LU_FACTOR_EX = return_type("linalg_lu_factor_ex", ["LU", "pivots", "info"])
_LU_WITH_INFO = return_type("_lu_with_info", ["LU", "pivots", "info"])
_LU = return_type("linalg_lu", ["P", "L", "U"])
_LU_UNPACK = return_type("lu_unpack", ["P", "L", "U"])


def _permutation(backend, pivots, m: int, dtype):
    """P (..., m, m) with A = P L U, from getrf's 1-based pivots (..., k): the swaps replayed on
    the row order; row i of L U is row order[i] of A, so P[order[i], i] = 1."""
    xp = backend.xp
    batch = tuple(pivots.shape[:-1])
    int64 = backend.native[dtypes.int64]
    flat = xp.astype(xp.reshape(pivots, (math.prod(batch), pivots.shape[-1])), int64) - 1
    rows = xp.arange(m, dtype=int64, device=backend.native_device)
    order = xp.broadcast_to(rows, (flat.shape[0], m))
    for j in range(flat.shape[-1]):  # row j swapped with row pivots[j] - 1, in turn
        p = flat[:, j : j + 1]
        at_p = xp.take_along_axis(order, p, axis=1)
        order = xp.where(rows == j, at_p, xp.where(rows == p, order[:, j : j + 1], order))
    eye = xp.eye(m, dtype=dtype, device=backend.native_device)
    rows_of_q = xp.reshape(xp.take(eye, xp.reshape(order, (-1,)), axis=0), batch + (m, m))
    return xp.matrix_transpose(rows_of_q)


def _check_lu_input(A, name: str, kernel_name: str) -> Tensor:
    a = check_tensor(A, name.replace(".", "_"), "A")
    if a.dim() < 2:
        raise RuntimeError(msg.LU_DIMS.format(size=list(a.shape)))
    if not a.dtype.is_floating_point or a.dtype.itemsize < 4:
        dtype = a.dtype.legacy_name[:-6]
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel_name, dtype=dtype))
    return a


# --- gradients ------------------------------------------------------------------------------------
def _lu_grad(grad_l, grad_u, P: Tensor, L: Tensor, U: Tensor) -> Tensor:
    """PyTorch's linalg_lu_backward: the gradient of A = P L U given those of L (m, k) and
    U (k, n); grad_l or grad_u may be None."""
    m, n = L.shape[-2], U.shape[-1]
    k = min(m, n)
    if m == n:  # A_grad = P L^-H [L^H gL o 1_L + gU U^H o 1_U] U^-H
        inner = None
        if grad_l is not None:
            inner = (L.mH @ grad_l).tril(-1)
        if grad_u is not None:
            part = (grad_u @ U.mH).triu()
            inner = part if inner is None else inner + part
        inner = solve_triangular(U.mH, inner, upper=False, left=False)
        inner = solve_triangular(L.mH, inner, upper=True, unitriangular=True)
        return P @ inner
    if m < n:  # wide: U = [U1 U2]
        u1 = U[..., :, :k]
        inner = None
        if grad_l is not None:
            inner = L.mH @ grad_l
        if grad_u is not None:
            part = grad_u.triu() @ U.mH
            inner = -part if inner is None else inner - part
        inner = solve_triangular(u1.mH, inner.tril(-1), upper=False, left=False)
        if grad_u is not None:
            inner = cat([inner + grad_u[..., :, :k].triu(), grad_u[..., :, k:]], -1)
        inner = solve_triangular(L.mH, inner, upper=True, unitriangular=True)
        if grad_u is None:
            inner = cat([inner, inner.new_zeros(inner.shape[:-1] + (n - k,))], -1)
        return P @ inner
    # tall: L = [L1; L2]
    l1 = L[..., :k, :]
    inner = None
    if grad_u is not None:
        inner = grad_u @ U.mH
    if grad_l is not None:
        part = L.mH @ grad_l.tril(-1)
        inner = -part if inner is None else inner - part
    inner = solve_triangular(l1.mH, inner.triu(), upper=True, unitriangular=True)
    if grad_l is not None:
        inner = cat([inner + grad_l[..., :k, :].tril(-1), grad_l[..., k:, :]], -2)
    inner = solve_triangular(U.mH, inner, upper=False, left=False)
    if grad_l is None:
        inner = cat([inner, inner.new_zeros(inner.shape[:-2] + (m - k, inner.shape[-1]))], -2)
    return P @ inner


class LinalgLuFactorExBackward0(_LinalgNode):
    """The gradient of the packed factors: its lower part L's, its upper part U's."""

    formula = (
        "A = P L U: grad_A = P L⁻ᴴ (tril₋₁(Lᴴ grad_L) + triu(grad_U Uᴴ)) U⁻ᴴ (L, U: LU's two parts)"
    )
    __slots__ = ()
    _saved_names = ("LU",)

    def backward(self, grad, *_others):
        LU = self._unpack(0)
        P, L, U = lu_unpack(LU, make_tensor(self._opts, LU._backend))
        k = min(LU.shape[-2:])
        return _lu_grad(grad[..., :, :k], grad[..., :k, :], P, L, U)


class LinalgLuBackward0(_LinalgNode):
    formula = "A = P L U: grad_A = P L⁻ᴴ (tril₋₁(Lᴴ grad_L) + triu(grad_U Uᴴ)) U⁻ᴴ"
    __slots__ = ()
    _saved_names = ("L", "U")

    def backward(self, _grad_p, grad_l, grad_u):
        L, U = self._unpack(0), self._unpack(1)
        return _lu_grad(grad_l, grad_u, make_tensor(self._opts, L._backend), L, U)


class LuUnpackBackward0(_LinalgNode):
    """L and U are the lower and upper parts of LU_data: their gradients, put back in place."""

    formula = "L and U are LU's lower and upper parts: grad_LU = tril₋₁(grad_L) + triu(grad_U)"
    __slots__ = ()

    def backward(self, _grad_p, grad_l, grad_u):
        m, n = self._opts
        k = min(m, n)
        parts = []
        if grad_l is not None:
            low = grad_l.tril(-1)
            parts.append(cat([low, low.new_zeros(low.shape[:-1] + (n - k,))], -1))
        if grad_u is not None:
            up = grad_u.triu()
            parts.append(cat([up, up.new_zeros(up.shape[:-2] + (m - k, n))], -2))
        return sum(parts[1:], parts[0]) if parts else None


# --- the functions --------------------------------------------------------------------------------
def _lu_factor_ex(A, pivot: bool, check_errors: bool, name: str):
    a = _check_lu_input(A, name, "lu_cpu")
    if not pivot:
        raise RuntimeError(msg.LU_NO_PIVOT.format(name="linalg.lu_factor"))
    backend = a._backend
    lu, piv, info = getrf(backend, a._data)
    failure = _first_failure(backend, info, a.dim() > 2) if check_errors else None
    if failure is not None:  # a RuntimeError, not a LinAlgError, in PyTorch
        raise RuntimeError(msg.LU_FACTOR_SINGULAR.format(batch=failure[0], info=failure[1]))
    return record(
        LinalgLuFactorExBackward0,
        (a,),
        [lu, piv, info],
        backend,
        save_result=1,
        state={"opts": piv},  # the pivots, to unpack LU in backward
        differentiable=(True, False, False),
    )


def lu_factor_ex(A, *, pivot: bool = True, check_errors: bool = False):
    """(LU, pivots, info): the packed LU factors of each matrix, getrf's pivots and info."""
    return _LU_FACTOR_EX(*_lu_factor_ex(A, pivot, check_errors, "linalg.lu_factor_ex"))


def lu_factor(A, *, pivot: bool = True):
    """(LU, pivots): the packed LU factors; LinAlgError where a matrix is singular."""
    return _LU_FACTOR(*_lu_factor_ex(A, pivot, True, "linalg.lu_factor")[:2])


def lu_unpack(
    LU_data, LU_pivots, unpack_data: bool = True, unpack_pivots: bool = True, *, out=None
):
    """(P, L, U) from packed factors: L (m, k) unit lower, U (k, n) upper, A = P L U."""
    if out is not None:
        args = (LU_data, LU_pivots, unpack_data, unpack_pivots)
        return _LU_UNPACK(*write_outs(out, "lu_unpack", lu_unpack, args))
    lu = check_tensor(LU_data, "lu_unpack", "LU_data")
    pivots = check_tensor(LU_pivots, "lu_unpack", "LU_pivots", 2)
    if pivots.dtype is not dtypes.int32:
        raise RuntimeError(msg.LU_UNPACK_PIVOTS_DTYPE)
    backend = lu._backend
    xp = backend.xp
    m, n = lu.shape[-2:]
    k = min(m, n)
    data = lu._data
    empty = xp.zeros((0,), dtype=data.dtype, device=backend.native_device)
    if unpack_data:
        diagonal = xp.eye(m, k, dtype=backend.native[dtypes.bool], device=backend.native_device)
        one = xp.ones((), dtype=data.dtype, device=backend.native_device)
        lower = xp.where(diagonal, one, xp.tril(data[..., :, :k], k=-1))
        upper = xp.triu(data[..., :k, :])
    else:
        lower = upper = empty
    p_data = _permutation(backend, pivots._data, m, data.dtype) if unpack_pivots else empty
    P, L, U = record(
        LuUnpackBackward0,
        (lu,),
        [p_data, lower, upper],
        backend,
        state={"opts": (m, n)},
        differentiable=(False, unpack_data, unpack_data),
    )
    return _LU_UNPACK(P, L, U)


def lu(A, *, pivot: bool = True):
    """(P, L, U) with A = P L U: P a permutation, L unit lower and U upper triangular."""
    a = _check_lu_input(A, "linalg.lu", "lu_cpu")
    if not pivot:
        raise RuntimeError(msg.LU_NO_PIVOT.format(name="linalg.lu_factor"))
    backend = a._backend
    lu_data, piv, _info = getrf(backend, a._data)
    plain = lu_unpack(make_tensor(lu_data, backend), make_tensor(piv, backend))
    P, L, U = record(
        LinalgLuBackward0,
        (a,),
        [plain.P._data, plain.L._data, plain.U._data],
        backend,
        save_result=True,
        state={"opts": plain.P._data},  # P, for the backward
        differentiable=(False, True, True),
    )
    return _LU(P, L, U)


def _solve_with_factors(P, L, U, b: Tensor, left: bool, adjoint: bool) -> Tensor:
    """X with A X = B (A^H X = B if adjoint; X A = B, X A^H = B if not left), A = P L U."""
    if not left:  # X A = B is A^H X^H = B^H; X A^H = B is A X^H = B^H
        return _solve_with_factors(P, L, U, b.mH, True, not adjoint).mH
    if not adjoint:  # P L U X = B
        y = solve_triangular(L, P.mT @ b, upper=False, unitriangular=True)
        return solve_triangular(U, y, upper=True)
    y = solve_triangular(U.mH, b, upper=False)  # U^H L^H P^T X = B
    return P @ solve_triangular(L.mH, y, upper=True, unitriangular=True)


class LinalgLuSolveBackward0(Node):
    formula = (
        "A X = B, A = P L U: grad_B = A⁻ᴴ grad,  grad_U = triu(R), grad_L = tril₋₁(L⁻ᴴ R Uᴴ), "
        "R = −U⁻ᴴ grad Xᴴ (the other forms by transposing)"
    )
    __slots__ = ("_opts",)
    _saved_names = ("LU", "result")

    def backward(self, grad):
        LU, X = self._unpack(0), self._unpack(1)
        pivots, left, adjoint, b_shape = self._opts
        P, L, U = lu_unpack(LU, make_tensor(pivots, LU._backend))
        P = P.to(X.dtype)
        if not left:  # the transposed system: A^H X^H = B^H or A X^H = B^H
            grad, X, adjoint = grad.mH, X.mH, not adjoint
        grad_b = _solve_with_factors(P, L, U, grad, True, not adjoint)
        if not adjoint:  # X = U⁻¹ L⁻¹ Pᵀ B
            r = -(solve_triangular(U.mH, grad, upper=False) @ X.mH)
            upper = r.triu()
            lower = solve_triangular(L.mH, r @ U.mH, upper=True, unitriangular=True).tril(-1)
        else:  # X = P L⁻ᴴ U⁻ᴴ B
            g = solve_triangular(L, P.mT @ grad, upper=False, unitriangular=True)
            h = solve_triangular(U, g, upper=True)
            z = P.mT @ X
            lower = -(z @ g.mH).tril(-1)
            upper = -((L.mH @ z) @ h.mH).triu()
        grad_lu = _summed_to(lower + upper, tuple(LU.shape))
        return grad_lu, _summed_to(grad_b.mH if not left else grad_b, b_shape)


@with_out
def lu_solve(LU, pivots, B, *, left: bool = True, adjoint: bool = False) -> Tensor:
    """The solution X of AX = B (XA = B if not left; A^H in place of A if adjoint) for A given by
    lu_factor's packed factors: triangular solves with L and U and the pivots' permutation."""
    lu_t = check_tensor(LU, "linalg_lu_solve", "LU")
    b = check_tensor(B, "linalg_lu_solve", "B", 3)
    n = lu_t.shape[-1]
    rows, cols = (b.shape[-2], b.shape[-1]) if b.dim() >= 2 else (b.shape[-1], 1)
    if b.dim() < 2 or (b.shape[-2] if left else b.shape[-1]) != n:
        raise RuntimeError(
            msg.LU_SOLVE_SHAPES.format(eq="AX = B" if left else "XA = B", n=n, rows=rows, cols=cols)
        )
    piv = check_tensor(pivots, "linalg_lu_solve", "pivots", 2)
    with no_grad():
        P, L, U = lu_unpack(lu_t, piv)
        data = _solve_with_factors(P.to(b.dtype), L, U, b, left, adjoint)._data
    return record(
        LinalgLuSolveBackward0,
        (lu_t, b),
        data,
        b._backend,
        (lu_t,),
        save_result=True,
        state={"opts": (piv._data, left, adjoint, tuple(b.shape))},
    )


@tensor_method("lu")
def torch_lu(A, pivot: bool = True, get_infos: bool = False):
    """Deprecated torch.lu: (LU, pivots), or (LU, pivots, info) with get_infos; warns."""
    warn_once(msg.TORCH_LU_DEPRECATED)
    result = _lu_factor_ex(A, pivot, not get_infos, "torch.linalg.lu_factor")
    return _LU_WITH_INFO(*result) if get_infos else tuple(result[:2])


@tensor_method("lu_solve")
def torch_lu_solve(b, LU_data, LU_pivots, *, out=None) -> Tensor:
    """Deprecated torch.lu_solve(B, LU, pivots): linalg.lu_solve with its arguments reversed."""
    warn_once(msg.TORCH_LU_SOLVE_DEPRECATED)
    return lu_solve(LU_data, LU_pivots, b, out=out)


__all__ = ["lu_unpack"]
