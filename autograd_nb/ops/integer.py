"""Element-wise integer arithmetic: gcd and lcm (and their in-place forms)."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ._helpers import (
    check_tensor,
    common_backend,
    on_backend,
    result_dtype,
)
from .inplace import inplace_method
from .out import with_out


def _integer_pair(name: str, input, other):
    """The two integer operands' arrays in their promoted dtype, on one backend."""
    a = check_tensor(input, name)
    b = check_tensor(other, name, "other", 2)
    dtype = result_dtype(a, b)
    if dtype.is_floating_point or dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=f"{name}_cpu", dtype=dtype.legacy_name[:-6])
        )
    backend = common_backend(a, b)
    xa, xb = backend.xp.broadcast_arrays(
        on_backend(a, backend, dtype), on_backend(b, backend, dtype)
    )
    return backend, xa, xb


def _gcd_data(xp, a, b):
    """Euclid's algorithm on whole arrays, as non-negative values."""
    a, b = xp.abs(a), xp.abs(b)
    while bool(xp.any(b != 0)):
        nonzero = b != 0
        a, b = xp.where(nonzero, b, a), xp.where(nonzero, a % xp.where(nonzero, b, 1), 0 * b)
    return a


@with_out
@tensor_method("gcd")
def gcd(input, other) -> Tensor:
    """The greatest common divisor, element-wise, of two integer tensors (never negative)."""
    backend, a, b = _integer_pair("gcd", input, other)
    return make_tensor(_gcd_data(backend.xp, a, b), backend)


@with_out
@tensor_method("lcm")
def lcm(input, other) -> Tensor:
    """The least common multiple, element-wise, of two integer tensors (0 if either is 0)."""
    backend, a, b = _integer_pair("lcm", input, other)
    xp = backend.xp
    g = _gcd_data(xp, a, b)
    return make_tensor(xp.abs(a // xp.where(g == 0, 1, g) * b), backend)


gcd_ = inplace_method("gcd", "Greatest common divisor with other, in place (integers).")


lcm_ = inplace_method("lcm", "Least common multiple with other, in place (integers).")


__all__ = ["gcd", "gcd_", "lcm", "lcm_"]
