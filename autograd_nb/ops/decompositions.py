"""torch.linalg's decompositions and solvers: inv, det, slogdet, solve, pinv, svd, qr, eigh,
cholesky, matrix_power, matrix_rank, lstsq, and the torch.* aliases (inverse, logdet, svd, ...).

The forward passes run the backend's array-API `xp.linalg`; the backward passes are PyTorch's
formulas (FunctionsManual.cpp) written with differentiable ops, so double backward works.
LAPACK's failure reports (the singular pivot, the leading minor that is not positive) come from
small batched eliminations here, so the errors name the same element PyTorch names.
"""

from __future__ import annotations

import functools
import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._creation import eye, zeros_like
from .._tensor import Tensor, make_tensor, tensor_method
from .._type_info import finfo
from ..autograd.node import Node
from ._helpers import broadcast_shapes, check_tensor, on_backend, record, return_type
from .comparison import where
from .diagonals import tril
from .joining import cat
from .out import with_out


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a decomposition or solver failed on its input (a RuntimeError)."""


_LinAlgError.__module__ = "torch._C"


# torch.return_types.<name>: (name, fields), the named tuple made on first use (return_type)
_INV_EX = ("linalg_inv_ex", ("inverse", "info"))
_SLOGDET = ("linalg_slogdet", ("sign", "logabsdet"))
_TORCH_SLOGDET = ("slogdet", ("sign", "logabsdet"))
_SOLVE_EX = ("linalg_solve_ex", ("result", "info"))
_SVD = ("linalg_svd", ("U", "S", "Vh"))
_TORCH_SVD = ("svd", ("U", "S", "V"))
_QR = ("linalg_qr", ("Q", "R"))
_TORCH_QR = ("qr", ("Q", "R"))
_EIGH = ("linalg_eigh", ("eigenvalues", "eigenvectors"))
_CHOLESKY_EX = ("linalg_cholesky_ex", ("L", "info"))
_LSTSQ = ("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"))


# --- checks and recording -------------------------------------------------------------------------
def _type_name(t: Tensor) -> str:
    return t.dtype.legacy_name[:-6]  # FloatTensor -> Float


def _matrices(A, name: str, square: bool = True, arg: str = "A") -> Tensor:
    """`A` checked as PyTorch's linalg functions check it: >= 2 dims, float32/64, square."""
    t = check_tensor(A, name.replace(".", "_"), arg)
    if t._data.ndim < 2:
        raise RuntimeError(msg.LINALG_DIMS.format(name=name, arg=arg))
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.LINALG_FLOAT.format(name=name, dtype=_type_name(t)))
    if t.dtype.itemsize < 4:
        raise RuntimeError(msg.LINALG_LOW_PRECISION.format(name=name, dtype=_type_name(t)))
    rows, cols = t._data.shape[-2:]
    if square and rows != cols:
        raise RuntimeError(msg.LINALG_SQUARE.format(name=name, rows=rows, cols=cols))
    return t


class _LinalgNode(Node):
    """A node of one of these ops: several outputs, options kept in `_opts`."""

    __slots__ = ("_n_outputs", "_opts")


def _scalar(backend, value, dtype):
    """A 0-d array of `value` on the backend's device (array-API `where` wants arrays)."""
    return backend.xp.asarray(value, dtype=dtype, device=backend.native_device)


def _first_failure(backend, info, batched: bool):
    """(batch prefix, info) of the first matrix whose `info` is not 0, else None."""
    values = backend.to_host(backend.xp.reshape(info, (-1,))).tolist()
    for index, value in enumerate(values):
        if value:
            return (msg.LINALG_BATCH.format(index=index) if batched else ""), value
    return None


def getrf(backend, a, factors: bool = True):
    """(LU, pivots, info) of every matrix of `a` (..., m, n): getrf's packed factors, its 1-based
    int32 pivots (..., min(m, n)) and info (1 + the column of the first zero pivot, or 0).
    Without `factors` only info is meant (LU and pivots are left half-made, for speed)."""
    xp = backend.xp
    m, n = a.shape[-2:]
    k = min(m, n)
    batch = tuple(a.shape[:-2])
    u = xp.reshape(a, (math.prod(batch), m, n))
    rows = xp.arange(m, device=backend.native_device)
    int32 = backend.native[dtypes.int32]
    info = xp.zeros((u.shape[0],), dtype=int32, device=backend.native_device)
    pivots = []
    below, zero, one = (_scalar(backend, v, a.dtype) for v in (-1, 0, 1))
    for j in range(k):
        column = xp.where(rows >= j, xp.abs(u[:, :, j]), below)
        p = xp.argmax(column, axis=1)[:, None]
        pivots.append(p[:, 0])
        order = xp.where(rows == j, p, xp.where(rows == p, j, rows))
        u = xp.take_along_axis(u, xp.broadcast_to(order[:, :, None], u.shape), axis=1)
        pivot = u[:, j, j]
        info = xp.where((info == 0) & (pivot == 0), _scalar(backend, j + 1, int32), info)
        # multipliers below the pivot (a zero pivot has only zeros below it: left as they are)
        factor = xp.where(rows > j, u[:, :, j] / xp.where(pivot == 0, one, pivot)[:, None], zero)
        if not factors:  # only info: eliminate whole rows
            u = u - factor[:, :, None] * u[:, j : j + 1, :]
            continue
        # the trailing columns lose the multiples of the pivot row; column j keeps the multipliers
        trailing = u[:, :, j + 1 :] - factor[:, :, None] * u[:, j : j + 1, j + 1 :]
        kept = xp.where(rows > j, factor, u[:, :, j])[:, :, None]
        u = xp.concat([u[:, :, :j], kept, trailing], axis=2)
    piv = (
        xp.stack(pivots, axis=-1)
        if pivots
        else xp.zeros((u.shape[0], 0), dtype=int32, device=backend.native_device)
    )
    piv = xp.astype(piv + 1, int32)
    return (
        xp.reshape(u, a.shape),
        xp.reshape(piv, batch + (k,)),
        xp.reshape(info, batch),
    )


