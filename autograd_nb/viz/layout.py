"""A compact layered (Sugiyama-style) layout, deterministic and linear-ish in the graph size.

1. Layers: longest path from the outputs (Kahn's topological order; a cycle, which an autograd
   graph never has, is broken at its first node in input order).
2. Edges spanning several layers get dummy points (within a budget; beyond it they are straight).
3. Order within layers: a few down/up barycenter sweeps, keeping the order with fewest crossings.
4. x coordinates: each node pulled towards the mean of its neighbours, solved per layer as an
   isotonic regression (pool adjacent violators) so nodes keep their order and spacing.
Edge labels get room of their own, as Graphviz gives them: with any label, every layer is
doubled and each labelled edge passes through a "label node" of the label's size in the layer
between its ends (the edge runs down the label node's left side, the text sits to its right), so
the ordering and spacing above keep labels clear of nodes and of each other.
Everything iterates over lists in input order, so the result depends only on the input.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

__all__ = ["Layout", "layered_layout"]

H_GAP = 18.0  # between neighbours in a layer
V_GAP = 42.0  # between layers
DUMMY_W = 8.0
LABEL_STRIP = 10.0  # left part of a label node that the edge runs down
SWEEPS = 4
COORD_PASSES = 4


@dataclass
class Layout:
    """Centres of the nodes, polyline routes of the edges, and the drawing's size."""

    x: list[float]
    y: list[float]
    routes: list[list[tuple[float, float]]]
    width: float
    height: float
    layer: list[int]
    labels: dict[int, tuple[float, float]]  # edge index -> top-left corner of its label


def _layers(n: int, out_adj: list[list[int]], in_deg: list[int]) -> list[int]:
    layer = [0] * n
    indeg = list(in_deg)
    done = [False] * n
    queue = deque(i for i in range(n) if indeg[i] == 0)
    nxt_unvisited = 0
    processed = 0
    while processed < n:
        if not queue:  # a cycle: break it at the first remaining node
            while done[nxt_unvisited]:
                nxt_unvisited += 1
            queue.append(nxt_unvisited)
            indeg[nxt_unvisited] = 0
        i = queue.popleft()
        if done[i]:
            continue
        done[i] = True
        processed += 1
        li = layer[i] + 1
        for c in out_adj[i]:
            if done[c]:
                continue
            if layer[c] < li:
                layer[c] = li
            indeg[c] -= 1
            if indeg[c] == 0:
                queue.append(c)
    return layer


def _crossings(upper_pos: list[int], lower_order: list[int], up_adj: list[list[int]]) -> int:
    """Edge crossings between two adjacent layers (inversions, counted with a Fenwick tree)."""
    ends = []
    for v in lower_order:
        ends.extend(sorted(upper_pos[u] for u in up_adj[v]))
    if len(ends) < 2:
        return 0
    size = max(ends) + 1
    tree = [0] * (size + 1)
    crossings = 0
    for total, e in enumerate(ends):
        i, below = e + 1, 0
        while i > 0:
            below += tree[i]
            i -= i & -i
        crossings += total - below
        i = e + 1
        while i <= size:
            tree[i] += 1
            i += i & -i
    return crossings


def _order(layers: list[list[int]], up_adj, down_adj, total: int) -> list[list[int]]:
    pos = [0] * total
    for layer in layers:
        for k, v in enumerate(layer):
            pos[v] = k

    def count() -> int:
        return sum(_crossings(pos, layers[k], up_adj) for k in range(1, len(layers)))

    def sweep(indices, adj) -> None:
        for k in indices:
            layer = layers[k]
            keyed = []
            for v in layer:
                nb = adj[v]
                bary = sum(pos[u] for u in nb) / len(nb) if nb else float(pos[v])
                keyed.append((bary, pos[v], v))
            keyed.sort()
            for i, (_, _, v) in enumerate(keyed):
                layer[i] = v
                pos[v] = i

    best = count()
    best_layers = [list(layer) for layer in layers]
    for _ in range(SWEEPS):
        if best == 0:
            break
        sweep(range(1, len(layers)), up_adj)
        sweep(range(len(layers) - 2, -1, -1), down_adj)
        c = count()
        if c < best:
            best = c
            best_layers = [list(layer) for layer in layers]
    return best_layers


