"""Long notebook sessions: re-running a cell many times leaves no more widgets, comms, listeners or
remembered runs alive than running it a few times (benchmarks/notebook_memory.py measures MB)."""

from __future__ import annotations

import gc
import warnings

import pytest
from _ipython_shell import shell_fixture  # noqa: F401
from _notebook_cells import AFTER, CELLS, FAILING, SETUP, registered, uncovered
from IPython.utils.capture import capture_output

from autograd_nb.notebook import lifetimes

# the plots make no widget and register nothing (benchmarks/notebook_memory.py measures them);
# `%grad_steps loss` is `%grad_steps y` on a bigger graph
SLOW = {name for name in CELLS if name.startswith("plot_")} | {"grad_steps (net)"}


@pytest.fixture(scope="module", name="ip")
def session(shell):
    shell.reset(new_session=False)
    shell.run_line_magic("load_ext", "autograd_nb")
    with capture_output():
        assert shell.run_cell(SETUP).success
        shell.run_cell(FAILING)
    yield shell
    shell.parent_header = {}
    for key in list(lifetimes._MADE_BY):
        lifetimes.forget(key)
    with capture_output():
        shell.reset(new_session=False)  # the values --micrograd recorded die with their tensors


def held(shell) -> dict:
    """Everything a session keeps per widget, listener or cell run."""
    import matplotlib._pylab_helpers
    from comm import get_comm_manager
    from ipywidgets.widgets.widget import _instances

    from autograd_nb.autograd import engine, graph
    from autograd_nb.notebook.widgets import _INSPECTORS

    return {
        "widgets": len(_instances),
        "comms": len(get_comm_manager().comms),
        "cell runs with widgets": lifetimes.open_widget_runs(),
        "inspectors refreshed": len(_INSPECTORS),
        "backward listeners": len(engine.node_listeners) + len(graph.flow_observers),
        "result observers": len(graph.RESULT_OBSERVERS),
        "cell event callbacks": sum(len(c) for c in shell.events.callbacks.values()),
        "pyplot figures": len(matplotlib._pylab_helpers.Gcf.figs),
    }


def rerun(shell, code: str, cell_id: str | None, times: int) -> None:
    shell.parent_header = {"metadata": {"cellId": cell_id}} if cell_id else {}
    for _ in range(times):
        with capture_output():
            result = shell.run_cell(code, store_history=True)
        assert result.success, code


def test_every_magic_and_widget_has_a_case():
    assert {"grad_steps", "grad_graph", "BackwardStepper", "plot_loss_surface"} <= registered()
    assert uncovered() == set()


@pytest.mark.parametrize("with_id", [True, False], ids=["cell id", "no cell id"])
@pytest.mark.parametrize("name", [name for name in CELLS if name not in SLOW])
def test_rerunning_a_cell_keeps_nothing_more_alive(ip, monkeypatch, name, with_id):
    monkeypatch.setattr(lifetimes, "KEEP_WITHOUT_CELL_ID", 2)
    cell_id = f"cell {name}" if with_id else None
    try:
        rerun(ip, CELLS[name], cell_id, 2)  # without a cell id: the 2 runs kept are full
        few = held(ip)
        rerun(ip, CELLS[name], cell_id, 3)
        assert held(ip) == few
    finally:
        if name in AFTER:
            rerun(ip, AFTER[name], None, 1)


def test_a_cell_that_no_longer_makes_widgets_closes_its_old_ones(ip):
    rerun(ip, "%grad_steps y", "cell changed", 1)
    made = lifetimes._MADE_BY["cell changed"][1]
    assert made and all(w.comm is not None for w, _ in made)
    rerun(ip, "1 + 1", "cell changed", 1)  # the learner edited the cell: its output was cleared
    assert "cell changed" not in lifetimes._MADE_BY
    assert all(w.comm is None for w, _ in made)


def test_without_a_cell_id_the_last_runs_widgets_stay_open(ip, monkeypatch):
    monkeypatch.setattr(lifetimes, "KEEP_WITHOUT_CELL_ID", 3)
    steppers = []
    for _ in range(5):
        rerun(ip, "s = BackwardStepper(y)", None, 1)
        steppers.append(ip.user_ns["s"])
    assert [s.comm is not None for s in steppers] == [False, False, True, True, True]


def test_a_closed_stepper_lets_go_of_its_frames(ip):
    rerun(ip, "s = BackwardStepper(y)", None, 1)
    stepper = ip.user_ns["s"]
    html = stepper.stack.children[0]
    assert len(html.value) > 1000 and stepper.frames
    stepper.close()
    assert repr(stepper) == "BackwardStepper(y, 8 steps)"  # Out[n] still shows what it was
    assert not stepper.frames and stepper.stack is None and html.value == ""
    stepper.go(3)  # a click on a closed stepper changes nothing


def test_results_ipython_drops_from_its_output_cache_are_freed(ip, monkeypatch):
    import weakref

    with capture_output():
        ip.run_line_magic("reset", "-f out")  # the results of the tests before
    ip.run_cell("class Result: pass")
    monkeypatch.setattr(ip.displayhook, "cache_size", 4)  # IPython drops the oldest fifth
    results = []
    for _ in range(8):
        with capture_output(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Output cache limit (currently 4 entries) hit."
            ip.run_cell("Result()", store_history=True)
        results.append(weakref.ref(ip.user_ns["Out"][ip.execution_count - 1]))
    ip.run_cell("pass")
    gc.collect()
    alive = [r() is not None for r in results]
    assert alive == [False] * 4 + [True] * 4  # Out keeps the last ones
    with capture_output():
        ip.run_line_magic("reset", "-f out")
    ip.run_cell("pass")
    gc.collect()
    assert [r() for r in results] == [None] * 8
