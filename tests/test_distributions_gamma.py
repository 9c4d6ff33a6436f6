"""Gamma, Chi2, Beta, Dirichlet, Poisson and StudentT: log_prob/entropy/moments/mode and KL
values, reprs, grad_fn names and validation errors against PyTorch 2.13 (CPU) literals;
gradients by gradcheck in float64; samples checked for shape, support and statistics
(autograd_nb's RNG stream differs from torch's)."""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck

D = torch.distributions
F64 = torch.float64
INF, NAN = math.inf, math.nan
A, B = [0.5, 3.0], [2.0, 0.7]
CONC = [[0.5, 3.0, 1.2], [2.0, 0.7, 4.0]]
CONC_Q = [[1.5, 2.0, 1.0], [0.3, 0.9, 2.5]]


def _t(data, device, **kw):
    return torch.tensor(data, dtype=F64, device=device, **kw)


def _close(t, expected, tol=1e-9):
    got = t.reshape(-1).tolist()
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert (math.isnan(g) and math.isnan(e)) or g == e or abs(g - e) <= tol, (got, expected)


def _make(name: str, device):
    """The distribution `name` on `device` and the value to score, as in the PyTorch run."""
    a, b = _t(A, device), _t(B, device)
    return {
        "Gamma": lambda: (D.Gamma(a, b), _t([0.3, 4.5], device)),
        "Chi2": lambda: (D.Chi2(_t([1.5, 5.0], device)), _t([0.3, 4.5], device)),
        "Beta": lambda: (D.Beta(a, b), _t([0.3, 0.8], device)),
        "Dirichlet": lambda: (
            D.Dirichlet(_t(CONC, device)),
            _t([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]], device),
        ),
        "Poisson": lambda: (D.Poisson(_t(A, device)), _t([0.0, 4.0], device)),
        "StudentT": lambda: (
            D.StudentT(_t([3.0, 1.5], device), _t([0.5, -1.0], device), _t([0.8, 2.0], device)),
            _t([0.1, 0.7], device),
        ),
    }[name]()


