"""Run the snippets of tests/data/op_fixes.json under autograd_nb and compare them with what
PyTorch 2.13 gave (recorded by tests/data/record_op_fixes.py): values, dtypes, shapes, grad_fn
names and requires_grad, or the error's type and text. Each op family's test file runs its own
family's cases."""

from __future__ import annotations

import json
import math
import pathlib

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.nn import functional as F

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "op_fixes.json").read_text())


def cases(family: str) -> list:
    """The family's recorded cases as pytest parameters named after the case."""
    return [pytest.param(case, id=name) for name, case in DATA["families"][family].items()]


def _values(recorded):
    """Recorded values with 'nan' / 'inf' / '-inf' back as floats."""
    if isinstance(recorded, list):
        return [_values(v) for v in recorded]
    return float(recorded) if recorded in ("nan", "inf", "-inf") else recorded


def _compare(got, want: dict, where: str) -> None:
    if "tuple" in want:
        assert isinstance(got, (tuple, list)), where
        assert len(got) == len(want["tuple"]), where
        for i, (g, w) in enumerate(zip(got, want["tuple"])):
            _compare(g, w, f"{where}[{i}]")
    elif "tensor" in want:
        assert isinstance(got, torch.Tensor), where
        assert str(got.dtype) == "torch." + want["dtype"], where
        assert list(got.shape) == want["shape"], where
        grad_fn = None if got.grad_fn is None else type(got.grad_fn).__name__
        assert grad_fn == want["grad_fn"], where
        assert got.requires_grad == want["requires_grad"], where
        expected = np.asarray(_values(want["tensor"]), dtype=float)
        values = np.asarray(got.detach().tolist(), dtype=float)
        np.testing.assert_allclose(values, expected, rtol=1e-9, atol=1e-12, err_msg=where)
    else:
        value = _values(want["value"])
        if isinstance(value, float) and math.isnan(value):
            assert math.isnan(got), where
        else:
            assert got == value and type(got) is type(value), where


def check_case(case: dict) -> None:
    """The snippet gives under autograd_nb what it gave under PyTorch."""
    scope = {"torch": torch, "F": F}
    torch.manual_seed(0)
    if "raises" in case:
        with pytest.raises(Exception) as info:  # noqa: PT011 - the type is checked by name
            exec(case["code"], scope)
        assert type(info.value).__name__ == case["raises"]
        assert str(info.value) == case["message"]
        return
    exec(case["code"], scope)
    _compare(scope["out"], case["out"], "out")
