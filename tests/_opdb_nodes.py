"""Which graph node classes the op database's samples reach: the ground the planted-bug test
(tests/test_opdb_planted.py) stands on."""

from __future__ import annotations

import functools

from _opdb_checks import call
from opdb import ENTRIES

import autograd_nb as torch
from autograd_nb.autograd.node import AccumulateGrad, Node


def graph_nodes(outputs: list) -> list:
    """Every node of the graph behind `outputs`, each once."""
    seen, stack = [], [t.grad_fn for t in outputs if isinstance(t, torch.Tensor) and t.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.append(node)
        stack.extend(nxt for nxt, _ in node.next_functions)
    return seen


@functools.cache
def reached() -> dict:
    """node class -> [(entry, sample index)] whose graph holds a node of that class."""
    found: dict = {}
    for op in ENTRIES:
        if not op.differentiable:
            continue
        for k in range(len(op.make_samples())):
            try:
                outputs, _ = call(op, k, "cpu", grad=True)
            except Exception:  # noqa: BLE001 - a refused sample fails test_forward_matches_pytorch
                continue
            for node in graph_nodes(outputs):
                if type(node) is not AccumulateGrad:
                    found.setdefault(type(node), []).append((op, k))
    return found


def all_node_classes() -> set:
    """Every concrete node class of the library: the subclasses of Node that define a backward."""
    found, stack = set(), [Node]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "backward" in vars(sub) or any("backward" in vars(b) for b in sub.__mro__[1:-2]):
                found.add(sub)
    return found
