"""Bit shifts of integer tensors (`<<`, `>>`, `bitwise_left_shift`, ...); `fmax` / `fmin` are
entries of the two-input table (binary.py).

A shift by a negative amount or by at least the dtype's width gives what PyTorch's CPU kernel
gives: 0 for a left shift, the sign fill (0 or -1) for a right shift.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor, make_tensor, tensor_method
from ._helpers import operands, result_dtype, short_name
from .inplace import apply_inplace

__all__ = ["bitwise_left_shift", "bitwise_right_shift"]


# --- shifts ---------------------------------------------------------------------------------------


def _shift(input, other, kernel_name: str, left: bool) -> Tensor:
    """`input << other` (left) or `input >> other` on integer (or bool) tensors."""
    dtype = result_dtype(input, other)
    if dtype.is_floating_point or dtype.is_complex:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=kernel_name, dtype=short_name(dtype))
        )
    a, b, xa, xb, backend = operands(input, other, kernel_name)
    xp = backend.xp
    native = backend.native[dtype]
    device = backend.native_device
    xa = xp.astype(xp.asarray(xa, dtype=native, device=device) if a is None else xa, native)
    xb = xp.astype(xp.asarray(xb, dtype=native, device=device) if b is None else xb, native)
    bits = 8 * dtype.itemsize
    outside = (xb < 0) | (xb >= bits)
    amount = xp.where(outside, xp.zeros_like(xb), xb)
    if left:
        out = xp.where(outside, xp.zeros_like(xa), xa << amount)
    else:
        fill = xa >> xp.full_like(xb, bits - 1) if dtype.is_signed else xp.zeros_like(xa)
        out = xp.where(outside, fill, xa >> amount)
    return make_tensor(out, backend)


@tensor_method("bitwise_left_shift", "__lshift__")
def bitwise_left_shift(input, other) -> Tensor:
    """`input << other`, element-wise, on integer tensors."""
    return _shift(input, other, "lshift_cpu", left=True)


@tensor_method("bitwise_right_shift", "__rshift__")
def bitwise_right_shift(input, other) -> Tensor:
    """`input >> other` (arithmetic for signed dtypes), element-wise, on integer tensors."""
    return _shift(input, other, "rshift_cpu", left=False)


@tensor_method("__rlshift__")
def _rlshift(self: Tensor, other) -> Tensor:
    return bitwise_left_shift(other, self)


@tensor_method("__rrshift__")
def _rrshift(self: Tensor, other) -> Tensor:
    return bitwise_right_shift(other, self)


@tensor_method("bitwise_left_shift_", "__ilshift__")
def bitwise_left_shift_(self: Tensor, other) -> Tensor:
    """self <<= other, in place."""
    return apply_inplace(self, bitwise_left_shift, other)


@tensor_method("bitwise_right_shift_", "__irshift__")
def bitwise_right_shift_(self: Tensor, other) -> Tensor:
    """self >>= other, in place."""
    return apply_inplace(self, bitwise_right_shift, other)
