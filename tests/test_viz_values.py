"""The numbers pictures, tables and sentences show (viz.values.tensor_text), against PyTorch.

Up to 16 numbers print in full, as PyTorch prints them inside `tensor(...)`; a bigger tensor shows
its shape, min / mean / max and first values, each as PyTorch prints it (recorded by
tests/data/record_tensor_text.py from PyTorch 2.13).
"""

from __future__ import annotations

import json
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.viz import FlowRecorder, build_graph, tensor_text
from autograd_nb.viz.values import value_text

SVG_NS = "{http://www.w3.org/2000/svg}"
CASES = json.loads(
    pathlib.Path(__file__).with_name("data").joinpath("tensor_text.json").read_text()
)


def _tensor(case: dict):
    return torch.tensor(case["values"], dtype=getattr(torch, case["dtype"])).reshape(case["shape"])


def _expected(case: dict) -> str:
    if "min" not in case:
        return case["text"]
    shape = "(" + ", ".join(str(s) for s in case["shape"]) + ")"
    return (
        f"{shape}: min {case['min']}, mean {case['mean']}, max {case['max']}\n"
        f"first {case['first'][:-1]}, …]"
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_tensor_text_is_pytorchs_text_or_a_summary_of_pytorchs_numbers(name):
    case = CASES[name]
    t = _tensor(case)
    assert tensor_text(t) == _expected(case)
    # one line: PyTorch's row breaks (and the summary's line break) become separators
    one_line = re.sub(r",\n\s*", ", ", _expected(case)).replace("\n", "; ")
    assert tensor_text(t, one_line=True) == one_line
    assert "\n" not in one_line


def test_sixteen_numbers_in_full_seventeen_summarised():
    assert "min" not in tensor_text(_tensor(CASES["sixteen"]))
    assert "min" not in tensor_text(_tensor(CASES["column_8x2"]))
    assert tensor_text(_tensor(CASES["seventeen"])).startswith("(17): min ")
    assert tensor_text(_tensor(CASES["seventeen"]), limit=17) == CASES["seventeen"]["text"]
    assert tensor_text(None) == "None"


def test_gradient_of_a_4x3_weight_shows_in_full_in_the_picture():
    """The issue's case: a 3-4-1 MLP's first weight gradient, in --grads and in the node."""
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    recorder = FlowRecorder().start()
    try:
        y = net(torch.randn(5, 3)).pow(2).mean()
        y.backward(retain_graph=True)
        names = {"y": y, **{f"net.{k}": p for k, p in net.named_parameters()}}
        graph = build_graph(y, names=names)
        labels = recorder.edge_labels(graph)
    finally:
        recorder.stop()
    weight = net[0].weight
    full = value_text(weight.grad)  # PyTorch's text of the 12 numbers, checked above
    assert full.count("\n") == 3 and "values>" not in full
    leaf = graph.node_for(weight)
    (accumulate,) = [e.src for e in graph.edges if e.dst == leaf.id]
    assert [text for (_, dst), text in labels.items() if dst == accumulate] == [full]
    svg = graph.to_svg(grads=True, edge_labels=labels)
    drawn = [el.text.replace("\u00a0", " ") for el in ET.fromstring(svg).iter(f"{SVG_NS}text")]
    for line in full.split("\n"):  # drawn line by line, PyTorch's spacing kept
        assert line in drawn


def test_a_big_tensor_shows_its_summary_and_the_tooltip_the_whole_tensor():
    w = torch.tensor(CASES["big_4x16"]["values"]).reshape(4, 16).requires_grad_()
    y = (w * 2).sum()
    graph = build_graph(y, names={"w": w, "y": y})
    detail = graph.node_for(w).detail
    assert detail["data"] == _expected(CASES["big_4x16"])
    svg = graph.to_svg(values=True)
    assert "(4, 16): min" in svg
    # the hover text carries every row PyTorch prints
    assert CASES["big_4x16"]["text"].split("\n")[3].strip() in svg
