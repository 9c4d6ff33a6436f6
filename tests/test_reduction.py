"""Reductions: values, grad_fn names, tie and zero handling, gradients, errors, properties.

Golden values, grad_fn names and error texts were checked against PyTorch 2.13 (CPU).
"""

from __future__ import annotations

import math
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes

D = torch.float64
TIES = [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]


def _grad(fn, values, device):
    x = torch.tensor(values, device=device, requires_grad=True)
    fn(x).backward()
    return x.grad.tolist()


def test_ties_share_gradient_like_pytorch(device):
    # PyTorch 2.13: whole max/amax split evenly, max(dim) gives it to the returned index.
    assert _grad(lambda x: x.max(), TIES, device) == [[0.0, 0.5, 0.5], [0.0, 0.0, 0.0]]
    assert _grad(lambda x: x.max(1)[0].sum(), TIES, device) == [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    assert _grad(lambda x: x.amax(1).sum(), TIES, device) == [[0.0, 0.5, 0.5], [0.5, 0.5, 0.0]]
    assert _grad(lambda x: x.min(), TIES, device) == [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]]


def test_prod_with_zeros(device):
    y = [[1.0, 0.0, 3.0], [0.0, 0.0, 2.0], [1.0, 2.0, 3.0]]
    assert _grad(lambda x: x.prod(), y, device) == [[0.0] * 3] * 3
    assert _grad(lambda x: x.prod(1).sum(), y, device) == [
        [0.0, 3.0, 0.0],
        [0.0, 0.0, 0.0],
        [6.0, 3.0, 2.0],
    ]
    assert _grad(lambda x: x.prod(0).sum(), y, device) == [
        [0.0, 0.0, 6.0],
        [1.0, 0.0, 9.0],
        [0.0, 0.0, 6.0],
    ]
    ints = torch.tensor([1, 2, 3], device=device)
    assert ints.prod().item() == 6 and ints.prod().dtype is torch.int64


def test_values_and_names(device):
    x = torch.tensor(TIES, device=device, requires_grad=True)
    golden = [  # (result, PyTorch 2.13 values, grad_fn)
        (x.std(), [1.1690], "StdBackward0"),
        (x.var(1), [1.3333, 1.3333], "VarBackward0"),
        (x.var(correction=0), [1.1389], "VarBackward0"),
        (x.norm(), [5.1962], "LinalgVectorNormBackward0"),
        (x.norm(1), [11.0], "LinalgVectorNormBackward0"),
        (x.norm(float("inf"), 1), [3.0, 2.0], "LinalgVectorNormBackward0"),
        (x.logsumexp(1), [3.7586, 2.7586], "LogsumexpBackward0"),
        (x.softmax(1), [0.0634, 0.4683, 0.4683, 0.4683, 0.4683, 0.0634], "SoftmaxBackward0"),
        (
            x.log_softmax(0),
            [-1.3133, -0.3133, -0.0486, -0.3133, -1.3133, -3.0486],
            "LogSoftmaxBackward0",
        ),
        (x.cumsum(1), [1.0, 4.0, 7.0, 2.0, 4.0, 4.0], "CumsumBackward0"),
        (x.prod(), [0.0], "ProdBackward0"),
        (x.prod(1, keepdim=True), [9.0, 0.0], "ProdBackward1"),
        (x.max(), [3.0], "MaxBackward1"),
        (x.min(), [0.0], "MinBackward1"),
        (x.amax(0), [2.0, 3.0, 3.0], "AmaxBackward0"),
        (x.amin((0, 1)), [0.0], "AminBackward0"),
        (x.sum(1), [7.0, 4.0], "SumBackward1"),
        (x.mean(), [11 / 6], "MeanBackward0"),
    ]
    for out, values, name in golden:
        assert out.grad_fn.name() == name
        flat = out.detach().reshape(-1).tolist()
        assert flat == pytest.approx(values, abs=1e-4), name


def test_max_with_dim_returns_named_tuple(device):
    x = torch.tensor(TIES, device=device)
    result = x.max(1)
    assert type(result).__name__ == "max" and type(result).__module__ == "torch.return_types"
    values, indices = result
    assert values.tolist() == [3.0, 2.0] and indices.tolist() == [1, 0]
    assert result.indices.dtype is torch.int64
    kept = torch.min(x, 0, keepdim=True)
    assert kept.values.tolist() == [[1.0, 2.0, 0.0]] and kept.indices.tolist() == [[0, 1, 1]]
    assert torch.max(x, torch.ones_like(x)).tolist() == [[1.0, 3.0, 3.0], [2.0, 2.0, 1.0]]


def test_argmax_argmin(device):
    x = torch.tensor(TIES, device=device)
    assert x.argmax().item() == 1
    assert x.argmax(1).tolist() == [1, 0]
    assert x.argmin(1, keepdim=True).tolist() == [[0], [2]]
    assert torch.argmax(x, keepdim=True).tolist() == [[1]]
    assert torch.tensor([1.0, float("nan"), 3.0], device=device).argmax().item() == 1