def _cholesky_info(backend, a):
    """LAPACK potrf's info per matrix (lower triangle read): the order of the first leading
    minor that is not positive-definite, 0 when there is none."""
    xp = backend.xp
    n = a.shape[-1]
    s = xp.reshape(a, (math.prod(a.shape[:-2]), n, n))
    s = xp.tril(s) + xp.matrix_transpose(xp.tril(s, k=-1))
    rows = xp.arange(n, device=backend.native_device)
    int32 = backend.native[dtypes.int32]
    info = xp.zeros((s.shape[0],), dtype=int32, device=backend.native_device)
    zero, one = _scalar(backend, 0, a.dtype), _scalar(backend, 1, a.dtype)
    for k in range(n):
        d = s[:, k, k]
        bad = ~(d > 0)
        info = xp.where((info == 0) & bad, _scalar(backend, k + 1, int32), info)
        root = xp.sqrt(xp.where(bad, one, d))
        column = xp.where(rows > k, s[:, :, k] / root[:, None], zero)
        s = s - column[:, :, None] * column[:, None, :]
    return xp.reshape(info, a.shape[:-2])


def _guarded(backend, a, info, compute):
    """`compute(a)` with each failed matrix (info != 0) swapped for the identity, and its result
    set to nan (LAPACK leaves partial garbage there; NumPy would raise)."""
    xp = backend.xp
    bad = (info != 0)[..., None, None]
    n = a.shape[-1]
    identity = xp.eye(n, dtype=a.dtype, device=backend.native_device)
    out = compute(xp.where(bad, identity, a))
    return xp.where(bad, _scalar(backend, float("nan"), a.dtype), out)


def _raise_if_failed(backend, info, batched: bool, template: str, **fields) -> None:
    failure = _first_failure(backend, info, batched)
    if failure is not None:
        raise _LinAlgError(template.format(batch=failure[0], info=failure[1], **fields))


def _embed_diagonal(values: Tensor) -> Tensor:
    """Matrices with `values` (..., k) on their diagonals (PyTorch's diag_embed)."""
    k = values.shape[-1]
    return values.unsqueeze(-1) * eye(k, dtype=values.dtype, device=values.device)


def _summed_to(grad: Tensor | None, shape: tuple) -> Tensor | None:
    """A gradient summed back over the batch dims that broadcasting added to its input."""
    if grad is None or tuple(grad.shape) == tuple(shape):
        return grad
    return grad.sum_to_size(shape)


# --- inv ------------------------------------------------------------------------------------------
class LinalgInvExBackward0(_LinalgNode):
    """d(A^-1) = -A^-T grad A^-T."""

    __slots__ = ()

    def backward(self, grad, _info=None):
        inverse_t = self._unpack(0).mT
        return -(inverse_t @ grad @ inverse_t)


def _inv_ex(A, name: str, check_errors: bool):
    a = _matrices(A, name)
    backend = a._backend
    info = getrf(backend, a._data, factors=False)[2]
    if check_errors:
        _raise_if_failed(backend, info, a._data.ndim > 2, msg.LINALG_SINGULAR_INV, name=name)
    data = _guarded(backend, a._data, info, backend.xp.linalg.inv)
    inverse, info_t = record(
        LinalgInvExBackward0,
        (a,),
        [data, info],
        backend,
        save_result=True,
        differentiable=(True, False),
    )
    return return_type(*_INV_EX)(inverse, info_t)


def inv_ex(A, *, check_errors: bool = False):
    """(inverse, info): the inverse and LAPACK's info (0, or the first zero pivot's column)."""
    return _inv_ex(A, "linalg.inv_ex", check_errors)


@with_out
@tensor_method("inverse")
def inv(A) -> Tensor:
    """The inverse of each square matrix; LinAlgError naming the zero pivot if singular."""
    return _inv_ex(A, "linalg.inv", True).inverse


