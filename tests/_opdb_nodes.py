"""Which graph node classes the library defines and which the op database's samples reach: the
ground the planted-bug test (tests/test_opdb_planted.py) stands on."""

from __future__ import annotations

import functools
import importlib
import pathlib
import pkgutil

from _opdb_checks import call
from opdb import ENTRIES

import autograd_nb as torch
from autograd_nb.autograd.function import Function, FunctionCtx
from autograd_nb.autograd.node import AccumulateGrad, Node

LIBRARY = pathlib.Path(torch.__file__).parent


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


def _defined_outside(cls, made_by: dict) -> bool:
    """Whether cls is a node class of other code: that of a custom Function written outside the
    library (`made_by`: node class -> its Function's module; the backward is the user's, and the
    library's part, FunctionCtx, is listed), or one whose own methods are written elsewhere (a
    test's node)."""
    if cls in made_by:
        return not made_by[cls].startswith("autograd_nb.")
    if issubclass(cls, FunctionCtx):  # its Function is gone: a test's (the library's are global)
        return True
    own = [getattr(v, "__func__", v) for v in vars(cls).values()]
    return any(
        not pathlib.Path(f.__code__.co_filename).is_relative_to(LIBRARY)
        for f in own
        if hasattr(f, "__code__")
    )


@functools.cache
def library_node_classes() -> frozenset:
    """Every node class autograd_nb defines, its modules all imported first (some load lazily):
    the subclasses of Node that have a backward, but those defined outside the library."""
    for module in pkgutil.walk_packages(torch.__path__, "autograd_nb."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional backend whose package is not installed (CuPy)
            continue
    made_by = {f._backward_cls: f.__module__ for f in _subclasses(Function)}
    made_by[Function._backward_cls] = Function.__module__
    return frozenset(cls for cls in all_node_classes() if not _defined_outside(cls, made_by))


def all_node_classes() -> set:
    """Every node class loaded (tests' and users' too): the subclasses of Node with a backward."""
    found, stack = set(), [Node]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if "backward" in vars(sub) or any("backward" in vars(b) for b in sub.__mro__[1:-2]):
                found.add(sub)
    return found
