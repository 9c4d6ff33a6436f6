"""The ops learners expect from PyTorch beyond the core: erf, lerp, addcmul, sort/topk, tril,
diag, roll, meshgrid, einsum, cdist, ... Golden values, grad_fn names and error texts below come
from PyTorch 2.13; gradients are checked numerically in float64."""

import warnings

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

A = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
B = [[1.0, 2.0, -0.5], [0.0, -1.5, 3.0]]
V = [0.3, -0.6, 0.9]

# name -> (function of (a, b, v), PyTorch 2.13's values (flattened, 6 decimals), grad_fn name)
GOLDEN = {
    "exp2": (
        lambda a, b, v: torch.exp2(a),
        [1.414214, 0.420448, 4.0, 2.828427, 1.189207, 0.594604],
        "Exp2Backward0",
    ),
    "sinh": (
        lambda a, b, v: a.sinh(),
        [0.521095, -1.601919, 3.62686, 2.129279, 0.252612, -0.822317],
        "SinhBackward0",
    ),
    "cosh": (
        lambda a, b, v: a.cosh(),
        [1.127626, 1.888424, 3.762196, 2.35241, 1.031413, 1.294683],
        "CoshBackward0",
    ),
    "atan": (
        lambda a, b, v: a.atan(),
        [0.463648, -0.896055, 1.107149, 0.982794, 0.244979, -0.643501],
        "AtanBackward0",
    ),
    "asin": (
        lambda a, b, v: (a / 3).asin(),
        [0.167448, -0.429775, 0.729728, 0.523599, 0.08343, -0.25268],
        "AsinBackward0",
    ),
    "acos": (
        lambda a, b, v: (a / 3).acos(),
        [1.403348, 2.000572, 0.841069, 1.047198, 1.487366, 1.823477],
        "AcosBackward0",
    ),
    "erf": (
        lambda a, b, v: a.erf(),
        [0.5205, -0.9229, 0.995322, 0.966105, 0.276326, -0.711156],
        "ErfBackward0",
    ),
    "frac": (
        lambda a, b, v: (a * 1.5).frac(),
        [0.75, -0.875, 0.0, 0.25, 0.375, -0.125],
        "FracBackward0",
    ),
    "atan2": (
        lambda a, b, v: torch.atan2(a, b),
        [0.463648, -0.558599, 1.815775, 1.570796, 2.976444, -0.244979],
        "Atan2Backward0",
    ),
    "lerp": (
        lambda a, b, v: torch.lerp(a, b, 0.3),
        [0.65, -0.275, 1.25, 1.05, -0.275, 0.375],
        "LerpBackward0",
    ),
    "lerp_tensor": (
        lambda a, b, v: torch.lerp(a, b, v.abs()),
        [0.65, 0.7, -0.25, 1.05, -0.8, 2.625],
        "LerpBackward1",
    ),
    "addcmul": (
        lambda a, b, v: torch.addcmul(a, b, v, value=0.5),
        [0.65, -1.85, 1.775, 1.5, 0.7, 0.6],
        "AddcmulBackward0",
    ),
    "addcdiv": (
        lambda a, b, v: torch.addcdiv(a, b, v, value=2),
        [7.166667, -7.916667, 0.888889, 1.5, 5.25, 5.916667],
        "AddcdivBackward0",
    ),
    "cumprod": (
        lambda a, b, v: a.cumprod(1),
        [0.5, -0.625, -1.25, 1.5, 0.375, -0.28125],
        "CumprodBackward0",
    ),
    "std_mean": (lambda a, b, v: torch.std_mean(a, 1)[0], [1.626602, 1.127312], "StdMeanBackward0"),
    "std_mean_mean": (
        lambda a, b, v: torch.std_mean(a, 1)[1],
        [0.416667, 0.333333],
        "StdMeanBackward0",
    ),
    "var_mean": (
        lambda a, b, v: torch.var_mean(a, 0, correction=0)[0],
        [0.25, 0.5625, 1.890625],
        "VarMeanBackward0",
    ),
    "sort": (
        lambda a, b, v: torch.sort(a, 1, descending=True).values,
        [2.0, 0.5, -1.25, 1.5, 0.25, -0.75],
        "SortBackward0",
    ),
    "topk": (lambda a, b, v: torch.topk(a, 2, 1).values, [2.0, 0.5, 1.5, 0.25], "TopkBackward0"),
    "trace": (lambda a, b, v: torch.trace(a), [0.75], "TraceBackward0"),
    "kron": (
        lambda a, b, v: torch.kron(v[:2], a),
        [0.15, -0.375, 0.6, -0.3, 0.75, -1.2, 0.45, 0.075, -0.225, -0.9, -0.15, 0.45],
        "UnsafeViewBackward0",
    ),
    "cross": (
        lambda a, b, v: torch.cross(a, b, dim=1),
        [-3.375, 2.25, 2.25, -0.375, -4.5, -2.25],
        "LinalgCrossBackward0",
    ),
    "tensordot": (
        lambda a, b, v: torch.tensordot(a, b, ([1], [1])),
        [-3.0, 7.875, 2.375, -2.625],
        "ViewBackward0",
    ),
    "einsum": (
        lambda a, b, v: torch.einsum("ij,kj->ik", a, b),
        [-3.0, 7.875, 2.375, -2.625],
        "ViewBackward0",
    ),
    "cdist": (
        lambda a, b, v: torch.cdist(a, b),
        [4.130678, 1.145644, 1.837117, 4.401704],
        "CdistBackward0",
    ),
    "cdist_p1": (lambda a, b, v: torch.cdist(a, b, p=1), [6.25, 1.75, 2.5, 7.0], "CdistBackward0"),
    "cosine_similarity": (
        lambda a, b, v: torch.cosine_similarity(a, b),
        [-0.543075, -0.461566],
        "SumBackward1",
    ),
    "diff": (lambda a, b, v: torch.diff(a, dim=1), [-1.75, 3.25, -1.25, -1.0], "SubBackward0"),
    "roll": (
        lambda a, b, v: torch.roll(a, 1, 1),
        [2.0, 0.5, -1.25, -0.75, 1.5, 0.25],
        "RollBackward0",
    ),
    "tril": (lambda a, b, v: torch.tril(a), [0.5, 0.0, 0.0, 1.5, 0.25, 0.0], "TrilBackward0"),
    "diag": (
        lambda a, b, v: torch.diag(v, 1),
        [0.0, 0.3, 0.0, 0.0, 0.0, 0.0, -0.6, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0, 0.0, 0.0],
        "DiagEmbedBackward0",
    ),
}


