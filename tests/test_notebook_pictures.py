"""`%grad_graph` of a collapsed graph: a widget whose dashed boxes expand to the whole graph.

The click itself runs in the browser (tests/test_browser_pictures.py clicks it in JupyterLab);
here: what the widget carries, that an untrusted notebook and nbval still get the plain collapsed
picture (SVG, PNG, text), and which graphs get the widget at all.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from _ipython_shell import LESSON_000_GRAPH, ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

from autograd_nb.notebook.pictures import EXPAND_NODES, ExpandableGraph
from autograd_nb.viz.png import png_available

SVG = "{http://www.w3.org/2000/svg}"
WIDGET = "application/vnd.jupyter.widget-view+json"
CHAIN = "x = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range({n}):\n" + (
    "    y = (y * 1.01, y + 0.1, y.tanh())[i % 3]\n"
)


def shown(shell, line: str):
    """The one display output of a magic line."""
    with capture_output() as cap:
        result = shell.run_cell(line)
    assert result.success, result.error_in_exec
    (out,) = cap.outputs
    return out.data


def parts(data) -> tuple[ET.Element, ET.Element, ET.Element]:
    """The widget's picture element, its collapsed SVG and its whole-graph SVG."""
    root = ET.fromstring(widget_of(data).value)  # the HTML is well-formed XML
    collapsed = root.find("./div[@class='agnb-collapsed']/" + SVG + "svg")
    whole = root.find("./div[@class='agnb-whole']/div[@class='agnb-scroll']/" + SVG + "svg")
    return root, collapsed, whole


def widget_of(data) -> ExpandableGraph:
    """The widget a display output shows (looked up by its model id)."""
    from ipywidgets.widgets.widget import _instances

    return _instances[data[WIDGET]["model_id"]]


def node_classes(svg: ET.Element) -> list[str]:
    return [g.get("class") for g in svg.iter(SVG + "g") if g.get("data-node")]


def test_a_collapsed_chain_expands_to_every_node(ip):
    ip.run_cell(CHAIN.format(n=100))
    data = shown(ip, "%grad_graph y")
    root, collapsed, whole = parts(data)
    # a click on a dashed box (a summary node) opens, the button closes: no kernel involved
    assert "g.summary" in root.get("onclick") and "agnb-fold" in root.get("onclick")
    assert node_classes(collapsed).count("node summary") == 1 and len(node_classes(collapsed)) < 20
    assert len(node_classes(whole)) == 103  # y, 100 ops, AccumulateGrad, x
    assert "node summary" not in node_classes(whole)
    assert "Click a dashed box to draw all 103 nodes of the graph." in "".join(root.itertext())
    # the whole graph keeps its size (it scrolls), the collapsed one is fitted to the output
    assert float(whole.get("height")) > 5000 and "max-width:100%" in collapsed.get("style")
    scroll = root.find("./div[@class='agnb-whole']/div[@class='agnb-scroll']")
    assert "max-height:720px" in scroll.get("style") and "overflow:auto" in scroll.get("style")


def test_the_widget_carries_the_plain_picture_for_untrusted_notebooks_and_nbval(ip):
    ip.run_cell(CHAIN.format(n=100))
    data = shown(ip, "%grad_graph y")
    assert data["text/plain"] == "<autograd graph of y>"
    _, collapsed, _ = parts(data)
    stored = ET.fromstring(data["image/svg+xml"])
    assert node_classes(stored) == node_classes(collapsed)  # the same collapsed picture
    assert "image/png" in data or not png_available()  # what JupyterLab shows untrusted
    again = shown(ip, "%grad_graph y")
    assert again["image/svg+xml"] == data["image/svg+xml"]  # deterministic, as nbval needs
    assert widget_of(again).value == widget_of(data).value


def test_the_whole_graph_has_the_same_options(ip):
    ip.run_cell(CHAIN.format(n=60) + "y.backward()")
    _, collapsed, whole = parts(shown(ip, "%grad_graph y --grads --values"))
    for svg in (collapsed, whole):
        assert "grad: " in "".join(svg.itertext())  # the leaf's .grad
        assert svg.find(f"{SVG}g[@class='edge-labels']") is not None  # gradients on edges


@pytest.mark.parametrize(
    "cell, line",
    [
        (LESSON_000_GRAPH, "%grad_graph y"),  # small: nothing collapsed
        (CHAIN.format(n=100), "%grad_graph y --full"),  # every node asked for
        (CHAIN.format(n=EXPAND_NODES + 10), "%grad_graph y"),  # too big to carry along
    ],
)
def test_other_graphs_are_plain_pictures(ip, cell, line):
    ip.run_cell(cell)
    data = shown(ip, line)
    assert WIDGET not in data and data["text/plain"] == "<autograd graph of y>"


def test_grad_trace_graph_expands_too(ip):
    with capture_output() as cap:
        assert ip.run_cell("%%grad_trace\n" + CHAIN.format(n=100)).success
    (data,) = [out.data for out in cap.outputs if WIDGET in out.data]
    assert len(node_classes(parts(data)[2])) == 103
