"""The base class of the learning-rate schedulers (`LRScheduler`) and what they share: one
value per param group, the saved state of user functions, noticing `optimizer.step()` calls."""

from __future__ import annotations

import types
import warnings
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any

from .. import _messages as msg
from .optimizer import Optimizer


def _lrs(optimizer: Optimizer, key: str = "lr") -> list:
    return [group[key] for group in optimizer.param_groups]


def _per_group(optimizer: Optimizer, value: Any, message: str, name: str = "") -> list:
    """One value per param group: one value repeated, or a list or tuple with one per group
    (else ValueError `message`, PyTorch's text for that argument)."""
    groups = len(optimizer.param_groups)
    if not isinstance(value, (list, tuple)):
        return [value] * groups
    if len(value) != groups:
        raise ValueError(message.format(name=name, got=len(value), expected=groups))
    return list(value)


def _fn_state(fn: Callable | None) -> dict[str, Any] | None:
    """What `state_dict()` keeps of a user function: a callable object's attributes; nothing
    for None or a plain function (it cannot be saved)."""
    return None if fn is None or isinstance(fn, types.FunctionType) else fn.__dict__.copy()


def _track_step_calls(scheduler: LRScheduler) -> None:
    """Wrap `optimizer.step` once so the scheduler can tell whether it was called yet."""
    opt = scheduler.optimizer
    if hasattr(opt.step, "_wrapped_by_lr_sched"):
        return
    opt_ref = weakref.ref(opt)
    func = opt.step.__func__

    @wraps(func)
    def wrapper(*args, **kwargs):
        optimizer = opt_ref()
        optimizer._opt_called = True
        return func.__get__(optimizer, optimizer.__class__)(*args, **kwargs)

    wrapper._wrapped_by_lr_sched = True
    opt.step = wrapper


class LRScheduler:
    """Base class: subclasses give `get_lr()` (recursive) and `_get_closed_form_lr()`."""

    _get_lr_called_within_step: bool = False
    _is_initial: bool = False

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(msg.LR_SCHEDULER_NOT_OPTIMIZER.format(type=type(optimizer).__name__))
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(msg.LR_SCHEDULER_INITIAL_LR.format(index=i))
        self.base_lrs: list = _lrs(optimizer, "initial_lr")
        self.last_epoch = last_epoch
        _track_step_calls(self)
        self._initial_step()

    def _initial_step(self) -> None:
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def state_dict(self) -> dict[str, Any]:
        """Every attribute except the optimizer."""
        return {key: value for key, value in self.__dict__.items() if key != "optimizer"}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore attributes saved by `state_dict()`."""
        self.__dict__.update(state_dict)

    def get_last_lr(self) -> list[float]:
        """The learning rates set by the latest `step()`, one per param group."""
        return self._last_lr

    def get_lr(self) -> list[float]:
        """The next learning rates (called by `step`; use `get_last_lr` to read them)."""
        raise NotImplementedError

    def _warn_if_called_outside_step(self) -> None:
        if not self._get_lr_called_within_step:
            warnings.warn(msg.LR_SCHEDULER_GET_LR_WARNING, UserWarning, stacklevel=3)

    def step(self, epoch: int | None = None) -> None:
        """Advance one epoch (or jump to `epoch`) and write the new lr into each param group."""
        if self._step_count == 1:
            if not hasattr(self.optimizer.step, "_wrapped_by_lr_sched"):
                warnings.warn(msg.LR_SCHEDULER_STEP_OVERRIDDEN_WARNING, UserWarning, stacklevel=2)
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn(msg.LR_SCHEDULER_ORDER_WARNING, UserWarning, stacklevel=2)
        self._step_count += 1
        if epoch is not None:
            warnings.warn(msg.LR_SCHEDULER_EPOCH_WARNING, UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch: int | None = None) -> None:
        """Move to the next epoch (recursive form) or to `epoch` (closed form if there is one)."""
        with self._within_step():
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                self.last_epoch = epoch
                values = (
                    self._get_closed_form_lr()
                    if hasattr(self, "_get_closed_form_lr")
                    else self.get_lr()
                )
        self._set_lrs(values)

    @contextmanager
    def _within_step(self) -> Iterator[None]:
        """Calls to `get_lr()` inside this block come from a step: no warning."""
        self._get_lr_called_within_step = True
        try:
            yield
        finally:
            self._get_lr_called_within_step = False

    def _set_lrs(self, values: Iterable[float]) -> None:
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = _lrs(self.optimizer)