def _inputs(device, requires_grad=True):
    return [
        torch.tensor(x, dtype=torch.float64, device=device, requires_grad=requires_grad)
        for x in (A, B, V)
    ]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_values_and_grad_fn_match_pytorch(name, device):
    fn, expected, node = GOLDEN[name]
    out = fn(*_inputs(device))
    assert type(out.grad_fn).__name__ == node
    assert out.device.type == device
    got = out.detach().cpu().reshape(-1).tolist()
    assert got == pytest.approx(expected, abs=1e-6)


# Differentiable ops for gradcheck; the first `len(...)` inputs are random float64 tensors.
GRADCHECK = {
    "exp2": (lambda x: x.exp2(), [(2, 3)]),
    "sinh": (lambda x: x.sinh(), [(2, 3)]),
    "cosh": (lambda x: x.cosh(), [(2, 3)]),
    "atan": (lambda x: x.atan(), [(2, 3)]),
    "asin": (lambda x: (x * 0.3).asin(), [(2, 3)]),
    "acos": (lambda x: (x * 0.3).acos(), [(2, 3)]),
    "erf": (lambda x: (x * 2).erf(), [(2, 3)]),
    "frac": (lambda x: (x * 1.3 + 0.05).frac(), [(2, 3)]),
    "atan2": (lambda x, y: torch.atan2(x, y), [(2, 3), (3,)]),
    "lerp": (lambda x, y: torch.lerp(x, y, 0.7), [(2, 3), (3,)]),
    "lerp_tensor": (lambda x, y, w: torch.lerp(x, y, w), [(2, 3), (2, 3), (3,)]),
    "addcmul": (lambda x, y, z: torch.addcmul(x, y, z, value=-1.5), [(2, 3), (3,), (2, 1)]),
    "addcdiv": (lambda x, y, z: torch.addcdiv(x, y, z * z + 1, value=0.5), [(2, 3), (3,), (2, 3)]),
    "nan_to_num": (lambda x: torch.nan_to_num(x), [(2, 3)]),
    "clamp_min_tensor": (lambda x, y: x.clamp_min(y), [(2, 3), (3,)]),
    "clamp_max_tensor": (lambda x, y: x.clamp_max(y), [(2, 3), (2, 3)]),
}
GRADCHECK_ONLY = {
    # addcmul / addcdiv save only what the inputs that require grad need
    "addcmul_tensor2_only": (
        lambda z: torch.addcmul(torch.full_like(z, 0.3), torch.full_like(z, -1.2), z),
        [(2, 3)],
    ),
    "addcdiv_tensor1_only": (
        lambda y: torch.addcdiv(torch.full_like(y, 0.3), y, torch.full_like(y, 2.0)),
        [(2, 3)],
    ),
    "addcdiv_tensor2_only": (
        lambda z: torch.addcdiv(torch.full_like(z, 0.3), torch.full_like(z, -1.2), z * z + 1),
        [(2, 3)],
    ),
    "cumprod": (lambda x: x.cumprod(1), [(2, 4)]),
    "cumprod_zero": (lambda x: (x * (x.detach() > 0)).cumprod(1), [(2, 4)]),
    "std_mean": (lambda x: [o * 1 for o in torch.std_mean(x, 1)], [(2, 4)]),
    "var_mean": (lambda x: torch.var_mean(x, (0,), keepdim=True)[0], [(3, 2)]),
    "mean_of_var_mean": (lambda x: torch.var_mean(x)[1], [(3, 2)]),
    "aminmax": (lambda x: list(torch.aminmax(x, dim=0)), [(3, 2)]),
    "sort": (lambda x: torch.sort(x, 0, descending=True)[0], [(3, 2)]),
    "topk": (lambda x: torch.topk(x, 2)[0], [(2, 4)]),
    "tril": (lambda x: torch.tril(x, 1), [(3, 4)]),
    "triu": (lambda x: torch.triu(x, -1), [(2, 3, 4)]),
    "diag_matrix": (lambda x: torch.diag(x, -1), [(3, 4)]),
    "diag_vector": (lambda x: torch.diag(x, 2), [(3,)]),
    "diagonal": (lambda x: torch.diagonal(x, 1, 2, 0), [(3, 2, 4)]),
    "trace": (lambda x: torch.trace(x), [(3, 4)]),
    "broadcast_to": (lambda x: torch.broadcast_to(x, (2, 3)), [(3,)]),
    "broadcast_tensors": (lambda x, y: list(torch.broadcast_tensors(x, y)), [(2, 1), (3,)]),
    "meshgrid": (lambda x, y: list(torch.meshgrid(x, y, indexing="xy")), [(2,), (3,)]),
    "roll": (lambda x: torch.roll(x, (1, -1), (0, 1)), [(2, 3)]),
    "tile": (lambda x: torch.tile(x, (2, 1, 2)), [(2, 3)]),
    "hstack": (lambda x, y: torch.hstack([x, y]), [(2, 3), (2, 1)]),
    "vstack": (lambda x, y: torch.vstack([x, y]), [(3,), (3,)]),
    "diff": (lambda x, y: torch.diff(x, n=2, dim=0, prepend=y), [(3, 2), (1, 2)]),
    "einsum_bmm": (lambda x, y: torch.einsum("bij,bjk->bik", x, y), [(2, 2, 3), (2, 3, 2)]),
    "einsum_trace_outer": (lambda x, y: torch.einsum("ii,j->j", x, y), [(3, 3), (2,)]),
    "einsum_three": (lambda x, y, z: torch.einsum("i,ij,j", x, y, z), [(2,), (2, 3), (3,)]),
    "kron": (lambda x, y: torch.kron(x, y), [(2, 2), (3,)]),
    "cross": (lambda x, y: torch.cross(x, y, dim=0), [(3, 2), (3, 1)]),
    "tensordot": (lambda x, y: torch.tensordot(x, y, 1), [(2, 3), (3, 2)]),
    "cdist": (lambda x, y: torch.cdist(x, y), [(3, 2), (2, 2)]),
    "cdist_p3": (lambda x, y: torch.cdist(x, y, p=3), [(3, 2), (2, 2)]),
    "cosine_similarity": (lambda x, y: torch.cosine_similarity(x, y, dim=0), [(3, 2), (3, 2)]),
}


