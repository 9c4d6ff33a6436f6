"""`Adam` and `AdamW`: adaptive moment estimation, with L2 or decoupled weight decay.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize), at step t:

    p = p * (1 - lr * weight_decay)       AdamW (decoupled weight decay), or
    g = g + weight_decay * p              Adam (L2 penalty), if weight_decay != 0
    m = beta1 * m + (1 - beta1) * g       ("exp_avg", a lerp towards g)
    v = beta2 * v + (1 - beta2) * g * g   ("exp_avg_sq")
    v_max = max(v_max, v)                 (amsgrad only; used instead of v below)
    p = p - lr / (1 - beta1**t) * m / (sqrt(v) / sqrt(1 - beta2**t) + eps)

The state of each parameter is {"step": tensor(t.), "exp_avg", "exp_avg_sq"[, "max_exp_avg_sq"]}.
"""

from __future__ import annotations

from .. import _messages as msg
from ..ops.comparison import maximum
from ._rules import begin_step, decayed_grad
from ._staged import StagedStep, stage_adam
from .optimizer import Optimizer, _no_grad_step

__all__ = ["Adam", "AdamW"]


def check_hyper(**values) -> None:
    """PyTorch's 'Invalid ... value' errors for negative learning rates, eps, decays, ..."""
    names = {"lr": "learning rate", "eps": "epsilon value"}
    for name, value in values.items():
        if not 0.0 <= value:
            raise ValueError(
                msg.OPTIM_INVALID.format(what=names.get(name, f"{name} value"), value=value)
            )


def check_adam_hyper(
    lr: float, betas: tuple[float, float], eps: float, weight_decay: float
) -> None:
    """The checks Adam and its relatives (Adamax, NAdam, RAdam) make, in PyTorch's order."""
    check_hyper(lr=lr, eps=eps)
    for index, beta in enumerate(betas):
        if not 0.0 <= beta < 1.0:
            raise ValueError(msg.OPTIM_BETA.format(index=index, value=beta))
    check_hyper(weight_decay=weight_decay)


class Adam(Optimizer):
    """Adam: `Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, ...)`."""

    _grad_dtype_must_match = True  # its exp_avg lerps towards the gradient

    def __init__(
        self,
        params,
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        amsgrad: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
        decoupled_weight_decay: bool = False,
    ) -> None:
        check_adam_hyper(lr, betas, eps, weight_decay)
        defaults = {
            "lr": lr,
            "betas": tuple(betas),
            "eps": eps,
            "weight_decay": weight_decay,
            "amsgrad": amsgrad,
            "maximize": maximize,
            "foreach": foreach,
            "capturable": capturable,
            "differentiable": differentiable,
            "fused": fused,
            "decoupled_weight_decay": decoupled_weight_decay,
        }
        super().__init__(params, defaults)

    def _staged_step(self) -> StagedStep | None:
        return stage_adam(self)

    @_no_grad_step
    def step(self, closure=None):
        """One Adam update of every parameter that has a gradient; returns the closure's loss."""
        for group in self.param_groups:
            lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
            amsgrad = group["amsgrad"]
            buffers = ("exp_avg", "exp_avg_sq") + (("max_exp_avg_sq",) if amsgrad else ())
            for param in self._params_with_grad(group):
                state, step = begin_step(self.state[param], param, *buffers)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                grad = decayed_grad(param, group, group["decoupled_weight_decay"])
                exp_avg.add_(grad - exp_avg, alpha=1 - beta1)  # exp_avg.lerp_(grad, 1 - beta1)
                exp_avg_sq.mul_(beta2).add_(grad * grad, alpha=1 - beta2)  # ...addcmul_(g, g)
                step_size = lr / (1 - beta1**step)
                bias_correction2_sqrt = (1 - beta2**step) ** 0.5
                if amsgrad:
                    state["max_exp_avg_sq"].copy_(maximum(state["max_exp_avg_sq"], exp_avg_sq))
                    denom = (state["max_exp_avg_sq"].sqrt() / bias_correction2_sqrt).add_(eps)
                else:
                    denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
                param.add_(exp_avg / denom, alpha=-step_size)  # param.addcdiv_(exp_avg, denom)


class AdamW(Adam):
    """Adam with decoupled weight decay (default 1e-2): `AdamW(params, lr=1e-3, ...)`."""

    def __init__(
        self,
        params,
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        super().__init__(
            params,
            lr,
            betas,
            eps,
            weight_decay,
            amsgrad,
            foreach=foreach,
            maximize=maximize,
            capturable=capturable,
            differentiable=differentiable,
            fused=fused,
            decoupled_weight_decay=True,
        )

    def __setstate__(self, state) -> None:
        super().__setstate__(state)
        for group in self.param_groups:
            group["decoupled_weight_decay"] = True
