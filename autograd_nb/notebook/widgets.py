"""ipywidgets 8 views of autograd: a backward stepper, a tensor inspector, a Jacobian explorer.

Every widget has a short, stable `__repr__` (nbval compares a widget's text/plain).
"""

from __future__ import annotations

import heapq
import html
import math
import re
import weakref
from dataclasses import dataclass, field

import ipywidgets as W

from .. import _messages as msg
from .._tensor import Tensor
from ..autograd.engine import count_dependencies
from ..autograd.grad_mode import no_grad
from ..autograd.graph import version
from ..autograd.node import AccumulateGrad, accumulator
from . import _format as fmt

# --- replaying backward ----------------------------------------------------------------------


@dataclass
class Step:
    """One node run by the backward pass: what came in, what went to each input."""

    node: object
    name: str
    grads_in: list  # per output of the node
    flows: list  # (next node, gradient or None) per input of the forward op
    leaf: Tensor | None = None  # for AccumulateGrad: the leaf whose .grad it updates
    leaf_grad: Tensor | None = None  # ... and its .grad after this step


def _discovery_order(root) -> dict:
    """A stable index for every node below `root` (depth-first, next_functions order)."""
    order, stack = {}, [root]
    while stack:
        node = stack.pop()
        if node in order:
            continue
        order[node] = len(order)
        stack.extend(nxt for nxt, _ in reversed(node.next_functions) if nxt is not None)
    return order


def replay_backward(y: Tensor, gradient=None) -> list[Step]:
    """The steps `y.backward(gradient)` would take, computed without touching any `.grad`.

    Nodes run in the engine's order (autograd/engine.py: a node runs when every gradient for it
    has arrived, newest node first, AccumulateGrad as soon as it is ready); ready AccumulateGrad
    nodes, which the engine orders arbitrarily, are taken in graph order. Each node's backward
    is called on its saved values under no_grad; leaves' gradients are summed here, in copies
    that start from the leaves' current `.grad`. Tensor and node hooks are not run.
    """
    from ..autograd.grad_api import _root_grads

    if not y.requires_grad:
        from .. import _messages as msg

        raise RuntimeError(msg.NO_GRAD_FN.format(index=0))
    seed = _root_grads([y], [] if gradient is None else [gradient])[0]
    root = y.grad_fn if y.grad_fn is not None else accumulator(y)
    rank = _discovery_order(root)
    deps = count_dependencies([root])
    buffers = {root: [None] * root._n_outputs}
    buffers[root][y._output_nr if y.grad_fn is not None else 0] = seed
    leaf_grads: dict = {}
    heap = [(-root._seq, rank[root], root)]
    steps = []
    with no_grad():
        while heap:
            node = heapq.heappop(heap)[2]
            grads = buffers.pop(node, None) or [None] * node._n_outputs
            name = type(node).__name__
            if isinstance(node, AccumulateGrad):
                leaf = node.variable
                old = leaf_grads.get(leaf, fmt.grad_of(leaf)) if leaf is not None else None
                new = grads[0] if old is None else old + grads[0]
                if leaf is not None:
                    leaf_grads[leaf] = new
                steps.append(Step(node, name, grads, [], leaf, new))
                continue
            results = node._apply(list(grads)) if any(g is not None for g in grads) else ()
            flows = []
            for i, (nxt, nr) in enumerate(node.next_functions):
                grad = results[i] if i < len(results) else None
                flows.append((nxt, grad))
                if nxt is None:
                    continue
                if grad is not None:
                    slots = buffers.setdefault(nxt, [None] * nxt._n_outputs)
                    slots[nr] = grad if slots[nr] is None else slots[nr] + grad
                deps[nxt] -= 1
                if deps[nxt] == 0:
                    heapq.heappush(heap, (-nxt._seq, rank[nxt], nxt))
            steps.append(Step(node, name, grads, flows))
    return steps


