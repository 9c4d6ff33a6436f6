"""`RAdam`: Adam whose adaptive step is switched on only once its variance estimate is reliable.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    p = p * (1 - lr * weight_decay)  if decoupled_weight_decay, else  g = g + weight_decay * p
    m = beta1 * m + (1 - beta1) * g;   v = beta2 * v + (1 - beta2) * g * g
    rho_inf = 2 / (1 - beta2) - 1;     rho_t = rho_inf - 2 t beta2**t / (1 - beta2**t)
    m_hat = m / (1 - beta1**t)
    p = p - lr * m_hat * sqrt(1 - beta2**t) / (sqrt(v) + eps) * r_t     if rho_t > 5, with
        r_t = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t))
    p = p - lr * m_hat                                                    otherwise
"""

from __future__ import annotations

from ._rules import begin_step, decayed_grad, update_moments
from .adam import check_adam_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam: `RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
    decoupled_weight_decay=False)`."""

    _grad_dtype_must_match = True  # its exp_avg lerps towards the gradient

    def __init__(
        self,
        params,
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        check_adam_hyper(lr, betas, eps, weight_decay)
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "decoupled_weight_decay": decoupled_weight_decay,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One RAdam update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
            for param in self._params_with_grad(group):
                state, step = begin_step(self.state[param], param, "exp_avg", "exp_avg_sq")
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                grad = decayed_grad(param, group, group["decoupled_weight_decay"])
                update_moments(state, grad, beta1, beta2)
                bias_correction2 = 1 - beta2**step
                bias_corrected_exp_avg = exp_avg / (1 - beta1**step)
                rho_inf = 2 / (1 - beta2) - 1
                rho_t = rho_inf - 2 * step * (beta2**step) / bias_correction2
                if rho_t > 5.0:
                    rect = (
                        (rho_t - 4)
                        * (rho_t - 2)
                        * rho_inf
                        / ((rho_inf - 4) * (rho_inf - 2) * rho_t)
                    ) ** 0.5
                    adaptive_lr = (bias_correction2**0.5) / exp_avg_sq.sqrt().add_(eps)
                    param.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
                else:
                    param.add_(bias_corrected_exp_avg * lr, alpha=-1.0)
