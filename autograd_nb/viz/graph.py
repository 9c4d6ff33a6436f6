"""The autograd graph as plain data: nodes and edges found by walking `grad_fn.next_functions`.

`build_graph(y)` starts at the output tensors and walks the backward nodes with the public graph
API (`autograd.graph.walk`: breadth first, without recursion, so a 100,000-node chain is no
problem). Node ids ("n0", "n1", ...) follow the order of
discovery, never `id()`, so the same code gives the same graph in every process. Edges point the
way the gradient flows: output tensor -> its grad_fn -> ... -> AccumulateGrad -> leaf tensor.
With `micrograd=True` every node also carries its value and the gradient it received (see
`values.py`: intermediate values exist only if they were recorded while the ops ran).
Graphs above `max_nodes` are collapsed (long runs of one node type become one "summary" node) and,
if still too big, cut after the first `max_nodes` nodes, so drawing never hangs a kernel.
"""

from __future__ import annotations

import gc
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .. import _messages as msg
from ..autograd import graph as autograd_graph
from .values import FULL_VALUES, VALUES, tensor_text, value_text

__all__ = ["GraphNode", "GraphEdge", "Graph", "build_graph", "shape_text"]

TENSOR_KINDS = ("leaf_requires_grad", "leaf_no_grad", "output", "saved", "saved_freed")
_NUMBERS = (int, float, bool)
FIT_NODES = 40  # above this, repeated runs are summarised unless full=True
FIT_WIDTH = 840  # px: JupyterLab's output area beside the file browser (a 1280 px window)
READABLE_SCALE = 0.6  # a picture drawn smaller than this has text too small to read
_WALK_LIMIT = 1_000_000  # nodes discovered before the walk gives up (then summarised)


@dataclass(slots=True)
class GraphNode:
    """One picture node: a tensor, a backward node (grad_fn), a saved tensor or a summary."""

    id: str
    kind: str
    label: str
    detail: dict = field(default_factory=dict)
    ref: Any = None  # weakref.ref to the tensor or grad_fn node, or None

    def obj(self):
        """The live tensor / node this stands for, or None if it is gone (or never had one)."""
        return self.ref() if self.ref is not None else None


@dataclass(slots=True)
class GraphEdge:
    """src -> dst; kind "grad" (node to node), "tensor" (tensor to its node) or "saved"."""

    src: str
    dst: str
    kind: str
    label: str = ""


@contextmanager
def gc_paused():
    """Pause the cyclic GC while making many small objects (it would rescan the whole graph)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def shape_text(shape) -> str:
    """A shape as torchviz writes it: "(2, 3)", "(4)", "()"."""
    return "(" + ", ".join(str(int(s)) for s in shape) + ")"


def _tensor_class():
    from .._tensor import Tensor

    return Tensor


def _short_text(t) -> str:
    """A tensor's values as a picture shows them (viz.values.tensor_text)."""
    try:
        return tensor_text(t)
    except Exception as exc:  # a broken tensor must not break the picture
        return f"<unprintable: {type(exc).__name__}>"


def _values(detail: dict, key: str, t) -> None:
    """detail[key]: what the box shows; detail[key + "_full"]: the whole tensor, for the
    tooltip, where the box shows a summary."""
    detail[key] = None if t is None else _short_text(t)
    if t is not None and t.numel() > FULL_VALUES:
        detail[key + "_full"] = value_text(t)


def _tensor_detail(t, name: str | None) -> dict:
    grad = autograd_graph.current_grad(t)
    fn = t.grad_fn
    detail = {
        "name": name,
        "shape": tuple(int(s) for s in t._data.shape),
        "dtype": str(t.dtype),
        "device": str(t.device),
        "requires_grad": t.requires_grad,
        "is_leaf": fn is None,
        "retains_grad": t.retains_grad,
        "grad_fn": None if fn is None else type(fn).__name__,
        "version": autograd_graph.version(t),
    }
    _values(detail, "data", t)
    _values(detail, "grad", grad)
    return detail


def _grad_text(t) -> str:
    """micrograd's grad of a tensor: its .grad, else (a non-leaf) what its grad_fn received."""
    grad = autograd_graph.current_grad(t)
    if grad is not None:
        return tensor_text(grad)
    fn = t.grad_fn
    received = None if fn is None else VALUES.grad_received(fn, t.output_nr)
    return "None" if received is None else received


