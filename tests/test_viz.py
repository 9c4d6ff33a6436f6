"""autograd_nb.viz: graph structure, labels, saved tensors, SVG / DOT output, size limits."""

from __future__ import annotations

import gc
import os
import re
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.viz import Graph, build_graph, graph_svg

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"


def lesson000(device="cpu"):
    """Lesson 000 (seeds/000_f19a9448fc6b484c.txt): f = x1 + x2; g = x2 - x3 - x4; y = f * g."""
    x1 = torch.tensor([1.0], requires_grad=True, device=device)
    x2 = torch.tensor([2.0], requires_grad=True, device=device)
    x3 = torch.tensor([3.0], requires_grad=True, device=device)
    x4 = torch.tensor([4.0], requires_grad=True, device=device)
    f = x1 + x2
    g = x2 - x3 - x4
    y = f * g
    return dict(x1=x1, x2=x2, x3=x3, x4=x4, f=f, g=g, y=y)


def grad_children(graph: Graph, node_id: str) -> list[str]:
    """Ids of the nodes a gradient flows to from node_id, in next_functions order."""
    return [e.dst for e in graph.edges if e.src == node_id and e.kind in ("grad", "tensor")]


def describe(graph: Graph, node_id: str) -> str:
    """'AccumulateGrad(x1)' for an accumulator, else the node's label."""
    node = graph.node(node_id)
    if node.kind == "accumulate_grad":
        (leaf,) = grad_children(graph, node_id)
        return f"AccumulateGrad({graph.node(leaf).label})"
    return node.label


def test_lesson000_structure_matches_pytorch(device):
    ns = lesson000(device)
    g = build_graph(ns["y"], names=ns)
    # PyTorch 2.13: y.grad_fn is MulBackward0 with next_functions (AddBackward0, SubBackward0);
    # AddBackward0 -> (AccumulateGrad x1, AccumulateGrad x2); SubBackward0 -> (SubBackward0,
    # AccumulateGrad x4); the inner SubBackward0 -> (AccumulateGrad x2, AccumulateGrad x3).
    (root,) = [n for n in g.nodes if n.kind == "output"]
    assert root.label == "y" and g.roots == [root.id]
    (mul,) = grad_children(g, root.id)
    assert g.node(mul).label == "MulBackward0"
    add, sub = grad_children(g, mul)
    assert [describe(g, c) for c in grad_children(g, add)] == [
        "AccumulateGrad(x1)",
        "AccumulateGrad(x2)",
    ]
    inner, acc4 = grad_children(g, sub)
    assert (g.node(sub).label, g.node(inner).label) == ("SubBackward0", "SubBackward0")
    assert describe(g, acc4) == "AccumulateGrad(x4)"
    assert [describe(g, c) for c in grad_children(g, inner)] == [
        "AccumulateGrad(x2)",
        "AccumulateGrad(x3)",
    ]
    # x2's AccumulateGrad is one node reached along two paths: the sum over paths
    acc2 = grad_children(g, add)[1]
    assert grad_children(g, inner)[0] == acc2
    assert sum(e.dst == acc2 for e in g.edges) == 2
    kinds = sorted(n.kind for n in g.nodes)
    assert kinds.count("accumulate_grad") == 4 and kinds.count("leaf_requires_grad") == 4
    assert kinds.count("backward") == 4 and len(g.nodes) == 13
    assert [n.id for n in g.nodes] == [f"n{i}" for i in range(13)]
    # grad_fn nodes know which named tensors they made
    assert g.node(add).detail["outputs"] == ["f"] and g.node(sub).detail["outputs"] == ["g"]


def test_labels_from_names_and_node_for():
    ns = lesson000()
    plain = build_graph(ns["y"])
    assert {n.label for n in plain.nodes if n.kind.startswith("leaf")} == {"(1)"}
    alias = ns["x1"]
    named = build_graph(ns["y"], names={"_x": alias, 3: alias, "a_first": alias, **ns})
    assert named.node_for(alias).label == "a_first"  # the first name given ("_x" skipped)
    assert build_graph(ns["y"], names={**ns, "a_first": alias}).node_for(alias).label == "x1"
    # params= (torchviz's) comes before names
    by_params = build_graph(ns["y"], names=ns, params={"0.weight": alias})
    assert by_params.node_for(alias).label == "0.weight"
    assert named.node_for(ns["x3"]).label == "x3"
    assert named.node_for(ns["f"]).label == "AddBackward0"  # an intermediate: its grad_fn
    assert named.node_for(ns["y"].grad_fn).label == "MulBackward0"
    assert named.node_for(torch.tensor([1.0])) is None
    assert build_graph(torch.ones(2, 3)).nodes[0].label == "(2, 3)"
    assert build_graph(torch.tensor(1.0)).nodes[0].label == "()"


