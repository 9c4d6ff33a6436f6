"""The engine: how `loss.backward()` and `autograd.grad` walk the graph from the outputs down.

`run_backward` is the reference: the engine a learner reads. Where a pass starts
(`Tensor.backward`, `autograd.backward`), `_fast_engine.py` is chosen instead while nothing
watches the pass (no hook, retain_grad, capture, create_graph, anomaly mode or observer): it
computes the same gradients with fewer Python steps, and hands the rest of a pass to this one
at the first hook. The test suite runs every autograd test on both (`use_reference_only`).
"""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Callable, Iterator

from .. import _messages as msg
from .anomaly_mode import ANOMALY, apply_watched
from .grad_mode import STATE
from .gradient_checks import checked_hook_result, checked_hook_results
from .node import AccumulateGrad, retain_into
from .undo import UndoLog

__all__ = [
    "count_dependencies",
    "flow_observers",
    "node_listeners",
    "observe",
    "release_saved",
    "run_backward",
    "use_reference_only",
    "watched",
]

# Callables `observer(node, grads_in, grads_out)`, told about each node the pass reaches: the
# gradients it received (after its hooks) and what it sent to each input (() if it did not run).
# The notebook layer draws and steps through backward with them; see `observe`.
flow_observers: list = []

# Callables `listener(node, grads_in, grads_out)` told, by either engine, about each node whose
# backward formula ran (AccumulateGrad excepted): the gradients it received per output (a
# sequence) and the tuple it sent. Unlike flow_observers, listeners leave the pass on the
# fast engine (_fast_engine.py): a picture can keep what flowed in every backward cheaply.
node_listeners: list = []

_reference_only: list = []  # non-empty inside `use_reference_only()`


def run_backward(
    roots: list,
    grads: list,
    retain_graph: bool,
    create_graph: bool,
    capture: list | None = None,
    accumulate: bool = True,
) -> list | None:
    """Back-propagate `grads` from `roots` ((node, output_nr) pairs) down to the leaves.

    1. Count, for every node below the roots, how many edges point at it: its dependencies.
    2. Take the newest ready node (every node that consumes its outputs is newer, so when it
       comes up its gradients are complete: PyTorch's order, by creation sequence).
    3. Run it (`run_node`): hooks, then its `backward` formula, recorded only for create_graph.
    4. Deliver what it sent to each input's node, adding up gradients that meet, and count one
       dependency off; a node with none left is ready. AccumulateGrad nodes (the leaves) are the
       newest of all, so a leaf's `.grad` is updated as soon as its gradient is complete.
    5. Repeat until nothing is ready. A loop, not recursion: a chain of a million nodes needs
       no deep stack. Then, unless `retain_graph`, free the saved tensors of the nodes that ran.

    All or nothing: if anything raises on the way (a hook, a formula, a modified saved tensor,
    a KeyboardInterrupt), every `.grad` the pass changed is put back and nothing stays freed, so
    once the cause is fixed the same graph can be backpropagated again. (PyTorch keeps what it
    did until then.)

    `capture` (autograd.grad, or backward's `inputs=`) lists (node, output_nr) points whose
    incoming gradients are returned, in order; only nodes that lead to them run, and without
    `accumulate` (autograd.grad) the leaves there keep their `.grad`.
    """
    ran: list = []  # the nodes that ran: their saved tensors are freed once the pass is done
    undo = UndoLog()  # each `.grad` and saved tensor this pass changed, as it was
    try:
        with _engine_pass(create_graph):
            inbox: dict = {}  # node -> [gradient for its output 0, output 1, ...]
            for (node, output_nr), grad in zip(roots, grads):
                _deliver(inbox, node, output_nr, grad)
            root_nodes = list(dict.fromkeys(node for node, _ in roots))
            roots = grads = None  # the inbox holds the gradients now
            dependencies = count_dependencies(root_nodes)
            needed, captures, captured = _plan_capture(root_nodes, capture, accumulate)

            ready = [(-node._seq, node) for node in root_nodes if dependencies[node] == 0]
            heapq.heapify(ready)
            while ready:
                node = heapq.heappop(ready)[1]
                received = inbox.pop(node, None) or [None] * node._n_outputs
                sent = run_node(node, received, needed, captures, captured, undo)
                ran.append(node)
                for i, (next_node, output_nr) in enumerate(node.next_functions):
                    if next_node is None:
                        continue
                    if i < len(sent) and sent[i] is not None:
                        _deliver(inbox, next_node, output_nr, sent[i])
                    dependencies[next_node] -= 1
                    if dependencies[next_node] == 0:
                        heapq.heappush(ready, (-next_node._seq, next_node))
                received = sent = None  # hold no gradient longer than needed
        if not retain_graph:
            release_saved(ran, undo)
    except BaseException:
        undo.undo()  # a failed pass changes no .grad and frees nothing
        raise
    return None if capture is None else [captured.get(i) for i in range(len(capture))]


