"""The engine: walks a graph from its outputs to its leaves and runs each node's backward.

No recursion: dependencies are counted with an explicit stack, then nodes run from a heap keyed
by creation order (newest first, AccumulateGrad as soon as ready), so the order in which
gradients add up is deterministic and a chain of a million nodes needs no deep Python stack.
Without a graph to build, gradients are kept and added up in place whenever nobody else can
see them (reference counts tell), as PyTorch's engine does with its "steal" rule.
"""

from __future__ import annotations

import gc
import heapq
import sys

from .. import _tensor
from .anomaly_mode import ANOMALY, apply_watched
from .grad_mode import STATE
from .node import AccumulateGrad

# Callables `observer(node, gradients_sent_to_its_inputs)` run after each node's backward: how
# the notebook layer shows the gradient that flowed along each edge. Empty unless it is loaded.
flow_observers: list = []

_getrefcount = sys.getrefcount
# Below this many elements a new array for a sum costs less than finding out whether the old
# one may be overwritten.
_IN_PLACE_FROM = 1 << 14


def _count_dependencies(roots) -> dict:
    """For every node reachable from `roots`, how many edges point at it."""
    deps: dict = {}
    stack = [node for node in roots if node is not None]
    roots = set(stack)  # walked already, even when another root leads to them
    while stack:
        for nxt in stack.pop()._edges[::2]:
            if nxt is None:
                continue
            if nxt in deps:
                deps[nxt] += 1
            else:
                deps[nxt] = 1
                if nxt not in roots:
                    stack.append(nxt)
    return deps


def _nodes_leading_to(roots, targets: set, deps: dict) -> set:
    """The nodes with a path to any node in `targets` (what a backward limited to inputs runs)."""
    pending = dict(deps)
    for root in roots:
        pending.setdefault(root, 0)
    needed = set(targets)
    # Visit in reverse topological order: a node is done when all of its successors are.
    order, stack = [], [node for node in pending if pending[node] == 0]
    remaining = dict(pending)
    while stack:
        node = stack.pop()
        order.append(node)
        for nxt in node._edges[::2]:
            if nxt is not None:
                remaining[nxt] -= 1
                if remaining[nxt] == 0:
                    stack.append(nxt)
    for node in reversed(order):
        if node not in needed and any(nxt in needed for nxt in node._edges[::2]):
            needed.add(node)
    return needed


def _run_hooks(node, grads: list) -> list:
    """Tensor hooks and retain_grad registered on this node's outputs, then node pre-hooks."""
    extra = node._extra
    tensor_hooks = extra.get("tensor_prehooks")
    if tensor_hooks:
        for nr, hooks in tensor_hooks.items():
            for hook in list(hooks):
                if grads[nr] is not None:
                    new = hook(grads[nr])
                    if new is not None:
                        grads[nr] = new
    retained = extra.get("retains_grad")
    if retained:
        from .._tensor import retain_into
        for nr, ref in retained.items():
            tensor = ref()
            if tensor is not None and grads[nr] is not None:
                retain_into(tensor, grads[nr])
    for hook in list(extra.get("prehooks", ())):
        new = hook(tuple(grads))
        if new is not None:
            grads = list(new)
    return grads


def run_backward(roots: list, grads: list, retain_graph: bool, create_graph: bool,
                 capture: list | None = None, accumulate: bool = True) -> list | None:
    """Back-propagate `grads` from `roots` ((node, output_nr) pairs).

    With `capture` (a list of (node, output_nr) or AccumulateGrad nodes), the gradients arriving
    there are returned instead of (or, with `accumulate`, besides) being added into leaves.
    """
    root_nodes = [node for node, _ in roots]
    deps = _count_dependencies(root_nodes)
    buffers: dict = {}
    for (node, nr), grad in zip(roots, grads):
        _add_to_buffer(buffers, node, nr, grad, create_graph)

    needed = None
    captured = {}
    capture_points = {}
    if capture is not None:
        for i, point in enumerate(capture):
            capture_points.setdefault(point, []).append(i)
        targets = {point[0] for point in capture_points}
        needed = _nodes_leading_to(root_nodes, targets, deps)

    # Heap entries are (-sequence number, node): sequence numbers are unique, so nodes are
    # never compared, and the newest ready node runs first.
    heap = [(-node._seq, node) for node in dict.fromkeys(root_nodes) if deps.get(node, 0) == 0]
    heapq.heapify(heap)

    previous = STATE.enabled
    STATE.enabled = create_graph
    # The pass makes no reference cycles, but its allocations would trigger the cycle collector,
    # which scans every live object of the graph each time: pause it, as a C++ engine runs free.
    collecting = gc.isenabled()
    gc.disable()
    push, pop = heapq.heappush, heapq.heappop
    observers = list(flow_observers)
    plain = capture is None and not observers and not ANOMALY.enabled  # nothing watches nodes
    deferred: list = []
    try:
        while heap:
            node = pop(heap)[1]
            node_grads = buffers.pop(node, None)
            if plain and node_grads is not None and node._extra is None:
                # Node._apply, inlined (a buffer only exists once a gradient came)
                results = node.backward(*node_grads)
                if type(results) is not tuple:
                    results = (results,)
                if node._in_meta is not None:
                    results = node._conformed(results)
            else:
                results = _run_node(node, node_grads, capture, capture_points, captured, needed,
                                    accumulate, observers)
            if not retain_graph:
                node._release()
            n_results = len(results)
            leaves = None
            edges = node._edges
            i = -1
            for nxt in edges[::2]:  # each input's node (edges are flat: node, output_nr, ...)
                i += 1
                if nxt is None:
                    continue
                if i < n_results and (grad := results[i]) is not None:
                    nr = edges[2 * i + 1]
                    slots = buffers.get(nxt)
                    if slots is None:
                        if nxt._n_outputs == 1:
                            buffers[nxt] = [grad]
                        else:
                            slots = buffers[nxt] = [None] * nxt._n_outputs
                            slots[nr] = grad
                    elif slots[nr] is None:
                        slots[nr] = grad
                    else:
                        _add_into(slots, nr, grad, create_graph)
                left = deps[nxt] - 1
                if left:
                    deps[nxt] = left
                elif plain and type(nxt) is AccumulateGrad and nxt._extra is None:
                    leaves = [nxt] if leaves is None else leaves + [nxt]
                else:
                    push(heap, (-nxt._seq, nxt))
            # Drop the loop's references: AccumulateGrad counts a gradient's owners.
            results = grad = node_grads = slots = None
            if leaves is not None:
                _accumulate_ready(leaves, buffers, deferred)
        for leaf, slots in deferred:
            _tensor.accumulate_grad(leaf, slots)
    finally:
        STATE.enabled = previous
        if collecting:
            gc.enable()
    if capture is None:
        return None
    return [captured.get(i) for i in range(len(capture))]