def _random(device, shapes):
    torch.manual_seed(0)
    return tuple(
        torch.randn(*s, dtype=torch.float64, device=device, requires_grad=True) for s in shapes
    )


@pytest.mark.parametrize("name", sorted(GRADCHECK))
def test_elementwise_gradients_first_and_second_order(name, device):
    fn, shapes = GRADCHECK[name]
    inputs = _random(device, shapes)
    assert gradcheck(fn, inputs)
    assert gradgradcheck(fn, inputs)


@pytest.mark.parametrize("name", sorted(GRADCHECK_ONLY))
def test_gradients(name, device):
    fn, shapes = GRADCHECK_ONLY[name]
    assert gradcheck(fn, _random(device, shapes))


def test_erf_is_accurate_over_its_whole_range():
    # math.erf, and PyTorch 2.13's float32 values for the last ones
    import math

    xs = [-7.0, -3.5, -3.0, -2.9, -1e-3, 1e-4, 0.5, 2.999, 3.0, 3.001, 5.5, 30.0]
    got = torch.tensor(xs, dtype=torch.float64).erf().tolist()
    assert got == pytest.approx([math.erf(x) for x in xs], abs=2e-15)
    assert torch.erf(torch.tensor([0.5, 3.5, -4.0, 6.0])).tolist() == pytest.approx(
        [0.5204998850822449, 0.9999992847442627, -1.0, 1.0], abs=1e-7
    )
    assert str(torch.erf(torch.tensor([-0.0, float("nan")]))) == "tensor([-0., nan])"


