"""xlogy, logit, sgn, deg2rad/rad2deg, cummax/cummin, logcumsumexp, searchsorted/bucketize,
diag_embed, block_diag, cartesian_prod, combinations, trapezoid/cumulative_trapezoid, cov/corrcoef,
atleast_Nd, take, gcd/lcm, renorm, dist, histc/histogram, vander. Golden values, reprs, grad_fn
names and error texts below come from PyTorch 2.13; gradients are checked numerically in float64
on every device."""

import warnings

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