_LOCAL = {
    "AddBackward": "∂(a + b)/∂a = 1,  ∂(a + b)/∂b = 1",
    "SubBackward": "∂(a − b)/∂a = 1,  ∂(a − b)/∂b = −1",
    "RsubBackward": "∂(b − a)/∂a = −1,  ∂(b − a)/∂b = 1",
    "MulBackward": "∂(a·b)/∂a = b,  ∂(a·b)/∂b = a",
    "DivBackward": "∂(a/b)/∂a = 1/b,  ∂(a/b)/∂b = −a/b²",
    "PowBackward": "∂(aⁿ)/∂a = n·aⁿ⁻¹",
    "SumBackward": "∂Σa/∂aᵢ = 1: the gradient is copied to every element",
    "MeanBackward": "∂mean(a)/∂aᵢ = 1/n for every element",
    "MmBackward": "grad_A = grad @ Bᵀ,  grad_B = Aᵀ @ grad",
    "MvBackward": "grad_A = grad ⊗ v,  grad_v = Aᵀ @ grad",
    "DotBackward": "∂(a·b)/∂a = b,  ∂(a·b)/∂b = a",
    "AccumulateGrad": "leaf.grad += incoming gradient (the sum over all paths)",
}


def local_derivative(node) -> str:
    """The local derivative a node applies, as a formula, with the values it saved."""
    name = type(node).__name__
    text = getattr(type(node), "formula", "") or _LOCAL.get(
        name.rstrip("0123456789"),
        "reshapes or routes the gradient back to the input's shape"
        if re.search(
            r"View|Reshape|Expand|Permute|Transpose|^T|Squeeze|Select|"
            r"Slice|Index|Clone|ToCopy",
            name,
        )
        else "the chain rule: grad_input = grad_output × ∂output/∂input",
    )
    saved = []
    for saved_name in getattr(type(node), "_saved_names", ()):
        try:
            value = getattr(node, "_saved_" + saved_name)
        except Exception:  # freed or unavailable: show the formula only
            continue
        if isinstance(value, Tensor):
            saved.append(f"{saved_name} = {fmt.values(value)}")
    return text + (f"  (saved: {', '.join(saved)})" if saved else "")


# --- the stepper widget ----------------------------------------------------------------------


@dataclass
class Frame:
    """One picture of the stepper: its title, text lines, SVG and the leaves' .grad so far."""

    title: str
    lines: list
    svg: str
    leaf_grads: dict = field(default_factory=dict)  # label -> Tensor | None

    @property
    def text(self) -> str:
        return "\n".join([self.title, *self.lines])

    def html(self) -> str:
        e = html.escape
        rows = "".join(
            f"<tr><td><code>{e(k)}</code></td><td><code>{e(fmt.values(v))}</code></td></tr>"
            for k, v in self.leaf_grads.items()
        )
        body = "<br>".join(e(line) for line in self.lines)
        return (
            f"<div><b>{e(self.title)}</b><div>{self.svg}</div><p>{body}</p>"
            f"<table><tr><th>leaf</th><th>.grad</th></tr>{rows}</table></div>"
        )


