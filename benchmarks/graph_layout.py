"""Time autograd_nb.viz on 500- and 5,000-node graphs: graph walk, layout + SVG, total.

    python benchmarks/graph_layout.py [--reps 3] [--sizes 500 5000]

Targets (issue 5): a 500-node graph laid out and drawn in <= 0.5 s, 5,000 nodes in <= 5 s.
Graphs are built from real tensor ops, deterministically (seeded `random`):
  mlp     wide/deep MLP-like nets: parallel towers of (h @ W + b).tanh(), summed at the end
  branchy a long chain with branches: each step mixes the running value with one of the last
          12 tensors or a fresh leaf (a quarter of the inputs are leaves, as in the reference DAG)
The layout is computed in full (max_nodes above the size), and also with the default
max_nodes=2000 to show the collapsed picture's cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import autograd_nb as torch  # noqa: E402
from autograd_nb.viz import build_graph  # noqa: E402


def mlp_graph(target: int):
    """Towers of linear+tanh layers; about 7 graph nodes per layer (Mm, Add, Tanh, 2 leaves...)."""
    layers = max(1, (target - 3) // 7)
    towers = max(1, round(layers**0.5 / 2))
    depth = max(1, (target - 3 - 2 * towers) // (7 * towers))
    x = torch.randn(4, 3, requires_grad=True)  # shared by every tower: a wide fan-in
    outs, params = [], []  # params kept alive: AccumulateGrad holds its leaf weakly here
    for _ in range(towers):
        h = x
        for _ in range(depth):
            w = torch.randn(3, 3, requires_grad=True)
            b = torch.randn(3, requires_grad=True)
            params += [w, b]
            h = (h @ w + b).tanh()
        outs.append(h.sum())
    total = outs[0]
    for o in outs[1:]:
        total = total + o
    return total, params


def branchy_graph(target: int, seed: int = 0):
    """A chain with branches to recent tensors and fresh leaves (about 2 nodes per step)."""
    leaves = []
    rng = random.Random(seed)
    pool = [torch.randn(3, requires_grad=True)]
    y = pool[0]
    for _ in range(max(1, target // 2)):
        if rng.random() < 0.25:
            other = torch.randn(3, requires_grad=True)
            leaves.append(other)
        else:
            other = pool[-1 - rng.randrange(min(12, len(pool)))]
        op = rng.randrange(4)
        if op == 0:
            y = y + other
        elif op == 1:
            y = y * other
        elif op == 2:
            y = (y - other).tanh()
        else:
            y = y * 0.5 + other.sigmoid()
        pool.append(y)
    return y.sum(), leaves


def measure(make, size: int, reps: int, max_nodes: int | None) -> dict:
    out, _keep = make(size)
    walk, draw, n_nodes, n_edges = [], [], 0, 0
    for _ in range(reps):
        t0 = time.perf_counter()
        g = build_graph(out, max_nodes=max_nodes or 10 * size)
        t1 = time.perf_counter()
        svg = g.to_svg()
        t2 = time.perf_counter()
        walk.append(t1 - t0)
        draw.append(t2 - t1)
        n_nodes, n_edges = len(g.nodes), len(g.edges)
    return {
        "nodes": n_nodes,
        "edges": n_edges,
        "walk": statistics.median(walk),
        "draw": statistics.median(draw),
        "kb": len(svg) / 1024,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--sizes", type=int, nargs="+", default=[500, 5000])
    args = p.parse_args()
    print(
        f"{'graph':<10}{'target':>7}{'max_nodes':>11}{'nodes':>7}{'edges':>7}"
        f"{'walk s':>9}{'layout+svg s':>14}{'total s':>9}{'svg KB':>8}  target"
    )
    for name, make in (("mlp", mlp_graph), ("branchy", branchy_graph)):
        for size in args.sizes:
            for max_nodes in (None, 2000) if size > 2000 else (None,):
                r = measure(make, size, args.reps, max_nodes)
                total = r["walk"] + r["draw"]
                limit = 0.5 if size <= 500 else 5.0
                print(
                    f"{name:<10}{size:>7}{str(max_nodes or 'all'):>11}{r['nodes']:>7}"
                    f"{r['edges']:>7}{r['walk']:>9.3f}{r['draw']:>14.3f}{total:>9.3f}"
                    f"{r['kb']:>8.0f}  <= {limit} s {'ok' if total <= limit else 'SLOW'}"
                )


if __name__ == "__main__":
    main()
