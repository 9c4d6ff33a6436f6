"""`out=` on the torch.* functions, as PyTorch 2.13 behaves (texts are its outputs)."""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch


def test_out_receives_the_result_and_is_returned(device):
    t = torch.ones(2, 2, device=device)
    y3 = torch.empty(2, 2, device=device)
    result = torch.matmul(t, t.T, out=y3)  # the PyTorch Tensors tutorial's example
    assert result is y3 and y3.tolist() == [[2.0, 2.0], [2.0, 2.0]]
    z3 = torch.zeros(2, 2, device=device)
    version = z3._version
    assert torch.mul(t, t, out=z3) is z3 and z3.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert z3._version == version + 1  # written in place, like any in-place op
    cat = torch.empty(4, device=device)
    torch.cat([torch.ones(2, device=device), torch.zeros(2, device=device)], out=cat)
    assert cat.tolist() == [1.0, 1.0, 0.0, 0.0]
    total = torch.empty(0, device=device)  # an empty out is resized without a warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        torch.sum(torch.ones(2, 3, device=device), 0, out=total)
    assert total.tolist() == [2.0, 2.0, 2.0]


def test_out_casts_as_pytorch_allows():
    into_float = torch.empty(2)
    torch.add(torch.ones(2, dtype=torch.int64), 1, out=into_float)
    assert into_float.dtype is torch.float32 and into_float.tolist() == [2.0, 2.0]
    mask = torch.empty(2)
    torch.gt(torch.tensor([1.0, -1.0]), 0, out=mask)
    assert mask.tolist() == [1.0, 0.0]
    with pytest.raises(RuntimeError) as err:
        torch.add(torch.ones(2), 1, out=torch.empty(2, dtype=torch.int64))
    assert str(err.value) == "result type Float can't be cast to the desired output type Long"


def test_out_of_another_shape_is_resized_with_pytorchs_warning():
    out = torch.empty(3)
    with pytest.warns(UserWarning) as warned:
        torch.add(torch.ones(2, 2), 1, out=out)
    assert str(warned[0].message).startswith(
        "An output with one or more elements was resized since it had shape [3], which does "
        "not match the required output shape [2, 2]. This behavior is deprecated"
    )
    assert out.shape == (2, 2) and out.tolist() == [[2.0, 2.0], [2.0, 2.0]]


def test_out_refuses_autograd_and_bad_arguments():
    x = torch.ones(2, requires_grad=True)
    out = torch.zeros(2)
    with pytest.raises(RuntimeError) as err:
        torch.add(x, 1, out=out)
    assert str(err.value) == (
        "add(): functions with out=... arguments don't support automatic "
        "differentiation, but one of the arguments requires grad."
    )
    assert out.tolist() == [0.0, 0.0]  # nothing written
    with pytest.raises(RuntimeError, match="functions with out=... arguments"):
        torch.add(torch.ones(2), 1, out=torch.zeros(2, requires_grad=True))
    with torch.no_grad():
        torch.mul(x, 3, out=out)  # allowed when no graph is recorded
    assert out.tolist() == [3.0, 3.0] and not out.requires_grad
    with pytest.raises(TypeError) as err:
        torch.add(torch.ones(2), 1, out=[1])
    assert str(err.value) == "add(): argument 'out' must be Tensor, not list"
    with pytest.raises(RuntimeError) as err:
        torch.add(torch.ones(2, device="cuda"), 1, out=torch.zeros(2))
    assert str(err.value) == "Expected out tensor to have device cuda:0, but got cpu instead"
