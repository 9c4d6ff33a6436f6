"""torch.autograd.profiler and torch.profiler: which events are recorded, how they nest and add
up, PyTorch's table layout, sort_by / row_limit, the step schedule, and that nothing stays
wrapped once profiling ends. Timings are not checked, only structure and counts."""

from __future__ import annotations

import gzip
import json
import math

import pytest
from autograd_nb.autograd.profiler import profile, record_function

import autograd_nb as torch
import autograd_nb.nn.functional as F
from autograd_nb.autograd import engine
from autograd_nb.profiler import ProfilerAction, ProfilerActivity, autograd_profiler, schedule

HEADER = (
    "Name    Self CPU %      Self CPU   CPU total %     CPU total  CPU time avg    # of Calls  "
)


def _run_small_graph():
    x = torch.ones(4, 3, requires_grad=True)
    w = torch.ones(3, 2, requires_grad=True)
    with record_function("my_block"):
        y = torch.mm(x, w)
        z = y.relu().sum()
    z.backward()
    return x, w


def test_ops_nodes_and_ranges_are_recorded_as_pytorch_names_them():
    with profile() as prof:
        x, w = _run_small_graph()
    assert torch.equal(x.grad, torch.full((4, 3), 2.0))  # profiling changes no result
    counts = {e.key: e.count for e in prof.key_averages()}
    for key, count in {
        "my_block": 1,
        "aten::mm": 1,
        "aten::relu": 1,
        "aten::sum": 1,
        "SumBackward0": 1,
        "ReluBackward0": 1,
        "MmBackward0": 1,
        "autograd::engine::evaluate_function: MmBackward0": 1,
        "torch::autograd::AccumulateGrad": 2,
        "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad": 2,
    }.items():
        assert counts[key] == count, key
    parents = {e.name: e.cpu_parent.name if e.cpu_parent else None for e in prof.function_events}
    assert parents["aten::mm"] == "my_block" and parents["my_block"] is None
    assert parents["MmBackward0"] == "autograd::engine::evaluate_function: MmBackward0"
    for event in prof.function_events:  # self time is what the children leave
        children = sum(c.cpu_time_total for c in event.cpu_children)
        assert event.self_cpu_time_total == pytest.approx(event.cpu_time_total - children)
        assert event.self_cpu_time_total >= -1e-6


def test_operators_and_methods_count_as_their_ops():
    a = torch.ones(3)
    with profile() as prof:
        b = a + 1
        b = b * 2
        b = 3 - b
        b = b / 2
        b = -b
        b = F.relu(b)
        b = b.exp().mean()
        c = a[0]
    counts = {e.key: e.count for e in prof.key_averages()}
    assert counts == {
        "aten::add": 1,
        "aten::mul": 1,
        "aten::rsub": 1,
        "aten::div": 1,
        "aten::neg": 1,
        "aten::relu": 1,
        "aten::exp": 1,
        "aten::mean": 1,
        "aten::index": 1,
    }
    assert float(b) == pytest.approx(math.exp(0.5)) and float(c) == 1.0


def test_table_layout_sorting_and_row_limit():
    with profile() as prof:
        for _ in range(3):
            torch.ones(2) + 1
        with record_function("outer"):
            torch.zeros(2).sum()
    averages = prof.key_averages()
    table = averages.table(sort_by="count", row_limit=2)
    lines = table.splitlines()
    width = max(len(e.key) for e in averages) + 4
    assert lines[0] == ("-" * width + "  ") + ("-" * 12 + "  ") * 6
    assert lines[1] == " " * (width - 4) + HEADER
    assert lines[2] == lines[0] and lines[5] == lines[0]
    assert len(lines) == 7 and lines[6].startswith("Self CPU time total: ")
    assert lines[3].split()[0] in ("aten::ones", "aten::add") and lines[3].split()[-1] == "3"
    rows = averages.table(sort_by="cpu_time_total").splitlines()[3:-2]
    totals = [next(e for e in averages if e.key == r.split()[0]).cpu_time_total for r in rows]
    assert totals == sorted(totals, reverse=True) and len(rows) == len(averages)
    total = {e.key: e.cpu_time_total for e in averages}
    assert total["outer"] >= total["aten::zeros"] + total["aten::sum"]  # its block's ops
    assert all(r.split()[1].endswith("%") and r.split()[2][-2:] in ("us", "ms") for r in rows)


def test_long_names_are_cut_as_pytorch_cuts_them():
    with profile() as prof:
        with record_function("x" * 60):
            pass
    line = prof.key_averages().table().splitlines()[3]
    assert line.startswith("x" * 52 + "...  ")


def test_nothing_stays_wrapped_and_errors_are_pytorchs():
    originals = (torch.Tensor.__add__, torch.add, F.relu, torch.Tensor.backward)
    with pytest.raises(ValueError):
        with profile():
            torch.ones(2) + 1
            raise ValueError("inside")
    assert (torch.Tensor.__add__, torch.add, F.relu, torch.Tensor.backward) == originals
    assert autograd_profiler._node_observer not in engine.flow_observers
    with pytest.raises(RuntimeError, match="^Profiler didn't finish running$"):
        profile().key_averages()
    prof = profile()
    with prof:
        with pytest.raises(RuntimeError, match="^Profiler context manager is not reentrant$"):
            prof.__enter__()
    with profile(enabled=False):
        torch.ones(1) + 1
    assert torch.Tensor.__add__ is originals[0]
    with profile() as empty:
        pass
    assert empty.key_averages().table() == ""


