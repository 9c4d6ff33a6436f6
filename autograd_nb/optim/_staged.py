"""Staged optimizer steps: an update prepared aside, then written in by one call into C that no
interrupt can split (the fast path of the optimizers' all-or-nothing step).

The reference step (`optimizer._no_grad_step`) is all or nothing because it copies every
parameter and state buffer into an undo log before changing it: two extra passes over the
model's memory on every step. A staged step is all or nothing by design instead:

1. prepare: everything that may fail or allocate runs while nothing has changed yet (the
   gradient with weight decay, the rule's numbers in the arrays' dtype, a scratch array), and
   the update is written down as a list of in-place ufunc calls on the arrays, in the order the
   reference rule makes them, with each tensor's version count after the step;
2. commit: `deque(starmap(...), maxlen=0)` runs that list and sets the version counters in one
   call into C. No Python code runs inside it, so neither a KeyboardInterrupt (CPython handles
   signals between bytecodes) nor an interrupt injected at a Python function or loop lands
   half-way; every output array is given, so the ufuncs allocate no array either.

A step that does not fit (a first step, which creates the state; arrays that are not NumPy's;
mixed dtypes; a read-only buffer) is left to the reference rule: the stager returns None.
tests/test_optim_staged.py checks each staged step against the reference, bit for bit.
"""

from __future__ import annotations

from collections import deque
from itertools import chain, repeat, starmap

import numpy as np

from .._tensor import Tensor
from ..autograd.versions import version_counter
from ._rules import decayed_grad, signed_grad

__all__ = ["StagedStep", "stage_adam", "stage_sgd"]

_CALL = np.ufunc.__call__  # ufunc(first, second, out), called from C by starmap()


class StagedStep:
    """In-place ufunc calls and version counts, written down to be run together by `commit`.

    `calls` holds `(ufunc, first, second, out)` rows, run in order as `ufunc(first, second,
    out)`; `count` notes how many times a tensor changes in place."""

    __slots__ = ("calls", "_versions")

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self._versions: dict = {}  # version counter -> its value after the step

    def count(self, tensor: Tensor, changes: int) -> None:
        """Write down that `tensor` changes in place `changes` times (its views share the count)."""
        if tensor.is_inference():
            return
        counter = version_counter(tensor)
        self._versions[counter] = self._versions.get(counter, counter.value) + changes

    def commit(self) -> None:
        """Run every written-down call in order, then set the version counters: one C call."""
        versions = self._versions
        deque(
            chain(
                starmap(_CALL, self.calls),
                map(setattr, versions.keys(), repeat("value"), versions.values()),
            ),
            maxlen=0,
        )


def _arrays(*tensors: Tensor) -> list | None:
    """The tensors' NumPy arrays when the staged rule may write on them: one floating dtype and
    one shape, no inference tensor (they count no versions); else None."""
    arrays = [t._data for t in tensors]
    first = arrays[0]
    dtype, shape = first.dtype, first.shape
    for t, data in zip(tensors, arrays):
        if (
            type(data) is not np.ndarray
            or data.dtype != dtype
            or data.shape != shape
            or t.is_inference()
        ):
            return None
    return arrays if dtype.kind == "f" else None


def _scratch(owner, like: np.ndarray) -> np.ndarray:
    """An array shaped as `like`, viewing the optimizer's scratch memory for its dtype (kept
    between steps; one is enough, each parameter's update finishing with it before the next)."""
    scratches = owner.__dict__.setdefault("_staged_scratch", {})
    flat = scratches.get(like.dtype)
    if flat is None or flat.size < like.size:
        flat = scratches[like.dtype] = np.empty(like.size, like.dtype)
    return flat[: like.size].reshape(like.shape)