def test_dtypes_of_integer_inputs(device):
    ints = torch.tensor([1, 2, 3], device=device)
    assert torch.exp2(ints).dtype is torch.float32
    assert ints.erf().dtype is torch.float32
    assert torch.atan2(ints, ints).dtype is torch.float32
    assert ints.cumprod(0).tolist() == [1, 2, 6] and ints.cumprod(0).dtype is torch.int64
    assert torch.tensor([True]).cumprod(0).dtype is torch.int64
    assert torch.trace(torch.tensor([[1, 2], [3, 4]])).dtype is torch.int64
    assert torch.diff(torch.tensor([True, False, False])).tolist() == [True, False]
    assert torch.nan_to_num(ints).tolist() == [1, 2, 3]
    assert torch.cross(torch.tensor([[1, 0, 0]]), torch.tensor([[0, 1, 0]]), dim=1).tolist() == [
        [0, 0, 1]
    ]


def test_sort_ties_and_return_types(device):
    x = torch.tensor([1.0, 2, 1, 2, 0, 2], device=device)
    # PyTorch 2.13: ties keep their original order
    assert torch.sort(x, descending=True).indices.tolist() == [1, 3, 5, 0, 2, 4]
    assert torch.sort(x).indices.tolist() == [4, 0, 2, 1, 3, 5]
    assert torch.argsort(x, descending=True).tolist() == [1, 3, 5, 0, 2, 4]
    # topk is not stable: PyTorch's std::nth_element + std::sort leave the tied 1s as 2, 0
    assert torch.topk(x, 3, largest=False).indices.tolist() == [4, 2, 0]
    assert repr(torch.sort(torch.tensor([3.0, 1.0]))) == (
        "torch.return_types.sort(\nvalues=tensor([1., 3.]),\nindices=tensor([1, 0]))"
    )
    pair = torch.aminmax(torch.tensor([[1.0, 5], [3, 3]]), dim=0, keepdim=True)
    assert repr(pair) == (
        "torch.return_types.aminmax(\nmin=tensor([[1., 3.]]),\nmax=tensor([[3., 5.]]))"
    )


def test_aminmax_and_std_mean_share_one_node():
    a = torch.tensor([[1.0, 5], [3, 3]], requires_grad=True)
    low, high = torch.aminmax(a)
    assert low.grad_fn is high.grad_fn and low.grad_fn.name() == "AminmaxBackward0"
    (low + high).backward()
    assert a.grad.tolist() == [[1.0, 1.0], [0.0, 0.0]]  # PyTorch 2.13
    spread, average = torch.std_mean(a, dim=1)
    assert spread.grad_fn is average.grad_fn and (spread.grad_fn.next_functions[0][0].variable is a)
    assert spread.tolist() == pytest.approx([2.828427, 0.0], abs=1e-6)


