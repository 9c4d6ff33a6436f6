"""torch.distributions: log_prob/entropy/moments and KL values, reprs, grad_fn names and
validation errors against PyTorch 2.13 (CPU) literals; gradients by gradcheck in float64;
samples checked for shape, dtype, support, statistics and reproducibility under manual_seed
(autograd_nb's RNG stream differs from torch's)."""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck

D = torch.distributions
F64 = torch.float64
NAN = math.nan

LOC, SCALE, X = [0.5, -1.0], [0.8, 2.0], [0.1, 0.7]
COV = [[2.0, 0.3], [0.3, 0.5]]
TRIL = [[2.0, 0.0], [0.3, 0.5]]
PROBS = [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]


def _t(data, device, dtype=F64, **kw):
    return torch.tensor(data, dtype=dtype, device=device, **kw)


def _make(name: str, device):
    """The distribution `name` on `device` and the value to score, as in the PyTorch run."""
    loc, scale, x = _t(LOC, device), _t(SCALE, device), _t(X, device)
    return {
        "Normal": lambda: (D.Normal(loc, scale), x),
        "Laplace": lambda: (D.Laplace(loc, scale), x),
        "Uniform": lambda: (D.Uniform(loc - 1, loc + scale), x),
        "Exponential": lambda: (D.Exponential(scale), x),
        "Bernoulli": lambda: (D.Bernoulli(_t([0.2, 0.9], device)), _t([0.0, 1.0], device)),
        "Categorical": lambda: (
            D.Categorical(_t(PROBS, device)),
            torch.tensor([2, 0], device=device),
        ),
        "MVN_cov": lambda: (D.MultivariateNormal(loc, covariance_matrix=_t(COV, device)), x),
        "MVN_prec": lambda: (D.MultivariateNormal(loc, precision_matrix=_t(COV, device)), x),
        "MVN_tril": lambda: (D.MultivariateNormal(loc, scale_tril=_t(TRIL, device)), x),
        "Independent": lambda: (D.Independent(D.Normal(loc, scale), 1), x),
    }[name]()


# From PyTorch 2.13: (log_prob(value), entropy(), mean, variance) for each case of _make.
EXPECTED = {
    "Normal": (
        [-0.82079498189, -1.973335713765],
        [1.19579498189, 2.112085713765],
        [0.5, -1.0],
        [0.64, 4.0],
    ),
    "Laplace": (
        [-0.970003629246, -2.23629436112],
        [1.470003629246, 2.38629436112],
        [0.5, -1.0],
        [1.28, 8.0],
    ),
    "Uniform": (
        [-0.587786664902, -1.098612288668],
        [0.587786664902, 1.098612288668],
        [0.4, -0.5],
        [0.27, 0.75],
    ),
    "Exponential": (
        [-0.303143551314, -0.70685281944],
        [1.223143551314, 0.30685281944],
        [1.25, 0.5],
        [1.5625, 0.25],
    ),
    "Bernoulli": (
        [-0.223143551314, -0.105360515658],
        [0.500402423538, 0.325082973391],
        [0.2, 0.9],
        [0.16, 0.09],
    ),
    "Categorical": (
        [-0.69314718056, -2.302585092994],
        [1.029653014065, 0.63903185965],
        [NAN, NAN],
        [NAN, NAN],
    ),
    "MVN_cov": ([-5.23467777063], [2.790721726674], [0.5, -1.0], [2.0, 0.5]),
    "MVN_prec": (
        [-2.563532406145],
        [2.885032406145],
        [0.5, -1.0],
        [0.549450549451, 2.197802197802],
    ),
    "MVN_tril": ([-8.053077066409], [2.837877066409], [0.5, -1.0], [4.0, 0.34]),
    "Independent": ([-2.794130695655], [3.307880695655], [0.5, -1.0], [0.64, 4.0]),
}


