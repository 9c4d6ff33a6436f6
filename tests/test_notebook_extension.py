"""`%load_ext autograd_nb`: loading, formatters, each magic's output and its one-line errors."""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET

import pytest
from _ipython_shell import LESSON_000_GRAPH, ip_fixture, shell_fixture  # noqa: F401
from IPython.core.error import UsageError
from IPython.utils.capture import capture_output

import autograd_nb as torch
from autograd_nb.notebook import explain

MAGICS = [
    "autograd_nb",
    "grad_graph",
    "grad_inspect",
    "grad_steps",
    "explain_error",
    "grad_display",
]


def run(shell, code: str):
    """Run a cell; return (result, captured output)."""
    with capture_output() as cap:
        result = shell.run_cell(code)
    return result, cap


def test_import_does_not_import_notebook_libraries():
    code = (
        "import sys, autograd_nb as t\n"
        "x = t.tensor([1.], requires_grad=True); (x * 2).sum().backward()\n"
        "print(sorted(m for m in ('IPython', 'ipywidgets', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_load_prints_nothing_and_unload_removes_everything(ip):
    ip.run_line_magic("unload_ext", "autograd_nb")
    assert ip.find_line_magic("grad_graph") is None
    assert ip.find_cell_magic("grad_trace") is None
    with pytest.raises(UsageError):
        ip.run_line_magic("grad_graph", "x1")
    with capture_output() as cap:
        ip.run_line_magic("load_ext", "autograd_nb")
    assert (cap.stdout, cap.stderr, cap.outputs) == ("", "", [])
    for name in MAGICS:
        assert ip.find_line_magic(name).__doc__.strip()
    assert ip.find_cell_magic("grad_trace").__doc__.strip()


def test_plain_tensor_output_stays_pytorch_text(ip):
    ip.run_cell(LESSON_000_GRAPH)
    y = ip.user_ns["y"]
    data, _ = ip.display_formatter.format(y)
    assert data == {"text/plain": "tensor([-15.], grad_fn=<MulBackward0>)"}  # PyTorch 2.13
    ip.run_line_magic("grad_display", "card")
    data, _ = ip.display_formatter.format(y)
    assert "MulBackward0" in data["text/html"] and data["text/plain"] == repr(y)
    ip.run_line_magic("grad_display", "plain")
    assert "text/html" not in ip.display_formatter.format(y)[0]
    with pytest.raises(UsageError):
        ip.run_line_magic("grad_display", "fancy")


def test_help_lists_every_magic(ip):
    _, cap = run(ip, "%autograd_nb")
    for name in MAGICS[1:] + ["grad_trace"]:
        assert name in cap.stdout
    # the descriptions form one column (each starts after a gap of two or more spaces)
    rows = [line for line in cap.stdout.splitlines()[2:] if line.strip()]
    starts = {re.search(r"(?:^| {2,})(?=\S)(?!.* {2,}\S)", row).end() for row in rows}
    assert len(starts) == 1, cap.stdout


def test_grad_graph_saved_and_grads_after_backward(ip):
    ip.run_cell(LESSON_000_GRAPH + "y.backward()")
    result, cap = run(ip, "%grad_graph y --saved --grads")
    assert result.success
    svg = cap.outputs[0].data["image/svg+xml"]
    ET.fromstring(svg)
    assert "-5" in svg  # x1.grad, lesson 000


def test_grad_graph_shows_svg_with_variable_names(ip):
    ip.run_cell(LESSON_000_GRAPH)
    result, cap = run(ip, "%grad_graph y --values")
    assert result.success
    (shown,) = cap.outputs
    svg = shown.data["image/svg+xml"]
    assert shown.data["text/plain"] == "<autograd graph of y>"
    ET.fromstring(svg)  # well-formed XML
    for label in ("x1", "x2", "x3", "x4", "MulBackward0", "AddBackward0", "SubBackward0"):
        assert label in svg
    _, again = run(ip, "%grad_graph y --values")
    assert again.outputs[0].data["image/svg+xml"] == svg  # deterministic


@pytest.mark.parametrize(
    "line, error, text",
    [
        ("nope", NameError, "%grad_graph: name 'nope' is not defined"),
        ("n", TypeError, "%grad_graph: n is a int, not a Tensor"),
        (
            "c",
            ValueError,
            "%grad_graph: c has no autograd graph (requires_grad=False and grad_fn=None)",
        ),
    ],
)
def test_grad_graph_bad_input_is_one_line(ip, line, error, text):
    ip.run_cell("n = 3\nc = torch.ones(2)")
    result, cap = run(ip, f"%grad_graph {line}")
    assert isinstance(result.error_in_exec, error) and str(result.error_in_exec) == text
    assert type(result.error_in_exec).__name__ == error.__name__
    assert cap.stdout.strip() == f"{error.__name__}: {text}"  # one line, no traceback


def test_bad_options_raise_usage_error(ip):
    ip.run_cell(LESSON_000_GRAPH)
    with pytest.raises(UsageError):
        ip.run_line_magic("grad_graph", "y --bogus")
    with pytest.raises(UsageError):
        ip.run_line_magic("grad_graph", "")
    with pytest.raises(UsageError):
        ip.run_line_magic("grad_steps", "y --max-frames 1")
    with pytest.raises(UsageError):
        ip.run_cell_magic("grad_trace", "--what", "z = x1 * 2")


TRACE_FORWARD = """\
3 tensor(s) created or changed by this cell
name  shape  dtype    device  requires_grad  is_leaf  grad_fn       grad  version
----  -----  -------  ------  -------------  -------  ------------  ----  -------
f     (1,)   float32  cpu     True           False    AddBackward0  None  0
g     (1,)   float32  cpu     True           False    SubBackward0  None  0
y     (1,)   float32  cpu     True           False    MulBackward0  None  0"""

# the grads are lesson 000's printed output (PyTorch): tensor([-5.]) tensor([-2.]) tensor([-3.]) x2
TRACE_BACKWARD = """\
4 tensor(s) created or changed by this cell
name  shape  dtype    device  requires_grad  is_leaf  grad_fn  grad  version
----  -----  -------  ------  -------------  -------  -------  ----  -------
x1    (1,)   float32  cpu     True           True     None     [-5]  0
x2    (1,)   float32  cpu     True           True     None     [-2]  0
x3    (1,)   float32  cpu     True           True     None     [-3]  0
x4    (1,)   float32  cpu     True           True     None     [-3]  0"""


def test_grad_trace_tables_what_the_cell_did(ip):
    result, cap = run(ip, "%%grad_trace\n" + LESSON_000_GRAPH)
    assert result.success
    table, graph = cap.outputs
    assert table.data["text/plain"] == TRACE_FORWARD
    assert table.data["text/html"].count("<tr>") == 4
    assert graph.data["text/plain"] == "<autograd graph of y>"  # y is the only output
    assert "MulBackward0" in graph.data["image/svg+xml"]
    _, cap = run(ip, "%%grad_trace\ny.backward()")
    assert cap.outputs[0].data["text/plain"] == TRACE_BACKWARD
    _, cap = run(ip, "%%grad_trace --no-graph\nwith torch.no_grad():\n    x1.mul_(2)")
    assert cap.outputs[0].data["text/plain"].splitlines()[-1].split()[-1] == "1"  # version
    assert len(cap.outputs) == 1


def test_grad_inspect_names_the_node_that_saved_its_own_output(ip):
    """exp saves its result (PyTorch's ExpBackward0._saved_result); sin saves its input."""
    run(ip, "a = torch.tensor([0.5], requires_grad=True)\ne = a.exp()\ns = e.sin()")
    _, cap = run(ip, "%grad_inspect e")
    text = cap.outputs[0].data["text/plain"]
    assert "ExpBackward0 (saved at version 0)" in text
    assert "SinBackward0 (saved at version 0)" in text
    run(ip, "with torch.no_grad():\n    e.add_(1)")
    _, cap = run(ip, "%grad_inspect a")
    assert "ExpBackward0" not in cap.outputs[0].data["text/plain"]  # a itself is not saved


def test_an_inference_tensor_in_the_namespace_breaks_no_magic(ip):
    """Inference tensors keep no version counter (`_version` raises): shown as None."""
    run(ip, "import autograd_nb as torch\nwith torch.inference_mode():\n    frozen = torch.ones(2)")
    result, cap = run(ip, "%%grad_trace\nfrozen2 = frozen * 2")
    assert result.success
    assert cap.outputs[0].data["text/plain"].splitlines()[-1].split()[0] == "frozen2"
    result, cap = run(ip, "%grad_inspect frozen")
    assert result.success
    assert "None" in cap.outputs[0].data["text/plain"]


def test_grad_trace_of_a_failing_cell_shows_the_error_and_fails(ip):
    result, cap = run(ip, "%%grad_trace\nz = x1 * 2\nraise ValueError('boom')")
    # the cell's traceback is shown, no table, and the magic fails too so Run All stops here
    assert "ValueError: boom" in cap.stdout
    assert cap.outputs == []
    assert isinstance(result.error_in_exec, ValueError) and not result.success
    assert cap.stdout.endswith("\nValueError: %%grad_trace: the cell failed (above): boom\n")


def test_grad_inspect_card(ip):
    ip.run_cell(LESSON_000_GRAPH)
    result, cap = run(ip, "%grad_inspect f")
    assert result.success
    text = cap.outputs[0].data["text/plain"]
    assert text.splitlines()[0] == "Tensor f"
    assert "tensor([3.], grad_fn=<AddBackward0>)" in text  # PyTorch 2.13 printing
    assert "AccumulateGrad -> x1" in text and "AccumulateGrad -> x2" in text
    assert "saved by       MulBackward0 (saved at version 0)" in text
    assert "device         cpu" in text and "version        0" in text
    assert "<table>" in cap.outputs[0].data["text/html"]
    _, cap = run(ip, "%grad_inspect x3")
    assert "(no node saved it)" in cap.outputs[0].data["text/plain"]
    result, _ = run(ip, "%grad_inspect 5")
    assert isinstance(result.error_in_exec, TypeError)


def test_grad_steps_displays_the_stepper(ip):
    ip.run_cell(LESSON_000_GRAPH)
    result, cap = run(ip, "%grad_steps y")
    assert result.success
    assert cap.outputs[0].data["text/plain"] == "BackwardStepper(y, 8 steps)"
    assert ip.user_ns["x1"].grad is None  # the user's leaves are not touched
    ip.run_cell("v = x1 * torch.tensor([1., 2.])")
    result, cap = run(ip, "%grad_steps v")
    assert str(result.error_in_exec) == (
        "%grad_steps: grad can be implicitly created only for scalar outputs"
    )  # PyTorch 2.13 text
    assert cap.stdout.count("\n") == 1
    result, cap = run(ip, "%grad_steps v --gradient torch.tensor([0.1, 0.2])")
    assert result.success and cap.outputs[0].data["text/plain"] == "BackwardStepper(v, 2 steps)"


# Messages printed by PyTorch 2.13 (/tmp/torchenv), and the explanation each must get.
TORCH_MESSAGES = [
    ("a leaf Variable that requires grad is being used in an in-place operation.", "leaf_inplace"),
    ("grad can be implicitly created only for scalar outputs", "non_scalar_backward"),
    (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [2]], which is output 0 of Sigmoid, is at version 1; expected "
        "version 0 instead. Hint: enable anomaly detection to find the operation that failed to "
        "compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
        "modified_inplace",
    ),
    (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
        "numpy_requires_grad",
    ),
    ("element 0 of tensors does not require grad and does not have a grad_fn", "no_grad_fn"),
    (
        "Only Tensors of floating point and complex dtype can require gradients",
        "integer_requires_grad",
    ),
    (
        "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
        "cpu!",
        "device_mismatch",
    ),
    (
        "Expected all tensors to be on the same device, but got mat2 is on cpu, different from "
        "other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)",
        "device_mismatch",
    ),
    (
        "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
        "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
        "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
        "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
        "github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
        "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)",
        "non_leaf_grad",
    ),
]