def test_small_results_match_pytorch(device):
    t = torch.tensor
    assert torch.count_nonzero(t([[1, 0], [2, 0]], device=device), dim=1).tolist() == [1, 1]
    assert t([[1, 0], [2, 0]], device=device).count_nonzero((0, 1)).item() == 2
    assert torch.roll(torch.arange(6, device=device).reshape(2, 3), 1).tolist() == [
        [5, 0, 1],
        [2, 3, 4],
    ]
    assert torch.diagonal(
        torch.arange(24.0, device=device).reshape(2, 3, 4), offset=-1, dim1=2, dim2=1
    ).tolist() == [[1.0, 6.0, 11.0], [13.0, 18.0, 23.0]]
    assert torch.tile(t([1, 2], device=device), (2, 2)).tolist() == [[1, 2, 1, 2], [1, 2, 1, 2]]
    assert torch.hstack([t(1.0), t(2.0)]).tolist() == [1.0, 2.0]
    assert torch.vstack([t(1.0), t(2.0)]).tolist() == [[1.0], [2.0]]
    assert str(torch.nan_to_num(t([float("nan"), float("inf"), -float("inf"), 1.5]))) == (
        "tensor([ 0.0000e+00,  3.4028e+38, -3.4028e+38,  1.5000e+00])"
    )
    assert torch.isclose(
        t([1.0, float("inf"), float("nan")]), t([1.000001, float("inf"), float("nan")])
    ).tolist() == [True, True, False]
    assert torch.isclose(t([float("nan")]), t([float("nan")]), equal_nan=True).tolist() == [True]
    assert torch.allclose(t([1.0, 2.0]), t([1.0, 2.0 + 1e-9])) is True
    assert torch.equal(t([1.0]), t([1.0, 2.0])) is False
    assert torch.equal(t([1.0]), t([1])) is True
    assert torch.is_floating_point(t([1.0])) and not torch.is_floating_point(t([1]))
    assert torch.lerp(t([0.0]), t([10.0]), 1.0).item() == 10.0


