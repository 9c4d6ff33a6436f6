"""Shrinking a graph that is too big to draw: collapse repeated chains, then cut what is left.

Step 1: a unit of backward nodes repeated along the computation's path (`x = x * 2`; the layers
of a Sequential) keeps its first and last unit; everything between becomes one "summary" node
("… 4,990 more MulBackward0 …", "… 18 × (TanhBackward0 → AddmmBackward0) …"), which also swallows
what hangs only off that run (the AccumulateGrad and leaf of each `w_i` in `x = x * w_i`, a
layer's weights, saved tensors). Step 2, if still too big: steps that share results
(`b = a * w; a = b.tanh() + b.sin()`: no plain chain) are found along the dominator tree and
collapsed the same way. Step 3, if still too big: keep the first `max_nodes - 1` nodes breadth
first from the outputs and send every edge into the rest to one summary node. Everything is
iterative and linear in the graph size (step 2: times its logarithm).
"""

from __future__ import annotations

from collections import Counter, deque

from .graph import GraphEdge, GraphNode

__all__ = ["CUT_ID", "collapse"]

CUT_ID = "s_rest"  # the box that holds what a cut graph leaves out

_MIN_RUN = 3  # interior nodes a run needs before it is collapsed
_MAX_PERIOD = 6  # backward nodes in the longest unit a run may repeat (a layer and its activation)
_SIDE_LIMIT = 6  # nodes a side branch (a weight: TBackward0, AccumulateGrad, leaf) may have
_BIG = _SIDE_LIMIT + 1
_DOMINATED_LIMIT = 200_000  # nodes above which shared steps are not looked for (memory, time)
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
    if max_nodes < len(nodes) <= _DOMINATED_LIMIT:
        nodes, edges = _collapse_dominated(nodes, edges, roots)
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


def _side_sizes(nodes, children, parents, order) -> list[int]:
    """For each node, the size of what hangs below it, if that is a small tree of its own.

    A node whose descendants each have one parent and number at most `_SIDE_LIMIT` (a weight's
    TBackward0, AccumulateGrad and leaf) gets their count plus one; anything bigger or shared
    gets `_BIG`. `order` is a topological order (parents first).
    """
    size = [0] * len(nodes)
    for i in reversed(order):
        total = 1
        for c in children[i]:
            if len(parents[c]) != 1 or size[c] >= _BIG:
                total = _BIG
                break
            total += size[c]
        size[i] = min(total, _BIG)
    return size


def _topological(n: int, children, parents) -> list[int]:
    indeg = [len(p) for p in parents]
    order, ready = [], deque(i for i in range(n) if indeg[i] == 0)
    while ready:
        i = ready.popleft()
        order.append(i)
        for c in children[i]:
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    return order


def _spine_children(nodes, children, parents, is_root, size) -> list[int]:
    """Each backward node's one child that carries the computation on (or -1).

    The candidates are backward children with no other parent. One candidate continues the
    spine; of several, the only one with a big subtree does (the others are side branches such
    as a layer's weight); two big ones are a fork, and the spine stops there.
    """
    nxt = [-1] * len(nodes)
    for i, node in enumerate(nodes):
        if node.kind != "backward":
            continue
        candidates = [
            c
            for c in children[i]
            if nodes[c].kind == "backward" and len(parents[c]) == 1 and not is_root[c]
        ]
        if len(candidates) == 1:
            nxt[i] = candidates[0]
        else:
            big = [c for c in candidates if size[c] >= _BIG]
            if len(big) == 1:
                nxt[i] = big[0]
    return nxt


def _repeats(labels: list, k: int) -> tuple[int, int]:
    """(period, count) of the longest run of one repeated unit starting at `labels[k]`."""
    best = (0, 0)
    for period in range(1, _MAX_PERIOD + 1):
        unit = labels[k : k + period]
        if len(unit) < period:
            break
        count = 1
        while labels[k + count * period : k + (count + 1) * period] == unit:
            count += 1
        interior = (count - 2) * period
        if count >= 3 and interior >= _MIN_RUN and count * period > best[0] * best[1]:
            best = (period, count)
    return best


def _collapse_chains(nodes, edges, roots):
    """Replace the middle of every repeated run along a graph's spine by one summary node.

    A run is a unit of one to `_MAX_PERIOD` backward nodes (`x * 2`; a layer's AddmmBackward0
    and TanhBackward0) repeated along the path the computation takes; its first and last unit
    stay, the units between become "… 18 × (TanhBackward0 → AddmmBackward0) …", which also
    swallows what hangs off them alone (weights, AccumulateGrad, leaves, saved tensors).
    """
    n = len(nodes)
    pos, children, parents = _adjacency(nodes, edges)
    is_root = [False] * n
    for r in roots:
        is_root[pos[r]] = True
    order = _topological(n, children, parents)
    size = _side_sizes(nodes, children, parents, order)
    nxt = _spine_children(nodes, children, parents, is_root, size)
    has_spine_parent = [False] * n
    for i in range(n):
        if nxt[i] != -1:
            has_spine_parent[nxt[i]] = True
    kept = [False] * n  # the first and last unit of each run stay in the picture

    group = [-1] * n  # summary number each absorbed node belongs to
    summaries: list[dict] = []
    for i in order:
        if nxt[i] == -1 or has_spine_parent[i]:
            continue  # not the start of a spine
        spine = [i]
        while nxt[spine[-1]] != -1:
            spine.append(nxt[spine[-1]])
        labels = [nodes[j].label for j in spine]
        k = 0
        while k < len(spine):
            period, count = _repeats(labels, k)
            if not period:
                k += 1
                continue
            interior = spine[k + period : k + (count - 1) * period]
            for j in interior:
                group[j] = len(summaries)
            for j in spine[k : k + period] + spine[k + (count - 1) * period : k + count * period]:
                kept[j] = True
            unit = labels[k : k + period]
            summaries.append(
                {"unit": unit, "count": count - 2, "spine": len(interior), "first": interior[0]}
            )
            k += count * period
    if not summaries:
        return nodes, edges

    # Absorb what hangs off a run alone: nodes all of whose parents sit in the same summary.
    for i in order:
        kind = nodes[i].kind
        side = kind in _ABSORBABLE or (kind == "backward" and size[i] < _BIG and not kept[i])
        if group[i] == -1 and parents[i] and not is_root[i] and side:
            g = group[parents[i][0]]
            if g != -1 and all(group[p] == g for p in parents[i]):
                group[i] = g

    return _summarised(nodes, edges, pos, group, summaries, "s")