@pytest.mark.parametrize("message, key", TORCH_MESSAGES)
def test_explanations_match_pytorch_texts(message, key):
    assert explain(message).key == key


@pytest.mark.parametrize(
    "code, key, title",
    [
        ("y.backward()\ny.backward()", "backward_twice", "Backward through the same graph twice"),
        ("x1.add_(1)", "leaf_inplace", "In-place change of a leaf that requires grad"),
        (
            "(x1 * torch.ones(2)).backward()",
            "non_scalar_backward",
            "backward() on a non-scalar output without a gradient",
        ),
        (
            "b = x1.sigmoid()\nb.mul_(2)\nb.sum().backward()",
            "modified_inplace",
            "A tensor needed for backward was modified in place",
        ),
        ("x1.numpy()", "numpy_requires_grad", "numpy() on a tensor that requires grad"),
        (
            "torch.ones(2) + torch.ones(2, device='cuda')",
            "device_mismatch",
            "Tensors on different devices",
        ),
        (
            "torch.ones(2).sum().backward()",
            "no_grad_fn",
            "backward() on a tensor that does not require grad",
        ),
        (
            "torch.tensor([1, 2], requires_grad=True)",
            "integer_requires_grad",
            "requires_grad on an integer tensor",
        ),
    ],
)
def test_explain_error_after_a_failing_cell(ip, code, key, title):
    ip.run_cell(LESSON_000_GRAPH)
    result, _ = run(ip, code)
    assert not result.success
    assert explain(sys.last_value).key == key
    _, cap = run(ip, "%explain_error")
    text = cap.outputs[0].data["text/plain"]
    assert text.startswith(title + " / ")
    assert "原因：" in text and "Fix / 解决方法:" in text and "lesson" in text
    assert title in cap.outputs[0].data["text/html"]


