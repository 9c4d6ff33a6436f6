"""The fast pass of backward, taken while nothing watches it (no hook, capture, observer,
anomaly mode or create_graph): the same gradients as the reference engine (engine.py), in fewer
Python steps. The test suite runs every autograd test on both engines.

What it saves, against the reference:
- no dependency count: nodes run newest first from a heap, which is enough (a node's
  consumers are all newer than it), and leaves add their gradients up at the end;
- array-level backward kernels (`backward_kernels.py`) where an op registered one;
- gradients added in place, and kept as a leaf's `.grad` without a copy ("stolen", as PyTorch's
  engine does), when nobody else can see them. Only reference counts tell that, and what they
  count changes between CPython versions: this runs only on the versions where
  tests/test_autograd_engines.py proves that it fires and never aliases a user's tensor.

At the first node or leaf with hooks it stops and hands what waits to the reference engine.
"""

from __future__ import annotations

import gc
import heapq
import sys
import threading

from .backward_kernels import registered_kernels
from .node import ACCUMULATION_LOCK, AccumulateGrad, accumulate_grad, make_tensor

# Whether `sys.getrefcount` tells "only the engine holds this gradient" on this interpreter
# (proven by tests/test_autograd_engines.py on these versions; elsewhere gradients are copied).
REFCOUNTS_PROVEN = sys.implementation.name == "cpython" and sys.version_info[:2] in {
    (3, 11),
    (3, 12),
    (3, 13),
}

# Below this many elements a new array for a sum costs less than finding out whether the old
# one may be overwritten.
_IN_PLACE_FROM = 1 << 14
_getrefcount = sys.getrefcount


def run_unwatched(roots: list, grads: list, ran: list) -> tuple | None:
    """`_run_unwatched` with the cycle collector paused while this is the only thread: the pass
    makes no cycles, but its allocations would make the collector scan every live object of the
    graph again and again (about 3% of a deep chain's forward and backward). With other threads
    it is left alone: re-enabling it could undo their `gc.disable()`."""
    pause = gc.isenabled() and threading.active_count() == 1
    if pause:
        gc.disable()
    try:
        return _run_unwatched(roots, grads, ran)
    finally:
        if pause:
            gc.enable()


def _run_unwatched(roots: list, grads: list, ran: list) -> tuple | None:
    """Run nodes newest first, without counting dependencies, while nothing watches them.

    A node runs once no newer node holds a gradient: its consumers are newer than it, so its
    gradient is complete then (the order PyTorch's engine takes too). Leaves are accumulated at
    the end, which nothing can tell from "as soon as ready" while no hook runs. At a node or
    leaf with hooks this stops and returns the (node, output_nr) points and gradients waiting.
    The nodes that ran are appended to `ran` (the caller frees them once the pass is done).
    """
    waiting: dict = {}
    heap: list = []
    leaves: list = []
    watched = False
    for (node, nr), grad in zip(roots, grads):
        watched |= _deliver_root(waiting, heap, leaves, node, nr, grad)
    push, pop = heapq.heappush, heapq.heappop
    kernel_for = registered_kernels().get  # backward_kernel(), without a call per node
    while heap and not watched:
        node = heap[0][1]
        if node._extra is not None:
            break
        pop(heap)
        slot = waiting.pop(node)
        kernel = kernel_for(type(node))
        if kernel is not None:
            results = kernel(node, *slot)
        else:
            results = node.backward(slot[0]) if len(slot) == 1 else node.backward(*slot)
        slot = None
        if type(results) is not tuple:
            results = (results,)
        if node._in_meta is not None:
            results = node._conformed(results)
        ran.append(node)
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
                    watched |= _has_hooks(nxt)
                else:
                    push(heap, (-nxt._seq, nxt))
            elif to[nr] is None:
                to[nr] = grad
            else:
                _add_into(to, nr, grad)
        # Drop the loop's references: the steal counts a gradient's owners.
        results = grad = to = None
    if heap or watched:
        points, grads = [], []
        for node in leaves + [node for _, node in sorted(heap)]:
            for nr, grad in enumerate(waiting.pop(node)):
                if grad is not None:
                    points.append((node, nr))
                    grads.append(grad)
        return points, grads
    for leaf_node in leaves:
        _accumulate(leaf_node._variable, waiting.pop(leaf_node))
    return None


def _deliver_root(waiting: dict, heap: list, leaves: list, node, nr: int, grad) -> bool:
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
        _add_into(slot, nr, grad)
    return type(node) is AccumulateGrad and _has_hooks(node)


def _has_hooks(leaf_node) -> bool:
    """Whether hooks watch this AccumulateGrad node or its leaf."""
    meta = leaf_node._variable._meta
    return leaf_node._extra is not None or (
        meta is not None and bool(meta.hooks or meta.post_accumulate_hooks)
    )


def _add_into(slots: list, nr: int, grad) -> None:
    """Add a second gradient for the same output into its slot, in place when nothing else can
    see the first one."""
    old = slots[nr]
    slots[nr] = None
    if old._backend is grad._backend:
        a, b = old._data, grad._data
        if a.dtype == b.dtype and a.shape == b.shape:
            big = a.size >= _IN_PLACE_FROM
            a = b = None
            if big and REFCOUNTS_PROVEN and _only_here(old):
                old._data += grad._data
                slots[nr] = old
            else:
                slots[nr] = make_tensor(old._data + grad._data, old._backend)
            return
    slots[nr] = old + grad


def _accumulate(leaf, grads: list) -> None:
    """AccumulateGrad for a leaf without hooks; `grads` is the engine's one-element list.

    The gradient is taken out of the list, so that when nobody else refers to it, it can become
    `.grad` without a copy (PyTorch "steals" it too).
    """
    grad = grads.pop()
    if REFCOUNTS_PROVEN and grad._backend is leaf._backend:
        with ACCUMULATION_LOCK:
            meta = leaf._autograd_meta()
            if meta.grad is None:
                view = grad._view
                if view is not None and _getrefcount(view[0]) == 2:  # the tuple's, getrefcount's
                    grad._view = None  # a view (say, a transpose) of a temporary only it holds
                view = None
                if _only_here(grad):
                    meta.grad = grad
                    return
    accumulate_grad(leaf, grad)


def _only_here(t) -> bool:
    """Whether the caller's one local name is the only reference to `t` and `t` the only one to
    its memory: then `t` may be kept or written in place without anyone seeing it."""
    # getrefcount counts the caller's name, our parameter and its own argument; for the array,
    # the tensor's slot, our `data` and the argument.
    data = t._data
    return _getrefcount(t) == 3 and _getrefcount(data) == 3 and t._backend.owns_memory(data)
