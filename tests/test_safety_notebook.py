"""The notebook layer never hides a failure, and never floods the output: a failing
`%%grad_trace` cell fails, magics report a failure as one line, `%explain_error` shortens what
it repeats. Run through a headless InteractiveShell as tests/test_notebook_extension.py does."""

from __future__ import annotations

import pytest
from _ipython_shell import ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

BAD_FUNCTION = """\
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        raise ZeroDivisionError("bad backward")

bad = Bad.apply(x1).sum()
"""


def run(shell, code: str):
    with capture_output() as cap:
        result = shell.run_cell(code)
    return result, cap


def test_a_failing_grad_trace_cell_stops_run_all(ip):
    result, cap = run(ip, "%%grad_trace\ny = x1 * torch.ones(2)\ny.backward()")
    assert not result.success and isinstance(result.error_in_exec, RuntimeError)
    assert cap.stdout.rstrip().endswith(
        "RuntimeError: %%grad_trace: the cell failed (above): grad can be implicitly created "
        "only for scalar outputs"
    )


def test_a_cell_that_does_not_compile_fails_grad_trace_too(ip):
    result, _ = run(ip, "%%grad_trace\ny = (x1 * 2")
    assert not result.success


def test_grad_graph_takes_an_expression_with_spaces(ip):
    result, cap = run(ip, "%grad_graph (x1 * 2).sum()")
    assert result.success
    assert "SumBackward0" in cap.outputs[0].data["image/svg+xml"]


def test_grad_graph_of_an_unfinished_expression_is_one_line(ip):
    result, cap = run(ip, "%grad_graph (x1")
    assert not result.success
    shown = cap.stdout + cap.stderr  # IPython prints a UsageError on stderr
    assert shown.count("\n") == 1 and shown.startswith("UsageError: %grad_graph: cannot evaluate")


def test_grad_steps_through_a_backward_that_raises_is_one_line(ip):
    ip.run_cell(BAD_FUNCTION)
    result, cap = run(ip, "%grad_steps bad")
    assert isinstance(result.error_in_exec, ZeroDivisionError)
    assert cap.stdout == "ZeroDivisionError: %grad_steps: bad backward\n"


@pytest.mark.parametrize("known", [False, True])
def test_explain_error_shortens_a_huge_message(ip, known):
    text = (
        "grad can be implicitly created only for scalar outputs " if known else ""
    ) + "a" * 10**6
    result, cap = run(ip, f"%explain_error {text}")
    assert result.success
    shown = cap.outputs[0].data["text/plain"] if known else cap.stdout
    assert len(shown) < 5000 and "…" in shown