def test_all_any(device):
    b = torch.tensor([[True, False], [True, True]], device=device)
    assert b.all().item() is False
    assert b.all(0, keepdim=True).tolist() == [[True, False]]
    assert torch.any(torch.tensor([1.5, 0.0], device=device), 0).item() is True
    assert torch.tensor([1, 0, 2], dtype=torch.uint8).all().dtype is torch.uint8


def test_softmax_is_stable_and_dtype(device):
    big = torch.tensor([1000.0, 1000.0], device=device)
    assert big.softmax(0).tolist() == [0.5, 0.5]
    assert big.log_softmax(0).tolist() == pytest.approx([-math.log(2)] * 2)
    ints = torch.tensor([[1, 2], [3, 4]], device=device)
    assert ints.softmax(0, dtype=torch.float64).dtype is torch.float64
    assert torch.tensor([-float("inf")] * 2).logsumexp(0).item() == -float("inf")
    assert torch.tensor([float("inf"), 1.0]).logsumexp(0).item() == float("inf")


SHAPES_DIMS = [
    ((3, 4), None, False),
    ((3, 4), 1, False),
    ((3, 4), 0, True),
    ((2, 3, 2), (0, 2), False),
    ((2, 3, 2), -1, True),
    ((), None, False),
]


@pytest.mark.parametrize("shape, dim, keepdim", SHAPES_DIMS)
def test_gradcheck_dim_reductions(device, shape, dim, keepdim):
    torch.manual_seed(0)
    x = torch.randn(*shape, dtype=D, device=device).requires_grad_()
    kw = {} if dim is None else {"dim": dim, "keepdim": keepdim}
    fns = [
        lambda t: t.sum(**kw),
        lambda t: t.mean(**kw),
        lambda t: t.amax(**kw),
        lambda t: t.amin(**kw),
        lambda t: t.norm(**kw),
        lambda t: t.norm(1, **kw),
        lambda t: t.norm(3, **kw),
        lambda t: t.norm(float("inf"), **kw),
    ]
    if x.numel() > 1:
        fns += [lambda t: t.std(**kw), lambda t: t.var(**kw), lambda t: t.var(correction=0, **kw)]
    if dim is not None:
        fns.append(lambda t: t.logsumexp(dim, keepdim))
    if isinstance(dim, int) or shape == ():
        d = 0 if dim is None else dim
        fns += [
            lambda t: t.prod(d, keepdim),
            lambda t: t.max(d, keepdim)[0],
            lambda t: t.min(d, keepdim)[0],
            lambda t: t.softmax(d),
            lambda t: t.log_softmax(d),
            lambda t: t.cumsum(d),
        ]
    else:
        fns += [lambda t: t.prod(), lambda t: t.max(), lambda t: t.min()]
    for fn in fns:
        assert gradcheck(fn, (x,))


def test_gradgradcheck_smooth_reductions(device):
    torch.manual_seed(1)
    x = torch.randn(2, 3, dtype=D, device=device).requires_grad_()
    for fn in [
        lambda t: t.prod(1),
        lambda t: t.prod(),
        lambda t: t.std(0),
        lambda t: t.var(),
        lambda t: t.norm(dim=1),
        lambda t: t.logsumexp(1),
        lambda t: t.softmax(0),
        lambda t: t.log_softmax(1),
        lambda t: t.cumsum(1),
    ]:
        assert gradgradcheck(fn, (x,))


def test_prod_gradcheck_with_a_zero(device):
    x = torch.tensor(
        [[1.5, 0.0, 2.0], [0.5, -1.0, 3.0]], dtype=D, device=device, requires_grad=True
    )
    assert gradcheck(lambda t: t.prod(1), (x,))
    assert gradcheck(lambda t: t.prod(), (x,))


def test_norm_and_std_warnings(device):
    z = torch.zeros(3, dtype=D, device=device, requires_grad=True)
    z.norm().backward()
    assert z.grad.tolist() == [0.0, 0.0, 0.0]  # PyTorch 2.13: 0 where the norm is 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(torch.tensor([5.0], device=device).std().item())
    assert str(caught[0].message) == (
        "std(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "reduction factor (input numel divided by output numel)."
    )


