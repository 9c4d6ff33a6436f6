"""Property tests (hypothesis): broadcasting of binary ops and reductions, against NumPy.

- Binary ops on random broadcastable shapes: the result has NumPy's broadcast shape and values,
  and each input's gradient is the analytic one summed back to the input's shape.
- Shapes that do not broadcast raise PyTorch's text. The rule (the last conflicting dim,
  counted in the result, with both sizes) was checked against PyTorch 2.13 on 15,000 random
  shape pairs for add/mul/sub/div/maximum; the golden cases below were printed by PyTorch 2.13.
- Reductions with random dim / keepdim match NumPy (float64); a dim listed twice raises.
"""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import mutually_broadcastable_shapes

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck

FAST = settings(max_examples=50, deadline=None)

SEEDS = st.integers(0, 2**32 - 1)
BROADCASTABLE = mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=4, max_side=4)

# (name, our op, NumPy op, analytic (grad_a, grad_b) for an upstream gradient w)
BINARY = {
    "add": (lambda a, b: a + b, np.add, lambda a, b, w: (w, w)),
    "sub": (lambda a, b: a - b, np.subtract, lambda a, b, w: (w, -w)),
    "mul": (lambda a, b: a * b, np.multiply, lambda a, b, w: (w * b, w * a)),
    "div": (lambda a, b: a / b, np.divide, lambda a, b, w: (w / b, -w * a / b**2)),
    "maximum": (torch.maximum, np.maximum, lambda a, b, w: (w * (a > b), w * (b > a))),
}


def sum_to(grad: np.ndarray, shape: tuple) -> np.ndarray:
    """NumPy reference of what autograd does to a broadcast gradient: sum back to `shape`."""
    lead = grad.ndim - len(shape)
    grad = grad.sum(axis=tuple(range(lead))) if lead else grad
    axes = tuple(i for i, s in enumerate(shape) if s == 1 and grad.shape[i] != 1)
    return grad.sum(axis=axes, keepdims=True) if axes else grad


def values(seed: int, shape: tuple, away_from_zero: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if away_from_zero:  # divisors: |b| in [0.5, 2]
        return rng.uniform(0.5, 2.0, shape) * rng.choice([-1.0, 1.0], shape)
    return rng.uniform(-2.0, 2.0, shape)


def leaf(array: np.ndarray, device) -> torch.Tensor:
    return torch.tensor(array.tolist(), dtype=torch.float64, device=device, requires_grad=True)


def host(t: torch.Tensor) -> np.ndarray:
    return t.detach().cpu().numpy()


def operands(shapes, seed: int) -> tuple:
    """NumPy values for the two input shapes (b away from zero, as a divisor) and the result shape."""
    (shape_a, shape_b), result_shape = shapes
    return values(seed, shape_a), values(seed + 1, shape_b, away_from_zero=True), result_shape


# --- broadcasting ---------------------------------------------------------------------------------


@FAST
@given(shapes=BROADCASTABLE, op=st.sampled_from(sorted(BINARY)), seed=SEEDS)
def test_binary_op_broadcasts_like_numpy(device, shapes, op, seed):
    ours, reference, _ = BINARY[op]
    a_np, b_np, result_shape = operands(shapes, seed)
    out = ours(leaf(a_np, device), leaf(b_np, device))
    assert tuple(out.shape) == np.broadcast_shapes(a_np.shape, b_np.shape) == result_shape
    assert out.dtype == torch.float64
    np.testing.assert_allclose(host(out), reference(a_np, b_np), rtol=1e-12, atol=1e-12)


@FAST
@given(shapes=BROADCASTABLE, op=st.sampled_from(sorted(BINARY)), seed=SEEDS)
def test_binary_op_gradients_sum_back_to_input_shapes(device, shapes, op, seed):
    ours, _, analytic = BINARY[op]
    a_np, b_np, result_shape = operands(shapes, seed)
    shape_a, shape_b = a_np.shape, b_np.shape
    w_np = values(seed + 2, result_shape)
    a, b = leaf(a_np, device), leaf(b_np, device)
    w = torch.tensor(w_np.tolist(), dtype=torch.float64, device=device)
    (ours(a, b) * w).sum().backward()
    grad_a, grad_b = analytic(a_np, b_np, w_np)
    assert tuple(a.grad.shape) == shape_a and tuple(b.grad.shape) == shape_b
    np.testing.assert_allclose(
        host(a.grad), sum_to(np.broadcast_to(grad_a, result_shape), shape_a), rtol=1e-10, atol=1e-12
    )
    np.testing.assert_allclose(
        host(b.grad), sum_to(np.broadcast_to(grad_b, result_shape), shape_b), rtol=1e-10, atol=1e-12
    )


@settings(max_examples=20, deadline=None)
@given(
    shapes=mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3),
    op=st.sampled_from(["add", "mul", "div"]),
    seed=SEEDS,
)
def test_binary_op_broadcast_gradients_match_finite_differences(shapes, op, seed):
    (shape_a, shape_b), _ = shapes
    ours = BINARY[op][0]
    a = leaf(values(seed, shape_a), "cpu")
    b = leaf(values(seed + 1, shape_b, away_from_zero=True), "cpu")
    assert gradcheck(ours, (a, b))


