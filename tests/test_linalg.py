"""Matrix products: values, grad_fn names, gradients (first and second order) and errors.

grad_fn names and error texts were checked against PyTorch 2.13 (CPU).
"""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes

D = torch.float64


def _r(*shape, device="cpu"):
    return torch.randn(*shape, dtype=D, device=device, requires_grad=True)


def test_values_by_hand(device):
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)
    b = torch.tensor([[5.0, 6.0], [7.0, 8.0]], device=device)
    v = torch.tensor([1.0, -1.0], device=device)
    assert (a @ b).tolist() == [[19.0, 22.0], [43.0, 50.0]]
    assert torch.mm(a, b).tolist() == [[19.0, 22.0], [43.0, 50.0]]
    assert (a @ v).tolist() == [-1.0, -1.0]
    assert (v @ a).tolist() == [-2.0, -2.0]
    assert (v @ v).item() == 2.0
    assert torch.dot(v, v).item() == 2.0 and torch.vdot(v, v).item() == 2.0
    assert torch.outer(v, torch.tensor([1.0, 2.0, 3.0], device=device)).tolist() == [
        [1.0, 2.0, 3.0],
        [-1.0, -2.0, -3.0],
    ]
    assert torch.addmm(
        torch.tensor([1.0, 1.0], device=device), a, b, beta=2, alpha=0.5
    ).tolist() == [[11.5, 13.0], [23.5, 27.0]]
    batch = torch.stack([a, b])
    assert torch.bmm(batch, batch).tolist() == [
        [[7.0, 10.0], [15.0, 22.0]],
        [[67.0, 78.0], [91.0, 106.0]],
    ]
    assert a.matmul(b).tolist() == (a @ b).tolist()


def test_integer_matmul_keeps_dtype(device):
    i = torch.ones(2, 3, dtype=torch.int32, device=device)
    out = i @ i.t()
    assert out.dtype is torch.int32 and out.tolist() == [[3, 3], [3, 3]]


# (shape of a, shape of b, PyTorch 2.13 grad_fn, result shape)
CASES = [
    ((2, 3), (3, 4), "MmBackward0", (2, 4)),
    ((2, 3), (3,), "MvBackward0", (2,)),
    ((2,), (2, 3), "SqueezeBackward4", (3,)),
    ((3,), (3,), "DotBackward0", ()),
    ((5, 2, 3), (5, 3, 4), "UnsafeViewBackward0", (5, 2, 4)),
    ((5, 2, 3), (3, 4), "UnsafeViewBackward0", (5, 2, 4)),
    ((2, 3), (5, 3, 4), "CloneBackward0", (5, 2, 4)),
    ((5, 2, 3), (3,), "UnsafeViewBackward0", (5, 2)),
    ((2,), (5, 2, 3), "UnsafeViewBackward0", (5, 3)),
    ((2, 1, 2, 3), (5, 3, 2), "UnsafeViewBackward0", (2, 5, 2, 2)),
]


@pytest.mark.parametrize("sa, sb, name, shape", CASES)
def test_matmul_dispatch_and_gradients(device, sa, sb, name, shape):
    a, b = _r(*sa, device=device), _r(*sb, device=device)
    out = a @ b
    assert out.grad_fn.name() == name
    assert tuple(out.shape) == shape
    assert gradcheck(torch.matmul, (a, b))
    assert gradgradcheck(torch.matmul, (a, b))


def test_matrix_at_batch_graph_is_pytorchs():
    # (2, 3) @ (5, 3, 4) folds as (b.mT @ a.t()).mT: PyTorch 2.13's graph, breadth first
    # (F.unfold + matmul in lesson 20 shows this graph, so its node names must be PyTorch's)
    a, b = _r(2, 3), _r(5, 3, 4)
    seen, queue = [], [(a @ b).grad_fn]
    while queue:
        node = queue.pop(0)
        seen.append(node.name())
        queue += [n for n, _ in node.next_functions if n is not None]
    assert seen == [
        "CloneBackward0",
        "TransposeBackward0",
        "UnsafeViewBackward0",
        "MmBackward0",
        "UnsafeViewBackward0",
        "TBackward0",
        "CloneBackward0",
        "torch::autograd::AccumulateGrad",
        "TransposeBackward0",
        "torch::autograd::AccumulateGrad",
    ]


