"""Gradient clipping: `clip_grad_norm_` (rescale all grads so their joint norm is at most
max_norm) and `clip_grad_value_` (clamp each grad element), in place under no_grad, as PyTorch."""

from __future__ import annotations

import types
import warnings
from collections.abc import Iterable

from ... import _messages as msg
from ..._tensor import Tensor
from ...autograd.grad_mode import no_grad
from ...autograd.undo import UndoLog

__all__ = ["clip_grad_norm_", "clip_grad_value_", "get_total_norm", "clip_grads_with_norm_"]


def _as_list(tensors) -> list:
    return [tensors] if isinstance(tensors, Tensor) else list(tensors)


def get_total_norm(
    tensors: Tensor | Iterable[Tensor],
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
    foreach: bool | None = None,
) -> Tensor:
    """The norm of the norms of the tensors: the norm of all their elements taken together."""
    from ..._creation import tensor
    from ...ops import stack

    tensors = _as_list(tensors)
    norm_type = float(norm_type)
    if not tensors:
        return tensor(0.0)
    with no_grad():
        first = tensors[0].device
        total = stack([t.norm(norm_type).to(first) for t in tensors]).norm(norm_type)
    if error_if_nonfinite and bool(total.isnan() | total.isinf()):
        raise RuntimeError(msg.CLIP_GRAD_NONFINITE.format(norm_type=norm_type))
    return total


def clip_grads_with_norm_(
    parameters: Tensor | Iterable[Tensor],
    max_norm: float,
    total_norm: Tensor,
    foreach: bool | None = None,
) -> None:
    """Multiply every grad by min(1, max_norm / (total_norm + 1e-6)), all or nothing under
    interrupts (PyTorch keeps the grads it scaled before one)."""
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    max_norm = float(max_norm)
    if not grads:
        return
    undo = UndoLog()
    try:
        with no_grad():
            clip_coef = (max_norm / (total_norm + 1e-6)).clamp(max=1.0)
            for g in grads:
                undo.values(g)
                g.mul_(clip_coef.to(g.device))
    except BaseException:
        undo.undo()
        raise


def clip_grad_norm_(
    parameters: Tensor | Iterable[Tensor],
    max_norm: float,
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
    foreach: bool | None = None,
) -> Tensor:
    """Scale the grads in place so their total norm is at most max_norm; return the old norm."""
    is_generator = isinstance(parameters, types.GeneratorType)
    parameters = _as_list(parameters)
    if is_generator and not parameters:
        warnings.warn(msg.CLIP_GRAD_EMPTY, stacklevel=2)
    grads = [p.grad for p in parameters if p.grad is not None]
    undo = UndoLog()  # (the grad mode too, were an interrupt to land as a no_grad block exits)
    try:
        total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    except BaseException:
        undo.undo()
        raise
    return total_norm


def clip_grad_value_(
    parameters: Tensor | Iterable[Tensor], clip_value: float, foreach: bool | None = None
) -> None:
    """Clamp every grad element into [-clip_value, clip_value] in place."""
    clip_value = float(clip_value)
    with no_grad():
        for p in _as_list(parameters):
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)
