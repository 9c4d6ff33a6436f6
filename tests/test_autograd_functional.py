"""torch.autograd.functional.jacobian / hessian: analytic Jacobians and Hessians, PyTorch's
nesting (a Tensor, or tuples over outputs of tuples over inputs) and error texts. Literal values
and messages were printed by PyTorch 2.13."""

import pytest

import autograd_nb as torch
from autograd_nb.autograd.functional import hessian, jacobian
from autograd_nb.autograd.gradcheck import gradcheck

D = torch.float64


def _t(values, device):
    return torch.tensor(values, dtype=D, device=device)


def test_module_is_where_pytorch_has_it():
    assert torch.autograd.functional.jacobian is jacobian
    assert torch.autograd.functional.hessian is hessian


def test_jacobian_of_one_tensor_is_a_tensor(device):
    x = _t([1.0, 2.0, 3.0], device)
    assert jacobian(lambda t: t**2, x).tolist() == [[2.0, 0, 0], [0, 4.0, 0], [0, 0, 6.0]]
    assert jacobian(lambda t: (t**2).sum(), x).tolist() == [2.0, 4.0, 6.0]  # shape () + (3,)
    a = _t([[1.0, -2.0], [0.5, 3.0]], device)
    v = _t([0.25, -1.0], device)
    assert torch.allclose(jacobian(lambda t: a @ t.sin(), v), a * v.cos())  # A diag(cos v)
    assert jacobian(lambda t: t.exp(), x).shape == (3, 3)
    assert jacobian(lambda t: torch.ones(2, device=device), x).tolist() == [[0.0] * 3] * 2


def test_jacobian_nesting_follows_the_tuples_given(device):
    x = _t([1.0, 2.0, 3.0], device)
    y = _t([[0.5, -1.0], [2.0, 0.25]], device)
    by_input = jacobian(lambda a, b: a.sum() * b, (x, y))  # one output, two inputs
    assert type(by_input) is tuple and len(by_input) == 2
    assert by_input[0].shape == (2, 2, 3) and by_input[1].shape == (2, 2, 2, 2)
    assert by_input[0][1, 0].tolist() == [2.0, 2.0, 2.0] and by_input[1][0, 1, 0, 1].item() == 6
    by_output = jacobian(lambda t: (t.exp(), t.sum()), x)  # two outputs, one input
    assert type(by_output) is tuple and by_output[1].tolist() == [1.0, 1.0, 1.0]
    assert torch.allclose(by_output[0], torch.diag(x.exp()))
    both = jacobian(lambda a, b: (a * 2, b.sum()), (x, y))
    assert [[tuple(j.shape) for j in row] for row in both] == [[(3, 3), (3, 2, 2)], [(3,), (2, 2)]]
    assert both[1][0].tolist() == [0.0, 0.0, 0.0] and both[1][1].tolist() == [[1.0, 1.0]] * 2


def test_jacobian_create_graph_and_gradcheck(device):
    x = _t([1.0, 2.0, 3.0], device)
    plain = jacobian(lambda t: t.sin(), x)
    assert plain.grad_fn is None and not plain.requires_grad
    graph = jacobian(lambda t: t.sin(), x, create_graph=True)
    assert graph.grad_fn.name() == "ViewBackward0"  # PyTorch's grad_fn here too
    w = _t([0.3, -1.2], device).requires_grad_()
    assert gradcheck(lambda t: jacobian(lambda u: u.sin() * u.sum(), t, create_graph=True), (w,))


