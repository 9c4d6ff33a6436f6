"""Learning-rate schedulers: `LambdaLR`, `MultiplicativeLR`, `StepLR`, `MultiStepLR`,
`ConstantLR`, `LinearLR`, `ExponentialLR`, `PolynomialLR`, `CosineAnnealingLR`,
`CosineAnnealingWarmRestarts`, `ReduceLROnPlateau`, `CyclicLR` and `OneCycleLR`
(`LRScheduler`), and `SequentialLR` and `ChainedScheduler`, which combine schedulers.

A scheduler rewrites `group["lr"]` of its optimizer each time `scheduler.step()` is called (once
per epoch, after `optimizer.step()`; per batch for `OneCycleLR`). As in PyTorch, `step()` uses the
recursive ("chainable") form, which multiplies the current lr, and `step(epoch)` the closed form
from the base lr. Creating a scheduler already takes one step (epoch 0), and stores `initial_lr`
in each group. `ReduceLROnPlateau` is the exception: `step(metrics)` cuts the lr when the metric
stops improving. `CyclicLR`, `OneCycleLR` and `CosineAnnealingWarmRestarts` are meant to be
stepped per batch; the latter also takes fractional epochs in `step(epoch)`.
"""

from __future__ import annotations

import math
import warnings
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, SupportsFloat

from .. import _messages as msg
from ._cyclic_lr import CyclicLR, OneCycleLR
from ._scheduler_base import LRScheduler, _fn_state, _lrs, _per_group
from .optimizer import Optimizer

__all__ = [
    "LRScheduler",
    "LambdaLR",
    "MultiplicativeLR",
    "StepLR",
    "MultiStepLR",
    "ConstantLR",
    "LinearLR",
    "ExponentialLR",
    "SequentialLR",
    "PolynomialLR",
    "CosineAnnealingLR",
    "ChainedScheduler",
    "ReduceLROnPlateau",
    "CyclicLR",
    "CosineAnnealingWarmRestarts",
    "OneCycleLR",
]


