"""`torch.profiler`: PyTorch's newer profiler API over the same recorder as
`torch.autograd.profiler` (see autograd_profiler.py): activities, a step `schedule`, and
`on_trace_ready` called with the profiler after each recorded cycle.

Only CPU time is measured; `ProfilerActivity.CUDA` is accepted and adds nothing.
"""

from __future__ import annotations

import enum
import os
import socket
import time
import warnings
from collections.abc import Callable, Iterable

from .. import _messages as msg
from . import autograd_profiler
from .autograd_profiler import EventList, record_function

__all__ = [
    "ProfilerAction",
    "ProfilerActivity",
    "profile",
    "record_function",
    "schedule",
    "supported_activities",
    "tensorboard_trace_handler",
]


class ProfilerActivity(enum.Enum):
    """What a profile records: CPU ops (CUDA kernels are not measured here)."""

    CPU = 0
    XPU = 1
    MTIA = 2
    CUDA = 3
    HPU = 4
    PrivateUse1 = 5


class ProfilerAction(enum.Enum):
    """What the profiler does during a step, as a `schedule` answers it."""

    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


_RECORDING = (ProfilerAction.WARMUP, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)


def supported_activities() -> set:
    """The activities this build can record."""
    return {ProfilerActivity.CPU}


def schedule(
    *,
    wait: int,
    warmup: int,
    active: int,
    repeat: int = 0,
    skip_first: int = 0,
    skip_first_wait: int = 0,
) -> Callable:
    """step -> ProfilerAction: skip `skip_first` steps, then cycles of `wait` idle, `warmup` and
    `active` recorded steps (the last one saved), `repeat` times (0: for ever)."""
    if wait < 0 or warmup < 0 or active <= 0 or repeat < 0 or skip_first < 0:
        raise AssertionError(
            msg.PROFILER_SCHEDULE.format(
                wait=wait, warmup=warmup, active=active, repeat=repeat, skip_first=skip_first
            )
        )
    if warmup == 0:
        warnings.warn(msg.PROFILER_NO_WARMUP, stacklevel=2)

    def schedule_fn(step: int) -> ProfilerAction:
        if step < 0:
            raise AssertionError(msg.PROFILER_NEGATIVE_STEP.format(step=step))
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if skip_first_wait != 0:
            step += wait
        num_steps = wait + warmup + active
        if repeat > 0 and step / num_steps >= repeat:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < wait:
            return ProfilerAction.NONE
        if mod_step < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if mod_step < num_steps - 1 else ProfilerAction.RECORD_AND_SAVE

    return schedule_fn


def tensorboard_trace_handler(
    dir_name: str, worker_name: str | None = None, use_gzip: bool = False
) -> Callable:
    """An `on_trace_ready` that writes each recorded cycle to `dir_name` as
    `<worker>.<ns>.pt.trace.json` (gzipped with use_gzip): the files TensorBoard's profiler
    plugin reads."""

    def handler_fn(prof) -> None:
        os.makedirs(dir_name, exist_ok=True)
        worker = worker_name or f"{socket.gethostname()}_{os.getpid()}"
        file_name = f"{worker}.{time.time_ns()}.pt.trace.json" + (".gz" if use_gzip else "")
        prof.export_chrome_trace(os.path.join(dir_name, file_name))

    return handler_fn


def _always_record(step: int) -> ProfilerAction:
    return ProfilerAction.RECORD


class profile:  # noqa: N801 - PyTorch's name
    """`with profile(activities=[ProfilerActivity.CPU]) as prof:` ... `prof.step()` ...;
    then `prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)`."""

    def __init__(
        self,
        *,
        activities: Iterable | None = None,
        schedule: Callable | None = None,
        on_trace_ready: Callable | None = None,
        record_shapes: bool = False,
        profile_memory: bool = False,
        with_stack: bool = False,
        with_flops: bool = False,
        with_modules: bool = False,
        **kwargs,
    ) -> None:
        self.activities = set(activities) if activities else supported_activities()
        self.schedule = schedule or _always_record
        self.record_steps = schedule is not None
        self.on_trace_ready = on_trace_ready
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self.step_num = 0
        self.current_action = ProfilerAction.NONE
        self.profiler: autograd_profiler.profile | None = None  # the recorder of this cycle
        self._finished: autograd_profiler.profile | None = None  # the last finished cycle
        self._step_start: float | None = None

    def __enter__(self) -> profile:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        """Begin at step 0."""
        self.step_num = 0
        self.current_action = self.schedule(0)
        self._enter(self.current_action)

    def stop(self) -> None:
        """End the current step; a cycle still recording is finished and handed out."""
        self._end_step()
        if self.profiler is not None:
            self._finish_cycle()
        self.current_action = ProfilerAction.NONE

    def step(self) -> None:
        """Mark the end of a training step: follow the schedule to the next one."""
        self._end_step()
        previous = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        if previous == ProfilerAction.RECORD_AND_SAVE:
            self._finish_cycle()
        elif previous == ProfilerAction.WARMUP and self.profiler is not None:
            self.profiler._raw.clear()  # warmup steps run the profiler but are not kept
        if self.current_action == ProfilerAction.NONE and self.profiler is not None:
            self._finish_cycle()
        self._enter(self.current_action)

    def _enter(self, action: ProfilerAction) -> None:
        if action in _RECORDING and self.profiler is None:
            self.profiler = autograd_profiler.profile(record_shapes=self.record_shapes)
            self.profiler.__enter__()
        if action in _RECORDING and self.record_steps:
            self._step_start = autograd_profiler._now_us()

    def _end_step(self) -> None:
        if self._step_start is not None and self.profiler is not None:
            autograd_profiler._record(
                f"ProfilerStep#{self.step_num}", self._step_start, autograd_profiler._now_us()
            )
        self._step_start = None

    def _finish_cycle(self) -> None:
        self.profiler.__exit__(None, None, None)
        self._finished, self.profiler = self.profiler, None
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def _events(self) -> EventList:
        if self._finished is None:
            raise RuntimeError(msg.PROFILER_NOT_FINISHED)
        return self._finished.function_events

    def events(self) -> EventList:
        """The events of the last finished cycle."""
        return self._events()

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0):
        """The last cycle's events averaged per name."""
        return self._events().key_averages(group_by_input_shape, group_by_stack_n)

    def export_chrome_trace(self, path: str) -> None:
        """Write the last cycle's events as a Chrome trace."""
        self._events()
        self._finished.export_chrome_trace(path)
