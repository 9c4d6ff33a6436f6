"""How an op's result meets its node (ops/_helpers.record): the outputs, what the node saves and
which outputs carry a gradient, checked against PyTorch 2.13 (values recorded from it)."""

from __future__ import annotations

import autograd_nb as torch
from autograd_nb.autograd.functional import jacobian


def _names(tensors) -> list:
    return [(t.requires_grad, type(t.grad_fn).__name__ if t.grad_fn else None) for t in tensors]


def test_a_saved_result_is_a_new_tensor_of_the_same_node():
    # PyTorch 2.13: y.grad_fn._saved_result is not y, but its grad_fn is y's (no cycle).
    y = torch.randn(3, requires_grad=True)
    for out in (
        torch.logcumsumexp(y, 0),
        torch.dist(y, torch.zeros(3)),
        torch.cdist(y.view(3, 1), y.view(3, 1)),
        y.exp(),
    ):
        saved = out.grad_fn._saved_result
        assert saved is not out
        assert saved.grad_fn is out.grad_fn
        assert torch.equal(saved, out)


def test_std_mean_saves_its_std_as_result0():
    a = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    s, m = torch.std_mean(a, dim=0)
    # PyTorch 2.13: StdMeanBackward0 True 0 1, and _saved_result0 equal to s but not s
    assert (type(s.grad_fn).__name__, s.grad_fn is m.grad_fn) == ("StdMeanBackward0", True)
    assert (s.output_nr, m.output_nr) == (0, 1)
    assert s.grad_fn._saved_result0 is not s and torch.equal(s.grad_fn._saved_result0, s)


def test_only_differentiable_outputs_get_the_node():
    a = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
    # PyTorch 2.13: rank and singular_values carry no gradient; inv_ex's info neither
    assert _names(torch.linalg.lstsq(a, b, driver="gelsd")) == [
        (True, "LinalgLstsqBackward0"),
        (True, "LinalgLstsqBackward0"),
        (False, None),
        (False, None),
    ]
    inverse, info = torch.linalg.inv_ex(a[:3])
    assert (inverse.requires_grad, info.requires_grad, info.grad_fn) == (True, False, None)
    lo, hi = torch.aminmax(a, dim=0)
    assert (lo.grad_fn is hi.grad_fn, lo.output_nr, hi.output_nr) == (True, 0, 1)
    assert type(lo.grad_fn).__name__ == "AminmaxBackward0"


def test_pieces_are_outputs_of_one_node():
    a = torch.randn(4, 3, requires_grad=True)
    pieces = a.split(2)
    assert [p.output_nr for p in pieces] == [0, 1]
    assert pieces[0].grad_fn is pieces[1].grad_fn
    assert type(pieces[0].grad_fn).__name__ == "SplitBackward0"
    with torch.no_grad():
        plain = a.split(2)
    assert [(p.output_nr, p.grad_fn) for p in plain] == [(0, None), (1, None)]


def test_jacobian_with_create_graph_stacks_its_rows_as_pytorch():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    j = jacobian(lambda t: t**3, x, create_graph=True)
    # PyTorch 2.13: <ViewBackward0> whose next function is StackBackward0
    assert type(j.grad_fn).__name__ == "ViewBackward0"
    assert [type(f).__name__ for f, _ in j.grad_fn.next_functions] == ["StackBackward0"]
    assert j.tolist() == [[3.0, 0.0], [0.0, 12.0]]
