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
from autograd_nb.autograd import engine, grad_mode
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


def _backward_case(with_grads: bool, hook: bool):
    """(The engine is chosen around the whole run, by the test: see `_engine_for`.)"""

    def backward(state):
        state[1].backward()

    return lambda: _mlp_loss(with_grads, hook), backward, _grads_and_freed, None


def _engine_for(case: str):
    """The reference cases run inside `use_reference_only()`, entered outside the interrupted
    operation: an interrupt inside that test switch itself (a generator's resumption, a point on
    3.12+) would leave it on for the tests that follow."""
    return engine.use_reference_only() if "-reference" in case else contextlib.nullcontext()


# --- optimizers ---------------------------------------------------------------------------


def _tensors(value):
    """An optimizer state's values as arrays and numbers (tensors with their version)."""
    if isinstance(value, torch.Tensor):
        return _array(value), value._version
    if isinstance(value, dict):
        return {k: _tensors(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tensors(v) for v in value]
    return value


def _model_state(state):
    model, optimizer = state[0], state[1]
    params = [(_array(p), p._version, _array(p.grad)) for p in model.parameters()]
    buffers = [(_array(b), b._version) for b in model.buffers()]
    saved = None if optimizer is None else _tensors(list(optimizer.state.values()))
    training = [m.training for m in model.modules()]
    return params, buffers, saved, training, _modes(None)


def _set_grads(model, seed: int) -> None:
    torch.manual_seed(seed)
    for p in model.parameters():
        p.grad = torch.randn_like(p)


OPTIMIZERS = {
    "SGD": lambda ps: torch.optim.SGD(ps, lr=0.1),
    "SGD-momentum": lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.1),
    "SGD-nesterov": lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, nesterov=True),
    "Adam": lambda ps: torch.optim.Adam(ps, lr=0.1, amsgrad=True),
    "AdamW": lambda ps: torch.optim.AdamW(ps, lr=0.1),
    "Adamax": lambda ps: torch.optim.Adamax(ps, lr=0.1),
    "NAdam": lambda ps: torch.optim.NAdam(ps, lr=0.1),
    "RAdam": lambda ps: torch.optim.RAdam(ps, lr=0.1),
    "RMSprop": lambda ps: torch.optim.RMSprop(ps, lr=0.1, momentum=0.5, centered=True),
    "Adagrad": lambda ps: torch.optim.Adagrad(ps, lr=0.1),
    "Adadelta": lambda ps: torch.optim.Adadelta(ps),
    "ASGD": lambda ps: torch.optim.ASGD(ps, lr=0.1, t0=0),
    "Rprop": lambda ps: torch.optim.Rprop(ps, lr=0.1),
}


def _optimizer_case(name: str):
    def make():
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2))
        optimizer = OPTIMIZERS[name](model.parameters())
        _set_grads(model, 1)
        optimizer.step()  # the state exists: the step under test updates it
        _set_grads(model, 2)
        return model, optimizer

    # SGD with momentum, Adam and AdamW (a staged step, optim/_staged.py) at every point; the
    # others at 40 spread over their steps
    every = name in ("SGD-momentum", "Adam", "AdamW")
    return make, lambda state: state[1].step(), _model_state, None if every else 40


def _lbfgs_case():
    torch.manual_seed(0)
    x, y = torch.randn(6, 3), torch.randn(6, 1)

    def make():
        torch.manual_seed(0)
        model = nn.Linear(3, 1)
        optimizer = torch.optim.LBFGS(model.parameters(), max_iter=3)

        def closure():
            optimizer.zero_grad()
            loss = (model(x) - y).pow(2).mean()
            loss.backward()
            return loss

        optimizer.step(closure)
        return model, optimizer, closure

    return make, lambda state: state[1].step(state[2]), _model_state, 60


# --- the rest: clipping, BatchNorm, loading, conversions, grad modes ---------------------


