"""`Adadelta`: step sizes from running averages of squared gradients and squared updates.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize):

    g = g + weight_decay * p                              (if weight_decay != 0)
    v = rho * v + (1 - rho) * g * g                       ("square_avg")
    delta = sqrt(u + eps) / sqrt(v + eps) * g
    u = rho * u + (1 - rho) * delta * delta               ("acc_delta")
    p = p - lr * delta
"""

from __future__ import annotations

from .. import _messages as msg
from ._rules import begin_step, decayed_grad
from .adam import check_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Adadelta: `Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0)`."""

    def __init__(
        self,
        params,
        lr: float = 1.0,
        rho: float = 0.9,
        eps: float = 1e-6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        capturable: bool = False,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        check_hyper(lr=lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(msg.OPTIM_INVALID.format(what="rho value", value=rho))
        check_hyper(eps=eps, weight_decay=weight_decay)
        defaults = {
            "lr": lr,
            "rho": rho,
            "eps": eps,
            "weight_decay": weight_decay,
            "maximize": maximize,
            "capturable": capturable,
            "foreach": foreach,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One Adadelta update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, rho, eps = group["lr"], group["rho"], group["eps"]
            for param in self._params_with_grad(group):
                state, _ = begin_step(self.state[param], param, "square_avg", "acc_delta")
                square_avg, acc_delta = state["square_avg"], state["acc_delta"]
                grad = decayed_grad(param, group)
                square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
                std = square_avg.add(eps).sqrt_()
                delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
                acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
                param.add_(delta, alpha=-lr)
