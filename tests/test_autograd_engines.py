"""The two backward engines: the reference (autograd/engine.py) and the fast pass
(autograd/_fast_engine.py), and the reference-count tricks that only the fast pass uses.

Every autograd test module runs on both engines (tests/conftest.py's BOTH_ENGINES); here are
the checks that tell the engines apart: which one ran, what the fast pass copies or reuses, and
on which interpreters its reference counts are trusted.
"""

from __future__ import annotations

import contextlib
import sys

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd import _fast_engine, backward_kernels, engine, node

BIG = 1 << 14  # from this size on, the fast pass adds a second gradient in place when it may


@pytest.fixture
def copies(monkeypatch):
    """The shapes of the gradients AccumulateGrad copied (instead of keeping them)."""
    shapes = []
    real_copy = node.copy_of
    monkeypatch.setattr(node, "copy_of", lambda t: shapes.append(tuple(t.shape)) or real_copy(t))
    return shapes


def training_step():
    """A small MLP's step on the CPU (the other backends do not tell whether an array owns its
    memory, so they always copy)."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
    x, y = torch.randn(5, 4), torch.tensor([0, 2, 1, 1, 0])
    torch.nn.functional.cross_entropy(model(x), y).backward()
    return list(model.parameters())


def test_the_reference_engine_copies_every_first_gradient(copies):
    with engine.use_reference_only():
        params = training_step()
    assert sorted(copies) == sorted(tuple(p.shape) for p in params)


def test_fresh_gradients_of_a_training_step_are_kept_without_copies(copies):
    # Performance, not values: a copy of each weight's gradient costs a pass over the weight.
    params = training_step()
    assert all(p.grad is not None for p in params)
    if _fast_engine.REFCOUNTS_PROVEN:
        assert copies == []
    else:  # reference counts not trusted here: the plain copy
        assert sorted(copies) == sorted(tuple(p.shape) for p in params)


def test_a_gradient_another_node_still_reads_is_kept_without_a_copy(copies):
    # AddBackward0 hands the same gradient to `b` and to the product: it becomes b.grad once
    # the product's backward has read it, instead of being copied.
    x, w, b = (torch.tensor([0.5, -1.0, 2.0], requires_grad=True) for _ in range(3))
    ((x * w + b).tanh() * x).sum().backward()
    assert copies == ([] if _fast_engine.REFCOUNTS_PROVEN else [(3,)] * 3)
    grads = [t.grad.clone() for t in (x, w)]
    b.grad.add_(100.0)  # b.grad shares storage with nothing else
    assert [t.grad.tolist() for t in (x, w)] == [g.tolist() for g in grads]


def _second_gradient_added_in_place() -> bool:
    """Whether, where d/dx arrives twice, the sum goes into one of the two gradients instead of
    a new array: into the first when nobody else holds it (3w and 3v), else into the second
    (the first is w's own storage, a gradient of ones times w, and the second 3w)."""
    x, w, v = (torch.full((BIG,), value, requires_grad=True) for value in (0.5, -1.0, 2.0))
    first_free = (x * w * 3).sum() + (x * v * 3).sum()
    first_saved = (x * w * 3).sum() + (x * w).sum()  # the product of ones runs first
    new_arrays = []
    real_make_tensor = _fast_engine.make_tensor
    _fast_engine.make_tensor = lambda *args: new_arrays.append(1) or real_make_tensor(*args)
    try:
        first_free.backward()
        sums = [set(x.grad.tolist())]
        x.grad = None
        first_saved.backward()
        sums.append(set(x.grad.tolist()))
    finally:
        _fast_engine.make_tensor = real_make_tensor
    assert sums == [{3.0}, {-4.0}] and set(w.tolist()) == {-1.0}
    return not new_arrays


def test_a_second_gradient_nobody_sees_is_added_in_place():
    assert _second_gradient_added_in_place() == _fast_engine.REFCOUNTS_PROVEN


def _never_aliases_a_users_tensor() -> bool:
    """Whether every gradient the user holds stays the user's: not kept as `.grad`, not
    written into."""
    ok = True
    for size in (3, BIG):
        x = torch.ones(size, requires_grad=True)
        g = torch.full((size,), 0.5)
        (x + 1).backward(g)  # AddBackward0 passes `g` itself on to x
        x.grad.add_(1.0)
        ok &= set(g.tolist()) == {0.5} and not np.shares_memory(x.grad.numpy(), g.numpy())
        x.grad = None
        (x + x).backward(g)  # both gradients of x are `g` itself
        ok &= set(g.tolist()) == {0.5} and set(x.grad.tolist()) == {1.0}
        w = torch.full((size,), 3.0, requires_grad=True)
        x.grad = None
        ((x * w).sum() + (w * x).sum()).backward()  # d/dx arrives twice as w's own storage
        ok &= set(w.tolist()) == {3.0} and set(x.grad.tolist()) == {6.0}
        kept = torch.full((size,), 2.0)
        h = x * 1
        h.register_hook(lambda grad, kept=kept: kept)  # a hook's result that the user also holds
        x.grad = None
        h.sum().backward()
        x.grad.add_(1.0)
        ok &= set(kept.tolist()) == {2.0}
        x.grad = None
        # d/dx arrives as w's own storage, then as a Function's result that the user also holds
        (Returns.apply(x, kept).sum() + (x * w).sum()).backward()
        ok &= set(kept.tolist()) == {2.0} and set(w.tolist()) == {3.0}
        ok &= set(x.grad.tolist()) == {5.0}
    return ok


class Returns(torch.autograd.Function):
    """x * 1, whose backward returns the tensor given to forward (one the caller holds)."""

    @staticmethod
    def forward(ctx, x, grad):
        ctx.grad = grad
        return x * 1

    @staticmethod
    def backward(ctx, grad):
        return ctx.grad, None


def test_gradients_never_alias_a_users_tensor():
    assert _never_aliases_a_users_tensor()


@pytest.mark.parametrize("shape", [(), (3,), (BIG,)])
def test_a_leaf_used_many_times_gets_the_reference_sum_and_no_users_tensor_changes(shape):
    # The fast pass adds a leaf's third and later gradients into the sum it made for the second
    # (nobody else sees that one): the same bits as the reference engine's new sums, in order.
    size = int(np.prod(shape))

    def grads(reference: bool):
        x = torch.linspace(-1.0, 0.9, size).reshape(shape).requires_grad_()
        g = torch.full(shape, 0.5)
        context = engine.use_reference_only() if reference else contextlib.nullcontext()
        with context:
            (x + x + x).backward(g)  # each AddBackward0 passes `g` itself on to x
            first = x.grad.clone()
            x.grad = None
            w = torch.linspace(0.1, 0.7, size).reshape(shape)
            sum((x * w * k).tanh() for k in (0.3, 1.7, 2.9, 0.01)).sum().backward()
            (x * 2 + x * 3 + x * 4).sum().backward()  # added into the `.grad` there
        assert g.shape == shape and set(g.reshape(-1).tolist()) == {0.5}
        assert first.shape == x.grad.shape == shape
        return first, x.grad

    fast, reference = grads(False), grads(True)
    assert set(fast[0].reshape(-1).tolist()) == {1.5}
    assert all(np.array_equal(a.numpy(), b.numpy()) for a, b in zip(fast, reference))


def test_reference_counts_are_trusted_exactly_where_a_test_proves_them(monkeypatch):
    # With the tricks forced on, they must fire (fresh gradients kept, a sum added in place)
    # and never alias a user's tensor; REFCOUNTS_PROVEN is on exactly on such interpreters.
    monkeypatch.setattr(_fast_engine, "REFCOUNTS_PROVEN", True)
    copied = []
    real_copy = node.copy_of
    monkeypatch.setattr(node, "copy_of", lambda t: copied.append(t.shape) or real_copy(t))
    training_step()
    fires = not copied and _second_gradient_added_in_place()
    safe = _never_aliases_a_users_tensor()
    monkeypatch.undo()
    version = ".".join(map(str, sys.version_info[:2]))
    assert _fast_engine.REFCOUNTS_PROVEN == (fires and safe), (version, fires, safe)


def test_backward_kernels_run_in_the_fast_pass_only(monkeypatch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    ran = []

    def kernel(node, grad):  # the formula of MulBackward0 with a Python scalar, on arrays
        ran.append(type(node).__name__)
        return grad * 3.0

    node_type = type((x * 3.0).grad_fn)
    monkeypatch.setitem(backward_kernels._KERNELS, node_type, kernel)
    (x * 3.0).sum().backward()
    assert ran == ["MulBackward0"] and x.grad.tolist() == [3.0, 3.0]
    with engine.use_reference_only():
        (x * 3.0).sum().backward()
    assert ran == ["MulBackward0"] and x.grad.tolist() == [6.0, 6.0]


def test_along_a_chain_the_fast_pass_hands_over_at_a_hooked_node():
    # Along a chain the fast pass runs each next node without its heap: a node hook met there
    # still hands the rest of the pass to the reference engine (which alone runs pre-hooks).
    x = torch.tensor([0.25, -1.0], requires_grad=True)
    b = (x * 2).tanh()
    seen = []
    b.grad_fn.register_prehook(lambda grads: seen.append(grads[0].tolist()))
    (b * 3).sum().backward()
    assert seen == [[3.0, 3.0]]
    expected = [6 * (1 - np.tanh(2 * v) ** 2) for v in (0.25, -1.0)]
    assert np.allclose(x.grad.tolist(), expected, rtol=1e-6)


def test_the_fast_pass_hands_over_to_the_reference_engine_at_a_hook():
    # Nodes above the hook run in the fast pass, the hooked node and what is below it in the
    # reference engine (observed through a node pre-hook, which only the reference runs).
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 2
    seen = []
    h.grad_fn.register_prehook(lambda grads: seen.append(grads[0].tolist()))
    ((h * h).sum() + h.sum()).backward()
    assert seen == [[5.0, 9.0]]  # 2h + 1
    assert x.grad.tolist() == [10.0, 18.0]
