"""`torch.autograd.profiler`: a small real profiler of our ops and backward nodes.

While a `profile` is active, the public op functions (`torch.*`, `torch.nn.functional.*` and the
op methods of Tensor, operators included) are swapped for timing wrappers, and a flow observer
of the engine records each backward node. When the last profile exits, the originals are put
back: with no profiler active nothing is wrapped and nothing costs anything.

Names follow PyTorch's table: an op is `aten::<name>`, a backward node appears as
`autograd::engine::evaluate_function: <Node>` around `<Node>`, and `record_function(name)` adds
a user range. Nesting is taken from the time intervals: self time is total time minus the
children's. A node's interval starts where the previous node of the same backward ended (or the
backward call began), so it includes the engine's bookkeeping for it.

Deliberate differences: ops that ops call internally by their Python names are not seen (only
the public entry points and Tensor methods), so fewer, coarser `aten::` rows than PyTorch's.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
import threading
import time
from collections import defaultdict

from .. import _messages as msg

__all__ = [
    "EventList",
    "FunctionEvent",
    "FunctionEventAvg",
    "profile",
    "record_function",
]

_ACTIVE: list = []  # the profiles recording now, innermost last
_PATCHED: list = []  # (owner, name, original) while any profile is active
_OPEN: list = []  # the names of the wrapped ops running now, innermost last
_BACKWARD = {"mark": 0.0}  # where the current backward pass (or its last node) ended

# The operators (`__add__`, and `__radd__`/`__iadd__` made from them) profiled as ops, and the
# PyTorch op names of those whose Python name differs.
_OPERATORS = {
    "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "neg", "pos", "abs",
    "invert", "and", "or", "xor", "eq", "ne", "lt", "le", "gt", "ge", "getitem", "setitem",
}  # fmt: skip
_OPERATOR_NAMES = {
    "truediv": "div",
    "floordiv": "floor_divide",
    "mod": "remainder",
    "getitem": "index",
    "setitem": "index_put_",
    "invert": "bitwise_not",
    "and": "bitwise_and",
    "or": "bitwise_or",
    "xor": "bitwise_xor",
    "pos": "positive",
}
_NOT_OPS = {"manual_seed", "seed", "initial_seed"}  # creation-module functions, not ops
_BACKWARD_ENTRIES = ("backward", "grad")


def _now_us() -> float:
    return time.perf_counter_ns() / 1000.0


def _operator(attr: str) -> tuple[str, str] | None:
    """('', 'add') for `__add__`, ('r', 'add') for `__radd__`, ('i', 'add') for `__iadd__`;
    None for a name that is no profiled operator."""
    if not (attr.startswith("__") and attr.endswith("__")):
        return None
    bare = attr[2:-2]
    if bare in _OPERATORS:
        return "", bare
    if bare[:1] in ("i", "r") and bare[1:] in _OPERATORS:
        return bare[0], bare[1:]
    return None


def _op_name(attr: str) -> str:
    """`aten::<name>` for a function or method name (operators named as PyTorch's ops)."""
    operator = _operator(attr)
    if operator is None:
        return f"aten::{attr}"
    kind, bare = operator
    if kind == "r" and bare == "sub":
        return "aten::rsub"
    return f"aten::{_OPERATOR_NAMES.get(bare, bare)}{'_' if kind == 'i' else ''}"


def _record(name: str, start: float, end: float, shapes: list | None = None) -> None:
    for prof in _ACTIVE:
        prof._raw.append((start, end, name, shapes if prof.record_shapes else None))


def _input_shapes(args: tuple) -> list:
    """PyTorch's `input_shapes`: each positional argument's shape, [] for a non-tensor."""
    from .._tensor import Tensor

    return [list(a.shape) if isinstance(a, Tensor) else [] for a in args]


def _timed(fn, name: str):
    """fn, recorded as `name`; a call of the same op from inside it (F.relu calling
    Tensor.relu) is one event, not two."""

    @functools.wraps(fn)
    def timed(*args, **kwargs):
        if _OPEN and _OPEN[-1] == name:
            return fn(*args, **kwargs)
        _OPEN.append(name)
        shapes = _input_shapes(args) if any(p.record_shapes for p in _ACTIVE) else None
        start = _now_us()
        try:
            return fn(*args, **kwargs)
        finally:
            _record(name, start, _now_us(), shapes)
            _OPEN.pop()

    return timed


def _marking(fn):
    """A backward entry point: remembers when the pass starts (its first node starts there)."""

    @functools.wraps(fn)
    def marked(*args, **kwargs):
        _BACKWARD["mark"] = _now_us()
        return fn(*args, **kwargs)

    return marked


def _node_observer(node, *gradients) -> None:
    """The engine's flow observer (told each node after it ran, with the gradients it got and
    sent): record the node as PyTorch names it."""
    end = _now_us()
    start = _BACKWARD["mark"]
    name = node.name()
    _record(f"autograd::engine::evaluate_function: {name}", start, end)
    _record(name, start, end)
    _BACKWARD["mark"] = end


def _is_op(value, modules: tuple) -> bool:
    """Whether `value` is an op of `modules` (not one of the argument checkers they share)."""
    module = getattr(value, "__module__", "")
    return callable(value) and module.startswith(modules) and module != "autograd_nb.ops._helpers"


def _targets():
    """(owner, attribute, wrapper) for every public entry point to time while profiling."""
    import autograd_nb
    from autograd_nb import autograd as autograd_module
    from autograd_nb.nn import functional

    from .._tensor import Tensor

    ops = ("autograd_nb.ops", "autograd_nb._creation", "autograd_nb.nn.functional")
    found = []
    for owner in (autograd_nb, functional):
        for attr, value in vars(owner).items():
            public = not attr.startswith("_") and attr not in _NOT_OPS
            if public and _is_op(value, ops) and not isinstance(value, type):
                found.append((owner, attr, _timed(value, _op_name(attr))))
    for attr, value in vars(Tensor).items():
        if (_operator(attr) or not attr.startswith("_")) and _is_op(value, ops):
            found.append((Tensor, attr, _timed(value, _op_name(attr))))
    found.append((Tensor, "backward", _marking(Tensor.backward)))
    for attr in _BACKWARD_ENTRIES:
        found.append((autograd_module, attr, _marking(getattr(autograd_module, attr))))
    return found


def _start_patching() -> None:
    from ..autograd import engine

    for owner, attr, wrapper in _targets():
        _PATCHED.append((owner, attr, vars(owner)[attr]))
        setattr(owner, attr, wrapper)
    engine.flow_observers.append(_node_observer)


def _stop_patching() -> None:
    from ..autograd import engine

    engine.flow_observers.remove(_node_observer)
    while _PATCHED:
        owner, attr, original = _PATCHED.pop()
        setattr(owner, attr, original)


def _format_time(time_us: float) -> str:
    if time_us >= 1e6:
        return f"{time_us / 1e6:.3f}s"
    if time_us >= 1e3:
        return f"{time_us / 1e3:.3f}ms"
    return f"{time_us:.3f}us"


def _format_time_share(time_us: float, total_us: float) -> str:
    return "NaN" if total_us == 0 else f"{time_us * 100.0 / total_us:.2f}%"


class _TimeStrings:
    """The `*_str` views of an event's times, as PyTorch's events have them, and the memory and
    device counters this profiler does not measure (0, so that `sort_by` on them works)."""

    cpu_memory_usage = self_cpu_memory_usage = 0
    device_time = device_time_total = self_device_time_total = 0.0

    @property
    def cpu_time_str(self) -> str:
        return _format_time(self.cpu_time)

    @property
    def cpu_time_total_str(self) -> str:
        return _format_time(self.cpu_time_total)

    @property
    def self_cpu_time_total_str(self) -> str:
        return _format_time(self.self_cpu_time_total)


class FunctionEvent(_TimeStrings):
    """One timed call: an op, a backward node or a record_function range."""

    def __init__(
        self, id: int, name: str, start_us: float, end_us: float, input_shapes: list | None
    ) -> None:
        self.id = id
        self.name = self.key = name
        self.start_us, self.end_us = start_us, end_us
        self.cpu_parent = None
        self.cpu_children: list = []
        self.count = 1
        self.input_shapes = [] if input_shapes is None else input_shapes
        self.stack = None

    @property
    def cpu_time_total(self) -> float:
        return self.end_us - self.start_us

    cpu_time = cpu_time_total

    @property
    def self_cpu_time_total(self) -> float:
        return self.cpu_time_total - sum(child.cpu_time_total for child in self.cpu_children)

    def __repr__(self) -> str:
        return (
            f"<FunctionEvent id={self.id} name={self.name} cpu_time={self.cpu_time_str} "
            f"start_us={self.start_us:.3f} end_us={self.end_us:.3f} "
            f"cpu_children={[c.id for c in self.cpu_children]}>"
        )


class FunctionEventAvg(_TimeStrings):
    """The events of one name added up: count, total and self CPU time."""

    def __init__(self) -> None:
        self.key = None
        self.count = 0
        self.cpu_time_total = 0.0
        self.self_cpu_time_total = 0.0
        self.cpu_parent = None
        self.input_shapes = None
        self.stack = None

    def add(self, other) -> FunctionEventAvg:
        """Add an event (or another average) of the same key."""
        if self.key is None:
            self.key = other.key
            self.input_shapes = other.input_shapes
        self.count += other.count
        self.cpu_time_total += other.cpu_time_total
        self.self_cpu_time_total += other.self_cpu_time_total
        return self

    @property
    def cpu_time(self) -> float:
        return 0.0 if self.count == 0 else self.cpu_time_total / self.count

    def __repr__(self) -> str:
        return (
            f"<FunctionEventAvg key={self.key} self_cpu_time={self.self_cpu_time_total_str} "
            f"cpu_time={self.cpu_time_str} count={self.count}>"
        )


class EventList(list):
    """A list of events with PyTorch's summaries: key_averages, table, total_average."""

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0):
        """One FunctionEventAvg per event name (and input shapes, if asked), in order of first
        appearance; the input shapes are kept only when grouping by them, as in PyTorch."""
        stats: dict = defaultdict(FunctionEventAvg)
        for event in self:
            name = "ProfilerStep*" if event.key.startswith("ProfilerStep#") else event.key
            key = (name, str(event.input_shapes)) if group_by_input_shape else name
            stats[key].add(event)
            stats[key].key = name
        for average in stats.values():
            if not group_by_input_shape:
                average.input_shapes = None
        return EventList(stats.values())

    def total_average(self) -> FunctionEventAvg:
        """All events added into one, keyed 'Total'."""
        total = FunctionEventAvg()
        for event in self:
            total.add(event)
        total.key = "Total"
        return total

    @property
    def self_cpu_time_total(self) -> float:
        return sum(event.self_cpu_time_total for event in self)

    def table(
        self,
        sort_by: str | None = None,
        row_limit: int = 100,
        max_src_column_width: int = 75,
        max_name_column_width: int = 55,
        max_shapes_column_width: int = 80,
        header: str | None = None,
        top_level_events_only: bool = False,
        time_unit: str | None = None,
    ) -> str:
        """PyTorch's text table: one row per event, sorted by the attribute `sort_by`
        (descending), at most `row_limit` rows."""
        return _build_table(
            self, sort_by, header, row_limit, max_name_column_width, top_level_events_only
        )