def test_node_details_and_grads():
    ns = lesson000()
    g = build_graph(ns["y"], names=ns)
    d = g.node_for(ns["x1"]).detail
    assert d["data"] == "[1.]" and d["grad"] is None  # as PyTorch prints it inside tensor(...)
    assert (d["requires_grad"], d["is_leaf"], d["retains_grad"]) == (True, True, False)
    assert (d["dtype"], d["shape"], d["version"]) == ("torch.float32", (1,), 0)
    out = g.node_for(ns["y"])
    assert out.kind == "output" and out.detail["is_leaf"] is False
    assert out.detail["grad_fn"] == "MulBackward0" and out.detail["data"] == "[-15.]"
    ns["y"].backward()
    g = build_graph(ns["y"], names=ns)
    # values from the lesson (PyTorch 2.13): tensor([-5.]) tensor([-2.]) tensor([-3.]) tensor([-3.])
    assert [g.node_for(ns[k]).detail["grad"] for k in ("x1", "x2", "x3", "x4")] == [
        "[-5.]",
        "[-2.]",
        "[-3.]",
        "[-3.]",
    ]
    assert "grad: [-2.]" in g.to_svg(grads=True)


def test_leaf_without_grad_and_nodes_as_roots():
    w = torch.ones(2)
    g = build_graph(w, names={"w": w})
    assert [(n.kind, n.label) for n in g.nodes] == [("leaf_no_grad", "w")] and not g.edges
    ns = lesson000()
    both = build_graph(ns["f"], ns["g"], ns["f"], names=ns)
    assert [both.node(r).label for r in both.roots] == ["f", "g"]
    assert sum(n.label == "x2" for n in both.nodes) == 1  # shared leaf drawn once
    from_node = build_graph(ns["y"].grad_fn)
    assert from_node.nodes[0].label == "MulBackward0"
    with pytest.raises(TypeError, match="expects tensors"):
        build_graph(3.0)
    with pytest.raises(ValueError, match="max_nodes"):
        build_graph(ns["y"], max_nodes=1)


def test_repeated_input_gives_two_edges():
    x = torch.tensor([3.0], requires_grad=True)
    y = x * x  # PyTorch 2.13: both next_functions entries are the same AccumulateGrad
    g = build_graph(y)
    mul = g.node_for(y.grad_fn).id
    a, b = grad_children(g, mul)
    assert a == b and g.node(a).kind == "accumulate_grad"
    root = ET.fromstring(g.to_svg())
    paths = [p for p in root.iter(f"{SVG_NS}path")]
    assert len(paths) == len(g.edges) == 4
    assert len({p.get("d") for p in paths}) == 4  # the parallel edge is bent, not hidden


def test_saved_tensors_versions_and_freed():
    ns = lesson000()
    g = build_graph(ns["y"], names=ns, saved=True)
    mul = g.node_for(ns["y"].grad_fn).id
    saved = [g.node(e.dst) for e in g.edges if e.src == mul and e.kind == "saved"]
    assert [(n.kind, n.detail["slot"], n.label) for n in saved] == [
        ("saved", "self", "f"),
        ("saved", "other", "g"),
    ]
    assert all(n.detail["saved_version"] == 0 and not n.detail["modified"] for n in saved)
    ns["y"].backward(retain_graph=True)
    kept = build_graph(ns["y"], saved=True)
    assert sum(n.kind == "saved" for n in kept.nodes) == 2
    ns["y"].backward()
    freed = build_graph(ns["y"], saved=True)
    assert sum(n.kind == "saved" for n in freed.nodes) == 0
    assert [n.detail["slot"] for n in freed.nodes if n.kind == "saved_freed"] == ["self", "other"]
    svg = freed.to_svg()
    assert "self: freed" in svg and "saved tensor, freed" in svg


