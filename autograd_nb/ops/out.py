"""`out=`: PyTorch's functions can write their result into a tensor the caller gives.

`torch.matmul(a, b, out=c)` computes as usual, then copies into `c` (cast to its dtype when
PyTorch's casting rule allows, resized with PyTorch's deprecation warning when its shape
differs) and returns `c`. Like PyTorch, it refuses to record a graph: no argument may require
grad while grad mode is on. Only the `torch.*` functions take `out`; methods never did.
"""

from __future__ import annotations

import functools

from .. import _messages as msg
from .. import dtypes
from .._creation import write_into
from .._tensor import Tensor, typename
from ..autograd.grad_mode import STATE, no_grad
from ._helpers import return_type, short_name


def with_out(fn, name: str | None = None):
    """`fn` as a torch.* function that also takes PyTorch's `out=` keyword (errors name `name`,
    by default the function's own name; the Tensor method stays `fn` itself)."""
    name = name or fn.__name__

    @functools.wraps(fn)
    def wrapper(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        return write_out(out, name, fn, args, kwargs)

    return wrapper


def _tensors_in(values):
    for value in values:
        if isinstance(value, Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            yield from _tensors_in(value)


def write_out(out, name: str, fn, args: tuple, kwargs: dict | None = None):
    """fn's result written into `out`, with PyTorch's checks before anything is written. A
    function with several results (max(dim=...), sort, svd) takes a tuple of tensors."""
    kwargs = kwargs or {}
    several = isinstance(out, (tuple, list))
    if not all(isinstance(each, Tensor) for each in (out if several else (out,))):
        raise TypeError(msg.OUT_NOT_TENSOR.format(name=name, type=typename(type(out))))
    if STATE.enabled and any(t.requires_grad for t in _tensors_in((out, *args, *kwargs.values()))):
        raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name=name))
    for each in out if several else (out,):
        _check_no_partial_overlap(each, _tensors_in((*args, *kwargs.values())))
    with no_grad():
        result = fn(*args, **kwargs)
    if not several:
        return checked_write(out, result)
    if not isinstance(result, tuple) or len(result) != len(out):
        raise TypeError(msg.OUT_NOT_TENSOR.format(name=name, type=typename(type(out))))
    written = [checked_write(o, r) for o, r in zip(out, result)]
    return type(result)(*written) if hasattr(result, "_fields") else tuple(written)


def checked_write(out: Tensor, result: Tensor) -> Tensor:
    """`result` written into `out` after PyTorch's dtype and device checks."""
    if not dtypes.can_cast(result.dtype, out.dtype):
        raise RuntimeError(
            msg.INPLACE_CAST.format(result=short_name(result.dtype), out=short_name(out.dtype))
        )
    if result.device != out.device:
        raise RuntimeError(msg.OUT_DEVICE.format(expected=result.device, got=out.device))
    return write_into(out, result)


__all__: list[str] = []  # no torch.* functions of its own


def write_outs(out, name: str, fn, args: tuple, kwargs: dict | None = None) -> tuple:
    """fn's results (a tuple of tensors) written one by one into the tensors of `out` (a tuple
    or list of as many), with write_out's checks before anything is written."""
    kwargs = kwargs or {}
    if not isinstance(out, (tuple, list)) or not all(isinstance(o, Tensor) for o in out):
        raise TypeError(msg.OUT_NOT_TUPLE.format(name=name, type=type(out).__name__))
    operands = list(_tensors_in((*args, *kwargs.values())))
    if STATE.enabled and any(t.requires_grad for t in (*out, *operands)):
        raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name=name))
    for o in out:
        _check_no_partial_overlap(o, operands)
    with no_grad():
        results = tuple(fn(*args, **kwargs))
    if len(results) != len(out):
        raise RuntimeError(msg.OUT_COUNT.format(name=name, expected=len(results), got=len(out)))
    return tuple(checked_write(o, r) for o, r in zip(out, results))


def with_pair_out(fn):
    """`fn` (returning values, indices) taking PyTorch's `out=(values, indices)` as well."""
    name = fn.__name__

    @functools.wraps(fn)
    def wrapper(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        if not isinstance(out, (tuple, list)) or not all(isinstance(o, Tensor) for o in out):
            raise TypeError(msg.OUT_NOT_TUPLE.format(name=name, type=type(out).__name__))
        if STATE.enabled and any(
            t.requires_grad for t in (*out, *args, *kwargs.values()) if isinstance(t, Tensor)
        ):
            raise RuntimeError(msg.OUT_REQUIRES_GRAD.format(name=name))
        for o in out:
            _check_no_partial_overlap(o, _tensors_in((*args, *kwargs.values())))
        with no_grad():
            values, indices = fn(*args, **kwargs)
        if out[1].dtype is not indices.dtype:
            raise RuntimeError(
                msg.OUT_SCALAR_TYPE.format(
                    expected=short_name(indices.dtype), found=short_name(out[1].dtype)
                )
            )
        if out[0].dtype is not values.dtype:
            raise RuntimeError(
                msg.OUT_SCALAR_TYPE.format(
                    expected=short_name(values.dtype), found=short_name(out[0].dtype)
                )
            )
        return return_type(name + "_out")(
            checked_write(out[0], values), checked_write(out[1], indices)
        )

    return wrapper


def _check_no_partial_overlap(out: Tensor, operands) -> None:
    """PyTorch's refusal to write `out` while reading a tensor that shares part of it."""
    from .inplace import check_no_partial_overlap  # inplace.py sits above this module

    check_no_partial_overlap(out, operands)
