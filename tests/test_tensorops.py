"""xlogy, logit, sgn, deg2rad/rad2deg, cummax/cummin, logcumsumexp, searchsorted/bucketize,
diag_embed, block_diag, cartesian_prod, combinations, trapezoid/cumulative_trapezoid, cov/corrcoef,
atleast_Nd, take, gcd/lcm, renorm, dist, histc/histogram, vander. Golden values, reprs, grad_fn
names and error texts below come from PyTorch 2.13; gradients are checked numerically in float64
on every device."""

import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

A = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
B = [[1.0, 2.0, -0.5], [0.0, -1.5, 3.0]]
V = [0.3, -0.6, 0.9]
INF = float("inf")


def _long(like, values):
    return torch.tensor(values, device=like.device)


# name -> (function of float64 tensors (a, b, v), PyTorch 2.13's values (flattened, 6 decimals),
# PyTorch 2.13's grad_fn)
GOLDEN = {
    "xlogy": (
        lambda a, b, v: torch.xlogy(a, b.abs()),
        [0.0, -0.866434, -1.386294, -INF, 0.101366, -0.823959],
        "XlogyBackward0",
    ),
    "xlogy_number_self": (
        lambda a, b, v: torch.xlogy(2, b.abs() + 1),
        [1.386294, 2.197225, 0.81093, 0.0, 1.832581, 2.772589],
        "XlogyBackward1",
    ),
    "xlogy_number_other": (
        lambda a, b, v: a.xlogy(3),
        [0.549306, -1.373265, 2.197225, 1.647918, 0.274653, -0.823959],
        "XlogyBackward2",
    ),
    "special_xlogy": (
        lambda a, b, v: torch.special.xlogy(a * (b != 0), b.abs()),
        [0.0, -0.866434, -1.386294, 0.0, 0.101366, -0.823959],
        "XlogyBackward0",
    ),
    "logit": (
        lambda a, b, v: torch.logit(v.abs()),
        [-0.847298, 0.405465, 2.197225],
        "LogitBackward0",
    ),
    "logit_eps": (
        lambda a, b, v: v.abs().logit(eps=0.4),
        [-0.405465, 0.405465, 0.405465],
        "LogitBackward0",
    ),
    "special_logit": (
        lambda a, b, v: torch.special.logit(v.abs() + 0.05),
        [-0.619039, 0.619039, 2.944439],
        "LogitBackward0",
    ),
    "sgn": (
        lambda a, b, v: torch.sgn(a * (b > 0)),
        [1.0, -1.0, 0.0, 0.0, 0.0, -1.0],
        "SgnBackward0",
    ),
    "deg2rad": (
        lambda a, b, v: torch.deg2rad(a * 90),
        [0.785398, -1.963495, 3.141593, 2.356194, 0.392699, -1.178097],
        "Deg2RadBackward0",
    ),
    "rad2deg": (
        lambda a, b, v: a.rad2deg(),
        [28.64789, -71.619724, 114.591559, 85.943669, 14.323945, -42.971835],
        "Rad2DegBackward0",
    ),
    "cummax": (
        lambda a, b, v: torch.cummax(a, 1).values,
        [0.5, 0.5, 2.0, 1.5, 1.5, 1.5],
        "CummaxBackward0",
    ),
    "cummin": (
        lambda a, b, v: a.cummin(0).values,
        [0.5, -1.25, 2.0, 0.5, -1.25, -0.75],
        "CumminBackward0",
    ),
    "logcumsumexp": (
        lambda a, b, v: torch.logcumsumexp(a * 10, 1),
        [5.0, 5.0, 20.0, 15.0, 15.000004, 15.000004],
        "LogcumsumexpBackward0",
    ),
    "logcumsumexp_dim0": (
        lambda a, b, v: a.logcumsumexp(0),
        [0.5, -1.25, 2.0, 1.813262, 0.451413, 2.061968],
        "LogcumsumexpBackward0",
    ),
    "diag_embed": (
        lambda a, b, v: torch.diag_embed(a, 1),
        [
            0.0,
            0.5,
            0.0,
            0.0,
            0.0,
            0.0,
            -1.25,
            0.0,
            0.0,
            0.0,
            0.0,
            2.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.5,
            0.0,
            0.0,
            0.0,
            0.0,
            0.25,
            0.0,
            0.0,
            0.0,
            0.0,
            -0.75,
            0.0,
            0.0,
            0.0,
            0.0,
        ],
        "DiagEmbedBackward0",
    ),
    "diag_embed_dims": (
        lambda a, b, v: torch.diag_embed(v, -1, 1, 0),
        [0.0, 0.3, 0.0, 0.0, 0.0, 0.0, -0.6, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0, 0.0, 0.0],
        "DiagEmbedBackward0",
    ),
    "block_diag": (
        lambda a, b, v: torch.block_diag(a, v, v[0]),
        [
            0.5,
            -1.25,
            2.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.5,
            0.25,
            -0.75,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.3,
            -0.6,
            0.9,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.3,
        ],
        "BlockDiagBackward0",
    ),
    "cartesian_prod": (
        lambda a, b, v: torch.cartesian_prod(v, v[:2]),
        [0.3, 0.3, 0.3, -0.6, -0.6, 0.3, -0.6, -0.6, 0.9, 0.3, 0.9, -0.6],
        "StackBackward0",
    ),
    "combinations": (
        lambda a, b, v: torch.combinations(v, 2),
        [0.3, -0.6, 0.3, 0.9, -0.6, 0.9],
        "StackBackward0",
    ),
    "combinations_rep": (
        lambda a, b, v: torch.combinations(v, 3, with_replacement=True),
        [
            0.3,
            0.3,
            0.3,
            0.3,
            0.3,
            -0.6,
            0.3,
            0.3,
            0.9,
            0.3,
            -0.6,
            -0.6,
            0.3,
            -0.6,
            0.9,
            0.3,
            0.9,
            0.9,
            -0.6,
            -0.6,
            -0.6,
            -0.6,
            -0.6,
            0.9,
            -0.6,
            0.9,
            0.9,
            0.9,
            0.9,
            0.9,
        ],
        "StackBackward0",
    ),
    "trapezoid": (lambda a, b, v: torch.trapezoid(a), [0.0, 0.625], "MulBackward1"),
    "trapezoid_dx": (
        lambda a, b, v: torch.trapezoid(a, dx=0.5, dim=0),
        [0.5, -0.25, 0.3125],
        "MulBackward1",
    ),
    "trapezoid_x": (lambda a, b, v: torch.trapezoid(a, v), [0.9, -1.1625], "DivBackward1"),
    "trapz_x_2d": (lambda a, b, v: torch.trapz(a, b.cumsum(1)), [-0.9375, -2.0625], "DivBackward1"),
    "cumulative_trapezoid": (
        lambda a, b, v: torch.cumulative_trapezoid(a, dx=2),
        [-0.75, 0.0, 1.75, 1.25],
        "CumsumBackward0",
    ),
    "cumulative_trapezoid_x": (
        lambda a, b, v: torch.cumulative_trapezoid(a, v),
        [0.3375, 0.9, -0.7875, -1.1625],
        "DivBackward1",
    ),
    "cov": (
        lambda a, b, v: torch.cov(a),
        [2.645833, -0.739583, -0.739583, 1.270833],
        "SqueezeBackward0",
    ),
    "cov_weights": (
        lambda a, b, v: torch.cov(a, correction=0, fweights=_long(a, [1, 2, 1]), aweights=v.abs()),
        [2.277344, -0.630859, -0.630859, 0.522461],
        "SqueezeBackward0",
    ),
    "cov_aweights": (
        lambda a, b, v: a.cov(aweights=v.abs()),
        [3.465909, -1.147727, -1.147727, 1.105114],
        "SqueezeBackward0",
    ),
    "corrcoef": (
        lambda a, b, v: torch.corrcoef(torch.cat([a, b])),
        [
            1.0,
            -0.403331,
            -0.987332,
            0.972629,
            -0.403331,
            1.0,
            0.543413,
            -0.604917,
            -0.987332,
            0.543413,
            1.0,
            -0.997176,
            0.972629,
            -0.604917,
            -0.997176,
            1.0,
        ],
        "ClampBackward1",
    ),
    "atleast_2d": (lambda a, b, v: torch.atleast_2d(v), [0.3, -0.6, 0.9], "UnsqueezeBackward0"),
    "atleast_3d": (
        lambda a, b, v: torch.atleast_3d(a),
        [0.5, -1.25, 2.0, 1.5, 0.25, -0.75],
        "UnsqueezeBackward0",
    ),
    "atleast_1d_scalar": (lambda a, b, v: torch.atleast_1d(v[1]), [-0.6], "ViewBackward0"),
    "take": (
        lambda a, b, v: torch.take(a, _long(a, [[5, -6], [0, 5]])),
        [-0.75, 0.5, 0.5, -0.75],
        "TakeBackward0",
    ),
    "renorm": (
        lambda a, b, v: torch.renorm(a, 2, 0, 1.5),
        [0.311085, -0.777714, 1.244342, 1.326978, 0.221163, -0.663489],
        "RenormBackward0",
    ),
    "renorm_p1": (
        lambda a, b, v: a.renorm(1, 1, 2.0),
        [0.5, -1.25, 1.454545, 1.5, 0.25, -0.545455],
        "RenormBackward0",
    ),
    "dist": (lambda a, b, v: torch.dist(a, v), [2.560762], "DistBackward0"),
    "dist_p3": (lambda a, b, v: a.dist(b, 3), [4.813775], "DistBackward0"),
    "dist_inf": (lambda a, b, v: torch.dist(a, b, float("inf")), [3.75], "DistBackward0"),
    "vander": (
        lambda a, b, v: torch.vander(v),
        [0.09, 0.3, 1.0, 0.36, -0.6, 1.0, 0.81, 0.9, 1.0],
        "FlipBackward0",
    ),
    "vander_increasing": (
        lambda a, b, v: torch.vander(v, 4, increasing=True),
        [1.0, 0.3, 0.09, 0.027, 1.0, -0.6, 0.36, -0.216, 1.0, 0.9, 0.81, 0.729],
        "CopySlices",
    ),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_values_and_grad_fn_match_pytorch(name, device):
    fn, expected, node = GOLDEN[name]
    a, b, v = (
        torch.tensor(x, dtype=torch.float64, device=device, requires_grad=True) for x in (A, B, V)
    )
    out = fn(a, b, v)
    assert type(out.grad_fn).__name__ == node
    assert out.device.type == device and out.dtype is torch.float64
    assert out.detach().cpu().reshape(-1).tolist() == pytest.approx(expected, abs=1e-6)


# name -> (function, shapes of its random float64 inputs, whether to gradgradcheck too)
GRADCHECK = {
    "xlogy": (lambda x, y: torch.xlogy(x, y.abs() + 0.1), [(2, 3), (3,)], True),
    "xlogy_numbers": (lambda y: torch.xlogy(2.5, y.abs() + 0.1) + torch.xlogy(y, 3), [(4,)], True),
    "logit": (lambda p: torch.logit(p.sigmoid()) + p.sigmoid().logit(eps=0.3), [(5,)], True),
    "angles": (lambda x: torch.deg2rad(x) * torch.rad2deg(x) + torch.sgn(x), [(3,)], True),
    "cummax": (lambda x: torch.cummax(x, 1).values + x.cummin(0).values, [(3, 4)], True),
    "logcumsumexp": (lambda x: torch.logcumsumexp(x * 3, 1), [(2, 4, 2)], True),
    "diag_embed": (lambda x: torch.diag_embed(x, -1, 0, 2), [(2, 3)], False),
    "block_diag": (lambda x, y, z: torch.block_diag(x, y, z), [(2, 3), (2,), ()], False),
    "cartesian_combinations": (
        lambda x: [torch.cartesian_prod(x, x[1:]), torch.combinations(x, 3, True)],
        [(3,)],
        False,
    ),
    "trapezoid": (
        lambda y, x: [
            torch.trapezoid(y, x),
            torch.trapezoid(y, dx=0.3, dim=0),
            torch.cumulative_trapezoid(y, x, dim=1),
            torch.cumulative_trapezoid(y, dim=0),
        ],
        [(3, 4), (4,)],
        False,
    ),
    "cov": (
        lambda x, w: [torch.cov(x, aweights=w.abs() + 0.1), torch.corrcoef(x)],
        [(2, 4), (4,)],
        True,
    ),
    "take": (lambda x: torch.take(x, _long(x, [[0, -1], [3, 3]])), [(2, 3)], False),
    "renorm": (lambda x: torch.renorm(x * 3, 2, 1, 1.0) + x.renorm(3, 0, 0.5), [(3, 2)], True),
    "dist": (lambda x, y: [torch.dist(x, y), x.dist(y, 1.5), x.dist(y, INF)], [(2, 3), (3,)], True),
    "vander": (lambda x: [torch.vander(x), torch.vander(x, 4, True)], [(3,)], True),
}


@pytest.mark.parametrize("name", sorted(GRADCHECK))
def test_gradients(name, device):
    fn, shapes, twice = GRADCHECK[name]
    torch.manual_seed(0)
    inputs = tuple(
        torch.randn(*s, dtype=torch.float64, device=device, requires_grad=True) for s in shapes
    )
    assert gradcheck(fn, inputs)
    if twice:
        assert gradgradcheck(fn, inputs)


def test_integer_and_bool_dtypes(device):
    t = lambda values, **kw: torch.tensor(values, device=device, **kw)  # noqa: E731
    i = t([3, -1, 0, 2])
    flags = t([True, False])
    # PyTorch 2.13: integer inputs of these give the default float
    assert str(torch.xlogy(i, i).cpu()) == "tensor([3.2958,    nan, 0.0000, 1.3863])"
    assert torch.xlogy(i, 2).dtype is torch.float32
    assert str(torch.logit(i).cpu()) == "tensor([nan, nan, -inf, nan])"
    assert str(torch.deg2rad(i).cpu()) == "tensor([ 0.0524, -0.0175,  0.0000,  0.0349])"
    assert str(torch.rad2deg(flags).cpu()) == "tensor([57.2958,  0.0000])"
    assert str(torch.trapezoid(i).cpu()) == "tensor(1.5000)"
    assert str(torch.cumulative_trapezoid(i).cpu()) == "tensor([1.0000, 0.5000, 1.5000])"
    m = t([[1, 2, 4], [0, 3, 1]])
    assert str(torch.cov(m).cpu()) == "tensor([[2.3333, 0.3333],\n        [0.3333, 2.3333]])"
    assert str(torch.corrcoef(m).cpu()) == "tensor([[1.0000, 0.1429],\n        [0.1429, 1.0000]])"
    # ... and these keep integers (or give int64)
    assert str(torch.sgn(i).cpu()) == "tensor([ 1, -1,  0,  1])"
    assert str(torch.sgn(flags).cpu()) == "tensor([ True, False])"
    assert str(torch.vander(i).cpu()) == (
        "tensor([[27,  9,  3,  1],\n        [-1,  1, -1,  1],\n"
        "        [ 0,  0,  0,  1],\n        [ 8,  4,  2,  1]])"
    )
    assert str(torch.vander(flags).cpu()) == "tensor([[1, 1],\n        [0, 1]])"
    assert str(torch.vander(i, 0).cpu()) == "tensor([], size=(4, 0), dtype=torch.int64)"
    assert str(torch.cummax(i, 0).indices.cpu()) == "tensor([0, 0, 0, 0])"
    assert torch.cummax(flags, 0).values.tolist() == [True, True]
    assert torch.take(t([[0, 1, 2], [3, 4, 5]]), t([[-1, 0]])).tolist() == [[5, 0]]
    assert str(torch.combinations(t([1, 2, 3]), 2, with_replacement=True).cpu()) == (
        "tensor([[1, 1],\n        [1, 2],\n        [1, 3],\n        [2, 2],\n        [2, 3],\n"
        "        [3, 3]])"
    )
    assert str(torch.combinations(t([1, 2, 3]), 0).cpu()) == "tensor([], dtype=torch.int64)"
    assert (
        str(torch.combinations(t([1, 2, 3]), 4).cpu())
        == "tensor([], size=(0, 4), dtype=torch.int64)"
    )
    assert str(torch.block_diag(t([True]), t([[2]])).cpu()) == "tensor([[1, 0],\n        [0, 2]])"
    assert str(torch.diag_embed(t([[1, 2], [3, 4]]), 1, 0, 2).cpu()) == (
        "tensor([[[0, 1, 0],\n         [0, 3, 0]],\n\n        [[0, 0, 2],\n         [0, 0, 4]],\n"
        "\n        [[0, 0, 0],\n         [0, 0, 0]]])"
    )


def test_gcd_lcm(device):
    t = lambda values: torch.tensor(values, device=device)  # noqa: E731
    # PyTorch 2.13's values; mixed integer dtypes promote
    assert torch.gcd(t([12, -8, 0, 0]), t([18, 6, -5, 0])).tolist() == [6, 2, 5, 0]
    assert torch.lcm(t([4, -6, 0, 5]), t([6, 4, 3, 0])).tolist() == [12, 12, 0, 0]
    assert t([3, -1, 0, 2]).gcd(t([3, -1, 0, 2]).int()).dtype is torch.int64
    assert t([[4], [9]]).lcm(t([6, 3])).tolist() == [[12, 12], [18, 9]]
    with pytest.raises(NotImplementedError, match="^\"gcd_cpu\" not implemented for 'Float'$"):
        torch.gcd(t([1.0]), t([1.0]))
    with pytest.raises(NotImplementedError, match="^\"gcd_cpu\" not implemented for 'Bool'$"):
        torch.gcd(t([True]), t([True]))
    with pytest.raises(
        TypeError,
        match=r"^gcd\(\): argument 'other' \(position 2\) must be "
        "Tensor, not int$",
    ):
        torch.gcd(t([1]), 3)


def test_searchsorted_and_bucketize(device):
    t = lambda values, **kw: torch.tensor(values, device=device, **kw)  # noqa: E731
    edges = t([1, 3, 5, 7])
    # PyTorch 2.13's values
    assert torch.searchsorted(edges, t([[3, 6, 9], [0, 5, 7]])).tolist() == [[1, 3, 4], [0, 2, 3]]
    right = torch.searchsorted(edges, t([3, 6, 9]), right=True, out_int32=True)
    assert right.tolist() == [2, 3, 4] and right.dtype is torch.int32
    assert torch.searchsorted(edges, t([3, 6, 9]), side="right").tolist() == [2, 3, 4]
    scalar = torch.searchsorted(edges, 4)
    assert scalar.shape == () and scalar.item() == 2
    assert torch.searchsorted(t([[1, 3, 5], [2, 4, 6]]), t([[3, 6], [1, 5]])).tolist() == [
        [1, 3],
        [0, 2],
    ]
    assert torch.searchsorted(t([5, 1, 3]), t([2, 4]), sorter=t([1, 2, 0])).tolist() == [1, 2]
    assert torch.searchsorted(t([1, 3]), t([2.5])).tolist() == [1]
    assert torch.searchsorted(t([1.0, 3.0]), t([float("nan"), 3.0])).tolist() == [2, 1]
    assert torch.bucketize(t([[3, 6, 9], [0, 5, 7]]), edges, right=True).tolist() == [
        [2, 3, 4],
        [0, 3, 4],
    ]
    assert torch.bucketize(3, t([1, 3])).item() == 1
    with pytest.raises(
        RuntimeError,
        match=r"^torch.searchsorted\(\): side and right can't be "
        "set to opposites, got side of left while right was "
        "True$",
    ):
        torch.searchsorted(edges, t([3]), right=True, side="left")
    with pytest.raises(RuntimeError, match=r"side can only be 'left' or 'right' but got middle$"):
        torch.searchsorted(edges, t([3]), side="middle")
    with pytest.raises(
        RuntimeError,
        match=r"boundaries tensor \[2, 3\] and input value tensor "
        r"\[1, 2\]$",
    ):
        torch.searchsorted(t([[1, 3, 5], [2, 4, 6]]), t([[3, 6]]))
    with pytest.raises(
        RuntimeError,
        match=r"^boundaries tensor must be 1 dimension, but got "
        r"dim\(2\)$",
    ):
        torch.bucketize(t([3]), t([[1, 3]]))


def test_histc_and_histogram(device):
    t = lambda values, **kw: torch.tensor(values, device=device, **kw)  # noqa: E731
    # PyTorch 2.13's values and reprs
    assert torch.histc(t([1.0, 2.0, 1.0, 4.0, 0.5, 7.0]), 4, 1, 4).tolist() == [2, 1, 0, 1]
    assert torch.histc(t([1.0, 2.0, 1.0, 4.0]), 3).tolist() == [2, 1, 1]
    assert torch.histc(t([2.0, 2.0]), 4).tolist() == [0, 0, 2, 0]
    assert t([1.0, 2.0], dtype=torch.float64).histc(2).dtype is torch.float64
    h = torch.histogram(t([1.0, 2.0, 1.0, 4.0]).cpu(), 3)
    assert repr(h) == (
        "torch.return_types.histogram(\nhist=tensor([2., 1., 1.]),\n"
        "bin_edges=tensor([1., 2., 3., 4.]))"
    )
    assert h.hist is h[0] and h.bin_edges is h[1]
    dense = torch.histogram(t([1.0, 2.0, 1.0, 4.0]), 3, range=(0.0, 3.0), density=True)
    assert dense.hist.tolist() == pytest.approx([0.0, 0.666667, 0.333333], abs=1e-6)
    weighted = t([1.0, 2.0, 1.0, 4.0]).histogram(t([0.0, 1.5, 4.0]), weight=t([1.0, 2, 3, 4]))
    assert weighted.hist.tolist() == [4.0, 6.0] and weighted.bin_edges.tolist() == [0, 1.5, 4]
    with pytest.raises(NotImplementedError, match="^\"histogram_cpu\" not implemented for 'Long'$"):
        torch.histc(t([1, 2]))
    with pytest.raises(
        RuntimeError,
        match=r"^torch.histogram\(\): bins must be > 0, but got -1 "
        "for dimension 0$",
    ):
        torch.histc(t([2.0]), -1)
    with pytest.raises(RuntimeError, match="^torch.histc: max must be larger than min$"):
        torch.histc(t([2.0]), 4, 3, 1)
    with pytest.raises(
        RuntimeError,
        match="^torch.histogramdd: min should not exceed max, but got min 3 max 1 for dimension 0$",
    ):
        torch.histogram(t([1.0]), 3, range=(3.0, 1.0))


def test_named_tuples_and_shapes(device):
    x = torch.tensor([1.0, float("nan"), 3.0, float("nan")], device=device)
    # PyTorch 2.13: a nan stays the running max until the next nan takes over
    result = torch.cummax(x, 0)
    assert str(result.values.cpu()) == "tensor([1., nan, nan, nan])"
    assert result.indices.tolist() == [0, 1, 1, 3]
    ties = torch.cummin(torch.tensor([3.0, 1.0, 1.0, 2.0, 0.0, 0.0]).cpu(), 0)
    assert repr(ties) == (
        "torch.return_types.cummin(\nvalues=tensor([3., 1., 1., 1., 0., 0.]),"
        "\nindices=tensor([0, 1, 2, 2, 4, 5]))"
    )
    scalar = torch.cummax(torch.tensor(2.0, device=device), 0)
    assert scalar.values.shape == () and scalar.indices.item() == 0
    big = torch.tensor([-1000.0, 0.0, 1000.0, -INF], device=device)
    assert torch.logcumsumexp(big, 0).tolist() == [-1000.0, 0.0, 1000.0, 1000.0]
    assert torch.logcumsumexp(torch.tensor(2.0, device=device), 0).item() == 2.0
    s = torch.tensor(1.0, device=device, requires_grad=True)
    assert [
        type(f(s).grad_fn).__name__ for f in (torch.atleast_1d, torch.atleast_2d, torch.atleast_3d)
    ] == ["ViewBackward0"] * 3
    assert [tuple(f(s).shape) for f in (torch.atleast_1d, torch.atleast_2d, torch.atleast_3d)] == [
        (1,),
        (1, 1),
        (1, 1, 1),
    ]
    pair = torch.atleast_1d([s, torch.ones(2, device=device)])
    assert isinstance(pair, tuple) and [tuple(p.shape) for p in pair] == [(1,), (2,)]
    assert torch.atleast_3d(torch.ones(2, 3, device=device)).shape == (2, 3, 1)
    v = torch.tensor([1.0, 2.0], device=device, requires_grad=True)
    assert torch.cartesian_prod(v) is v
    assert torch.block_diag().shape == (1, 0)
    assert str(torch.cov(torch.tensor([1.0, 2.0, 4.0], device=device)).cpu()) == "tensor(2.3333)"
    assert torch.corrcoef(torch.tensor([1.0, 2.0, 4.0], device=device)).item() == 1.0
    assert torch.trapezoid(torch.ones(2, 0, device=device)).tolist() == [0.0, 0.0]
    assert torch.cumulative_trapezoid(torch.ones(2, 1, device=device)).shape == (2, 0)
    assert (
        torch.dist(
            torch.tensor([1.0, -2.0], device=device),
            torch.tensor([[0.0], [3.0]], device=device),
            INF,
        ).item()
        == 5.0
    )


def test_cov_weights_warning(device):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)  # other categories keep their filters
        c = torch.cov(torch.ones(2, 1, device=device))
    # PyTorch's one warning, and no NumPy floating-point warning from the 0 / 0 behind the nan
    assert [str(w.message) for w in caught] == [
        "cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of "
        "observations."
    ]
    assert c.isnan().all()


