"""Python numbers as NumPy arrays, made once: the fast path of `tensor + 1`, `x * 0.5`.

NumPy converts a Python number operand on every call (finding its dtype, NEP 50's weak-scalar
rules), which costs more than the arithmetic on a small array: `x + 1` chained 100,000 times
spends a tenth of its time there. A 0-d array of the other operand's dtype holding the same
value gives the same result, and is kept here for the next call. Only numbers that the dtype
holds exactly (and not 0, as 0.0 and -0.0 are one key) are kept, so the result is the one NumPy
gives the number itself; the others are returned as they are.
"""

from __future__ import annotations

import numpy as np

__all__: list[str] = []  # no torch.* functions

_ARRAYS: dict = {}  # (number, dtype) -> 0-d array
_LIMIT = 512  # numbers seen with varying values (a loop's `x * i`) are not all kept


def number_operand(value: int | float, dtype: np.dtype):
    """`value` as a 0-d NumPy array of the floating `dtype` if it holds it exactly, else
    `value` itself: the same operand for `+ - * /` with an array of `dtype`."""
    key = (value, dtype)
    array = _ARRAYS.get(key)
    if array is not None:
        return array
    if not value or len(_ARRAYS) >= _LIMIT:
        return value
    with np.errstate(all="ignore"):  # (a number the dtype cannot hold is not kept)
        array = np.asarray(value, dtype)
    if array.item() != value:
        return value
    array.flags.writeable = False
    _ARRAYS[key] = array
    return array