def run_node(node, grads: list, needed, captures: dict, captured: dict, undo: UndoLog) -> tuple:
    """One node's turn, in PyTorch's order: the hooks of the tensors it made (a leaf's own, for
    AccumulateGrad) and retain_grad, autograd.grad's capture, node pre-hooks, `backward`
    (checked in anomaly mode), post hooks, observers. Returns what it sends to each input."""
    if needed is not None and node not in needed:  # autograd.grad stops here: only capture
        grads = _tensor_pre_hooks(node, grads, undo)
        _capture(node, grads, captures, captured)
        _tell_observers(node, grads, ())
        return ()
    _capture(node, grads, captures, captured)  # backward(inputs=...): before hooks, as PyTorch
    grads = _tensor_pre_hooks(node, grads, undo)
    extra = node._extra or {}
    for hook in list(extra.get("prehooks", ())):
        new = hook(tuple(grads))
        if new is not None:
            grads = list(checked_hook_results(hook, tuple(grads), new))
    if all(grad is None for grad in grads):
        sent = ()  # no gradient reached this node
    else:
        if type(node) is AccumulateGrad:
            undo.grad(node._variable)
        sent = apply_watched(node, grads) if ANOMALY.enabled else node._apply(grads)
        if type(node) is AccumulateGrad:
            _post_accumulate_hooks(node._variable)
    for hook in list(extra.get("hooks", ())):
        new = hook(sent, tuple(grads))
        if new is not None:
            sent = checked_hook_results(hook, sent, new) if sent else tuple(new)
    _tell_observers(node, grads, sent)
    return sent


def _post_accumulate_hooks(leaf) -> None:
    """The leaf's register_post_accumulate_grad_hook hooks, after its `.grad` was updated."""
    meta = leaf._meta
    for hook in list(meta.post_accumulate_hooks or ()) if meta is not None else ():
        result = hook(leaf)
        if result is not None:
            if not isinstance(result, type(leaf)):
                raise TypeError(msg.HOOK_RETURNED_NON_TENSOR.format(type=type(result).__name__))
            raise RuntimeError(msg.POST_ACCUMULATE_HOOK_RETURN)


def _tensor_pre_hooks(node, grads: list, undo: UndoLog) -> list:
    """Hooks registered on the tensors this node made, each may replace its gradient; then
    retain_grad stores what is left into those tensors' `.grad`."""
    if type(node) is AccumulateGrad:  # a leaf's hooks live on the leaf
        meta = node._variable._meta
        hooks_per_output = {0: meta.hooks} if meta is not None and meta.hooks else {}
    else:
        hooks_per_output = node._extra.get("tensor_prehooks", {}) if node._extra else {}
    grads = list(grads)
    for output_nr, hooks in hooks_per_output.items():
        for hook in list(hooks):
            if grads[output_nr] is not None:
                new = hook(grads[output_nr])
                if new is not None:
                    grads[output_nr] = checked_hook_result(hook, grads[output_nr], new)
    retained = node._extra.get("retains_grad", {}) if node._extra else {}
    for output_nr, tensor_ref in retained.items():
        tensor = tensor_ref()
        if tensor is not None and grads[output_nr] is not None:
            undo.grad(tensor)
            retain_into(tensor, grads[output_nr])
    return grads


