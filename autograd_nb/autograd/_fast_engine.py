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

At the first node or leaf with hooks it stops and hands what waits to the reference engine; so
it does when a leaf's accumulation could fail. All or nothing, as the reference engine: each
`.grad` and freed saved tensor is noted in an undo log first, and a pass that raises (or is
interrupted) puts them back, so it can run again: when the first of two gradients that meet
shares its memory with a saved tensor, the sum goes into the second, not into a new array.
"""

from __future__ import annotations

import gc
import heapq
import sys
import threading

from . import engine
from .backward_kernels import registered_kernels
from .grad_mode import STATE
from .node import ACCUMULATION_LOCK, AccumulateGrad, Node, accumulate_grad, make_tensor
from .undo import UndoLog

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
# The references to a gradient a node sent, as `_add_into` sees it: the node's results tuple
# and the delivery loop's name.
_SENT = 2


def run_backward(roots: list, grads: list, retain_graph: bool) -> None:
    """Back-propagate `grads` from `roots` ((node, output_nr) pairs) into the leaves' `.grad`,
    as `engine.run_backward` does (without capture or create_graph), all or nothing.

    The nodes this pass ran are freed before the reference engine takes over what waits at a
    hook: that call, which is all or nothing itself, is the last thing this one does.
    """
    ran: list = []
    undo = UndoLog()
    previous = STATE.enabled
    try:
        STATE.enabled = False
        waiting = _collector_paused(roots, grads, ran, undo)
        if not retain_graph:
            _release_saved(ran, undo)
        if waiting is not None:
            engine.run_backward(*waiting, retain_graph, False)
    except BaseException:
        undo.undo()
        raise
    finally:
        STATE.enabled = previous


def _collector_paused(roots: list, grads: list, ran: list, undo: UndoLog) -> tuple | None:
    """`_run_unwatched` with the cycle collector paused while this is the only thread: the pass
    makes no cycles, but its allocations would make the collector scan every live object of the
    graph again and again (about 3% of a deep chain's forward and backward). With other threads
    it is left alone: re-enabling it could undo their `gc.disable()`."""
    pause = gc.isenabled() and threading.active_count() == 1
    try:
        if pause:
            gc.disable()
        return _run_unwatched(roots, grads, ran, undo)
    finally:
        if pause:
            gc.enable()


def _run_unwatched(roots: list, grads: list, ran: list, undo: UndoLog) -> tuple | None:
    """Run nodes newest first, without counting dependencies, while nothing watches them.

    A node runs once no newer node holds a gradient: its consumers are newer than it, so its
    gradient is complete then (the order PyTorch's engine takes too). Leaves are accumulated at
    the end, which nothing can tell from "as soon as ready" while no hook runs. At a node or
    leaf with hooks, or at the end if a leaf's accumulation could fail, this stops and returns
    the (node, output_nr) points and gradients waiting. The nodes that ran are appended to
    `ran`, and each `.grad` is noted in `undo` before it changes.
    """
    waiting: dict = {}
    heap: list = []
    leaves: list = []
    sums: dict = {}  # leaf node -> the sum of its gradients this pass made (see _add_for_leaf)
    watched = False
    for (node, nr), grad in zip(roots, grads):
        watched |= _deliver_root(waiting, heap, leaves, node, nr, grad)
    push, pop = heapq.heappush, heapq.heappop
    kernel_for = registered_kernels().get  # backward_kernel(), without a call per node
    # The next node when it is the only one waiting, kept out of the heap: along a chain each
    # node hands its gradient to one new node, which is then next (nothing else waits).
    following = None
    while (heap or following is not None) and not watched:
        if following is None:
            node = heap[0][1]
            if node._extra is not None:
                break
            pop(heap)
        else:
            node = following
            following = None
            if node._extra is not None:
                push(heap, (-node._seq, node))
                break
        slot = waiting.pop(node)
        kernel = kernel_for(type(node))
        if kernel is not None:
            results = kernel(node, *slot)
        else:
            results = node.backward(slot[0]) if len(slot) == 1 else node.backward(*slot)
        if type(results) is not tuple:
            results = (results,)
        if node._in_meta is not None:
            results = node._conformed(results)
        if engine.node_listeners:
            for listener in tuple(engine.node_listeners):
                listener(node, slot, results)
        slot = None
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
                elif following is None and not heap:
                    following = nxt
                else:
                    if following is not None:
                        push(heap, (-following._seq, following))
                        following = None
                    push(heap, (-nxt._seq, nxt))
            elif to[nr] is None:
                to[nr] = grad
            elif type(nxt) is AccumulateGrad:
                _add_for_leaf(to, grad, sums, nxt)
            else:
                _add_into(to, nr, grad, _SENT)
        # Drop the loop's references: the steal counts a gradient's owners.
        results = grad = to = None
    if following is not None:  # (stopped at a leaf with hooks)
        push(heap, (-following._seq, following))
    sums.clear()  # (so that a leaf's sum can become its `.grad` without a copy)
    # All or nothing: the leaves are written here only if none of their accumulations can fail.
    if heap or watched or not all(_accumulates_surely(leaf, waiting) for leaf in leaves):
        points, grads = [], []
        for node in leaves + [node for _, node in sorted(heap)]:
            for nr, grad in enumerate(waiting.pop(node)):
                if grad is not None:
                    points.append((node, nr))
                    grads.append(grad)
        return points, grads
    for leaf_node in leaves:
        undo.grad(leaf_node._variable)
        _accumulate(leaf_node._variable, waiting.pop(leaf_node))
    return None


# Node class -> whether its nodes keep nothing for backward but `_saved` (see _release_saved)
_FREES_SAVED_ONLY: dict = {}


def _release_saved(nodes: list, undo: UndoLog) -> None:
    """What `engine.release_saved` does, with one undo entry for all the nodes that keep
    nothing but `_saved` (most), instead of two calls per node."""
    plain = []
    for node in nodes:
        cls = type(node)
        only_saved = _FREES_SAVED_ONLY.get(cls)
        if only_saved is None:
            only_saved = _FREES_SAVED_ONLY[cls] = not cls._keeps and cls._release is Node._release
        if not only_saved:
            if node._saved or node._keeps:
                undo.saved(node)
                node._release()
        elif node._saved:
            plain.append(node)
    undo.saved_only(plain)
    for node in plain:
        node._saved = None


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


def _add_for_leaf(slots: list, grad, sums: dict, leaf_node) -> None:
    """A leaf's next gradient (a weight used many times gets one per use), from a node's
    results: added in place into the sum this pass made for the leaf when it has one (an array
    nobody else sees), else as `_add_into` does, noting a new sum in `sums`."""
    old = slots[0]
    if sums.get(leaf_node) is old and old._backend is grad._backend:
        a, b = old._data, grad._data
        if a.dtype == b.dtype and a.shape == b.shape:
            if a.size >= _IN_PLACE_FROM or not a.ndim:  # (0-d arrays add into NumPy scalars)
                a += b
            else:  # a new array costs less than NumPy's in-place call on a small one
                old._data = a + b
            return
        a = b = None
    old = None  # (the references `_add_into` counts)
    if _add_into(slots, 0, grad, _SENT + 1):  # + our parameter
        sums[leaf_node] = slots[0]


def _add_into(slots: list, nr: int, grad, grad_names: int = 0) -> bool:
    """Add a second gradient for the same output into its slot: in place into the first when
    nothing else can see it, else into `grad` when nothing but the caller's `grad_names`
    references can see that one (the first may share its memory with a saved tensor: a
    gradient of ones passed on as the other factor of a product), else into a new array.
    `grad_names` 0 (a root gradient, which may be the user's): `grad` is never written.
    Whether the sum is a new tensor."""
    old = slots[nr]
    slots[nr] = None
    if old._backend is grad._backend:
        a, b = old._data, grad._data
        if a.dtype == b.dtype and a.shape == b.shape:
            big = REFCOUNTS_PROVEN and a.size >= _IN_PLACE_FROM
            a = b = None
            if big and _only_here(old):
                old._data += grad._data
                slots[nr] = old
                return False
            if big and grad_names and _only_here(grad, grad_names + 1):  # + our parameter
                grad._data += old._data  # the same sum: adding is commutative
                slots[nr] = grad
                return False
            slots[nr] = make_tensor(old._data + grad._data, old._backend)
            return True
    slots[nr] = old + grad
    return True


def _accumulates_surely(leaf_node, waiting: dict) -> bool:
    """Whether adding the waiting gradient into this leaf's `.grad` cannot fail: no `.grad` yet,
    or one of the gradient's shape, dtype and device whose memory may be written. Otherwise (an
    expanded `.grad`, a read-only NumPy array's, one changed through `.data`) the reference
    engine accumulates the leaves: it puts back what a failed pass changed."""
    meta = leaf_node._variable._meta
    old = None if meta is None else meta.grad
    if old is None:
        return True
    data, grad = old._data, waiting[leaf_node][0]
    return (
        old._backend is grad._backend
        and data.shape == grad._data.shape
        and data.dtype == grad._data.dtype
        and old._backend.is_writable(data)
    )


def _accumulate(leaf, grads: list) -> None:
    """AccumulateGrad for a leaf without hooks; `grads` is the engine's one-element list.

    The gradient is taken out of the list, so that when nobody else refers to it, it can become
    `.grad` without a copy (PyTorch "steals" it too).
    """
    grad = grads.pop()
    if not leaf._requires_grad:  # detached since the graph was built: nothing to accumulate
        return
    if REFCOUNTS_PROVEN and grad._backend is leaf._backend and grad._data.dtype == leaf._data.dtype:
        with ACCUMULATION_LOCK:
            meta = leaf._autograd_meta()
            if meta.grad is None:
                view = grad._view
                if view is not None and _getrefcount(view.base) == 2:  # ViewMeta's, getrefcount's
                    grad._view = None  # a view (say, a transpose) of a temporary only it holds
                view = None
                if _only_here(grad):
                    meta.grad = grad
                    return
    accumulate_grad(leaf, grad)


def _only_here(t, names: int = 1) -> bool:
    """Whether the caller's `names` references (one local name, by default) are the only ones
    to `t` and `t` the only one to its memory: then `t` may be kept or written in place without
    anyone seeing it."""
    # getrefcount counts the caller's names, our parameter and its own argument; for the array,
    # the tensor's slot, our `data` and the argument.
    data = t._data
    return _getrefcount(t) == names + 2 and _getrefcount(data) == 3 and t._backend.owns_memory(data)
