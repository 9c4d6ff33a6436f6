"""`RMSprop`: divide the gradient by a running root-mean-square of recent gradients.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize):

    g = g + weight_decay * p                          (if weight_decay != 0)
    v = alpha * v + (1 - alpha) * g * g               ("square_avg")
    avg = sqrt(v - m * m) + eps  with  m = alpha * m + (1 - alpha) * g   if centered ("grad_avg")
    avg = sqrt(v) + eps                                                  otherwise
    buf = momentum * buf + g / avg;  p = p - lr * buf    if momentum > 0 ("momentum_buffer")
    p = p - lr * g / avg                                 otherwise
"""

from __future__ import annotations

from ._rules import begin_step, decayed_grad
from .adam import check_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """RMSprop: `RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
    centered=False)`."""

    def __init__(
        self,
        params,
        lr: float = 1e-2,
        alpha: float = 0.99,
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum: float = 0,
        centered: bool = False,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        check_hyper(lr=lr, eps=eps, momentum=momentum, weight_decay=weight_decay, alpha=alpha)
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "alpha": alpha,
            "eps": eps,
            "centered": centered,
            "weight_decay": weight_decay,
            "capturable": capturable,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One RMSprop update of every parameter that has a gradient."""
        for group in self.param_groups:
            lr, alpha, eps = group["lr"], group["alpha"], group["eps"]
            momentum = group["momentum"]
            buffers = ("square_avg",) + (("momentum_buffer",) if momentum > 0 else ())
            buffers += ("grad_avg",) if group["centered"] else ()
            for param in self._params_with_grad(group):
                state, _ = begin_step(self.state[param], param, *buffers)
                square_avg = state["square_avg"]
                grad = decayed_grad(param, group)
                square_avg.mul_(alpha).add_(grad * grad, alpha=1 - alpha)  # ...addcmul_(g, g)
                if group["centered"]:
                    grad_avg = state["grad_avg"]
                    grad_avg.add_(grad - grad_avg, alpha=1 - alpha)  # grad_avg.lerp_(g, 1 - a)
                    avg = (square_avg - grad_avg * grad_avg).sqrt_()
                else:
                    avg = square_avg.sqrt()
                avg = avg.add_(eps)
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    buf.mul_(momentum).add_(grad / avg)  # buf.mul_(momentum).addcdiv_(g, avg)
                    param.add_(buf, alpha=-lr)
                else:
                    param.add_(grad / avg, alpha=-lr)  # param.addcdiv_(grad, avg, value=-lr)
