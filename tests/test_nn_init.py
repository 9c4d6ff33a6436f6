"""nn.init (bounds and statistics of the fills, gains, fans, errors) and nn.utils (clipping,
parameter vectors). Error texts and clip values were observed on PyTorch 2.13."""

import math

import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.nn import init


def _stats(t):
    data = t.detach().double()
    mean = data.mean().item()
    return mean, ((data - mean) ** 2).mean().sqrt().item(), data.min().item(), data.max().item()


def test_calculate_gain_and_fans():
    assert init.calculate_gain("leaky_relu", math.sqrt(5)) == pytest.approx(0.5773502691896257)
    assert init.calculate_gain("tanh") == 5.0 / 3 and init.calculate_gain("selu") == 0.75
    assert init.calculate_gain("relu") == math.sqrt(2.0) and init.calculate_gain("conv2d") == 1
    assert init._calculate_fan_in_and_fan_out(torch.empty(8, 4, 3, 5)) == (60, 120)
    with pytest.raises(ValueError, match="^Unsupported nonlinearity foo$"):
        init.calculate_gain("foo")
    with pytest.raises(ValueError, match="^negative_slope True not a valid number$"):
        init.calculate_gain("leaky_relu", True)
    with pytest.raises(
        ValueError,
        match="^Fan in and fan out can not be computed for tensor with fewer than 2 dimensions$",
    ):
        init.kaiming_uniform_(torch.empty(3), a=1)
    with pytest.raises(
        ValueError,
        match=r"^Mode fan not supported, please use one of "
        r"\['fan_in', 'fan_out'\]$",
    ):
        init.kaiming_uniform_(torch.empty(3, 2), mode="fan")
    with pytest.raises(ValueError, match="^Only tensors with 2 dimensions are supported$"):
        init.eye_(torch.empty(3))


def test_kaiming_uniform_linear_default_bound(device):
    # nn.Linear's init: kaiming_uniform_(a=sqrt(5)) gives U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    w = nn.Parameter(torch.empty(200, 100, device=device))
    out = init.kaiming_uniform_(w, a=math.sqrt(5))
    assert out is w and w.requires_grad and w.is_leaf and w.grad_fn is None
    assert w._version == 1  # filled in place
    mean, std, lo, hi = _stats(w)
    bound = 1 / math.sqrt(100)
    assert -bound <= lo < -0.99 * bound and 0.99 * bound < hi <= bound
    assert std == pytest.approx(bound / math.sqrt(3), rel=0.03) and abs(mean) < 0.005


def test_kaiming_normal_and_xavier_statistics(device):
    w = torch.empty(300, 200, device=device)
    init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
    assert _stats(w)[1] == pytest.approx(math.sqrt(2.0 / 300), rel=0.03)
    init.xavier_normal_(w, gain=2.0)
    assert _stats(w)[1] == pytest.approx(2.0 * math.sqrt(2.0 / 500), rel=0.03)
    init.xavier_uniform_(w)
    a = math.sqrt(6.0 / 500)
    mean, std, lo, hi = _stats(w)
    assert -a <= lo and hi <= a and std == pytest.approx(a / math.sqrt(3), rel=0.03)


def test_uniform_normal_trunc_constant(device):
    t = torch.empty(100, 100, device=device)
    mean, std, lo, hi = _stats(init.uniform_(t, -2.0, 3.0))
    assert -2.0 <= lo and hi < 3.0 and mean == pytest.approx(0.5, abs=0.05)
    mean, std, lo, hi = _stats(init.normal_(t, 1.0, 0.5))
    assert mean == pytest.approx(1.0, abs=0.02) and std == pytest.approx(0.5, rel=0.03)
    mean, std, lo, hi = _stats(init.trunc_normal_(t, std=1.0, a=-1.0, b=1.0))
    assert (
        -1.0 <= lo and hi <= 1.0 and std == pytest.approx(0.53956, rel=0.03)
    )  # sd of N(0,1) cut to [-1,1]
    assert init.constant_(t, 0.25).tolist()[3][4] == 0.25
    assert init.ones_(t).sum().item() == 10000 and init.zeros_(t).sum().item() == 0
    assert init.eye_(torch.empty(2, 3, device=device)).tolist() == [[1, 0, 0], [0, 1, 0]]
    assert init.uniform_(torch.empty(3, dtype=torch.float64)).dtype is torch.float64


def test_generator_makes_fills_repeatable():
    g = torch.Generator().manual_seed(3)
    a = init.normal_(torch.empty(5), generator=g).tolist()
    g.manual_seed(3)
    assert init.normal_(torch.empty(5), generator=g).tolist() == a


