"""Module paths in every magic, one-line errors for odd input, and long sessions: widgets that a
cell makes are closed when it runs again (memory stays flat)."""

from __future__ import annotations

import sys

import pytest
from _ipython_shell import ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

NET = """\
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
inp = torch.tensor([[1.0, -2.0, 0.5]])
loss = net(inp).sum()
"""


def run(shell, code: str):
    """Run a cell as a kernel does (each run a new execution count)."""
    with capture_output() as cap:
        result = shell.run_cell(code, store_history=True)
    return result, cap


def live_widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def test_module_paths_resolve_in_every_magic(ip):
    assert ip.run_cell(NET).success
    result, cap = run(ip, "%grad_inspect net.0.weight")
    assert result.success, cap.stdout
    assert cap.outputs[0].data["text/plain"].startswith("Tensor net.0.weight\n")
    result, cap = run(ip, "%grad_graph net.2.bias net.0.weight --params net")
    assert result.success, cap.stdout
    result, cap = run(ip, "%grad_steps net.2.bias")
    assert result.success, cap.stdout  # a leaf: one AccumulateGrad step
    # a path that names nothing is still a one-line error, as a typo in Python is
    result, cap = run(ip, "%grad_inspect net.7.weight")
    assert not result.success
    (line,) = cap.stderr.strip().splitlines()  # Python's own words for the syntax error
    assert line.startswith("UsageError: %grad_inspect: cannot evaluate 'net.7.weight': ")


def test_an_unbalanced_quote_is_one_line(ip):
    result, cap = run(ip, '%grad_graph "y')
    assert not result.success
    assert cap.stderr.strip() == "UsageError: %grad_graph: No closing quotation"
    assert "Traceback" not in cap.stdout + cap.stderr


class Broken(Exception):
    def __str__(self):
        raise RuntimeError("no text")


def test_an_error_whose_str_raises_is_one_line(ip):
    ip.user_ns["Broken"] = Broken
    result, cap = run(ip, "%%grad_trace\nraise Broken()")
    assert not result.success
    assert cap.stdout.strip().splitlines()[-1] == (
        "Broken: %%grad_trace: the cell failed (above): <exception str() failed>"
    )
    sys.last_value = Broken()
    with capture_output() as cap:
        ip.run_line_magic("explain_error", "")
    assert cap.stdout.strip() == (
        "%explain_error: not an autograd error I know: Broken: <exception str() failed>"
    )


def test_grad_trace_does_not_repeat_a_long_error(ip):
    result, cap = run(ip, "%%grad_trace\nraise ValueError('x' * 2_000_000)")
    assert not result.success
    text = cap.stdout + cap.stderr
    assert text.count("x" * 2_000_000) == 1  # the cell's own traceback, once
    last = cap.stdout.strip().splitlines()[-1]
    assert last.startswith("ValueError: %%grad_trace: the cell failed (above): xxx")
    assert len(last) < 250


def in_cell(shell, cell_id: str):
    """What ipykernel does for a request from JupyterLab: the cell's id in the metadata."""
    shell.parent_header = {"metadata": {"cellId": cell_id}}


@pytest.mark.parametrize(
    "code",
    [
        "%grad_steps y",
        "BackwardStepper(y)",
        "TensorInspector(x1)",
        "JacobianExplorer(lambda v: v * 2, x1)",
        "%grad_graph deep",  # a collapsed graph: an ExpandableGraph widget
        "LossCurve(total=3)",
    ],
)
def test_a_cell_run_again_closes_the_widgets_its_last_run_made(ip, code):
    ip.run_cell(
        "from autograd_nb.notebook import BackwardStepper, TensorInspector, JacobianExplorer\n"
        "from autograd_nb.notebook import LossCurve\n"
        "f = x1 + x2\ng = x2 - x3 - x4\ny = f * g\n"
        "deep = x1\nfor _ in range(30):\n    deep = (deep * x2).tanh()"
    )
    try:
        in_cell(ip, f"a {code}")
        assert run(ip, code)[0].success
        after_one = live_widgets()
        for _ in range(30):
            assert run(ip, code)[0].success
        assert live_widgets() == after_one  # flat: each run closed the previous one's widgets
        in_cell(ip, f"b {code}")  # another cell's widgets stay
        assert run(ip, code)[0].success
        assert live_widgets() > after_one
    finally:
        ip.parent_header = {}


@pytest.mark.parametrize(
    "cell, wanted, unwanted",
    [
        # the lesson-04 error: b.backward() twice; the fix calls the learner's tensor b
        (
            "b = (x1 * x2).sum()\nb.backward()\nb.backward()",
            ["b.backward(retain_graph=True)", "b.backward()"],
            ["y.backward"],
        ),
        # backward of a non-scalar named out
        ("out = x1 * torch.ones(3)\nout.backward()", ["out.backward(gradient="], ["y."]),
        # an in-place update of the leaf x3: the fix's x becomes x3
        ("x3 += 1", ["x3 -= lr * x3.grad"], []),
        # a learner's tensor called x with a fix that uses x and y: the names swap
        (
            "x = (x1 * x2).sum()\nx.backward()\nx.backward()",
            ["x.backward(retain_graph=True)"],
            ["y.backward"],
        ),
    ],
)
def test_explain_errors_fix_uses_the_learners_names(ip, cell, wanted, unwanted):
    result, _ = run(ip, cell)
    assert not result.success
    _, cap = run(ip, "%explain_error")
    fix = cap.outputs[0].data["text/plain"].split("Fix / 解决方法:")[1]
    for text in wanted:
        assert text in fix
    for text in unwanted:
        assert text not in fix
