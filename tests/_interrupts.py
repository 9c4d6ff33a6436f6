"""Interrupt injection: a `KeyboardInterrupt` at each point inside autograd_nb where CPython may
deliver a signal (a function's entry or resumption, a loop's back-edge), one run per point,
and whether each run left the state untouched or complete.

On Python 3.12+ the points are `sys.monitoring`'s PY_START, PY_RESUME and backward JUMP events;
on 3.10 and 3.11 `sys.settrace`'s "call" events of a function's entry and the "line" events
reached by a backward jump (at an instruction offset below the frame's previous line event's).
Only code in autograd_nb's files counts.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

import autograd_nb

PACKAGE = str(Path(autograd_nb.__file__).resolve().parent)


class Injected(KeyboardInterrupt):
    """The interrupt this helper raises (a KeyboardInterrupt, so BaseException handlers see it)."""


def _ours(code) -> bool:
    return code.co_filename.startswith(PACKAGE)


class _Points:
    """Counts the injection points passed; raises `Injected` at point `at` (None: never)."""

    def __init__(self, at: int | None) -> None:
        self.at = at
        self.count = 0
        self.fired = False

    def hit(self) -> None:
        if self.fired:
            return
        if self.count == self.at:
            self.fired = True
            raise Injected(f"injected at point {self.at}")
        self.count += 1


if sys.version_info >= (3, 12):
    _mon = sys.monitoring
    _TOOL = _mon.DEBUGGER_ID

    def _run_with(points: _Points, operation: Callable[[], object]) -> None:
        # An exception raised by a JUMP or PY_RESUME callback skips the frame's own handlers
        # (CPython 3.12, 3.13), unlike a signal there: those points raise at the LINE event
        # that follows (the jump's target, the resumed line) instead.
        pending: set = set()

        def on_start(code, _offset):
            if not _ours(code):
                return _mon.DISABLE
            points.hit()
            return None

        def on_resume(code, _offset):
            if not _ours(code):
                return _mon.DISABLE
            pending.add(code)
            return None

        def on_jump(code, offset, destination):
            if destination > offset or not _ours(code):
                return _mon.DISABLE  # a forward jump, or not ours: never a point
            pending.add(code)
            return None

        def on_line(code, _line):
            if not _ours(code):
                return _mon.DISABLE
            if code in pending:
                pending.discard(code)
                points.hit()
            return None

        _mon.use_tool_id(_TOOL, "interrupt injection")
        try:
            events = _mon.events
            _mon.register_callback(_TOOL, events.PY_START, on_start)
            _mon.register_callback(_TOOL, events.PY_RESUME, on_resume)
            _mon.register_callback(_TOOL, events.JUMP, on_jump)
            _mon.register_callback(_TOOL, events.LINE, on_line)
            _mon.set_events(_TOOL, events.PY_START | events.PY_RESUME | events.JUMP | events.LINE)
            _mon.restart_events()
            operation()
        finally:  # leave no instrumentation behind: later tests read reference counts
            _mon.set_events(_TOOL, 0)
            for event in (events.PY_START, events.PY_RESUME, events.JUMP, events.LINE):
                _mon.register_callback(_TOOL, event, None)
            _mon.restart_events()
            _mon.free_tool_id(_TOOL)

else:

    def _run_with(points: _Points, operation: Callable[[], object]) -> None:
        last_offset: dict = {}  # frame -> the instruction offset of its last line event

        def local(frame, event, _arg):
            if event == "line":
                offset = frame.f_lasti
                previous = last_offset.get(frame)
                last_offset[frame] = offset
                if previous is not None and offset <= previous:  # a backward jump
                    points.hit()
            return local

        def on_call(frame, event, _arg):
            if event != "call" or not _ours(frame.f_code):
                return None
            if frame not in last_offset:  # a function's entry (a generator's resumption and
                points.hit()  # its closing look alike here: neither counts)
            return local

        old = sys.gettrace()
        sys.settrace(on_call)
        try:
            operation()
        finally:
            sys.settrace(old)


def _run_counted(points: _Points, operation: Callable[[], object]) -> None:
    """`operation()` counted by `points`, with the cycle collector off: the finalizers it would
    run at unforeseeable moments would make the count differ between runs."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        _run_with(points, operation)
    finally:
        if enabled:
            gc.enable()


def count_points(operation: Callable[[], object]) -> int:
    """How many injection points `operation()` passes inside autograd_nb."""
    points = _Points(None)
    _run_counted(points, operation)
    return points.count


def interrupted(operation: Callable[[], object], at: int) -> bool:
    """Run `operation()` with a KeyboardInterrupt at injection point `at`; whether it fired (and
    reached the caller: an operation that swallowed it would be a bug the caller reports)."""
    points = _Points(at)
    try:
        _run_counted(points, operation)
    except Injected:
        return True
    assert not points.fired, f"the interrupt at point {at} was swallowed"
    return False


def same(a, b) -> bool:
    """Whether two snapshots (nested dicts, lists, tuples, arrays, numbers) are equal."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (
            isinstance(a, np.ndarray)
            and isinstance(b, np.ndarray)
            and a.dtype == b.dtype
            and a.shape == b.shape
            and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
        )
    return type(a) is type(b) and a == b


def partial_points(
    make: Callable[[], object],
    operation: Callable[[object], object],
    snapshot: Callable[[object], object],
    max_points: int | None = None,
) -> tuple[int, list[int]]:
    """(the number of injection points of `operation(make())`, those where an interrupt left a
    state that is neither `snapshot` before nor after a complete run).

    `make()` must build the same state each time; each point runs on a fresh one. Above
    `max_points` points, that many are tried, spread evenly (first and last included).
    """
    operation(make())  # a first run fills the library's caches: the counts then stay put
    state = make()
    before = snapshot(state)
    n = count_points(lambda: operation(state))
    after = snapshot(state)
    assert not same(before, after), "the operation changed nothing: it proves nothing"
    again = make()
    snapshot(again)  # (taking one may create what it reads, a version counter: so each run)
    assert count_points(lambda: operation(again)) == n, "the operation is not deterministic"
    chosen = range(n)
    if max_points is not None and n > max_points:
        chosen = sorted({round(i * (n - 1) / (max_points - 1)) for i in range(max_points)})
    partial = []
    for at in chosen:
        state = make()
        snapshot(state)
        assert interrupted(lambda state=state: operation(state), at)
        now = snapshot(state)
        if not (same(now, before) or same(now, after)):
            partial.append(at)
    return n, partial
