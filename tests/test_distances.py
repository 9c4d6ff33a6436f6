"""cdist and pdist: every p >= 0 (0 counts differences, inf takes the largest, p < 1 as PyTorch),
batch dims that broadcast (each input's gradient in its own shape), the refusal of p < 0. Values
recorded from PyTorch 2.13 (tests/data/record_op_fixes.py); gradients by finite differences."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck
from tests import _op_fixes as op_fixes

D = torch.float64


@pytest.mark.parametrize("case", op_fixes.cases("distances"))
def test_distances_match_pytorch(case):
    op_fixes.check_case(case)


@pytest.mark.parametrize("p", [0.5, 1.0, 1.5, 2.0, 3.0, float("inf")])
def test_cdist_with_broadcast_batch_dims_gradchecks(p):
    x1 = torch.tensor(
        [[[[0.1, 1.2], [2.3, -1.4], [1.1, 0.9]]], [[[3.2, 0.3], [0.5, 0.45], [-1.0, 2.1]]]],
        dtype=D,
        requires_grad=True,
    )  # (2, 1, 3, 2): no ties, no zero differences
    x2 = torch.tensor(
        [[[1.3, 0.2], [0.15, 2.05]], [[-1.1, -0.7], [2.2, 2.6]], [[0.4, 0.8], [1.7, 3.3]]],
        dtype=D,
        requires_grad=True,
    )  # (3, 2, 2)
    assert gradcheck(lambda a, b: torch.cdist(a, b, p), (x1, x2))


@pytest.mark.parametrize("p", [0.5, 1.0, 2.0, 3.0, float("inf")])
def test_pdist_gradchecks(p):
    x = torch.tensor(
        [[0.1, 1.2, 2.3], [1.05, 0.95, 1.4], [0.3, 1.7, 3.35]], dtype=D, requires_grad=True
    )
    assert gradcheck(lambda t: torch.pdist(t, p), (x,))
