"""torch.autograd.graph: the public way to look at a recorded graph.

PyTorch's module offers `Node`, `GradientEdge`, `get_gradient_edge` and `increment_version`;
this one adds what a picture, a debugger or an optimizer needs without reading the private
fields of `Node` and `Tensor` (their layout is the engine's business and may change):

- `walk(*roots)` yields every node reachable from tensors or nodes, each once, breadth first in
  discovery order (a root first, then its `next_functions` left to right, then theirs...), with
  a queue rather than recursion, so a 100,000-node chain is no problem;
- `saved_values(node)` lists what a node saved for backward: name, value, the version saved,
  whether it is the node's own output, and whether backward has freed it;
- `sequence_nr`, `num_outputs`, `has_hooks`, `accumulate_grad_node`, `current_grad` and
  `is_accumulate_grad` answer the small questions the notebook layer, viz and tensorboard ask;
- `observe(observer)` (from engine.py) lets a block watch backward run, node by node;
  `observe_backward(observer)` does the same until its handle is removed (both make the pass
  take the reference engine); `listen_backward(listener)` is told what each node sent in every
  pass and keeps the fast engine, for pictures that watch every backward;
- `observe_results(observer)` lets a picture see each op's result as it is recorded (the
  graph keeps no outputs, so values of intermediate results exist only then).

Nothing here changes a graph except `increment_version`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from .. import _messages as msg
from .._tensor import RESULT_OBSERVERS, Tensor, make_tensor
from .engine import flow_observers, node_listeners, observe
from .hooks import RemovableHandle
from .node import INFERENCE_VERSION, AccumulateGrad, Node, existing_accumulator, version_counter

__all__ = [
    "Node",
    "observe",
    "observe_backward",
    "listen_backward",
    "observe_results",
    "GradientEdge",
    "get_gradient_edge",
    "increment_version",
    "SavedValue",
    "saved_values",
    "walk",
    "sequence_nr",
    "version",
    "num_outputs",
    "has_hooks",
    "is_accumulate_grad",
    "accumulate_grad_node",
    "current_grad",
]

_NUMBERS = (int, float, bool)


class GradientEdge(NamedTuple):
    """Where a tensor's gradient flows: output `output_nr` of `node` (PyTorch's GradientEdge)."""

    node: Node
    output_nr: int
    # PyTorch keeps a token that holds a C++ graph alive; our nodes are Python objects already
    ownership_token: Node | None = None


def get_gradient_edge(tensor: Tensor) -> GradientEdge:
    """The edge a gradient for `tensor` flows into: its grad_fn, or a leaf's AccumulateGrad."""
    if not tensor.requires_grad:
        raise RuntimeError(msg.GRADIENT_EDGE_NO_GRAD)
    fn = tensor.grad_fn  # the property brings a view's history up to date
    if fn is not None:
        return GradientEdge(fn, tensor.output_nr)
    from .node import accumulator

    return GradientEdge(accumulator(tensor), 0)


def increment_version(tensor: Tensor | Iterable[Tensor]) -> None:
    """Count one in-place change of `tensor` (or of each tensor in an iterable, once per mention).

    For code that writes a tensor's storage directly (an optimizer updating arrays in place):
    autograd then knows that values saved for backward are stale. Inference tensors have no
    counter, so they are skipped, as in PyTorch.
    """
    for t in (tensor,) if isinstance(tensor, Tensor) else tensor:
        vc = t._vc
        if vc is None:
            vc = version_counter(t)
        elif vc is INFERENCE_VERSION:
            continue
        vc.value += 1


class SavedValue(NamedTuple):
    """One value a node saved for its backward.

    `value` is the saved tensor (or Python number, or None for an absent optional input), or
    None once backward has freed it. `version` is the tensor's version when it was saved and
    `current_version` its version now: they differ when it was modified in place since, which
    makes backward fail. `is_output` marks a node's own result (kept without the output tensor,
    rebuilt here on each call).
    """

    name: str
    value: Any
    version: int | None
    current_version: int | None
    is_output: bool = False
    freed: bool = False

    @property
    def modified(self) -> bool:
        """True when the tensor changed in place after being saved (backward would raise)."""
        return self.version != self.current_version


def saved_values(node: Node) -> list[SavedValue]:
    """What `node` saved for backward, in saving order, named as PyTorch's `_saved_<name>`.

    After a backward without `retain_graph`, one freed entry per name is listed (value None).
    """
    names = type(node)._saved_names
    entries = node._saved
    if entries is None:
        return [SavedValue(name, None, None, None, freed=True) for name in names or ("saved",)]
    out = []
    for i, entry in enumerate(entries):
        name = names[i] if i < len(names) else f"saved{i}"
        if entry is None or type(entry) in _NUMBERS:
            out.append(SavedValue(name, entry, None, None))
            continue
        tensor, saved_version = entry[0], entry[1]
        if tensor is not None:
            out.append(SavedValue(name, tensor, saved_version, version(tensor)))
            continue
        _, _, data, output_nr, vc, backend = entry  # the node's output (Node.save_output)
        value = make_tensor(data, backend, True, node, output_nr)
        value._vc = vc
        out.append(SavedValue(name, value, saved_version, vc.value, is_output=True))
    return out