_HEADERS = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]


def _build_table(events, sort_by, header, row_limit, max_name_width, top_level_only) -> str:
    if not events:
        return ""
    if sort_by is not None:
        events = sorted(events, key=lambda e: getattr(e, sort_by.replace("cuda", "device")))
        events.reverse()
    name_width = min(max(len(e.key) for e in events) + 4, max_name_width)
    widths = [name_width] + [12] * 6
    headers = _HEADERS + ["# of Calls"]
    with_shapes = any(e.input_shapes for e in events)
    if with_shapes:
        widths.append(min(max(len(str(e.input_shapes)) for e in events) + 4, 80))
        headers.append("Input Shapes")
    row = "".join("{: >" + str(w) + "}  " for w in widths)
    separator = "".join("-" * w + "  " for w in widths)
    line_length = sum(w + 2 for w in widths) - 2
    total = sum(e.self_cpu_time_total for e in events)
    lines = []
    if header is not None:
        lines += ["=" * line_length, header]
    if top_level_only:
        lines += ["=" * line_length, "This report only display top-level ops statistics"]
    lines += [separator, row.format(*headers), separator]
    shown = 0
    for event in events:
        if shown == row_limit:
            break
        if top_level_only and event.cpu_parent is not None:
            continue
        shown += 1
        name = event.key
        if len(name) >= max_name_width - 3:
            name = name[: max_name_width - 3] + "..."
        values = [
            name,
            _format_time_share(event.self_cpu_time_total, total),
            _format_time(event.self_cpu_time_total),
            _format_time_share(event.cpu_time_total, total),
            _format_time(event.cpu_time_total),
            _format_time(event.cpu_time),
            event.count,
        ]
        if with_shapes:
            values.append(str(event.input_shapes)[: widths[-1]])
        lines.append(row.format(*values))
    lines += [separator, f"Self CPU time total: {_format_time(total)}"]
    return "".join(line + "\n" for line in lines)