def release_saved(nodes: list, undo: UndoLog) -> None:
    """Free the saved tensors of the nodes a pass ran (noted in `undo`, which can restore them
    if the pass is interrupted before it returns)."""
    for node in nodes:
        if node._saved or node._keeps:
            undo.saved(node)
            node._release()


def _deliver(inbox: dict, node, output_nr: int, grad) -> None:
    """Hand `grad` to `node` for its output `output_nr`, adding it to one already there."""
    slots = inbox.get(node)
    if slots is None:
        slots = inbox[node] = [None] * node._n_outputs
    slots[output_nr] = grad if slots[output_nr] is None else slots[output_nr] + grad


def count_dependencies(roots) -> dict:
    """For every node reachable from `roots`, how many edges point at it."""
    dependencies = dict.fromkeys(roots, 0)
    stack = list(dependencies)
    while stack:
        for next_node in stack.pop()._edges[::2]:  # edges are flat: node, output_nr, ...
            if next_node is None:
                continue
            if next_node in dependencies:
                dependencies[next_node] += 1
            else:
                dependencies[next_node] = 1
                stack.append(next_node)
    return dependencies


def _plan_capture(root_nodes: list, capture, accumulate: bool) -> tuple:
    """For a pass with `capture`: the nodes that must run, {(node, output_nr): [index, ...]}
    and the dict the captured gradients go into. Without one: (None, {}, {})."""
    if capture is None:
        return None, {}, {}
    captures: dict = {}
    for i, point in enumerate(capture):
        captures.setdefault(point, []).append(i)
    targets = {node for node, _ in captures}
    # A node runs if it leads to a target (backward's targets run too: they accumulate).
    # Visit children before parents: Kahn's order from the roots, reversed.
    remaining = count_dependencies(root_nodes)
    order, stack = [], [node for node in root_nodes if remaining[node] == 0]
    while stack:
        node = stack.pop()
        order.append(node)
        for next_node in node._edges[::2]:
            if next_node is not None:
                remaining[next_node] -= 1
                if remaining[next_node] == 0:
                    stack.append(next_node)
    needed = set(targets) if accumulate else set()
    for node in reversed(order):
        if any(n in needed or n in targets for n in node._edges[::2] if n is not None):
            needed.add(node)
    return needed, captures, {}


def _capture(node, grads: list, captures: dict, captured: dict) -> None:
    """Record the gradients arriving at a point autograd.grad asked for."""
    if captures:
        for output_nr, grad in enumerate(grads):
            for i in captures.get((node, output_nr), ()):
                captured[i] = grad


def watched() -> bool:
    """Whether anything besides hooks watches the pass (hooks stop the fast pass themselves):
    then a pass starts on this engine, not the fast one."""
    return bool(flow_observers or ANOMALY.enabled or _reference_only)


def _tell_observers(node, grads_in: list, grads_out: tuple) -> None:
    for observer in list(flow_observers):
        observer(node, tuple(grads_in), grads_out)
    if node_listeners and grads_out and type(node) is not AccumulateGrad:
        for listener in list(node_listeners):
            listener(node, tuple(grads_in), grads_out)


@contextlib.contextmanager
def _engine_pass(create_graph: bool) -> Iterator[None]:
    """Grad mode on only to build the graph of the backward pass (create_graph)."""
    previous = STATE.enabled
    try:
        STATE.enabled = create_graph
        yield
    finally:
        STATE.enabled = previous


@contextlib.contextmanager
def observe(observer: Callable) -> Iterator[Callable]:
    """Inside the block, `observer(node, grads_in, grads_out)` is told about each node that
    backward reaches (which makes every pass take the reference engine)."""
    flow_observers.append(observer)
    try:
        yield observer
    finally:
        flow_observers.remove(observer)


@contextlib.contextmanager
def use_reference_only() -> Iterator[None]:
    """Inside the block, every pass takes the reference engine (how the tests compare the two)."""
    _reference_only.append(True)
    try:
        yield
    finally:
        _reference_only.pop()
