"""torch.autograd.functional.vjp / jvp / vhp / hvp: values against PyTorch 2.13 (recorded) and
against central differences in float64, PyTorch's return structure and error texts."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.autograd.functional import hvp, jacobian, jvp, vhp, vjp

D = torch.float64


def _t(values, device="cpu"):
    return torch.tensor(values, dtype=D, device=device)


def exp_reducer(x):
    return x.exp().sum(dim=1)


def adder(x, y):
    return 2 * x + 3 * y


def pow_reducer(x):
    return x.pow(3).sum()


def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()


def two_out(x, y):
    return x * y, (x**2).sum()


X = [[0.1, 0.2], [0.3, 0.4]]
Y = [1.0, -2.0]


def _close(a, b):
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_close(p, q) for p, q in zip(a, b))
    return torch.allclose(a, b, atol=1e-6)


def test_vjp_values_recorded_from_pytorch(device):
    x, y = _t(X, device), _t(Y, device)
    out, res = vjp(exp_reducer, x, torch.ones(2, dtype=D, device=device))
    assert _close(out, _t([2.326574, 2.841684], device))
    assert _close(res, _t([[1.105171, 1.221403], [1.349859, 1.491825]], device))
    out, res = vjp(adder, (y, y), torch.ones(2, dtype=D, device=device))
    assert _close(out, _t([5.0, -10.0], device))
    assert _close(res, (_t([2.0, 2.0], device), _t([3.0, 3.0], device)))
    v = (torch.ones(2, 2, dtype=D, device=device), _t(2.0, device))
    out, res = vjp(two_out, (x, y), v)
    assert _close(out, (_t([[0.1, -0.4], [0.3, -0.8]], device), _t(0.3, device)))
    assert _close(res, (_t([[1.4, -1.2], [2.2, -0.4]], device), _t([0.4, 0.6], device)))


def test_jvp_values_recorded_from_pytorch(device):
    x, y = _t(X, device), _t(Y, device)
    out, res = jvp(exp_reducer, x, torch.ones(2, 2, dtype=D, device=device))
    assert _close(res, _t([2.326574, 2.841684], device))
    out, res = jvp(adder, (y, y), (_t([1.0, 1.0], device), _t([1.0, 1.0], device)))
    assert _close(res, _t([5.0, 5.0], device))
    v = (torch.ones(2, 2, dtype=D, device=device), torch.ones(2, dtype=D, device=device))
    out, res = jvp(two_out, (x, y), v, create_graph=True)
    assert _close(res, (_t([[1.1, -1.8], [1.3, -1.6]], device), _t(2.0, device)))
    assert [r.grad_fn.name() for r in out] == ["MulBackward0", "SumBackward0"]
    assert res[0].grad_fn.name() == "AddBackward0"


def test_vhp_and_hvp_values_recorded_from_pytorch(device):
    x, y = _t(X, device), _t(Y, device)
    for product in (vhp, hvp):
        out, res = product(pow_reducer, x, torch.ones(2, 2, dtype=D, device=device))
        assert _close(out, _t(0.1, device))
        assert _close(res, _t([[0.6, 1.2], [1.8, 2.4]], device))
        v = (torch.zeros(2, dtype=D, device=device), torch.ones(2, dtype=D, device=device))
        out, res = product(pow_adder_reducer, (y, y), v)
        assert _close(out, _t(25.0, device))
        assert _close(res, (_t([0.0, 0.0], device), _t([6.0, 6.0], device)))


def _numeric_jacobian(f, x, eps=1e-6):
    """d f(x) / d x by central differences, shaped (f.numel(), x.numel())."""
    flat = x.detach().reshape(-1)
    cols = []
    for i in range(flat.numel()):
        step = torch.zeros_like(flat)
        step[i] = eps
        hi = f((flat + step).reshape(x.shape)).reshape(-1)
        lo = f((flat - step).reshape(x.shape)).reshape(-1)
        cols.append((hi - lo) / (2 * eps))
    return torch.stack(cols, 1)


def test_products_match_finite_differences():
    torch.manual_seed(0)
    x = torch.rand(3, dtype=D) + 0.5
    u, w = torch.randn(3, dtype=D), torch.randn(3, dtype=D)

    def f(t):
        return torch.stack([t.sin().sum() * t[0], (t**2).prod(), t.exp()[1] / t[2]])

    def scalar(t):
        return (t.sin() * t.exp()).sum() + t.prod()

    jac = _numeric_jacobian(f, x)
    assert torch.allclose(vjp(f, x, u)[1], u @ jac, atol=1e-6)
    assert torch.allclose(jvp(f, x, w)[1], jac @ w, atol=1e-6)

    def gradient(t):
        return jacobian(scalar, t)

    hess = _numeric_jacobian(gradient, x)
    assert torch.allclose(hvp(scalar, x, w)[1], hess @ w, atol=1e-6)
    assert torch.allclose(vhp(scalar, x, w)[1], w @ hess, atol=1e-6)


def test_create_graph_results_are_differentiable():
    x = _t(X).requires_grad_()
    out, res = vjp(exp_reducer, x, torch.ones(2, dtype=D), create_graph=True)
    assert out.grad_fn.name() == "SumBackward1" and res.grad_fn.name() == "MulBackward0"
    (second,) = torch.autograd.grad(res.sum(), x)
    assert torch.allclose(second, x.exp())
    out, res = hvp(pow_reducer, x, torch.ones(2, 2, dtype=D), create_graph=True, strict=True)
    assert res.requires_grad and out.grad_fn.name() == "SumBackward0"
    plain = vjp(exp_reducer, x, torch.ones(2, dtype=D))
    assert not plain[0].requires_grad and not plain[1].requires_grad


def test_one_element_functions_need_no_v():
    out, res = vjp(lambda a: a.sum() * 2, torch.tensor(3.0))
    assert (out.item(), res.item()) == (6.0, 2.0)
    out, res = jvp(lambda a: a * 2, torch.tensor([3.0]))
    assert (out.tolist(), res.tolist()) == ([6.0], [2.0])


X2 = torch.tensor(X)
ERRORS = [  # PyTorch 2.13's texts for the same calls
    (
        lambda: vjp(exp_reducer, X2),
        RuntimeError,
        "The vector v can only be None if the user-provided function returns a single Tensor "
        "with a single element.",
    ),
    (
        lambda: vjp(exp_reducer, X2, torch.ones(3)),
        RuntimeError,
        "v has invalid size: should be torch.Size([2]) but got torch.Size([3]).",
    ),
    (
        lambda: vjp(two_out, (X2, torch.ones(2)), (torch.ones(2, 2),)),
        RuntimeError,
        "v is a tuple of invalid length: should be 2 but got 1.",
    ),
    (
        lambda: jvp(exp_reducer, X2, (torch.ones(2, 2), torch.ones(2))),
        RuntimeError,
        "The given v should contain a single Tensor.",
    ),
    (
        lambda: jvp(adder, (torch.ones(2), torch.ones(2)), (torch.ones(2), torch.ones(3))),
        RuntimeError,
        "Entry 1 in v has invalid size: should be torch.Size([2]) but got torch.Size([3]).",
    ),
    (
        lambda: vhp(exp_reducer, X2, torch.ones(2, 2)),
        RuntimeError,
        "The Tensor returned by the function given to vhp should contain a single element",
    ),
    (
        lambda: hvp(two_out, (X2, torch.ones(2)), (torch.ones(2, 2), torch.ones(2))),
        RuntimeError,
        "The function given to hvp should return a single Tensor",
    ),
    (
        lambda: vjp(lambda a: a.detach(), X2, torch.ones(2, 2), False, True),
        RuntimeError,
        "Output 0 of the user-provided function does not require gradients. The outputs must be "
        "computed in a differentiable manner from the input when running in strict mode.",
    ),
    (
        lambda: vjp(lambda a, b: a * 2, (X2, X2), torch.ones(2, 2), False, True),
        RuntimeError,
        "The output of the user-provided function is independent of input 1. This is not "
        "allowed in strict mode.",
    ),
    (
        lambda: vjp(lambda a: [a], X2),
        TypeError,
        "The outputs of the user-provided function given to vjp must be either a Tensor or a "
        "tuple of Tensors but the given outputs of the user-provided function has type "
        "<class 'list'>.",
    ),
    (
        lambda: vjp(exp_reducer, [X2]),
        TypeError,
        "The inputs given to vjp must be either a Tensor or a tuple of Tensors but the given "
        "inputs has type <class 'list'>.",
    ),
    (
        lambda: hvp(lambda a: (a * 2).sum(), X2, torch.ones(2, 2), False, True),
        RuntimeError,
        "While computing the hessian, found that the jacobian of the user-provided function "
        "with respect to input 0 is independent of the input. This is not allowed in strict "
        "mode. You should ensure that your function is twice differentiable and that the "
        "jacobian depends on the inputs (this would be violated by a linear function for "
        "example).",
    ),
]


@pytest.mark.parametrize("call,error,text", ERRORS)
def test_errors_are_pytorchs(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


def test_strict_jvp_of_a_linear_function_returns_the_product():
    """PyTorch 2.13 accepts it: the gradient w.r.t. the inputs depends on grad_outputs."""
    res = jvp(lambda a: a * 2, X2, torch.ones(2, 2), False, True)[1]
    assert torch.equal(res, torch.full((2, 2), 2.0))
