"""Full backward hooks of a module: an identity Function around its inputs and outputs.

`Module.register_full_backward_hook` hooks see the gradients w.r.t. a module's outputs and
inputs. As in PyTorch, a call passes the inputs and outputs through `BackwardHookFunction`, whose
backward hands the output gradients to the pre-hooks and the input gradients to the hooks.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from ... import _messages as msg
from ..._tensor import Tensor
from ...autograd.function import Function
from ...autograd.grad_mode import STATE
from ...autograd.gradient_checks import checked_hook_results

if TYPE_CHECKING:
    from .module import Module

__all__ = ["BackwardHookFunction", "BackwardHookState"]


class BackwardHookFunction(Function):
    """Identity on the module's input (or output) tensors; its backward calls the module's hooks."""

    @staticmethod
    def forward(ctx, state, is_output, *tensors):
        ctx.state, ctx.is_output = state, is_output
        ctx.set_materialize_grads(not is_output)  # output hooks see None for unused outputs
        ctx.mark_non_differentiable(*[t for t in tensors if not t.requires_grad])
        return tensors

    @staticmethod
    def backward(ctx, *grads):
        grads = (
            ctx.state.on_output_grads(grads) if ctx.is_output else ctx.state.on_input_grads(grads)
        )
        return (None, None, *grads)


class BackwardHookState:
    """One forward call's link between the output grads and the input grads of a module."""

    def __init__(self, module: Module, hooks: list, pre_hooks: list):
        self.module = module
        self.hooks = hooks
        self.pre_hooks = pre_hooks
        self.n_inputs = 0
        self.input_hooked = False
        self.grad_outputs = None

    def setup_inputs(self, args: tuple) -> tuple:
        positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        self.n_inputs = len(positions)
        if not (STATE.enabled and any(args[i].requires_grad for i in positions)):
            return args
        self.input_hooked = True
        new = BackwardHookFunction.apply(self, False, *(args[i] for i in positions))
        args = list(args)
        for i, t in zip(positions, new):
            args[i] = t
        return tuple(args)

    def setup_outputs(self, result):
        single = isinstance(result, Tensor)
        outputs = (result,) if single else result
        if not (
            isinstance(outputs, tuple)
            and STATE.enabled
            and any(isinstance(o, Tensor) and o.requires_grad for o in outputs)
        ):
            return result
        positions = [i for i, o in enumerate(outputs) if isinstance(o, Tensor)]
        new = BackwardHookFunction.apply(self, True, *(outputs[i] for i in positions))
        outputs = list(outputs)
        for i, t in zip(positions, new):
            outputs[i] = t
        return outputs[0] if single else tuple(outputs)

    def on_output_grads(self, grads: tuple) -> tuple:
        self.grad_outputs = tuple(grads)
        for hook in self.pre_hooks:
            out = hook(self.module, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(grads):
                raise RuntimeError(
                    msg.BACKWARD_PRE_HOOK_COUNT.format(got=len(out), expected=len(grads))
                )
            # PyTorch runs module hooks inside a tensor hook named 'hook': its checks and name
            self.grad_outputs = checked_hook_results(hook, self.grad_outputs, out, name="hook")
        grads = self.grad_outputs
        if not self.input_hooked:  # no input needs a gradient: the hooks run now, with Nones
            warnings.warn(msg.FULL_BACKWARD_HOOK_NO_INPUT_GRAD, UserWarning, stacklevel=2)
            self._run_hooks((None,) * self.n_inputs)
        return grads

    def on_input_grads(self, grads: tuple) -> tuple:
        return self._run_hooks(grads)

    def _run_hooks(self, grad_input: tuple) -> tuple:
        for hook in self.hooks:
            out = hook(self.module, grad_input, self.grad_outputs)
            if out is None:
                continue
            out = (out,) if isinstance(out, Tensor) else tuple(out)
            if len(out) != len(grad_input):
                raise RuntimeError(
                    msg.MODULE_BACKWARD_HOOK_COUNT.format(
                        n_out=len(out), n_grad_input=len(grad_input)
                    )
                )
            grad_input = checked_hook_results(hook, grad_input, out, name="hook")
        return grad_input
