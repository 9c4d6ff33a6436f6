"""The engine: walks a graph from its outputs to its leaves and runs each node's backward.

Nodes run newest first (a heap keyed by creation order): a node's consumers are all newer than
it, so when it comes up its gradient is complete; this is the order PyTorch's engine takes.
While nothing watches the pass (no hook, capture, observer or create_graph), that is all there
is to it, and leaves add their gradients up at the end (`_run_unwatched`). Otherwise the
dependencies are counted first and AccumulateGrad runs as soon as it is ready, so that hooks see
what PyTorch's hooks see (`_run_counted`). No recursion anywhere: a chain of a million nodes
needs no deep Python stack. Without a graph to build, gradients are kept and added up in place
whenever nobody else can see them (reference counts tell), as PyTorch's engine does with its
"steal" rule.
"""

from __future__ import annotations

import gc
import heapq

from .. import _tensor
from .anomaly_mode import ANOMALY, apply_watched
from .backward_kernels import registered_kernels
from .grad_mode import STATE
from .node import AccumulateGrad

# Callables `observer(node, gradients_sent_to_its_inputs)` run after each node's backward: how
# the notebook layer shows the gradient that flowed along each edge. Empty unless it is loaded.
flow_observers: list = []

# Below this many elements a new array for a sum costs less than finding out whether the old
# one may be overwritten.
_IN_PLACE_FROM = 1 << 14


def _pending_slots(roots) -> dict:
    """For every node reachable from `roots`: [edges still to deliver, grad of output 0, ...].

    The engine keeps a node's incoming gradients beside its count, so that delivering one costs
    a single dict lookup.
    """
    pending: dict = {}
    for node in roots:
        if node is not None and node not in pending:
            pending[node] = [0] + [None] * node._n_outputs
    stack = list(pending)  # roots are walked once, even when another root leads to them
    while stack:
        for nxt in stack.pop()._edges[::2]:
            if nxt is None:
                continue
            slot = pending.get(nxt)
            if slot is None:
                pending[nxt] = [1, None] if nxt._n_outputs == 1 else [1] + [None] * nxt._n_outputs
                stack.append(nxt)
            else:
                slot[0] += 1
    return pending


def count_dependencies(roots) -> dict:
    """For every node reachable from `roots`, how many edges point at it."""
    return {node: slot[0] for node, slot in _pending_slots(roots).items()}


def _nodes_leading_to(roots, targets: set, pending: dict) -> set:
    """The nodes with a path to any node in `targets` (what a backward limited to inputs runs)."""
    remaining = {node: slot[0] for node, slot in pending.items()}
    needed = set(targets)
    # Visit in reverse topological order: a node is done when all of its successors are.
    order, stack = [], [node for node in remaining if remaining[node] == 0]
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


def run_backward(
    roots: list,
    grads: list,
    retain_graph: bool,
    create_graph: bool,
    capture: list | None = None,
    accumulate: bool = True,
) -> list | None:
    """Back-propagate `grads` from `roots` ((node, output_nr) pairs).

    With `capture` (a list of (node, output_nr) or AccumulateGrad nodes), the gradients arriving
    there are returned instead of (or, with `accumulate`, besides) being added into leaves.
    """
    previous = STATE.enabled
    STATE.enabled = create_graph
    # The pass makes no reference cycles, but its allocations would trigger the cycle collector,
    # which scans every live object of the graph each time: pause it, as a C++ engine runs free.
    collecting = gc.isenabled()
    gc.disable()
    try:
        plain = capture is None and not flow_observers and not ANOMALY.enabled
        if plain and not create_graph:
            waiting = _run_unwatched(roots, grads, retain_graph)
            if waiting is None:
                return None
            # A hook came up: the rest runs counted, from the gradients that wait
            roots, grads = [], []
            for node, slot in waiting.items():
                roots += [(node, nr) for nr, grad in enumerate(slot) if grad is not None]
                grads += [grad for grad in slot if grad is not None]
            waiting = slot = None
        return _run_counted(roots, grads, retain_graph, create_graph, capture, accumulate, plain)
    finally:
        STATE.enabled = previous
        if collecting:
            gc.enable()