def _close(t, expected, tol=1e-9):
    got = t.reshape(-1).tolist()
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert (math.isnan(g) and math.isnan(e)) or g == e or abs(g - e) <= tol, (got, expected)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_log_prob_entropy_moments_match_pytorch(device, name):
    dist, value = _make(name, device)
    log_prob, entropy, mean, variance = EXPECTED[name]
    _close(dist.log_prob(value), log_prob)
    _close(dist.entropy(), entropy)
    _close(dist.mean, mean)
    _close(dist.variance, variance)
    _close(dist.stddev, [math.sqrt(v) for v in variance])


def test_reprs_shapes_supports_and_grad_fns(device):
    loc, scale = _t(LOC, device, requires_grad=True), _t(SCALE, device, requires_grad=True)
    normal = D.Normal(loc, scale)
    # From PyTorch 2.13:
    assert repr(normal) == "Normal(loc: torch.Size([2]), scale: torch.Size([2]))"
    assert repr(D.Normal(0.0, 1.0)) == "Normal(loc: 0.0, scale: 1.0)"
    assert repr(D.Independent(D.Normal(torch.zeros(3, 2, device=device), 1.0), 1)) == (
        "Independent(Normal(loc: torch.Size([3, 2]), scale: torch.Size([3, 2])), 1)"
    )
    mvn = D.MultivariateNormal(loc, covariance_matrix=_t(COV, device))
    assert repr(mvn) == (
        "MultivariateNormal(loc: torch.Size([2]), covariance_matrix: torch.Size([2, 2]))"
    )
    assert (mvn.batch_shape, mvn.event_shape) == (torch.Size([]), torch.Size([2]))
    assert (normal.batch_shape, normal.event_shape) == (torch.Size([2]), torch.Size([]))
    supports = {
        D.Normal: "Real()",
        D.Exponential: "GreaterThanEq(lower_bound=0.0)",
        D.Bernoulli: "Boolean()",
        D.OneHotCategorical: "OneHot()",
        D.MultivariateNormal: "IndependentConstraint(Real(), 1)",
    }
    for cls, text in supports.items():
        assert repr(cls.support) == text
    assert repr(D.Categorical(_t(PROBS, device)).support) == (
        "IntegerInterval(lower_bound=0, upper_bound=2)"
    )
    assert repr(D.Uniform(0.0, 2.0).support) == "Interval(lower_bound=0.0, upper_bound=2.0)"
    assert repr(D.Normal.arg_constraints["scale"]) == "GreaterThan(lower_bound=0.0)"
    assert repr(D.Bernoulli.arg_constraints["probs"]) == (
        "Interval(lower_bound=0.0, upper_bound=1.0)"
    )
    assert (normal.has_rsample, D.Bernoulli.has_rsample, D.Categorical.has_enumerate_support) == (
        True,
        False,
        True,
    )
    x = _t(X, device)
    assert type(normal.log_prob(x).grad_fn).__name__ == "SubBackward0"
    assert type(normal.entropy().grad_fn).__name__ == "AddBackward0"
    assert type(normal.variance.grad_fn).__name__ == "PowBackward0"
    bern = D.Bernoulli(_t([0.2, 0.9], device, requires_grad=True))
    assert type(bern.entropy().grad_fn).__name__ == "BinaryCrossEntropyWithLogitsBackward0"
    assert type(bern.log_prob(_t([0.0, 1.0], device)).grad_fn).__name__ == "NegBackward0"
    cat = D.Categorical(_t(PROBS, device, requires_grad=True))
    assert type(cat.log_prob(torch.tensor([2, 0], device=device)).grad_fn).__name__ == (
        "SqueezeBackward1"
    )
    assert type(cat.entropy().grad_fn).__name__ == "NegBackward0"