# Golden texts from PyTorch 2.13.
ERRORS = [
    (
        lambda: torch.zeros(0, 3).max(),
        RuntimeError,
        "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
        "reduction dim with the 'dim' argument.",
    ),
    (
        lambda: torch.zeros(0, 3).max(0),
        IndexError,
        "max(): Expected reduction dim 0 to have non-zero size.",
    ),
    (
        lambda: torch.zeros(0, 3).amax(),
        RuntimeError,
        "amax(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
        "reduction dim with the 'dim' argument.",
    ),
    (
        lambda: torch.zeros(0, 3).argmax(),
        IndexError,
        "argmax(): Expected reduction dim to be specified for input.numel() == 0.",
    ),
    (
        lambda: torch.zeros(0, 3).argmin(0),
        IndexError,
        "argmin(): Expected reduction dim 0 to have non-zero size.",
    ),
    (
        lambda: torch.zeros(0, 3).norm(float("inf")),
        RuntimeError,
        "linalg.vector_norm cannot compute the inf norm on an empty tensor because the operation "
        "does not have an identity",
    ),
    (
        lambda: torch.ones(2, 3).max(2),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    ),
    (
        lambda: torch.ones(2, 3).std(3),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 3)",
    ),
    (
        lambda: torch.ones(2, 3).softmax(2),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    ),
    (
        lambda: torch.ones(2, 3).amax((0, 0)),
        RuntimeError,
        "dim 0 appears multiple times in the list of dims",
    ),
    (
        lambda: torch.tensor([1, 2]).std(),
        RuntimeError,
        "std and var only support floating point and complex dtypes",
    ),
    (
        lambda: torch.tensor([1, 2]).norm(),
        RuntimeError,
        "linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long",
    ),
    (
        lambda: torch.tensor([1, 2]).softmax(0),
        NotImplementedError,  # the last dim: its own kernel
        "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
    ),
    (
        lambda: torch.tensor([1, 2]).log_softmax(0),
        NotImplementedError,
        "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'",
    ),
    (
        lambda: torch.tensor([[1, 2]]).log_softmax(0),
        NotImplementedError,
        "\"log_softmax_kernel_impl\" not implemented for 'Long'",
    ),
    (
        lambda: torch.tensor([[1, 2]]).softmax(-3),
        IndexError,  # the dim is checked first
        "Dimension out of range (expected to be in range of [-2, 1], but got -3)",
    ),
]


@pytest.mark.parametrize("fn, error, text", ERRORS)
def test_errors_match_pytorch(fn, error, text):
    with pytest.raises(error) as info:
        fn()
    assert str(info.value) == text


# --- properties over random shapes -------------------------------------------------------------
@st.composite
def tensors_and_dims(draw):
    shape = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
    n = math.prod(shape)
    values = draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    return shape, [float(v) for v in values], dim