inverse = inv


# --- det / slogdet / logdet -----------------------------------------------------------------------
def _inverse_transpose_scaled(A: Tensor, scale: Tensor) -> Tensor:
    """scale * A^-T per matrix: the gradient of det (scale = grad * det) and of log|det|."""
    return scale.unsqueeze(-1).unsqueeze(-1) * inv(A).mT


def _cofactors(A: Tensor) -> Tensor:
    """det(A) A^-T without inverting A, which may be singular, from A = U S V^T (as PyTorch's
    linalg_det_backward): det(U) det(V^T) U diag(prod of the other singular values) V^T."""
    U, S, Vh = svd(A)
    ones = S.new_ones(tuple(S.shape[:-1]) + (1,))
    before = cat([ones, S[..., :-1].cumprod(-1)], -1)  # s_0 ... s_{i-1}
    after = cat([ones, S.flip(-1)[..., :-1].cumprod(-1)], -1).flip(-1)  # s_{i+1} ... s_{n-1}
    sign = det(U) * det(Vh)
    return (U * (before * after * sign.unsqueeze(-1)).unsqueeze(-2)) @ Vh


class LinalgDetBackward0(_LinalgNode):
    """d det(A) / dA = det(A) A^-T, the cofactor matrix (through the SVD where A is singular)."""

    __slots__ = ()

    def backward(self, grad):
        A, det_ = self._unpack(0), self._unpack(1)
        if bool((det_ == 0).any()):
            return grad.unsqueeze(-1).unsqueeze(-1) * _cofactors(A)
        return _inverse_transpose_scaled(A, grad * det_)


@tensor_method("det")
def det(A) -> Tensor:
    """The determinant of each square matrix."""
    a = _matrices(A, "linalg.det")
    data = a._backend.xp.linalg.det(a._data)
    return record(LinalgDetBackward0, (a,), [data], a._backend, (a,), save_result=True)[0]


class LinalgSlogdetBackward0(_LinalgNode):
    """Only log|det| has a gradient (A^-T); the sign is locally constant."""

    __slots__ = ()

    def backward(self, grad_sign, grad_logabsdet):
        A = self._unpack(0)
        if grad_logabsdet is None:
            return zeros_like(A)
        return _inverse_transpose_scaled(A, grad_logabsdet)


def _slogdet(A, name: str, result_type: tuple):
    a = _matrices(A, name)
    sign, logabsdet = a._backend.xp.linalg.slogdet(a._data)
    return return_type(*result_type)(
        *record(
            LinalgSlogdetBackward0,
            (a,),
            [sign, logabsdet],
            a._backend,
            (a,),
            save_result=True,
        )
    )


def slogdet(A):
    """(sign, logabsdet) of each square matrix's determinant (no overflow for large ones)."""
    return _slogdet(A, "linalg.slogdet", _SLOGDET)


@functools.partial(with_out, name="slogdet")
@tensor_method("slogdet")
def torch_slogdet(input):
    """torch.slogdet: linalg.slogdet as the named tuple torch.return_types.slogdet."""
    return _slogdet(input, "linalg.slogdet", _TORCH_SLOGDET)


@tensor_method("logdet")
def logdet(input) -> Tensor:
    """log det: nan for a negative determinant, -inf for a singular matrix (as PyTorch)."""
    sign, logabsdet = _slogdet(input, "logdet", _SLOGDET)
    return where(sign == -1, float("nan"), logabsdet)


# --- solve ----------------------------------------------------------------------------------------
class LinalgSolveExBackward0(_LinalgNode):
    """AX = B: gB = A^-T gX, gA = -gB X^T (XA = B: gB = gX A^-T, gA = -X^T gB)."""

    __slots__ = ()

    def backward(self, grad, _info=None):
        A, X = self._unpack(0), self._unpack(1)
        left, vector, b_shape = self._opts["left"], self._opts["vector"], self._opts["b_shape"]
        if vector:
            grad, X = grad.unsqueeze(-1), X.unsqueeze(-1)
        g_b = solve(A.mT, grad, left=left)
        g_a = None
        if self.needs_input_grad(0):
            g_a = _summed_to(-(g_b @ X.mT if left else X.mT @ g_b), tuple(A.shape))
        if not self.needs_input_grad(1):
            return g_a, None
        return g_a, _summed_to(g_b.squeeze(-1) if vector else g_b, b_shape)


def _is_vector_rhs(a: Tensor, b: Tensor) -> bool:
    """PyTorch's rule: B is a (batch of) vector(s) when 1-D or A's shape without its last dim."""
    return b.dim() == 1 or (b.dim() == a.dim() - 1 and tuple(b.shape) == tuple(a.shape[:-1]))


