"""torch.* / Tensor / F / linalg / special functions PyTorch 2.13 has that autograd_nb lacked:
in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot,
vander, rms_norm, zeta and the incomplete gamma functions. Every expected value and text was
recorded from PyTorch 2.13 (CPU); gradients are checked by central differences in float64."""

import warnings

import numpy as np
import pytest

import autograd_nb as torch

F = torch.nn.functional
EPS = 1e-6


def _a():
    return torch.arange(6.0).reshape(2, 3)


# --- values ---------------------------------------------------------------------------------------

VALUES = {
    "addmm_": (lambda: torch.ones(2, 2).addmm_(_a(), _a().t()), [[6.0, 15.0], [15.0, 51.0]]),
    "addmm_scaled": (
        lambda: torch.ones(2, 2).addmm_(_a(), _a().reshape(3, 2), beta=0.5, alpha=2),
        [[20.5, 26.5], [56.5, 80.5]],
    ),
    "addmv_": (lambda: torch.addmv_(torch.ones(2), _a(), torch.arange(3.0)), [6.0, 15.0]),
    "relu_": (lambda: F.relu_(torch.tensor([-1.0, 2.0])), [0.0, 2.0]),
    "leaky_relu_": (lambda: F.leaky_relu_(torch.tensor([-1.0, 2.0]), 0.2), [-0.2, 2.0]),
    "zero_": (lambda: torch.zero_(torch.ones(2)), [0.0, 0.0]),
    "fill": (lambda: torch.fill(torch.ones(2), 3.0), [3.0, 3.0]),
    "fill_tensor": (lambda: torch.fill(torch.ones(2), torch.tensor(5.0)), [5.0, 5.0]),
    "fill_": (lambda: torch.fill_(torch.ones(2), 2), [2.0, 2.0]),
    "detach": (lambda: torch.detach(torch.ones(2, requires_grad=True) * 2), [2.0, 2.0]),
    "fill_diagonal_": (
        lambda: torch.ones(3, 3).fill_diagonal_(5),
        [[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0]],
    ),
    "fill_diagonal_tall": (
        lambda: torch.ones(4, 3).fill_diagonal_(5),
        [[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0], [1.0, 1.0, 1.0]],
    ),
    "fill_diagonal_wrap": (
        lambda: torch.ones(7, 3).fill_diagonal_(5, wrap=True),
        [[5, 1, 1], [1, 5, 1], [1, 1, 5], [1, 1, 1], [5, 1, 1], [1, 5, 1], [1, 1, 5]],
    ),
    "fill_diagonal_cube": (
        lambda: torch.ones(2, 2, 2).fill_diagonal_(5),
        [[[5.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 5.0]]],
    ),
    "narrow_copy": (lambda: torch.narrow_copy(_a(), 1, 0, 2), [[0.0, 1.0], [3.0, 4.0]]),
    "multi_dot": (
        lambda: torch.linalg.multi_dot([_a(), _a().reshape(3, 2), torch.ones(2, 2)]),
        [[23.0, 23.0], [68.0, 68.0]],
    ),
    "multi_dot_vectors": (
        lambda: torch.linalg.multi_dot([torch.arange(3.0), _a().reshape(3, 2)]),
        [10.0, 13.0],
    ),
    "multi_dot_dot": (lambda: torch.linalg.multi_dot([torch.ones(3), torch.ones(3)]), 3.0),
    "vander": (
        lambda: torch.linalg.vander(torch.arange(3.0)),
        [[1.0, 0.0, 0.0], [1.0, 1.0, 1.0], [1.0, 2.0, 4.0]],
    ),
    "vander_N": (
        lambda: torch.linalg.vander(torch.arange(3.0), N=2),
        [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]],
    ),
    "vander_int": (lambda: torch.linalg.vander(torch.tensor([1, 2])), [[1, 1], [1, 2]]),
    "rms_norm": (
        lambda: torch.rms_norm(_a(), (3,)),
        [
            [0.0, 0.774596631526947, 1.549193263053894],
            [0.7348469495773315, 0.9797959327697754, 1.2247449159622192],
        ],
    ),
    "rms_norm_weight_eps": (
        lambda: F.rms_norm(_a(), (3,), torch.ones(3) * 2, eps=0.1),
        [
            [0.0, 1.5047096014022827, 3.0094192028045654],
            [1.4653046131134033, 1.9537394046783447, 2.442174196243286],
        ],
    ),
    "zeta": (lambda: torch.special.zeta(torch.tensor([2.0, 3.0]), 1.0), [1.644934058, 1.202056885]),
    "zeta_number_first": (
        lambda: torch.special.zeta(2.0, torch.tensor([1.0, 2.0])),
        [1.644934058, 0.644934058],
    ),
    "zeta_domain": (
        lambda: torch.special.zeta(
            torch.tensor([1.0, 0.5, 2.0, 2.0, 2.0, -1.5, 3.0]),
            torch.tensor([1.0, 1.0, 0.0, -1.0, -1.5, 2.0, -2.5]),
        ),
        [np.inf, np.nan, np.inf, np.inf, 9.379246711730957, np.nan, 0.05410202220082283],
    ),
    "zeta_integers": (
        lambda: torch.special.zeta(torch.tensor([2, 3]), torch.tensor([1, 2])),
        [1.644934058189392, 0.2020568996667862],
    ),
    "gammainc": (
        lambda: torch.special.gammainc(
            torch.tensor([1.0, 2.0, 0.5, 3.0]), torch.tensor([0.5, 3.0, 2.0, 0.0])
        ),
        [0.39346936, 0.80085172, 0.95449974, 0.0],
    ),
    "gammaincc": (
        lambda: torch.special.gammaincc(
            torch.tensor([1.0, 2.0, 0.5, 3.0]), torch.tensor([0.5, 3.0, 2.0, 0.0])
        ),
        [0.60653066, 0.19914827, 0.04550026, 1.0],
    ),
    "igamma_edges": (
        lambda: torch.igamma(
            torch.tensor([0.0, -1.0, 1.0, 10.0, 100.0]), torch.tensor([1.0, 1.0, -1.0, 30.0, 90.0])
        ),
        [1.0, np.nan, np.nan, 0.9999929070472717, 0.1582210212945938],
    ),
    "igamma_method": (
        lambda: torch.tensor([1.0, 2.0]).igammac(torch.tensor([0.5, 3.0])),
        [0.60653066, 0.19914827],
    ),
    "igamma_": (
        lambda: torch.tensor([1.0, 2.0]).igamma_(torch.tensor([0.5, 3.0])),
        [0.39346936, 0.80085172],
    ),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_values(name):
    make, expected = VALUES[name]
    out = make()
    np.testing.assert_allclose(np.asarray(out.tolist(), dtype=float), expected, rtol=2e-4)