def stage_sgd(optimizer) -> StagedStep | None:
    """SGD's rule (sgd.py) staged, or None where it does not fit.

    Per parameter, as the reference's in-place ops compute it (the numbers cast to the arrays'
    dtype, as NumPy casts a Python float):
        buf *= momentum; buf += (1 - dampening) * g      (with momentum)
        step = lr * (g + momentum * buf if nesterov else buf); p -= step
    """
    staged = StagedStep()
    calls = staged.calls
    for group in optimizer.param_groups:
        lr, momentum, dampening = group["lr"], group["momentum"], group["dampening"]
        nesterov = group["nesterov"]
        for param in optimizer._params_with_grad(group):
            grad = decayed_grad(param, group)  # a new tensor where it differs from .grad
            if momentum == 0:
                arrays = _arrays(param, grad)
                if arrays is None:
                    return None
                p, direction = arrays
                step = _scratch(optimizer, p)
            else:
                state = optimizer.state.get(param)
                buf = None if state is None else state.get("momentum_buffer")
                arrays = None if buf is None else _arrays(param, grad, buf)
                if arrays is None or not arrays[2].flags.writeable:
                    return None
                p, g, b = arrays
                m = p.dtype.type(momentum)
                if dampening != 0:
                    g = g * p.dtype.type(1 - dampening)
                step = _scratch(optimizer, p)
                calls += ((np.multiply, b, m, b), (np.add, b, g, b))
                staged.count(buf, 2)
                direction = b
                if nesterov:
                    calls += ((np.multiply, b, m, step), (np.add, g, step, step))
                    direction = step
            calls += ((np.multiply, direction, p.dtype.type(lr), step), (np.subtract, p, step, p))
            staged.count(param, 1)
    return staged


def stage_adam(optimizer) -> StagedStep | None:
    """Adam's and AdamW's rule (adam.py) staged, or None where it does not fit (amsgrad too).

    Per parameter at step t, as the reference's in-place ops compute it:
        p *= 1 - lr * weight_decay                      (AdamW)
        t += 1; m += (g - m) * (1 - beta1); v *= beta2; v += g * g * (1 - beta2)
        s = sqrt(v) / sqrt(1 - beta2**t) + eps; p += m / s * -(lr / (1 - beta1**t))
    """
    staged = StagedStep()
    calls = staged.calls
    for group in optimizer.param_groups:
        lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
        weight_decay, decoupled = group["weight_decay"], group["decoupled_weight_decay"]
        if group["amsgrad"]:
            return None  # (NumPy deprecates maximum's output given by position)
        names = ("exp_avg", "exp_avg_sq")
        for param in optimizer._params_with_grad(group):
            state = optimizer.state.get(param)
            if not state or not all(isinstance(state.get(n), Tensor) for n in names):
                return None  # the first step makes the state (the reference rule)
            counter = state.get("step")
            grad = signed_grad(param, group) if decoupled else decayed_grad(param, group)
            buffers = [state[n] for n in names]
            arrays = _arrays(param, grad, *buffers)
            if (
                arrays is None
                or not isinstance(counter, Tensor)
                or type(counter._data) is not np.ndarray
                or counter.is_inference()
                or not all(a.flags.writeable for a in arrays[2:] + [counter._data])
            ):
                return None
            p, g, m, v = arrays[:4]
            number = p.dtype.type
            t = counter._data
            one = t.dtype.type(1)
            step = (t + one).item()
            calls.append((np.add, t, one, t))
            staged.count(counter, 1)
            if decoupled and weight_decay != 0:
                calls.append((np.multiply, p, number(1 - lr * weight_decay), p))
                staged.count(param, 1)
            towards = g - m  # aside: m and p are as they were until the commit
            squared = g * g
            calls += (
                (np.multiply, towards, number(1 - beta1), towards),
                (np.add, m, towards, m),
                (np.multiply, v, number(beta2), v),
                (np.multiply, squared, number(1 - beta2), squared),
                (np.add, v, squared, v),
            )
            staged.count(buffers[0], 1)
            staged.count(buffers[1], 2)
            denom = _scratch(optimizer, p)
            calls += (
                (np.sqrt, v, denom),
                (np.divide, denom, number((1 - beta2**step) ** 0.5), denom),
                (np.add, denom, number(eps), denom),
                (np.divide, m, denom, denom),
                (np.multiply, denom, number(-(lr / (1 - beta1**step))), denom),
                (np.add, p, denom, p),
            )
            staged.count(param, 1)
    return staged