def test_probs_logits_mode_enumerate_expand(device):
    bern = D.Bernoulli(_t([0.2, 0.9], device))
    _close(bern.logits, [-1.3862943611198906, 2.1972245773362196])  # from PyTorch 2.13
    _close(D.Bernoulli(logits=_t(LOC, device)).probs, [0.6224593312, 0.2689414214], 1e-9)
    _close(D.Bernoulli(torch.tensor([0.2, 0.5, 0.7], device=device)).mode, [0.0, NAN, 1.0])
    _close(bern.enumerate_support(), [0.0, 0.0, 1.0, 1.0])
    assert bern.enumerate_support(expand=False).shape == torch.Size([2, 1])
    cat = D.Categorical(logits=_t([[0.2, 1.3, -0.5], [0.1, 0.1, 0.8]], device))
    _close(cat.logits[0], [-1.504244344559238, -0.40424434455923786, -2.204244344559238])
    assert cat.mode.tolist() == [1, 2]
    assert cat.enumerate_support().tolist() == [[0, 0], [1, 1], [2, 2]]
    onehot = D.OneHotCategorical(logits=_t([0.2, 1.3, -0.5], device))
    assert onehot.mode.tolist() == [0.0, 1.0, 0.0]
    _close(onehot.log_prob(_t([0.0, 1.0, 0.0], device)), [-0.40424434455923786])
    assert onehot.enumerate_support().tolist() == [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
    ]
    assert math.isnan(D.Uniform(0.0, 1.0).mode.item())
    big = D.Categorical(_t(PROBS, device)).expand((3, 2))
    assert big.batch_shape == torch.Size([3, 2]) and big.probs.shape == torch.Size([3, 2, 3])
    assert big.log_prob(torch.tensor([2, 0], device=device)).shape == torch.Size([3, 2])
    normal = D.Normal(_t(LOC, device), _t(SCALE, device))
    assert (
        repr(normal.expand((3, 2))) == "Normal(loc: torch.Size([3, 2]), scale: torch.Size([3, 2]))"
    )
    mvn = D.MultivariateNormal(_t(LOC, device), scale_tril=_t(TRIL, device)).expand((4,))
    assert mvn.sample((5,)).shape == torch.Size([5, 4, 2])
    _close(mvn.covariance_matrix[0], [4.0, 0.6, 0.6, 0.34])  # from PyTorch 2.13
    prec = D.MultivariateNormal(_t(LOC, device), _t(COV, device)).precision_matrix
    _close(
        prec, [0.5494505494505493, -0.32967032967032955, -0.32967032967032955, 2.1978021978021975]
    )


def test_cdf_matches_pytorch(device):
    v = torch.tensor([0.5, -1.0], device=device)
    # From PyTorch 2.13 (float32):
    _close(D.Normal(0.0, 2.0).cdf(v), [0.5987063050270081, 0.3085375428199768], 1e-6)
    _close(D.Laplace(0.0, 2.0).cdf(v), [0.6105996370315552, 0.3032653331756592], 1e-6)
    _close(D.Exponential(2.0).cdf(v.abs()), [0.6321205496788025, 0.8646647167633873], 1e-6)


def test_icdf_matches_pytorch_and_inverts_cdf(device):
    v = torch.tensor([0.975, 0.2], device=device)
    # From PyTorch 2.13 (float32):
    _close(D.Normal(1.0, 2.0).icdf(v), [4.919928550720215, -0.6832425594329834], 1e-6)
    _close(D.Laplace(1.0, 2.0).icdf(v), [6.991466522216797, -0.832581639289856], 1e-6)
    _close(D.Exponential(2.0).icdf(v), [1.844440221786499, 0.1115717813372612], 1e-6)
    _close(D.Uniform(-1.0, 3.0).icdf(v), [2.9000000953674316, -0.19999998807907104], 1e-6)
    for dist in (D.Normal(1.0, 2.0), D.Laplace(1.0, 2.0), D.Exponential(2.0)):
        _close(dist.cdf(dist.icdf(v)), v.tolist(), 1e-5)
    with pytest.raises(NotImplementedError):
        D.Categorical(torch.tensor([0.5, 0.5], device=device)).icdf(v)


