"""Helpers shared by the distributions: broadcasting parameters, probs <-> logits, lazily
computed parameters (PyTorch's `torch.distributions.utils`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from numbers import Number
from typing import Any

from .. import _messages as msg
from .._creation import randn, tensor
from .._size import Size
from .._tensor import Tensor
from .._type_info import finfo
from ..autograd.grad_mode import enable_grad
from ..dtypes import get_default_dtype
from ..ops import broadcast_tensors, sigmoid, softmax

__all__ = ["broadcast_all", "clamp_probs", "lazy_property", "logits_to_probs", "probs_to_logits"]


def broadcast_all(*values) -> tuple:
    """Numbers and tensors broadcast to one shape; numbers take the first tensor's dtype and
    device (the default dtype when all are numbers)."""
    if not all(isinstance(v, (Tensor, Number)) for v in values):
        raise ValueError(msg.DIST_BROADCAST_ALL)
    like = next((v for v in values if isinstance(v, Tensor)), None)
    options = (
        {"dtype": get_default_dtype()}
        if like is None
        else {"dtype": like.dtype, "device": like.device}
    )
    return broadcast_tensors(
        *[v if isinstance(v, Tensor) else tensor(v, **options) for v in values]
    )


def batch_shape_of(given: tuple, broadcast: Tensor) -> Size:
    """A distribution's batch shape: () when every parameter was given as a Python number."""
    return Size() if all(isinstance(v, Number) for v in given) else broadcast.size()


def standard_normal(shape: tuple, like: Tensor) -> Tensor:
    """N(0, 1) noise of `shape` with `like`'s dtype and device: the reparameterisation's eps."""
    return randn(shape, dtype=like.dtype, device=like.device)


def sum_rightmost(value: Tensor, dim: int) -> Tensor:
    """`value` summed over its rightmost `dim` dims."""
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[:-dim]) + (-1,)).sum(-1)


def clamp_probs(probs: Tensor) -> Tensor:
    """Probabilities kept inside [eps, 1 - eps], so that their logits stay finite."""
    eps = finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def logits_to_probs(logits: Tensor, is_binary: bool = False) -> Tensor:
    """sigmoid for a binary variable, softmax over the last dim otherwise."""
    return sigmoid(logits) if is_binary else softmax(logits, dim=-1)


def probs_to_logits(probs: Tensor, is_binary: bool = False) -> Tensor:
    """log-odds for a binary variable, log-probabilities otherwise (probs clamped first)."""
    clamped = clamp_probs(probs)
    if is_binary:
        return clamped.log() - (-clamped).log1p()
    return clamped.log()


class lazy_property:
    """A parameter computed (with grad enabled) on first access, then stored on the instance."""

    def __init__(self, wrapped: Callable):
        self.wrapped = wrapped
        functools.update_wrapper(self, wrapped)  # type: ignore[arg-type]

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        with enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value
