"""All or nothing under interrupts: a KeyboardInterrupt injected at every point where CPython
may deliver a signal inside autograd_nb (tests/_interrupts.py) leaves backward (both engines),
every optimizer's step, clip_grad_norm_, load_state_dict, BatchNorm's running statistics,
a model's .to()/.double()/.train()/.eval(), and the grad modes either untouched or complete.
PyTorch keeps what it did until the interrupt; these states are what we promise instead."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.autograd import engine
from tests._interrupts import interrupted, partial_points


def _array(t):
    return None if t is None else np.array(t.detach().numpy(), copy=True)


def _graph_nodes(root) -> list:
    seen, stack = [], [root]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.append(node)
            stack.extend(next_node for next_node, _ in node.next_functions)
    return seen


# --- backward -------------------------------------------------------------------------------


def _mlp_loss(with_grads: bool, hook: bool):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    if with_grads:  # half the leaves add into a .grad they have, half get a new one
        for p in list(model.parameters())[::2]:
            p.grad = torch.ones_like(p)
    if hook:  # the fast pass hands over to the reference engine at a hooked leaf
        model[0].bias.register_hook(lambda g: g * 2)
    x = torch.randn(5, 3)
    loss = model(x).pow(2).sum()
    return list(model.parameters()), loss, _graph_nodes(loss.grad_fn)


def _grads_and_freed(state):
    params, _, nodes = state
    return [_array(p.grad) for p in params], [node._saved is None for node in nodes]


@pytest.mark.parametrize("kind", ["fast", "reference"])
@pytest.mark.parametrize("with_grads", [False, True])
@pytest.mark.parametrize("hook", [False, True])
def test_backward_is_all_or_nothing_under_interrupts(kind, with_grads, hook):
    mode = engine.use_reference_only if kind == "reference" else contextlib.nullcontext

    def backward(state):
        with mode():
            state[1].backward()

    n, partial = partial_points(lambda: _mlp_loss(with_grads, hook), backward, _grads_and_freed)
    assert n > 20
    assert partial == []


def test_an_interrupted_backward_runs_again_and_adds_once():
    """The symptom in the issue: a second backward after an interrupted one added twice."""
    complete = _mlp_loss(True, False)
    complete[1].backward()
    expected = [_array(p.grad) for p in complete[0]]
    for at in (5, 30, 60):
        params, loss, _ = _mlp_loss(True, False)
        if interrupted(loss.backward, at):
            loss.backward()
        for p, want in zip(params, expected):
            np.testing.assert_array_equal(_array(p.grad), want)