ERRORS = [  # (call, exception type, PyTorch 2.13's message)
    (
        lambda t: torch.xlogy(2, 3),
        TypeError,
        "xlogy() received an invalid combination of arguments - got (int, int), but expected one "
        "of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other,"
        " *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        lambda t: torch.logcumsumexp(t([1, 2]), 0),
        NotImplementedError,
        "\"logcumsumexp_out_cpu\" not implemented for 'Long'",
    ),
    (
        lambda t: torch.cummax(t([1.0, 2.0]), 1),
        IndexError,
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    ),
    (
        lambda t: torch.diag_embed(t([[1, 2]]), 0, 1, 1),
        RuntimeError,
        "diagonal dimensions cannot be identical 1, 1",
    ),
    (
        lambda t: torch.block_diag(t([[[1.0]]])),
        RuntimeError,
        "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input 0 has 3 dimensions",
    ),
    (
        lambda t: torch.cartesian_prod(t([[1.0, 2.0]])),
        RuntimeError,
        "Expect a 1D vector, but got shape [1, 2]",
    ),
    (
        lambda t: torch.combinations(t([1, 2]), -1),
        RuntimeError,
        "Expect a non-negative number, but got -1",
    ),
    (
        lambda t: torch.trapezoid(t([1.0, 2.0, 3.0]), t([1.0, 2.0])),
        RuntimeError,
        "trapezoid: There must be one `x` value for each sample point",
    ),
    (
        lambda t: torch.cumulative_trapezoid(t([1.0, 2.0, 3.0]), t([1.0, 2.0])),
        RuntimeError,
        "cumulative_trapezoid: There must be one `x` value for each sample point",
    ),
    (
        lambda t: torch.trapezoid(t([1.0]), t([1.0]), dx=1),
        TypeError,
        "trapezoid() received an invalid combination of arguments - got (Tensor, Tensor, dx=int), "
        "but expected one of:\n * (Tensor y, Tensor x, *, int dim = -1)\n * (Tensor y, *, Number dx"
        " = 1, int dim = -1)\n",
    ),
    (
        lambda t: torch.cov(t([[[1.0]]])),
        RuntimeError,
        "cov(): expected input to have two or fewer dimensions but got an input with 3 dimensions",
    ),
    (
        lambda t: torch.cov(t([[1.0, 2.0, 4.0]]), fweights=t([1.0, 2.0, 1.0])),
        RuntimeError,
        "cov(): expected fweights to have integral dtype but got fweights with Float dtype",
    ),
    (
        lambda t: torch.cov(t([[1.0, 2.0, 4.0]]), fweights=t([1, 2])),
        RuntimeError,
        "cov(): expected fweights to have the same numel as there are observations in the input "
        "but got 2 != 3",
    ),
    (
        lambda t: torch.cov(t([[1.0, 2.0, 4.0]]), aweights=t([1.0, -2.0, 1.0])),
        RuntimeError,
        "cov(): aweights cannot be negative",
    ),
    (
        lambda t: torch.cov(t([[1.0, 2.0, 4.0]]), aweights=t([1, 2, 1])),
        RuntimeError,
        "cov(): expected aweights to have floating point dtype but got aweights with Long dtype",
    ),
    (
        lambda t: torch.take(t([1.0, 2.0]), t([0]).int()),
        RuntimeError,
        "take(): Expected a long tensor for index, but got Int",
    ),
    (
        lambda t: torch.take(t([[1.0, 2.0, 3.0]] * 2), t([6])),
        IndexError,
        "out of range: tried to access index 6 on a tensor of 6 elements.",
    ),
    (
        lambda t: torch.renorm(t([[1, 2]]), 2, 0, 1),
        RuntimeError,
        "linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long",
    ),
    (
        lambda t: torch.renorm(t([[1.0]]), 2, 0, -1),
        RuntimeError,
        "renorm: expected maxnorm to be >= 0 but got -1",
    ),
    (
        lambda t: torch.renorm(t([[1.0]]), 0, 0, 1),
        RuntimeError,
        "renorm: non-positive-norm not supported",
    ),
    (
        lambda t: torch.renorm(t([1.0]), 2, 0, 1),
        RuntimeError,
        "renorm: input needs at least 2 dimensions, got 1 dimensions",
    ),
    (
        lambda t: torch.dist(t([1]), t([2])),
        RuntimeError,
        "norm(): input dtype should be either floating point or complex. Got Long instead.",
    ),
    (lambda t: torch.vander(t([[1.0]])), RuntimeError, "x must be a one-dimensional tensor."),
    (lambda t: torch.vander(t([1.0]), -1), RuntimeError, "N must be non-negative."),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_match_pytorch(case, device):
    call, kind, text = ERRORS[case]
    with pytest.raises(kind) as info:
        call(lambda values: torch.tensor(values, device=device))
    assert str(info.value) == text


# --- copysign, logaddexp2, nextafter, ldexp, float_power_, comparison aliases and in-place forms, in-place logical/bitwise ops, floor_divide_, argument errors: recorded from PyTorch 2.13 ---
# --- a second backward without retain_graph: PyTorch raises where its node saved something -------


def _leaf(*shape):
    return (torch.arange(1.0, 1.0 + np.prod(shape), dtype=torch.float64) / 4).reshape(shape)


def test_trapezoid_of_integers_is_a_float():
    out = torch.trapezoid(torch.tensor([1, 2]))
    assert out.dtype is torch.float32 and out.item() == 1.5
    assert torch.cumulative_trapezoid(torch.tensor([1, 2, 4])).tolist() == [1.5, 4.5]


def test_trapezoid_nodes_are_pytorchs():
    y = _leaf(4).requires_grad_()
    out = torch.trapezoid(y)
    names = [type(out.grad_fn).__name__]
    names += [type(f).__name__ for f, _ in out.grad_fn.next_functions[0][0].next_functions]
    assert names == ["MulBackward1", "SumBackward1", "MulBackward1"]
    out = torch.cumulative_trapezoid(y)
    assert type(out.grad_fn.next_functions[0][0]).__name__ == "MulBackward1"


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
# --- signal windows: PyTorch computes them in the window's dtype ---------------------------------

WINDOWS = {
    "hann": (
        lambda: torch.hann_window(5),
        [0.0, 0.34549152851104736, 0.9045084714889526, 0.9045084714889526, 0.3454914391040802],
    ),
    "hann_symmetric": (lambda: torch.hann_window(5, periodic=False), [0.0, 0.5, 1.0, 0.5, 0.0]),
    "hann_float64": (
        lambda: torch.hann_window(5, dtype=torch.float64),
        [0.0, 0.3454915028125263, 0.9045084971874737, 0.9045084971874737, 0.3454915028125264],
    ),
    "hamming": (
        lambda: torch.hamming_window(4),
        [0.08000001311302185, 0.5400000214576721, 1.0, 0.5400000214576721],
    ),
    "hamming_alpha_beta": (
        lambda: torch.hamming_window(5, False, 0.5, 0.5),
        [0.0, 0.5, 1.0, 0.5, 0.0],
    ),
    "bartlett": (
        lambda: torch.bartlett_window(5),
        [0.0, 0.4000000059604645, 0.800000011920929, 0.7999999523162842, 0.3999999761581421],
    ),
    "blackman": (
        lambda: torch.blackman_window(5),
        [
            -2.9802322387695312e-08,
            0.20077013969421387,
            0.8492298126220703,
            0.8492298126220703,
            0.2007700800895691,
        ],
    ),
    "kaiser": (
        lambda: torch.kaiser_window(5),
        [
            5.2773437346331775e-05,
            0.10171971470117569,
            0.7929394245147705,
            0.7929394245147705,
            0.10171971470117569,
        ],
    ),
    "kaiser_beta": (
        lambda: torch.kaiser_window(6, False, 8.0),
        [
            0.002338829915970564,
            0.2267768234014511,
            0.8598017692565918,
            0.8598017692565918,
            0.2267768234014511,
            0.002338829915970564,
        ],
    ),
    "one": (lambda: torch.hann_window(1), [1.0]),
    "empty": (lambda: torch.hann_window(0), []),
}


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_windows(name):
    make, expected = WINDOWS[name]
    window = make()
    assert window.dtype is (torch.float64 if name == "hann_float64" else torch.float32)
    np.testing.assert_allclose(window.numpy(), expected, rtol=2e-6, atol=1e-7)


def test_window_requires_grad():
    window = torch.hann_window(5, requires_grad=True)
    assert window.requires_grad and window.is_leaf


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
A_MORE = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
B_MORE = [[1.0, 2.0, -0.5], [0.0, -1.5, 3.0]]
V_MORE = [0.3, -0.6, 0.9]

# name -> (function of (a, b, v), PyTorch 2.13's values (flattened, 6 decimals), grad_fn name)
GOLDEN_MORE = {
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
        for x in (A_MORE, B_MORE, V_MORE)
    ]


@pytest.mark.parametrize("name", sorted(GOLDEN_MORE))
def test_values_and_grad_fn_match_pytorch_more(name, device):
    fn, expected, node = GOLDEN_MORE[name]
    out = fn(*_inputs(device))
    assert type(out.grad_fn).__name__ == node
    assert out.device.type == device
    got = out.detach().cpu().reshape(-1).tolist()
    assert got == pytest.approx(expected, abs=1e-6)


# Differentiable ops for gradcheck; the first `len(...)` inputs are random float64 tensors.
GRADCHECK_MORE = {
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


@pytest.mark.parametrize("name", sorted(GRADCHECK_MORE))
def test_elementwise_gradients_first_and_second_order(name, device):
    fn, shapes = GRADCHECK_MORE[name]
    inputs = _random(device, shapes)
    assert gradcheck(fn, inputs)
    assert gradgradcheck(fn, inputs)


@pytest.mark.parametrize("name", sorted(GRADCHECK_ONLY))
def test_gradients_more(name, device):
    fn, shapes = GRADCHECK_ONLY[name]
    assert gradcheck(fn, _random(device, shapes))


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


ERRORS_MORE = [  # PyTorch 2.13's texts
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


@pytest.mark.parametrize("case", range(len(ERRORS_MORE)))
def test_error_texts(case):
    fn, error, text = ERRORS_MORE[case]
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
