"""The op database (tests/opdb), backward: every differentiable entry's gradients equal PyTorch
2.13's (a fixed random projection of the outputs) and finite differences in float64, with second
derivatives checked where the op is twice differentiable; on both devices and both engines."""

from __future__ import annotations

import numpy as np
import pytest
from _opdb_checks import call, check_gradients, entry, entry_params
from opdb.core import as_array, differentiable_outputs

import autograd_nb as torch
from autograd_nb.autograd import gradcheck, gradgradcheck

pytestmark = pytest.mark.opdb

SLOW_MODE_NUMEL = 8  # above this many input elements, the random-direction check


@pytest.mark.parametrize("entry_id", entry_params(lambda e: e.differentiable))
def test_gradient_matches_pytorch(entry_id, device):
    op = entry(entry_id)
    for k in range(len(op.make_samples())):
        check_gradients(op, k, device)


def _checkable(op, device) -> list:
    """(k, leaves, function of the leaves) for the samples finite differences apply to."""
    found = []
    for k, sample in enumerate(op.make_samples()):
        if not sample.gradcheck:
            continue
        outputs, leaves = call(op, k, device, grad=True)
        picked = differentiable_outputs(outputs, torch)
        finite = all(
            outputs[i].dtype == torch.float64 and np.isfinite(as_array(outputs[i])).all()
            for i in picked
        )  # finite differences need float64 and finite values
        if not picked or not finite or not leaves or not all(leaf.numel() for leaf in leaves):
            continue

        def f(*xs, k=k, picked=picked):
            outs, _ = call(op, k, device, grad=True, given=iter(xs))
            return tuple(outs[i] for i in picked)

        found.append((k, [leaf.detach().requires_grad_(True) for leaf in leaves], f))
    return found


@pytest.mark.parametrize("entry_id", entry_params(lambda e: e.differentiable))
def test_gradcheck_finite_differences(entry_id, device):
    op = entry(entry_id)
    for _k, leaves, f in _checkable(op, device):
        fast = sum(leaf.numel() for leaf in leaves) > SLOW_MODE_NUMEL
        assert gradcheck(f, tuple(leaves), fast_mode=fast)


@pytest.mark.parametrize("entry_id", entry_params(lambda e: e.differentiable and e.gradgrad))
def test_gradgradcheck_finite_differences(entry_id, device):
    op = entry(entry_id)
    checkable = _checkable(op, device)
    for _k, leaves, f in checkable[:1]:
        assert gradgradcheck(f, tuple(leaves), fast_mode=True)