def _solve_ex(A, B, left: bool, check_errors: bool):
    a = _matrices(A, "linalg.solve")
    b = check_tensor(B, "linalg_solve", "B", 2)
    if b.dtype is not a.dtype:
        raise RuntimeError(msg.LINALG_SOLVE_DTYPES.format(a=_type_name(a), b=_type_name(b)))
    backend = a._backend
    xp = backend.xp
    vector = _is_vector_rhs(a, b)
    bm = xp.expand_dims(b._data, axis=-1) if vector else b._data
    n = a._data.shape[-1]
    if bm.ndim < 2 or bm.shape[-2 if left else -1] != n:
        rows, cols = bm.shape[-2:] if bm.ndim >= 2 else (bm.shape[-1], 1)
        raise RuntimeError(
            msg.LINALG_SOLVE_SHAPES.format(
                eq="AX = B" if left else "XA = B", a0=n, a1=n, b0=rows, b1=cols
            )
        )
    batch = broadcast_shapes(tuple(a._data.shape[:-2]), tuple(bm.shape[:-2]))
    info = xp.broadcast_to(getrf(backend, a._data, factors=False)[2], batch)
    if check_errors:
        _raise_if_failed(backend, info, len(batch) > 0, msg.LINALG_SINGULAR_SOLVE)
    am = xp.broadcast_to(a._data, batch + (n, n))
    bm = xp.broadcast_to(bm, batch + tuple(bm.shape[-2:]))

    def compute(matrices):
        if left:
            return xp.linalg.solve(matrices, bm)
        return xp.matrix_transpose(
            xp.linalg.solve(xp.matrix_transpose(matrices), xp.matrix_transpose(bm))
        )

    data = _guarded(backend, am, info, compute)
    if vector:
        data = xp.squeeze(data, axis=-1)
    result, info_t = record(
        LinalgSolveExBackward0,
        (a, b),
        [data, info],
        backend,
        (a,),
        save_result=True,
        state={"opts": {"left": left, "vector": vector, "b_shape": tuple(b.shape)}},
        differentiable=(True, False),
    )
    return return_type(*_SOLVE_EX)(result, info_t)


def solve_ex(A, B, *, left: bool = True, check_errors: bool = False):
    """(result, info): the solution of AX = B (XA = B if not left) and LAPACK's info."""
    return _solve_ex(A, B, left, check_errors)


def solve(A, B, *, left: bool = True) -> Tensor:
    """The solution X of AX = B (XA = B if not left); B may be a (batch of) vector(s)."""
    return _solve_ex(A, B, left, True).result


def solve_triangular(
    A, B, *, upper: bool, left: bool = True, unitriangular: bool = False, out=None
) -> Tensor:
    """The solution X of AX = B (XA = B if not left) for triangular A: only A's upper (lower)
    triangle is read, and its diagonal taken as ones when unitriangular."""
    a = check_tensor(A, "linalg_solve_triangular", "A")
    b = check_tensor(B, "linalg_solve_triangular", "B", 2)
    for name, t in (("A", a), ("B", b)):
        if t.dim() < 2:
            raise RuntimeError(msg.SOLVE_TRIANGULAR_DIMS.format(arg=name))
    triangle = a.triu(int(unitriangular)) if upper else a.tril(-int(unitriangular))
    if unitriangular:
        triangle = triangle + triangle.new_ones(a.shape[-1]).diag()
    result = solve(triangle, b, left=left)
    return result if out is None else out.copy_(result)


# --- pinv -----------------------------------------------------------------------------------------
def _tolerances(backend, a, atol, rtol) -> tuple:
    """(atol, rtol) as arrays of a's dtype (a number, or a tensor per matrix that broadcasts
    over the batch; atol None when not given). PyTorch's rtol when none is given: eps * max(m,
    n), or 0 where a positive atol is."""
    dtype = backend.dtype_of(a)

    def array(value):
        if isinstance(value, Tensor):
            return on_backend(value, backend, dtype)
        return _scalar(backend, value, backend.native[dtype])

    atol = None if atol is None else array(atol)
    if rtol is not None:
        return atol, array(rtol)
    default = array(finfo(dtype).eps * max(a.shape[-2:]))
    if atol is None:
        return atol, default
    return atol, backend.xp.where(atol > 0, array(0.0), default)


def _cutoff(backend, sizes, atol, rtol):
    """max(atol, rtol * largest) per matrix, for singular values `sizes` (..., k)."""
    xp = backend.xp
    largest = xp.max(sizes, axis=-1, keepdims=True) if sizes.shape[-1] else sizes[..., :1]
    cut = largest * rtol[..., None]
    return cut if atol is None else xp.maximum(cut, atol[..., None])


