"""`Adamax`: Adam with the infinity norm of past gradients in place of their root mean square.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    g = g + weight_decay * p                          (if weight_decay != 0)
    m = beta1 * m + (1 - beta1) * g                   ("exp_avg")
    u = max(beta2 * u, |g| + eps)                     ("exp_inf")
    p = p - lr / (1 - beta1**t) * m / u
"""

from __future__ import annotations

from ..ops.comparison import maximum
from ._rules import begin_step, decayed_grad
from .adam import check_adam_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["Adamax"]


class Adamax(Optimizer):
    """Adamax: `Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0)`."""

    _grad_dtype_must_match = True  # its exp_avg lerps towards the gradient

    def __init__(
        self,
        params,
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        check_adam_hyper(lr, betas, eps, weight_decay)
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One Adamax update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
            for param in self._params_with_grad(group):
                state, step = begin_step(self.state[param], param, "exp_avg", "exp_inf")
                exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
                grad = decayed_grad(param, group)
                exp_avg.lerp_(grad, 1 - beta1)
                exp_inf.copy_(maximum(exp_inf.mul_(beta2), grad.abs().add_(eps)))
                clr = lr / (1 - beta1**step)
                param.addcdiv_(exp_avg, exp_inf, value=-clr)