def broadcast_message(shape_a: tuple, shape_b: tuple) -> str | None:
    """PyTorch's text for two shapes, or None if they broadcast (rule checked on PyTorch 2.13)."""
    n = max(len(shape_a), len(shape_b))
    pa = (1,) * (n - len(shape_a)) + tuple(shape_a)
    pb = (1,) * (n - len(shape_b)) + tuple(shape_b)
    for i in range(n - 1, -1, -1):
        if pa[i] != pb[i] and 1 not in (pa[i], pb[i]):
            return (
                f"The size of tensor a ({pa[i]}) must match the size of tensor b ({pb[i]}) "
                f"at non-singleton dimension {i}"
            )
    return None


SHAPES = st.lists(st.integers(1, 5), min_size=0, max_size=4).map(tuple)


@FAST
@given(shape_a=SHAPES, shape_b=SHAPES, op=st.sampled_from(sorted(BINARY)))
def test_non_broadcastable_shapes_raise_pytorch_text(device, shape_a, shape_b, op):
    expected = broadcast_message(shape_a, shape_b)
    a = torch.ones(shape_a, dtype=torch.float64, device=device)
    b = torch.ones(shape_b, dtype=torch.float64, device=device)
    if expected is None:
        assert tuple(BINARY[op][0](a, b).shape) == np.broadcast_shapes(shape_a, shape_b)
        return
    with pytest.raises(RuntimeError) as err:
        BINARY[op][0](a, b)
    assert str(err.value) == expected


@pytest.mark.parametrize(
    "shape_a, shape_b, text",
    [
        # printed by PyTorch 2.13
        (
            (2, 3),
            (2, 4),
            "The size of tensor a (3) must match the size of tensor b (4) at "
            "non-singleton dimension 1",
        ),
        (
            (3,),
            (4,),
            "The size of tensor a (3) must match the size of tensor b (4) at "
            "non-singleton dimension 0",
        ),
        (
            (2, 3, 4),
            (5, 4),
            "The size of tensor a (3) must match the size of tensor b (5) at "
            "non-singleton dimension 1",
        ),
        (
            (2, 3),
            (4, 5),
            "The size of tensor a (3) must match the size of tensor b (5) at "
            "non-singleton dimension 1",
        ),
    ],
)
def test_broadcast_error_golden(device, shape_a, shape_b, text):
    with pytest.raises(RuntimeError) as err:
        torch.ones(shape_a, device=device) + torch.ones(shape_b, device=device)
    assert str(err.value) == text
    assert broadcast_message(shape_a, shape_b) == text


def test_non_broadcastable_in_place_raises_and_leaves_tensor_unchanged(device):
    x = torch.zeros(2, 3, device=device)
    with pytest.raises(RuntimeError) as err:
        x.add_(torch.ones(2, 4, device=device))
    assert str(err.value) == (
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
    )
    assert x.tolist() == [[0.0] * 3] * 2 and x._version == 0


