"""torch.linalg's decompositions and solvers: values, grad_fn names, gradients (first and
second order, float64) and errors. Expected values, reprs, names and error texts were computed
with PyTorch 2.13 (CPU)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests._finite_differences import numeric_gradient

D = torch.float64
L = torch.linalg

# From PyTorch 2.13, for the fixed matrices A (symmetric positive-definite), M (4x3) and b.
A_ = [[4.0, 1.0, 2.0], [1.0, 3.0, 0.5], [2.0, 0.5, 5.0]]
M_ = [[1.0, 2.0, 0.0], [3.0, -1.0, 4.0], [0.0, 2.0, 2.0], [1.0, 1.0, 1.0]]
B_ = [[1.0, 2.0], [0.0, 1.0], [3.0, -1.0]]
INV = [0.3352272727, -0.0909090909, -0.125, -0.0909090909, 0.3636363636, 0.0, -0.125, 0.0, 0.25]
SLOGDET = (-1.0, 3.7841896339182615)
SOLVE = [-0.0397727273, 0.7045454545, -0.0909090909, 0.1818181818, 0.625, -0.5]
PINV = [
    0.3858784893,
    0.1543513957,
    -0.3842364532,
    0.1510673235,
    0.2249589491,
    -0.1100164204,
    0.1674876847,
    0.105090312,
    -0.249589491,
    0.1001642036,
    0.3251231527,
    -0.0509031199,
]
SVDVALS = [5.473796331, 3.1632714596, 1.4252253854]
QR_Q = [
    -0.3015113446,
    0.632455532,
    0.5872710589,
    -0.9045340337,
    -0.316227766,
    -0.2356811486,
    -0.0,
    0.632455532,
    -0.7649978267,
    -0.3015113446,
    0.316227766,
    0.119772387,
]
QR_R = [-3.3166247904, 0.0, -3.9196474795, 0.0, 3.1622776602, 0.316227766, 0.0, 0.0, -2.352947861]
EIGVALS = [2.0965216173, 3.072223952, 6.8312544307]
EIGVECS_ABS = [
    0.7167430663,
    0.3257672733,
    0.6165671582,
    0.5748726248,
    0.7765018814,
    0.2580044446,
    0.3947161539,
    0.5393704774,
    0.7438270269,
]
CHOL = [2.0, 0.0, 0.0, 0.5, 1.6583123952, 0.0, 1.0, 0.0, 2.0]
POW3 = [129.0, 54.25, 138.5, 54.25, 41.75, 51.125, 138.5, 51.125, 186.25]
POWM2 = [
    0.1362667872,
    -0.0635330579,
    -0.0731534091,
    -0.0635330579,
    0.1404958678,
    0.0113636364,
    -0.0731534091,
    0.0113636364,
    0.078125,
]
LSTSQ = [-0.2315270936, 0.6650246305, 0.3497536946]


def _close(t, expected, tol=1e-8):
    got = t.flatten().tolist()
    assert len(got) == len(expected)
    assert all(abs(g - e) < tol for g, e in zip(got, expected)), (got, expected)


def test_values_match_pytorch(device):
    A = torch.tensor(A_, dtype=D, device=device)
    M = torch.tensor(M_, dtype=D, device=device)
    b = torch.tensor(B_, dtype=D, device=device)
    _close(L.inv(A), INV)
    _close(A.inverse(), INV)
    assert abs(L.det(A).item() - 44.0) < 1e-10 and abs(torch.det(A).item() - 44.0) < 1e-10
    sign, logabsdet = L.slogdet(-A)
    assert sign.item() == SLOGDET[0] and abs(logabsdet.item() - SLOGDET[1]) < 1e-12
    assert abs(torch.logdet(A).item() - SLOGDET[1]) < 1e-12
    _close(L.solve(A, b), SOLVE)
    _close(L.pinv(M), PINV)
    _close(torch.pinverse(M), PINV)
    _close(L.svdvals(M), SVDVALS)
    _close(L.svd(M).S, SVDVALS)
    q, r = L.qr(M)
    _close(q, QR_Q)
    _close(r, QR_R)
    values, vectors = L.eigh(A)
    _close(values, EIGVALS)
    _close(vectors.abs(), EIGVECS_ABS)
    _close(L.eigvalsh(A, UPLO="U"), EIGVALS)
    _close(L.cholesky(A), CHOL)
    _close(L.cholesky(A, upper=True).mT, CHOL)
    _close(L.matrix_power(A, 3), POW3)
    _close(A.matrix_power(-2), POWM2)
    result = L.lstsq(M, torch.tensor([[1.0], [0.0], [2.0], [1.0]], dtype=D, device=device))
    _close(result.solution, LSTSQ)
    assert result.rank.item() == 3 and tuple(result.residuals.shape) == (0,)
    assert L.matrix_rank(M).item() == 3 and L.matrix_rank(torch.ones(3, 3)).item() == 1


def test_decompositions_reconstruct_batched(device):
    torch.manual_seed(0)
    X = torch.randn(2, 5, 3, dtype=D, device=device)
    U, S, Vh = L.svd(X, full_matrices=False)
    assert tuple(U.shape) == (2, 5, 3) and tuple(Vh.shape) == (2, 3, 3)
    assert torch.allclose(U @ (S.unsqueeze(-1) * Vh), X)
    assert tuple(L.svd(X).U.shape) == (2, 5, 5)
    U2, S2, V2 = torch.svd(X)  # V, not Vh; some=True gives the reduced U
    assert tuple(U2.shape) == (2, 5, 3) and torch.allclose(U2 @ (S2.unsqueeze(-1) * V2.mT), X)
    Q, R = L.qr(X, mode="complete")
    assert tuple(Q.shape) == (2, 5, 5) and torch.allclose(Q @ R, X)
    assert L.qr(X, mode="r").Q.numel() == 0
    P = X.mT @ X + torch.eye(3, dtype=D, device=device)
    values, vectors = L.eigh(P)
    assert torch.allclose(vectors @ (values.unsqueeze(-1) * vectors.mT), P)
    C = L.cholesky(P)
    assert torch.allclose(C @ C.mT, P)
    assert torch.allclose(P @ L.inv(P), torch.eye(3, dtype=D, device=device).expand(2, 3, 3))
    vec = torch.randn(2, 3, dtype=D, device=device)
    assert torch.allclose((P @ L.solve(P, vec).unsqueeze(-1)).squeeze(-1), vec)
    assert torch.allclose(L.solve(P, vec.unsqueeze(1), left=False) @ P, vec.unsqueeze(1))
    assert L.matrix_rank(X).tolist() == [3, 3]


def _wc(*shape, device):
    """A well-conditioned float64 leaf (square ones get 3 I added)."""
    x = torch.randn(*shape, dtype=D, device=device)
    if shape[-1] == shape[-2]:
        x = x + 3 * torch.eye(shape[-1], dtype=D, device=device)
    return x.requires_grad_()


def _sym(a):
    return a + a.mT


GRADCHECKS = {  # gauge-invariant functions of the svd/eigh outputs, as PyTorch's docs advise
    "inv": lambda a: L.inv(a),
    "det": lambda a: L.det(a),
    "slogdet": lambda a: L.slogdet(a).logabsdet,
    "logdet": lambda a: torch.logdet(a @ a.mT),
    "solve": lambda a, b: L.solve(a, b),
    "solve_right": lambda a, b: L.solve(a, b.mT, left=False),
    "solve_vector": lambda a, b: L.solve(a, b[..., 0]),
    "pinv": lambda r, w: (L.pinv(r), L.pinv(w)),
    "svd": lambda r, w: [
        (u @ vh, s) for u, s, vh in (L.svd(r, full_matrices=False), L.svd(w, full_matrices=False))
    ],
    "svd_full": lambda r: (lambda u, s, vh: (u[..., :3] @ vh, s))(*L.svd(r)),
    "svdvals": lambda r: L.svdvals(r),
    "qr": lambda r, w: (L.qr(r), L.qr(w), L.qr(r[:3], mode="complete")),
    "eigh": lambda a: (lambda v, e: (v, e.abs()))(*L.eigh(_sym(a), UPLO="U")),
    "eigvalsh": lambda a: L.eigvalsh(_sym(a)),
    "cholesky": lambda a: (L.cholesky(a @ a.mT), L.cholesky(a @ a.mT, upper=True)),
    "matrix_power": lambda a: (L.matrix_power(a, 3), L.matrix_power(a, -2)),
    "lstsq": lambda r, b: L.lstsq(r, torch.cat([b[0], b[1]])).solution,
}


def _flat(out):
    if isinstance(out, torch.Tensor):
        return (out,)
    return tuple(t for item in out for t in _flat(item))


@pytest.mark.parametrize("name", sorted(GRADCHECKS))
def test_gradients_first_and_second_order(name):
    torch.manual_seed(1)
    a, b = _wc(2, 2, 2, device="cpu"), torch.randn(2, 2, 2, dtype=D, requires_grad=True)
    r, w = _wc(4, 3, device="cpu"), _wc(3, 4, device="cpu")
    given = {"a": a, "b": b, "r": r, "w": w}
    code = GRADCHECKS[name].__code__
    inputs = tuple(given[arg] for arg in code.co_varnames[: code.co_argcount])

    def fn(*xs):
        return _flat(GRADCHECKS[name](*xs))

    assert gradcheck(fn, inputs)
    assert gradgradcheck(fn, inputs)


def test_gradients_on_device(device):
    torch.manual_seed(2)
    a = _wc(3, 3, device=device)
    loss = L.det(a) + L.inv(a).sum() + L.svdvals(a).sum() + L.eigvalsh(_sym(a)).sum()
    loss = loss + L.cholesky(a @ a.mT).sum() + L.qr(a).R.sum() + L.pinv(a).sum()
    loss.backward()
    assert a.grad.device == a.device and torch.isfinite(a.grad).all().item()


def test_grad_fn_names_and_return_types():
    # PyTorch 2.13's grad_fn names for each output
    x = _wc(3, 3, device="cpu")
    s = x @ x.mT
    names = {
        "LinalgInvExBackward0": [
            L.inv(x),
            L.inv_ex(x).inverse,
            torch.inverse(x),
            L.matrix_power(x, -1),
        ],
        "LinalgDetBackward0": [L.det(x), x.det()],
        "LinalgSlogdetBackward0": list(L.slogdet(x)) + list(torch.slogdet(x)),
        "WhereBackward0": [torch.logdet(s)],
        "LinalgSolveExBackward0": [L.solve(x, x), L.solve_ex(x, x).result],
        "LinalgPinvBackward0": [L.pinv(x), x.pinverse()],
        "LinalgSvdBackward0": list(L.svd(x)) + [L.svdvals(x)] + list(torch.svd(x))[:2],
        "TransposeBackward0": [torch.svd(x).V],
        "LinalgQrBackward0": list(L.qr(x)) + list(L.qr(x, mode="r")),
        "LinalgEighBackward0": list(L.eigh(s)) + [L.eigvalsh(s)],
        "LinalgCholeskyExBackward0": [L.cholesky(s), L.cholesky_ex(s).L],
        "MmBackward0": [L.matrix_power(x, 3), x.matrix_power(2)],
        "CloneBackward0": [L.matrix_power(x, 1)],
        "torch::autograd::CopyBackwards": [L.matrix_power(x, 0)],
        "LinalgLstsqBackward0": list(L.lstsq(x, x))[:2],
    }
    for name, outs in names.items():
        assert [t.grad_fn.name() for t in outs] == [name] * len(outs), name
    with pytest.warns(UserWarning, match="torch.cholesky is deprecated"):
        assert s.cholesky().grad_fn.name() == "CholeskyBackward0"
    assert L.inv_ex(x).info.grad_fn is None and L.inv_ex(x).info.dtype is torch.int32
    assert L.matrix_rank(x).dtype is torch.int64
    assert repr(L.slogdet(torch.eye(2))) == (
        "torch.return_types.linalg_slogdet(\nsign=tensor(1.),\nlogabsdet=tensor(0.))"
    )
    assert repr(L.cholesky_ex(torch.eye(2))) == (
        "torch.return_types.linalg_cholesky_ex(\nL=tensor([[1., 0.],\n        [0., 1.]]),\n"
        "info=tensor(0, dtype=torch.int32))"
    )
    assert L.svd(x)._fields == ("U", "S", "Vh") and torch.svd(x)._fields == ("U", "S", "V")
    assert L.lstsq(x, x)._fields == ("solution", "residuals", "rank", "singular_values")
    assert L.eigh(s)._fields == ("eigenvalues", "eigenvectors")


SING = [[1.0, 2.0], [2.0, 4.0]]
NOT_PD = [[1.0, 2.0], [2.0, 1.0]]
ERRORS = [  # (call, exception, PyTorch 2.13's message)
    (
        lambda: L.inv(torch.tensor(SING)),
        L.LinAlgError,
        "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because "
        "the input matrix is singular.",
    ),
    (
        lambda: L.inv(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])),
        L.LinAlgError,
        "linalg.inv: The diagonal element 3 is zero, the inversion could not be completed because "
        "the input matrix is singular.",
    ),
    (
        lambda: torch.stack([torch.eye(2), torch.tensor(SING)]).inverse(),
        L.LinAlgError,
        "linalg.inv: (Batch element 1): The diagonal element 2 is zero, the inversion could not be "
        "completed because the input matrix is singular.",
    ),
    (
        lambda: L.inv(torch.ones(2, 3)),
        RuntimeError,
        "linalg.inv: A must be batches of square matrices, but they are 2 by 3 matrices",
    ),
    (
        lambda: L.det(torch.ones(3)),
        RuntimeError,
        "linalg.det: The input tensor A must have at least 2 dimensions.",
    ),
    (
        lambda: L.inv(torch.eye(2).long()),
        RuntimeError,
        "linalg.inv: Expected a floating point or complex tensor as input. Got Long",
    ),
    (
        lambda: L.inv(torch.eye(2).half()),
        RuntimeError,
        "linalg.inv: Low precision dtypes not supported. Got Half",
    ),
    (
        lambda: torch.logdet(torch.ones(2, 3)),
        RuntimeError,
        "logdet: A must be batches of square matrices, but they are 2 by 3 matrices",
    ),
    (
        lambda: L.solve(torch.tensor(SING), torch.ones(2, 1)),
        L.LinAlgError,
        "torch.linalg.solve: The solver failed because the input matrix is singular.",
    ),
    (
        lambda: L.solve(torch.stack([torch.eye(2), torch.tensor(SING)]), torch.ones(2, 2, 1)),
        L.LinAlgError,
        "torch.linalg.solve: (Batch element 1): The solver failed because the input matrix is "
        "singular.",
    ),
    (
        lambda: L.solve(torch.eye(3), torch.ones(2)),
        RuntimeError,
        "linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 2x1)",
    ),
    (
        lambda: L.solve(torch.eye(2), torch.ones(2, 1, dtype=D)),
        RuntimeError,
        "linalg.solve: Expected A and B to have the same dtype, but found A of type Float and B of "
        "type Double instead",
    ),
    (
        lambda: L.cholesky(torch.tensor(NOT_PD)),
        L.LinAlgError,
        "linalg.cholesky: The factorization could not be completed because the input is not "
        "positive-definite (the leading minor of order 2 is not positive-definite).",
    ),
    (
        lambda: L.cholesky(torch.stack([torch.eye(2), torch.tensor(NOT_PD)])),
        L.LinAlgError,
        "linalg.cholesky: (Batch element 1): The factorization could not be completed because the "
        "input is not positive-definite (the leading minor of order 2 is not positive-definite).",
    ),
    (
        lambda: L.eigh(torch.eye(2), UPLO="X"),
        RuntimeError,
        "Expected UPLO argument to be 'L' or 'U', but got X",
    ),
    (
        lambda: L.qr(torch.ones(2, 3), mode="foo"),
        RuntimeError,
        "qr received unrecognized mode 'foo' but expected one of 'reduced' (default), 'r', or "
        "'complete'",
    ),
    (
        lambda: L.qr(torch.randn(3, 2, requires_grad=True), mode="r").R.sum().backward(),
        RuntimeError,
        "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
        "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.",
    ),
    (
        lambda: L.qr(torch.randn(3, 2, requires_grad=True), mode="complete").Q.sum().backward(),
        RuntimeError,
        "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.",
    ),
    (
        lambda: L.matrix_power(torch.ones(2, 3), 2),
        RuntimeError,
        "linalg.matrix_power: A must be batches of square matrices, but they are 2 by 3 matrices",
    ),
    (
        lambda: L.matrix_rank(torch.ones(2)),
        RuntimeError,
        "torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.",
    ),
    (
        lambda: L.pinv(torch.eye(2).long()),
        RuntimeError,
        "linalg.pinv(Long{[2, 2]}): expected a tensor with 2 or more dimensions of float, double, "
        "cfloat or cdouble types",
    ),
    (
        lambda: L.lstsq(torch.randn(3, 2), torch.randn(4, 1)),
        RuntimeError,
        "torch.linalg.lstsq: input.size(-2) should match other.size(-2)",
    ),
    (
        lambda: L.lstsq(torch.randn(3, 2), torch.randn(3, 1), driver="foo"),
        RuntimeError,
        "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)",
    ),
]


@pytest.mark.parametrize("index", range(len(ERRORS)))
def test_errors_match_pytorch(index):
    call, kind, text = ERRORS[index]
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


def test_failures_reported_in_info_not_raised(device):
    # PyTorch 2.13: info is LAPACK's (the pivot's column / the failing minor's order), no error
    pair = torch.stack([torch.eye(2), torch.tensor(SING)]).to(device)
    assert L.inv_ex(pair).info.tolist() == [0, 2]
    assert L.cholesky_ex(torch.tensor(NOT_PD, device=device)).info.item() == 2
    assert L.solve_ex(pair, torch.ones(2, 2, 1, device=device)).info.tolist() == [0, 2]
    assert L.det(torch.tensor(SING, device=device)).item() == 0
    sign, logabsdet = L.slogdet(torch.tensor(SING, device=device))
    assert sign.item() == 0 and logabsdet.item() == float("-inf")
    assert torch.isnan(torch.logdet(torch.diag(torch.tensor([-1.0, 2.0], device=device)))).item()
    assert issubclass(L.LinAlgError, RuntimeError)


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
F = torch.nn.functional


def test_solve_triangular_qr_dropout3d():
    A = torch.tensor([[2.0, 0.0], [1.0, 3.0]])
    B = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    solve = torch.linalg.solve_triangular
    np.testing.assert_allclose(
        solve(A, B, upper=False).numpy(), [[0.5, 1.0], [0.8333333, 1.0]], rtol=1e-6
    )
    np.testing.assert_allclose(
        solve(A.t(), B, upper=True).numpy(),
        [[0.0, 0.3333333], [1.0, 1.3333334]],
        rtol=1e-6,
        atol=1e-7,
    )
    np.testing.assert_allclose(
        solve(A, B, upper=False, left=False).numpy(),
        [[0.1666667, 0.6666667], [0.8333333, 1.3333334]],
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        solve(A, B, upper=False, unitriangular=True).numpy(), [[1.0, 2.0], [2.0, 2.0]]
    )
    with pytest.raises(RuntimeError) as info:
        solve(A, B[0], upper=False)
    assert (
        str(info.value)
        == "linalg.solve_triangular: The input tensor B must have at least 2 dimensions."
    )
    with pytest.warns(UserWarning, match="^torch.qr is deprecated in favor of torch.linalg.qr"):
        q, r = torch.qr(B)
    np.testing.assert_allclose(
        q.numpy(), [[-0.3162278, -0.9486833], [-0.9486833, 0.3162278]], rtol=1e-6
    )
    np.testing.assert_allclose(
        r.numpy(), [[-3.1622777, -4.4271887], [0.0, -0.6324555]], rtol=1e-6, atol=1e-7
    )
    with warnings.catch_warnings():  # PyTorch warns once per process
        warnings.simplefilter("ignore", UserWarning)
        assert repr(B.qr()).startswith("torch.return_types.qr(")
    assert F.dropout3d(torch.ones(1, 2, 1, 1, 1), training=False).tolist() == [
        [[[[1.0]]], [[[1.0]]]]
    ]
    with pytest.warns(UserWarning, match="^dropout3d: Received a 3-D input to dropout3d"):
        F.dropout3d(torch.ones(2, 1, 1), training=False)


def test_solve_triangular_gradient_reads_only_the_triangle():
    rng = np.random.default_rng(3)
    a = np.tril(rng.uniform(1, 2, (3, 3))) + np.triu(rng.uniform(-1, 1, (3, 3)), 1)
    b = rng.uniform(-1, 1, (3, 2))

    def f(value):
        return (
            torch.linalg.solve_triangular(torch.tensor(value), torch.tensor(b), upper=False)
            .pow(2)
            .sum()
            .item()
        )

    t = torch.tensor(a, requires_grad=True)
    torch.linalg.solve_triangular(t, torch.tensor(b), upper=False).pow(2).sum().backward()
    np.testing.assert_allclose(t.grad.numpy(), numeric_gradient(f, a), rtol=1e-5, atol=1e-7)
    assert np.all(np.triu(t.grad.numpy(), 1) == 0)
