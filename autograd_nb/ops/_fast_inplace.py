"""In-place arithmetic straight on the storage: the fast path of `add_`, `sub_`, `mul_`, `div_`
and `+=` (an optimizer's `p.add_(g, alpha=-lr)`) when nothing is recorded.

It runs `self._data op= other` with the checks of the generic path (ops/inplace.py), and hands
every case it does not take (a graph to record, dtypes or shapes that need promotion or
broadcasting into `self`, a read-only piece of an expanded view) to `apply_inplace`, which
runs the out-of-place op and writes its result: the reference behaviour.
"""

from __future__ import annotations

from .. import dtypes
from .._tensor import Tensor
from ..autograd.grad_mode import STATE
from ..autograd.node import INFERENCE_VERSION
from .inplace import _bump, _records, apply_inplace, check_inplace, check_no_partial_overlap

__all__: list[str] = []  # no torch.* functions of its own


def _fast_operand(self: Tensor, other, floating_only: bool = False):
    """`other` as something `self._data op= other` accepts unchanged, or None if it isn't."""
    kind = type(other)
    dtype = self.dtype
    if dtype is dtypes.bool or (floating_only and not dtype.is_floating_point):
        return None
    if kind is int:
        return other if dtype.is_floating_point else dtypes.wrap_int(other, dtype)
    if kind is float:
        return other if dtype.is_floating_point else None
    if isinstance(other, Tensor):
        data, x = other._data, self._data
        if other._backend is not self._backend or data.dtype != x.dtype:
            return None
        if data.shape == x.shape:
            return data
        if data.ndim > x.ndim:
            return None
        for o, s in zip(reversed(data.shape), reversed(x.shape)):
            if o != s and o != 1:
                return None
        return data
    return None


def arithmetic_inplace(
    self: Tensor, fn, iop, other, floating_only: bool = False, **kwargs
) -> Tensor:
    """`self op= other` straight on the storage when nothing is recorded, else apply_inplace."""
    if kwargs or not isinstance(self, Tensor):
        return apply_inplace(self, fn, other, **kwargs)
    if isinstance(other, Tensor) and other._backend is self._backend:
        x, operand = self._data, other._data
        # the optimizers' case (`p -= lr * g`): two float arrays alike, decided at once
        if not (
            x.dtype is operand.dtype
            and x.shape == operand.shape
            and self._backend.ours[x.dtype].is_floating_point
        ):
            operand = None
    else:
        operand = None
    if STATE.enabled and _records(self, (other,), kwargs):
        return apply_inplace(self, fn, other)
    if operand is None and (operand := _fast_operand(self, other, floating_only)) is None:
        return apply_inplace(self, fn, other)
    if STATE.enabled or self._vc is INFERENCE_VERSION:
        check_inplace(self, False)
    if operand is other._data if isinstance(other, Tensor) else False:
        check_no_partial_overlap(self, (other,))
    if not self._backend.is_writable(self._data):  # a piece of an expanded view: the generic
        return apply_inplace(self, fn, other)  # path (CuPy would write such an array as it is)
    iop(self._data, operand)
    vc = self._vc
    if vc is None:
        _bump(self)
    else:
        vc.value += 1
    return self


def scaled_inplace(self: Tensor, fn, iop, other, alpha) -> Tensor:
    """`self op= other * alpha`: SGD's `p.add_(grad, alpha=-lr)` straight on the storage.

    The same arithmetic as the generic path (`x + y * alpha`), taken only when nothing is
    recorded and `other` is a tensor whose array fits `self` unchanged.
    """
    kind = type(alpha)
    if (
        type(other) is Tensor
        and isinstance(self, Tensor)
        and not (STATE.enabled and _records(self, (other,), {}))
        and (kind is int or (kind is float and self.dtype.is_floating_point))
    ):
        data, operand = self._data, other._data
        if (
            other._backend is not self._backend
            or operand.dtype != data.dtype
            or operand.shape != data.shape
        ):
            operand = _fast_operand(self, other)  # None where the generic path is needed
        if operand is None or self.dtype is dtypes.bool:
            return apply_inplace(self, fn, other, alpha=alpha)
        if STATE.enabled or self._vc is INFERENCE_VERSION:
            check_inplace(self, False)
        check_no_partial_overlap(self, (other,))
        try:
            iop(data, operand * alpha)
        except ValueError as error:
            if "read-only" not in str(error):
                raise
            return apply_inplace(self, fn, other, alpha=alpha)  # a piece of an expanded view
        _bump(self)
        return self
    return apply_inplace(self, fn, other, alpha=alpha)