def observe_results(observer: Callable[[Tensor], None]) -> RemovableHandle:
    """Tell `observer(tensor)` about each tensor an op gives a grad_fn, until `.remove()`.

    It sees every op's result the moment it joins the graph (`tensor.grad_fn`,
    `tensor.output_nr` and the value are set; the node's saved values may not be yet). A node's
    saved output rebuilt later (by `saved_values` or backward) is told again, with the same
    node and output_nr. Nothing is told under no_grad. Results nobody watches cost one check.
    """
    return RemovableHandle(RESULT_OBSERVERS, observer)


def observe_backward(observer: Callable) -> RemovableHandle:
    """Tell `observer(node, grads_in, grads_out)` about each node backward reaches, until
    `.remove()` (the block form is `observe`): what it received per output, what it sent."""
    return RemovableHandle(flow_observers, observer)


def listen_backward(listener: Callable) -> RemovableHandle:
    """Tell `listener(node, grads_in, grads_out)` about each node whose backward formula ran
    (AccumulateGrad nodes excepted), in every pass until `.remove()`. Unlike `observe_backward`
    it leaves backward on the fast engine: what costs is only the listener's own work."""
    return RemovableHandle(node_listeners, listener)


def _root_node(root) -> Node | None:
    """The node a walk starts from for a tensor, node or edge (None: no graph behind it)."""
    if isinstance(root, Node):
        return root
    if isinstance(root, GradientEdge):
        return root.node
    if isinstance(root, Tensor):
        if not root.requires_grad:
            return None
        fn = root.grad_fn  # the property brings a view's history up to date
        return fn if fn is not None else existing_accumulator(root)
    raise TypeError(msg.GRAPH_WALK_ROOT.format(type=type(root).__name__))


def walk(*roots, skip: Callable[[Node], bool] | None = None) -> Iterator[Node]:
    """Every node reachable from `roots`, each once, breadth first in discovery order.

    Roots are tensors (their grad_fn, or a leaf's AccumulateGrad if a graph holds one), nodes or
    GradientEdges; a tensor without a graph adds nothing. The roots come first, in the order
    given, then the nodes of their `next_functions`, left to right, then the next level, and so
    on. A node for which `skip(node)` is true is neither yielded nor walked through.
    """
    seen: set[Node] = set()  # nodes compare by identity
    queue: deque = deque()
    for root in roots:
        node = _root_node(root)
        if node is not None and node not in seen and not (skip and skip(node)):
            seen.add(node)
            queue.append(node)
    while queue:
        node = queue.popleft()
        yield node
        for nxt in node._edges[::2]:
            if nxt is None or nxt in seen or (skip is not None and skip(nxt)):
                continue
            seen.add(nxt)
            queue.append(nxt)


def sequence_nr(node: Node) -> int:
    """The node's creation order: a later op's node has a larger number (backward runs the
    newest ready node first). AccumulateGrad nodes rank above every op node, as in PyTorch."""
    return node._seq


def version(tensor: Tensor) -> int | None:
    """How many in-place changes the tensor's storage has seen (PyTorch's `tensor._version`);
    None for an inference tensor, which keeps no counter (there `_version` raises)."""
    vc = tensor._vc
    if vc is INFERENCE_VERSION:
        return None
    return 0 if vc is None else vc.value


def num_outputs(node: Node) -> int:
    """How many outputs the node's forward op had (one gradient slot each in backward)."""
    return node._n_outputs


def has_hooks(obj: Node | Tensor) -> bool:
    """Whether a node has hooks or pre-hooks, or a tensor has gradient hooks registered."""
    if isinstance(obj, Tensor):
        fn = obj._grad_fn
        if fn is None:
            meta = obj._meta
            return meta is not None and bool(meta.hooks or meta.post_accumulate_hooks)
        extra = fn._extra or {}
        return bool((extra.get("tensor_prehooks") or {}).get(obj._output_nr))
    extra = obj._extra or {}
    return bool(extra.get("hooks") or extra.get("prehooks") or extra.get("tensor_prehooks"))


def is_accumulate_grad(node: Node) -> bool:
    """Whether `node` is a leaf's AccumulateGrad (its `variable` is the leaf)."""
    return isinstance(node, AccumulateGrad)


def accumulate_grad_node(tensor: Tensor) -> Node | None:
    """A leaf's AccumulateGrad node while some graph holds it, else None (never creates one)."""
    return existing_accumulator(tensor) if tensor._grad_fn is None else None


def current_grad(tensor: Tensor) -> Tensor | None:
    """`tensor.grad` as it is now, without the warning `.grad` gives on a non-leaf."""
    meta = tensor._meta
    return None if meta is None else meta.grad