def test_shape_helpers():
    assert torch.broadcast_shapes((2, 1), (3,)) == torch.Size([2, 3])
    assert torch.broadcast_shapes(2, (3, 1)) == torch.Size([3, 2])
    assert torch.broadcast_shapes() == torch.Size([])
    assert torch.broadcast_shapes((2,), [1, 2]) == torch.Size([1, 2])
    a, c = _a(), torch.ones(2, 2)
    assert torch.is_same_size(c, c) and not torch.is_same_size(c, a) and c.is_same_size(c)
    assert torch.is_signed(c) and not torch.is_signed(torch.tensor([1], dtype=torch.uint8))
    x = torch.ones(2, requires_grad=True) * 2
    assert torch.detach_(x) is x and x.grad_fn is None and not x.requires_grad


def test_splits():
    a = _a()
    first, second = a.split_with_sizes([1, 2], 1)
    assert first.tolist() == [[0.0], [3.0]] and second.tolist() == [[1.0, 2.0], [4.0, 5.0]]
    assert [t.tolist() for t in torch.split_with_sizes(a, [2, 1], 1)] == [
        [[0.0, 1.0], [3.0, 4.0]],
        [[2.0], [5.0]],
    ]
    assert [t.tolist() for t in a.unsafe_chunk(3, 1)] == [
        [[0.0], [3.0]],
        [[1.0], [4.0]],
        [[2.0], [5.0]],
    ]
    assert [t.shape for t in a.unsafe_split(2, 1)] == [torch.Size([2, 2]), torch.Size([2, 1])]
    x = torch.ones(3, 3, requires_grad=True)
    assert type(torch.split_with_sizes(x, [1, 2])[0].grad_fn).__name__ == "SplitWithSizesBackward0"


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