@pytest.mark.parametrize("name", ["Normal", "Laplace", "Uniform", "Exponential", "MVN_tril"])
def test_rsample_is_reparameterised(device, name):
    loc, scale = _t(LOC, device, requires_grad=True), _t(SCALE, device, requires_grad=True)
    make = {
        "Normal": lambda a, b: D.Normal(a, b),
        "Laplace": lambda a, b: D.Laplace(a, b),
        "Uniform": lambda a, b: D.Uniform(a - 2, a + b),
        "Exponential": lambda a, b: D.Exponential(b),
        "MVN_tril": lambda a, b: D.MultivariateNormal(
            a, scale_tril=torch.diag_embed(b) + _t([[0.0, 0.0], [0.3, 0.0]], device)
        ),
    }[name]

    def draw(a, b):
        torch.manual_seed(3)
        return make(a, b).rsample((3,))

    assert draw(loc, scale).requires_grad and not make(loc, scale).sample().requires_grad
    assert gradcheck(draw, (loc, scale))


GRAD_CASES = {
    "Normal": lambda p, x: D.Normal(p[0], p[1].exp()).log_prob(x),
    "Laplace": lambda p, x: D.Laplace(p[0], p[1].exp()).log_prob(x),
    "Exponential": lambda p, x: D.Exponential(p[1].exp()).log_prob(x.abs()),
    "Bernoulli": lambda p, x: D.Bernoulli(logits=p[0]).log_prob((x > 0.5).to(x)),
    "Categorical": lambda p, x: D.Categorical(logits=p).log_prob(
        torch.tensor([1, 0], device=x.device)
    ),
    "MVN": lambda p, x: D.MultivariateNormal(
        p[0], p.T @ p + torch.eye(2, dtype=F64, device=x.device)
    ).log_prob(x),
    "KL_Normal": lambda p, x: D.kl_divergence(D.Normal(p[0], p[1].exp()), D.Normal(x, 1.5)),
    "KL_Bernoulli": lambda p, x: D.kl_divergence(
        D.Bernoulli(logits=p[0]), D.Bernoulli(logits=p[1])
    ),
    "KL_Categorical": lambda p, x: D.kl_divergence(
        D.Categorical(logits=p), D.Categorical(logits=p.flip(0))
    ),
    "KL_MVN": lambda p, x: D.kl_divergence(
        D.MultivariateNormal(
            p[0], scale_tril=p.tril() + 2 * torch.eye(2, dtype=F64, device=x.device)
        ),
        D.MultivariateNormal(x, _t(COV, x.device)),
    ),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_gradients_of_log_prob_and_kl(device, name):
    params = _t([[0.3, -0.4], [0.2, 0.6]], device, requires_grad=True)
    x = _t(X, device)
    assert gradcheck(lambda p: GRAD_CASES[name](p, x), (params,))


def test_samples_shapes_supports_statistics_and_seed(device):
    n = 4000
    torch.manual_seed(0)
    normal = D.Normal(
        torch.tensor([1.0, -2.0], device=device), torch.tensor([0.5, 2.0], device=device)
    )
    s = normal.sample((n,))
    assert s.shape == torch.Size([n, 2]) and s.dtype == torch.float32
    _close(s.mean(0), [1.0, -2.0], 0.15)
    _close(s.std(0), [0.5, 2.0], 0.15)
    u = D.Uniform(torch.tensor(-1.0, device=device), 3.0).sample((n,))
    assert bool(((u >= -1) & (u < 3)).all()) and abs(u.mean().item() - 1.0) < 0.1
    e = D.Exponential(torch.tensor(2.0, device=device)).sample((n,))
    assert bool((e >= 0).all()) and abs(e.mean().item() - 0.5) < 0.05
    lap = D.Laplace(torch.tensor(1.0, device=device), 0.5).sample((n,))
    assert abs(lap.mean().item() - 1.0) < 0.05 and abs(lap.var().item() - 0.5) < 0.08
    b = D.Bernoulli(torch.tensor([0.2, 0.9], device=device)).sample((n,))
    assert b.dtype == torch.float32 and set(b.unique().tolist()) <= {0.0, 1.0}
    _close(b.mean(0), [0.2, 0.9], 0.04)
    cat = D.Categorical(torch.tensor([0.2, 0.3, 0.5], device=device)).sample((n,))
    assert cat.dtype == torch.int64 and cat.shape == torch.Size([n])
    _close(torch.bincount(cat, minlength=3) / n, [0.2, 0.3, 0.5], 0.04)
    oh = D.OneHotCategorical(torch.tensor([[0.2, 0.8]], device=device)).sample((n,))
    assert oh.shape == torch.Size([n, 1, 2]) and bool((oh.sum(-1) == 1).all())
    mvn = D.MultivariateNormal(_t(LOC, device), _t(COV, device)).sample((n,))
    _close(torch.cov(mvn.T), [2.0, 0.3, 0.3, 0.5], 0.2)
    torch.manual_seed(7)
    first = normal.sample((3,)).tolist()
    torch.manual_seed(7)
    assert normal.sample((3,)).tolist() == first


def test_kl_divergence_matches_pytorch(device):
    loc, scale = _t(LOC, device), _t(SCALE, device)
    kl = D.kl_divergence
    # From PyTorch 2.13:
    _close(
        kl(D.Normal(loc, scale), D.Normal(scale, loc.abs() + 0.1)),
        [0.22620681643710805, 4.27406382569066],
    )
    _close(
        kl(D.Bernoulli(_t([0.2, 0.0, 1.0], device)), D.Bernoulli(_t([0.5, 0.3, 0.4], device))),
        [0.19274475702175742, 0.3566749439387321, 0.9162907318741548],
    )
    _close(
        kl(D.Bernoulli(_t([0.2, 0.5], device)), D.Bernoulli(_t([0.0, 1.0], device))),
        [math.inf, math.inf],
    )
    _close(
        kl(
            D.Categorical(_t([0.2, 0.8, 0.0], device)), D.Categorical(_t([0.5, 0.25, 0.25], device))
        ),
        [0.7472625014697136],
    )
    _close(
        kl(D.Categorical(_t([0.2, 0.8], device)), D.Categorical(_t([0.0, 1.0], device))), [math.inf]
    )
    _close(kl(D.Uniform(loc, loc + 1), D.Uniform(loc - 1, loc + 2)), [1.0986122886681098] * 2)
    _close(kl(D.Uniform(loc - 2, loc + 1), D.Uniform(loc - 1, loc + 2)), [math.inf] * 2)
    p = D.MultivariateNormal(loc, _t(COV, device))
    q = D.MultivariateNormal(
        torch.zeros(3, 2, dtype=F64, device=device), scale_tril=_t([[1.0, 0.0], [0.4, 0.7]], device)
    )
    _close(kl(p, q), [1.8767048855928068] * 3)
    _close(
        kl(D.Independent(D.Normal(loc, scale), 1), D.Independent(D.Normal(scale, scale), 1)),
        [1.1953125],
    )
    _close(
        kl(
            D.OneHotCategorical(_t([0.2, 0.8], device)), D.OneHotCategorical(_t([0.5, 0.5], device))
        ),
        [0.19274475702175747],
    )
    with pytest.raises(NotImplementedError) as err:
        kl(D.Categorical(_t([0.5, 0.5], device)), D.Normal(0.0, 1.0))
    assert str(err.value) == (
        "No KL(p || q) is implemented for p type Categorical and q type Normal"
    )
    with pytest.raises(ValueError) as err:
        kl(p, D.MultivariateNormal(torch.zeros(3, device=device), torch.eye(3, device=device)))
    assert str(err.value) == (
        "KL-divergence between two Multivariate Normals with      "
        "                    different event shapes cannot be computed"
    )


def test_register_kl_adds_a_rule():
    class MyNormal(D.Normal):
        pass

    assert D.kl_divergence(MyNormal(0.0, 1.0), D.Normal(1.0, 1.0)).item() == 0.5  # Normal's rule

    @D.register_kl(MyNormal, D.Normal)
    def _kl(p, q):
        return torch.tensor(-1.0)

    try:
        assert D.kl_divergence(MyNormal(0.0, 1.0), D.Normal(1.0, 1.0)).item() == -1.0
    finally:
        D.kl._KL_REGISTRY.pop((MyNormal, D.Normal))
        D.kl._KL_MEMOIZE.clear()


def _message(fn) -> str:
    with pytest.raises(ValueError) as err:
        fn()
    return str(err.value)


def test_validation_errors_match_pytorch():
    t = torch.tensor
    # From PyTorch 2.13:
    assert _message(lambda: D.Normal(t([0.0, 1.0]), t([1.0, -1.0]))) == (
        "Expected parameter scale (Tensor of shape (2,)) of distribution Normal(loc: "
        "torch.Size([2]), scale: torch.Size([2])) to satisfy the constraint "
        "GreaterThan(lower_bound=0.0), but found invalid values:\ntensor([ 1., -1.])"
    )
    assert _message(lambda: D.Uniform(1.0, 0.0)) == (
        "Expected parameter low (Tensor of shape ()) of distribution Uniform(low: 1.0, high: "
        "0.0) to satisfy the constraint LessThan(upper_bound=0.0), but found invalid values:"
        "\n1.0"
    )
    assert _message(lambda: D.Normal(0.0, 1.0).log_prob(0.5)) == (
        "The value argument to log_prob must be a Tensor"
    )
    assert _message(lambda: D.Normal(torch.zeros(2), 1.0).log_prob(torch.zeros(3))) == (
        "Value is not broadcastable with batch_shape+event_shape: torch.Size([3]) vs "
        "torch.Size([2])."
    )
    assert _message(
        lambda: D.MultivariateNormal(torch.zeros(2), torch.eye(2)).log_prob(torch.zeros(3))
    ) == (
        "The right-most size of value must match event_shape: torch.Size([3]) vs torch.Size([2])."
    )
    assert _message(lambda: D.Exponential(t([1.0, 2.0])).log_prob(t([-1.0, 1.0]))) == (
        "Expected value argument (Tensor of shape (2,)) to be within the support "
        "(GreaterThanEq(lower_bound=0.0)) of the distribution Exponential(rate: "
        "torch.Size([2])), but found invalid values:\ntensor([-1.,  1.])"
    )
    assert _message(lambda: D.Categorical(t([0.5, 0.5])).log_prob(t(2))).startswith(
        "Expected value argument (Tensor of shape ()) to be within the support "
        "(IntegerInterval(lower_bound=0, upper_bound=1)) of the distribution "
        "Categorical(probs: torch.Size([2])), but found"
    )
    assert _message(lambda: D.Bernoulli(0.3, 0.2)) == (
        "Either `probs` or `logits` must be specified, but not both."
    )
    assert _message(lambda: D.Categorical(logits=t(0.5))) == (
        "`logits` parameter must be at least one-dimensional."
    )
    assert _message(lambda: D.MultivariateNormal(torch.zeros(2))) == (
        "Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified."
    )
    assert _message(lambda: D.MultivariateNormal(torch.zeros(2), scale_tril=torch.ones(2))) == (
        "scale_tril matrix must be at least two-dimensional, with optional leading batch dimensions"
    )
    assert _message(
        lambda: D.MultivariateNormal(torch.zeros(2), t([[1.0, 2.0], [2.0, 1.0]]))
    ).endswith(
        "to satisfy the constraint PositiveDefinite(), but found invalid "
        "values:\ntensor([[1., 2.],\n        [2., 1.]])"
    )
    assert _message(lambda: D.Independent(D.Normal(torch.zeros(2), 1.0), 2)) == (
        "Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), actual 2 vs 1"
    )
    assert _message(lambda: D.Normal("a", 1.0)) == (
        "Input arguments must all be instances of Number, torch.Tensor or objects implementing "
        "__torch_function__."
    )
    with pytest.raises(NotImplementedError, match="Enumeration over cartesian product"):
        D.Independent(D.Bernoulli(t([0.5, 0.5])), 1).enumerate_support()
    assert D.Normal(0.0, -1.0, validate_args=False).scale.item() == -1.0


def test_set_default_validate_args():
    D.Distribution.set_default_validate_args(False)
    try:
        assert D.Normal(0.0, -1.0).scale.item() == -1.0
    finally:
        D.Distribution.set_default_validate_args(True)
    with pytest.raises(ValueError):
        D.Normal(0.0, -1.0)