def _run_unwatched(roots: list, grads: list, retain_graph: bool) -> dict | None:
    """Run nodes newest first, without counting dependencies, while nothing watches them.

    A node runs once no newer node holds a gradient: its consumers are newer than it, so its
    gradient is complete then (the order PyTorch's engine takes too). Leaves are accumulated
    at the end, which nothing can tell from PyTorch's "as soon as ready" while no hook runs. At
    a node or leaf with hooks this stops and returns the gradients still waiting, node by node.
    """
    waiting: dict = {}
    heap: list = []
    leaves: list = []
    watched = False
    for (node, nr), grad in zip(roots, grads):
        watched |= _deliver(waiting, heap, leaves, node, nr, grad)
    push, pop = heapq.heappush, heapq.heappop
    kernels = registered_kernels()  # array-level twins of some nodes' Tensor formulas
    while heap and not watched:
        node = heap[0][1]
        if node._extra is not None:
            break
        pop(heap)
        slot = waiting.pop(node)
        kernel = kernels.get(type(node))
        if kernel is not None:
            results = kernel(node, *slot)
        else:
            results = node.backward(slot[0]) if len(slot) == 1 else node.backward(*slot)
        slot = None
        if type(results) is not tuple:
            results = (results,)
        if node._in_meta is not None:
            results = node._conformed(results)
        if not retain_graph and node._saved:
            node._release()
        edges = node._edges
        i = -2
        for grad in results:
            i += 2
            if grad is None or (nxt := edges[i]) is None:
                continue
            nr = edges[i + 1]
            to = waiting.get(nxt)
            if to is None:
                if nxt._n_outputs == 1:
                    waiting[nxt] = [grad]
                else:
                    to = waiting[nxt] = [None] * nxt._n_outputs
                    to[nr] = grad
                if type(nxt) is AccumulateGrad:
                    leaves.append(nxt)
                    meta = nxt._variable._meta  # hooks on the leaf itself (has_hooks)
                    watched |= nxt._extra is not None or (meta is not None and bool(meta.hooks))
                else:
                    push(heap, (-nxt._seq, nxt))
            elif to[nr] is None:
                to[nr] = grad
            else:
                _add_into(to, nr, grad, False)
        # Drop the loop's references: AccumulateGrad counts a gradient's owners.
        results = grad = to = None
    if heap or watched:
        return {node: waiting[node] for node in leaves + [node for _, node in sorted(heap)]}
    for leaf_node in leaves:
        _tensor.accumulate_grad(leaf_node._variable, waiting.pop(leaf_node))
    return None


def _deliver(waiting: dict, heap: list, leaves: list, node, nr: int, grad) -> bool:
    """Add a root gradient to what waits at `node`; whether `node` is a leaf with hooks."""
    slot = waiting.get(node)
    if slot is None:
        slot = waiting[node] = [None] * node._n_outputs
        if type(node) is AccumulateGrad:
            leaves.append(node)
        else:
            heapq.heappush(heap, (-node._seq, node))
    if slot[nr] is None:
        slot[nr] = grad
    else:
        _add_into(slot, nr, grad, False)
    return type(node) is AccumulateGrad and (
        node._extra is not None or _tensor.has_hooks(node._variable)
    )


