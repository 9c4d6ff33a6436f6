"""gradcheck / gradgradcheck: they pass correct backwards and catch wrong ones.

Wrong ops are written the way library ops are: a Node subclass whose backward is deliberately
off. Error texts come from PyTorch 2.13's torch.autograd.gradcheck.
"""

from __future__ import annotations

import itertools
import warnings

import pytest

import autograd_nb as torch
from autograd_nb._tensor import make_tensor
from autograd_nb.autograd.gradcheck import GradcheckError, gradcheck, gradgradcheck
from autograd_nb.autograd.node import Node, new_node


def _square_op(node_cls):
    """x * x computed on the arrays, with `node_cls` as its backward."""

    def op(x):
        node = new_node(node_cls, (x,))
        out = make_tensor(x._data * x._data, x._backend, node is not None, node)
        if node is not None:
            node.save(x)
        return out

    return op


class SquareBackward(Node):
    def backward(self, grad):
        return grad * 2 * self._unpack(0)


class HalfSquareBackward(Node):
    """Forgets the factor 2: the Jacobian is half the true one."""

    def backward(self, grad):
        return grad * self._unpack(0)


class DetachedSquareBackward(Node):
    """Right first derivative, but cut from the graph: second derivatives come out zero."""

    def backward(self, grad):
        return grad * 2 * self._unpack(0).detach()


_counter = itertools.count()


class NoisySquareBackward(Node):
    """Right up to 1e-9, but different on every call (not reentrant)."""

    def backward(self, grad):
        return grad * (2 * self._unpack(0) + next(_counter) * 1e-9)


class IgnoresGradBackward(Node):
    """Returns d(sum)/dx without multiplying by the incoming gradient."""

    def backward(self, grad):
        return torch.ones_like(self._unpack(0))


def _sum_ignoring_grad(x):
    node = new_node(IgnoresGradBackward, (x,))
    out = make_tensor(x._backend.xp.sum(x._data), x._backend, node is not None, node)
    if node is not None:
        node.save(x)
    return out


square = _square_op(SquareBackward)
half_square = _square_op(HalfSquareBackward)
detached_square = _square_op(DetachedSquareBackward)
noisy_square = _square_op(NoisySquareBackward)


def _x(device, values=(1.0, 2.0)):
    return torch.tensor(list(values), dtype=torch.float64, device=device, requires_grad=True)


def test_correct_backward_passes(device):
    x = _x(device, (1.0, -2.0, 0.5))
    assert gradcheck(square, (x,)) is True
    assert gradcheck(square, (x,), fast_mode=True) is True
    assert gradcheck(lambda a, b: (a * b, a + b), (x, _x(device, (3.0, 4.0, 5.0)))) is True


def test_wrong_backward_raises_with_pytorch_message(device):
    x = _x(device)
    with pytest.raises(GradcheckError) as info:
        gradcheck(half_square, (x,))
    text = str(info.value)
    assert isinstance(info.value, RuntimeError)
    # Structure of PyTorch 2.13's message; the Jacobians are (input numel) x (output numel).
    assert text.startswith("Jacobian mismatch for output 0 with respect to input 0,\nnumerical:")
    analytical = torch.tensor([[1.0, 0.0], [0.0, 2.0]], dtype=torch.float64, device=device)
    assert text.endswith(f"\nanalytical:{analytical!r}\n")
    shown = text.split("numerical:")[1].split("\nanalytical:")[0]
    assert shown.startswith("tensor(")
    assert "4.0" in shown and "1." not in shown


def test_wrong_backward_returns_false_without_raise(device):
    assert gradcheck(half_square, (_x(device),), raise_exception=False) is False
    assert gradcheck(half_square, (_x(device),), fast_mode=True, raise_exception=False) is False