class BackwardStepper(W.VBox):
    """Play + slider through `y.backward()`, one frame per node run (frames switch client-side).

    Frames are rendered up front from `replay_backward` (your tensors are not changed) and linked
    with jslink, so stepping works in a saved, trusted notebook without a kernel. At most
    `max_frames` frames: longer passes are grouped several nodes per frame.
    """

    def __init__(
        self,
        y: Tensor,
        gradient=None,
        name: str = "y",
        names: dict | None = None,
        max_frames: int = 60,
    ):
        from ..viz import build_graph

        self.name = name
        self.steps = replay_backward(y, gradient)
        names = dict(names or {})
        names.setdefault(name, y)
        self.graph = build_graph(y, names=names)
        self._labels = {id(t): n for n, t in names.items() if isinstance(t, Tensor)}
        leaves = [s.leaf for s in self.steps if s.leaf is not None]
        leaves = list({id(leaf): leaf for leaf in leaves}.values())
        self._leaf_names = {id(leaf): self._label(leaf, i) for i, leaf in enumerate(leaves)}
        self.frames = self._make_frames(leaves, max(2, max_frames))
        last = len(self.frames) - 1
        self.play = W.Play(value=0, min=0, max=last, step=1, interval=900, description="backward")
        self.slider = W.IntSlider(value=0, min=0, max=last, description="step")
        self.stack = W.Stack([W.HTML(frame.html()) for frame in self.frames], selected_index=0)
        self.links = [
            W.jslink((self.play, "value"), (self.slider, "value")),
            W.jslink((self.slider, "value"), (self.stack, "selected_index")),
        ]
        super().__init__([W.HBox([self.play, self.slider]), self.stack])

    def __repr__(self) -> str:
        return f"BackwardStepper({self.name}, {len(self.steps)} steps)"

    def _label(self, t: Tensor, i: int) -> str:
        return self._labels.get(id(t), f"leaf{i} {fmt.shape_text(t)}")

    def _node_text(self, node) -> str:
        """A node's class name, with the leaf's name for AccumulateGrad."""
        leaf = getattr(node, "variable", None) if isinstance(node, AccumulateGrad) else None
        if leaf is None:
            return type(node).__name__
        return f"AccumulateGrad ({self._leaf_names.get(id(leaf), 'leaf')})"

    def _node_id(self, obj):
        found = self.graph.node_for(obj)
        return None if found is None else found.id

    def _edge(self, a, b):
        ids = {self._node_id(a), self._node_id(b)}
        for e in self.graph.edges:
            if {e.src, e.dst} == ids:
                return (e.src, e.dst)
        return None

    def _make_frames(self, leaves: list, max_frames: int) -> list[Frame]:
        grads = {self._leaf_names[id(leaf)]: fmt.grad_of(leaf) for leaf in leaves}
        seed = self.steps[0].grads_in if self.steps else []
        frames = [
            Frame(
                f"Step 0 / {len(self.steps)}: before backward",
                [
                    f"{self.name}.backward() starts with gradient "
                    f"{', '.join(fmt.values(g) for g in seed if g is not None)}"
                ],
                self.graph.to_svg(values=True),
                dict(grads),
            )
        ]
        per_frame = max(1, math.ceil(len(self.steps) / (max_frames - 1)))
        labels: dict = {}
        done = 0
        for start in range(0, len(self.steps), per_frame):
            group = self.steps[start : start + per_frame]
            lines = []
            for step in group:
                done += 1
                lines += self._describe(step, labels, grads)
            node = group[-1].node
            title = f"Step {done} / {len(self.steps)}: {self._node_text(node)}"
            svg = self.graph.to_svg(
                values=True, highlight=self._node_id(node), edge_labels=dict(labels)
            )
            frames.append(Frame(title, lines, svg, dict(grads)))
        return frames

    def _describe(self, step: Step, labels: dict, grads: dict) -> list[str]:
        incoming = ", ".join(fmt.values(g) for g in step.grads_in if g is not None) or "None"
        lines = [
            f"{self._node_text(step.node)} receives gradient {incoming}",
            f"local derivative: {local_derivative(step.node)}",
        ]
        if step.leaf is not None:
            label = self._leaf_names.get(id(step.leaf), "leaf")
            grads[label] = step.leaf_grad
            lines.append(f"{label}.grad is now {fmt.values(step.leaf_grad)}")
            key = self._edge(step.node, step.leaf)
            if key is not None:
                labels[key] = fmt.values(step.leaf_grad)
        for nxt, grad in step.flows:
            if nxt is None:
                continue
            lines.append(f"  → {self._node_text(nxt)}: {fmt.values(grad)}")
            key = self._edge(step.node, nxt)
            if key is not None and grad is not None:
                labels[key] = fmt.values(grad)
        return lines


# --- the tensor inspector --------------------------------------------------------------------

_INSPECTORS: weakref.WeakSet = weakref.WeakSet()


def refresh_inspectors(result=None) -> None:
    """Refresh every live TensorInspector (the extension runs this after each cell)."""
    for inspector in list(_INSPECTORS):
        inspector.refresh()


class TensorInspector(W.VBox):
    """A card for one tensor that redraws when its grad, version or graph changes.

    Changes are noticed by `refresh()`; with `%load_ext autograd_nb` every inspector is
    refreshed after each cell runs (IPython's post_run_cell event), so no thread polls.
    """

    def __init__(self, t: Tensor, name: str | None = None):
        if not isinstance(t, Tensor):
            raise TypeError(msg.WIDGET_INSPECTOR_TYPE.format(type=type(t).__name__))
        from .naming import name_of, shell_namespace

        self.namespace = shell_namespace()
        self.tensor = t
        self.name = name or name_of(t, self.namespace) or fmt.shape_text(t)
        self.view = W.HTML()
        self._signature = None
        super().__init__([self.view])
        self.refresh()
        _INSPECTORS.add(self)

    def __repr__(self) -> str:
        return f"TensorInspector({self.name})"

    def _state(self) -> tuple:
        t = self.tensor
        grad = fmt.grad_of(t)
        return (
            version(t),
            id(grad),
            None if grad is None else version(grad),
            t.requires_grad,
            id(t.grad_fn),
        )

    def refresh(self) -> bool:
        """Redraw if the tensor changed since the last look; True when it did."""
        state = self._state()
        if state == self._signature:
            return False
        from .magics import inspect_card

        self._signature = state
        self.view.value = inspect_card(self.tensor, self.name, self.namespace)._repr_html_()
        return True