def test_named_products_grad_fn_and_gradients(device):
    a, b = _r(2, 3, device=device), _r(3, 4, device=device)
    v, u, w = _r(3, device=device), _r(3, device=device), _r(2, device=device)
    b1, b2 = _r(2, 2, 3, device=device), _r(2, 3, 2, device=device)
    bias = _r(4, device=device)
    cases = [
        (torch.mm, (a, b), "MmBackward0"),
        (torch.mv, (a, v), "MvBackward0"),
        (torch.dot, (v, u), "DotBackward0"),
        (torch.vdot, (v, u), "VdotBackward0"),
        (torch.outer, (w, v), "MulBackward0"),
        (torch.bmm, (b1, b2), "BmmBackward0"),
        (torch.addmm, (bias, a, b), "AddmmBackward0"),
        (lambda c, x, y: torch.addmm(c, x, y, beta=0.5, alpha=-2), (bias, a, b), "AddmmBackward0"),
    ]
    for fn, args, name in cases:
        assert fn(*args).grad_fn.name() == name
        assert gradcheck(fn, args)
        assert gradgradcheck(fn, args)


def test_addmm_full_bias_and_beta_zero(device):
    c, a, b = _r(2, 4, device=device), _r(2, 3, device=device), _r(3, 4, device=device)
    assert gradcheck(lambda x, y, z: torch.addmm(x, y, z, beta=0), (c, a, b))
    nan_bias = torch.full((2, 4), float("nan"), dtype=D, device=device)
    assert not torch.addmm(nan_bias, a, b, beta=0).isnan().any()


def test_rmatmul_and_bad_operand():
    a = torch.ones(2, 2)
    assert (a.__rmatmul__(torch.eye(2))).tolist() == [[1.0, 1.0], [1.0, 1.0]]
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for @: 'Tensor' and 'int'"):
        a @ 3
    with pytest.raises(TypeError, match=r"mm\(\): argument 'mat2' \(position 2\) must be Tensor"):
        torch.mm(a, 3)