def _rows(values, shape, dim):
    """Python lists of the values along `dim`, one per position of the other dims."""
    d = dim % len(shape)
    strides = [math.prod(shape[i + 1 :]) for i in range(len(shape))]
    groups = {}
    for flat, v in enumerate(values):
        index = [(flat // strides[i]) % shape[i] for i in range(len(shape))]
        key = tuple(index[:d] + index[d + 1 :])
        groups.setdefault(key, []).append(v)
    return [groups[k] for k in sorted(groups)]


@settings(max_examples=25, deadline=None)
@given(tensors_and_dims())
def test_sum_mean_max_match_python(case):
    shape, values, dim = case
    x = torch.tensor(values).reshape(shape)
    rows = _rows(values, shape, dim)
    assert x.sum(dim).reshape(-1).tolist() == pytest.approx([sum(r) for r in rows])
    assert x.mean(dim).reshape(-1).tolist() == pytest.approx([sum(r) / len(r) for r in rows])
    assert x.max(dim).values.reshape(-1).tolist() == [max(r) for r in rows]
    assert x.amin(dim).reshape(-1).tolist() == [min(r) for r in rows]
    assert x.argmax(dim).reshape(-1).tolist() == [r.index(max(r)) for r in rows]
    assert x.sum().item() == pytest.approx(sum(values))


@settings(max_examples=25, deadline=None)
@given(tensors_and_dims(), st.booleans())
def test_sum_backward_gives_ones(case, keepdim):
    shape, values, dim = case
    x = torch.tensor(values, requires_grad=True)
    y = x.reshape(shape).sum(dim, keepdim=keepdim)
    assert y.dim() == len(shape) - (0 if keepdim else 1)
    y.sum().backward()
    assert x.grad.tolist() == [1.0] * len(values)


def test_std_gradient_is_zero_where_the_input_is_constant(device):
    # PyTorch masks std's backward where std is 0 (a constant row), instead of 0 / 0 = nan.
    x = torch.tensor(
        [[0.3, 1.7, -2.2, 0.9], [1.0, 1.0, 1.0, 1.0]], device=device, requires_grad=True
    )
    x.std(dim=1).backward(torch.full((2,), 0.3, device=device))
    expected = [
        0.007422834634780884,
        0.09055856615304947,
        -0.1410338282585144,
        0.04305243119597435,
        0.0,
        0.0,
        0.0,
        0.0,
    ]  # PyTorch 2.13
    assert x.grad.flatten().tolist() == pytest.approx(expected, rel=1e-6)
    x.grad = None
    x.var(dim=1).backward(torch.full((2,), 0.3, device=device))
    expected = [
        0.025000007823109627,
        0.30500003695487976,
        -0.4750000536441803,
        0.14500001072883606,
        0.0,
        0.0,
        0.0,
        0.0,
    ]  # PyTorch 2.13
    assert x.grad.flatten().tolist() == pytest.approx(expected, rel=1e-6)
    single = torch.ones(2, 1, device=device, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)  # other categories keep their filters
        single.var(dim=1).sum().backward()  # no degrees of freedom: nan, as PyTorch gives
    assert [str(w.message) for w in caught] == [  # PyTorch's warning, no NumPy one
        "var(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "reduction factor (input numel divided by output numel)."
    ]
    assert all(math.isnan(v) for v in single.grad.flatten().tolist())


# --- median / nanmedian (golden values, reprs, grad_fn names and errors from PyTorch 2.13) -----
NAN = float("nan")
MEDIAN_X = [[1.0, 3.0, 3.0, 0.5], [2.0, 2.0, 0.0, 7.0]]


def test_median_whole_is_the_lower_median_and_ties_share_the_gradient(device):
    x = torch.tensor(MEDIAN_X, device=device, requires_grad=True)
    m = x.median()
    assert m.item() == 2.0 and m.grad_fn.name() == "MedianBackward0"
    m.backward()
    assert x.grad.tolist() == [[0.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.0, 0.0]]
    ints = torch.tensor([3, 1, 2, 2, 5, 2], device=device)
    assert ints.median().item() == 2 and ints.median().dtype is torch.int64
    assert torch.median(torch.tensor([1.0, 2.0], dtype=torch.float16)).item() == 1.0


def test_median_dim_returns_named_tuple_with_pytorchs_indices(device):
    x = torch.tensor(MEDIAN_X, requires_grad=True).to(device)
    r = x.median(1)
    assert type(r).__name__ == "median" and type(r).__module__ == "torch.return_types"
    assert r.values.grad_fn.name() == "MedianBackward1"
    assert r.values.tolist() == [1.0, 2.0] and r.indices.tolist() == [0, 0]
    kept = torch.median(x, 0, keepdim=True)
    assert kept.values.tolist() == [[1.0, 2.0, 0.0, 0.5]] and kept.indices.tolist() == [
        [0, 1, 1, 0]
    ]
    # among equal values PyTorch returns the one a stable sort puts at the median position
    ties = torch.tensor(
        [[2.0, 1.0, 2.0, 2.0, 1.0, 2.0], [5.0, 5.0, 5.0, 5.0, 5.0, 5.0]], device=device
    )
    assert ties.median(1).indices.tolist() == [0, 2]
    assert torch.tensor([5, 5, 5, 5], device=device).median(0).indices.item() == 1
    leaf = torch.tensor([2.0, 2.0, 2.0, 3.0], device=device, requires_grad=True)
    leaf.median(0).values.backward()
    assert leaf.grad.tolist() == [0.0, 1.0, 0.0, 0.0]


def test_median_prints_like_pytorch():
    x = torch.tensor(MEDIAN_X, requires_grad=True)
    assert repr(x.median()) == "tensor(2., grad_fn=<MedianBackward0>)"
    assert repr(torch.median(x, dim=-1)) == (
        "torch.return_types.median(\nvalues=tensor([1., 2.], grad_fn=<MedianBackward1>),\n"
        "indices=tensor([0, 0]))"
    )
    assert repr(torch.tensor([3, 1, 2, 2, 5, 2]).median(0)) == (
        "torch.return_types.median(\nvalues=tensor(2),\nindices=tensor(3))"
    )
    assert repr(torch.tensor(5.0).median(0, keepdim=True)) == (
        "torch.return_types.median(\nvalues=tensor(5.),\nindices=tensor(0))"
    )
    assert repr(torch.zeros(2, 0).median(0)) == (
        "torch.return_types.median(\nvalues=tensor([]),\nindices=tensor([], dtype=torch.int64))"
    )
    assert repr(torch.tensor([]).median()) == "tensor(nan)"
    assert repr(torch.tensor([], dtype=torch.long).median()) == "tensor(-9223372036854775808)"


def test_median_nan_wins_and_nanmedian_skips_it(device):
    t = torch.tensor([1.0, NAN, 3.0], device=device)
    assert math.isnan(t.median().item())
    r = t.median(0)
    assert math.isnan(r.values.item()) and r.indices.item() == 1
    assert torch.tensor([1.0, NAN, 3.0, 2.0], device=device).nanmedian().item() == 2.0
    rows = torch.tensor(
        [[NAN, 3.0, NAN, 1.0, 2.0, 5.0], [1.0, NAN, 3.0, 2.0, 0.0, 0.0]], device=device
    ).nanmedian(1)
    assert type(rows).__name__ == "nanmedian"
    assert rows.values.tolist() == [2.0, 1.0] and rows.indices.tolist() == [4, 0]
    assert torch.tensor([1, 2, 3, 4], device=device).nanmedian().item() == 2
    for fn, values, grad in [
        (torch.median, [NAN, 1.0, NAN], [0.5, 0.0, 0.5]),
        (torch.nanmedian, [NAN, 1.0, NAN], [0.0, 1.0, 0.0]),
        (torch.nanmedian, [NAN, NAN], [0.5, 0.5]),
        (torch.max, [NAN, 1.0, NAN], [0.5, 0.0, 0.5]),
    ]:
        x = torch.tensor(values, device=device, requires_grad=True)
        fn(x).backward()
        assert x.grad.tolist() == grad
    x = torch.tensor([NAN, 2.0], device=device, requires_grad=True)
    assert torch.nanmedian(x).grad_fn.name() == "NanmedianBackward0"
    assert torch.nanmedian(x, 0).values.grad_fn.name() == "NanmedianBackward1"


def test_median_errors(device):
    with pytest.raises(
        IndexError,
        match=r"^median\(\): Expected reduction dim 1 to have "
        r"non-zero size\.$",
    ):
        torch.zeros(2, 0, device=device).median(1)
    with pytest.raises(NotImplementedError, match="^\"median_cpu\" not implemented for 'Bool'$"):
        torch.tensor([True, False], device=device).median()
    with pytest.raises(NotImplementedError, match="^\"median_out\" not implemented for 'Bool'$"):
        torch.tensor([True, False], device=device).nanmedian(0)
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 1\], but got 5"):
        torch.zeros(2, 3, device=device).median(5)
    with pytest.raises(
        TypeError,
        match=r"^nanmedian\(\): argument 'input' \(position 1\) must "
        "be Tensor, not list$",
    ):
        torch.nanmedian([1, 2])


@pytest.mark.parametrize(
    "shape, dim, keepdim",
    [
        ((5,), None, False),
        ((3, 4), 1, False),
        ((3, 4), 0, True),
        ((2, 3, 2), -1, False),
        ((), 0, True),
    ],
)
def test_median_gradcheck(device, shape, dim, keepdim):
    torch.manual_seed(2)
    x = torch.randn(*shape, dtype=D, device=device).requires_grad_()
    if dim is None:
        fns = [torch.median, torch.nanmedian]
    else:
        fns = [lambda t: t.median(dim, keepdim).values, lambda t: t.nanmedian(dim, keepdim)[0]]
    for fn in fns:
        assert gradcheck(fn, (x,))


# --- NumPy's names: PyTorch's argument parser takes axis= for dim= and keepdims= for keepdim= ---
def test_axis_stands_for_a_required_dim_too(device):
    a = torch.arange(6.0, device=device).view(2, 3)
    assert a.cumsum(axis=0).tolist() == [[0.0, 1.0, 2.0], [3.0, 5.0, 7.0]]  # d2l's example
    assert torch.cumprod(a + 1, axis=1).tolist() == [[1.0, 2.0, 6.0], [4.0, 20.0, 120.0]]
    assert torch.cat([a, a], axis=0).shape == (4, 3) and torch.stack([a, a], axis=1).shape == (
        2,
        2,
        3,
    )
    assert a.unsqueeze(axis=0).shape == (1, 2, 3) and a[None].squeeze(axis=0).shape == (2, 3)
    assert a.softmax(axis=1).sum(1).tolist() == pytest.approx([1.0, 1.0])
    assert a.logsumexp(axis=1).tolist() == pytest.approx([2.40760596, 5.40760596])
    assert a.topk(1, axis=1).values.tolist() == [[2.0], [5.0]]
    with pytest.raises(TypeError, match=r"cumsum\(\) missing 1 required positional argument"):
        a.cumsum()
    with pytest.raises(TypeError, match="cumsum\\(\\) got an unexpected keyword argument 'axis'"):
        a.cumsum(0, axis=1)


def test_axis_and_keepdims_are_accepted_like_pytorch(device):
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)
    assert x.sum(axis=1, keepdims=True).tolist() == [[3.0], [7.0]]
    assert torch.sum(x, axis=(0, 1)).item() == 10.0 and x.sum(axis=None).item() == 10.0
    assert torch.mean(x, axis=0).tolist() == [2.0, 3.0]
    assert x.max(axis=1, keepdims=True).indices.tolist() == [[1], [1]]
    assert x.argmax(axis=0, keepdims=True).tolist() == [[1, 1]]
    assert x.std(axis=0, keepdims=True).shape == (1, 2)
    assert x.any(axis=0).tolist() == [True, True] and x.amax(axis=0).tolist() == [3.0, 4.0]
    assert x.median(axis=0).values.tolist() == [1.0, 2.0]
    assert x.sort(axis=0, descending=True).values.tolist() == [[3.0, 4.0], [1.0, 2.0]]
    assert [t.tolist() for t in torch.var_mean(x, axis=1)] == [[0.5, 0.5], [1.5, 3.5]]
    assert x.aminmax(axis=0, keepdims=True).max.tolist() == [[3.0, 4.0]]
    assert torch.count_nonzero(x, axis=1).tolist() == [2, 2]