def test_meshgrid_indexing_and_warning():
    x, y = torch.tensor([1, 2]), torch.tensor([3, 4, 5])
    with pytest.warns(UserWarning, match="it will be required to pass the indexing argument"):
        gx, gy = torch.meshgrid(x, y)
    assert gx.tolist() == [[1, 1, 1], [2, 2, 2]] and gy.tolist() == [[3, 4, 5], [3, 4, 5]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gx, gy = torch.meshgrid(x, y, indexing="xy")
    assert gx.tolist() == [[1, 2], [1, 2], [1, 2]] and gy.tolist() == [[3, 3], [4, 4], [5, 5]]


def test_cross_without_dim_warns():
    with pytest.warns(UserWarning, match="Using torch.cross without specifying the dim arg"):
        out = torch.cross(torch.ones(2, 3), torch.ones(2, 3))
    assert out.tolist() == [[0.0] * 3] * 2


def test_clamp_node_names():
    x = torch.randn(3, requires_grad=True)
    y = torch.randn(3, requires_grad=True)
    assert x.clamp_max(0).grad_fn.name() == "ClampMaxBackward0"
    assert x.clamp_min(0).grad_fn.name() == "ClampMinBackward0"
    assert x.clamp_max(y).grad_fn.name() == "ClampMaxBackward1"
    assert x.clamp_min(y).grad_fn.name() == "ClampMinBackward1"


ERRORS = [  # PyTorch 2.13's texts
    (
        lambda: torch.tensor([1]).frac(),
        NotImplementedError,
        "\"frac_cpu\" not implemented for 'Long'",
    ),
    (
        lambda: torch.lerp(torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64), 0.5),
        RuntimeError,
        "expected dtype float for `end` but got dtype double",
    ),
    (
        lambda: torch.addcdiv(torch.tensor([1]), torch.tensor([1]), torch.tensor([2])),
        RuntimeError,
        "Integer division with addcdiv is no longer supported",
    ),
    (
        lambda: torch.isclose(torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64)),
        RuntimeError,
        "Float did not match Double",
    ),
    (lambda: torch.topk(torch.tensor([1.0, 2]), 3), RuntimeError, "selected index k out of range"),
    (
        lambda: torch.tril(torch.tensor([1.0, 2])),
        RuntimeError,
        "tril: input tensor must have at least 2 dimensions",
    ),
    (
        lambda: torch.trace(torch.ones(2, 2, 2)),
        RuntimeError,
        "trace: expected a matrix, but got tensor with dim 3",
    ),
    (
        lambda: torch.diag(torch.ones(2, 2, 2)),
        RuntimeError,
        "diag(): Supports 1D or 2D tensors. Got 3D",
    ),
    (
        lambda: torch.cross(torch.ones(2, 4), torch.ones(2, 4), dim=1),
        RuntimeError,
        "linalg.cross: inputs dimension 1 must have length 3. Got 4 and 4",
    ),
    (
        lambda: torch.tensordot(torch.ones(2, 3), torch.ones(4, 5), dims=1),
        RuntimeError,
        "contracted dimensions need to match, but first has size 3 in dim -1 and second has "
        "size 4 in dim 0",
    ),
    (
        lambda: torch.einsum("ij,jk", torch.ones(2, 3), torch.ones(4, 5)),
        RuntimeError,
        "einsum(): subscript j has size 4 for operand 1 which does not broadcast with previously "
        "seen size 3",
    ),
    (
        lambda: torch.cdist(torch.ones(2, 3), torch.ones(4, 5)),
        RuntimeError,
        "X1 and X2 must have the same number of columns. X1: 3 X2: 5",
    ),
    (
        lambda: torch.roll(torch.ones(2, 3), (1, 2), (0,)),
        RuntimeError,
        "shifts and dimensions must align. shifts: 2, dims:1",
    ),
    (
        lambda: torch.diff(torch.tensor(1.0)),
        RuntimeError,
        "diff expects input to be at least one-dimensional",
    ),
    (
        lambda: torch.aminmax(torch.tensor([])),
        RuntimeError,
        "aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
        "identity.",
    ),
    (
        lambda: torch.broadcast_to(torch.ones(3), (2, 4)),
        RuntimeError,
        "The expanded size of the tensor (4) must match the existing size (3) at non-singleton "
        "dimension 1.  Target sizes: [2, 4].  Tensor sizes: [3]",
    ),
    (
        lambda: torch.diagonal(torch.ones(2, 2), 0, 1, 1),
        RuntimeError,
        "diagonal dimensions cannot be identical 1, 1",
    ),
    (
        lambda: torch.tensor([1]).add_(torch.tensor([1]), alpha=0.5),
        RuntimeError,
        "For integral input tensors, argument alpha must not be a floating point number.",
    ),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_error_texts(case):
    fn, error, text = ERRORS[case]
    with pytest.raises(error) as info:
        fn()
    assert text in str(info.value)


def test_inplace_variants_bump_the_version_and_record(device):
    x = torch.ones(3, device=device)
    version = x._version
    x.addcmul_(torch.ones(3, device=device), torch.full((3,), 2.0, device=device), value=2)
    x.lerp_(torch.zeros(3, device=device), 0.5)
    x.addcdiv_(torch.ones(3, device=device), torch.full((3,), 4.0, device=device))
    assert x.tolist() == [2.75] * 3 and x._version == version + 3
    for name in (
        "exp2_",
        "sinh_",
        "cosh_",
        "atan_",
        "asin_",
        "acos_",
        "erf_",
        "frac_",
        "nan_to_num_",
        "tril_",
        "triu_",
    ):
        y = torch.full((2, 2), 0.5, device=device)
        before = y._version
        getattr(y, name)()
        assert y._version == before + 1, name
    a = torch.randn(3, requires_grad=True)
    b = a * 1
    b.addcmul_(a, a)
    assert b.grad_fn.name() == "AddcmulBackward0"
    c = a * 1
    c.clamp_min_(0)
    assert c.grad_fn.name() == "ClampMinBackward0"


