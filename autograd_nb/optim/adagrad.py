"""`Adagrad`: per-coordinate learning rates shrinking with the sum of squared gradients.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    g = g + weight_decay * p               (if weight_decay != 0)
    clr = lr / (1 + (t - 1) * lr_decay)
    s = s + g * g                          ("sum", starts at initial_accumulator_value)
    p = p - clr * g / (sqrt(s) + eps)

Unlike the other optimizers, Adagrad creates its state ("step", "sum") in `__init__`.
"""

from __future__ import annotations

from .._creation import full_like
from ._rules import decayed_grad, scalar_state
from .adam import check_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad: `Adagrad(params, lr=1e-2, lr_decay=0, weight_decay=0,
    initial_accumulator_value=0, eps=1e-10)`."""

    def __init__(
        self,
        params,
        lr: float = 1e-2,
        lr_decay: float = 0,
        weight_decay: float = 0,
        initial_accumulator_value: float = 0,
        eps: float = 1e-10,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        check_hyper(
            lr=lr,
            lr_decay=lr_decay,
            weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value,
            eps=eps,
        )
        defaults = {
            "lr": lr,
            "lr_decay": lr_decay,
            "eps": eps,
            "weight_decay": weight_decay,
            "initial_accumulator_value": initial_accumulator_value,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "fused": fused,
        }
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = scalar_state()
                state["sum"] = full_like(p, initial_accumulator_value)

    @_no_grad_step
    def step(self, closure=None):
        """One Adagrad update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, lr_decay, eps = group["lr"], group["lr_decay"], group["eps"]
            for param in self._params_with_grad(group):
                state = self.state[param]
                state["step"] += 1
                step = state["step"].item()
                grad = decayed_grad(param, group)
                clr = lr / (1 + (step - 1) * lr_decay)
                state["sum"].add_(grad * grad)  # state_sum.addcmul_(grad, grad, value=1)
                std = state["sum"].sqrt().add_(eps)
                param.add_(grad / std, alpha=-clr)  # param.addcdiv_(grad, std, value=-clr)