# Golden texts from PyTorch 2.13.
ERRORS = [
    (
        lambda: torch.randn(2, 3) @ torch.randn(4, 5),
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)",
    ),
    (
        lambda: torch.mm(torch.randn(2, 3), torch.randn(4, 5)),
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)",
    ),
    (
        lambda: torch.randn(2, 3) @ torch.randn(3, 4).double(),
        "expected m1 and m2 to have the same dtype, but got: float != double",
    ),
    (
        lambda: torch.ones(2, 3, dtype=torch.int64) @ torch.ones(3, 2),
        "expected m1 and m2 to have the same dtype, but got: long int != float",
    ),
    (
        lambda: torch.randn(3) @ torch.randn(4),
        "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of "
        "elements, but got 3 and 4 elements respectively",
    ),
    (
        lambda: torch.dot(torch.randn(3, 1), torch.randn(3)),
        "1D tensors expected, but got 2D and 1D tensors",
    ),
    (
        lambda: torch.dot(torch.randn(3), torch.randn(3).double()),
        "dot : expected both vectors to have same dtype, but found Float and Double",
    ),
    (
        lambda: torch.mv(torch.randn(2, 3), torch.randn(4)),
        "size mismatch, got input (2), mat (2x3), vec (4)",
    ),
    (
        lambda: torch.randn(2, 3) @ torch.randn(4),
        "size mismatch, got input (2), mat (2x3), vec (4)",
    ),
    (
        lambda: torch.randn(4) @ torch.randn(2, 3),
        "mat1 and mat2 shapes cannot be multiplied (1x4 and 2x3)",
    ),
    (
        lambda: torch.mv(torch.randn(2, 3).double(), torch.randn(3)),
        "addmv input tensors must have the same dtype, but got Float, Double, and Float",
    ),
    (
        lambda: torch.mv(torch.randn(2, 3), torch.randn(3, 1)),
        "vector + matrix @ vector expected, got 1, 2, 2",
    ),
    (lambda: torch.bmm(torch.randn(2, 3), torch.randn(2, 3)), "batch1 must be a 3D tensor"),
    (lambda: torch.bmm(torch.randn(5, 2, 3), torch.randn(3, 4)), "batch2 must be a 3D tensor"),
    (
        lambda: torch.bmm(torch.randn(5, 2, 3), torch.randn(5, 4, 4)),
        "Expected size for first two dimensions of batch2 tensor to be: [5, 3] but got: [5, 4].",
    ),
    (
        lambda: torch.bmm(torch.randn(5, 2, 3), torch.randn(5, 3, 4).double()),
        "expected scalar type Float but found Double",
    ),
    (
        lambda: torch.randn(5, 2, 3) @ torch.randn(4, 3, 4),
        "The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 0",
    ),
    (
        lambda: torch.randn(5, 2, 3) @ torch.randn(4, 4),
        "mat1 and mat2 shapes cannot be multiplied (10x3 and 4x4)",
    ),
    (
        lambda: torch.randn(5, 2, 3) @ torch.randn(4),
        "size mismatch, got input (10), mat (10x3), vec (4)",
    ),
    (
        lambda: torch.randn(2, 3) @ torch.randn(5, 4, 4),
        "Expected size for first two dimensions of batch2 tensor to be: [5, 3] but got: [5, 4].",
    ),
    (
        lambda: torch.randn(2, 3) @ torch.randn(5, 3, 4).double(),
        "expected scalar type Float but found Double",
    ),
    (
        lambda: torch.tensor(2.0) @ torch.randn(3),
        "both arguments to matmul need to be at least 1D, but they are 0D and 1D",
    ),
    (lambda: torch.mm(torch.randn(3), torch.randn(3, 2)), "self must be a matrix"),
    (lambda: torch.mm(torch.randn(2, 3), torch.randn(3)), "mat2 must be a matrix"),
    (
        lambda: torch.addmm(torch.randn(2, 4), torch.randn(2, 3), torch.randn(3, 4).double()),
        "self and mat2 must have the same dtype, but got Float and Double",
    ),
    (
        lambda: torch.addmm(torch.randn(2, 4), torch.randn(2, 3).double(), torch.randn(3, 4)),
        "mat1 and mat2 must have the same dtype, but got Double and Float",
    ),
    (
        lambda: torch.addmm(torch.randn(4), torch.randn(2, 3), torch.randn(4, 4)),
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x4)",
    ),
    (
        lambda: torch.outer(torch.randn(2, 2), torch.randn(3)),
        "outer: Expected 1-D argument self, but got 2-D",
    ),
    (
        lambda: torch.outer(torch.randn(2), torch.randn(3, 1)),
        "outer: Expected 1-D argument vec2, but got 2-D",
    ),
]


@pytest.mark.parametrize("fn, text", ERRORS)
def test_errors_match_pytorch(fn, text):
    with pytest.raises(RuntimeError) as info:
        fn()
    assert str(info.value) == text


def test_device_mismatch_uses_dispatcher_message():
    a = torch.randn(2, 3, device="cuda")
    b = torch.randn(3, 4)
    with pytest.raises(RuntimeError) as info:
        a @ b
    assert str(info.value) == (
        "Expected all tensors to be on the same device, but got mat2 is on cpu, different from "
        "other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)"
    )
    with pytest.raises(RuntimeError, match="but got vec is on cpu.*wrapper_CUDA_mv"):
        torch.mv(a, torch.randn(3))
    with pytest.raises(RuntimeError, match="but got mat2 is on cpu.*wrapper_CUDA_bmm"):
        torch.bmm(a.unsqueeze(0), b.unsqueeze(0))


def test_linalg_namespace_norms_and_cross(device):
    # values printed by PyTorch 2.13
    x = torch.tensor([[3.0, 4.0], [1.0, 2.0]], requires_grad=True, device=device)
    assert f"{torch.linalg.norm(x).item():.4f}" == "5.4772"
    assert torch.linalg.norm(x).grad_fn.name() == "LinalgVectorNormBackward0"
    assert torch.linalg.vector_norm(x, dim=1).tolist() == pytest.approx([5.0, 5**0.5])
    assert torch.linalg.matrix_norm(x).item() == pytest.approx(30**0.5)
    e1 = torch.tensor([1.0, 0.0, 0.0], device=device)
    e2 = torch.tensor([0.0, 1.0, 0.0], device=device)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # linalg.cross defaults to dim=-1: no deprecation warning
        assert torch.linalg.cross(e1, e2).tolist() == [0.0, 0.0, 1.0]
    assert torch.linalg.vecdot(x, x).tolist() == [25.0, 5.0]