@pytest.mark.parametrize(
    "call", [lambda x: torch.sum(x, dim=1, axis=1), lambda x: x.sum(1, axis=0)]
)
def test_giving_dim_and_axis_is_pytorchs_type_error(call):
    with pytest.raises(TypeError) as info:
        call(torch.ones(2, 2))
    assert str(info.value) == "sum() got an unexpected keyword argument 'axis'"  # PyTorch's


# --- nansum / nanmean ----------------------------------------------------------------------------
NAN = float("nan")
WITH_NANS = [[1.0, NAN, 3.0], [4.0, 5.0, NAN]]


def test_nansum_and_nanmean_match_pytorch(device):
    # PyTorch 2.13: values, grad_fn names (nanmean is nansum / count, so DivBackward0)
    x = torch.tensor(WITH_NANS, dtype=D, device=device, requires_grad=True)
    assert torch.nansum(x).item() == 13.0 and torch.nansum(x).grad_fn.name() == "NansumBackward0"
    assert torch.nansum(x, 1).tolist() == [4.0, 9.0]
    assert x.nansum(dim=(0, 1)).item() == 13.0
    assert torch.nansum(x, 1, dtype=torch.float32).dtype is torch.float32
    mean = torch.nanmean(x, dim=0, keepdim=True)
    assert mean.tolist() == [[2.5, 5.0, 3.0]] and mean.grad_fn.name() == "DivBackward0"
    assert torch.nanmean(x).item() == 3.25
    assert x.nanmean(1, dtype=torch.float32).tolist() == [2.0, 4.5]
    torch.nanmean(x, 1).sum().backward()
    assert x.grad.tolist() == [[0.5, 0.0, 0.5], [0.5, 0.5, 0.0]]
    x.grad = None
    torch.nansum(x).backward()
    assert x.grad.tolist() == [[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]


def test_nansum_nanmean_edge_cases_and_numpy_names(device):
    # PyTorch 2.13: integer/bool nansum give int64; all-nan nanmean and empty nanmean are nan
    assert repr(torch.nansum(torch.tensor([1, 2], dtype=torch.int32, device=device))) == repr(
        torch.tensor(3, device=device)
    )
    assert torch.nansum(torch.tensor([True, False], device=device)).dtype is torch.int64
    assert torch.nansum(torch.tensor([NAN], device=device)).item() == 0.0
    assert math.isnan(torch.nanmean(torch.tensor([NAN], device=device)).item())
    assert math.isnan(torch.nanmean(torch.tensor([], device=device)).item())
    x = torch.tensor([1.0, 2.0], device=device)
    assert torch.nansum(x, axis=0, keepdims=True).tolist() == [3.0]
    assert torch.nanmean(x, axis=0, keepdims=True).tolist() == [1.5]


def test_nanmean_dtype_errors_match_pytorch():
    with pytest.raises(RuntimeError) as info:
        torch.nanmean(torch.tensor([1, 2, 3]))
    assert str(info.value) == (
        "nanmean(): expected input to have floating point or complex dtype but got Long"
    )  # PyTorch 2.13
    with pytest.raises(RuntimeError) as info:
        torch.nanmean(torch.tensor([[1.0, 2.0]]), dim=0, dtype=torch.int64)
    assert str(info.value) == (
        "nanmean(): could not infer output dtype. Optional dtype must be "
        "either a floating point or complex dtype. Got: Long"
    )


@pytest.mark.parametrize("dim, keepdim", [(None, False), (1, False), ((0, 1), True), (0, True)])
def test_gradcheck_nansum_nanmean(device, dim, keepdim):
    x = torch.tensor(
        [[0.3, NAN, -1.2], [2.0, 0.7, 1.1]], dtype=D, device=device, requires_grad=True
    )
    assert gradcheck(lambda t: torch.nansum(t, dim, keepdim), (x,))
    assert gradcheck(lambda t: torch.nanmean(t, dim, keepdim), (x,))


# --- quantile / nanquantile ----------------------------------------------------------------------
QX = [[0.5, 3.0, 1.0, 2.0], [4.0, -1.0, 7.0, 0.0]]


def test_quantile_values_and_grad_fn_match_pytorch(device):
    x = torch.tensor(QX, dtype=D, device=device, requires_grad=True)
    out = torch.quantile(x, 0.3)  # PyTorch 2.13: 0.55, grad_fn SqueezeBackward4
    assert out.item() == pytest.approx(0.55) and out.grad_fn.name() == "SqueezeBackward4"
    assert torch.quantile(x, 0.3, dim=1).tolist() == pytest.approx([0.95, -0.1])
    q = torch.tensor([0.25, 0.5], dtype=D, device=device)
    out = torch.quantile(x, q, dim=1, keepdim=True)
    assert out.shape == (2, 2, 1)
    assert out.tolist() == [[[0.875], [-0.25]], [[1.5], [2.0]]]
    assert x.quantile(0.4, 0, interpolation="lower").tolist() == [0.5, -1.0, 1.0, 0.0]
    assert x.quantile(0.4, 0, interpolation="higher").tolist() == [4.0, 3.0, 7.0, 2.0]
    assert x.quantile(0.4, 0, interpolation="nearest").tolist() == [0.5, -1.0, 1.0, 0.0]
    assert x.quantile(0.4, 0, interpolation="midpoint").tolist() == [2.25, 1.0, 4.0, 1.0]
    assert torch.quantile(x, 1).item() == 7.0
    assert torch.quantile(x, torch.tensor(0.5, dtype=D, device=device)).item() == 1.5
    grid = torch.arange(10.0, device=device)
    qs = torch.tensor([0.1, 0.33, 0.5, 0.77, 0.95], device=device)
    assert grid.quantile(qs, interpolation="nearest").tolist() == [1.0, 3.0, 4.0, 7.0, 9.0]
    two = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)
    assert torch.quantile(two, 0.5, keepdim=True).tolist() == [[2.5]]
    assert torch.quantile(two, torch.tensor([0.5, 0.2], device=device), keepdim=True).shape == (
        2,
        1,
        1,
    )
    scalar = torch.tensor(3.0, device=device)
    assert torch.quantile(scalar, 0.5, dim=0, keepdim=True).shape == ()


