"""Shrinking a graph that is too big to draw: collapse repeated chains, then cut what is left.

Step 1: a run of backward nodes of one type, each the only parent-to-child link of the next
(`x = x * 2` repeated), keeps its first and last node; everything between becomes one "summary"
node "… 4,990 more MulBackward0 …", which also swallows the tensors hanging only off that run
(the AccumulateGrad and leaf of each `w_i` in `x = x * w_i`, saved tensors). Step 2, if still
too big: keep the first `max_nodes - 1` nodes breadth first from the outputs and send every edge
into the rest to one summary node. Everything is linear in the graph size and iterative.
"""

from __future__ import annotations

from collections import Counter, deque

from .graph import GraphEdge, GraphNode

__all__ = ["collapse"]

_MIN_RUN = 3  # interior nodes a chain needs before it is collapsed
# what a run may swallow besides its own nodes: per-step parameters, never whole computations
_ABSORBABLE = ("accumulate_grad", "leaf_requires_grad", "leaf_no_grad", "saved", "saved_freed")


_GROUP_NAMES = {
    "leaf_requires_grad": "leaf tensors",
    "leaf_no_grad": "leaf tensors",
    "output": "outputs",
    "saved": "saved tensors",
    "saved_freed": "freed saved tensors",
    "summary": "summarised nodes",
}


def _count_key(node: GraphNode) -> str:
    """What a hidden node is counted as: its grad_fn class name, or a kind of tensor."""
    return _GROUP_NAMES.get(node.kind, node.label)


def _count_text(counts: Counter, limit: int = 3) -> str:
    parts = [f"{n:,} {label}" for label, n in counts.most_common(limit)]
    if len(counts) > limit:
        parts.append("…")
    return ", ".join(parts)


def collapse(
    nodes: list[GraphNode], edges: list[GraphEdge], roots: list[str], max_nodes: int
) -> tuple[list[GraphNode], list[GraphEdge]]:
    """Nodes and edges of a smaller picture of the same graph (at most `max_nodes` nodes)."""
    nodes, edges = _collapse_chains(nodes, edges, roots)
    if len(nodes) > max_nodes:
        nodes, edges = _cut(nodes, edges, roots, max_nodes)
    return nodes, edges


def _adjacency(nodes, edges):
    pos = {n.id: i for i, n in enumerate(nodes)}
    children = [[] for _ in nodes]
    parents = [[] for _ in nodes]
    for e in edges:
        s, d = pos[e.src], pos[e.dst]
        children[s].append(d)
        parents[d].append(s)
    return pos, children, parents


def _collapse_chains(nodes, edges, roots):
    n = len(nodes)
    pos, children, parents = _adjacency(nodes, edges)
    is_root = [False] * n
    for r in roots:
        is_root[pos[r]] = True

    def next_in_run(i: int) -> int:
        """The one child continuing a run of same-type backward nodes from i, or -1."""
        node = nodes[i]
        found = -1
        for c in children[i]:
            other = nodes[c]
            if (
                other.kind == "backward"
                and other.label == node.label
                and len(parents[c]) == 1
                and not is_root[c]
            ):
                if found != -1 and found != c:
                    return -1
                found = c
        return found

    nxt = [next_in_run(i) if nodes[i].kind == "backward" else -1 for i in range(n)]
    has_run_parent = [False] * n
    for i in range(n):
        if nxt[i] != -1:
            has_run_parent[nxt[i]] = True

    group = [-1] * n  # summary number each absorbed node belongs to
    summaries: list[dict] = []
    for i in range(n):
        if nxt[i] == -1 or has_run_parent[i]:
            continue
        run = [i]
        while nxt[run[-1]] != -1:
            run.append(nxt[run[-1]])
        interior = run[1:-1]
        if len(interior) < _MIN_RUN:
            continue
        for j in interior:
            group[j] = len(summaries)
        summaries.append({"label": nodes[i].label, "spine": len(interior), "first": interior[0]})
    if not summaries:
        return nodes, edges

    # Absorb nodes all of whose parents sit in the same summary (in topological order).
    indeg = [len(p) for p in parents]
    ready = deque(i for i in range(n) if indeg[i] == 0)
    while ready:
        i = ready.popleft()
        if group[i] == -1 and parents[i] and not is_root[i] and nodes[i].kind in _ABSORBABLE:
            g = group[parents[i][0]]
            if g != -1 and all(group[p] == g for p in parents[i]):
                group[i] = g
        for c in children[i]:
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)

    members = [Counter() for _ in summaries]
    for i in range(n):
        if group[i] != -1:
            members[group[i]][_count_key(nodes[i])] += 1
    new_nodes: list[GraphNode] = []
    ids = [""] * len(summaries)
    for i, node in enumerate(nodes):
        g = group[i]
        if g == -1:
            new_nodes.append(node)
        elif summaries[g]["first"] == i:
            s = summaries[g]
            ids[g] = f"s{g}"
            total = sum(members[g].values())
            others = total - s["spine"]
            detail = {
                "collapsed": total,
                "by_label": dict(members[g].most_common()),
                "lines": [f"and {others:,} other nodes" if others else ""],
            }
            detail["lines"] = [x for x in detail["lines"] if x]
            new_nodes.append(
                GraphNode(ids[g], "summary", f"… {s['spine']:,} more {s['label']} …", detail)
            )
    mapped = [nodes[i].id if group[i] == -1 else ids[group[i]] for i in range(n)]
    return new_nodes, _remap_edges(edges, pos, mapped)


def _remap_edges(edges, pos, mapped):
    """Edges between the new nodes: internal ones dropped, parallel summary edges merged."""
    out = []
    seen = set()
    for e in edges:
        s, d = mapped[pos[e.src]], mapped[pos[e.dst]]
        if s == d:
            continue
        if s != e.src or d != e.dst:
            key = (s, d, e.kind)
            if key in seen:
                continue
            seen.add(key)
            out.append(GraphEdge(s, d, e.kind, e.label))
        else:
            out.append(e)
    return out


def _cut(nodes, edges, roots, max_nodes):
    pos, children, _ = _adjacency(nodes, edges)
    keep = [False] * len(nodes)
    kept = 0
    queue = deque()
    for r in roots:
        i = pos[r]
        if not keep[i]:
            keep[i] = True
            kept += 1
            queue.append(i)
    while queue and kept < max_nodes - 1:
        i = queue.popleft()
        for c in children[i]:
            if not keep[c] and kept < max_nodes - 1:
                keep[c] = True
                kept += 1
                queue.append(c)
    rest = Counter(_count_key(n) for i, n in enumerate(nodes) if not keep[i])
    hidden = len(nodes) - kept
    summary = GraphNode(
        "s_rest",
        "summary",
        f"… {hidden:,} more nodes …",
        {"collapsed": hidden, "by_label": dict(rest.most_common()), "lines": [_count_text(rest)]},
    )
    new_nodes = [n for i, n in enumerate(nodes) if keep[i]] + [summary]
    out, seen = [], set()
    for e in edges:
        s, d = pos[e.src], pos[e.dst]
        if not keep[s]:
            continue  # edges leaving the hidden part are not drawn
        if keep[d]:
            out.append(e)
        elif (e.src, e.kind) not in seen:
            seen.add((e.src, e.kind))
            out.append(GraphEdge(e.src, "s_rest", e.kind))
    return new_nodes, out
