"""Record PyTorch 2.13's results on the op database's samples for tests/test_opdb_*.py.

Run with real PyTorch (2.13, CPU) from the repository root to re-record:
    /work/torchenv/bin/python tests/data/record_opdb.py   # writes tests/data/opdb_refs.npz

For every entry of tests/opdb and each of its samples: the outputs (values and dtypes) and, for a
differentiable entry, the gradients of sum_i (out_i * w_i).sum() (w_i fixed random weights,
`opdb.core.projection`) with respect to every float input. It also records which forms PyTorch
has for the op (Tensor method, in-place method, `out=`), found by calling them on the first
sample. A sample PyTorch refuses stops the recording: the database must only hold valid calls.
"""

from __future__ import annotations

import json
import pathlib
import sys
import warnings

import numpy as np
import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from opdb import ENTRIES  # noqa: E402
from opdb.core import (  # noqa: E402
    as_array,
    build_call,
    differentiable_outputs,
    flat_outputs,
    projection,
    resolve,
)

REFUSED: list = []
OUT = pathlib.Path(__file__).with_name("opdb_refs.npz")


def method_name(entry) -> str | None:
    """The Tensor method an op of the torch namespace may have (none for F, linalg, special)."""
    return None if "." in entry.name else entry.name


def same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(
        np.array_equal(as_array(x), as_array(y), equal_nan=True) for x, y in zip(a, b)
    )


def forms(entry, fn) -> dict:
    """Which of method, in-place method and out= PyTorch has for this op, and agree with it."""
    found = {"method": False, "inplace": False, "out": False, "inplace_function": False}
    if entry.compose is not None:  # a composition: no forms of its own
        return found
    sample = entry.make_samples()[0]
    args, kwargs, _ = build_call(sample, torch, grad=False)
    expected = flat_outputs(fn(*args, **kwargs), torch)
    inplace_fn = resolve(torch, entry.name + "_")
    if inplace_fn is not None and len(expected) == 1 and isinstance(args[0], torch.Tensor):
        first = args[0].clone()
        try:
            result = inplace_fn(first, *args[1:], **kwargs)
            found["inplace_function"] = result is first and same([first], expected)
        except (TypeError, RuntimeError):
            pass
    name = method_name(entry)
    if name is None or not isinstance(args[0], torch.Tensor):
        return found
    if hasattr(torch.Tensor, name):
        try:
            result = getattr(args[0], name)(*args[1:], **kwargs)
            found["method"] = same(flat_outputs(result, torch), expected)
        except (TypeError, RuntimeError):  # a method with another signature (Tensor.where)
            pass
    if hasattr(torch.Tensor, name + "_") and len(expected) == 1:
        first = args[0].clone()
        try:
            result = getattr(first, name + "_")(*args[1:], **kwargs)
            found["inplace"] = result is first and same([first], expected)
        except RuntimeError:
            pass
    if all(isinstance(t, torch.Tensor) for t in expected):
        out = [torch.empty(0, dtype=t.dtype) for t in expected]
        try:
            fn(*args, **kwargs, out=out[0] if len(out) == 1 else tuple(out))
            found["out"] = same(out, expected)
        except (TypeError, RuntimeError):
            pass
    return found


def record(entry, data: dict, meta: dict) -> None:
    fn = entry.function(torch)
    assert fn is not None, f"PyTorch has no {entry.name}"
    info: dict = {"samples": []}
    for k, sample in enumerate(entry.make_samples()):
        args, kwargs, leaves = build_call(sample, torch, grad=entry.differentiable)
        try:
            outputs = flat_outputs(fn(*args, **kwargs), torch)
        except Exception as e:
            REFUSED.append(f"{entry.id} sample {k} ({sample.label}): PyTorch refuses: {e}")
            continue
        key = f"{entry.id}#{k}"
        for i, t in enumerate(outputs):
            data[f"{key}/out{i}"] = as_array(t)
        grads_of = differentiable_outputs(outputs, torch, entry.shape_only_outputs)
        has_grad, grad_error = [], None
        if entry.differentiable and grads_of and leaves:
            weights = projection(entry.id, k, [tuple(outputs[i].shape) for i in grads_of])
            loss = sum((outputs[i] * torch.tensor(w)).sum() for i, w in zip(grads_of, weights))
            try:
                grads = torch.autograd.grad(loss, leaves, allow_unused=True)
            except (RuntimeError, NotImplementedError) as e:
                grads, grad_error = (), type(e).__name__
            for j, g in enumerate(grads):
                if g is not None:
                    data[f"{key}/grad{j}"] = g.numpy(force=True)
                has_grad.append(g is not None)
        info["samples"].append(
            {
                "label": sample.label,
                "outputs": len(outputs),
                "grads": has_grad,
                "grad_error": grad_error,
            }
        )
    if not REFUSED:
        info["forms"] = forms(entry, fn)
    for alias in entry.aliases:
        if resolve(torch, alias) is None:
            REFUSED.append(f"{entry.id}: PyTorch has no alias {alias}")
    meta[entry.id] = info


def main() -> None:
    warnings.simplefilter("ignore")
    torch.manual_seed(0)
    data: dict = {}
    meta: dict = {}
    for entry in ENTRIES:
        record(entry, data, meta)
    if REFUSED:
        raise SystemExit("\n".join(REFUSED))
    data["__meta__"] = np.array(json.dumps(meta, sort_keys=True))
    np.savez_compressed(OUT, **data)
    print(f"{len(meta)} entries, {len(data) - 1} arrays -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