def test_hessian_of_analytic_functions(device):
    x = _t([1.0, 2.0, 3.0], device)
    assert hessian(lambda t: (t**3).sum(), x).tolist() == [[6.0, 0, 0], [0, 12.0, 0], [0, 0, 18.0]]
    a = _t([[2.0, 1.0], [1.0, 3.0]], device)
    v = _t([0.5, -1.0], device)
    assert torch.allclose(hessian(lambda t: t @ a @ t / 2, v), a)  # the quadratic form's A
    assert hessian(lambda t: (t * 2).sum(), x).tolist() == [[0.0] * 3] * 3  # linear: zeros
    pair = hessian(
        lambda p, q: (p**2).sum() * q.prod(), (x[:2], _t([[0.5, -1.0], [2.0, 0.25]], device))
    )
    # PyTorch 2.13's blocks d2f / dp dp and d2f / dp dq
    assert pair[0][0].tolist() == [[-0.5, 0.0], [0.0, -0.5]]
    assert pair[0][1].tolist() == [[[-1.0, 0.5], [-0.25, -2.0]], [[-2.0, 1.0], [-0.5, -4.0]]]
    assert pair[1][1].shape == (2, 2, 2, 2) and pair[1][1][0, 0, 0, 1].item() == 2.5
    kept = hessian(lambda t: (t**3).sum(), x, create_graph=True)
    assert kept.grad_fn.name() == "ViewBackward0"  # as PyTorch: differentiable further


def test_pytorch_prints_the_same():
    x = torch.tensor([1.0, 2.0, 3.0])
    assert repr(jacobian(lambda t: t.sin(), x, create_graph=True)) == (
        "tensor([[ 0.5403, -0.0000, -0.0000],\n"
        "        [ 0.0000, -0.4161, -0.0000],\n"
        "        [ 0.0000, -0.0000, -0.9900]], grad_fn=<ViewBackward0>)"
    )


X3 = [1.0, 2.0, 3.0]


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda x: jacobian(lambda t: torch.ones(2), x, strict=True),
            RuntimeError,
            "Output 0 of the user-provided function does not require gradients. The outputs must be "
            "computed in a differentiable manner from the input when running in strict mode.",
        ),
        (
            lambda x: jacobian(lambda a, b: a * 2, (x, x), strict=True),
            RuntimeError,
            "Output 0 of the user-provided function is independent of input 1. This is not allowed "
            "in strict mode.",
        ),
        (
            lambda x: jacobian(lambda t: t * 2, x, strict=True, create_graph=True),
            RuntimeError,
            "The jacobian of the user-provided function is independent of input 0. This is not "
            "allowed in strict mode when create_graph=True.",
        ),
        (
            lambda x: jacobian(lambda t: t * 2, [x]),
            TypeError,
            "The inputs given to jacobian must be either a Tensor or a tuple of Tensors but the given "
            "inputs has type <class 'list'>.",
        ),
        (
            lambda x: jacobian(lambda t, u: t * 2, (x, 3)),
            TypeError,
            "The inputs given to jacobian must be either a Tensor or a tuple of Tensors but the value "
            "at index 1 has type <class 'int'>.",
        ),
        (
            lambda x: jacobian(lambda t: 3, x),
            TypeError,
            "The outputs of the user-provided function given to jacobian must be either a Tensor or a "
            "tuple of Tensors but the given outputs of the user-provided function has type "
            "<class 'int'>.",
        ),
        (
            lambda x: jacobian(lambda t: t.sin(), x, vectorize=True, strict=True),
            RuntimeError,
            "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not "
            "supported together. Please either set `strict=False` or `vectorize=False`.",
        ),
        (
            lambda x: hessian(lambda t: (t * 2).sum(), x, strict=True),
            RuntimeError,
            "While computing the hessian, found that the jacobian of the user-provided function with "
            "respect to input 0 is independent of the input. This is not allowed in strict mode. You "
            "should ensure that your function is twice differentiable and that the jacobian depends "
            "on the inputs (this would be violated by a linear function for example).",
        ),
        (
            lambda x: hessian(lambda t: t * 2, x),
            RuntimeError,
            "The Tensor returned by the function given to hessian should contain a single element",
        ),
        (
            lambda x: hessian(lambda t: (t, t), x),
            RuntimeError,
            "The function given to hessian should return a single Tensor",
        ),
        (
            lambda x: hessian(lambda t: t.sum(), [x]),
            TypeError,
            "The inputs given to hessian must be either a Tensor or a tuple of Tensors but the given "
            "inputs has type <class 'list'>.",
        ),
    ],
)
def test_errors_match_pytorch(device, call, error, text):
    with pytest.raises(error) as info:
        call(torch.tensor(X3, device=device))
    assert str(info.value) == text
