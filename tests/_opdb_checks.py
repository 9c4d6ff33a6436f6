"""Run the op database's samples under autograd_nb and compare them with what PyTorch 2.13 gave
(tests/data/opdb_refs.npz, written by tests/data/record_opdb.py)."""

from __future__ import annotations

import functools
import json
import pathlib
import warnings

import numpy as np
import pytest
from opdb import BY_ID, ENTRIES
from opdb.core import (
    OpEntry,
    as_array,
    build_call,
    differentiable_outputs,
    flat_outputs,
    projection,
)

import autograd_nb as torch

REFS = pathlib.Path(__file__).with_name("data") / "opdb_refs.npz"


@functools.cache
def refs() -> tuple[dict, dict]:
    """(arrays by key, per-entry meta) as recorded from PyTorch."""
    with np.load(REFS) as data:
        arrays = {k: data[k] for k in data.files}
    return arrays, json.loads(str(arrays.pop("__meta__")))


def entry_params(select=lambda entry: True) -> list:
    return [pytest.param(entry.id, id=entry.id) for entry in ENTRIES if select(entry)]


def entry(entry_id: str) -> OpEntry:
    return BY_ID[entry_id]


def function(op: OpEntry):
    fn = op.function(torch)
    assert fn is not None, f"autograd_nb has no torch.{op.name}"
    return fn


def call(op: OpEntry, k: int, device: str, grad: bool, given=None) -> tuple:
    """(flat outputs, leaves) of the op on sample k."""
    sample = op.make_samples()[k]
    args, kwargs, leaves = build_call(sample, torch, device, grad, given)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = function(op)(*args, **kwargs)
    return flat_outputs(out, torch), leaves


def assert_matches(got, expected: np.ndarray, op: OpEntry, what: str, compare_values=True) -> None:
    """`got` (a tensor or number) has PyTorch's shape, dtype and values (NaN where it has NaN)."""
    array = as_array(got)
    assert array.shape == expected.shape, f"{what}: shape {array.shape}, PyTorch {expected.shape}"
    assert array.dtype == expected.dtype, f"{what}: dtype {array.dtype}, PyTorch {expected.dtype}"
    if compare_values:
        np.testing.assert_allclose(
            array, expected, rtol=op.rtol, atol=op.atol, equal_nan=True, err_msg=what
        )


def check_outputs(op: OpEntry, k: int, outputs: list, label: str) -> None:
    arrays, meta = refs()
    recorded = meta[op.id]["samples"][k]
    assert len(outputs) == recorded["outputs"], f"{label}: {len(outputs)} outputs"
    for i, out in enumerate(outputs):
        expected = arrays[f"{op.id}#{k}/out{i}"]
        assert_matches(out, expected, op, f"{label} output {i}", i not in op.shape_only_outputs)


def gradients(op: OpEntry, k: int, outputs: list, leaves: list) -> tuple:
    """autograd_nb's gradients of the recorded projection of the outputs."""
    grads_of = differentiable_outputs(outputs, torch, op.shape_only_outputs)
    weights = projection(op.id, k, [tuple(outputs[i].shape) for i in grads_of])
    device = leaves[0].device
    loss = sum(
        (outputs[i] * torch.tensor(w, device=device)).sum() for i, w in zip(grads_of, weights)
    )
    return torch.autograd.grad(loss, leaves, allow_unused=True)


def check_gradients(op: OpEntry, k: int, device: str) -> None:
    arrays, meta = refs()
    recorded = meta[op.id]["samples"][k]
    outputs, leaves = call(op, k, device, grad=True)
    label = f"{op.id} sample {k} ({recorded['label']})"
    if recorded["grad_error"] or op.pytorch_gradient_wrong:  # finite differences judge ours
        return
    if not recorded["grads"]:  # PyTorch does not differentiate here: finite differences judge ours
        return
    grads = gradients(op, k, outputs, leaves)
    for j, (g, leaf) in enumerate(zip(grads, leaves)):
        key = f"{op.id}#{k}/grad{j}"
        expected = arrays.get(key, np.zeros(tuple(leaf.shape)))
        got = torch.zeros_like(leaf) if g is None else g
        assert_matches(got, expected, op, f"{label}: gradient of input {j}")
