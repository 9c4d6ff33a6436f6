"""The op database (tests/opdb), forward: every entry's samples give PyTorch 2.13's values and
dtypes on the CPU and the simulated CUDA device; its Tensor method, in-place method, `out=` form
and aliases agree with the function; every graph node it makes explains itself in the stepper."""

from __future__ import annotations

import numpy as np
import pytest
from _opdb_checks import call, check_outputs, entry, entry_params, function, refs
from _opdb_nodes import graph_nodes
from opdb.core import as_array, build_call, flat_outputs, resolve

import autograd_nb as torch
from autograd_nb.autograd import FunctionCtx
from autograd_nb.notebook.widgets import local_derivative

pytestmark = pytest.mark.opdb

CHAIN_RULE_FALLBACK = "the chain rule: grad_input"


@pytest.mark.parametrize("entry_id", entry_params())
def test_forward_matches_pytorch(entry_id, device):
    op = entry(entry_id)
    for k, sample in enumerate(op.make_samples()):
        outputs, _ = call(op, k, device, grad=False)
        check_outputs(op, k, outputs, f"{op.id} sample {k} ({sample.label}) on {device}")


@pytest.mark.parametrize("entry_id", entry_params())
def test_method_inplace_out_and_aliases_agree(entry_id):
    op = entry(entry_id)
    forms = {k: v and k not in op.missing_forms for k, v in refs()[1][op.id]["forms"].items()}
    sample = op.make_samples()[0]
    args, kwargs, _ = build_call(sample, torch, grad=False)
    if forms["method"]:
        check_outputs(
            op, 0, flat_outputs(getattr(args[0], op.name)(*args[1:], **kwargs), torch), "method"
        )
    inplace_forms = {
        "inplace": lambda first: getattr(first, op.name + "_")(*args[1:], **kwargs),
        "inplace_function": lambda first: resolve(torch, op.name + "_")(first, *args[1:], **kwargs),
    }
    for form, run in inplace_forms.items():
        if not forms.get(form):
            continue
        first = args[0].clone()
        result = run(first)
        assert result is first and first.dtype == args[0].dtype  # the result cast into it
        expected = refs()[0][f"{op.id}#0/out0"]
        np.testing.assert_allclose(
            as_array(first).astype(expected.dtype), expected, op.rtol, op.atol
        )
    if forms["out"]:
        expected = flat_outputs(function(op)(*args, **kwargs), torch)
        out = [torch.empty(0, dtype=t.dtype) for t in expected]
        result = function(op)(*args, **kwargs, out=out[0] if len(out) == 1 else tuple(out))
        assert all(a is b for a, b in zip(flat_outputs(result, torch), out))
        check_outputs(op, 0, out, "out=")
    for alias in op.aliases:
        fn = resolve(torch, alias)
        assert fn is not None, f"autograd_nb has no torch.{alias}"
        check_outputs(op, 0, flat_outputs(fn(*args, **kwargs), torch), f"alias {alias}")


@pytest.mark.parametrize("entry_id", entry_params(lambda e: e.differentiable))
def test_every_node_has_its_stepper_formula(entry_id):
    op = entry(entry_id)
    for k in range(len(op.make_samples())):
        outputs, _ = call(op, k, "cpu", grad=True)
        for node in graph_nodes(outputs):
            if isinstance(node, FunctionCtx):  # a custom Function: the user's backward, unknown
                continue
            assert CHAIN_RULE_FALLBACK not in local_derivative(node), type(node).__name__