def test_fast_mode_reports_v_j_u_and_slow_jacobians(device):
    with pytest.raises(GradcheckError) as info:
        gradcheck(half_square, (_x(device),), fast_mode=True)
    text = str(info.value)
    head, rest = text.split("\n\nThe above quantities", 1)
    lines = head.split("\n")
    assert lines[0] == "Jacobian mismatch for output 0 with respect to input 0,"
    numerical = float(lines[1][len("numerical:") :])
    analytical = float(lines[2][len("analytical:") :])
    assert numerical == pytest.approx(2 * analytical, rel=1e-6)  # the backward lost a factor 2
    assert "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876" in rest
    assert "The max per-element difference (slow mode) is: 2.0" in rest


def test_zero_dim_input(device):
    x = torch.tensor(3.0, dtype=torch.float64, device=device, requires_grad=True)
    assert gradcheck(square, (x,))
    with pytest.raises(GradcheckError, match="numerical:.*6.0.*\nanalytical:.*3."):
        gradcheck(half_square, (x,))


def test_gradgradcheck_catches_wrong_double_backward(device):
    x = _x(device, (0.5, -1.5, 2.0))
    assert gradcheck(detached_square, (x,))  # first order is right
    assert gradgradcheck(square, (x,)) is True
    assert gradgradcheck(square, (x,), fast_mode=True) is True
    assert gradgradcheck(detached_square, (x,), raise_exception=False) is False
    with pytest.raises(GradcheckError, match="^Jacobian mismatch for output 0 with respect"):
        gradgradcheck(detached_square, (x,))


def test_gradgradcheck_with_given_grad_outputs(device):
    x = _x(device, (0.5, -1.5))
    g = torch.tensor([1.0, -2.0], dtype=torch.float64, device=device, requires_grad=True)
    assert gradgradcheck(lambda a: a * a * a, (x,), (g,))


def test_nondeterministic_backward():
    x = _x("cpu")
    with pytest.raises(GradcheckError, match="^Backward is not reentrant, i.e., running"):
        gradcheck(noisy_square, (x,))
    assert gradcheck(noisy_square, (x,), nondet_tol=1e-6)


def test_backward_not_multiplied_by_grad_output():
    with pytest.raises(GradcheckError, match="^backward not multiplied by grad_output$"):
        gradcheck(_sum_ignoring_grad, (_x("cpu"),))


def test_non_differentiable_outputs():
    x = _x("cpu")
    assert gradcheck(lambda a: (a > 0).double(), (x,))
    with pytest.raises(
        GradcheckError, match="^Numerical gradient for function expected to be zero$"
    ):
        gradcheck(lambda a: a.detach() * 2, (x,))


def test_input_errors():
    # Texts from PyTorch 2.13.
    with pytest.raises(ValueError) as info:
        gradcheck(lambda a: a * 2, (torch.ones(2, dtype=torch.float64),))
    assert str(info.value) == (
        "gradcheck expects at least one input tensor to require gradient, "
        "but none of them have requires_grad=True."
    )
    leaf = torch.ones(1, dtype=torch.float64, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        gradcheck(lambda a: a * 2, (leaf.expand(3),))
    assert str(info.value) == (
        "The 0th input has a dimension with stride 0. gradcheck only supports inputs that are "
        "non-overlapping to be able to compute the numerical gradients correctly. You should "
        "call .contiguous on the input before passing it to gradcheck."
    )


def test_float32_input_warns_like_pytorch():
    x = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gradcheck(lambda a: a * 2, (x,), atol=1e-1, rtol=1e-1)
    assert [str(w.message) for w in caught] == [
        "Input #0 requires gradient and is not a double precision floating point or complex. "
        "This check will likely fail if all the inputs are not of double precision floating "
        "point or complex. "
    ]


def test_inputs_are_not_modified(device):
    x = _x(device, (1.0, 2.0))
    gradcheck(square, (x,))
    assert x.tolist() == [1.0, 2.0]
    assert x._version == 0


def test_exported_from_autograd():
    assert torch.autograd.gradcheck is gradcheck
    assert torch.autograd.gradgradcheck is gradgradcheck