def _build_events(raw: list) -> EventList:
    """FunctionEvents with parents and children found from the nesting of their intervals."""
    order = sorted(range(len(raw)), key=lambda i: (raw[i][0], -raw[i][1], i))
    events = [None] * len(raw)
    stack: list = []
    for number, i in enumerate(order, 1):
        start, end, name, shapes = raw[i]
        event = events[i] = FunctionEvent(number, name, start, end, shapes)
        while stack and not (stack[-1].start_us <= start and end <= stack[-1].end_us):
            stack.pop()
        if stack:
            event.cpu_parent = stack[-1]
            stack[-1].cpu_children.append(event)
        stack.append(event)
    return EventList(sorted(events, key=lambda e: e.id))


class profile:  # noqa: N801 - PyTorch's name
    """Record the time of every op and backward node run inside `with profile() as prof:`;
    then `prof.key_averages().table(sort_by=..., row_limit=...)`."""

    def __init__(
        self,
        enabled: bool = True,
        *,
        use_cuda: bool = False,
        use_device=None,
        record_shapes: bool = False,
        with_flops: bool = False,
        profile_memory: bool = False,
        with_stack: bool = False,
        with_modules: bool = False,
        use_kineto: bool = False,
        use_cpu: bool = True,
        **kwargs,
    ) -> None:
        self.enabled = enabled
        self.use_cuda = use_cuda
        self.use_device = use_device
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self.entered = False
        self.function_events = None
        self._raw: list = []

    def __enter__(self) -> profile:
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError(msg.PROFILER_REENTERED)
        self.entered = True
        self._raw = []
        if not _ACTIVE:
            _start_patching()
        _ACTIVE.append(self)
        return self

    def __exit__(self, *exc) -> None:
        if not self.enabled:
            return
        _ACTIVE.remove(self)
        if not _ACTIVE:
            _stop_patching()
        self.function_events = _build_events(self._raw)
        self._raw = []
        self.entered = False

    def _check_finish(self) -> None:
        if self.function_events is None:
            raise RuntimeError(msg.PROFILER_NOT_FINISHED)

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0):
        """The events averaged per name (an EventList of FunctionEventAvg)."""
        self._check_finish()
        return self.function_events.key_averages(group_by_input_shape, group_by_stack_n)

    def table(self, sort_by: str | None = None, row_limit: int = 100, **kwargs) -> str:
        """The table of every event (not averaged)."""
        self._check_finish()
        return self.function_events.table(sort_by=sort_by, row_limit=row_limit, **kwargs)

    def total_average(self) -> FunctionEventAvg:
        self._check_finish()
        return self.function_events.total_average()

    def events(self) -> EventList:
        self._check_finish()
        return self.function_events

    @property
    def self_cpu_time_total(self) -> float:
        self._check_finish()
        return self.function_events.self_cpu_time_total

    def export_chrome_trace(self, path: str) -> None:
        """Write the events as a Chrome trace (open it in chrome://tracing or Perfetto);
        gzipped when the path ends with .gz."""
        self._check_finish()
        pid, tid = os.getpid(), threading.get_ident()
        events = [
            {
                "ph": "X",
                "cat": "cpu_op",
                "name": event.name,
                "pid": pid,
                "tid": tid,
                "ts": event.start_us,
                "dur": event.cpu_time_total,
                "args": {"Input Dims": event.input_shapes} if event.input_shapes else {},
            }
            for event in self.function_events
        ]
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "wt") as f:
            json.dump({"traceEvents": events, "displayTimeUnit": "ms"}, f)

    def __str__(self) -> str:
        return self.table()


class record_function(contextlib.ContextDecorator):  # noqa: N801 - PyTorch's name
    """A named range in the profile: `with record_function("forward"):` (or a decorator)."""

    def __init__(self, name: str, args: str | None = None) -> None:
        self.name = name
        self.args = args
        self._starts: list = []

    def __enter__(self) -> record_function:
        self._starts.append(_now_us() if _ACTIVE else None)  # no profile: nothing to time
        return self

    def __exit__(self, *exc) -> None:
        start = self._starts.pop()
        if start is not None:
            _record(self.name, start, _now_us())
