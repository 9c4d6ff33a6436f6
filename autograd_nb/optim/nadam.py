"""`NAdam`: Adam with Nesterov momentum, whose momentum coefficient warms up over the steps.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    p = p * (1 - lr * weight_decay)  if decoupled_weight_decay, else  g = g + weight_decay * p
    mu_t = beta1 * (1 - 0.5 * 0.96 ** (t * momentum_decay))   (mu_{t+1} likewise)
    prod = prod * mu_t                                        ("mu_product", a 0-dim scalar)
    m = beta1 * m + (1 - beta1) * g;   v = beta2 * v + (1 - beta2) * g * g
    denom = sqrt(v / (1 - beta2**t)) + eps
    p = p - lr * (1 - mu_t) / (1 - prod) * g / denom
    p = p - lr * mu_{t+1} / (1 - prod * mu_{t+1}) * m / denom
"""

from __future__ import annotations

from .. import _messages as msg
from ._rules import begin_step, decayed_grad, update_moments
from .adam import check_adam_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """NAdam: `NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
    momentum_decay=4e-3, decoupled_weight_decay=False)`."""

    _grad_dtype_must_match = True  # its exp_avg lerps towards the gradient

    def __init__(
        self,
        params,
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum_decay: float = 4e-3,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        check_adam_hyper(lr, betas, eps, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(
                msg.OPTIM_INVALID.format(what="momentum_decay value", value=momentum_decay)
            )
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "momentum_decay": momentum_decay,
            "decoupled_weight_decay": decoupled_weight_decay,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One NAdam update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
            momentum_decay = group["momentum_decay"]
            for param in self._params_with_grad(group):
                state, step = begin_step(
                    self.state[param], param, "exp_avg", "exp_avg_sq", mu_product=1.0
                )
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                grad = decayed_grad(param, group, group["decoupled_weight_decay"])
                mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
                mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
                mu_product = state["mu_product"].mul_(mu).item()
                update_moments(state, grad, beta1, beta2)
                denom = exp_avg_sq.div(1 - beta2**step).sqrt().add_(eps)
                param.addcdiv_(grad, denom, value=-lr * (1.0 - mu) / (1.0 - mu_product))
                param.addcdiv_(exp_avg, denom, value=-lr * mu_next / (1.0 - mu_product * mu_next))
