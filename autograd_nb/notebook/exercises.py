"""`check(answer, expected)`: the verdict of a lesson exercise, printed in English and Chinese.

A lesson stores each exercise unsolved, with `...` (Ellipsis) as the answer: `check` then says
"not answered yet". A wrong answer gets the exercise's hint, a right one a confirmation. `check`
only reads its arguments, so running a check cell twice gives the same verdict.

How `answer` is compared with `expected`:

- a callable `expected` (a function or lambda, not a class) is called with the answer and decides:
  a true result means right (an exception it raises counts as wrong and is shown);
- a Tensor or NumPy array: same shape and values within `rtol`/`atol` (dtype not compared); the
  answer may be a Tensor, an array, a list or a number (a number matches any one-element tensor);
- a float or int: the answer (a number or a one-element Tensor) within `rtol`/`atol`;
- a bool: the answer must be the same bool (not 0 or 1);
- a `torch.Size`: a Size, tuple or list with the same sizes;
- a dtype: the same dtype (or its name, `"torch.float32"` or `"float32"`);
- a string: the same text, ignoring case and surrounding or repeated whitespace;
- a list, tuple or dict: the same length (keys), each item compared by these rules;
- None: the answer must be None;
- anything else: `answer == expected`.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .. import _messages as msg
from .._size import Size
from .._tensor import Tensor
from ..dtypes import dtype as DType

#: The placeholder a lesson stores in place of an answer: `answer_1 = ...`.
NOT_ANSWERED = Ellipsis


def check(
    answer,
    expected,
    hint: str | None = None,
    hint_zh: str | None = None,
    *,
    rtol: float = 1e-4,
    atol: float = 1e-6,
) -> None:
    """Print whether `answer` matches `expected` (see the module docstring for the rules)."""
    for name, value in (("hint", hint), ("hint_zh", hint_zh)):
        if value is not None and not isinstance(value, str):
            raise TypeError(msg.CHECK_HINT_TYPE.format(name=name, type=type(value).__name__))
    if _unanswered(answer):
        print(msg.CHECK_NOT_ANSWERED)
        return
    error = None
    try:
        right = _matches(answer, expected, rtol, atol)
    except Exception as exc:  # a checking function that fails on this answer: wrong, say why
        right, error = False, f"{type(exc).__name__}: {exc}"
    if right:
        print(msg.CHECK_RIGHT)
        return
    lines = [msg.CHECK_WRONG]
    if hint:
        lines.append(msg.CHECK_HINT.format(hint=hint))
    if hint_zh:
        lines.append(msg.CHECK_HINT_ZH.format(hint=hint_zh))
    if error:
        lines.append(msg.CHECK_RAISED.format(error=error))
    print("\n".join(lines))


def _unanswered(answer) -> bool:
    """The placeholder itself, or a list/tuple still holding one."""
    if answer is NOT_ANSWERED:
        return True
    return isinstance(answer, (list, tuple)) and any(_unanswered(a) for a in answer)


def _array(value) -> np.ndarray:
    if isinstance(value, Tensor):
        return np.asarray(value.detach().cpu().numpy())
    return np.asarray(value)


def _close(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> bool:
    if a.shape != b.shape:
        return False
    if a.dtype.kind in "bUSO" or b.dtype.kind in "bUSO":
        return bool(np.array_equal(a, b))
    return bool(np.allclose(a, b, rtol=rtol, atol=atol))


def _matches(answer, expected, rtol: float, atol: float) -> bool:
    """Whether `answer` counts as `expected` under the module docstring's rules."""
    if expected is None:
        return answer is None
    if callable(expected) and not isinstance(expected, (type, Tensor)):
        return bool(expected(answer))
    if isinstance(expected, (Tensor, np.ndarray)):
        if isinstance(answer, (str, bytes, dict)) or answer is None:
            return False
        want = _array(expected)
        if isinstance(answer, numbers.Number) and want.size == 1:  # 7.0 for tensor([7.])
            want = want.reshape(())
        return _close(_array(answer), want, rtol, atol)
    if isinstance(expected, (bool, np.bool_)):
        if isinstance(answer, Tensor) and answer.numel() == 1:
            answer = answer.item()
        return isinstance(answer, (bool, np.bool_)) and bool(answer) == bool(expected)
    if isinstance(expected, numbers.Number):
        if isinstance(answer, Tensor) and answer.numel() == 1:
            answer = answer.item()
        if isinstance(answer, (bool, np.bool_)) or not isinstance(answer, numbers.Number):
            return False
        return math.isclose(answer, expected, rel_tol=rtol, abs_tol=atol)
    if isinstance(expected, Size):
        return isinstance(answer, (tuple, list)) and tuple(answer) == tuple(expected)
    if isinstance(expected, DType):
        if isinstance(answer, str):
            return answer.strip() in (str(expected), str(expected).removeprefix("torch."))
        return answer == expected
    if isinstance(expected, str):
        return isinstance(answer, str) and _words(answer) == _words(expected)
    if isinstance(expected, (list, tuple)):
        return (
            isinstance(answer, (list, tuple))
            and len(answer) == len(expected)
            and all(_matches(a, e, rtol, atol) for a, e in zip(answer, expected))
        )
    if isinstance(expected, dict):
        return (
            isinstance(answer, dict)
            and answer.keys() == expected.keys()
            and all(_matches(answer[k], expected[k], rtol, atol) for k in expected)
        )
    return bool(answer == expected)


def _words(text: str) -> str:
    return " ".join(text.split()).casefold()
