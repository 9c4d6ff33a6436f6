"""`sparse=True` with no sparse tensors: the gradient is dense, with the values of PyTorch's
sparse gradient (recorded from PyTorch 2.13 as `.grad.to_dense()`), and a UserWarning says so
(README: "Where autograd_nb deliberately differs from PyTorch")."""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch

SPARSE_WARNING = "autograd_nb has no sparse tensors: embedding\\(sparse=True\\)"


def test_embedding_sparse_gives_pytorchs_values_densely_and_says_so():
    torch.manual_seed(0)
    e = torch.nn.Embedding(5, 2, sparse=True)
    opt = torch.optim.SGD(e.parameters(), lr=0.5)
    with pytest.warns(UserWarning, match=SPARSE_WARNING):
        for _ in range(2):
            e(torch.tensor([[1, 1], [2, 0]])).pow(2).sum().backward()
    assert not e.weight.grad.is_sparse
    expected_grad = [
        [6.163984298706055, -1.173715591430664],
        [-17.430315017700195, 4.547450065612793],
        [-4.338089466094971, -5.594381809234619],
        [0.0, 0.0],
        [0.0, 0.0],
    ]
    assert e.weight.grad.reshape(-1).tolist() == pytest.approx(sum(expected_grad, []), rel=1e-6)
    opt.step()
    expected = [
        [-1.5409960746765137, 0.293428897857666],
        [6.536368370056152, -1.7052937746047974],
        [1.0845223665237427, 1.3985954523086548],
        [0.40334683656692505, 0.8380263447761536],
        [-0.7192575931549072, -0.40334352850914],
    ]
    assert e.weight.reshape(-1).tolist() == pytest.approx(sum(expected, []), rel=1e-6)


def test_functional_embedding_sparse_warns_and_no_grad_does_not():
    w = torch.arange(6.0).reshape(3, 2).requires_grad_()
    with pytest.warns(UserWarning, match=SPARSE_WARNING):
        out = torch.nn.functional.embedding(torch.tensor([2, 2]), w, sparse=True)
    out.sum().backward()
    assert w.grad.tolist() == [[0.0, 0.0], [0.0, 0.0], [2.0, 2.0]]
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("error")  # no gradient, nothing to warn about
        torch.nn.functional.embedding(torch.tensor([1]), w, sparse=True)


def test_tensors_are_dense():
    assert torch.ones(2).is_sparse is False  # PyTorch 2.13: False for a strided tensor
