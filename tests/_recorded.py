"""Check expressions against results recorded from PyTorch 2.13 (the s10 API-gap tests).

A recorded result is a number or bool, `("tensor", values, dtype, grad_fn name)`,
`("dtype", name)`, a tuple of those, or `("raises", exception type, message)`. The expression is
evaluated with `torch` bound to autograd_nb, after `torch.manual_seed(0)` (as when recorded).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import autograd_nb as torch

NAN, INF = math.nan, math.inf


def _compare(got, expected) -> None:
    if isinstance(expected, tuple) and expected and expected[0] == "tensor":
        _, values, dtype, grad_fn = expected
        assert isinstance(got, torch.Tensor)
        assert str(got.dtype) == "torch." + dtype
        assert (got.grad_fn.name() if got.grad_fn is not None else None) == grad_fn
        np.testing.assert_allclose(
            np.asarray(got.tolist(), dtype=float), np.asarray(values, dtype=float), rtol=1e-6
        )
        assert np.asarray(got.tolist()).shape == np.asarray(values).shape
    elif isinstance(expected, tuple) and expected and expected[0] == "dtype":
        assert got is getattr(torch, expected[1])
    elif isinstance(expected, tuple):
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            _compare(g, e)
    elif isinstance(expected, float) and math.isnan(expected):
        assert math.isnan(got)
    else:
        assert got == expected and type(got) is type(expected)


def check_recorded(expr: str, expected) -> None:
    """`expr` (autograd_nb as torch) gives what PyTorch gave, or raises its error and text."""
    torch.manual_seed(0)
    scope = {"torch": torch, "F": torch.nn.functional, "math": math}
    if isinstance(expected, tuple) and expected and expected[0] == "raises":
        _, kind, text = expected
        with pytest.raises(Exception) as info:  # noqa: PT011 - the type is checked by name
            eval(expr, scope)
        assert type(info.value).__name__ == kind
        assert str(info.value) == text
        return
    _compare(eval(expr, scope), expected)
