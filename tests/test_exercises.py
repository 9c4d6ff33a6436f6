"""check(): the verdict of a lesson exercise (autograd_nb/notebook/exercises.py)."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.notebook import NOT_ANSWERED, check


def verdict(capsys, *args, **kwargs) -> str:
    check(*args, **kwargs)
    out = capsys.readouterr().out
    if out.startswith(msg.CHECK_NOT_ANSWERED):
        return "unanswered"
    if out.startswith(msg.CHECK_RIGHT):
        return "right"
    assert out.startswith(msg.CHECK_WRONG), out
    return "wrong"


def test_the_placeholder_is_not_answered_yet(capsys):
    assert NOT_ANSWERED is ...
    check(..., 7.0, hint="2*x1 + 3*x2", hint_zh="2*x1 + 3*x2")
    out = capsys.readouterr().out
    assert out == msg.CHECK_NOT_ANSWERED + "\n"
    assert "Not answered yet" in out and "还没有作答" in out
    assert verdict(capsys, (..., 2), (7.0, 2)) == "unanswered"
    assert verdict(capsys, [1, ...], lambda a: True) == "unanswered"


def test_a_wrong_answer_gets_the_bilingual_hint(capsys):
    check(6.0, 7.0, hint="dy/dx1 = 2*x1 + 3*x2", hint_zh="对 x1 求偏导")
    out = capsys.readouterr().out
    assert out.splitlines() == [
        msg.CHECK_WRONG,
        "   Hint: dy/dx1 = 2*x1 + 3*x2",
        "   提示：对 x1 求偏导",
    ]
    check(6.0, 7.0)
    assert capsys.readouterr().out == msg.CHECK_WRONG + "\n"


def test_a_right_answer_is_confirmed(capsys):
    check(7.0, 7.0, hint="unused")
    assert capsys.readouterr().out == msg.CHECK_RIGHT + "\n"


@pytest.mark.parametrize(
    "answer, expected",
    [
        (7, 7.0),
        (7.00001, 7.0),  # float tolerance
        (torch.tensor(7.0), 7.0),  # a one-element tensor for a number
        (-2.0, torch.tensor([-2.0])),  # and a number for a one-element tensor
        (torch.tensor([[1.0, 2.0]]), torch.tensor([[1.0, 2.00001]])),
        ([[1, 2]], torch.tensor([[1.0, 2.0]])),  # a list for a tensor; dtype not compared
        (torch.tensor([True, False]), np.array([True, False])),
        (torch.Size([2, 3]), torch.Size([2, 3])),
        ((2, 3), torch.Size([2, 3])),
        ([2, 3], torch.Size([2, 3])),
        (torch.float64, torch.float64),
        ("torch.float64", torch.float64),
        ("float64", torch.float64),
        ("  mulbackward0 ", "MulBackward0"),
        ("no  grad", "no grad"),
        (True, True),
        (None, None),
        ((7.0, "AddBackward0"), (7.0, "AddBackward0")),
        ({"w": 1.0}, {"w": 1.00001}),
        (torch.tensor([1.0, -2.0]), lambda a: bool((a.abs() > 0.5).all())),
        (4, lambda a: a % 2 == 0),
    ],
)
def test_right_answers(capsys, answer, expected):
    assert verdict(capsys, answer, expected) == "right"


@pytest.mark.parametrize(
    "answer, expected",
    [
        (6.9, 7.0),
        ("7", 7.0),
        (True, 1),  # a bool is not a number answer
        (1, True),  # nor a number a bool answer
        (torch.tensor([7.0, 7.0]), 7.0),
        ([-2.0], torch.tensor([[-2.0]])),  # a list keeps its shape
        (torch.tensor([1.0, 2.0]), torch.tensor([[1.0, 2.0]])),  # shape matters
        (torch.tensor([1.0, 2.5]), torch.tensor([1.0, 2.0])),
        ("[1, 2]", torch.tensor([1.0, 2.0])),
        (None, torch.tensor([1.0])),
        ((3, 2), torch.Size([2, 3])),
        (6, torch.Size([2, 3])),
        (torch.float32, torch.float64),
        ("float32", torch.float64),
        ("AddBackward0", "MulBackward0"),
        (False, True),
        ((7.0, "Add"), (7.0, "AddBackward0")),
        ((7.0,), (7.0, "AddBackward0")),
        ({"w": 1.0}, {"b": 1.0}),
        (3, lambda a: a % 2 == 0),
        (0, None),
        (torch.zeros(1), None),  # "a tensor of zeros" is not None
    ],
)
def test_wrong_answers(capsys, answer, expected):
    assert verdict(capsys, answer, expected) == "wrong"


def test_a_checking_function_that_raises_counts_as_wrong_and_says_why(capsys):
    check(3, lambda a: a.shape == (2,), hint="a tensor", hint_zh="一个张量")
    out = capsys.readouterr().out
    assert out.startswith(msg.CHECK_WRONG)
    assert "AttributeError: 'int' object has no attribute 'shape'" in out


def test_check_is_idempotent_and_changes_nothing(capsys):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward()
    answer = torch.tensor([2.0, 4.0])
    first = verdict(capsys, answer, x.grad)
    assert first == verdict(capsys, answer, x.grad) == "right"
    assert x.grad.tolist() == [2.0, 4.0] and answer.tolist() == [2.0, 4.0]
    assert verdict(capsys, ..., x.grad) == verdict(capsys, ..., x.grad) == "unanswered"


def test_check_returns_nothing_so_a_cell_shows_only_the_verdict(capsys):
    assert check(1, 1) is None
    assert check(..., 1) is None


def test_bad_hints_are_rejected_clearly(capsys):
    with pytest.raises(TypeError, match=r"check\(\): hint must be a str or None, not int"):
        check(1, 1, hint=3)
    with pytest.raises(TypeError, match=r"hint_zh must be a str or None, not list"):
        check(1, 1, hint_zh=["x"])
    assert capsys.readouterr().out == ""  # nothing printed before the error
