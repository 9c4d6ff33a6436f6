"""clamp, clamp_min, clamp_max (and clip, in-place) with tensor bounds: which of input, min and
max a gradient goes to (crossed bounds give max the gradient, as PyTorch), and bounds that
broadcast the input, whose gradients come back in their own shapes. Values recorded from
PyTorch 2.13 (tests/data/record_op_fixes.py); gradients by finite differences in float64."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck
from tests import _op_fixes as op_fixes

D = torch.float64


@pytest.mark.parametrize("case", op_fixes.cases("comparison"))
def test_clamp_matches_pytorch(case):
    op_fixes.check_case(case)


def test_clamp_with_broadcast_tensor_bounds_gradchecks():
    x = torch.tensor([[0.1, 4.2, 2.3], [-1.4, 2.6, 7.7]], dtype=D, requires_grad=True)
    low = torch.tensor([[1.05], [0.55]], dtype=D, requires_grad=True)
    high = torch.tensor([3.5, 0.2, 6.1], dtype=D, requires_grad=True)  # crossed in column 1
    assert gradcheck(lambda a, b, c: torch.clamp(a, b, c), (x, low, high))
    assert gradcheck(lambda a, b, c: a.clip(min=b, max=c), (x, low, high))
    assert gradcheck(lambda a, b: torch.clamp_min(a, b), (x, low))
    assert gradcheck(lambda a, c: torch.clamp_max(a, c), (x, high))
    assert gradcheck(lambda a, b, c: a.clone().clamp_(b, c), (x, low, high))


def test_clamp_bound_gradient_has_the_bound_shape():
    x = torch.zeros(5, 10, 5, dtype=D, requires_grad=True)
    low = torch.ones(5, 1, 5, dtype=D, requires_grad=True)
    high = torch.full((10, 5), 2.0, dtype=D, requires_grad=True)
    torch.clamp(x, min=low, max=high).sum().backward()
    assert low.grad.shape == (5, 1, 5) and high.grad.shape == (10, 5)
    assert low.grad.eq(10).all() and high.grad.eq(0).all()


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
def test_clamp_node_names():
    x = torch.randn(3, requires_grad=True)
    y = torch.randn(3, requires_grad=True)
    assert x.clamp_max(0).grad_fn.name() == "ClampMaxBackward0"
    assert x.clamp_min(0).grad_fn.name() == "ClampMinBackward0"
    assert x.clamp_max(y).grad_fn.name() == "ClampMaxBackward1"
    assert x.clamp_min(y).grad_fn.name() == "ClampMinBackward1"