def test_explain_error_for_the_non_leaf_grad_warning(ip):
    ip.run_cell(LESSON_000_GRAPH)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ip.user_ns["y"].grad  # noqa: B018 - the warning is the point
    _, cap = run(ip, f"%explain_error {caught[0].message}")
    assert cap.outputs[0].data["text/plain"].startswith(".grad of a non-leaf tensor / ")
    assert "y.retain_grad()" in cap.outputs[0].data["text/plain"]


def test_explain_error_without_a_known_error(ip, monkeypatch):
    monkeypatch.delattr(sys, "last_value", raising=False)
    _, cap = run(ip, "%explain_error")
    assert cap.stdout.startswith("%explain_error: no error yet")
    run(ip, "1 / 0")
    _, cap = run(ip, "%explain_error")
    assert cap.stdout == (
        "%explain_error: not an autograd error I know: ZeroDivisionError: division by zero\n"
    )
    assert cap.outputs == []


def test_tensor_module_unchanged_by_extension():
    assert torch.load_ipython_extension.__module__ == "autograd_nb"


def test_grad_graph_grads_labels_edges_with_the_gradients_that_flowed(ip):
    ip.run_cell(LESSON_000_GRAPH + "y.backward()")
    _, cap = run(ip, "%grad_graph y --grads")
    svg = cap.outputs[0].data["image/svg+xml"]
    # lesson 000: y = f * g sends g = -5 to f's AddBackward0 and f = 3 to g's SubBackward0,
    # printed as PyTorch prints tensor([3.]) and tensor([-5.])
    assert ">[3.]<" in svg and ">[-5.]<" in svg
    _, plain = run(ip, "%grad_graph y")
    assert ">[3.]<" not in plain.outputs[0].data["image/svg+xml"]