class _LambdaScheduler(LRScheduler):
    """Shared by `LambdaLR` and `MultiplicativeLR`: one lr function per group; `state_dict()`
    keeps the attributes of callable objects but not plain functions (they cannot be saved)."""

    def __init__(
        self, optimizer: Optimizer, lr_lambda: Callable[[int], float] | list, last_epoch: int = -1
    ) -> None:
        self.lr_lambdas: list = _per_group(optimizer, lr_lambda, msg.LR_LAMBDAS_LENGTH)
        super().__init__(optimizer, last_epoch)

    def state_dict(self) -> dict[str, Any]:
        """Every attribute except the optimizer; for each lr function, its `__dict__` or None."""
        state = {
            key: value
            for key, value in self.__dict__.items()
            if key not in ("optimizer", "lr_lambdas")
        }
        state["lr_lambdas"] = [_fn_state(fn) for fn in self.lr_lambdas]
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore attributes saved by `state_dict()`, and those of callable-object lr functions."""
        saved = {key: value for key, value in state_dict.items() if key != "lr_lambdas"}
        self.__dict__.update(saved)
        for fn, fn_state in zip(self.lr_lambdas, state_dict["lr_lambdas"]):
            if fn_state is not None:
                fn.__dict__.update(fn_state)


class LambdaLR(_LambdaScheduler):
    """Set the lr to the base lr times `lr_lambda(epoch)` (a function, or one per group)."""

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        return [
            base_lr * lmbda(self.last_epoch)
            for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs)
        ]


class MultiplicativeLR(_LambdaScheduler):
    """Multiply the lr by `lr_lambda(epoch)` every epoch (a function, or one per group)."""

    def __init__(
        self, optimizer: Optimizer, lr_lambda: Callable[[int], float] | list, last_epoch: int = -1
    ) -> None:
        lr_lambdas = _per_group(optimizer, lr_lambda, msg.LR_LAMBDAS_LENGTH)
        for fn in lr_lambdas:
            if not callable(fn):
                raise TypeError(msg.LR_LAMBDA_NOT_CALLABLE.format(type=type(fn).__name__))
        super().__init__(optimizer, lr_lambdas, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self._is_initial:
            return _lrs(self.optimizer)
        return [
            lr * lmbda(self.last_epoch) for lmbda, lr in zip(self.lr_lambdas, _lrs(self.optimizer))
        ]


class StepLR(LRScheduler):
    """Multiply the lr by `gamma` every `step_size` epochs."""

    def __init__(
        self, optimizer: Optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _lrs(self.optimizer)
        return [lr * self.gamma for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        return [
            base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs
        ]


class MultiStepLR(LRScheduler):
    """Multiply the lr by `gamma` at each milestone epoch (by `gamma**n` for one listed n times)."""

    def __init__(
        self,
        optimizer: Optimizer,
        milestones: Iterable[int],
        gamma: float = 0.1,
        last_epoch: int = -1,
    ) -> None:
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self.last_epoch not in self.milestones:
            return _lrs(self.optimizer)
        return [lr * self.gamma ** self.milestones[self.last_epoch] for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        milestones = sorted(self.milestones.elements())
        return [
            base_lr * self.gamma ** bisect_right(milestones, self.last_epoch)
            for base_lr in self.base_lrs
        ]


class ConstantLR(LRScheduler):
    """Multiply the lr by `factor` for the first `total_iters` epochs (a warm-up), then not."""

    def __init__(
        self,
        optimizer: Optimizer,
        factor: float = 1.0 / 3,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError(msg.LR_CONSTANT_FACTOR)
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self.last_epoch == 0:
            return [lr * self.factor for lr in _lrs(self.optimizer)]
        if self.last_epoch != self.total_iters:
            return _lrs(self.optimizer)
        return [lr * (1.0 / self.factor) for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        return [
            base_lr * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
            for base_lr in self.base_lrs
        ]


class LinearLR(LRScheduler):
    """Scale the lr linearly from `start_factor` to `end_factor` over `total_iters` epochs."""

    def __init__(
        self,
        optimizer: Optimizer,
        start_factor: float = 1.0 / 3,
        end_factor: float = 1.0,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(msg.LR_LINEAR_START_FACTOR)
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(msg.LR_LINEAR_END_FACTOR)
        self.start_factor, self.end_factor = start_factor, end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self.last_epoch == 0:
            return [lr * self.start_factor for lr in _lrs(self.optimizer)]
        if self._is_initial or self.last_epoch > self.total_iters:
            return _lrs(self.optimizer)
        change = self.end_factor - self.start_factor  # PyTorch's recursive form, term by term
        ratio = 1.0 + change / (
            self.total_iters * self.start_factor + (self.last_epoch - 1) * change
        )
        return [lr * ratio for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        return [
            base_lr
            * (
                self.start_factor
                + (self.end_factor - self.start_factor)
                * min(self.total_iters, self.last_epoch)
                / self.total_iters
            )
            for base_lr in self.base_lrs
        ]


class ExponentialLR(LRScheduler):
    """Multiply the lr by `gamma` every epoch."""

    def __init__(self, optimizer: Optimizer, gamma: float, last_epoch: int = -1) -> None:
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self._is_initial:
            return _lrs(self.optimizer)
        return [lr * self.gamma for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        return [base_lr * self.gamma**self.last_epoch for base_lr in self.base_lrs]


class PolynomialLR(LRScheduler):
    """Decay the lr to 0 over `total_iters` epochs along `(1 - epoch / total_iters) ** power`."""

    def __init__(
        self, optimizer: Optimizer, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1
    ) -> None:
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        if self._is_initial or self.last_epoch > self.total_iters:
            return _lrs(self.optimizer)
        decay_factor = (
            (1.0 - self.last_epoch / self.total_iters)
            / (1.0 - (self.last_epoch - 1) / self.total_iters)
        ) ** self.power
        return [lr * decay_factor for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        return [
            base_lr
            * (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters) ** self.power
            for base_lr in self.base_lrs
        ]


class CosineAnnealingLR(LRScheduler):
    """Anneal the lr from its base value to `eta_min` along half a cosine over `T_max` epochs
    (and back up over the next `T_max`, as PyTorch's recursive form does)."""

    def __init__(
        self, optimizer: Optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1
    ) -> None:
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        epoch, t_max, eta_min = self.last_epoch, self.T_max, self.eta_min
        if self._is_initial:
            return _lrs(self.optimizer)
        if self._step_count == 1 and epoch > 0:
            return [
                eta_min + (base_lr - eta_min) * (1 + math.cos(epoch * math.pi / t_max)) / 2
                for base_lr in self.base_lrs
            ]
        if (epoch - 1 - t_max) % (2 * t_max) == 0:
            return [
                lr + (base_lr - eta_min) * (1 - math.cos(math.pi / t_max)) / 2
                for base_lr, lr in zip(self.base_lrs, _lrs(self.optimizer))
            ]
        return [
            (1 + math.cos(math.pi * epoch / t_max))
            / (1 + math.cos(math.pi * (epoch - 1) / t_max))
            * (lr - eta_min)
            + eta_min
            for lr in _lrs(self.optimizer)
        ]

    def _get_closed_form_lr(self) -> list[float]:
        return [
            self.eta_min
            + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
            for base_lr in self.base_lrs
        ]


class CosineAnnealingWarmRestarts(LRScheduler):
    """SGDR: anneal the lr from its base value to `eta_min` along half a cosine over `T_i` epochs,
    then jump back up; `T_i` starts at `T_0` and is multiplied by `T_mult` at each restart.
    `step(epoch)` takes fractional epochs too (`epoch + i / iters` to step per batch)."""

    def __init__(
        self,
        optimizer: Optimizer,
        T_0: int,
        T_mult: int = 1,
        eta_min: float = 0.0,
        last_epoch: int = -1,
    ) -> None:
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(msg.WARM_RESTARTS_T_0.format(value=T_0))
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(msg.WARM_RESTARTS_T_MULT.format(value=T_mult))
        if not isinstance(eta_min, (float, int)):
            raise ValueError(msg.WARM_RESTARTS_ETA_MIN.format(value=eta_min, type=type(eta_min)))
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        self._warn_if_called_outside_step()
        return [
            self.eta_min
            + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
            for base_lr in self.base_lrs
        ]

    def step(self, epoch: float | None = None) -> None:
        """Advance one epoch, or go to `epoch` (may be fractional: no deprecation warning here,
        nor a step-order check, as in PyTorch)."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur % self.T_i
                self.T_i = self.T_i * self.T_mult
        elif epoch < 0:
            raise ValueError(msg.WARM_RESTARTS_EPOCH.format(epoch=epoch))
        elif epoch < self.T_0:
            self.T_i = self.T_0
            self.T_cur = epoch
        elif self.T_mult == 1:
            self.T_cur = epoch % self.T_0
        else:  # the restart `epoch` falls after: T_0 * (1 + T_mult + ... + T_mult**(n-1))
            n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult**n - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult**n
        self.last_epoch = math.floor(epoch)
        with self._within_step():
            values = self.get_lr()
        self._set_lrs(values)


class ReduceLROnPlateau(LRScheduler):
    """Multiply the lr by `factor` once the metric passed to `step(metrics)` has not improved
    for more than `patience` epochs, then wait `cooldown` epochs before counting again."""

    def __init__(
        self,
        optimizer: Optimizer,
        mode: str = "min",
        factor: float = 0.1,
        patience: int = 10,
        threshold: float = 1e-4,
        threshold_mode: str = "rel",
        cooldown: int = 0,
        min_lr: float | list[float] = 0,
        eps: float = 1e-8,
    ) -> None:
        if factor >= 1.0:
            raise ValueError(msg.PLATEAU_FACTOR)
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(msg.LR_SCHEDULER_NOT_OPTIMIZER.format(type=type(optimizer).__name__))
        self.optimizer = optimizer
        self.default_min_lr = None if isinstance(min_lr, (list, tuple)) else min_lr
        self.min_lrs = _per_group(optimizer, min_lr, msg.PLATEAU_MIN_LRS)
        self.patience = patience
        self.cooldown = cooldown
        self.eps = eps
        self.last_epoch = 0
        self._last_lr = _lrs(optimizer)
        self._init_is_better(mode, threshold, threshold_mode)
        self._reset()

    def _reset(self) -> None:
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics: SupportsFloat, epoch: int | None = None) -> None:
        """Record this epoch's metric (a number or a one-element tensor); cut the lr if stuck."""
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(msg.LR_SCHEDULER_EPOCH_WARNING, UserWarning, stacklevel=2)
        self.last_epoch = epoch
        if self._is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0  # bad epochs during the cooldown do not count
        if self.num_bad_epochs > self.patience:
            self._reduce_lr()
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = _lrs(self.optimizer)

    def _reduce_lr(self) -> None:
        groups = self.optimizer.param_groups
        if len(groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise RuntimeError(
                    msg.PLATEAU_GROUPS_CHANGED.format(now=len(groups), then=len(self.min_lrs))
                )
            self.min_lrs = [self.default_min_lr] * len(groups)
        for group, min_lr in zip(groups, self.min_lrs):
            old_lr = float(group["lr"])
            new_lr = max(old_lr * self.factor, min_lr)
            if old_lr - new_lr > self.eps:
                group["lr"] = new_lr

    @property
    def in_cooldown(self) -> bool:
        """Whether the lr was cut less than `cooldown` epochs ago."""
        return self.cooldown_counter > 0

    def _is_better(self, a: float, best: float) -> bool:
        rel = self.threshold_mode == "rel"
        if self.mode == "min":
            return a < (best * (1.0 - self.threshold) if rel else best - self.threshold)
        return a > (best * (self.threshold + 1.0) if rel else best + self.threshold)

    def _init_is_better(self, mode: str, threshold: float, threshold_mode: str) -> None:
        if mode not in {"min", "max"}:
            raise ValueError(msg.PLATEAU_MODE.format(mode=mode))
        if threshold_mode not in {"rel", "abs"}:
            raise ValueError(msg.PLATEAU_THRESHOLD_MODE.format(mode=threshold_mode))
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore attributes saved by `state_dict()` (and re-check mode and threshold mode)."""
        self.__dict__.update(state_dict)
        self._init_is_better(self.mode, self.threshold, self.threshold_mode)


class _SchedulerList(LRScheduler):
    """Shared by `SequentialLR` and `ChainedScheduler`: checks the schedulers, and saves and
    loads their states inside its own `state_dict()`."""

    def _check_schedulers(
        self, schedulers: Sequence[LRScheduler], optimizer: Optimizer, what: str = ""
    ) -> None:
        cls = type(self).__name__
        if len(schedulers) < 1:
            raise ValueError(msg.SCHEDULERS_EMPTY.format(cls=cls, what=what))
        optimizer = optimizer or schedulers[0].optimizer
        for index, scheduler in enumerate(schedulers):
            if not hasattr(scheduler, "optimizer"):
                raise TypeError(msg.SCHEDULERS_NO_OPTIMIZER.format(cls=cls, index=index))
            if isinstance(scheduler, ReduceLROnPlateau):
                raise ValueError(msg.SCHEDULERS_PLATEAU.format(cls=cls, index=index))
            if optimizer != scheduler.optimizer:
                raise ValueError(
                    msg.SCHEDULERS_OTHER_OPTIMIZER.format(
                        cls=cls,
                        name=type(scheduler).__name__,
                        index=index,
                        optimizer=scheduler.optimizer,
                        expected=type(optimizer).__name__,
                    )
                )
        self._schedulers = schedulers
        self.optimizer = optimizer

    def state_dict(self) -> dict[str, Any]:
        """Every attribute except the optimizer, with each scheduler's own `state_dict()`."""
        state = {
            key: value
            for key, value in self.__dict__.items()
            if key not in ("optimizer", "_schedulers")
        }
        state["_schedulers"] = [scheduler.state_dict() for scheduler in self._schedulers]
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore attributes saved by `state_dict()`, and each scheduler's state."""
        self.__dict__.update(
            {key: value for key, value in state_dict.items() if key != "_schedulers"}
        )
        for scheduler, state in zip(self._schedulers, state_dict["_schedulers"]):
            scheduler.load_state_dict(state)


class SequentialLR(_SchedulerList):
    """Run `schedulers` one after the other, switching at each of the `milestones` epochs (each
    takes over from its own epoch 0, with the closed form where it has one)."""

    def __init__(
        self,
        optimizer: Optimizer,
        schedulers: list[LRScheduler],
        milestones: list[int],
        last_epoch: int = -1,
    ) -> None:
        self._check_schedulers(schedulers, optimizer)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                msg.SEQUENTIAL_MILESTONES.format(
                    schedulers=len(schedulers), milestones=len(milestones)
                )
            )
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        for group in optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        self.recursive_undo()  # the schedulers each took a step when they were created
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched: LRScheduler | None = None) -> None:
        """Take back the step each (nested) scheduler took when it was created."""
        scheds = self if sched is None else sched
        if hasattr(scheds, "_schedulers"):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, "last_epoch"):
            scheds.last_epoch -= 1

    def step(self) -> None:
        """Step the scheduler in charge of this epoch (restarting it at its milestone)."""
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()


class ChainedScheduler(_SchedulerList):
    """Step all `schedulers` at once, each multiplying the lr the previous one left (their
    recursive forms compose)."""

    def __init__(
        self, schedulers: Sequence[LRScheduler], optimizer: Optimizer | None = None
    ) -> None:
        self._check_schedulers(schedulers, optimizer, " to be chained")
        self._last_lr = _lrs(self._schedulers[-1].optimizer)

    def step(self) -> None:
        """Step every scheduler, in order."""
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _lrs(self._schedulers[-1].optimizer)


# PyTorch's path for every scheduler, whichever module of ours defines it
for _cls in (LRScheduler, CyclicLR, OneCycleLR):
    _cls.__module__ = __name__
del _cls
