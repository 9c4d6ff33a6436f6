"""Which graph node classes the library defines and which the op database's samples reach: the
ground the planted-bug test (tests/test_opdb_planted.py) stands on."""

from __future__ import annotations

import functools
import importlib
import pkgutil

from _opdb_checks import call
from opdb import ENTRIES

import autograd_nb as torch
from autograd_nb.autograd.function import Function
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
def reached(device: str = "cpu") -> dict:
    """node class -> [(entry, sample index)] whose graph on `device` holds a node of that
    class."""
    found: dict = {}
    for op in ENTRIES:
        if not op.differentiable:
            continue
        for k in range(len(op.make_samples())):
            try:
                outputs, _ = call(op, k, device, grad=True)
            except Exception:  # noqa: BLE001 - a refused sample fails test_forward_matches_pytorch
                continue
            for node in graph_nodes(outputs):
                if type(node) is not AccumulateGrad:
                    found.setdefault(type(node), []).append((op, k))
    return found


def _subclasses(cls) -> list:
    found, stack = [], [cls]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found


@functools.cache
def library_node_classes() -> frozenset:
    """Every node class autograd_nb defines, its modules all imported first (some load lazily):
    the subclasses of Node that have a backward. The node classes of custom Functions written
    outside the library are left out (their backward is the user's; the library's part of it,
    FunctionCtx, is listed)."""
    for module in pkgutil.walk_packages(torch.__path__, "autograd_nb."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional backend whose package is not installed (CuPy)
            continue
    users = {f._backward_cls for f in _subclasses(Function)}
    users -= {
        f._backward_cls for f in _subclasses(Function) if f.__module__.startswith("autograd_nb.")
    }
    return frozenset(all_node_classes() - users)


def all_node_classes() -> set:
    """Every concrete node class of the library: the subclasses of Node that define a backward."""
    found, stack = set(), [Node]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "backward" in vars(sub) or any("backward" in vars(b) for b in sub.__mro__[1:-2]):
                found.add(sub)
    return found