def test_quantile_gradients_match_pytorch(device):
    x = torch.tensor(QX, dtype=D, device=device, requires_grad=True)
    q = torch.tensor([0.25, 0.9], dtype=D, device=device)
    torch.quantile(x, q, dim=1).sum().backward()
    assert x.grad.flatten().tolist() == pytest.approx(
        [0.25, 0.7, 0.75, 0.3, 0.3, 0.25, 0.7, 0.75]
    )  # PyTorch 2.13
    x.grad = None
    torch.quantile(x, 0.3).backward()
    assert x.grad.flatten().tolist() == pytest.approx([0.9, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0])


def test_quantile_with_nans(device):
    y = torch.tensor([1.0, NAN, 3.0, 2.0], device=device, requires_grad=True)
    assert math.isnan(torch.quantile(y, 0.5).item())  # PyTorch 2.13: nan, 2.0, nan
    out = torch.nanquantile(y, 0.5)
    assert out.item() == 2.0
    out.backward()
    assert y.grad.tolist() == [0.0, 0.0, 0.0, 1.0]
    assert math.isnan(torch.nanquantile(torch.tensor([NAN, NAN], device=device), 0.5).item())


@pytest.mark.parametrize("interpolation", ["linear", "lower", "higher", "midpoint", "nearest"])
@pytest.mark.parametrize("dim, keepdim", [(None, False), (None, True), (0, False), (1, True)])
def test_gradcheck_quantile(device, interpolation, dim, keepdim):
    x = torch.tensor(
        [[0.3, -0.9, 1.7], [2.2, 0.6, -1.4]], dtype=D, device=device, requires_grad=True
    )
    q = torch.tensor([0.2, 0.75], dtype=D, device=device)
    for fn in (torch.quantile, torch.nanquantile):
        assert gradcheck(lambda t, f=fn: f(t, q, dim, keepdim, interpolation=interpolation), (x,))