def _run_counted(
    roots: list,
    grads: list,
    retain_graph: bool,
    create_graph: bool,
    capture: list | None,
    accumulate: bool,
    plain: bool,
) -> list | None:
    """The engine with dependency counts: each node runs when all its gradients have come,
    newest ready node first, AccumulateGrad as soon as it is ready; with captures, hooks and
    observers."""
    root_nodes = [node for node, _ in roots]
    pending = _pending_slots(root_nodes)
    for (node, nr), grad in zip(roots, grads):
        slot = pending[node]
        if slot[nr + 1] is None:
            slot[nr + 1] = grad
        else:
            _add_into(slot, nr + 1, grad, create_graph)
    roots = grads = slot = grad = None

    needed = None
    captured: dict = {}
    capture_points: dict = {}
    if capture is not None:
        for i, point in enumerate(capture):
            capture_points.setdefault(point, []).append(i)
        needed = _nodes_leading_to(root_nodes, {point[0] for point in capture_points}, pending)

    ready = list(dict.fromkeys(node for node in root_nodes if pending[node][0] == 0))
    if plain:  # leaves whose gradients are complete already (the unwatched run stopped)
        leaves = [node for node in ready if type(node) is AccumulateGrad and node._extra is None]
        ready = [node for node in ready if node not in leaves]
        _accumulate_ready(leaves, pending)
    # Heap entries are (-sequence number, node): sequence numbers are unique, so nodes are
    # never compared, and the newest ready node runs first.
    heap = [(-node._seq, node) for node in ready]
    heapq.heapify(heap)
    push, pop = heapq.heappush, heapq.heappop
    observers = list(flow_observers)
    node = pop(heap)[1] if heap else None
    while node is not None:
        slot = pending[node]
        if plain and node._extra is None and len(slot) == 2:
            # Node._apply, inlined, for the usual node: one output, nothing watching it
            grad = slot[1]
            if grad is None:
                results = ()
            else:
                slot[1] = None  # the node's backward may keep or overwrite it if it is alone
                results = node.backward(grad)
                if type(results) is not tuple:
                    results = (results,)
                if node._in_meta is not None:
                    results = node._conformed(results)
        else:
            node_grads = slot[1:]
            slot[1:] = [None] * (len(slot) - 1)
            results = _run_node(
                node, node_grads, capture, capture_points, captured, needed, accumulate, observers
            )
        if not retain_graph and node._saved:
            node._release()
        n_results = len(results)
        ready = leaves = None
        edges = node._edges
        i = -1
        for nxt in edges[::2]:  # each input's node (edges are flat: node, output_nr, ...)
            i += 1
            if nxt is None:
                continue
            to = pending[nxt]
            if i < n_results and (grad := results[i]) is not None:
                k = edges[2 * i + 1] + 1
                if to[k] is None:
                    to[k] = grad
                else:
                    _add_into(to, k, grad, create_graph)
            left = to[0] - 1
            to[0] = left
            if left:
                continue
            if plain and type(nxt) is AccumulateGrad and nxt._extra is None:
                leaves = [nxt] if leaves is None else leaves + [nxt]
            elif ready is None:
                ready = nxt
            else:
                push(heap, (-ready._seq, ready))
                ready = nxt
        # Drop the loop's references: AccumulateGrad counts a gradient's owners.
        results = grad = to = None
        if leaves is not None:
            _accumulate_ready(leaves, pending)
        # The next node is the newest ready one: usually the one just freed, without the heap.
        if ready is not None and (not heap or ready._seq > -heap[0][0]):
            node = ready
        elif heap:
            if ready is not None:
                push(heap, (-ready._seq, ready))
            node = pop(heap)[1]
        else:
            node = None
    if capture is None:
        return None
    return [captured.get(i) for i in range(len(capture))]


def _accumulate_ready(leaves: list, pending: dict) -> None:
    """Add the gradients of leaves that became ready (and have no node hooks) into `.grad`.

    Each would be the next node popped anyway (AccumulateGrad has the highest sequence
    numbers), so it runs now, without the heap: a hook that runs later sees its `.grad`.
    """
    for leaf_node in leaves:
        slot = pending[leaf_node]
        if slot[1] is not None:
            _tensor.accumulate_grad(leaf_node._variable, [slot.pop()])


def _run_node(
    node,
    grads: list,
    capture,
    points: dict,
    captured: dict,
    needed,
    accumulate: bool,
    observers: list,
) -> tuple:
    """A node's backward with what the plain loop leaves out: autograd.grad's captures, hooks,
    flow observers, and nodes that no gradient reached."""
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