def _pinv_grad(grad: Tensor, pinv_a: Tensor, A: Tensor) -> Tensor:
    """PyTorch's pinv_backward (Golub and Pereyra), with products of the smaller dimension."""
    m, n = A.shape[-2:]
    pinv_t, grad_t = pinv_a.mT, grad.mT
    if m <= n:
        K = grad_t @ pinv_a
        k_pinv_t = K @ pinv_t
        return (
            -(pinv_a @ K).mT
            + k_pinv_t
            - (A @ pinv_a) @ k_pinv_t
            + (pinv_t @ pinv_a) @ (grad_t - K @ A)
        )
    K = pinv_a @ grad_t
    pinv_t_k = pinv_t @ K
    return -(K @ pinv_a).mT + pinv_t_k - pinv_t_k @ pinv_a @ A + (grad_t - A @ K) @ pinv_a @ pinv_t


class LinalgPinvBackward0(_LinalgNode):
    __slots__ = ()

    def backward(self, grad):
        return _pinv_grad(grad, self._unpack(1), self._unpack(0))


def pinv(A, rcond=None, hermitian: bool = False, *, atol=None, rtol=None) -> Tensor:
    """The Moore-Penrose pseudo-inverse: singular values below max(atol, rtol * largest) are
    treated as zero (numbers, or tensors per matrix; `rcond`, the older name, is rtol)."""
    a = check_tensor(A, "linalg_pinv", "A")
    if a._data.ndim < 2 or not a.dtype.is_floating_point or a.dtype.itemsize < 4:
        raise RuntimeError(
            msg.LINALG_PINV_INPUT.format(
                dtype=_type_name(a), shape=", ".join(str(s) for s in a.shape)
            )
        )
    backend = a._backend
    xp = backend.xp
    atol, rtol = _tolerances(backend, a._data, atol, rcond if rtol is None else rtol)
    if hermitian:
        values, vectors = xp.linalg.eigh(a._data)
        keep = xp.abs(values) > _cutoff(backend, xp.abs(values), atol, rtol)
        scaled = xp.where(keep, 1 / values, _scalar(backend, 0, values.dtype))
        data = vectors @ (scaled[..., None] * xp.matrix_transpose(vectors))
    else:
        u, s, vh = xp.linalg.svd(a._data, full_matrices=False)
        scaled = xp.where(s > _cutoff(backend, s, atol, rtol), 1 / s, _scalar(backend, 0, s.dtype))
        data = xp.matrix_transpose(vh) @ (scaled[..., None] * xp.matrix_transpose(u))
    return record(LinalgPinvBackward0, (a,), [data], backend, (a,), save_result=True)[0]


@tensor_method("pinverse")
def pinverse(input, rcond: float = 1e-15) -> Tensor:
    """torch.pinverse: linalg.pinv with rtol=rcond."""
    return pinv(input, rtol=rcond)


# --- svd ------------------------------------------------------------------------------------------
class LinalgSvdBackward0(_LinalgNode):
    """PyTorch's svd_backward for real matrices (gauge-invariant losses only)."""

    __slots__ = ()

    def backward(self, grad_u, grad_s, grad_vh):
        U, S, Vh = self._unpack(0), self._unpack(1), self._unpack(2)
        k = S.shape[-1]
        if self._opts["full_matrices"]:
            U, Vh = U[..., :k], Vh[..., :k, :]
            grad_u = None if grad_u is None else grad_u[..., :k]
            grad_vh = None if grad_vh is None else grad_vh[..., :k, :]
        m, n = U.shape[-2], Vh.shape[-1]
        if grad_u is None and grad_vh is None:
            return U @ (grad_s.unsqueeze(-1) * Vh) if m >= n else (U * grad_s.unsqueeze(-2)) @ Vh
        squares = S * S
        gaps = (
            squares.unsqueeze(-2) - squares.unsqueeze(-1) + eye(k, dtype=S.dtype, device=S.device)
        )
        uh_gu = None if grad_u is None else _skew(U.mT @ grad_u)
        vh_gv = None if grad_vh is None else _skew(Vh @ grad_vh.mT)
        if uh_gu is not None and vh_gv is not None:
            core = (uh_gu * S.unsqueeze(-2) + S.unsqueeze(-1) * vh_gv) / gaps
        elif uh_gu is not None:
            core = (uh_gu / gaps) * S.unsqueeze(-2)
        else:
            core = S.unsqueeze(-1) * (vh_gv / gaps)
        if grad_s is not None:
            core = core + _embed_diagonal(grad_s)
        if m > n and grad_u is not None:
            scaled = grad_u / S.unsqueeze(-2)
            return (U @ core + scaled - U @ (U.mT @ scaled)) @ Vh
        if m < n and grad_vh is not None:
            scaled = grad_vh / S.unsqueeze(-1)
            return U @ (core @ Vh + scaled - (scaled @ Vh.mT) @ Vh)
        return U @ core @ Vh


def _skew(X: Tensor) -> Tensor:
    return X - X.mT


def _svd(a: Tensor, full_matrices: bool) -> list:
    backend = a._backend
    u, s, vh = backend.xp.linalg.svd(a._data, full_matrices=full_matrices)
    return record(
        LinalgSvdBackward0,
        (a,),
        [u, s, vh],
        backend,
        save_result=True,
        state={"opts": {"full_matrices": full_matrices}},
    )