# --- reductions -----------------------------------------------------------------------------------

NONEMPTY = st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple)


@st.composite
def shape_and_dim(draw, allow_none: bool = True, allow_tuple: bool = True):
    """A shape, and a dim for it: None, an int (maybe negative) or a tuple of distinct dims."""
    shape = draw(NONEMPTY)
    ndim = len(shape)
    kinds = ["int"] + (["none"] if allow_none else []) + (["tuple"] if allow_tuple else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "none":
        return shape, None
    if kind == "int":
        return shape, draw(st.integers(-ndim, ndim - 1))
    axes = draw(st.lists(st.integers(0, ndim - 1), min_size=1, max_size=ndim, unique=True))
    negate = draw(st.lists(st.booleans(), min_size=len(axes), max_size=len(axes)))
    return shape, tuple(a - ndim if n else a for a, n in zip(axes, negate))


def numpy_logsumexp(x, axis, keepdims):
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis)


# name -> (our call, NumPy reference, needs a dim)
REDUCTIONS = {
    "sum": (
        lambda x, d, k: x.sum(d, keepdim=k) if d is not None else x.sum(),
        lambda a, d, k: np.sum(a, axis=d, keepdims=k),
    ),
    "mean": (
        lambda x, d, k: x.mean(d, keepdim=k) if d is not None else x.mean(),
        lambda a, d, k: np.mean(a, axis=d, keepdims=k),
    ),
    "amax": (
        lambda x, d, k: torch.amax(x, () if d is None else d, keepdim=k),
        lambda a, d, k: np.max(a, axis=d, keepdims=k),
    ),
    "amin": (
        lambda x, d, k: torch.amin(x, () if d is None else d, keepdim=k),
        lambda a, d, k: np.min(a, axis=d, keepdims=k),
    ),
    "std": (
        lambda x, d, k: torch.std(x, d, keepdim=k),
        lambda a, d, k: np.std(a, axis=d, keepdims=k, ddof=1),
    ),
    "var": (
        lambda x, d, k: torch.var(x, d, keepdim=k),
        lambda a, d, k: np.var(a, axis=d, keepdims=k, ddof=1),
    ),
    "logsumexp": (
        lambda x, d, k: torch.logsumexp(x, tuple(range(x.dim())) if d is None else d, keepdim=k),
        lambda a, d, k: numpy_logsumexp(a, d, k),
    ),
    "norm": (  # p=2: torch.norm's default "fro" is a matrix norm (refused) over 3+ dims
        lambda x, d, k: torch.norm(x, 2, dim=d, keepdim=k),
        lambda a, d, k: np.sqrt(np.sum(a * a, axis=d, keepdims=k)),
    ),
}


@FAST
@given(
    case=shape_and_dim(),
    keepdim=st.booleans(),
    name=st.sampled_from(sorted(REDUCTIONS)),
    seed=SEEDS,
)
def test_reductions_match_numpy(device, case, keepdim, name, seed):
    shape, dim = case
    ours, reference = REDUCTIONS[name]
    x_np = values(seed, shape)
    x = torch.tensor(x_np.tolist(), dtype=torch.float64, device=device)
    if dim is None and name in ("sum", "mean"):
        keepdim = False  # x.sum() has no keepdim
    with warnings.catch_warnings():  # std/var of one element: nan, with a warning in both
        warnings.simplefilter("ignore")
        out = ours(x, dim, keepdim)
        expected = reference(x_np, dim, keepdim)
    assert tuple(out.shape) == np.shape(expected)
    assert out.dtype == torch.float64
    np.testing.assert_allclose(host(out), expected, rtol=1e-10, atol=1e-12, equal_nan=True)