def _pava(desired: list[float], gaps: list[float]) -> list[float]:
    """Positions closest (least squares) to `desired` with x[i+1] - x[i] >= gaps[i]."""
    offsets = [0.0]
    for g in gaps:
        offsets.append(offsets[-1] + g)
    target = [d - o for d, o in zip(desired, offsets)]
    blocks: list[list[float]] = []  # [sum, count]
    for t in target:
        blocks.append([t, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            s, c = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += c
    out = []
    for s, c in blocks:
        out.extend([s / c] * int(c))
    return [y + o for y, o in zip(out, offsets)]


def _coordinates(layers, widths, anchor, up_adj, down_adj) -> list[float]:
    """Centres; edges attach at x + anchor (a label node's left strip, else the centre)."""
    x = [0.0] * len(widths)
    gaps_of = []
    for layer in layers:
        gaps = [(widths[a] + widths[b]) / 2 + H_GAP for a, b in zip(layer, layer[1:])]
        gaps_of.append(gaps)
        cur = 0.0
        for k, v in enumerate(layer):
            if k:
                cur += gaps[k - 1]
            x[v] = cur
    # centre every layer on the widest one before pulling
    span = [x[layer[-1]] - x[layer[0]] if layer else 0.0 for layer in layers]
    widest = max(span) if span else 0.0
    for layer, s in zip(layers, span):
        shift = (widest - s) / 2
        for v in layer:
            x[v] += shift

    def place(k: int, adj) -> None:
        layer = layers[k]
        desired = []
        for v in layer:
            nb = adj[v]
            mean = sum(x[u] + anchor[u] for u in nb) / len(nb) - anchor[v] if nb else x[v]
            desired.append(mean)
        for v, p in zip(layer, _pava(desired, gaps_of[k])):
            x[v] = p

    for _ in range(COORD_PASSES):
        for k in range(1, len(layers)):
            place(k, up_adj)
        for k in range(len(layers) - 2, -1, -1):
            place(k, down_adj)
    return x


def layered_layout(
    sizes: list[tuple[float, float]],
    edges: list[tuple[int, int]],
    dummy_budget: int | None = None,
    labels: dict[int, tuple[float, float]] | None = None,
) -> Layout:
    """Lay out nodes of the given (width, height) with edges (src, dst) pointing downwards;
    `labels` ({edge index: (width, height)}) reserves room for edge labels."""
    n = len(sizes)
    labels = labels or {}
    out_adj: list[list[int]] = [[] for _ in range(n)]
    in_deg = [0] * n
    for s, d in edges:
        if s != d:
            out_adj[s].append(d)
            in_deg[d] += 1
    layer = _layers(n, out_adj, in_deg)
    step = 2 if labels else 1  # labels live in the layers between the nodes' layers
    layer = [step * lv for lv in layer]
    v_gap = V_GAP / step

    # dummy points for long forward edges, shortest spans first, within a budget; a labelled
    # edge always gets its label node
    if dummy_budget is None:
        dummy_budget = 4 * n + 400
    long_edges = sorted(
        (layer[d] - layer[s], k) for k, (s, d) in enumerate(edges) if layer[d] - layer[s] > 1
    )
    widths = [w for w, _ in sizes]
    heights = [h for _, h in sizes]
    anchor = [0.0] * n
    node_layer = list(layer)
    chains: dict[int, list[int]] = {}
    label_node: dict[int, int] = {}
    used = 0
    for span, k in long_edges:
        s, d = edges[k]
        if k in labels:
            middle = layer[s] + 1 + 2 * ((span // 2 - 1) // 2)  # an odd (label) layer
            wanted = range(layer[s] + 1, layer[d]) if used + span - 1 <= dummy_budget else [middle]
        elif used + span - 1 <= dummy_budget:
            wanted = range(layer[s] + 1, layer[d])
        else:
            continue
        chain = []
        for lv in wanted:
            chain.append(len(widths))
            if k in labels and lv == middle:
                w, h = labels[k]
                label_node[k] = len(widths)
                widths.append(w + LABEL_STRIP)
                heights.append(h)
                anchor.append(LABEL_STRIP / 2 - (w + LABEL_STRIP) / 2)
            else:
                widths.append(DUMMY_W)
                heights.append(0.0)
                anchor.append(0.0)
            node_layer.append(lv)
        chains[k] = chain
        used += len(chain)

    total = len(widths)
    up_adj: list[list[int]] = [[] for _ in range(total)]
    down_adj: list[list[int]] = [[] for _ in range(total)]
    seen_pairs = set()
    for k, (s, d) in enumerate(edges):
        if layer[d] <= layer[s]:
            continue  # flat or backward edge (only in cyclic input): no influence on layout
        if k not in chains and layer[d] - layer[s] > 1:
            continue  # long edge drawn straight, out of the budget
        path = [s, *chains.get(k, ()), d]
        for a, b in zip(path, path[1:]):
            if (a, b) in seen_pairs:
                continue
            seen_pairs.add((a, b))
            down_adj[a].append(b)
            up_adj[b].append(a)

    n_layers = (max(node_layer) + 1) if total else 0
    layers: list[list[int]] = [[] for _ in range(n_layers)]
    for v in range(total):  # real nodes in input order, dummies after them
        layers[node_layer[v]].append(v)
    layers = _order(layers, up_adj, down_adj, total)
    x = _coordinates(layers, widths, anchor, up_adj, down_adj)

    layer_h = [0.0] * n_layers
    for v in range(total):
        layer_h[node_layer[v]] = max(layer_h[node_layer[v]], heights[v])
    tops = []
    cur = 0.0
    for h in layer_h:
        tops.append(cur)
        cur += h + v_gap
    height = cur - v_gap if n_layers else 0.0
    y = [tops[node_layer[v]] + layer_h[node_layer[v]] / 2 for v in range(total)]

    left = min((x[v] - widths[v] / 2 for v in range(total)), default=0.0)
    right = max((x[v] + widths[v] / 2 for v in range(total)), default=0.0)
    x = [v - left for v in x]

    routes = []
    for k, (s, d) in enumerate(edges):
        hs, hd = sizes[s][1], sizes[d][1]
        if layer[d] > layer[s]:
            pts = [(x[s], y[s] + hs / 2)]
            for c in chains.get(k, ()):
                if heights[c]:  # down the label node's left strip
                    pts += [(x[c] + anchor[c], y[c] - heights[c] / 2)]
                    pts += [(x[c] + anchor[c], y[c] + heights[c] / 2)]
                else:
                    pts.append((x[c], y[c]))
            pts.append((x[d], y[d] - hd / 2))
        else:  # upward edge: leave from the top, enter from the bottom
            pts = [(x[s], y[s] - hs / 2), (x[d], y[d] + hd / 2)]
        routes.append(pts)
    spots = {
        k: (x[c] - widths[c] / 2 + LABEL_STRIP, y[c] - heights[c] / 2)
        for k, c in label_node.items()
    }
    return Layout(x[:n], y[:n], routes, right - left, height, layer, spots)
