"""distributions.Multinomial: values, shapes, reprs and errors recorded from PyTorch 2.13; samples
are counts that add up to total_count with the right mean; log_prob's gradient against central
differences in float64."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck
from autograd_nb.distributions import Multinomial, constraints


def test_moments_log_prob_entropy_recorded_from_pytorch(device):
    m = Multinomial(10, torch.tensor([0.2, 0.3, 0.5], device=device))
    assert (repr(m), m.batch_shape, m.event_shape, m.total_count) == ("Multinomial()", (), (3,), 10)
    assert repr(m.support) == "Multinomial()" and m.support.event_dim == 1
    assert torch.allclose(m.mean, torch.tensor([2.0, 3.0, 5.0], device=device))
    assert torch.allclose(m.variance, torch.tensor([1.6, 2.1, 2.5], device=device))
    value = torch.tensor([2.0, 3.0, 5.0], device=device)
    assert m.log_prob(value).item() == pytest.approx(-2.464515, abs=1e-5)
    assert m.entropy().item() == pytest.approx(3.341221, abs=1e-4)
    assert torch.allclose(m.logits, torch.tensor([-1.609438, -1.203973, -0.693147], device=device))
    m2 = Multinomial(4, logits=torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, -1.0]], device=device))
    assert m2.batch_shape == (2,) and m2.param_shape == (2, 3)
    counts = torch.tensor([[1.0, 1.0, 2.0], [0.0, 4.0, 0.0]], device=device)
    expected = torch.tensor([-2.145517, -3.034494], device=device)
    assert torch.allclose(m2.log_prob(counts), expected, atol=1e-5)
    assert torch.allclose(
        m2.entropy(), torch.tensor([1.952231, 1.984064], device=device), atol=1e-4
    )
    degenerate = Multinomial(3, torch.tensor([0.0, 1.0, 0.0], device=device))
    assert abs(degenerate.log_prob(torch.tensor([0.0, 3.0, 0.0], device=device)).item()) < 1e-5
    assert abs(degenerate.entropy().item()) < 1e-5


def test_samples_are_counts(device):
    torch.manual_seed(0)
    m = Multinomial(4, logits=torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, -1.0]], device=device))
    one = m.sample()
    many = m.sample((5,))
    assert one.shape == (2, 3) and many.shape == (5, 2, 3) and one.dtype == torch.float32
    assert torch.equal(many.sum(-1), torch.full((5, 2), 4.0, device=device))
    assert bool((many >= 0).all()) and torch.equal(many, many.round())
    sure = Multinomial(probs=torch.tensor([1.0, 0.0], device=device)).sample((3,))
    assert sure.tolist() == [[1.0, 0.0]] * 3
    big = Multinomial(50, torch.tensor([0.2, 0.3, 0.5], device=device)).sample((400,))
    assert torch.allclose(big.mean(0), torch.tensor([10.0, 15.0, 25.0], device=device), atol=1.0)
    assert m.expand((3, 2)).sample().shape == (3, 2, 3)


def test_validation_errors_are_pytorchs():
    m = Multinomial(10, torch.tensor([0.2, 0.3, 0.5]))
    with pytest.raises(NotImplementedError, match="^inhomogeneous total_count is not supported$"):
        Multinomial(2.5, torch.tensor([0.5, 0.5]))
    with pytest.raises(ValueError, match="^Either `probs` or `logits` must be specified, but not"):
        Multinomial(3)
    with pytest.raises(ValueError) as info:
        m.log_prob(torch.tensor([2.0, 3.0, 6.0]))
    assert str(info.value) == (
        "Expected value argument (Tensor of shape (3,)) to be within the support "
        "(Multinomial()) of the distribution Multinomial(), but found invalid values:\n"
        "tensor([2., 3., 6.])"
    )
    with pytest.raises(ValueError, match="to be within the support"):
        m.log_prob(torch.tensor([2.0, -3.0, 5.0]))
    with pytest.raises(ValueError, match="^`probs` parameter must be at least one-dimensional.$"):
        Multinomial(3, torch.tensor(0.5))
    with pytest.raises(ValueError, match="to satisfy the constraint Simplex"):
        Multinomial(3, torch.tensor([-0.5, 1.5]))
    assert m.log_prob(torch.tensor([2.5, 2.5, 5.0])).item() == pytest.approx(-2.584289, abs=1e-5)
    assert bool(constraints.multinomial(3).check(torch.tensor([1.0, 2.0])))


def test_log_prob_gradient_matches_finite_differences():
    value = torch.tensor([2.0, 1.0, 3.0], dtype=torch.float64)

    def f(logits):
        return Multinomial(6, logits=logits).log_prob(value)

    logits = torch.tensor([0.3, -0.2, 0.9], dtype=torch.float64, requires_grad=True)
    assert gradcheck(f, (logits,))
    probs = torch.tensor([0.2, 0.3, 0.5], requires_grad=True)
    Multinomial(10, probs).log_prob(torch.tensor([2.0, 3.0, 5.0])).backward()
    assert torch.allclose(probs.grad, torch.zeros(3), atol=1e-6)  # PyTorch's value too
