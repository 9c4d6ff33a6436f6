"""Lesson 002 (backward and its `gradient` argument on a two-weight network).

Every code example of notebooks/seeds/002_7a830d1ac7db6a81.txt, run with
`import autograd_nb as torch`; printed text compared with what the author shows (PyTorch 2.13
prints the same).
"""

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg

NEEDS_LATER: dict = {}  # every example of this lesson needs only the core


def build_network():
    """The lesson's x2 = w1*x1; y = w2*x2; L = Y - y, printing what the author prints."""
    x1 = torch.from_numpy(2 * np.ones((2, 2), dtype=np.float32))
    x1.requires_grad_(True)
    w1 = torch.from_numpy(5 * np.ones((2, 2), dtype=np.float32))
    w1.requires_grad_(True)
    print("x1 =", x1)
    print("w1 =", w1)
    x2 = x1 * w1
    w2 = torch.from_numpy(6 * np.ones((2, 2), dtype=np.float32))
    w2.requires_grad_(True)
    print("x2 =", x2)
    print("w2 =", w2)
    y = x2 * w2
    Y = torch.from_numpy(10 * np.ones((2, 2), dtype=np.float32))
    print("y =", y)
    print("Y =", Y)
    L = Y - y
    return x1, w1, x2, w2, y, Y, L


def test_002_simple_network(capsys):
    build_network()
    assert (
        capsys.readouterr().out
        == """\
x1 = tensor([[2., 2.],
        [2., 2.]], requires_grad=True)
w1 = tensor([[5., 5.],
        [5., 5.]], requires_grad=True)
x2 = tensor([[10., 10.],
        [10., 10.]], grad_fn=<MulBackward0>)
w2 = tensor([[6., 6.],
        [6., 6.]], requires_grad=True)
y = tensor([[60., 60.],
        [60., 60.]], grad_fn=<MulBackward0>)
Y = tensor([[10., 10.],
        [10., 10.]])
"""
    )


def test_002_leaves_and_grad_fn(capsys):
    x1, w1, x2, w2, y, Y, L = build_network()
    assert [t.is_leaf for t in (x1, w1, w2, Y)] == [True] * 4
    assert [t.is_leaf for t in (x2, y, L)] == [False] * 3
    assert L.grad_fn.name() == "SubBackward0"
    assert not Y.requires_grad and Y.grad_fn is None


def test_002_backward_gradients(capsys):
    x1, w1, x2, w2, y, Y, L = build_network()
    capsys.readouterr()
    L.backward(torch.ones(2, 2, dtype=torch.float))
    print(x1.grad)
    print(w1.grad)
    print(w2.grad)
    assert (
        capsys.readouterr().out
        == """\
tensor([[-30., -30.],
        [-30., -30.]])
tensor([[-12., -12.],
        [-12., -12.]])
tensor([[-10., -10.],
        [-10., -10.]])
"""
    )


def test_002_gradient_argument_at_an_intermediate_node():
    # (2): knowing only dL/dy = -1, start the backward pass at y
    x1, w1, x2, w2, y, Y, L = build_network()
    y.backward(-1 * torch.ones(2, 2, dtype=torch.float))
    assert x1.grad.tolist() == [[-30.0] * 2] * 2
    assert w1.grad.tolist() == [[-12.0] * 2] * 2
    assert w2.grad.tolist() == [[-10.0] * 2] * 2


def test_002_scalar_needs_no_gradient_but_tensor_does():
    # (3): a scalar L takes the default gradient; a 2x2 L needs one
    x1, w1, x2, w2, y, Y, L = build_network()
    with pytest.raises(RuntimeError) as err:
        L.backward()
    assert str(err.value) == msg.IMPLICIT_SCALAR
    L.sum().backward()
    assert x1.grad.tolist() == [[-30.0] * 2] * 2
    x1.grad = None
    with pytest.raises(RuntimeError) as err:
        L.backward(torch.ones(3))
    # PyTorch 2.13's text for a gradient of the wrong shape
    assert str(err.value) == (
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) "
        "and output[0] has a shape of torch.Size([2, 2])."
    )


def test_002_backward_once_per_graph():
    # (1): a second backward through the same graph needs retain_graph
    x1, w1, x2, w2, y, Y, L = build_network()
    L.backward(torch.ones(2, 2))
    with pytest.raises(RuntimeError) as err:
        L.backward(torch.ones(2, 2))
    assert str(err.value) == msg.BACKWARD_TWICE


def test_002_gradients_accumulate_from_a_second_loss(capsys):
    x1, w1, x2, w2, y, Y, L = build_network()
    L.backward(torch.ones(2, 2, dtype=torch.float))
    capsys.readouterr()
    print("x1.grad =", x1.grad)
    L2 = x1 * x1
    L2.backward(torch.ones(2, 2, dtype=torch.float))
    print("x1.grad =", x1.grad)
    # Run once, the cell prints -30 then -26 (PyTorch 2.13 too)...
    assert (
        capsys.readouterr().out
        == """\
x1.grad = tensor([[-30., -30.],
        [-30., -30.]])
x1.grad = tensor([[-26., -26.],
        [-26., -26.]])
"""
    )
    # ...the author's -26 then -22 is the same cell run a second time in the notebook
    print("x1.grad =", x1.grad)
    L2 = x1 * x1
    L2.backward(torch.ones(2, 2, dtype=torch.float))
    print("x1.grad =", x1.grad)
    assert (
        capsys.readouterr().out
        == """\
x1.grad = tensor([[-26., -26.],
        [-26., -26.]])
x1.grad = tensor([[-22., -22.],
        [-22., -22.]])
"""
    )


def test_002_computed_tensor_is_not_a_leaf():
    x1 = 2 * torch.ones(2, 2, requires_grad=True, dtype=torch.float)
    w1 = torch.from_numpy(5 * np.ones((2, 2), dtype=np.float32)).requires_grad_(True)
    assert not x1.is_leaf
    assert repr(x1) == "tensor([[2., 2.],\n        [2., 2.]], grad_fn=<MulBackward0>)"
    L = torch.ones(2, 2) * 10 - 6 * (x1 * w1)
    L.backward(torch.ones(2, 2, dtype=torch.float))
    with pytest.warns(UserWarning) as caught:
        assert x1.grad is None
    assert str(caught[0].message) == msg.NON_LEAF_GRAD_WARNING
    assert w1.grad.tolist() == [[-12.0] * 2] * 2