@FAST
@given(
    case=shape_and_dim(allow_none=False, allow_tuple=False),
    keepdim=st.booleans(),
    which=st.sampled_from(["max", "min"]),
    seed=SEEDS,
)
def test_max_min_with_dim_match_numpy(device, case, keepdim, which, seed):
    shape, dim = case
    x_np = values(seed, shape)  # continuous values: no ties
    x = torch.tensor(x_np.tolist(), dtype=torch.float64, device=device)
    result = getattr(x, which)(dim, keepdim=keepdim)
    values_, indices = result
    np_value = (np.max if which == "max" else np.min)(x_np, axis=dim, keepdims=keepdim)
    np_index = (np.argmax if which == "max" else np.argmin)(x_np, axis=dim, keepdims=keepdim)
    assert tuple(values_.shape) == tuple(indices.shape) == np_value.shape
    assert indices.dtype == torch.int64
    np.testing.assert_allclose(host(values_), np_value)
    assert host(indices).tolist() == np_index.tolist()
    assert host(getattr(x, "arg" + which)(dim, keepdim=keepdim)).tolist() == np_index.tolist()


@FAST
@given(case=shape_and_dim(), keepdim=st.booleans(), seed=SEEDS)
def test_sum_and_mean_gradients_broadcast_back(device, case, keepdim, seed):
    shape, dim = case
    x_np = values(seed, shape)
    x = leaf(x_np, device)
    out = x.sum(dim, keepdim=keepdim) if dim is not None else x.sum()
    w_np = values(seed + 1, tuple(out.shape))
    (out * torch.tensor(w_np.tolist(), dtype=torch.float64, device=device)).sum().backward()
    axes = tuple(range(len(shape))) if dim is None else dim
    w_kept = w_np.reshape(np.sum(x_np, axis=axes, keepdims=True).shape)
    np.testing.assert_allclose(host(x.grad), np.broadcast_to(w_kept, shape))
    x.grad = None
    x.mean(axes, keepdim=keepdim).sum().backward()
    count = np.prod([shape[a] for a in np.atleast_1d(axes)])
    np.testing.assert_allclose(host(x.grad), np.full(shape, 1.0 / count))


@settings(max_examples=25, deadline=None)
@given(
    case=shape_and_dim(allow_none=False),
    keepdim=st.booleans(),
    name=st.sampled_from(["sum", "mean", "amax", "std", "logsumexp", "norm"]),
    seed=SEEDS,
)
def test_reduction_gradients_match_finite_differences(case, keepdim, name, seed):
    shape, dim = case
    if name == "std" and np.prod([shape[d] for d in np.atleast_1d(dim)]) < 2:
        dim = None  # std of a single element has no gradient (nan)
        if np.prod(shape) < 2:
            return
    x = leaf(values(seed, shape), "cpu")
    ours = REDUCTIONS[name][0]
    assert gradcheck(lambda t: ours(t, dim, keepdim), (x,))


@st.composite
def repeated_dims(draw):
    """A shape and a dim list naming some dim twice (maybe once negative), and that dim."""
    shape = draw(NONEMPTY)
    ndim = len(shape)
    dims = draw(st.lists(st.integers(0, ndim - 1), min_size=1, max_size=ndim, unique=True))
    twice = draw(st.sampled_from(dims))
    spelled = draw(st.sampled_from([twice, twice - ndim]))
    at = draw(st.integers(0, len(dims)))
    listed = dims[:at] + [spelled] + dims[at:]
    # PyTorch reports the first dim (in list order) that was already seen
    seen, first = set(), None
    for d in listed:
        n = d % ndim
        if n in seen:
            first = n
            break
        seen.add(n)
    return shape, listed, first


@FAST
@given(
    case=repeated_dims(),
    name=st.sampled_from(["sum", "mean", "amax", "amin", "std", "var", "logsumexp", "norm"]),
)
def test_repeated_dim_raises_pytorch_text(case, name):
    shape, listed, first = case
    x = torch.ones(shape, dtype=torch.float64)
    with pytest.raises(RuntimeError) as err:
        REDUCTIONS[name][0](x, listed, False)
    assert str(err.value) == f"dim {first} appears multiple times in the list of dims"


# --- the fast kernels' bitwise relu mask equals PyTorch's threshold_backward; tanh's likewise -----
SPECIALS = st.sampled_from([0.0, -0.0, 1.5, -2.0, float("nan"), float("inf"), -float("inf")])


