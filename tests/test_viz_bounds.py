"""A big graph's picture stays small and quick: what does not fit goes into one box, and the
picture says so in one line (issue "%grad_graph of a 2,000-node graph ... 16.5 s and 15 MB")."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.viz import build_graph
from autograd_nb.viz.graph import PICTURE_NODES

SVG_NS = "{http://www.w3.org/2000/svg}"


def shared_chain(steps: int):
    """x -> (b = a * w; a = tanh(b) + sin(b)) repeated: b is used twice, so no plain chain."""
    torch.manual_seed(0)
    x = torch.randn(8, requires_grad=True)
    w = torch.randn(8, requires_grad=True)
    a = x
    for _ in range(steps):
        b = a * w
        a = b.tanh() + b.sin()
    y = a.sum()
    return y, {"x": x, "w": w, "y": y}


def test_a_2000_node_graph_with_shared_subexpressions_is_bounded():
    y, names = shared_chain(500)
    graph = build_graph(y, names=names)
    assert graph.info["total_nodes"] > 2000 and graph.info["cut"]
    assert len(graph.nodes) == PICTURE_NODES
    assert graph.nodes[-1].kind == "summary"
    svg = graph.to_svg(max_width=840)
    assert len(svg) < 200_000  # was 4 MB (and about 20 s with its PNG copy)
    note = msg.VIZ_CUT_NOTE.format(shown=PICTURE_NODES - 1, total=graph.info["total_nodes"])
    texts = [t.text.replace("\u00a0", " ") for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]
    assert texts.count(note) == 1


def test_full_draws_up_to_max_nodes_and_small_graphs_say_nothing():
    y, names = shared_chain(500)
    full = build_graph(y, names=names, full=True, max_nodes=600)
    assert len(full.nodes) == 600 and full.info["cut"]
    y, names = shared_chain(3)
    small = build_graph(y, names=names)
    assert not small.info["cut"] and "nearest the output" not in small.to_svg()