# From PyTorch 2.13: (log_prob(value), entropy(), mean, variance, mode); None: no entropy.
EXPECTED = {
    "Gamma": (
        [-0.223804950482, -1.905017218824],
        [-0.602537250646, 2.204253454302],
        [0.25, 4.285714285714],
        [0.125, 6.122448979592],
        [0.0, 2.857142857143],
    ),
    "Chi2": (
        [-0.57214813577, -2.011434726708],
        [1.374962912045, 2.423095090065],
        [1.5, 5.0],
        [3.0, 10.0],
        [0.0, 3.0],
    ),
    "Beta": (
        [-0.042370614228, 0.510602170676],
        [-0.765278955335, -0.701472618966],
        [0.2, 0.810810810811],
        [0.045714285714, 0.032637582954],
        [0.0, 1.0],
    ),
    "Dirichlet": (
        [-0.185588975713, -1.78944870473],
        [-1.882162340349, -1.774126575407],
        [
            0.106382978723,
            0.63829787234,
            0.255319148936,
            0.298507462687,
            0.10447761194,
            0.597014925373,
        ],
        [
            0.016678182555,
            0.040504157633,
            0.033356365109,
            0.027194903559,
            0.012150914356,
            0.031245208345,
        ],
        [0.0, 0.909090909091, 0.090909090909, 0.25, 0.0, 0.75],
    ),
    "Poisson": ([-0.5, -1.783604675676], None, [0.5, 3.0], [0.5, 3.0], [0.0, 3.0]),
    "StudentT": (
        [-0.937830713656, -2.261256940764],
        [1.550334020549, 2.842806648405],
        [0.5, -1.0],
        [1.92, INF],
        [0.5, -1.0],
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_log_prob_entropy_moments_mode_match_pytorch(device, name):
    dist, value = _make(name, device)
    log_prob, entropy, mean, variance, mode = EXPECTED[name]
    _close(dist.log_prob(value), log_prob)
    _close(dist.mean, mean)
    _close(dist.variance, variance)
    _close(dist.mode, mode)
    if entropy is None:
        with pytest.raises(NotImplementedError):
            dist.entropy()
    else:
        _close(dist.entropy(), entropy)


def test_studentt_moments_without_finite_mean_or_variance(device):
    df = _t([0.5, 1.5, 4.0], device)
    # From PyTorch 2.13: mean is nan for df <= 1; variance nan for df <= 1, inf for df <= 2.
    _close(D.StudentT(df).mean, [NAN, 0.0, 0.0])
    _close(D.StudentT(df).variance, [NAN, INF, 2.0])


def test_kl_divergence_matches_pytorch(device):
    a, b = _t(A, device), _t(B, device)
    a_q, b_q = _t([1.5, 2.0], device), _t([1.0, 0.3], device)
    kl = D.kl_divergence
    # From PyTorch 2.13:
    _close(kl(D.Gamma(a, b), D.Gamma(a_q, b_q)), [2.060083616301, 0.209947161027])
    _close(kl(D.Beta(a, b), D.Beta(a_q, b_q)), [1.69314718056, 0.216426397945])
    _close(
        kl(D.Dirichlet(_t(CONC, device)), D.Dirichlet(_t(CONC_Q, device))),
        [1.522749924232, 1.360621384818],
    )
    _close(
        kl(
            D.Poisson(_t([0.5, 3.0, 0.0, 2.0], device)), D.Poisson(_t([1.5, 2.0, 1.0, 0.0], device))
        ),
        [0.450693855666, 0.216395324324, NAN, INF],
    )


def test_reprs_shapes_supports_and_grad_fns():
    t = torch.tensor
    a = t(A, dtype=F64, requires_grad=True)
    b = t(B, dtype=F64, requires_grad=True)
    x = t([0.3, 0.8], dtype=F64)
    # From PyTorch 2.13:
    assert repr(D.Gamma(2.0, 3.0)) == "Gamma(concentration: 2.0, rate: 3.0)"
    assert repr(D.Gamma(a, b)) == ("Gamma(concentration: torch.Size([2]), rate: torch.Size([2]))")
    assert repr(D.Beta(2.0, 3.0)) == "Beta()" and repr(D.Chi2(2.0)) == "Chi2()"
    assert repr(D.Poisson(2.0)) == "Poisson(rate: 2.0)"
    assert repr(D.StudentT(2.0)) == "StudentT(df: 2.0, loc: 0.0, scale: 1.0)"
    assert repr(D.Dirichlet(t([1.0, 2.0]))) == "Dirichlet(concentration: torch.Size([2]))"
    assert repr(D.Gamma(a, b).support) == "GreaterThanEq(lower_bound=0.0)"
    assert repr(D.Beta(a, b).support) == "Interval(lower_bound=0.0, upper_bound=1.0)"
    assert repr(D.Poisson(a).support) == "IntegerGreaterThan(lower_bound=0)"
    assert D.Poisson(a).support.is_discrete and not D.Poisson(a).has_rsample
    dirichlet = D.Dirichlet(torch.stack([a, b], -1))
    assert dirichlet.batch_shape == torch.Size([2]) and dirichlet.event_shape == torch.Size([2])
    assert D.Beta(a, b).expand((3, 2)).batch_shape == torch.Size([3, 2])
    assert D.Gamma(2.0, 3.0).expand((2,)).batch_shape == torch.Size([2])
    assert D.Chi2(t([2.0])).expand((3,)).df.tolist() == [2.0, 2.0, 2.0]
    assert D.StudentT(t([3.0])).expand((2,)).sample().shape == torch.Size([2])
    names = [
        D.Gamma(a, b).log_prob(x).grad_fn.name(),
        D.Beta(a, b).log_prob(x).grad_fn.name(),
        D.Poisson(a).log_prob(x.round()).grad_fn.name(),
        D.StudentT(a, b, b).log_prob(x).grad_fn.name(),
        D.Gamma(a, b).entropy().grad_fn.name(),
        D.kl_divergence(D.Gamma(a, b), D.Gamma(b, a)).grad_fn.name(),
        D.kl_divergence(D.Poisson(a), D.Poisson(b)).grad_fn.name(),
        D.kl_divergence(D.Beta(a, b), D.Beta(b, a)).grad_fn.name(),
    ]
    assert names == [
        "SubBackward0",
        "SubBackward0",
        "SubBackward0",
        "SubBackward0",
        "AddBackward0",
        "AddBackward0",
        "SubBackward0",
        "AddBackward0",
    ]


GRAD_CASES = {
    "Gamma": lambda p, x: D.Gamma(p[0].exp(), p[1].exp()).log_prob(x),
    "Chi2": lambda p, x: D.Chi2(p[0].exp()).log_prob(x),
    "Beta": lambda p, x: D.Beta(p[0].exp(), p[1].exp()).log_prob(x),
    "Dirichlet": lambda p, x: D.Dirichlet(p.exp()).log_prob(torch.stack([x, 1 - x], -1)),
    "Poisson": lambda p, x: D.Poisson(p[0].exp()).log_prob((5 * x).round()),
    "StudentT": lambda p, x: D.StudentT(p[0].exp() + 1, p[1], p[0].exp()).log_prob(x),
    "entropy_Dirichlet": lambda p, x: D.Dirichlet(p.exp()).entropy(),
    "entropy_StudentT": lambda p, x: D.StudentT(p[0].exp(), p[1], p[1].exp()).entropy(),
    "KL_Gamma": lambda p, x: D.kl_divergence(
        D.Gamma(p[0].exp(), p[1].exp()), D.Gamma(p[1].exp(), x)
    ),
    "KL_Beta": lambda p, x: D.kl_divergence(D.Beta(p[0].exp(), p[1].exp()), D.Beta(x, p[0].exp())),
    "KL_Dirichlet": lambda p, x: D.kl_divergence(
        D.Dirichlet(p.exp()), D.Dirichlet(p.exp().flip(0))
    ),
    "KL_Poisson": lambda p, x: D.kl_divergence(D.Poisson(p[0].exp()), D.Poisson(p[1].exp())),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_gradients_of_log_prob_entropy_and_kl(device, name):
    params = _t([[0.3, -0.4], [0.2, 0.6]], device, requires_grad=True)
    x = _t([0.1, 0.7], device)
    assert gradcheck(lambda p: GRAD_CASES[name](p, x), (params,))


def test_samples_shapes_supports_statistics_and_seed(device):
    n = 4000
    torch.manual_seed(0)
    a, b = _t(A, device), _t(B, device)
    g = D.Gamma(a, b).sample((n,))
    assert g.shape == torch.Size([n, 2]) and g.dtype == F64 and bool((g > 0).all())
    _close(g.mean(0), [0.25, 4.285714285714], 0.15)
    _close(g.var(0), [0.125, 6.122448979592], 0.6)
    gf = D.Gamma(torch.tensor(0.2, device=device), 1.0).sample((n,))
    assert gf.dtype == torch.float32 and bool((gf > 0).all())
    assert abs(gf.mean().item() - 0.2) < 0.05
    beta = D.Beta(a, b).sample((n,))
    assert bool(((beta >= 0) & (beta <= 1)).all())
    _close(beta.mean(0), [0.2, 0.810810810811], 0.03)
    d = D.Dirichlet(_t(CONC, device)).sample((n,))
    assert d.shape == torch.Size([n, 2, 3]) and bool(((d.sum(-1) - 1).abs() < 1e-9).all())
    _close(
        d.mean(0),
        [
            0.106382978723,
            0.63829787234,
            0.255319148936,
            0.298507462687,
            0.10447761194,
            0.597014925373,
        ],
        0.03,
    )
    _close(D.Chi2(_t([1.5, 5.0], device)).sample((n,)).mean(0), [1.5, 5.0], 0.3)
    rates = _t([0.0, 0.5, 3.0, 40.0], device)
    counts = D.Poisson(rates).sample((n,))
    assert counts.dtype == F64 and bool((counts % 1 == 0).all()) and bool((counts >= 0).all())
    _close(counts.mean(0), [0.0, 0.5, 3.0, 40.0], 0.5)
    _close(counts.var(0), [0.0, 0.5, 3.0, 40.0], 4.0)
    st = D.StudentT(_t([5.0], device), 1.0, 2.0).sample((n,))
    assert abs(st.mean().item() - 1.0) < 0.2 and abs(st.var().item() - 20 / 3) < 2.0
    assert not D.Gamma(_t(A, device, requires_grad=True), b).sample().requires_grad
    torch.manual_seed(7)
    first = D.Gamma(a, b).sample((3,)).tolist()
    torch.manual_seed(7)
    assert D.Gamma(a, b).sample((3,)).tolist() == first


def test_rsample_is_not_available():
    # PyTorch reparameterises Gamma and its relatives; here they are sample-only, and
    # rsample raises like PyTorch's non-reparameterisable distributions (Poisson).
    for dist in (
        D.Gamma(1.0, 1.0),
        D.Beta(1.0, 1.0),
        D.Dirichlet(torch.ones(2)),
        D.Chi2(1.0),
        D.StudentT(1.0),
        D.Poisson(1.0),
    ):
        assert not dist.has_rsample
        with pytest.raises(NotImplementedError):
            dist.rsample()


def _message(fn) -> str:
    with pytest.raises(ValueError) as err:
        fn()
    return str(err.value)


def test_validation_errors_match_pytorch():
    def t(v):
        return torch.tensor(v, dtype=F64)

    # From PyTorch 2.13:
    assert _message(lambda: D.Gamma(t([-1.0]), t([1.0]))) == (
        "Expected parameter concentration (Tensor of shape (1,)) of distribution "
        "Gamma(concentration: tensor([-1.], dtype=torch.float64), rate: tensor([1.], "
        "dtype=torch.float64)) to satisfy the constraint GreaterThan(lower_bound=0.0), but "
        "found invalid values:\ntensor([-1.], dtype=torch.float64)"
    )
    assert _message(lambda: D.Beta(t([0.5]), t([0.0]))) == (
        "Expected parameter concentration (Tensor of shape (1, 2)) of distribution "
        "Dirichlet(concentration: torch.Size([1, 2])) to satisfy the constraint "
        "IndependentConstraint(GreaterThan(lower_bound=0.0), 1), but found invalid values:\n"
        "tensor([[0.5000, 0.0000]], dtype=torch.float64)"
    )
    assert _message(lambda: D.Dirichlet(t(1.0))) == (
        "`concentration` parameter must be at least one-dimensional."
    )
    assert _message(lambda: D.Poisson(t([-1.0]))) == (
        "Expected parameter rate (Tensor of shape (1,)) of distribution Poisson(rate: "
        "tensor([-1.], dtype=torch.float64)) to satisfy the constraint "
        "GreaterThanEq(lower_bound=0.0), but found invalid values:\n"
        "tensor([-1.], dtype=torch.float64)"
    )
    assert _message(lambda: D.Poisson(t([1.0])).log_prob(t([1.5]))) == (
        "Expected value argument (Tensor of shape (1,)) to be within the support "
        "(IntegerGreaterThan(lower_bound=0)) of the distribution Poisson(rate: tensor([1.], "
        "dtype=torch.float64)), but found invalid values:\ntensor([1.5000], dtype=torch.float64)"
    )
    assert _message(lambda: D.Beta(t([0.5]), t([1.0])).log_prob(t([1.5]))) == (
        "Expected value argument (Tensor of shape (1,)) to be within the support "
        "(Interval(lower_bound=0.0, upper_bound=1.0)) of the distribution Beta(), but found "
        "invalid values:\ntensor([1.5000], dtype=torch.float64)"
    )
    assert _message(lambda: D.Dirichlet(t([1.0, 2.0])).log_prob(t([0.5, 0.6]))) == (
        "Expected value argument (Tensor of shape (2,)) to be within the support (Simplex()) "
        "of the distribution Dirichlet(concentration: torch.Size([2])), but found invalid "
        "values:\ntensor([0.5000, 0.6000], dtype=torch.float64)"
    )
    assert _message(lambda: D.StudentT(t([0.0]))) == (
        "Expected parameter df (Tensor of shape (1,)) of distribution Chi2() to satisfy the "
        "constraint GreaterThan(lower_bound=0.0), but found invalid values:\n"
        "tensor([0.], dtype=torch.float64)"
    )