def svd(A, full_matrices: bool = True, *, driver=None):
    """(U, S, Vh) with A = U diag(S) Vh, singular values in descending order."""
    return return_type(*_SVD)(*_svd(_matrices(A, "linalg.svd", square=False), full_matrices))


def svdvals(A, *, driver=None) -> Tensor:
    """The singular values of each matrix, in descending order."""
    a = _matrices(A, "linalg.svd", square=False)
    if not a.requires_grad:
        return make_tensor(a._backend.xp.linalg.svdvals(a._data), a._backend)
    return _svd(a, False)[1]


@functools.partial(with_out, name="svd")
@tensor_method("svd")
def torch_svd(input, some: bool = True, compute_uv: bool = True):
    """torch.svd: (U, S, V) with V = Vh^T (not Vh); zero U and V when compute_uv is False."""
    a = _matrices(input, "linalg.svd", square=False)
    if not compute_uv:
        m, n = a.shape[-2:]
        batch = tuple(a.shape[:-2])
        blank = a.detach().new_zeros
        return return_type(*_TORCH_SVD)(blank(batch + (m, m)), svdvals(a), blank(batch + (n, n)))
    u, s, vh = _svd(a, not some)
    return return_type(*_TORCH_SVD)(u, s, vh.mT)


@functools.partial(with_out, name="qr")
@tensor_method("qr")
def torch_qr(input, some: bool = True):
    """torch.qr (deprecated in PyTorch, with its warning): linalg.qr, 'reduced' if some else
    'complete'."""
    warnings.warn(msg.QR_DEPRECATED, UserWarning, stacklevel=2)
    q, r = qr(input, "reduced" if some else "complete")
    return return_type(*_TORCH_QR)(q, r)


# --- qr -------------------------------------------------------------------------------------------
class LinalgQrBackward0(_LinalgNode):
    """PyTorch's linalg_qr_backward (arXiv:2009.10071, sections 4.3 and 4.5)."""

    __slots__ = ()

    def backward(self, grad_q, grad_r):
        mode = self._opts["mode"]
        if mode == "r":
            raise RuntimeError(msg.LINALG_QR_R_BACKWARD)
        Q, R = self._unpack(0), self._unpack(1)
        m, n = Q.shape[-2], R.shape[-1]
        if mode == "complete" and m > n:
            raise RuntimeError(msg.LINALG_QR_COMPLETE_BACKWARD)
        if grad_q is None:
            gap = grad_r @ R.mT
        else:
            gap = -(Q.mT @ grad_q) if grad_r is None else grad_r @ R.mT - Q.mT @ grad_q
        if m >= n:
            upper = gap.triu()
            b = Q @ (upper + upper.mT - _embed_diagonal(upper.diagonal(0, -2, -1)))
            if grad_q is not None:
                b = b + grad_q
            return solve(R.mT, b, left=False)
        b = Q @ tril(-gap - (-gap).mT)
        square = solve(R[..., :m].mT, b, left=False)
        result = cat([square, square.new_zeros(tuple(square.shape[:-1]) + (n - m,))], -1)
        return result if grad_r is None else result + Q @ grad_r