def test_saved_tensor_modified_in_place_and_saved_output():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    b = x * 2
    y = b * b
    b.add_(1)
    g = build_graph(y, names={"b": b}, saved=True)
    saved = [n for n in g.nodes if n.kind == "saved"]
    assert [(n.label, n.detail["saved_version"], n.detail["version"]) for n in saved] == [
        ("b", 0, 1),
        ("b", 0, 1),
    ]
    assert "saved v0, now v1!" in g.to_svg()
    e = x.exp()  # ExpBackward0 saves its own output as `result` (PyTorch 2.13 name)
    g = build_graph(e, names={"e": e}, saved=True)
    (res,) = [n for n in g.nodes if n.kind == "saved"]
    assert (res.detail["slot"], res.label, res.detail["is_output"]) == ("result", "e", True)


def _svg_nodes(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {el.get("data-node"): el for el in root.iter(f"{SVG_NS}g") if el.get("data-node")}


def test_svg_parses_points_down_the_grad_flow_and_has_legend():
    ns = lesson000()
    g = build_graph(ns["y"], names=ns, saved=True)
    mul = g.node_for(ns["y"].grad_fn).id
    svg = g.to_svg(values=True, grads=True, highlight=mul, edge_labels={("n0", mul): "1."})
    assert g._repr_svg_() == g.to_svg()
    nodes = _svg_nodes(svg)
    assert set(nodes) == {n.id for n in g.nodes}

    def centre_y(el):
        shape = el.find(f"{SVG_NS}rect")
        if shape is not None:
            return float(shape.get("y")) + float(shape.get("height")) / 2
        return float(el.find(f"{SVG_NS}ellipse").get("cy"))

    for e in g.edges:  # outputs on top, every edge goes down
        assert centre_y(nodes[e.src]) < centre_y(nodes[e.dst])
    hl = nodes[mul].find(f"{SVG_NS}rect")
    assert (hl.get("fill"), hl.get("stroke-width")) == ("#ffe14d", "3.0")
    legend = [t.text for t in ET.fromstring(svg).find(f"{SVG_NS}g").iter(f"{SVG_NS}text")]
    assert legend == [
        "leaf, requires_grad",
        "backward node (grad_fn)",
        "output",
        "saved tensor",
        "running now",
    ]
    assert "legend" not in g.to_svg(legend=False)
    with pytest.raises(KeyError):
        g.to_svg(highlight="n999")


def test_svg_escapes_text():
    t = torch.tensor([1.0], requires_grad=True)
    y = t * 2
    svg = graph_svg(y, names={'a<&>"b': t, "z\x01": y}, node_notes={"n0": "<note & more>"})
    root = ET.fromstring(svg)  # must parse
    texts = [el.text for el in root.iter(f"{SVG_NS}text")]
    assert 'a<&>"b' in texts and "<note & more>" in texts and "z\ufffd" in texts


_SCRIPT = textwrap.dedent("""
    import sys, hashlib
    sys.path.insert(0, {root!r})
    import autograd_nb as torch
    from autograd_nb.viz import build_graph
    def make():
        x1 = torch.tensor([1.], requires_grad=True)
        x2 = torch.tensor([2.], requires_grad=True)
        x3 = torch.tensor([3.], requires_grad=True)
        x4 = torch.tensor([4.], requires_grad=True)
        f = x1 + x2
        g = x2 - x3 - x4
        y = f * g
        ws = [torch.full((2,), 0.5 + i, requires_grad=True) for i in range(40)]
        h = torch.ones(2, requires_grad=True)
        for i, w in enumerate(ws):
            h = (h * w + ws[i // 2]).tanh() if i % 3 else h + ws[(7 * i) % 40]
        out = [build_graph(y, names=locals(), saved=True).to_svg(values=True, grads=True,
                                                                highlight="n1"),
               build_graph(h.sum(), f, names=locals()).to_svg(), build_graph(h).to_dot()]
        return out, ws
    svgs, keep = make()
    print(hashlib.sha256("\\x00".join(svgs).encode()).hexdigest())
""")


def test_svg_is_byte_identical_across_runs_and_processes():
    script = _SCRIPT.format(root=str(ROOT))
    ns: dict = {}
    exec(compile(script.replace("print(", "result = ("), "<viz>", "exec"), ns)
    first = ns["result"]
    again: dict = {}
    exec(compile(script.replace("print(", "result = ("), "<viz>", "exec"), again)
    assert again["result"] == first
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == first


def test_to_dot_shape():
    ns = lesson000()
    g = build_graph(ns["y"], names=ns, saved=True)
    dot = g.to_dot()
    lines = dot.splitlines()
    assert lines[0] == "digraph autograd {" and lines[-1] == "}"
    assert (
        '  n0 [label="y\\n(1)", shape=box, style="filled", fillcolor="#caff70", '
        'color="#5e8a1c"];' in lines
    )
    assert sum("->" in line for line in lines) == len(g.edges)
    assert sum("[label=" in line and "->" not in line for line in lines) == len(g.nodes)
    assert "  n0 -> n1;" in lines
    assert any(line.startswith("  n1 -> ") and "style=dashed" in line for line in lines)


def test_engine_dot_only_when_asked_and_present(tmp_path, monkeypatch):
    g = build_graph(lesson000()["y"])
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match="Graphviz's `dot` program"):
        g.to_svg(engine="dot")
    with pytest.raises(ValueError, match="unknown engine"):
        g.to_svg(engine="neato")
    fake = tmp_path / "dot"  # stands in for Graphviz: echoes a header and the DOT it was given
    fake.write_text(
        f"#!{sys.executable}\nimport sys\nsys.stdin.read()\n"
        "print('<!-- Generated by graphviz version 2.43.0 (0)\\n -->')\n"
        "print('<svg/>')\n"
    )
    fake.chmod(0o755)
    assert g.to_svg(engine="dot") == "<svg/>\n"