# --- lstsq's residuals, empty matmuls, tensordot, pinv/matrix_rank tolerances (PyTorch 2.13) ---
@pytest.mark.parametrize("case", op_fixes.cases("linalg"))
def test_linalg_matches_pytorch(case):
    op_fixes.check_case(case)


def test_lstsq_residuals_gradcheck():
    a = torch.tensor(
        [[1.0, 2.0], [3.0, 4.5], [5.0, 7.0], [0.5, 1.0]], dtype=torch.float64, requires_grad=True
    )
    b = torch.tensor(
        [[1.0, 0.5], [2.0, 1.0], [4.0, -1.0], [1.0, 2.0]], dtype=torch.float64, requires_grad=True
    )
    assert gradcheck(lambda x, y: torch.linalg.lstsq(x, y, driver="gelsd").residuals, (a, b))
    assert gradcheck(lambda x, y: torch.linalg.lstsq(x, y[:, 0], driver="gelsd")[:2], (a, b))


def test_tensordot_over_size_one_dims_gradchecks():
    a = torch.tensor([[[0.5, -1.5]]], dtype=torch.float64, requires_grad=True)  # (1, 1, 2)
    b = torch.tensor([[[1.0, 2.0]], [[3.0, 4.5]]], dtype=torch.float64, requires_grad=True)
    assert gradcheck(lambda x, y: torch.tensordot(x, y, dims=([0, 1], [2, 0])), (a, b))


def test_det_gradient_at_a_singular_matrix_is_the_cofactor_matrix():
    # PyTorch 2.13 gives [[4, -2], [-2, 1]] under create_graph=True (its SVD path) and zeros
    # without it (its LU path); the cofactors are the true gradient, which finite differences see
    a = torch.tensor([[1.0, 2.0], [2.0, 4.0]], dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(torch.linalg.det(a), a)
    assert g.reshape(-1).tolist() == pytest.approx([4.0, -2.0, -2.0, 1.0])
    singular = torch.tensor(
        [
            [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
            [[1.5, 0.0, 0.0], [0, 0, 0], [0, 0, 0]],
        ],
        dtype=torch.float64,
        requires_grad=True,
    )
    assert gradcheck(torch.linalg.det, (singular,))


# --- inner, addr, chain_matmul, index_put(_), put(_), masked_scatter(_), scatter_reduce(_): recorded from PyTorch 2.13, gradients by finite differences ---
def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


def test_inner_addr_chain_matmul_gradients():
    a, b = _double([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]), _double([[0.5, -1.0, 2.0]])
    assert gradcheck(torch.inner, (a, b))
    assert gradcheck(lambda u: torch.inner(u, torch.tensor(2.0, dtype=torch.float64)), (a,))
    m, v, w = (
        _double([[1.0, 2.0, 3.0], [0.0, -1.0, 0.5]]),
        _double([1.0, 3.0]),
        _double([2.0, 0.5, -1.0]),
    )
    assert gradcheck(lambda c, p, q: torch.addr(c, p, q, beta=0.5, alpha=2.0), (m, v, w))
    assert gradcheck(lambda c, p, q: torch.addr(c, p, q), (_double([1.0, 2.0, 3.0]), v, w))
    q, r = _double([[1.0, 0.0], [2.0, 1.0], [0.5, 3.0]]), _double([[1.0], [2.0]])
    assert gradcheck(lambda p1, p2, p3: torch.chain_matmul(p1, p2, p3), (a, q, r))


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
def test_cross_without_dim_warns():
    with pytest.warns(UserWarning, match="Using torch.cross without specifying the dim arg"):
        out = torch.cross(torch.ones(2, 3), torch.ones(2, 3))
    assert out.tolist() == [[0.0] * 3] * 2
