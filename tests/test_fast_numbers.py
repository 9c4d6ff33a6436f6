"""ops/_fast_numbers.py: Python numbers taken by NumPy's arithmetic as cached 0-d arrays give
the very result NumPy gives the number itself (the reference path), bit for bit."""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.ops import _fast_numbers

NUMBERS = [1, -1, 2, 3, 0.5, 0.1, 1e-8, 1e30, 70000, 2**24 + 1, 2**70, 0, 0.0, -0.0]
NUMBERS += [float("inf"), float("-inf"), float("nan")]
DTYPES = [np.float16, np.float32, np.float64]
OPS = [operator.add, operator.sub, operator.mul, operator.truediv]


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_same_bits_as_numpy_with_the_number(dtype):
    x = np.array([-2.5, -0.0, 0.0, 1.0, 3.0, 1e-3, 6e4, np.inf], dtype=dtype)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("error")  # taking a number adds no warning of its own
        for value in NUMBERS:
            for op in OPS:
                for _ in range(2):  # made, then taken from the cache
                    operand = _fast_numbers.number_operand(value, x.dtype)
                    expected, got = op(x, value), op(x, operand)
                    assert got.dtype == expected.dtype
                    assert expected.tobytes() == got.tobytes(), (value, op)


def test_only_exactly_held_nonzero_numbers_are_kept():
    f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
    assert _fast_numbers.number_operand(0.1, f32) == 0.1  # not a float32: the number itself
    assert type(_fast_numbers.number_operand(0.1, f32)) is float
    assert type(_fast_numbers.number_operand(70000, f16)) is int  # float16 overflows
    assert type(_fast_numbers.number_operand(-0.0, f32)) is float  # 0.0 and -0.0: one key
    kept = _fast_numbers.number_operand(0.5, f32)
    assert kept.dtype == f32 and kept.shape == () and not kept.flags.writeable
    assert _fast_numbers.number_operand(0.5, f32) is kept


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(_fast_numbers, "_ARRAYS", {})
    for i in range(3 * _fast_numbers._LIMIT):
        _fast_numbers.number_operand(i + 0.5, np.dtype(np.float64))
    assert len(_fast_numbers._ARRAYS) == _fast_numbers._LIMIT


def test_tensor_arithmetic_with_numbers_keeps_its_values_and_gradients():
    # PyTorch 2.13: x + 1 = [0, 1.5, 4], x * 0.5 = [-0.5, 0.25, 1.5]; d/dx of
    # sum((x + 1) * 0.5 - 3) / 4 = 0.125 each; signbit([0.0, -0.0] - -0.0) = [False, False],
    # signbit([0.0, -0.0] + -0.0) = [False, True]
    x = torch.tensor([-1.0, 0.5, 3.0], requires_grad=True)
    assert (x + 1).tolist() == [0.0, 1.5, 4.0] and (x * 0.5).tolist() == [-0.5, 0.25, 1.5]
    (((x + 1) * 0.5 - 3) / 4).sum().backward()
    assert x.grad.tolist() == [0.125] * 3
    zeros = torch.tensor([0.0, -0.0])
    assert torch.signbit(zeros - -0.0).tolist() == [False, False]
    assert torch.signbit(zeros + -0.0).tolist() == [False, True]
