"""Each array-level backward kernel (ops/fast_kernels.py) gives what its node's Tensor formula
gives, on random inputs in float32 and float64."""

import numpy as np
import pytest

import autograd_nb as torch
import autograd_nb.nn.functional as F
from autograd_nb.autograd.backward_kernels import registered_kernels
from autograd_nb.ops import (
    binary,
    fast_kernels,
    linalg,
    log_sum_exp,
    loss,
    reduction,
    shape,
    unary,
)


def _param(rng, *size, dtype, low=-2.0, high=2.0):
    return torch.tensor(rng.uniform(low, high, size), dtype=dtype, requires_grad=True)


def _mul(rng, dtype):
    a, b = _param(rng, 3, 4, dtype=dtype), _param(rng, 3, 4, dtype=dtype)
    yield a * b
    yield a * _param(rng, 4, dtype=dtype)  # broadcasting
    yield a * 2.5  # a number
    yield torch.tensor(rng.uniform(-1, 1, (3, 4)), dtype=dtype) * b  # only b needs a gradient


def _mm(rng, dtype):
    a, b = _param(rng, 5, 3, dtype=dtype), _param(rng, 3, 4, dtype=dtype)
    yield a.mm(b)
    yield a.mm(_param(rng, 4, 3, dtype=dtype).t())  # nn.Linear's transposed weight
    yield a.t().mm(_param(rng, 5, 2, dtype=dtype))


def _addmm(rng, dtype):
    c, a, w = (
        _param(rng, 4, dtype=dtype),
        _param(rng, 5, 3, dtype=dtype),
        _param(rng, 4, 3, dtype=dtype),
    )
    yield torch.addmm(c, a, w.t())
    yield torch.addmm(c, a, w.t(), beta=0.5, alpha=2.0)
    yield F.linear(a, w, c)


def _nll(rng, dtype):
    x = _param(rng, 6, 5, dtype=dtype)
    target = torch.tensor(rng.integers(0, 5, 6))
    weight = torch.tensor(rng.uniform(0.5, 2, 5), dtype=dtype)
    logp = F.log_softmax(x, 1)
    yield F.nll_loss(logp, target)
    yield F.nll_loss(logp, target, reduction="sum")
    yield F.nll_loss(logp, target, weight=weight)
    yield F.nll_loss(logp, target, reduction="none")


def _nll_2d(rng, dtype):
    x = _param(rng, 2, 3, 4, 4, dtype=dtype)
    target = torch.tensor(rng.integers(0, 3, (2, 4, 4)))
    yield F.nll_loss(F.log_softmax(x, 1), target)


# node class -> graphs whose output's grad_fn is one of it
GRAPHS = {
    binary.MulBackward0: _mul,
    unary.NegBackward0: lambda rng, dtype: [-_param(rng, 3, 4, dtype=dtype)],
    unary.ReluBackward0: lambda rng, dtype: [
        _param(rng, 4, 5, dtype=dtype).relu(),
        torch.tensor([-1.0, -0.0, 0.0, 2.0, float("nan")], dtype=dtype, requires_grad=True).relu(),
    ],
    unary.TanhBackward0: lambda rng, dtype: [_param(rng, 4, 5, dtype=dtype).tanh()],
    linalg.MmBackward0: _mm,
    linalg.AddmmBackward0: _addmm,
    shape.TBackward0: lambda rng, dtype: [_param(rng, 3, 4, dtype=dtype).t()],
    reduction.MeanBackward0: lambda rng, dtype: [_param(rng, 3, 4, dtype=dtype).mean()],
    log_sum_exp.LogSoftmaxBackward0: lambda rng, dtype: [
        F.log_softmax(_param(rng, 3, 4, dtype=dtype), 1),
        F.log_softmax(_param(rng, 3, 4, dtype=dtype), 0),
    ],
    loss.NllLossBackward0: _nll,
    loss.NllLoss2DBackward0: _nll_2d,
}


def test_every_kernel_has_graphs_to_check_it():
    kernels = registered_kernels()
    assert set(GRAPHS) == set(kernels)
    assert all(k.__module__ == fast_kernels.__name__ for k in kernels.values())


def _as_tuple(result):
    return result if isinstance(result, tuple) else (result,)


@pytest.mark.parametrize("node_type", list(GRAPHS), ids=lambda c: c.__name__)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("seed", [0, 1])
def test_kernel_matches_the_tensor_formula(node_type, dtype, seed):
    rng = np.random.default_rng(seed)
    kernel = registered_kernels()[node_type]
    for out in GRAPHS[node_type](rng, dtype):
        node = out.grad_fn
        assert type(node) is node_type
        grad = torch.tensor(rng.uniform(-1, 1, tuple(out.shape)), dtype=out.dtype)
        for g in (grad, torch.ones_like(grad)):  # sum() sends ones: the kernels' shortcut
            with torch.no_grad():
                expected = _as_tuple(node.backward(g))
                got = _as_tuple(kernel(node, g))
            assert len(got) == len(expected)
            for e, k in zip(expected, got):
                assert (e is None) == (k is None)
                if e is None:
                    continue
                assert k.dtype == e.dtype and tuple(k.shape) == tuple(e.shape)
                rtol = 1e-5 if dtype is torch.float32 else 1e-12
                np.testing.assert_allclose(k.numpy(), e.numpy(), rtol=rtol, atol=rtol)
                assert k.is_contiguous() == e.is_contiguous()  # the same layout
