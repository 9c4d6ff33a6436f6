"""A big graph's picture stays small and quick: repeated steps collapse even where they share
results, and what still does not fit goes into one box, which the picture says in one line
(issue "%grad_graph of a 2,000-node graph with shared sub-expressions: 16.5 s and 15 MB")."""

from __future__ import annotations

import random
import re
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


def balanced_tree(leaves: int):
    """A sum of products over a balanced tree: it forks at every node, nothing repeats."""
    ws = [torch.tensor([1.0 + i / 1000], requires_grad=True) for i in range(leaves)]
    level = [a * b for a, b in zip(ws[::2], ws[1::2])]
    while len(level) > 1:
        level = [a + b for a, b in zip(level[::2], level[1::2])] + level[len(level) // 2 * 2 :]
    return level[0]


def _texts(svg: str) -> list[str]:
    return [t.text.replace("\u00a0", " ") for t in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def test_a_2000_node_graph_with_shared_subexpressions_collapses_its_repeated_steps():
    y, names = shared_chain(500)
    graph = build_graph(y, names=names)
    assert graph.info["total_nodes"] > 2000 and not graph.info["cut"]
    assert len(graph.nodes) <= 40
    (summary,) = [n for n in graph.nodes if n.kind == "summary"]
    # one step is AddBackward0 (tanh(b) + sin(b)), its TanhBackward0 and SinBackward0, and
    # MulBackward0 (b = a * w): the spine runs through AddBackward0 and MulBackward0
    assert re.fullmatch(r"… 4\d\d × \(AddBackward0 → MulBackward0\) …", summary.label)
    assert summary.detail["by_label"].keys() == {
        "AddBackward0",
        "MulBackward0",
        "TanhBackward0",
        "SinBackward0",
    }
    counts = set(summary.detail["by_label"].values())
    assert len(counts) == 1 and counts.pop() > 490  # as many of each: whole steps
    svg = graph.to_svg(max_width=840)
    assert len(svg) < 50_000  # was 4 MB (and about 20 s with its PNG copy)
    assert summary.label in _texts(svg)


def test_a_graph_with_nothing_to_collapse_is_cut_and_says_so():
    total = balanced_tree(256)
    graph = build_graph(total)
    assert graph.info["total_nodes"] > 700 and graph.info["cut"]
    assert len(graph.nodes) == PICTURE_NODES and graph.nodes[-1].kind == "summary"
    svg = graph.to_svg(max_width=840)
    assert len(svg) < 200_000
    note = msg.VIZ_CUT_NOTE.format(shown=PICTURE_NODES - 1, total=graph.info["total_nodes"])
    assert _texts(svg).count(note) == 1


def test_full_draws_up_to_max_nodes_and_small_graphs_say_nothing():
    total = balanced_tree(256)
    full = build_graph(total, full=True, max_nodes=600)
    assert len(full.nodes) == 600 and full.info["cut"]
    y, names = shared_chain(3)
    small = build_graph(y, names=names)
    assert not small.info["cut"] and "nearest the output" not in small.to_svg()


def _reachable(n: int, children, roots, without: int) -> set:
    seen, stack = set(), [r for r in roots if r != without]
    while stack:
        v = stack.pop()
        if v not in seen:
            seen.add(v)
            stack.extend(c for c in children[v] if c != without)
    return seen


def test_dominators_match_their_definition_on_random_dags():
    """d dominates v when every path from the outputs to v passes d; the immediate dominator is
    the nearest such d (brute force: remove d, see whether v is still reached)."""
    from autograd_nb.viz.collapse import _dominators, _topological

    rng = random.Random(0)
    for _ in range(40):
        n = rng.randint(2, 25)
        children = [[] for _ in range(n)]
        parents = [[] for _ in range(n)]
        for v in range(1, n):  # edges only go to later nodes: a DAG
            for u in rng.sample(range(v), rng.randint(1, min(3, v))):
                children[u].append(v)
                parents[v].append(u)
        roots = [0] + [v for v in range(1, n) if rng.random() < 0.1]
        idom = _dominators(n, parents, _topological(n, children, parents), roots)
        for v in range(n):
            doms = [d for d in range(n) if d != v and v not in _reachable(n, children, roots, d)]
            if v in roots or not doms:
                assert idom[v] == n  # only the virtual node above the outputs
            else:  # the nearest: the one every other dominator of v dominates as well
                (nearest,) = [
                    d
                    for d in doms
                    if all(d not in _reachable(n, children, roots, e) for e in doms if e != d)
                ]
                assert idom[v] == nearest
