"""The schedulers meant to be stepped per batch that cycle the lr (and the momentum): `CyclicLR`
and `OneCycleLR`, exported from `torch.optim.lr_scheduler`."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import _messages as msg
from ._scheduler_base import LRScheduler, _fn_state, _per_group
from .optimizer import Optimizer

__all__ = ["CyclicLR", "OneCycleLR"]


def _init_cycled_momentum(
    scheduler: LRScheduler, last_epoch: int, **momenta: float | list[float]
) -> dict[str, list]:
    """Check the optimizer has a momentum (or Adam's betas) to cycle, set `use_beta1`, and give
    each momentum argument one value per group (checked in the order given); on a fresh start
    write `max_momentum` into the groups' momentum and both bounds into each group."""
    optimizer = scheduler.optimizer
    if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
        raise ValueError(msg.ONE_CYCLE_MOMENTUM)
    scheduler.use_beta1 = "betas" in optimizer.defaults
    values = {
        name: _per_group(optimizer, value, msg.LR_SCHEDULER_PARAM_LENGTH, name)
        for name, value in momenta.items()
    }
    if last_epoch == -1:
        for i, group in enumerate(optimizer.param_groups):
            _set_momentum(group, values["max_momentum"][i], scheduler.use_beta1)
            group["max_momentum"] = values["max_momentum"][i]
            group["base_momentum"] = values["base_momentum"][i]
    return values


def _set_momentum(group: dict[str, Any], momentum: float, use_beta1: bool) -> None:
    if use_beta1:
        group["betas"] = (momentum, *group["betas"][1:])
    else:
        group["momentum"] = momentum


class CyclicLR(LRScheduler):
    """Cyclical learning rates, stepped once per batch: the lr goes up from `base_lr` to `max_lr`
    in `step_size_up` steps and back down in `step_size_down`, the amplitude scaled per cycle
    ('triangular', 'triangular2') or per step ('exp_range', or `scale_fn`); the momentum moves
    the other way between `max_momentum` and `base_momentum`."""

    def __init__(
        self,
        optimizer: Optimizer,
        base_lr: float | list[float],
        max_lr: float | list[float],
        step_size_up: int = 2000,
        step_size_down: int | None = None,
        mode: str = "triangular",
        gamma: float = 1.0,
        scale_fn: Callable[[float], float] | None = None,
        scale_mode: str = "cycle",
        cycle_momentum: bool = True,
        base_momentum: float | list[float] = 0.8,
        max_momentum: float | list[float] = 0.9,
        last_epoch: int = -1,
    ) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(msg.LR_SCHEDULER_NOT_OPTIMIZER.format(type=type(optimizer).__name__))
        self.optimizer = optimizer
        base_lrs = _per_group(optimizer, base_lr, msg.LR_SCHEDULER_PARAM_LENGTH, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group["lr"] = lr
        self.max_lrs = _per_group(optimizer, max_lr, msg.LR_SCHEDULER_PARAM_LENGTH, "max_lr")
        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.total_size = step_size_up + step_size_down
        self.step_ratio = step_size_up / self.total_size
        if mode not in ["triangular", "triangular2", "exp_range"] and scale_fn is None:
            raise ValueError(msg.CYCLIC_MODE)
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._init_scale_fn()
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            momenta = _init_cycled_momentum(
                self, last_epoch, base_momentum=base_momentum, max_momentum=max_momentum
            )
            self.base_momentums = momenta["base_momentum"]
            self.max_momentums = momenta["max_momentum"]
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self) -> None:
        """The built-in modes fix what the scale function counts: cycles or steps."""
        if self._scale_fn_custom is None and self.mode in ("triangular", "triangular2"):
            self.scale_mode = "cycle"
        elif self._scale_fn_custom is None and self.mode == "exp_range":
            self.scale_mode = "iterations"

    def scale_fn(self, x: float) -> float:
        """The amplitude's scale at cycle (or step) `x`: `scale_fn`'s, or the mode's."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / (2.0 ** (x - 1))
        return self.gamma**x

    def get_lr(self) -> list[float]:
        """The lr of this step for each group (and, with `cycle_momentum`, set its momentum)."""
        self._warn_if_called_outside_step()
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle
        if x <= self.step_ratio:
            scale_factor = x / self.step_ratio
        else:
            scale_factor = (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [
            base_lr + (max_lr - base_lr) * scale_factor * self.scale_fn(at)
            for base_lr, max_lr in zip(self.base_lrs, self.max_lrs)
        ]
        if self.cycle_momentum:
            for group, base_momentum, max_momentum in zip(
                self.optimizer.param_groups, self.base_momentums, self.max_momentums
            ):
                _set_momentum(
                    group,
                    max_momentum
                    - (max_momentum - base_momentum) * scale_factor * self.scale_fn(at),
                    self.use_beta1,
                )
        return lrs

    def state_dict(self) -> dict[str, Any]:
        """Every attribute except the optimizer; of `scale_fn`, a callable object's attributes
        (a plain function cannot be saved)."""
        state = super().state_dict()
        state["_scale_fn_custom"] = _fn_state(state.pop("_scale_fn_custom"))  # last, as PyTorch
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore attributes saved by `state_dict()`, and those of a callable-object scale_fn."""
        fn_state = state_dict["_scale_fn_custom"]
        super().load_state_dict(
            {key: value for key, value in state_dict.items() if key != "_scale_fn_custom"}
        )
        if fn_state is not None:
            self._scale_fn_custom.__dict__.update(fn_state)
        self._init_scale_fn()


def _phase(
    end_step: float, start_lr: str, end_lr: str, start_momentum: str, end_momentum: str
) -> dict[str, Any]:
    """One phase of `OneCycleLR`: the step it ends at, and the group keys it goes from and to."""
    return {
        "end_step": end_step,
        "start_lr": start_lr,
        "end_lr": end_lr,
        "start_momentum": start_momentum,
        "end_momentum": end_momentum,
    }


class OneCycleLR(LRScheduler):
    """The 1cycle policy, stepped once per batch: the lr rises from `max_lr / div_factor` to
    `max_lr`, then falls far below its start, while the momentum (or Adam's beta1) moves the
    other way between `max_momentum` and `base_momentum`."""

    def __init__(
        self,
        optimizer: Optimizer,
        max_lr: float | list[float],
        total_steps: int | None = None,
        epochs: int | None = None,
        steps_per_epoch: int | None = None,
        pct_start: float = 0.3,
        anneal_strategy: str = "cos",
        cycle_momentum: bool = True,
        base_momentum: float | list[float] = 0.85,
        max_momentum: float | list[float] = 0.95,
        div_factor: float = 25.0,
        final_div_factor: float = 1e4,
        three_phase: bool = False,
        last_epoch: int = -1,
    ) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(msg.LR_SCHEDULER_NOT_OPTIMIZER.format(type=type(optimizer).__name__))
        self.optimizer = optimizer
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError(
                    msg.ONE_CYCLE_POSITIVE.format(name="total_steps", value=total_steps)
                )
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            for name, value in (("epochs", epochs), ("steps_per_epoch", steps_per_epoch)):
                if not isinstance(value, int) or value <= 0:
                    raise ValueError(msg.ONE_CYCLE_POSITIVE.format(name=name, value=value))
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError(msg.ONE_CYCLE_NO_LENGTH)

        warmup = _phase(
            float(pct_start * self.total_steps) - 1,
            "initial_lr",
            "max_lr",
            "max_momentum",
            "base_momentum",
        )
        if three_phase:
            self._schedule_phases = [
                warmup,
                _phase(
                    float(2 * pct_start * self.total_steps) - 2,
                    "max_lr",
                    "initial_lr",
                    "base_momentum",
                    "max_momentum",
                ),
                _phase(
                    self.total_steps - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum"
                ),
            ]
        else:
            self._schedule_phases = [
                warmup,
                _phase(self.total_steps - 1, "max_lr", "min_lr", "base_momentum", "max_momentum"),
            ]

        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError(msg.ONE_CYCLE_PCT_START.format(value=pct_start))
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError(msg.ONE_CYCLE_ANNEAL.format(value=anneal_strategy))
        self._anneal_func_type = anneal_strategy

        max_lrs = _per_group(optimizer, max_lr, msg.LR_SCHEDULER_PARAM_LENGTH, "max_lr")
        if last_epoch == -1:
            for group, group_max_lr in zip(optimizer.param_groups, max_lrs):
                group["initial_lr"] = group_max_lr / div_factor
                group["max_lr"] = group_max_lr
                group["min_lr"] = group["initial_lr"] / final_div_factor

        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            _init_cycled_momentum(
                self, last_epoch, max_momentum=max_momentum, base_momentum=base_momentum
            )
        super().__init__(optimizer, last_epoch)

    def _anneal_func(self, start: float, end: float, pct: float) -> float:
        """From `start` (pct 0) to `end` (pct 1), along half a cosine or a straight line."""
        if self._anneal_func_type == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def _current_phase(self) -> tuple[dict[str, Any], float]:
        """The phase `last_epoch` falls in, and how far through it (0 to 1) it is."""
        start_step = 0.0
        for phase in self._schedule_phases:
            if self.last_epoch <= phase["end_step"] or phase is self._schedule_phases[-1]:
                break
            start_step = phase["end_step"]
        return phase, (self.last_epoch - start_step) / (phase["end_step"] - start_step)

    def get_lr(self) -> list[float]:
        """The lr of this step for each group (and, with `cycle_momentum`, set its momentum)."""
        self._warn_if_called_outside_step()
        if self.last_epoch > self.total_steps:
            raise ValueError(
                msg.ONE_CYCLE_TOO_MANY_STEPS.format(step=self.last_epoch, total=self.total_steps)
            )
        phase, pct = self._current_phase()
        lrs = []
        for group in self.optimizer.param_groups:
            lrs.append(self._anneal_func(group[phase["start_lr"]], group[phase["end_lr"]], pct))
            if self.cycle_momentum:
                _set_momentum(
                    group,
                    self._anneal_func(
                        group[phase["start_momentum"]], group[phase["end_momentum"]], pct
                    ),
                    self.use_beta1,
                )
        return lrs