def _chain(n: int):
    x = torch.tensor([1.0], requires_grad=True)
    y = x
    for _ in range(n):
        y = y * 1.0001
    return x, y


def test_long_chain_is_summarised_quickly():
    x, y = _chain(20_000)
    start = time.perf_counter()
    g = build_graph(y, names={"x": x, "y": y})
    svg = g.to_svg()
    assert time.perf_counter() - start < 10
    assert [n.label for n in g.nodes] == [
        "y",
        "MulBackward0",
        "… 19,998 more MulBackward0 …",
        "MulBackward0",
        "AccumulateGrad",
        "x",
    ]
    assert g.nodes[2].kind == "summary" and g.info["total_nodes"] == 20_003
    assert g.info["collapsed"] is True
    ET.fromstring(svg)


def test_chain_with_side_inputs_and_cut_to_max_nodes():
    ws = [torch.tensor([1.0 + i / 1000], requires_grad=True) for i in range(300)]
    h = torch.tensor([1.0], requires_grad=True)
    for w in ws:  # the run swallows each w and its AccumulateGrad
        h = h * w
    g = build_graph(h, max_nodes=50)
    (summary,) = [n for n in g.nodes if n.kind == "summary"]
    assert summary.label == "… 298 more MulBackward0 …"
    assert summary.detail["by_label"] == {
        "MulBackward0": 298,
        "AccumulateGrad": 298,
        "leaf tensors": 298,
    }
    # a balanced tree of sums forks at every node: no run to collapse, so the picture is cut
    # after the first max_nodes - 1 nodes
    level = [a * b for a, b in zip(ws[::2], ws[1::2])]
    while len(level) > 1:
        level = [a + b for a, b in zip(level[::2], level[1::2])] + level[len(level) // 2 * 2 :]
    total = level[0]
    g = build_graph(total, max_nodes=50)
    ids = {n.id for n in g.nodes}
    assert len(g.nodes) == 50 and g.nodes[-1].id == "s_rest"
    assert g.nodes[-1].label.startswith("… ") and g.nodes[-1].label.endswith(" more nodes …")
    assert all(e.src in ids and e.dst in ids for e in g.edges)
    ET.fromstring(g.to_svg())


def test_no_recursion_on_a_100k_chain():
    x = torch.tensor([1.0], requires_grad=True)
    y = x
    gc.disable()  # building 100,000 nodes is faster without the cyclic GC rescanning them
    try:
        for _ in range(100_000):
            y = y + 1
    finally:
        gc.enable()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # any recursion over the graph would fail here
    try:
        g = build_graph(y)
        svg = g.to_svg()
        dot = g.to_dot()
    finally:
        sys.setrecursionlimit(limit)
    assert len(g.nodes) == 6 and "99,998 more AddBackward0" in svg and "digraph" in dot


def test_viz_imports_no_notebook_packages():
    code = (
        "import sys, autograd_nb.viz; "
        "print(sorted(m for m in ('IPython', 'ipywidgets', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_flow_recorder_labels_each_edge_with_the_gradient_it_carried():
    from autograd_nb.autograd import engine
    from autograd_nb.viz import FlowRecorder

    recorder = FlowRecorder().start()
    try:
        x = torch.tensor([2.0], requires_grad=True)
        w = torch.arange(6.0, requires_grad=True)
        y = x * 3
        z = (w * y).sum()
        z.backward(retain_graph=True)
        graph = build_graph(z, names={"x": x, "w": w, "y": y, "z": z})
        labels = {
            (graph.node(a).label, graph.node(b).label): text
            for (a, b), text in recorder.edge_labels(graph).items()
        }
    finally:
        recorder.stop()
    assert recorder not in engine.node_listeners
    # as PyTorch prints the gradients inside tensor(...): tensor([15.]), tensor([45.]), ...
    assert labels[("MulBackward0", "MulBackward0")] == "[15.]"  # dz/dy = sum(w) = 15
    # to x: 15 * 3; to w: y, six times
    assert labels[("MulBackward0", "AccumulateGrad")] in {"[45.]", "[6., 6., 6., 6., 6., 6.]"}
    assert labels[("SumBackward0", "MulBackward0")] == "[1., 1., 1., 1., 1., 1.]"


def _svg_size(svg: str) -> tuple[float, float]:
    head = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg)
    return float(head.group(1)), float(head.group(2))


def test_a_100_op_chain_fits_on_a_screen():
    x = torch.tensor([0.5], requires_grad=True)
    y = x
    for i in range(100):
        y = (y * 1.01, y + 0.1, y.tanh())[i % 3]
    g = build_graph(y, names={"x": x})
    labels = [n.label for n in g.nodes]
    assert "… 31 × (MulBackward0 → TanhBackward0 → AddBackward0) …" in labels
    width, height = _svg_size(g.to_svg())
    assert width <= 848 and height <= 900  # a default JupyterLab output area, no scrolling
    full = build_graph(y, names={"x": x}, full=True)
    assert len(full.nodes) == 103 and not full.info["collapsed"]  # y, 100 ops, AccumulateGrad, x


def test_the_layers_of_a_deep_net_collapse_into_one_box():
    torch.manual_seed(0)
    layers = []
    for _ in range(20):
        layers += [nn.Linear(8, 8), nn.Tanh()]
    net = nn.Sequential(*layers)
    out = net(torch.ones(2, 8)).sum()
    g = build_graph(out, saved=True, params=dict(net.named_parameters()))
    (summary,) = [n for n in g.nodes if n.kind == "summary"]
    assert summary.label == "… 18 × (TanhBackward0 → AddmmBackward0) …"
    # the first and last layer stay, with their parameters named by path
    leaves = {n.label for n in g.nodes if n.kind == "leaf_requires_grad"}
    assert leaves == {"0.weight", "0.bias", "38.weight", "38.bias"}
    assert summary.detail["by_label"]["AddmmBackward0"] == 18
    width, height = _svg_size(g.to_svg())
    assert width <= 900 and height <= 900  # was 4,970 x 3,341 with every layer drawn
    assert "--full" in g.to_svg()  # the collapsed box's tooltip says how to see all of it


def test_small_repeats_are_drawn_in_full():
    x = torch.tensor([1.0], requires_grad=True)
    y = x * 2 * 2 * 2 * 2 * 2
    assert all(n.kind != "summary" for n in build_graph(y).nodes)


def test_a_wide_picture_is_drawn_smaller_to_fit():
    x = torch.ones(3, requires_grad=True)
    parts = [x * float(i) for i in range(12)]  # twelve branches side by side
    g = build_graph(sum(parts[1:], parts[0]))
    natural = g.to_svg()
    width, height = _svg_size(natural)
    assert width > 600
    fitted = g.to_svg(max_width=600)
    assert _svg_size(fitted) == pytest.approx((600, height * 600 / width), abs=0.1)
    view = re.search(r'viewBox="([^"]+)"', natural).group(1)
    assert f'viewBox="{view}"' in fitted  # the same drawing, shown smaller
    assert g.to_svg(max_width=5000) == natural  # a picture that fits is left alone
