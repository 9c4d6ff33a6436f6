"""`Rprop`: resilient backpropagation, one step size per coordinate driven by gradient signs.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize):

    s = sign(g * g_prev)
    size = clamp(size * (etaplus if s > 0, etaminus if s < 0, 1 if s == 0), *step_sizes)
    g = 0 where s < 0                     (the sign flipped: skip this coordinate once)
    p = p - sign(g) * size;   g_prev = g  ("prev", "step_size"; size starts at lr)
"""

from __future__ import annotations

from .. import _messages as msg
from .._creation import full_like
from ..ops.comparison import where
from ._rules import begin_step
from .adam import check_hyper
from .optimizer import Optimizer, _no_grad_step

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Rprop: `Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50))`."""

    _grad_first = True  # its first op on the gradient is `grad.mul(prev)`

    def __init__(
        self,
        params,
        lr: float = 1e-2,
        etas: tuple[float, float] = (0.5, 1.2),
        step_sizes: tuple[float, float] = (1e-6, 50),
        *,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        check_hyper(lr=lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(msg.OPTIM_ETAS.format(eta0=etas[0], eta1=etas[1]))
        defaults = {
            "lr": lr,
            "etas": etas,
            "step_sizes": step_sizes,
            "foreach": foreach,
            "maximize": maximize,
            "differentiable": differentiable,
            "capturable": capturable,
        }
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        """One Rprop update of every parameter that has a gradient."""
        for group in self.param_groups:
            etaminus, etaplus = group["etas"]
            step_size_min, step_size_max = group["step_sizes"]
            for param in self._params_with_grad(group):
                grad = -param.grad if group["maximize"] else param.grad
                state, _ = begin_step(self.state[param], param, "prev")
                if "step_size" not in state:  # created with the rest, after "prev"
                    state["step_size"] = full_like(grad, group["lr"])
                prev, step_size = state["prev"], state["step_size"]
                sign = grad.mul(prev).sign()
                factor = where(
                    sign.gt(0), etaplus, where(sign.lt(0), etaminus, where(sign.eq(0), 1.0, sign))
                )
                step_size.mul_(factor).clamp_(step_size_min, step_size_max)
                grad = grad.masked_fill(factor.eq(etaminus), 0)
                param.addcmul_(grad.sign(), step_size, value=-1)
                prev.copy_(grad)
