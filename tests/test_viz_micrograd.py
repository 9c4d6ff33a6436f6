"""micrograd's picture: `data | grad` on every graph node, what each node saved, freed marks.

The example is micrograd's README (a = 2, b = -3, c = 10, e = a*b, d = e + c, f = -2, L = d*f),
whose values and gradients are worked out by hand: L = -8, dL/dd = -2, dL/de = -2, dL/da = 6,
dL/db = -4, dL/dc = -2, dL/df = 4. The texts are PyTorch 2.13's printing of those values
(`torch._tensor_str._tensor_str(t, 0)`: `-8.`, `6.`).
"""

from __future__ import annotations

import gc
import weakref
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from _ipython_shell import ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb._tensor import RESULT_OBSERVERS
from autograd_nb.viz import build_graph, graph_svg, is_recording_values, record_values
from autograd_nb.viz.graph import FIT_WIDTH, GraphNode
from autograd_nb.viz.style import node_lines
from autograd_nb.viz.values import VALUES, ValueRecorder

SVG_NS = "{http://www.w3.org/2000/svg}"

MICROGRAD = """\
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(-3.0, requires_grad=True)
c = torch.tensor(10.0, requires_grad=True)
e = a * b
d = e + c
f = torch.tensor(-2.0, requires_grad=True)
L = d * f
"""

# What each box shows after L.backward(), by hand (see the module docstring).
BY_HAND = {
    "L": "data -8. | grad 1.",
    "a": "data 2. | grad 6.",
    "b": "data -3. | grad -4.",
    "c": "data 10. | grad -2.",
    "f": "data -2. | grad 4.",
    "grad_fn of e": "data -6. | grad -2.",
    "grad_fn of d": "data 4. | grad -2.",
}


def micrograd_example(backward: bool = True, retain_graph: bool = False) -> dict:
    names = {"torch": torch}
    exec(MICROGRAD, names)  # noqa: S102 - the example's own code, as a learner types it
    if backward:
        names["L"].backward(retain_graph=retain_graph)
    return {k: v for k, v in names.items() if isinstance(v, torch.Tensor)}


def _key(lines: list) -> str:
    return lines[1] if len(lines) > 1 and lines[1].startswith("grad_fn of") else lines[0]


def boxes(graph) -> dict:
    """{name or "grad_fn of x": the box's lines} for the example's named boxes."""
    out = {}
    for node in graph.nodes:
        out[_key(node_lines(node))] = node_lines(node)
    return out


def svg_boxes(svg: str) -> dict:
    """The same from an SVG picture: each node group's text lines (the no-break spaces that
    keep PyTorch's column spacing in a browser read as spaces, blank ends dropped)."""
    out = {}
    for group in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        if "node" not in group.get("class", "").split():
            continue
        lines = [t.text.replace("\xa0", " ").rstrip() for t in group.iter(f"{SVG_NS}text")]
        out[_key(lines)] = lines
    return out


@pytest.fixture(autouse=True)
def _recording_off():
    yield
    record_values(False)
    assert RESULT_OBSERVERS == []


def test_every_node_shows_value_and_gradient_by_hand():
    with record_values():
        t = micrograd_example()
    shown = boxes(build_graph(t["L"], names=t, micrograd=True))
    for key, text in BY_HAND.items():
        assert text in shown[key], (key, shown[key])
    # the output's box shows L's data | grad: its grad_fn's box does not repeat them
    assert not any(line.startswith("data") for line in shown["grad_fn of L"])


def test_gradients_shown_match_central_differences_float64():
    """A tanh neuron in float64: each node's shown grad is dL/d(its result) numerically."""
    code = (
        "x1 = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)\n"
        "w1 = torch.tensor(-3.0, dtype=torch.float64, requires_grad=True)\n"
        "x2 = torch.tensor(0.0, dtype=torch.float64, requires_grad=True)\n"
        "w2 = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)\n"
        "bias = torch.tensor(6.8813735870195432, dtype=torch.float64, requires_grad=True)\n"
        "s = x1 * w1 + x2 * w2 + bias\n"
        "o = s.tanh()\n"
    )
    names = {"torch": torch}
    with record_values():
        exec(code, names)  # noqa: S102
        names["o"].backward()
    t = {k: v for k, v in names.items() if isinstance(v, torch.Tensor)}
    shown = boxes(build_graph(t["o"], names=t, micrograd=True))

    def o_of(s_value: float) -> float:
        return torch.tensor(s_value, dtype=torch.float64).tanh().item()

    h = 1e-6
    s0 = t["s"].item()
    do_ds = (o_of(s0 + h) - o_of(s0 - h)) / (2 * h)
    line = shown["grad_fn of s"][2]  # "data 0.8814 | grad 0.5000"
    data, grad = line[len("data ") :].split(" | grad ")
    assert float(data) == pytest.approx(s0, abs=5e-5)
    assert float(grad) == pytest.approx(do_ds, abs=5e-5)
    for leaf, partner in (("x1", "w1"), ("w1", "x1"), ("x2", "w2"), ("w2", "x2")):
        grad = shown[leaf][2].split(" | grad ")[1]
        assert float(grad) == pytest.approx(do_ds * t[partner].item(), abs=5e-5)


