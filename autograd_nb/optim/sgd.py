"""`SGD`: stochastic gradient descent with optional momentum, dampening, Nesterov and weight decay.

PyTorch's single-tensor rule, for each parameter p with gradient g (`-g` when maximize):

    g = g + weight_decay * p                       (if weight_decay != 0)
    buf = g            on the first step           (if momentum != 0)
    buf = momentum * buf + (1 - dampening) * g     afterwards
    g = g + momentum * buf  if nesterov else  buf
    p = p - lr * g
"""

from __future__ import annotations

from .. import _messages as msg
from ._rules import decayed_grad
from ._staged import StagedStep, stage_sgd
from .optimizer import Optimizer, _no_grad_step

__all__ = ["SGD"]


class SGD(Optimizer):
    """Stochastic gradient descent (optionally with momentum): `SGD(params, lr=1e-3, ...)`."""

    _counts_steps = False  # its state is the momentum buffer alone

    def __init__(
        self,
        params,
        lr: float = 1e-3,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        if lr < 0.0:
            raise ValueError(msg.OPTIM_INVALID.format(what="learning rate", value=lr))
        if momentum < 0.0:
            raise ValueError(msg.OPTIM_INVALID.format(what="momentum value", value=momentum))
        if weight_decay < 0.0:
            raise ValueError(
                msg.OPTIM_INVALID.format(what="weight_decay value", value=weight_decay)
            )
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "dampening": dampening,
            "weight_decay": weight_decay,
            "nesterov": nesterov,
            "maximize": maximize,
            "foreach": foreach,
            "differentiable": differentiable,
            "fused": fused,
        }
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError(msg.OPTIM_NESTEROV)
        super().__init__(params, defaults)

    def _staged_step(self) -> StagedStep | None:
        return stage_sgd(self)

    @_no_grad_step
    def step(self, closure=None):
        """One SGD update of every parameter that has a gradient; returns the closure's loss."""
        for group in self.param_groups:
            lr, momentum, dampening = group["lr"], group["momentum"], group["dampening"]
            nesterov = group["nesterov"]
            for param in self._params_with_grad(group):
                grad = decayed_grad(param, group)
                if momentum != 0:
                    state = self.state[param]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = state["momentum_buffer"] = grad.detach().clone()
                    else:
                        buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                    grad = grad.add(buf, alpha=momentum) if nesterov else buf
                param.add_(grad, alpha=-lr)