def _node_name(fn) -> str:
    try:
        name = fn.name()
    except Exception:
        name = type(fn).__name__
    return name.rsplit("::", 1)[-1]


class _Builder:
    """Walks the graph once, breadth first, assigning ids in discovery order."""

    def __init__(self, names: dict | None, saved: bool, micrograd: bool = False):
        self.saved = saved
        self.micrograd = micrograd
        self.unrecorded = 0  # op nodes whose values were not recorded (micrograd)
        self.nodes: list[GraphNode] = []
        self.edges: list[GraphEdge] = []
        self.index: dict[int, tuple[Any, str]] = {}  # id(obj) -> (obj, node id)
        self.labels: dict[type, tuple[str, str]] = {}  # node class -> (label, kind)
        self.starts: list = []  # the root nodes, in order: where the walk begins
        self.not_walked: set[int] = set()  # id()s of nodes found after _WALK_LIMIT
        self.tensor_names: dict[int, tuple[Any, str]] = {}
        self.output_names: dict[int, list] = {}  # id(grad_fn) -> [(output_nr, name), ...]
        self.truncated = False
        if names:
            self._read_names(names)

    def _read_names(self, names: dict) -> None:
        """The first name given for a tensor is its label (callers order names by preference)."""
        Tensor = _tensor_class()
        for key, value in names.items():
            if not isinstance(key, str) or key.startswith("_"):
                continue
            if not isinstance(value, Tensor) or id(value) in self.tensor_names:
                continue
            self.tensor_names[id(value)] = (value, key)
            fn = value.grad_fn
            if fn is not None:
                self.output_names.setdefault(id(fn), []).append((value.output_nr, key))

    def name_of(self, t) -> str | None:
        hit = self.tensor_names.get(id(t))
        return hit[1] if hit is not None and hit[0] is t else None

    def _add(self, obj, kind: str, label: str, detail: dict) -> str:
        nid = f"n{len(self.nodes)}"
        ref = weakref.ref(obj) if obj is not None else None
        if obj is not None:
            self.index[id(obj)] = (obj, nid)
        self.nodes.append(GraphNode(nid, kind, label, detail, ref))
        return nid

    def _known(self, obj) -> str | None:
        hit = self.index.get(id(obj))
        return hit[1] if hit is not None and hit[0] is obj else None

    def tensor(self, t, root: bool = False) -> str:
        nid = self._known(t)
        if nid is not None:
            return nid
        name = self.name_of(t)
        if t.grad_fn is not None:
            kind = "output"
        else:
            kind = "leaf_requires_grad" if t.requires_grad else "leaf_no_grad"
        detail = _tensor_detail(t, name)
        detail["root"] = root
        if self.micrograd:
            detail["micrograd"] = {"data": {0: tensor_text(t)}, "grad": {0: _grad_text(t)}}
        return self._add(t, kind, name or shape_text(t._data.shape), detail)

    def backward_node(self, fn) -> str:
        hit = self.index.get(id(fn))
        if hit is not None and hit[0] is fn:
            return hit[1]
        nodes = self.nodes
        if len(nodes) >= _WALK_LIMIT:
            self.truncated = True
        cls = type(fn)
        style = self.labels.get(cls)
        if style is None:
            label = _node_name(fn)
            style = self.labels[cls] = (
                label,
                "accumulate_grad" if label == "AccumulateGrad" else "backward",
            )
        outs = self.output_names.get(id(fn)) if self.output_names else None
        detail = {
            "name": style[0],
            "outputs": [n for _, n in sorted(outs)] if outs else [],
            "inputs": len(fn.next_functions),
        }
        if self.micrograd and style[1] == "backward":
            detail["micrograd"] = VALUES.describe(fn)
            self.unrecorded += detail["micrograd"]["data"] is None
        nid = f"n{len(nodes)}"
        self.index[id(fn)] = (fn, nid)
        if self.truncated:
            self.not_walked.add(id(fn))
        nodes.append(GraphNode(nid, style[1], style[0], detail, weakref.ref(fn)))
        return nid

    def root(self, obj) -> str:
        if isinstance(obj, autograd_graph.Node):
            self.starts.append(obj)
            return self.backward_node(obj)
        Tensor = _tensor_class()
        if not isinstance(obj, Tensor):
            raise TypeError(msg.VIZ_ROOT_TYPE.format(type=type(obj).__name__))
        fn = obj.grad_fn if obj.requires_grad else None  # the property refreshes views
        nid = self.tensor(obj, root=True)
        if fn is not None:
            self.starts.append(fn)
            fid = self.backward_node(fn)
            self.edges.append(GraphEdge(nid, fid, "tensor"))
            micro = self.nodes[int(fid[1:])].detail.get("micrograd")
            if micro is not None and autograd_graph.num_outputs(fn) == 1 and not micro["on_output"]:
                micro["on_output"] = True  # the output's box above shows data | grad
                self.unrecorded -= micro["data"] is None
        return nid

    def walk(self) -> None:
        """Draw each node the graph API's walk reaches: ids follow its (discovery) order."""
        edges, index, add_node = self.edges, self.index, self.backward_node
        for fn in autograd_graph.walk(*self.starts):
            if id(fn) in self.not_walked:  # and so is every node the walk yields after it
                break
            fid = index[id(fn)][1]
            for child, _ in fn.next_functions:
                if child is not None:
                    edges.append(GraphEdge(fid, add_node(child), "grad"))
            if self.labels[type(fn)][1] == "accumulate_grad":
                leaf = fn.variable
                if leaf is not None:
                    self.edges.append(GraphEdge(fid, self.tensor(leaf), "tensor"))
            if self.saved:
                self._saved_of(fn, fid)

    def _saved_of(self, fn, fid: str) -> None:
        scalars = {}
        for saved in autograd_graph.saved_values(fn):
            if saved.freed:  # by a backward without retain_graph
                nid = self._add(None, "saved_freed", "freed", {"slot": saved.name})
                self.edges.append(GraphEdge(fid, nid, "saved"))
            elif type(saved.value) in _NUMBERS:
                scalars[saved.name] = saved.value
            elif saved.value is not None:
                self.edges.append(GraphEdge(fid, self._saved_tensor(fn, saved), "saved"))
        if scalars:
            self.nodes[int(fid[1:])].detail["saved_scalars"] = scalars

    def _saved_tensor(self, fn, saved: autograd_graph.SavedValue) -> str:
        tensor = saved.value
        if saved.is_output:  # rebuilt from what the node kept: name it after the user's output
            outs = self.output_names.get(id(fn), ())
            names = [n for nr, n in sorted(outs) if nr == tensor.output_nr]
            name = names[0] if names else None
            obj = None
        else:
            name = self.name_of(tensor)
            obj = tensor
        detail = _tensor_detail(tensor, name)
        detail.update(
            slot=saved.name,
            saved_version=saved.version,
            modified=saved.modified,
            is_output=saved.is_output,
        )
        label = name or shape_text(detail["shape"])
        nid = f"n{len(self.nodes)}"
        self.nodes.append(
            GraphNode(nid, "saved", label, detail, weakref.ref(obj) if obj is not None else None)
        )
        return nid