@FAST
@given(
    st.sampled_from([np.float16, np.float32, np.float64]),
    st.lists(SPECIALS, min_size=1, max_size=12),
    SEEDS,
    st.booleans(),
)
def test_fast_relu_mask_matches_threshold_backward(dtype, values, seed, transposed):
    from autograd_nb.backends import cpu_backend as cpu
    from autograd_nb.ops.fast_kernels import relu_mask

    rng = np.random.default_rng(seed)
    x = rng.choice(np.array(values, dtype=dtype), 1024)
    grad = rng.choice(np.array(values, dtype=dtype), 1024)
    if transposed:  # a non-contiguous gradient and input
        x, grad = np.stack([x, x]).T, np.stack([grad, -grad]).T
    result = np.maximum(0, x)  # what relu computes: -0. stays -0., nan stays nan
    fast = relu_mask(cpu, grad, result)
    threshold = np.where(result <= 0, np.zeros((), dtype), grad)  # PyTorch's threshold_backward
    assert fast.dtype == grad.dtype and fast.shape == grad.shape
    np.testing.assert_array_equal(fast, threshold)
    assert np.array_equal(np.signbit(fast), np.signbit(threshold))


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from([np.float16, np.float32, np.float64]),
    st.lists(st.floats(-3, 3, width=16), min_size=1, max_size=12),
    SEEDS,
)
def test_fast_tanh_derivative_matches_the_plain_expression(dtype, values, seed):
    from autograd_nb.ops.fast_kernels import tanh_derivative

    rng = np.random.default_rng(seed)
    y = np.tanh(rng.choice(np.array(values, dtype=dtype), 1 << 18))  # one buffer from 2**18 on
    grad = rng.standard_normal(y.shape).astype(dtype)
    fast = tanh_derivative(np, grad, y)
    assert fast.dtype == grad.dtype
    np.testing.assert_array_equal(fast, grad * (1 - y * y))


@FAST
@given(BROADCASTABLE, SEEDS)
def test_numpy_sum_to_matches_the_generic_kernel(shapes, seed):
    from autograd_nb.backends import Backend
    from autograd_nb.backends import cpu_backend as cpu

    (shape, _), full = shapes.input_shapes, shapes.result_shape
    grad = np.random.default_rng(seed).standard_normal(full).astype(np.float32)
    fast = cpu.sum_to(grad, shape)
    assert np.shape(fast) == shape and np.asarray(fast).dtype == np.float32
    np.testing.assert_array_equal(fast, Backend.sum_to(cpu, grad, shape))
    np.testing.assert_allclose(fast, sum_to(grad.astype(np.float64), shape), rtol=1e-5, atol=1e-5)


@FAST
@given(
    st.sampled_from([np.float16, np.float32, np.float64, np.int32, np.int64, np.bool_]),
    st.integers(0, 3),
    st.data(),
    st.booleans(),
    SEEDS,
)
def test_numpy_reductions_match_the_generic_kernels(dtype, ndim, data, keepdims, seed):
    """Backend.sum/amax/amin on NumPy (the ufunc reductions) give np.sum/max/min's values and
    dtypes (small integers and bools sum to int64) for every axis choice."""
    from autograd_nb.backends import Backend
    from autograd_nb.backends import cpu_backend as cpu

    shape = tuple(data.draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim)))
    axis = data.draw(
        st.one_of(st.none(), st.sets(st.integers(0, ndim - 1)).map(tuple)) if ndim else st.none()
    )
    array = (np.random.default_rng(seed).standard_normal(shape) * 5).astype(dtype)
    for name in ("sum", "amax", "amin"):
        fast = getattr(cpu, name)(array, axis=axis, keepdims=keepdims)
        generic = getattr(Backend, name)(cpu, array, axis=axis, keepdims=keepdims)
        assert np.asarray(fast).dtype == np.asarray(generic).dtype, name
        np.testing.assert_array_equal(fast, generic)
