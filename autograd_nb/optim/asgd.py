"""`ASGD`: SGD with a decaying step size that also keeps a running average of the iterates.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    g = g + weight_decay * p                          (if weight_decay != 0)
    p = p * (1 - lambd * eta) - eta * g               (eta starts at lr)
    ax = ax + mu * (p - ax)    (ax = p while mu == 1) ("ax": the averaged parameter)
    eta = lr / (1 + lambd * lr * t) ** alpha;   mu = 1 / max(1, t - t0)
"""

from __future__ import annotations

from ._rules import begin_step, decayed_grad
from .adam import check_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """Averaged SGD: `ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0)`."""

    def __init__(
        self,
        params,
        lr: float = 1e-2,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        check_hyper(lr=lr, weight_decay=weight_decay)
        defaults = {
            "lr": lr,
            "lambd": lambd,
            "alpha": alpha,
            "t0": t0,
            "weight_decay": weight_decay,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One ASGD update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, lambd, alpha, t0 = group["lr"], group["lambd"], group["alpha"], group["t0"]
            for param in self._params_with_grad(group):
                state, step = begin_step(self.state[param], param, "ax", eta=lr, mu=1.0)
                mu, ax, eta = state["mu"], state["ax"], state["eta"]
                grad = decayed_grad(param, group)
                eta_value = eta.item()
                param.mul_(1 - lambd * eta_value)
                param.add_(grad, alpha=-eta_value)
                if mu.item() != 1:
                    ax.add_(param.sub(ax).mul_(mu))
                else:
                    ax.copy_(param)
                eta.fill_(lr / ((1 + lambd * lr * step) ** alpha))
                mu.fill_(1 / max(1, step - t0))