def test_record_function_outside_a_profile_and_as_decorator():
    @record_function("decorated")
    def body():
        return torch.ones(2) * 3

    assert body().tolist() == [3.0, 3.0]  # no profiler: nothing recorded, nothing fails
    with profile() as prof:
        body()
        body()
    counts = {e.key: e.count for e in prof.key_averages()}
    assert counts["decorated"] == 2 and counts["aten::mul"] == 2


def test_torch_profiler_schedule_cycle():
    """Counts as PyTorch 2.13 gives them for the same loop and schedule."""
    seen = []

    def handler(p):
        seen.append(
            sorted(
                (e.key, e.count)
                for e in p.key_averages()
                if e.key in ("ProfilerStep*", "aten::add", "aten::mul", "step_body")
            )
        )

    with torch.profiler.profile(
        activities=[ProfilerActivity.CPU],
        schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
        on_trace_ready=handler,
    ) as p:
        for i in range(6):
            x = torch.ones(2) * i
            with torch.profiler.record_function("step_body"):
                x = x + 1
            p.step()
    assert seen == [[("ProfilerStep*", 2), ("aten::add", 2), ("aten::mul", 2), ("step_body", 2)]]
    assert p.step_num == 6


def test_torch_profiler_without_schedule_records_everything():
    with torch.profiler.profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as p:
        torch.ones(2) * 2
    assert {e.key for e in p.key_averages()} == {"aten::ones", "aten::mul"}
    assert "aten::mul" in p.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)


def test_schedule_actions_are_pytorchs():
    s = schedule(wait=1, warmup=1, active=2, skip_first=2)
    names = [s(i).name for i in range(10)]
    assert names == [
        "NONE", "NONE", "NONE", "WARMUP", "RECORD", "RECORD_AND_SAVE", "NONE", "WARMUP", "RECORD",
        "RECORD_AND_SAVE",
    ]  # fmt: skip
    assert schedule(wait=1, warmup=1, active=2, repeat=1)(5) is ProfilerAction.NONE
    with pytest.warns(UserWarning, match="^Profiler won't be using warmup"):
        schedule(wait=0, warmup=0, active=1)
    with pytest.raises(AssertionError, match="Invalid profiler schedule arguments"):
        schedule(wait=0, warmup=1, active=0)


def test_input_shapes_column_and_chrome_trace(tmp_path):
    x, w, b = torch.ones(5, 32), torch.ones(64, 32), torch.ones(64)
    with torch.profiler.profile(record_shapes=True) as prof:
        with record_function("model_inference"):
            F.linear(x, w, b).relu()
    plain = prof.key_averages().table().splitlines()
    assert "Input Shapes" not in plain[1]  # as PyTorch: only when grouped by input shape
    grouped = prof.key_averages(group_by_input_shape=True)
    lines = grouped.table(sort_by="cpu_time_total").splitlines()
    assert lines[1].endswith("# of Calls                   Input Shapes  ")
    linear = next(line for line in lines if line.split()[0] == "aten::linear")
    assert linear.endswith("1      [[5, 32], [64, 32], [64]]  ")  # PyTorch 2.13's row end
    assert next(e for e in grouped if e.key == "model_inference").input_shapes == []
    path = tmp_path / "trace.json"
    prof.export_chrome_trace(str(path))
    events = json.loads(path.read_text())["traceEvents"]
    relu = next(e for e in events if e["name"] == "aten::relu")
    assert (relu["ph"], relu["cat"], relu["args"]["Input Dims"]) == ("X", "cpu_op", [[5, 64]])
    assert relu["dur"] >= 0 and {e["name"] for e in events} >= {"model_inference", "aten::linear"}


def test_sorting_by_counters_not_measured_works():
    """Memory and CUDA columns are not measured here; sorting by them works (all 0)."""
    with torch.profiler.profile(profile_memory=True) as prof:
        torch.ones(3) * 2
    averages = prof.key_averages()
    for key in ("self_cpu_memory_usage", "cpu_memory_usage", "cuda_time_total"):
        assert len(averages.table(sort_by=key, row_limit=1).splitlines()) == 6
    assert all(e.self_cpu_memory_usage == 0 and e.device_time_total == 0 for e in averages)


def test_tensorboard_trace_handler_writes_each_cycle(tmp_path):
    """The profiler-with-TensorBoard tutorial's loop: one trace file per recorded cycle."""
    with torch.profiler.profile(
        schedule=schedule(wait=1, warmup=1, active=2, repeat=2),
        on_trace_ready=torch.profiler.tensorboard_trace_handler(str(tmp_path / "log"), "worker0"),
    ) as prof:
        for _ in range(10):
            torch.ones(2) * 2
            prof.step()
    files = sorted(p.name for p in (tmp_path / "log").iterdir())
    assert len(files) == 2 and all(f.startswith("worker0.") for f in files)
    assert all(f.endswith(".pt.trace.json") for f in files)
    events = json.loads((tmp_path / "log" / files[0]).read_text())["traceEvents"]
    assert sum(e["name"] == "aten::mul" for e in events) == 2  # the two active steps
    handler = torch.profiler.tensorboard_trace_handler(str(tmp_path / "gz"), "w", use_gzip=True)
    with torch.profiler.profile(on_trace_ready=handler):
        torch.ones(1) + 1
    (gz,) = (tmp_path / "gz").iterdir()
    assert gz.name.endswith(".pt.trace.json.gz")
    with gzip.open(gz, "rt") as f:
        assert any(e["name"] == "aten::add" for e in json.load(f)["traceEvents"])
