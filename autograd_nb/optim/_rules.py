"""Pieces the single-tensor update rules of several optimizers share."""

from __future__ import annotations

from typing import Any

from .. import dtypes
from .._creation import tensor, zeros_like
from .._tensor import Tensor

__all__ = ["begin_step", "decayed_grad", "scalar_state", "signed_grad", "update_moments"]


def scalar_state(value: float = 0.0) -> Tensor:
    """A 0-dim tensor: how PyTorch keeps "step" and other per-parameter scalars, float64 when
    the default dtype is float64 and float32 otherwise (PyTorch's `_get_scalar_dtype`)."""
    double = dtypes.get_default_dtype() == dtypes.float64
    return tensor(value, dtype=dtypes.float64 if double else dtypes.float32)


def begin_step(
    state: dict[str, Any], param: Tensor, *buffers: str, **scalars: float
) -> tuple[dict[str, Any], float]:
    """Count one more step in a parameter's state and return (state, step). The state is filled
    in at the first step as PyTorch does: "step" (0), the named float32 scalars, then a zero
    tensor like the parameter for each of `buffers`."""
    if len(state) == 0:
        state["step"] = scalar_state()
        for name, value in scalars.items():
            state[name] = scalar_state(value)
        for name in buffers:
            state[name] = zeros_like(param)
    state["step"] += 1
    return state, state["step"].item()


def signed_grad(param: Tensor, group: dict[str, Any]) -> Tensor:
    """The gradient to follow before any weight decay: negated when maximizing."""
    return -param.grad if group["maximize"] else param.grad


def decayed_grad(param: Tensor, group: dict[str, Any], decoupled: bool = False) -> Tensor:
    """The gradient to follow: negated when maximizing, plus `weight_decay * param` (L2); with
    `decoupled`, the parameter is shrunk by `1 - lr * weight_decay` in place instead (AdamW)."""
    grad = signed_grad(param, group)
    weight_decay = group["weight_decay"]
    if weight_decay != 0:
        if decoupled:
            param.mul_(1 - group["lr"] * weight_decay)
        else:
            grad = grad.add(param, alpha=weight_decay)
    return grad


def update_moments(state: dict[str, Any], grad: Tensor, beta1: float, beta2: float) -> None:
    """Adam's running averages, in place: "exp_avg" towards g, "exp_avg_sq" towards g * g."""
    state["exp_avg"].lerp_(grad, 1 - beta1)
    state["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