# --- errors ---------------------------------------------------------------------------------------

ERRORS = [
    (
        lambda: torch.ones(2).addmm_(_a(), _a().t()),
        RuntimeError,
        "Bad in-place call: input tensor size [2] and output tensor size [2, 2] should match",
    ),
    (
        lambda: torch.ones(2, 2).addmm_(torch.ones(2, 3), torch.ones(2, 3)),
        RuntimeError,
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)",
    ),
    (
        lambda: torch.ones(2, 3, 2).fill_diagonal_(5),
        RuntimeError,
        "all dimensions of input must be of equal length",
    ),
    (lambda: torch.ones(3).fill_diagonal_(5), RuntimeError, "dimensions must larger than 1"),
    (
        lambda: torch.broadcast_shapes((2, 1), (3, 2)),
        RuntimeError,
        "Attempting to broadcast a dimension of length 3 at -2! Mismatching argument at index 1 had (3, 2); but expected shape should be broadcastable to [2, 2]",
    ),
    (
        lambda: torch.broadcast_shapes((2, 3), (4, 3)),
        RuntimeError,
        "Attempting to broadcast a dimension of length 4 at -2! Mismatching argument at index 1 had (4, 3); but expected shape should be broadcastable to [2, 3]",
    ),
    (
        lambda: torch.broadcast_shapes((-1,), (2,)),
        ValueError,
        "Attempting to broadcast a dimension with negative length!",
    ),
    (
        lambda: torch.ones(2, 3).split_with_sizes([1, 1], 1),
        RuntimeError,
        "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]",
    ),
    (
        lambda: torch.ones(2, 3).split_with_sizes([-1, 4], 1),
        RuntimeError,
        "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[-1, 4]",
    ),
    (
        lambda: torch.hann_window(-1),
        RuntimeError,
        "hann_window requires non-negative window_length, got window_length=-1",
    ),
    (
        lambda: torch.hann_window(3, dtype=torch.int64),
        RuntimeError,
        "hann_window expects floating point dtypes, got: TensorOptions(dtype=long int, device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false, memory_format=(nullopt))",
    ),
    (
        lambda: torch.linalg.multi_dot([_a()]),
        RuntimeError,
        "multi_dot(): expected at least 2 tensors but got 1",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 3), torch.ones(2, 3)]),
        RuntimeError,
        "multi_dot(): tensors 0 and 1 with shapes [2, 3] and [2, 3] cannot be multiplied",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 3, 1), torch.ones(1, 3)]),
        RuntimeError,
        "multi_dot(): the first tensor must be 1D or 2D but got 3D",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64)]),
        RuntimeError,
        "multi_dot(): all tensors must have be the same dtype but tensor 0 is float and tensor 1 double",
    ),
    (lambda: torch.linalg.vander(torch.tensor(2.0)), RuntimeError, "N must be greater than 1."),
    (lambda: torch.linalg.vander(torch.ones(2), N=0), RuntimeError, "N must be greater than 1."),
    (
        lambda: F.rms_norm(torch.ones(2, 3), (2,)),
        RuntimeError,
        "Given normalized_shape=[2], expected input with shape [*2], but got input of size[2, 3]",
    ),
    (
        lambda: F.rms_norm(torch.ones(2, 3), (3,), torch.ones(2)),
        RuntimeError,
        "Expected weight to be of same shape as normalized_shape, but got weight of shape [2] and normalized_shape = [3]",
    ),
    (
        lambda: torch.igamma(torch.tensor([1, 2]), torch.tensor([1, 2])),
        NotImplementedError,
        "\"igamma_cpu\" not implemented for 'Long'",
    ),
]