def _accumulate_ready(leaves: list, buffers: dict, deferred: list) -> None:
    """Add the gradients of leaves that became ready (and have no node hooks) into `.grad`.

    Each would be the next node popped anyway (AccumulateGrad has the highest sequence
    numbers), so it runs now, without the heap. A gradient another node still has to read (`b`
    in `x * w + b`) waits in `deferred` for the end of the pass, when it can become `.grad`
    without a copy; nothing can tell the difference unless the leaf has hooks.
    """
    for leaf_node in leaves:
        slots = buffers.pop(leaf_node, None)
        if slots is None or slots[0] is None:
            continue
        leaf = leaf_node._variable
        # getrefcount counts the list's reference and its own argument: more means another
        # node's buffer still holds this gradient.
        if _getrefcount(slots[0]) > 2 and not _tensor.has_hooks(leaf):
            deferred.append((leaf, slots))
        else:
            _tensor.accumulate_grad(leaf, slots)


def _run_node(node, grads: list | None, capture, points: dict, captured: dict, needed,
              accumulate: bool, observers: list) -> tuple:
    """A node's backward with what the plain loop leaves out: autograd.grad's captures, hooks,
    flow observers, and nodes that no gradient reached."""
    if grads is None:
        grads = [None] * node._n_outputs
    if capture is not None:
        _capture(node, grads, points, captured)
        if node not in needed or (not accumulate and (node, 0) in points):
            return ()
    extra = node._extra
    if extra is not None:
        grads = _run_hooks(node, grads)
    if all(g is None for g in grads):
        return ()
    results = apply_watched(node, grads) if ANOMALY.enabled else node._apply(grads)
    if extra is not None and extra.get("hooks"):
        results = _run_post_hooks(node, results, grads)
    for observer in observers:
        observer(node, results)
    return results


def _capture(node, grads: list, points: dict, captured: dict) -> None:
    """Record the gradients arriving at a node that autograd.grad asked for."""
    for nr, grad in enumerate(grads):
        for i in points.get((node, nr), ()):
            captured[i] = grad


def _run_post_hooks(node, results: tuple, grads: list) -> tuple:
    for hook in list(node._extra["hooks"]):
        new = hook(results, tuple(grads))
        if new is not None:
            results = tuple(new)
    return results


def _add_to_buffer(buffers: dict, node, nr: int, grad, create_graph: bool) -> None:
    slots = buffers.get(node)
    if slots is None:
        slots = buffers[node] = [None] * node._n_outputs
    if slots[nr] is None:
        slots[nr] = grad
    else:
        _add_into(slots, nr, grad, create_graph)


def _add_into(slots: list, nr: int, grad, create_graph: bool) -> None:
    """Add a second gradient for the same output into its slot; without a graph when none is
    being built, and in place when nothing else can see the first one."""
    old = slots[nr]
    slots[nr] = None
    if not create_graph and old._backend is grad._backend:
        a, b = old._data, grad._data
        if a.dtype == b.dtype and a.shape == b.shape:
            big = a.size >= _IN_PLACE_FROM
            a = b = None
            if big and _tensor.only_here(old):
                old._data += grad._data
                slots[nr] = old
            else:
                slots[nr] = _tensor.make_tensor(old._data + grad._data, old._backend)
            return
    slots[nr] = old + grad