class Graph:
    """Nodes and edges of an autograd graph, with SVG / DOT rendering (see `build_graph`)."""

    def __init__(
        self,
        nodes: list[GraphNode],
        edges: list[GraphEdge],
        roots: list[str],
        index: dict | None = None,
        info: dict | None = None,
    ):
        self.nodes = nodes
        self.edges = edges
        self.roots = roots
        self.info = info or {}
        self._by_id = {n.id: n for n in nodes}
        # id(obj) -> node id, checked against node.ref on lookup
        self._index = {k: v for k, v in (index or {}).items() if v in self._by_id}
        self._layout_cache: dict = {}

    def __repr__(self) -> str:
        return f"<autograd graph: {len(self.nodes)} nodes, {len(self.edges)} edges>"

    def __len__(self) -> int:
        return len(self.nodes)

    def node(self, node_id: str) -> GraphNode:
        """The node with this id (KeyError if none)."""
        return self._by_id[node_id]

    def node_for(self, obj) -> GraphNode | None:
        """The node drawn for a tensor or grad_fn; for an intermediate tensor, its grad_fn's."""
        nid = self._index.get(id(obj))
        if nid is not None and nid in self._by_id:
            node = self._by_id[nid]
            if node.obj() is obj:
                return node
        if not isinstance(obj, _tensor_class()):
            return None
        fn = obj.grad_fn or autograd_graph.accumulate_grad_node(obj)
        return self.node_for(fn) if fn is not None else None

    def children(self, node_id: str) -> list[GraphEdge]:
        """Edges leaving a node, in graph order."""
        return [e for e in self.edges if e.src == node_id]

    def to_svg(
        self,
        values: bool = False,
        grads: bool = False,
        highlight: str | None = None,
        edge_labels: dict | None = None,
        legend: bool = True,
        node_notes: dict | None = None,
        engine: str | None = None,
        max_width: float | None = None,
        label_room: dict | None = None,
        min_scale: float = 0.0,
    ) -> str:
        """The picture as SVG text, byte-for-byte the same for the same graph in any process.

        With `max_width`, a wider picture is drawn smaller (its width attribute is `max_width`,
        the drawing keeps its proportions): how it fits an output area; never smaller than
        `min_scale` (`READABLE_SCALE` keeps text readable; the rest then scrolls).
        `edge_labels` ({(src id, dst id): text}) are drawn in room the layout keeps for them;
        `label_room` ({(src id, dst id): text or texts}) keeps room for labels not drawn, so
        that pictures of one graph with different labels (a stepper's frames) share one layout.
        """
        if engine is not None:
            from .dot import render_with_dot

            return render_with_dot(self, engine, values=values, grads=grads)
        from .svg import render_svg

        with gc_paused():
            return render_svg(
                self,
                values=values,
                grads=grads,
                highlight=highlight,
                edge_labels=edge_labels,
                legend=legend,
                node_notes=node_notes,
                max_width=max_width,
                label_room=label_room,
                min_scale=min_scale,
            )

    def to_dot(self, values: bool = False, grads: bool = False) -> str:
        """Graphviz DOT text of the same graph (for `dot -Tsvg` or other tools)."""
        from .dot import render_dot

        return render_dot(self, values=values, grads=grads)

    def _repr_svg_(self) -> str:
        return self.to_svg(max_width=FIT_WIDTH)

    def _repr_png_(self) -> bytes | None:
        """The same picture as PNG, which JupyterLab shows in an untrusted notebook."""
        from .png import svg_to_png

        return svg_to_png(self.to_svg(max_width=FIT_WIDTH))


