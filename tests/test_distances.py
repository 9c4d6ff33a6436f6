"""cdist and pdist: every p >= 0 (0 counts differences, inf takes the largest, p < 1 as PyTorch),
batch dims that broadcast (each input's gradient in its own shape), the refusal of p < 0. Values
recorded from PyTorch 2.13 (tests/data/record_op_fixes.py); gradients by finite differences."""

from __future__ import annotations

import numpy as np
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


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
F = torch.nn.functional


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