def test_flow_recording_stops_with_the_extension(ip):
    from autograd_nb.autograd import engine
    from autograd_nb.notebook.magics import FLOWS

    ip.run_cell(LESSON_000_GRAPH + "y.backward()")
    # only the edge gradients are kept (no --micrograd values were recorded), and listening
    # keeps backward on the fast engine
    assert engine.node_listeners == [FLOWS]
    assert not engine.flow_observers
    ip.run_line_magic("unload_ext", "autograd_nb")
    try:
        assert FLOWS not in engine.node_listeners  # no cost in backward once unloaded
    finally:
        ip.run_line_magic("load_ext", "autograd_nb")


def test_edge_gradients_are_the_same_from_the_fast_and_the_reference_engine(ip):
    from autograd_nb.autograd.engine import use_reference_only

    code = (
        "x1.grad = x2.grad = None\n"
        "w = torch.arange(18.).reshape(6, 3).requires_grad_()\n"
        "y = ((x1 * w).relu().sum(1) + x2 * x2).sum()\n"
        "y.backward()"
    )
    ip.run_cell(code)
    fast = run(ip, "%grad_graph y --grads")[1].outputs[0].data["image/svg+xml"]
    with use_reference_only():
        ip.run_cell(code)
    reference = run(ip, "%grad_graph y --grads")[1].outputs[0].data["image/svg+xml"]
    labels = re.findall(r'fill="#1f5fbf">([^<]*)<', fast)
    # x2 * x2 (broadcast over 6 rows) gets [6.] and sends 6 * x2 = [12.] along each edge to
    # x2; w's gradient has 18 numbers: shown by its shape
    assert labels.count("[12.]") == 2 and "(6, 3)" in labels
    assert fast == reference