def test_saved_values_and_freed_marks():
    with record_values():
        kept = micrograd_example(retain_graph=True)
        freed = micrograd_example()
    after = node_lines(build_graph(freed["e"], micrograd=True).nodes[1])
    assert after[-1] == "saved (freed): self=2., other=-3."  # seen before backward freed them
    before = node_lines(build_graph(kept["e"], micrograd=True).nodes[1])
    assert before[-1] == "saved: self=2., other=-3."


def test_a_saved_tensor_changed_in_place_is_marked():
    x = torch.tensor(3.0, requires_grad=True)
    with record_values():
        y = x * 1.0
        z = y * y
        y.add_(1.0)
    lines = node_lines(build_graph(z, micrograd=True).nodes[1])
    assert lines[-1] == "saved: self=4. (modified), other=4. (modified)"


def test_recording_off_keeps_nothing_and_costs_one_check():
    assert not is_recording_values() and RESULT_OBSERVERS == []
    t = micrograd_example()
    node = t["e"].grad_fn
    assert VALUES.describe(node)["data"] is None  # nothing was recorded
    graph = build_graph(t["L"], names=t, micrograd=True)
    assert graph.info["unrecorded"] == 2  # e's and d's results (L's own box shows L)
    assert "data not recorded | grad None" in boxes(graph)["grad_fn of e"]
    assert boxes(graph)["a"][2] == "data 2. | grad 6."  # a leaf's value is always known
    ref = weakref.ref(node)
    del t, node, graph
    gc.collect()
    assert ref() is None  # neither the recorder nor the picture kept the graph


def test_recorded_texts_keep_no_graph_alive():
    with record_values():
        t = micrograd_example()
    ref = weakref.ref(t["e"].grad_fn)
    assert VALUES.describe(ref())["data"] == {0: "-6."}
    del t
    gc.collect()
    assert ref() is None


def test_record_values_is_a_call_and_a_block():
    record_values()
    assert is_recording_values() and len(RESULT_OBSERVERS) == 1
    with record_values(False):
        assert not is_recording_values() and RESULT_OBSERVERS == []
    assert is_recording_values()
    record_values(False)
    assert not is_recording_values() and RESULT_OBSERVERS == []
    with pytest.raises(TypeError) as info:
        record_values("yes")
    assert str(info.value) == msg.VIZ_RECORD_MODE.format(type="str")
    assert not is_recording_values()  # refused: nothing changed


def test_multi_output_node_shows_each_output():
    with record_values():
        x = torch.tensor([1.5, -2.0, 3.0], requires_grad=True)
        a, b, _ = torch.unbind(x)
        y = a * b
        y.backward()
    lines = node_lines(build_graph(y, micrograd=True).nodes[2])
    assert lines[:1] == ["UnbindBackward0"]
    # PyTorch 2.13 prints 1.5 as 1.5000; the unused third piece received no gradient
    assert lines[1:] == [
        "[0] data 1.5000 | grad -2.",
        "[1] data -2. | grad 1.5000",
        "[2] data 3. | grad None",
    ]


def test_dot_output_has_data_and_grad():
    with record_values():
        t = micrograd_example()
    dot = build_graph(t["L"], names=t, micrograd=True).to_dot()
    assert 'label="a\\n()\\ndata 2. | grad 6."' in dot
    assert 'label="MulBackward0\\ngrad_fn of e\\ndata -6. | grad -2.\\nsaved (freed): ' in dot


