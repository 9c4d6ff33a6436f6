"""`Optimizer`: the base class that holds parameter groups and per-parameter state.

As in PyTorch, an optimizer keeps `param_groups` (a list of dicts: the tensors under "params" plus
that group's hyper-parameters, filled in from `defaults`) and `state` (a defaultdict keyed by the
parameter tensors themselves). Subclasses implement `step`, updating each parameter in place under
`no_grad`, so every update bumps the parameter's `_version` exactly as PyTorch's does.

A step is all or nothing: what it may change (the parameters, their state) is noted in an undo
log first, and put back if the step raises or is interrupted (KeyboardInterrupt, MemoryError).
PyTorch keeps the parameters it updated before the interrupt. An optimizer with a staged rule
(SGD, Adam, AdamW) skips those copies in the common case: its step is prepared aside and
committed by one call into C (_staged.py).
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Callable, Iterable
from copy import deepcopy
from itertools import chain
from typing import Any

from .. import _messages as msg
from .._tensor import Tensor, typename
from ..autograd.grad_mode import STATE, enable_grad
from ..autograd.undo import UndoLog
from ..ops._helpers import broadcast_shapes, device_mismatch
from ._rules import scalar_state
from ._staged import StagedStep

__all__ = ["Optimizer", "required"]


class _RequiredParameter:
    """Marks a hyper-parameter with no default: each param group must give it."""

    def __repr__(self) -> str:
        return "<required parameter>"


required = _RequiredParameter()


class Optimizer:
    """Base class of all optimizers: `Optimizer(params, defaults)`."""

    _grad_dtype_must_match = False  # True where PyTorch's rule lerps towards the gradient
    _grad_first = False  # True where PyTorch's shape error names the gradient as tensor a
    _flat_grads = False  # True where gradients are read flattened (LBFGS): numel must match
    _counts_steps = True  # each parameter's state holds a "step" (not SGD's, not LBFGS's)

    def __init__(self, params, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise TypeError(msg.OPTIM_PARAMS_TENSOR.format(type=typename(params)))
        self.state: defaultdict[Tensor, Any] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError(msg.OPTIM_EMPTY)
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    # --- pickling -------------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.defaults.setdefault("differentiable", False)

    def __repr__(self) -> str:
        out = self.__class__.__name__ + " ("
        for i, group in enumerate(self.param_groups):
            out += f"\nParameter Group {i}\n"
            for key in sorted(group.keys()):
                if key != "params":
                    out += f"    {key}: {group[key]}\n"
        return out + ")"

    # --- groups -------------------------------------------------------------------------------
    def add_param_group(self, param_group: dict[str, Any]) -> None:
        """Add a group of tensors with its own hyper-parameters (e.g. unfreezing layers later)."""
        if not isinstance(param_group, dict):
            raise TypeError(msg.OPTIM_GROUP_DICT.format(type=type(param_group)))
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError(msg.OPTIM_PARAMS_SET)
        else:
            param_group["params"] = list(params)

        names = [p[0] for p in param_group["params"] if isinstance(p, tuple)]
        param_group["params"] = [p[1] if isinstance(p, tuple) else p for p in param_group["params"]]
        if names:
            if len(names) != len(param_group["params"]):
                raise ValueError(msg.OPTIM_NAMES_MISSING)
            param_group["param_names"] = names

        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise TypeError(msg.OPTIM_NOT_TENSOR.format(type=typename(param)))
            if not self.defaults.get("differentiable", None) and not (
                param.is_leaf or param.retains_grad
            ):
                raise ValueError(msg.OPTIM_NON_LEAF)

        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(msg.OPTIM_REQUIRED.format(name=name))
            param_group.setdefault(name, default)

        params = param_group["params"]
        if len(params) != len({id(p) for p in params}):
            warnings.warn(msg.OPTIM_DUPLICATE_WARNING, UserWarning, stacklevel=3)

        seen: set[int] = set()
        for group in self.param_groups:
            seen.update(id(p) for p in group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                which = "with names" if "param_names" in param_group else "without names"
                raise ValueError(msg.OPTIM_NAMES_MIXED.format(which=which))
        if not seen.isdisjoint(id(p) for p in params):
            raise ValueError(msg.OPTIM_OVERLAP)
        self.param_groups.append(param_group)

    # --- gradients and steps ------------------------------------------------------------------
    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients: set `.grad` to None (default) or fill it with zeros."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                    continue
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()

    def step(self, closure: Callable[[], Any] | None = None):
        """Update the parameters once from their `.grad` (each subclass's rule)."""
        raise NotImplementedError

    def _evaluate(self, closure: Callable[[], Any] | None):
        """Run the closure (with grad mode on) before a step, as PyTorch's optimizers do."""
        if closure is None:
            return None
        with enable_grad():
            return closure()

    def _params_with_grad(self, group: dict[str, Any]) -> list[Tensor]:
        """The group's parameters that received a gradient (the others are skipped)."""
        params = []
        for p in group["params"]:
            if p.grad is None:
                continue
            params.append(p)
        return params

    def _check_grads(self) -> None:
        """Refuse, before anything changes, a step that would fail part-way: a parameter that
        cannot be written, or a gradient of another device or shape (or dtype, for the rules
        whose lerp needs the parameter's). PyTorch raises these after updating the parameters
        before the bad one; here a failing step updates nothing."""
        same_dtype = self._grad_dtype_must_match
        for group in self.param_groups:
            for p in group["params"]:
                grad = p.grad
                if grad is None:
                    continue
                if grad._backend is not p._backend:
                    raise device_mismatch(p, grad)
                if self._flat_grads:
                    if grad.numel() != p.numel():
                        raise RuntimeError(
                            msg.VIEW_SIZE.format(shape=list(p.shape), numel=grad.numel())
                        )
                elif grad._data.shape != p._data.shape:
                    raise _shape_error(p._data.shape, grad._data.shape, self._grad_first)
                if same_dtype and grad.dtype is not p.dtype:
                    raise RuntimeError(
                        msg.LERP_DTYPE.format(
                            arg="end", expected=_c_name(p.dtype), got=_c_name(grad.dtype)
                        )
                    )
                if not p._backend.is_writable(p._data):
                    raise RuntimeError(msg.INPLACE_READ_ONLY)

    def _staged_step(self) -> StagedStep | None:
        """This step prepared to be committed at once (see _staged.py), or None to take the
        reference step under an undo log; a subclass with a staged rule overrides it."""
        return None

    def _note_step(self, undo: UndoLog, params: Iterable[Tensor]) -> None:
        """Note in `undo` what a step may change: the values of `params`, and their state (its
        dicts, lists and tensors)."""
        undo.contents(self.state)
        for p in params:
            undo.values(p)
            state = self.state.get(p)
            if state is None:
                continue
            undo.contents(state)
            for value in state.values():
                if isinstance(value, Tensor):
                    undo.values(value)
                elif isinstance(value, list):
                    undo.contents(value)

    # --- saving and loading -------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """{'state': {index: state}, 'param_groups': [...]} with parameters replaced by indices."""
        mapping: dict[int, int] = {}
        start = 0

        def pack_group(group: dict[str, Any]) -> dict[str, Any]:
            nonlocal start
            packed = {k: v for k, v in group.items() if k != "params"}
            for i, p in enumerate(group["params"], start):
                mapping.setdefault(id(p), i)
            packed["params"] = [mapping[id(p)] for p in group["params"]]
            start += len(packed["params"])
            return packed

        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {
            (mapping[id(k)] if isinstance(k, Tensor) else k): v for k, v in self.state.items()
        }
        return {"state": packed_state, "param_groups": param_groups}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore a `state_dict()`: groups are matched in order, state moved to each param's
        dtype and device (the tensors are shared with `state_dict` when no move is needed)."""
        groups = self.param_groups
        saved_groups = deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError(msg.OPTIM_LOAD_GROUPS)
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError(msg.OPTIM_LOAD_GROUP_SIZE)
        id_map = dict(
            zip(
                chain.from_iterable(g["params"] for g in saved_groups),
                chain.from_iterable(g["params"] for g in groups),
            )
        )

        def cast(param: Tensor, value, key=None):
            if isinstance(value, Tensor):
                if key == "step":
                    return value
                if param.is_floating_point():
                    return value.to(dtype=param.dtype, device=param.device)
                return value.to(device=param.device)
            if isinstance(value, dict):
                return {k: cast(param, v, key=k) for k, v in value.items()}
            if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
                return type(value)(cast(param, v) for v in value)
            return value

        state: defaultdict[Tensor, Any] = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k in id_map:
                state[id_map[k]] = self._checked_state(k, id_map[k], cast(id_map[k], v))
            else:
                state[k] = v

        def update_group(group: dict[str, Any], new_group: dict[str, Any]) -> dict[str, Any]:
            new_group["params"] = group["params"]
            if "param_names" in group and "param_names" not in new_group:
                new_group["param_names"] = group["param_names"]
            return new_group

        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups)]
        self.__setstate__({"state": state, "param_groups": param_groups})

    def _checked_state(self, index, param: Tensor, state) -> dict[str, Any]:
        """One parameter's loaded state, refused (before anything is loaded) where a step could
        not use it, with its Python-number scalars made tensors as PyTorch's `__setstate__`
        makes them. PyTorch loads a buffer of another shape or type and fails in `step()`,
        after updating the parameters before it; here the load raises and changes nothing."""
        if len(state) == 0:  # PyTorch's test; len() of a non-container raises its TypeError
            return state
        if self._counts_steps and "step" not in state:
            raise KeyError(msg.OPTIM_LOAD_NO_STEP)
        checked = {}
        for key, value in state.items():
            if key in _SCALAR_STATE and not isinstance(value, Tensor):
                value = scalar_state(float(value))
            elif key in _PARAM_SHAPED_STATE and value is not None:
                if not isinstance(value, Tensor):
                    raise TypeError(
                        msg.OPTIM_LOAD_STATE_TYPE.format(
                            key=key, index=index, type=typename(value), shape=list(param.shape)
                        )
                    )
                if value.shape != param.shape:
                    raise ValueError(
                        msg.OPTIM_LOAD_STATE_SHAPE.format(
                            key=key, index=index, got=list(value.shape), shape=list(param.shape)
                        )
                    )
            checked[key] = value
        return checked


# the per-parameter scalars PyTorch's optimizers turn into tensors when loaded (ASGD's eta and
# mu, NAdam's mu_product), and the buffers shaped as their parameter (other keys are kept as they
# are, as PyTorch keeps them)
_SCALAR_STATE = frozenset({"step", "eta", "mu", "mu_product"})
_PARAM_SHAPED_STATE = frozenset(
    {"momentum_buffer", "exp_avg", "exp_avg_sq", "max_exp_avg_sq", "exp_inf", "sum"}
    | {"square_avg", "acc_delta", "grad_avg", "prev", "step_size", "ax"}
)


def _c_name(dtype) -> str:
    """'float', 'double': a dtype as PyTorch's lerp message spells it."""
    return dtype.legacy_name[:-6].lower()


def _shape_error(shape: tuple, grad_shape: tuple, grad_first: bool = False) -> RuntimeError:
    """What PyTorch's in-place update says for a gradient of another shape (its first operand
    the parameter, or the gradient where `grad_first`); a gradient that would broadcast silently
    (PyTorch moves every element by the same amount) is refused too."""
    a, b = (grad_shape, shape) if grad_first else (shape, grad_shape)
    try:
        common = broadcast_shapes(a, b)
    except RuntimeError as error:
        return error
    for out in (a, shape):  # the first in-place result whose shape the broadcast would change
        if common != tuple(out):
            return RuntimeError(
                msg.INPLACE_SHAPE.format(
                    out=", ".join(map(str, out)), shape=", ".join(map(str, common))
                )
            )
    return RuntimeError(msg.GRAD_ASSIGN_SIZE.format(grad=list(grad_shape), tensor=list(shape)))


def _no_grad_step(step):
    """Decorate a subclass's `step`: run the closure with grad on, then update under no_grad,
    all or nothing (the parameters that have a gradient, and their state)."""

    def wrapper(self, closure=None):
        loss = self._evaluate(closure)
        enabled = STATE.enabled  # no_grad's effect, without a context object on every step
        self._check_grads()
        undo = UndoLog()
        try:
            STATE.enabled = False
            staged = self._staged_step()
            if staged is not None:  # the fast path: all or nothing by design (_staged.py)
                staged.commit()
            else:
                self._note_step(
                    undo, (p for group in self.param_groups for p in self._params_with_grad(group))
                )
                step(self)
        except BaseException:
            undo.undo()
            raise
        finally:
            STATE.enabled = enabled
        return loss

    wrapper.__name__, wrapper.__qualname__ = step.__name__, step.__qualname__
    wrapper.__doc__ = step.__doc__
    wrapper.__wrapped__ = step  # the reference rule alone (tests compare the staged step to it)
    return wrapper
