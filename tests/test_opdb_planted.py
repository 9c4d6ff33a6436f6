"""The op database catches a wrong derivative wherever it is planted: each node class its samples
reach gets its backward scaled by 1.5 in turn, and the database's gradient checks (PyTorch's
recorded gradients, then finite differences) must fail for one of the samples that reach it."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from _opdb_checks import call, check_gradients
from _opdb_nodes import all_node_classes, reached
from opdb import BY_ID
from opdb.core import differentiable_outputs

from autograd_nb.autograd import engine, gradcheck
from autograd_nb.autograd.gradcheck import GradcheckError

pytestmark = pytest.mark.opdb

SAMPLES_PER_CLASS = 3


def _scaled(result):
    if isinstance(result, tuple | list):
        return type(result)(None if g is None else g * 1.5 for g in result)
    return None if result is None else result * 1.5


def _plant(monkeypatch, cls) -> None:
    original = cls.backward

    def planted(self, *grads):
        return _scaled(original(self, *grads))

    monkeypatch.setattr(cls, "backward", planted)


def _gradients(op, k) -> list:
    """The sample's gradients (None where an input gets none), or [] if backward refuses."""
    import autograd_nb as torch

    outputs, leaves = call(op, k, "cpu", grad=True)
    picked = differentiable_outputs(outputs, torch, op.shape_only_outputs)
    if not picked:
        return []
    loss = sum((outputs[i] * (i + 1.0)).sum() for i in picked)
    try:
        grads = torch.autograd.grad(loss, leaves, allow_unused=True)
    except (RuntimeError, NotImplementedError):
        return []
    return [None if g is None else g.detach().numpy().copy() for g in grads]


def _caught(op, k) -> bool:
    """Whether the database's checks fail on sample k: PyTorch's gradient, finite differences."""
    try:
        check_gradients(op, k, "cpu")
    except Exception:  # noqa: BLE001 - any failure of the check counts
        return True
    outputs, leaves = call(op, k, "cpu", grad=True)
    import autograd_nb as torch

    picked = differentiable_outputs(outputs, torch)
    if not picked or not leaves or not all(leaf.numel() for leaf in leaves):
        return False
    if any(outputs[i].dtype != torch.float64 for i in picked):
        return False  # finite differences need float64
    xs = tuple(leaf.detach().requires_grad_(True) for leaf in leaves)

    def f(*given):
        outs, _ = call(op, k, "cpu", grad=True, given=iter(given))
        return tuple(outs[i] for i in picked)

    try:
        gradcheck(f, xs, fast_mode=sum(x.numel() for x in xs) > 8)
    except GradcheckError:
        return True
    except (RuntimeError, NotImplementedError):
        return False
    return False


def _changes_nothing(op, k, before: list) -> bool:
    """Whether the planted factor leaves the sample's gradients as they were (the node passes
    only zeros there: a factor cannot show)."""
    after = _gradients(op, k)
    return len(after) == len(before) and all(
        (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))
        for a, b in zip(after, before)
    )


@functools.cache
def _clean(entry_id: str, k: int) -> bool:
    """Whether sample k passes the checks as the library is (a planted bug must then fail it)."""
    with engine.use_reference_only():
        return not _caught(BY_ID[entry_id], k)


def _check_class(monkeypatch, cls) -> str:
    """'caught', 'inert' (the node's gradients are zero on every sample), 'missed', or
    'failing' (no sample reaching it passes the checks even without a planted bug)."""
    uses = [(op, k) for op, k in reached()[cls] if _clean(op.id, k)][:SAMPLES_PER_CLASS]
    if not uses:
        return "failing"
    before = [_gradients(op, k) for op, k in uses]
    with monkeypatch.context() as m:
        _plant(m, cls)
        with engine.use_reference_only():  # the fast engine may run a registered kernel instead
            if any(_caught(op, k) for op, k in uses):
                return "caught"
            if all(_changes_nothing(op, k, b) for (op, k), b in zip(uses, before)):
                return "inert"
    return "missed"


def test_a_planted_wrong_derivative_in_any_reached_node_class_is_caught(monkeypatch):
    results = {cls: _check_class(monkeypatch, cls) for cls in reached()}
    missed = sorted(cls.__name__ for cls, r in results.items() if r == "missed")
    assert not missed, f"a gradient scaled by 1.5 passes the op database in {missed}"
    # classes reached only by samples that fail already (bugs being fixed) cannot hide a bug
    # from the suite either: their own checks fail
    assert sum(r == "caught" for r in results.values()) >= 250


def test_a_planted_derivative_in_a_class_chosen_by_seed_is_caught(monkeypatch):
    chosen = random.Random(2613).sample(sorted(reached(), key=lambda c: c.__name__), 5)
    for cls in chosen:
        assert _check_class(monkeypatch, cls) in ("caught", "inert", "failing"), cls.__name__


def test_the_database_reaches_most_node_classes():
    public = {cls for cls in all_node_classes() if not cls.__name__.startswith("_")}
    assert len(set(reached()) & public) >= 0.8 * len(public)