def test_svg_is_deterministic_and_fits_with_collapse():
    with record_values():
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        y = x
        for _ in range(100):
            y = y * 1.01
        y.sum().backward()
    graph = build_graph(y, names={"x": x, "y": y}, micrograd=True)
    assert graph.info["collapsed"]
    svg = graph.to_svg(max_width=FIT_WIDTH)
    assert float(ET.fromstring(svg).get("width")) <= FIT_WIDTH
    assert svg == graph_svg(y, names={"x": x, "y": y}, micrograd=True, max_width=FIT_WIDTH)
    shown = svg_boxes(svg)
    assert shown["x"][2:] == ["data [ 0.5000, -1.0000,  2.0000]", "grad [2.7048, 2.7048, 2.7048]"]


def test_grad_trace_micrograd_draws_every_value(ip):
    with capture_output() as cap:
        ip.run_cell_magic("grad_trace", "--micrograd", MICROGRAD + "L.backward()\n")
    svg = cap.outputs[-1].data["image/svg+xml"]
    shown = svg_boxes(svg)
    for key, text in BY_HAND.items():
        assert text in shown[key], (key, shown[key])
    assert "saved (freed): self=2., other=-3." in shown["grad_fn of e"]
    assert not is_recording_values()  # only while the cell ran
    assert cap.stdout == ""


def test_grad_graph_micrograd_after_separate_cells(ip):
    """Forward recorded in one cell, backward in the next: the extension saw the gradients."""
    ip.run_cell_magic("grad_trace", "--micrograd --no-graph", MICROGRAD)
    ip.run_cell("L.backward()")
    with capture_output() as cap:
        ip.run_line_magic("grad_graph", "L --micrograd")
    shown = svg_boxes(cap.outputs[0].data["image/svg+xml"])
    for key, text in BY_HAND.items():
        assert text in shown[key], (key, shown[key])
    assert cap.stdout == ""


def test_grad_graph_micrograd_says_when_nothing_was_recorded(ip):
    ip.run_cell(MICROGRAD + "L.backward()")
    with capture_output() as cap:
        ip.run_line_magic("grad_graph", "L --micrograd")
    assert cap.stdout.strip() == msg.MICROGRAD_NOT_RECORDED.format(count=2)
    shown = svg_boxes(cap.outputs[0].data["image/svg+xml"])
    assert "data not recorded | grad None" in shown["grad_fn of d"]
    assert "data 2. | grad 6." in shown["a"]


def test_record_values_magic_switch(ip):
    with capture_output() as cap:
        ip.run_line_magic("autograd_nb", "--record-values")
    assert cap.stdout.strip() == msg.RECORD_VALUES_MODE["--record-values"]
    assert is_recording_values()
    ip.run_cell(MICROGRAD + "L.backward()")
    with capture_output() as cap:
        ip.run_line_magic("grad_graph", "L --micrograd")
    assert "data -6. | grad -2." in svg_boxes(cap.outputs[0].data["image/svg+xml"])["grad_fn of e"]
    with capture_output() as cap:
        ip.run_line_magic("autograd_nb", "--no-record-values")
    assert cap.stdout.strip() == msg.RECORD_VALUES_MODE["--no-record-values"]
    assert not is_recording_values()
    ip.run_line_magic("autograd_nb", "--record-values")
    ip.run_line_magic("unload_ext", "autograd_nb")  # unloading stops recording
    assert not is_recording_values() and RESULT_OBSERVERS == []
    ip.run_line_magic("load_ext", "autograd_nb")


def test_readme_example_draws_by_hand_values(ip):
    """The README's `%%grad_trace --micrograd` cell, run as written."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("    %%grad_trace --micrograd\n", 1)[1].split("\n\n", 1)[0]
    cell = "\n".join(line[4:] for line in block.splitlines())
    with capture_output() as cap:
        ip.run_cell_magic("grad_trace", "--micrograd", cell + "\n")
    shown = svg_boxes(cap.outputs[-1].data["image/svg+xml"])
    for key, text in BY_HAND.items():
        assert text in shown[key], (key, shown[key])


def test_values_recorded_but_backward_unwatched_names_what_was_freed():
    recorder = ValueRecorder()  # its own: the extension, loaded by other tests, watches VALUES
    recorder.set_recording(True)
    t = micrograd_example(backward=False)
    recorder.set_recording(False)
    t["L"].backward()  # nobody watched this backward
    described = recorder.describe(t["e"].grad_fn)
    assert described["saved"] == (("self", None), ("other", None)) and described["freed"]
    node = GraphNode("n0", "backward", "MulBackward0", {"micrograd": described})
    assert node_lines(node) == [
        "MulBackward0",
        "data -6. | grad None",
        "saved (freed): self, other",
    ]