@pytest.mark.parametrize(
    "call, error, text",
    [  # PyTorch 2.13
        (
            lambda x: torch.quantile(x, 1.5),
            RuntimeError,
            "quantile() q must be in the range [0, 1] but got 1.5",
        ),
        (
            lambda x: torch.nanquantile(x, 2.0),
            RuntimeError,
            "quantile() q must be in the range [0, 1] but got 2",
        ),
        (
            lambda x: torch.quantile(torch.tensor([1, 2]), 0.5),
            RuntimeError,
            "quantile() input tensor must be either float or double dtype",
        ),
        (
            lambda x: torch.quantile(torch.tensor([1, 2]), 3.0),
            RuntimeError,
            "quantile() q must be in the range [0, 1] but got 3",
        ),
        (
            lambda x: torch.quantile(x.float(), torch.tensor([0.5], dtype=D)),
            RuntimeError,
            "quantile() q tensor must be same dtype as the input tensor",
        ),
        (
            lambda x: torch.quantile(x, 0.5, interpolation="foo"),
            RuntimeError,
            "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but "
            "got foo",
        ),
        (
            lambda x: torch.quantile(x, torch.tensor([[0.5]], dtype=D)),
            RuntimeError,
            "quantile() q must be a scalar or 1D tensor",
        ),
        (
            lambda x: torch.quantile(x, torch.tensor([0.5, 2.0], dtype=D)),
            RuntimeError,
            "quantile() q values must be in the range [0, 1]",
        ),
        (
            lambda x: torch.quantile(torch.tensor([]), 0.5),
            RuntimeError,
            "quantile() input tensor must be non-empty",
        ),
        (
            lambda x: torch.quantile(x, 0.5, dim=3),
            IndexError,
            "Dimension out of range (expected to be in range of [-2, 1], but got 3)",
        ),
        (
            lambda x: torch.quantile(x, [0.5]),
            TypeError,
            "quantile() received an invalid combination of arguments - got (Tensor, list), but "
            "expected one of:\n * (Tensor input, Tensor q, int dim = None, bool keepdim = False, *, "
            'str interpolation = "linear", Tensor out = None)\n * (Tensor input, float q, int dim = '
            'None, bool keepdim = False, *, str interpolation = "linear", Tensor out = None)\n',
        ),
    ],
)
def test_quantile_errors_match_pytorch(call, error, text):
    with pytest.raises(error) as info:
        call(torch.tensor(QX, dtype=D))
    assert str(info.value) == text