def qr(A, mode: str = "reduced"):
    """(Q, R) with A = QR, Q orthonormal columns, R upper triangular; mode 'reduced',
    'complete', or 'r' (R only: Q is empty)."""
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(msg.LINALG_QR_MODE.format(mode=mode))
    a = _matrices(A, "linalg.qr", square=False)
    backend = a._backend
    xp = backend.xp
    q, r = xp.linalg.qr(a._data, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        q = xp.zeros((0,), dtype=q.dtype, device=backend.native_device)
    return return_type(*_QR)(
        *record(
            LinalgQrBackward0,
            (a,),
            [q, r],
            backend,
            save_result=True,
            state={"opts": {"mode": mode}},
        )
    )


# --- eigh -----------------------------------------------------------------------------------------
class LinalgEighBackward0(_LinalgNode):
    """gA = V (skew(V^T gV) / 2 / (L_j - L_i) + diag(gL)) V^T."""

    __slots__ = ()

    def backward(self, grad_values, grad_vectors):
        L, V = self._unpack(0), self._unpack(1)
        if grad_vectors is None:
            return V @ (grad_values.unsqueeze(-1) * V.mT)
        k = L.shape[-1]
        gaps = L.unsqueeze(-2) - L.unsqueeze(-1) + eye(k, dtype=L.dtype, device=L.device)
        core = _skew(V.mT @ grad_vectors) * 0.5 / gaps
        if grad_values is not None:
            core = core + _embed_diagonal(grad_values)
        return V @ core @ V.mT


def _eigh(A, UPLO: str, name: str) -> list:
    a = _matrices(A, name)
    if UPLO not in ("L", "U"):
        raise RuntimeError(msg.LINALG_UPLO.format(uplo=UPLO))
    backend = a._backend
    xp = backend.xp
    part = xp.tril if UPLO == "L" else xp.triu
    symmetric = part(a._data) + xp.matrix_transpose(part(a._data, k=-1 if UPLO == "L" else 1))
    values, vectors = xp.linalg.eigh(symmetric)
    return record(
        LinalgEighBackward0,
        (a,),
        [values, vectors],
        backend,
        save_result=True,
    )


def eigh(A, UPLO: str = "L"):
    """(eigenvalues ascending, eigenvectors) of symmetric matrices, reading the UPLO triangle."""
    return return_type(*_EIGH)(*_eigh(A, UPLO, "linalg.eigh"))


def eigvalsh(A, UPLO: str = "L") -> Tensor:
    """The eigenvalues (ascending) of symmetric matrices, reading the UPLO triangle."""
    return _eigh(A, UPLO, "linalg.eigh")[0]


# --- cholesky -------------------------------------------------------------------------------------
class LinalgCholeskyExBackward0(_LinalgNode):
    """PyTorch's cholesky_backward: gA = L^-T Phi(L^T gL) L^-1, Phi symmetrising tril."""

    __slots__ = ()

    def backward(self, grad, _info=None):
        L = self._unpack(0)
        if self._opts["upper"]:
            L, grad = L.mT, grad.mT
        phi = (L.mT @ grad).tril()
        phi = 0.5 * (phi + phi.tril(-1).mT)
        return solve(L, solve(L.mT, phi), left=False)


class CholeskyBackward0(LinalgCholeskyExBackward0):
    """torch.cholesky's (deprecated) node: the same formula."""

    __slots__ = ()


def _cholesky_ex(A, upper: bool, check_errors: bool, name: str, cls=LinalgCholeskyExBackward0):
    a = _matrices(A, name)
    backend = a._backend
    xp = backend.xp
    info = _cholesky_info(backend, a._data)
    if check_errors:
        _raise_if_failed(backend, info, a._data.ndim > 2, msg.LINALG_NOT_PD, name=name)
    data = _guarded(backend, a._data, info, xp.linalg.cholesky)
    if upper:
        data = xp.matrix_transpose(data)
    factor, info_t = record(
        cls,
        (a,),
        [data, info],
        backend,
        save_result=True,
        state={"opts": {"upper": upper}},
        differentiable=(True, False),
    )
    return return_type(*_CHOLESKY_EX)(factor, info_t)


def cholesky_ex(A, *, upper: bool = False, check_errors: bool = False):
    """(L, info): the Cholesky factor and LAPACK's info (the failing leading minor, or 0)."""
    return _cholesky_ex(A, upper, check_errors, "linalg.cholesky_ex")


def cholesky(A, *, upper: bool = False) -> Tensor:
    """The lower triangular L with A = L L^T (upper: L^T) of symmetric positive-definite A."""
    return _cholesky_ex(A, upper, True, "linalg.cholesky").L


@functools.partial(with_out, name="cholesky")
@tensor_method("cholesky")
def torch_cholesky(input, upper: bool = False) -> Tensor:
    """torch.cholesky (deprecated in PyTorch, with its warning): as linalg.cholesky."""
    warnings.warn(msg.CHOLESKY_DEPRECATED, UserWarning, stacklevel=2)
    return _cholesky_ex(input, upper, True, "cholesky", CholeskyBackward0).L


# --- matrix_power / matrix_rank -------------------------------------------------------------------
@with_out
@tensor_method("matrix_power")
def matrix_power(A, n: int) -> Tensor:
    """A multiplied by itself n times by binary powering (n < 0: powers of the inverse)."""
    a = check_tensor(A, "linalg_matrix_power", "A")
    if a._data.ndim < 2:
        raise RuntimeError(msg.LINALG_DIMS.format(name="linalg.matrix_power", arg="A"))
    rows, cols = a._data.shape[-2:]
    if rows != cols:
        raise RuntimeError(
            msg.LINALG_SQUARE.format(name="linalg.matrix_power", rows=rows, cols=cols)
        )
    if n == 0:
        return a.clone().copy_(eye(rows, dtype=a.dtype, device=a.device).expand_as(a))
    if n == 1:
        return a.clone()
    if n < 0:
        a, n = inv(a), -n  # PyTorch returns inv(A) itself for n = -1
    power = result = None
    while n:
        power = a if power is None else power @ power
        if n % 2:
            result = power if result is None else result @ power
        n //= 2
    return result


def matrix_rank(A, tol=None, hermitian: bool = False, *, atol=None, rtol=None) -> Tensor:
    """How many singular values exceed max(atol, rtol * the largest), as int64 (numbers, or
    tensors per matrix; `tol`, the older form, is atol with rtol 0)."""
    a = check_tensor(A, "linalg_matrix_rank", "input")
    if a._data.ndim < 2:
        raise RuntimeError(msg.LINALG_RANK_DIMS)
    if not a.dtype.is_floating_point or a.dtype.itemsize < 4:
        raise RuntimeError(msg.LINALG_RANK_DTYPE)
    backend = a._backend
    xp = backend.xp
    if tol is not None:
        atol, rtol = tol, 0.0
    atol, rtol = _tolerances(backend, a._data, atol, rtol)
    sizes = xp.abs(xp.linalg.eigvalsh(a._data)) if hermitian else xp.linalg.svdvals(a._data)
    count = xp.sum(
        xp.astype(sizes > _cutoff(backend, sizes, atol, rtol), backend.native[dtypes.int64]),
        axis=-1,
    )
    return make_tensor(count, backend)


# --- lstsq ----------------------------------------------------------------------------------------
class LinalgLstsqBackward0(_LinalgNode):
    """PyTorch's linalg_lstsq_backward: the solution's gradient through pinv(A); the residuals'
    ||A X - B||^2 (per column) give 2 (A X - B) X^T to A and -2 (A X - B) to B (X is optimal,
    so its own change contributes nothing)."""

    __slots__ = ()

    def backward(self, grad, grad_residuals, *_others):
        A, B = self._unpack(0), self._unpack(1)
        vector = self._opts["vector"]
        if vector:
            B = B.unsqueeze(-1)
        g_a = g_b = None
        if grad is not None:
            if vector:
                grad = grad.unsqueeze(-1)
            pinv_a = pinv(A)
            g_a = _pinv_grad(grad @ B.mT, pinv_a, A) if self.needs_input_grad(0) else None
            g_b = pinv_a.mT @ grad if self.needs_input_grad(1) else None
        if grad_residuals is not None and grad_residuals.numel():
            X = self._unpack(2)
            X = X.unsqueeze(-1) if vector else X
            misfit = (A @ X - B) * grad_residuals.reshape(X.shape[:-2] + (1, X.shape[-1]))
            if self.needs_input_grad(0):
                g_a = _added(g_a, 2 * misfit @ X.mT)
            if self.needs_input_grad(1):
                g_b = _added(g_b, -2 * misfit)
        if g_b is not None and vector:
            g_b = g_b.squeeze(-1)
        return (
            None if g_a is None else _summed_to(g_a, tuple(A.shape)),
            None if g_b is None else _summed_to(g_b, tuple(self._unpack(1).shape)),
        )


def _added(total, part):
    """A gradient summed from pieces, some of which may be missing."""
    return part if total is None else total + part


_LSTSQ_DRIVERS = (None, "gels", "gelsy", "gelsd", "gelss")


def lstsq(A, B, rcond=None, *, driver=None):
    """The least-squares solution of AX = B (minimum norm, as LAPACK's gelsy on the CPU), with
    residuals, rank and singular values where the driver gives them."""
    a = _matrices(A, "torch.linalg.lstsq", square=False, arg="input")
    b = check_tensor(B, "linalg_lstsq", "b", 2)
    if driver not in _LSTSQ_DRIVERS:
        raise RuntimeError(msg.LSTSQ_DRIVER)
    if b.dtype is not a.dtype:
        raise RuntimeError(msg.LSTSQ_DTYPES.format(a=_type_name(a), b=_type_name(b)))
    backend = a._backend
    xp = backend.xp
    vector = b.dim() == a.dim() - 1
    bm = xp.expand_dims(b._data, axis=-1) if vector else b._data
    m, n = a._data.shape[-2:]
    if bm.ndim < 2 or bm.shape[-2] != m:
        raise RuntimeError(msg.LSTSQ_ROWS)
    u, s, vh = xp.linalg.svd(a._data, full_matrices=False)
    _, rtol = _tolerances(backend, a._data, None, rcond)
    keep = s > _cutoff(backend, s, None, rtol)
    scaled = xp.where(keep, 1 / s, _scalar(backend, 0, s.dtype))
    solution = xp.matrix_transpose(vh) @ (scaled[..., None] * (xp.matrix_transpose(u) @ bm))
    rank = xp.sum(xp.astype(keep, backend.native[dtypes.int64]), axis=-1)
    empty = xp.zeros((0,), dtype=s.dtype, device=backend.native_device)
    residuals = empty
    if driver not in (None, "gelsy") and m > n and bool(xp.all(rank == n)):
        residuals = xp.sum((a._data @ solution - bm) ** 2, axis=-2)
    if vector:  # (the residuals keep their last dim of 1, as in PyTorch)
        solution = xp.squeeze(solution, axis=-1)
    if driver == "gels":
        rank = xp.zeros((0,), dtype=rank.dtype, device=backend.native_device)
    values = s if driver in ("gelsd", "gelss") else empty
    outs = record(
        LinalgLstsqBackward0,
        (a, b),
        [solution, residuals, rank, values],
        backend,
        (a, b),
        save_result=True,
        state={"opts": {"vector": vector}},
        differentiable=(True, True, False, False),
    )
    return return_type(*_LSTSQ)(*outs)


__all__ = ["det", "inverse", "logdet", "matrix_power", "pinverse"]