def test_add_with_alpha_fast_path_matches_the_general_one(device):
    torch.manual_seed(1)
    p, g = torch.randn(4, 3, device=device), torch.randn(3, device=device)
    expected = torch.add(p, g, alpha=-0.1)
    version = p._version
    assert p.add_(g, alpha=-0.1) is p and p._version == version + 1
    assert p.tolist() == expected.tolist()
    expected = torch.sub(p, g, alpha=3)
    p.sub_(g, alpha=3)
    assert p.tolist() == expected.tolist()
    ints = torch.tensor([1, 2], device=device)
    ints.add_(torch.tensor([1, 1], device=device), alpha=3)
    assert ints.tolist() == [4, 5]
    leaf = torch.zeros(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        leaf.add_(torch.ones(2), alpha=2)
    with torch.no_grad():
        leaf.add_(torch.ones(2), alpha=2)  # SGD's step
    assert leaf.tolist() == [2.0, 2.0]
    # the recorded path still builds the graph
    w = torch.ones(2, requires_grad=True)
    y = w * 1
    y.add_(w, alpha=2)
    y.sum().backward()
    assert y.grad_fn.name() == "AddBackward0" and w.grad.tolist() == [3.0, 3.0]


# --- round(decimals=...): PyTorch 2.13's float32 results (x * 10**d rounded half to even, then
# scaled back, all in float32) -------------------------------------------------------------------
ROUND_X = [0.5, 1.5, 2.5, -0.5, -1.5, 1.2345, 2.675, 0.125, 1234.5678, -2.5]
ROUND_GOLDEN = {
    None: [0.0, 2.0, 2.0, -0.0, -2.0, 1.0, 3.0, 0.0, 1235.0, -2.0],
    2: [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.2300000190734863,
        2.680000066757202,
        0.11999999731779099,
        1234.5699462890625,
        -2.5,
    ],
    1: [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.2000000476837158,
        2.700000047683716,
        0.10000000149011612,
        1234.5999755859375,
        -2.5,
    ],
    -1: [0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1230.0, -0.0],
    -2: [0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1200.0, -0.0],
}


@pytest.mark.parametrize("decimals", list(ROUND_GOLDEN))
def test_round_decimals_matches_pytorch_float32(device, decimals):
    x = torch.tensor(ROUND_X, device=device)
    kw = {} if decimals is None else {"decimals": decimals}
    for out in (x.round(**kw), torch.round(x, **kw)):
        assert out.dtype is torch.float32
        assert out.tolist() == ROUND_GOLDEN[decimals]
        assert [str(v) for v in out.tolist()] == [str(v) for v in ROUND_GOLDEN[decimals]]  # -0.0


def test_round_decimals_dtypes_grad_fn_and_errors(device):
    x64 = torch.tensor(ROUND_X, dtype=torch.float64, device=device)
    assert x64.round(decimals=2).tolist() == [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.23,
        2.68,
        0.12,
        1234.57,
        -2.5,
    ]  # PyTorch, in float64
    assert (
        torch.tensor([1e30, 3.4e38], device=device).round(decimals=10).tolist()
        == [float("inf")] * 2
    )
    assert torch.tensor([1, 15, 25, 35], device=device).round().tolist() == [1, 15, 25, 35]
    leaf = torch.tensor([1.25, 2.5], device=device, requires_grad=True)
    out = leaf.round(decimals=1)
    assert out.grad_fn.name() == "RoundBackward1" and out.tolist() == [1.2000000476837158, 2.5]
    assert leaf.round(decimals=0).grad_fn.name() == "RoundBackward1"
    assert leaf.round().grad_fn.name() == "RoundBackward0"
    out.sum().backward()
    assert leaf.grad.tolist() == [0.0, 0.0]
    assert gradcheck(
        lambda t: t.round(decimals=2),
        (torch.tensor([0.1234, -2.3456], dtype=torch.float64, device=device, requires_grad=True),),
    )
    cases = [
        (
            lambda: torch.tensor([1, 2], device=device).round(decimals=1),
            NotImplementedError,
            "\"round_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: torch.tensor([True], device=device).round(decimals=1),
            NotImplementedError,
            "\"round_cpu\" not implemented for 'Bool'",
        ),
        (
            lambda: torch.tensor([True], device=device).round(),
            NotImplementedError,
            "\"round_vml_cpu\" not implemented for 'Bool'",
        ),
        (
            lambda: torch.tensor([1.5], device=device).round(decimals=1.5),
            TypeError,
            "round(): argument 'decimals' must be int, not float",
        ),
    ]
    for make, error, text in cases:
        with pytest.raises(error) as info:
            make()
        assert str(info.value) == text


def test_round_decimals_float16_and_repr():
    assert repr(torch.tensor([1.23456], dtype=torch.float16).round(decimals=2)) == (
        "tensor([1.2305], dtype=torch.float16)"
    )
    assert repr(torch.tensor([1.0, 2.5], requires_grad=True).round(decimals=1)) == (
        "tensor([1.0000, 2.5000], grad_fn=<RoundBackward1>)"
    )