def _summarised(nodes, edges, pos, group, summaries, prefix: str):
    """The picture with each summary's members (`group[i]`) replaced by one summary node."""
    n = len(nodes)
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
            ids[g] = f"{prefix}{g}"
            others = sum(members[g].values()) - s["spine"]
            detail = {
                "collapsed": sum(members[g].values()),
                "by_label": dict(members[g].most_common()),
                "lines": [f"and {others:,} other nodes"] if others else [],
            }
            if len(s["unit"]) == 1:
                label = f"… {s['spine']:,} more {s['unit'][0]} …"
            else:
                label = f"… {s['count']:,} × ({' → '.join(s['unit'])}) …"
            new_nodes.append(GraphNode(ids[g], "summary", label, detail))
    mapped = [nodes[i].id if group[i] == -1 else ids[group[i]] for i in range(n)]
    return new_nodes, _remap_edges(edges, pos, mapped)


def _dominators(n: int, parents, order, roots: list[int]) -> list[int]:
    """Each node's immediate dominator (n: a virtual node above the roots), for a DAG given in
    topological order: the nearest common dominator of all its parents, found with jump
    pointers (`up[j][v]`: v's 2**j-th dominator), so a node with thousands of parents at every
    depth (a weight used in every step) costs a logarithm each, not a walk."""
    levels = max(1, (n + 1).bit_length())
    up = [[n] * (n + 1) for _ in range(levels)]
    depth = [0] * (n + 1)
    is_root = [False] * n
    for r in roots:
        is_root[r] = True

    def meet(a: int, b: int) -> int:
        if depth[a] < depth[b]:
            a, b = b, a
        diff, j = depth[a] - depth[b], 0
        while diff:
            if diff & 1:
                a = up[j][a]
            diff >>= 1
            j += 1
        if a == b:
            return a
        for j in range(levels - 1, -1, -1):
            if up[j][a] != up[j][b]:
                a, b = up[j][a], up[j][b]
        return up[0][a]

    for i in order:
        found = n if is_root[i] or not parents[i] else parents[i][0]
        for p in parents[i]:
            found = meet(found, p)
        depth[i] = depth[found] + 1
        up[0][i] = found
        for j in range(1, levels):
            up[j][i] = up[j - 1][up[j - 1][i]]
    return up[0][:n]


def _collapse_dominated(nodes, edges, roots):
    """Collapse repeated units of a graph whose steps share results (`b = a * w; a = b.tanh()
    + b.sin()`), which has no plain chain to follow.

    The spine is the dominator tree's heaviest path from the outputs: each node on it is passed
    by every path to what lies below it. A spine node's unit is what it dominates up to the next
    spine node (its own side results, weights, saved tensors); a run of units with the same
    contents becomes one summary box, as in `_collapse_chains`.
    """
    n = len(nodes)
    pos, children, parents = _adjacency(nodes, edges)
    order = _topological(n, children, parents)
    idom = _dominators(n, parents, order, [pos[r] for r in roots])
    below: list[list[int]] = [[] for _ in range(n + 1)]  # dominator tree, index n on top
    for i in order:
        below[idom[i]].append(i)
    size = [1] * (n + 1)
    for i in reversed(order):
        size[idom[i]] += size[i]
    spine, cur = [], n
    while below[cur]:
        cur = max(below[cur], key=lambda c: size[c])
        spine.append(cur)
    own: list[list[int]] = []  # what each spine node dominates, up to the next spine node
    for k, s in enumerate(spine):
        stop = spine[k + 1] if k + 1 < len(spine) else -1
        part, stack = [], [s]
        while stack:
            v = stack.pop()
            part.append(v)
            stack.extend(c for c in below[v] if c != stop)
        own.append(part)
    keys = [
        (nodes[s].label, tuple(sorted(Counter(_count_key(nodes[v]) for v in part).items())))
        for s, part in zip(spine, own)
    ]
    group = [-1] * n
    summaries: list[dict] = []
    k = 0
    while k < len(spine):
        period, count = _repeats(keys, k)
        if not period:
            k += 1
            continue
        interior = range(k + period, k + (count - 1) * period)
        for j in interior:
            for v in own[j]:
                group[v] = len(summaries)
        unit = [nodes[s].label for s in spine[k : k + period]]
        first = spine[interior[0]]
        summaries.append({"unit": unit, "count": count - 2, "spine": len(interior), "first": first})
        k += count * period
    if not summaries:
        return nodes, edges
    return _summarised(nodes, edges, pos, group, summaries, "d")


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
        CUT_ID,
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
            out.append(GraphEdge(e.src, CUT_ID, e.kind))
    return new_nodes, out