@pytest.mark.parametrize("call, error, text", ERRORS)
def test_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


# --- graphs and gradients -------------------------------------------------------------------------


def test_nodes_pytorch_gives():
    x = torch.ones(3, 3, requires_grad=True)
    assert type(F.rms_norm(x, (3,)).grad_fn).__name__ == "MulBackward0"
    assert type(torch.linalg.vander(x[0]).grad_fn).__name__ == "CatBackward0"
    assert type(torch.special.zeta(x, 2.0).grad_fn).__name__ == "SpecialZetaBackward2"
    assert type(torch.special.zeta(2.0, x).grad_fn).__name__ == "SpecialZetaBackward1"
    assert type(torch.special.gammainc(x, x).grad_fn).__name__ == "IgammaBackward0"
    assert type(torch.special.gammaincc(x, x).grad_fn).__name__ == "IgammacBackward0"
    y = x.clone().fill_diagonal_(5)
    y.sum().backward()
    assert x.grad.tolist() == [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]


def test_gradients_pytorch_gives_and_refuses():
    x = torch.tensor([2.0, 3.0], dtype=torch.float64, requires_grad=True)
    q = torch.tensor([1.0, 2.5], dtype=torch.float64, requires_grad=True)
    with pytest.raises(NotImplementedError) as info:
        torch.special.zeta(x, q).sum().backward()
    assert str(info.value) == "the derivative for 'zeta' is not implemented."
    q.grad = None
    torch.special.zeta(x.detach(), q).sum().backward()
    np.testing.assert_allclose(
        q.grad.numpy(), [-2.404113806319188, -0.11195292440862604], rtol=1e-7
    )
    a = torch.tensor([1.0, 2.0, 0.5, 3.0], dtype=torch.float64, requires_grad=True)
    z = torch.tensor([0.5, 3.0, 2.0, 0.0], dtype=torch.float64, requires_grad=True)
    with pytest.raises(NotImplementedError) as info:
        torch.special.gammainc(a, z).sum().backward()
    assert str(info.value) == "the derivative for 'igamma: input' is not implemented."
    z.grad = None
    torch.special.gammainc(a.detach(), z).sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [0.6065, 0.1494, 0.0540, 0.0], atol=1e-4)
    z.grad = None
    torch.special.gammaincc(a.detach(), z).sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [-0.6065, -0.1494, -0.0540, 0.0], atol=1e-4)


def _numeric(f, x):
    g = np.zeros_like(x)
    for index in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[index] += EPS
        lo[index] -= EPS
        g[index] = (f(hi) - f(lo)) / (2 * EPS)
    return g


# name -> (scalar function of one float64 tensor, the tensor's shape and range)
GRADIENTS = {
    "rms_norm": (
        lambda t: (F.rms_norm(t, (3,), eps=1e-3) * torch.arange(6.0).reshape(2, 3).double()).sum(),
        (2, 3),
        (-1, 1),
    ),
    "rms_norm_weight": (
        lambda t: (F.rms_norm(t, (3,), t[0] * 1, eps=1e-3) ** 2).sum(),
        (2, 3),
        (0.5, 1.5),
    ),
    "multi_dot": (lambda t: torch.linalg.multi_dot([t, t.t(), t]).sum(), (2, 3), (-1, 1)),
    "vander": (
        lambda t: (torch.linalg.vander(t) * torch.arange(9.0).reshape(3, 3).double()).sum(),
        (3,),
        (-1, 1),
    ),
    "zeta_q": (
        lambda t: torch.special.zeta(torch.tensor([2.0, 3.5], dtype=torch.float64), t).sum(),
        (2,),
        (0.5, 2),
    ),
    "gammainc_x": (
        lambda t: torch.special.gammainc(
            torch.tensor([0.7, 2.0, 5.0], dtype=torch.float64), t
        ).sum(),
        (3,),
        (0.5, 6),
    ),
    "gammaincc_x": (
        lambda t: torch.special.gammaincc(
            torch.tensor([0.7, 2.0, 5.0], dtype=torch.float64), t
        ).sum(),
        (3,),
        (0.5, 6),
    ),
    "addmm_": (
        lambda t: torch.ones(2, 2, dtype=torch.float64).addmm_(t, t.t(), alpha=2).pow(2).sum(),
        (2, 3),
        (-1, 1),
    ),
    "fill_diagonal_": (lambda t: (t * t).fill_diagonal_(0.5).pow(2).sum(), (3, 3), (-1, 1)),
}