def _model_case(operation):
    def make():
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Linear(4, 2))
        _set_grads(model, 1)
        return model, None

    return make, lambda state: operation(state[0]), _model_state, 120


def _load(model) -> None:
    torch.manual_seed(5)
    model.load_state_dict({k: v * 2 + 1 for k, v in model.state_dict().items()})


def _modes(_state) -> list:
    threads = list(grad_mode.INFERENCE_THREADS)
    return [torch.is_grad_enabled(), torch.is_inference_mode_enabled(), threads]


def _mode_case(make_context, exiting: bool):
    """`__enter__` (or, inside the mode, `__exit__`) of a grad-mode context manager."""

    def make():
        grad_mode.set_modes(True, False)
        grad_mode.INFERENCE_THREADS.clear()
        context = make_context()
        if exiting:
            context.__enter__()
        return context

    def operation(context):
        if exiting:
            context.__exit__(None, None, None)
        else:
            context.__enter__()

    return make, operation, _modes, None


CASES = {
    **{
        f"backward-{kind}{'-adding' if grads else ''}{'-hooked' if hook else ''}": (
            _backward_case(grads, hook)
        )
        for kind in ("fast", "reference")
        for grads in (False, True)
        for hook in (False, True)
    },
    **{f"step-{name}": _optimizer_case(name) for name in OPTIMIZERS},
    "step-LBFGS": _lbfgs_case(),
    "clip_grad_norm_": _model_case(lambda m: nn.utils.clip_grad_norm_(m.parameters(), 0.1)),
    "BatchNorm-forward": _model_case(lambda m: m(torch.ones(5, 3) * torch.arange(5.0)[:, None])),
    "load_state_dict": _model_case(_load),
    "Module.double": _model_case(lambda m: m.double()),
    "Module.eval": _model_case(lambda m: m.eval()),
    **{
        f"{name}-{'exit' if exiting else 'enter'}": _mode_case(make_context, exiting)
        for name, make_context in (
            ("no_grad", torch.no_grad),
            ("inference_mode", torch.inference_mode),
            ("set_grad_enabled", lambda: torch.set_grad_enabled(False)),
        )
        for exiting in (False, True)
        if exiting or name != "set_grad_enabled"  # (as a function, it switches when made)
    },
}


@pytest.fixture
def modes_kept():
    """The grad-mode cases change this thread's modes: put them back after each."""
    before = (torch.is_grad_enabled(), torch.is_inference_mode_enabled())
    threads = list(grad_mode.INFERENCE_THREADS)
    yield
    grad_mode.set_modes(*before)
    grad_mode.INFERENCE_THREADS[:] = threads


@pytest.mark.parametrize("name", list(CASES))
def test_interrupted_anywhere_leaves_the_state_untouched_or_complete(name, modes_kept):
    make, operation, snapshot, max_points = CASES[name]
    with _engine_for(name):
        n, partial = partial_points(make, operation, snapshot, max_points)
    assert n >= 2
    assert partial == []


def test_an_interrupted_backward_runs_again_and_adds_once():
    """The symptom in the issue: a second backward after an interrupted one added twice."""
    complete = _mlp_loss(True, False)
    complete[1].backward()
    expected = [_array(p.grad) for p in complete[0]]
    for at in (5, 30, 60, 120):
        params, loss, _ = _mlp_loss(True, False)
        assert interrupted(loss.backward, at)
        loss.backward()
        for p, want in zip(params, expected):
            np.testing.assert_array_equal(_array(p.grad), want)


def test_an_interrupted_step_can_be_taken_again():
    """Adam interrupted mid-step, then stepped again, ends where one uninterrupted step does."""
    make, operation, snapshot, _ = _optimizer_case("Adam")
    complete = make()
    operation(complete)
    for at in (10, 100, 200):
        state = make()
        assert interrupted(lambda state=state: operation(state), at)
        operation(state)
        np.testing.assert_equal(snapshot(state), snapshot(complete))
