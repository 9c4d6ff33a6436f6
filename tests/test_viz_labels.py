"""Every picture's text stays readable: no label or line overlaps another or another node's box,
and none is cut by the picture's edge (issue "Pictures a learner trusts at a glance").

Text boxes are estimated from the SVG alone (tests/_svg_boxes.py: DejaVu Sans Mono's advance and
height); tests/test_browser_labels.py checks the same in Chromium with real text extents.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from _svg_boxes import boxes, problems

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.notebook.widgets import BackwardStepper
from autograd_nb.viz import FlowRecorder, build_graph, record_values

SVG_NS = "{http://www.w3.org/2000/svg}"


def mlp(sizes=(3, 4, 1), batch: int = 5):
    """A tanh MLP (3-4-1 by default), its loss and the names a notebook would give them."""
    torch.manual_seed(0)
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        layers += [nn.Linear(a, b), nn.Tanh()]
    net = nn.Sequential(*layers[:-1])
    x = torch.randn(batch, sizes[0])
    y = net(x).pow(2).mean()
    names = {"y": y, "x": x, **{f"net.{k}": p for k, p in net.named_parameters()}}
    return net, y, names


def grads_pictures(y, names, **build) -> list[str]:
    """`%grad_graph y --grads` (with and without --values) after y.backward()."""
    recorder = FlowRecorder().start()
    try:
        y.backward(retain_graph=True)
    finally:
        recorder.stop()
    graph = build_graph(y, names=names, **build)
    labels = recorder.edge_labels(graph)
    assert labels
    return [
        graph.to_svg(grads=True, edge_labels=labels, max_width=840),
        graph.to_svg(values=True, grads=True, edge_labels=labels),
    ]


def assert_readable(svgs: list[str]) -> None:
    bad = {i: found for i, svg in enumerate(svgs) if (found := problems(svg))}
    assert not bad, f"{len(bad)} of {len(svgs)} pictures: {bad}"


def test_every_stepper_frame_of_a_3_4_1_mlp():
    _, y, names = mlp()
    stepper = BackwardStepper(y, names=names)
    assert len(stepper.frames) == 12
    assert_readable([frame.svg for frame in stepper.frames])


def test_grads_pictures_of_a_3_4_1_mlp():
    _, y, names = mlp()
    assert_readable(grads_pictures(y, names))


def test_grads_with_saved_tensors():
    _, y, names = mlp()
    assert_readable(grads_pictures(y, names, saved=True))


def test_micrograd_picture():
    torch.manual_seed(0)
    with record_values():
        net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
        y = net(torch.randn(5, 3)).pow(2).mean()
        y.backward(retain_graph=True)
    names = {"y": y, **{f"net.{k}": p for k, p in net.named_parameters()}}
    assert_readable([build_graph(y, names=names, micrograd=True, saved=True).to_svg()])


def test_big_tensors_show_summaries_without_overlap():
    _, y, names = mlp((20, 30, 10, 1), batch=8)
    svgs = grads_pictures(y, names, saved=True)
    assert "(30, 20): min" in svgs[1]  # the first weight's gradient, summarised
    assert_readable(svgs)
    stepper = BackwardStepper(y, names=names)
    assert_readable([frame.svg for frame in stepper.frames])


def test_collapsed_deep_net_with_grads():
    torch.manual_seed(0)
    deep = nn.Sequential(*[m for _ in range(20) for m in (nn.Linear(3, 3), nn.Tanh())])
    y = deep(torch.ones(2, 3)).sum()
    names = {"y": y, **{f"deep.{k}": p for k, p in deep.named_parameters()}}
    assert_readable(grads_pictures(y, names))
    assert_readable(grads_pictures(y, names, full=True))


def test_parallel_edges_keep_their_labels_apart():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()  # MulBackward0 sends a gradient to x twice
    svgs = grads_pictures(y, {"x": x, "y": y})
    texts = [t[4] for t in boxes(svgs[1])["texts"]]
    assert texts.count("[1., 2.]") == 3  # x's value, and each flow: grad * other = [1., 2.]
    assert_readable(svgs)


def _node_places(svg: str) -> list[tuple[str, str]]:
    """Each node group's id and the position of its first text line."""
    out = []
    for g in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        if "node" in g.get("class", "").split():
            first = g.find(f"{SVG_NS}text")
            out.append((g.get("data-node"), first.get("x") + "," + first.get("y")))
    return out


def test_label_room_keeps_one_layout_for_pictures_with_different_labels():
    """A stepper's frames label more edges as backward goes on: with the room for every
    frame's labels kept, the nodes stay where they are from frame to frame."""
    _, y, names = mlp()
    graph = build_graph(y, names=names)
    edges = [(e.src, e.dst) for e in graph.edges]
    texts = {key: f"[{k}.{k}, {k}.{k}]\n[{k}.0, -1.5]" for k, key in enumerate(edges)}
    frames = [{key: texts[key] for key in edges[:n]} for n in range(len(edges) + 1)]
    svgs = [graph.to_svg(edge_labels=f, label_room=texts, values=True) for f in frames]
    assert len({tuple(_node_places(svg)) for svg in svgs}) == 1
    assert_readable(svgs)
    without = [graph.to_svg(edge_labels=f, values=True) for f in frames]
    assert len({tuple(_node_places(svg)) for svg in without}) > 1  # what the room is for
    assert_readable(without)


@pytest.mark.parametrize("width", [300.0, 840.0])
def test_min_scale_keeps_text_readable(width):
    torch.manual_seed(0)
    deep = nn.Sequential(*[m for _ in range(20) for m in (nn.Linear(8, 8), nn.Tanh())])
    y = deep(torch.ones(2, 8)).sum()
    graph = build_graph(y, full=True, saved=True)
    svg = graph.to_svg(max_width=width, min_scale=0.6)
    root = ET.fromstring(svg)
    view_w = float(root.get("viewBox").split()[2])
    shown = float(root.get("width"))
    assert shown == pytest.approx(max(width, 0.6 * view_w), abs=0.1)
    assert len(re.findall(r'class="node [a-z_]+ root"', svg)) == 1