@pytest.mark.parametrize("name", sorted(GRADIENTS))
def test_gradients_by_finite_differences(name):
    f, shape, bounds = GRADIENTS[name]
    value = np.random.default_rng(0).uniform(*bounds, shape)
    t = torch.tensor(value, requires_grad=True)
    f(t).backward()
    expected = _numeric(lambda v: f(torch.tensor(v)).item(), value)
    np.testing.assert_allclose(t.grad.numpy(), expected, rtol=1e-5, atol=1e-7)


# --- torch.special's orthogonal polynomials (recorded at x = [-0.3, 0.5, 2.0]: n = 5, n = [-1, 0, 3])

POLYNOMIALS = {
    "chebyshev_polynomial_t": ([-0.9988800287246704, 0.5, 362.0], [0.0, 1.0, 26.0]),
    "chebyshev_polynomial_u": ([-1.013759970664978, 0.0, 780.0], [0.0, 1.0, 56.0]),
    "chebyshev_polynomial_v": ([-1.0633598566055298, 1.0, 571.0], [0.0, 1.0, 41.0]),
    "chebyshev_polynomial_w": ([-0.9641600847244263, -1.0, 989.0], [0.0, 1.0, 71.0]),
    "shifted_chebyshev_polynomial_t": ([-93.85218048095703, 0.0, 3363.0], [0.0, 1.0, 99.0]),
    "shifted_chebyshev_polynomial_u": ([-214.07232666015625, 0.0, 6930.0], [0.0, 1.0, 204.0]),
    "shifted_chebyshev_polynomial_v": ([-289.20989990234375, -1.0, 5741.0], [0.0, 1.0, 169.0]),
    "shifted_chebyshev_polynomial_w": (
        [-138.9347381591797, 0.9999993443489075, 8119.0],
        [0.0, 1.0, 239.0],
    ),
    "hermite_polynomial_h": ([-31.757761001586914, 41.0, -16.0], [0.0, 1.0, 40.0]),
    "hermite_polynomial_he": ([-4.2324299812316895, 6.28125, -18.0], [0.0, 1.0, 2.0]),
    "laguerre_polynomial_l": (
        [2.996708393096924, -0.4455729126930237, 0.7333332896232605],
        [0.0, 1.0, -0.3333333432674408],
    ),
    "legendre_polynomial_p": ([-0.34538623690605164, 0.08984375, 185.75], [0.0, 1.0, 17.0]),
}


@pytest.mark.parametrize("name", sorted(POLYNOMIALS))
def test_special_polynomials(name):
    f = getattr(torch.special, name)
    x = torch.tensor([-0.3, 0.5, 2.0], requires_grad=True)
    at_five, at_degrees = POLYNOMIALS[name]
    out = f(x, 5)
    assert out.dtype is torch.float32 and not out.requires_grad  # no gradient, as in PyTorch
    np.testing.assert_allclose(out.numpy(), at_five, rtol=1e-5, atol=2e-6)
    out = f(x.detach(), torch.tensor([-1, 0, 3]))
    np.testing.assert_allclose(out.numpy(), at_degrees, rtol=1e-5, atol=2e-6)
    assert f(x.detach().double(), 2).dtype is torch.float64
    assert f(torch.tensor([1, 2]), 2).dtype is torch.float32