def test_zero_element_warning():
    with pytest.warns(UserWarning, match="^Initializing zero-element tensors is a no-op$"):
        init.kaiming_uniform_(torch.empty(0, 3))


# --- nn.utils --------------------------------------------------------------------------------
def _params():
    p1 = nn.Parameter(torch.tensor([3.0, 4.0]))
    p2 = nn.Parameter(torch.tensor([[1.0, -2.0]]))
    p1.grad = torch.tensor([3.0, 4.0])
    p2.grad = torch.tensor([[12.0, 0.0]])
    return p1, p2


def test_clip_grad_norm_values():
    p1, p2 = _params()
    total = nn.utils.clip_grad_norm_([p1, p2], 1.0)
    assert (repr(total), repr(p1.grad), repr(p2.grad)) == (
        "tensor(13.)",
        "tensor([0.2308, 0.3077])",
        "tensor([[0.9231, 0.0000]])",
    )
    p1, p2 = _params()
    total = nn.utils.clip_grad_norm_(iter([p1, p2]), 100.0, norm_type=1)
    assert (repr(total), repr(p1.grad)) == ("tensor(19.)", "tensor([3., 4.])")  # not clipped
    p1, p2 = _params()
    total = nn.utils.clip_grad_norm_([p1, p2], 2.0, norm_type=float("inf"))
    assert (repr(total), repr(p1.grad), repr(p2.grad)) == (
        "tensor(12.)",
        "tensor([0.5000, 0.6667])",
        "tensor([[2.0000, 0.0000]])",
    )
    assert repr(nn.utils.clip_grad_norm_([], 1.0)) == "tensor(0.)"
    p1.grad = torch.tensor([3.0, float("nan")])
    with pytest.raises(RuntimeError) as err:
        nn.utils.clip_grad_norm_(p1, 1.0, error_if_nonfinite=True)
    assert str(err.value) == (
        "The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot "
        "be clipped. To disable this error and scale the gradients by the non-finite norm "
        "anyway, set `error_if_nonfinite=False`"
    )


def test_clip_grad_value_and_parameter_vectors():
    p1, p2 = _params()
    p1.grad = torch.tensor([3.0, -4.0])
    nn.utils.clip_grad_value_(p1, 3.5)
    assert repr(p1.grad) == "tensor([ 3.0000, -3.5000])"
    vec = nn.utils.parameters_to_vector([p1, p2])
    assert repr(vec) == "tensor([ 3.,  4.,  1., -2.], grad_fn=<CatBackward0>)"
    nn.utils.vector_to_parameters(torch.arange(4.0), [p1, p2])
    assert p1.tolist() == [0.0, 1.0] and p2.tolist() == [[2.0, 3.0]]
    with pytest.raises(TypeError, match="^expected torch.Tensor, but got: list$"):
        nn.utils.vector_to_parameters([1.0], [p1])


@pytest.mark.parametrize("shape", [(3, 5), (5, 3), (4, 4), (2, 3, 4)])
def test_orthogonal_gives_orthonormal_rows_or_columns(device, shape):
    torch.manual_seed(0)
    w = torch.empty(shape, dtype=torch.float64, device=device, requires_grad=True)
    assert init.orthogonal_(w, gain=2) is w and w.shape == shape and w.requires_grad
    flat = w.detach().reshape(shape[0], -1)
    small = flat @ flat.T if flat.shape[0] <= flat.shape[1] else flat.T @ flat
    eye = torch.eye(small.shape[0], dtype=torch.float64, device=device) * 4  # gain ** 2
    assert torch.allclose(small, eye, atol=1e-12)


def test_orthogonal_and_sparse_errors_and_empty_tensors():
    # PyTorch 2.13's ValueErrors; an empty tensor is returned untouched
    with pytest.raises(ValueError, match="^Only tensors with 2 or more dimensions are supported$"):
        init.orthogonal_(torch.empty(3))
    with pytest.raises(ValueError, match="^Only tensors with 2 dimensions are supported$"):
        init.sparse_(torch.empty(3, 2, 2), 0.5)
    assert init.orthogonal_(torch.empty(0, 3)).shape == (0, 3)


def test_sparse_zeros_a_share_of_each_column(device):
    torch.manual_seed(1)
    w = torch.empty(200, 30, device=device)
    assert init.sparse_(w, 0.1, std=0.5) is w
    zeros_per_column = (w == 0).sum(0).tolist()
    assert zeros_per_column == [20] * 30  # ceil(0.1 * 200) in every column
    _, spread, _, _ = _stats(w[w != 0])
    assert 0.45 < spread < 0.55