def test_mean_gradient_is_a_new_contiguous_tensor(device):
    """PyTorch divides the expanded gradient, so a hook on mean's input sees a contiguous
    tensor with ordinary strides, not a broadcast view with zero strides."""
    x = torch.ones(4, 3, dtype=torch.float64, device=device, requires_grad=True)
    y = x * 2
    seen = []
    y.register_hook(seen.append)
    y.mean().backward()
    (grad,) = seen
    assert grad.stride() == (3, 1) and grad.is_contiguous()
    assert grad.tolist() == [[1 / 12] * 3] * 4
    assert x.grad.tolist() == [[2 / 12] * 3] * 4


@pytest.mark.parametrize(
    "row, log_softmax, softmax",
    [
        # PyTorch 2.13: the kernel shifts by the row's max, so +inf, or a row of only -inf, gives nan
        ([float("inf"), 1.0], [NAN, NAN], [NAN, NAN]),
        ([-float("inf"), -float("inf")], [NAN, NAN], [NAN, NAN]),
        ([float("inf"), float("inf")], [NAN, NAN], [NAN, NAN]),
        ([-float("inf"), 1.0], [-float("inf"), 0.0], [0.0, 1.0]),
    ],
)
def test_softmax_of_infinities_as_pytorch(device, row, log_softmax, softmax):
    x = torch.tensor([row, [0.0, 0.0]], device=device)
    same = lambda got, want: all((g != g and w != w) or g == w for g, w in zip(got, want))  # noqa: E731
    assert same(x.log_softmax(1)[0].tolist(), log_softmax)
    assert same(x.softmax(1)[0].tolist(), softmax)
    assert x.softmax(1)[1].tolist() == [0.5, 0.5]


def test_numpy_spellings_keep_pytorchs_errors():
    # texts recorded from PyTorch 2.13
    x = torch.ones(2, 3)
    with pytest.raises(TypeError) as info:
        torch.sum(x, 0, axis=0)
    assert str(info.value) == "sum() got an unexpected keyword argument 'axis'"
    for call, name in ((torch.softmax, "softmax"), (torch.unsqueeze, "unsqueeze")):
        with pytest.raises(TypeError) as info:
            call(x)
        assert str(info.value) == f'{name}() missing 1 required positional arguments: "dim"'
    with pytest.raises(TypeError) as info:
        x.cumsum()
    assert str(info.value) == 'cumsum() missing 1 required positional arguments: "dim"'
    assert x.sum(axis=0, keepdims=True).shape == (1, 3)


# --- var/std(_mean) with unbiased by position, quantile's q: recorded from PyTorch 2.13 ----------
@pytest.mark.parametrize("case", op_fixes.cases("statistics"))
def test_statistics_match_pytorch(case):
    op_fixes.check_case(case)


@pytest.mark.parametrize("unbiased", [False, True])
@pytest.mark.parametrize("name", ["var_mean", "std_mean", "var", "std"])
def test_spread_with_unbiased_by_position_gradchecks(name, unbiased):
    x = torch.tensor([[1.0, 2.5, 4.0], [7.0, -3.0, 5.0]], dtype=D, requires_grad=True)
    fn = getattr(torch, name)
    assert gradcheck(lambda t: fn(t, unbiased), (x,))


@pytest.mark.parametrize("interpolation", ["linear", "lower", "higher", "nearest", "midpoint"])
def test_quantile_gradchecks_in_q_and_input(interpolation):
    x = torch.tensor([[1.0, 5.0, 2.0, 8.0], [3.0, 1.5, 2.5, 0.0]], dtype=D, requires_grad=True)
    q = torch.tensor([0.3, 0.9], dtype=D, requires_grad=True)  # away from the ranks' kinks
    assert gradcheck(lambda t, p: torch.quantile(t, p, 1, interpolation=interpolation), (x, q))
    assert gradcheck(lambda t, p: torch.nanquantile(t, p, interpolation=interpolation), (x, q))


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
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