def test_special_polynomial_errors_and_bessel_names():
    with pytest.raises(TypeError) as info:
        torch.special.chebyshev_polynomial_t(0.5, 2)
    assert str(info.value).startswith(
        "special_chebyshev_polynomial_t() received an invalid combination of arguments - got "
        "(float, int), but expected one of:"
    )
    values = torch.tensor([0.0, 1.0, -2.0])
    np.testing.assert_allclose(
        torch.special.modified_bessel_i0(values).numpy(),
        [1.0, 1.2660659551620483, 2.279585123062134],
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        torch.special.modified_bessel_i1(values).numpy(),
        [0.0, 0.5651590824127197, -1.5906368494033813],
        rtol=1e-6,
    )


def test_pdist_values_gradients_and_errors():
    x = torch.tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 6.0], [1.0, 1.0, 1.0]], dtype=torch.float64)
    cases = {
        2.0: (
            [5.830951894845301, 1.4142135623730951, 6.164414002968976],
            [
                [-1.9287093178006214, -0.5144957554275265, 0.7282192218030596],
                [1.4878242822121017, 1.9744885456043895, 3.1193156575314736],
                [0.44088503558851966, -1.459992790176863, -3.847534879334533],
            ],
        ),
        1.0: ([10.0, 2.0, 10.0], [[-3.0, -1.0, 1.0], [4.0, 4.0, 4.0], [-1.0, -3.0, -5.0]]),
        0.5: (
            [29.856406460551018, 4.0, 28.969501498317953],
            [
                [-7.1547005383792515, -3.1547005383792515, 1.2679491924311228],
                [14.572351642806588, 12.477173627369847, 9.953207411394356],
                [-7.417651104427335, -9.322473088990595, -11.221156603825477],
            ],
        ),
        3.0: (
            [4.904868131524016, 1.2599210498948732, 5.428835233189813],
            [
                [-1.634021161621281, -0.3741001117264081, 0.5948541846034807],
                [0.7812627542156442, 1.2902160573271892, 3.2098333808491177],
                [0.8527584074056369, -0.9161159456007811, -3.8046875654525985],
            ],
        ),
        float("inf"): ([4.0, 1.0, 5.0], [[-2.0, 0.0, 1.0], [0.0, 0.0, 4.0], [2.0, 0.0, -5.0]]),
        0.0: ([3.0, 2.0, 3.0], [[0.0] * 3] * 3),
    }
    for p, (values, grad) in cases.items():
        leaf = x.clone().requires_grad_()
        out = F.pdist(leaf, p)
        assert type(out.grad_fn).__name__ == "PdistBackward0"
        out.backward(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
        np.testing.assert_allclose(out.detach().numpy(), values, rtol=1e-12)
        np.testing.assert_allclose(leaf.grad.numpy(), grad, rtol=1e-12, atol=1e-12)
    same = torch.tensor(
        [[1.0, 1.0], [1.0, 1.0], [0.0, 2.0]], dtype=torch.float64, requires_grad=True
    )
    torch.pdist(same).sum().backward()  # a zero distance passes no gradient (no 0/0)
    np.testing.assert_allclose(
        same.grad.numpy(),
        [
            [0.7071067811865475, -0.7071067811865475],
            [0.7071067811865475, -0.7071067811865475],
            [-1.414213562373095, 1.414213562373095],
        ],
    )
    assert F.pdist(torch.ones(1, 3)).shape == (0,)
    with pytest.raises(RuntimeError, match=r"^pdist only supports 2D tensors, got: 1D$"):
        F.pdist(torch.ones(3))
    with pytest.raises(RuntimeError, match="^pdist only supports non-negative p values$"):
        F.pdist(torch.ones(2, 3), -1)


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
    np.testing.assert_allclose(t.grad.numpy(), _numeric(f, a), rtol=1e-5, atol=1e-7)
    assert np.all(np.triu(t.grad.numpy(), 1) == 0)