def build_graph(
    *tensors,
    names: dict | None = None,
    params: dict | None = None,
    saved: bool = False,
    max_nodes: int = 2000,
    full: bool = False,
    micrograd: bool = False,
) -> Graph:
    """Walk the autograd graph behind `tensors` (iteratively) into a Graph ready to draw.

    Tensors are labelled from `params` (as torchviz's `make_dot(y, params=dict(
    model.named_parameters()))`: {"0.weight": tensor, ...}), then from `names` ({name: tensor});
    the first name given for a tensor wins. A graph of more than `FIT_NODES` nodes shows each
    repeated run (a chain of one op, the layers of a Sequential) as one summary box, so that the
    picture fits its output; `full=True` draws every node (up to `max_nodes`).

    `micrograd=True` shows micrograd's `data | grad` on every node, intermediate results
    included, and what each node saved (marked "freed" after a backward without retain_graph).
    Values of intermediate results are known only if they were recorded (`record_values()`,
    `%%grad_trace --micrograd`); `info["unrecorded"]` counts the nodes whose values were not.
    """
    if not tensors:
        raise TypeError(msg.VIZ_NO_TENSORS)
    if max_nodes < 2:
        raise ValueError(msg.VIZ_MAX_NODES.format(max_nodes=max_nodes))
    with gc_paused():
        b = _Builder({**(params or {}), **(names or {})} if params else names, saved, micrograd)
        roots = []
        for t in tensors:
            nid = b.root(t)
            if nid not in roots:
                roots.append(nid)
        b.walk()
        index = {key: nid for key, (_, nid) in b.index.items()}
        info = {
            "total_nodes": len(b.nodes),
            "collapsed": False,
            "truncated_walk": b.truncated,
            "unrecorded": b.unrecorded,
        }
        nodes, edges = b.nodes, b.edges
        if len(nodes) > max_nodes or (not full and len(nodes) > FIT_NODES):
            from .collapse import collapse

            nodes, edges = collapse(nodes, edges, roots, max_nodes)
            info["collapsed"] = len(nodes) < info["total_nodes"]
        return Graph(nodes, edges, roots, index, info)