# --- the Jacobian explorer -------------------------------------------------------------------


def _matrix_html(title: str, rows: list) -> str:
    """A titled matrix between square brackets (the table's left and right borders)."""
    e = html.escape
    body = "".join(
        "<tr>"
        + "".join(
            f"<td style='text-align:right;padding:1px 6px'>{e(fmt.number(v))}</td>" for v in row
        )
        + "</tr>"
        for row in rows
    )
    bracket = "border:solid #333;border-width:0 2px;border-radius:3px;border-collapse:separate"
    return (
        f"<div style='display:inline-block;vertical-align:top;margin-right:16px'>"
        f"<b>{e(title)}</b><table style='{bracket}'>{body}</table></div>"
    )


class JacobianExplorer(W.VBox):
    """J, v and vᵀJ side by side for `f(x).backward(gradient=v)`, with v editable.

    vᵀJ is what `x.grad` becomes after `y.backward(gradient=v)`; it is recomputed with
    autograd.grad whenever an entry of v changes (x itself is not touched).
    """

    MAX_SIZE = 12

    def __init__(self, f, x: Tensor, v=None, name: str | None = None):
        from .._creation import eye, tensor
        from ..autograd.grad_api import grad

        if not isinstance(x, Tensor) or not x.dtype.is_floating_point:
            raise TypeError(msg.WIDGET_JACOBIAN_X_TYPE)
        self.name = name or getattr(f, "__name__", "f").replace("<lambda>", "f")
        self.x = x.detach().clone().requires_grad_(True)
        self.y = f(self.x)
        if not isinstance(self.y, Tensor) or self.y.grad_fn is None:
            raise ValueError(msg.WIDGET_JACOBIAN_F_RESULT.format(name=self.name))
        n_in, n_out = self.x.numel(), self.y.numel()
        if max(n_in, n_out) > self.MAX_SIZE:
            raise ValueError(
                msg.WIDGET_JACOBIAN_SIZE.format(limit=self.MAX_SIZE, n_in=n_in, n_out=n_out)
            )
        basis = eye(n_out, dtype=self.y.dtype, device=self.y.device)
        self.J = [
            grad(self.y, self.x, grad_outputs=basis[i].reshape(self.y.shape), retain_graph=True)[0]
            .reshape(-1)
            .tolist()
            for i in range(n_out)
        ]
        start = [1.0] * n_out if v is None else tensor(v).reshape(-1).tolist()
        if len(start) != n_out:
            raise ValueError(msg.WIDGET_JACOBIAN_V_SIZE.format(n_out=n_out, n_start=len(start)))
        self._grad, self._tensor = grad, tensor
        self.v_inputs = [
            W.FloatText(
                value=float(value),
                description=f"v[{i}]",
                style={"description_width": "3.5em"},
                layout=W.Layout(width="11em"),
            )
            for i, value in enumerate(start)
        ]
        self.view = W.HTML()
        for box in self.v_inputs:
            box.observe(self._update, names="value")
        super().__init__([W.HBox(self.v_inputs), self.view])
        self._update()

    def __repr__(self) -> str:
        return f"JacobianExplorer({self.name}: {self.x.numel()} -> {self.y.numel()})"

    @property
    def v(self) -> Tensor:
        """The current v, shaped like f(x)."""
        values = [box.value for box in self.v_inputs]
        return self._tensor(values, dtype=self.y.dtype, device=self.y.device).reshape(self.y.shape)

    def _update(self, change=None) -> None:
        self.vjp = self._grad(self.y, self.x, grad_outputs=self.v, retain_graph=True)[0]
        v = self.v.reshape(-1).tolist()
        self.view.value = (
            _matrix_html(f"J = ∂y/∂x ({len(self.J)}×{self.x.numel()})", self.J)
            + _matrix_html("v", [[value] for value in v])
            + _matrix_html(
                "vᵀJ = x.grad after y.backward(gradient=v)", [self.vjp.reshape(-1).tolist()]
            )
        )
