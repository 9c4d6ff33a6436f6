"""ipywidgets 8 views of autograd: a backward stepper, a tensor inspector, a Jacobian explorer.

Every widget has a short, stable `__repr__` (nbval compares a widget's text/plain).
"""

from __future__ import annotations

import html
import math
import re
import weakref
from dataclasses import dataclass, field

import ipywidgets as W
import numpy

from .. import _messages as msg
from .. import autograd
from .._creation import tensor
from .._printing import _Formatter
from .._tensor import Tensor
from ..autograd import graph
from ..autograd.graph import version
from ..viz.png import svg_to_png
from ..viz.values import tensor_text, value_text
from . import _format as fmt
from .lifetimes import adopt, close_tree
from .node_formulas import FORMULAS

# --- recording backward ----------------------------------------------------------------------


@dataclass
class Step:
    """One node run by the backward pass: what came in, what went to each input."""

    node: object
    name: str
    grads_in: list  # per output of the node, after its hooks
    flows: list  # (next node, gradient or None) per input of the forward op
    leaf: Tensor | None = None  # for AccumulateGrad: the leaf whose .grad it updates
    leaf_grad: Tensor | None = None  # ... what its .grad becomes at this step
    leaf_before: Tensor | None = None  # ... and what it was before this step


def record_backward(y: Tensor, gradient=None) -> list[Step]:
    """The steps of `y.backward(gradient)`, as the real engine runs them, without touching `.grad`.

    The reference engine (autograd/engine.py) runs the pass once, as
    `autograd.grad(y, leaves, gradient, retain_graph=True)` does, and tells an observer about
    every node it reaches: the gradients that came in (after the hooks) and what the node sent to
    each input. Hooks, custom Functions and retain_grad therefore run, once, as they run in
    backward; the leaves' gradients are returned to the engine instead of added into `.grad`,
    and each step shows what `.grad` was and becomes (starting from the leaf's current `.grad`:
    backward adds to it).
    """
    if not y.requires_grad:
        raise RuntimeError(msg.NO_GRAD_FN.format(index=0))
    root = graph.get_gradient_edge(y).node
    leaves = [node.variable for node in graph.walk(root) if graph.is_accumulate_grad(node)]
    steps: list[Step] = []
    leaf_grads: dict = {}

    def observer(node, grads_in: tuple, grads_out: tuple) -> None:
        name = type(node).__name__
        if graph.is_accumulate_grad(node):
            leaf, incoming = node.variable, grads_in[0]
            old = leaf_grads.get(leaf, fmt.grad_of(leaf))
            new = old if incoming is None else incoming if old is None else old + incoming
            leaf_grads[leaf] = new
            steps.append(Step(node, name, list(grads_in), [], leaf, new, old))
            return
        flows = [
            (nxt, grads_out[i] if i < len(grads_out) else None)
            for i, (nxt, _) in enumerate(node.next_functions)
        ]
        steps.append(Step(node, name, list(grads_in), flows))

    seed = [] if gradient is None else [gradient]
    with graph.observe(observer):
        autograd.grad(y, leaves, seed, retain_graph=True, allow_unused=True)
    return steps


_LOCAL = {
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
    base = name.rstrip("0123456789")
    text = (
        getattr(type(node), "formula", "")
        or _LOCAL.get(base)
        or FORMULAS.get(base)
        or FORMULAS.get(name.replace("0_", "_"))  # DiagonalBackward0_copy
        or (
            "reshapes or routes the gradient back to the input's shape"
            if re.search(
                r"View|Reshape|Expand|Permute|Transpose|^T|Squeeze|Select|"
                r"Slice|Index|Clone|ToCopy",
                name,
            )
            else "the chain rule: grad_input = grad_output × ∂output/∂input"
        )
    )
    saved = []
    for entry in graph.saved_values(node):
        value = entry.value
        if entry.freed or entry.modified or value is None:  # show the formula only
            continue
        if not isinstance(value, Tensor):  # a Python number: shown as PyTorch shows it, 0-dim
            value = tensor(value)
        saved.append(f"{entry.name} = {tensor_text(value, one_line=True)}")
    return text + (f"  (saved: {', '.join(saved)})" if saved else "")


# --- the stepper widget ----------------------------------------------------------------------


_FIT_SVG = "max-width:100%;height:auto"
_FIT_BOX = "max-height:720px;overflow:auto"


def _cell(t: Tensor | None) -> str:
    """A table cell: the tensor in PyTorch's short format, the whole tensor on hover."""
    e = html.escape
    hover = "" if t is None else f" title='{e(value_text(t), quote=True)}'"
    return f"<td{hover}><code>{e(tensor_text(t, one_line=True))}</code></td>"


@dataclass
class Frame:
    """One picture of the stepper: its title, text lines, SVG and each leaf's .grad: before
    backward, what this pass has added so far, and now (before + added)."""

    title: str
    lines: list
    svg: str
    leaf_grads: dict = field(default_factory=dict)  # label -> Tensor | None: .grad now
    before: dict = field(default_factory=dict)  # label -> .grad before backward
    added: dict = field(default_factory=dict)  # label -> what this pass has added so far

    @property
    def text(self) -> str:
        return "\n".join([self.title, *self.lines])

    def html(self) -> str:
        e = html.escape
        rows = "".join(
            f"<tr><td><code>{e(k)}</code></td>{_cell(self.before.get(k))}"
            f"{_cell(self.added.get(k))}{_cell(v)}</tr>"
            for k, v in self.leaf_grads.items()
        )
        body = "<br>".join(e(line) for line in self.lines)
        # a wide graph shrinks to the output's width, a tall one scrolls inside a bounded box
        svg = self.svg.replace("<svg ", f'<svg style="{_FIT_SVG}" ', 1)
        head = "".join(f"<th>{e(c)}</th>" for c in msg.STEPPER_TABLE_COLUMNS)
        return (
            f"<div><b>{e(self.title)}</b><div style='{_FIT_BOX}'>{svg}</div><p>{body}</p>"
            f"<table><tr>{head}</tr>{rows}</table></div>"
        )


def filmstrip(pictures: list[tuple[str, str]], gap: float = 24.0, top: float = 24.0) -> str:
    """SVG pictures side by side in one SVG, each under its title: a stepper's first and last
    frame, for where the widget cannot show (an untrusted notebook shows its PNG)."""
    e = html.escape
    placed, x, height = [], 0.0, 0.0
    for title, svg in pictures:
        found = re.search(r'<svg[^>]*?width="([\d.]+)" height="([\d.]+)"', svg)
        width, tall = (float(found[1]), float(found[2])) if found else (400.0, 300.0)
        placed.append(
            f'<text x="{x + 10:.1f}" y="16" font-family="DejaVu Sans Mono" font-size="13" '
            f'font-weight="bold">{e(title)}</text>'
            + svg.replace("<svg ", f'<svg x="{x:.1f}" y="{top:.1f}" ', 1)
        )
        x, height = x + width + gap, max(height, tall)
    width, height = x - gap, height + top
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.1f}" height="{height:.1f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}"><rect width="100%" height="100%" '
        f'fill="#ffffff"/>{"".join(placed)}</svg>'
    )


class BackwardStepper(W.VBox):
    """Play, previous / next and a slider through `y.backward()`, one frame per node run.

    Frames are rendered up front from `record_backward` (the real engine runs the pass once;
    your leaves' `.grad` are not changed) and linked with jslink, so Play and the slider step
    through them in a saved, trusted notebook without a kernel (the previous / next buttons
    need one). At most `max_frames` frames: longer passes are grouped several nodes per frame.
    Backward adds into `.grad`: each frame's table shows a leaf's `.grad` before backward, what
    this pass added so far, and the sum. Outside the widget (an untrusted notebook, nbconvert)
    the output is a PNG of the first and last frames side by side.
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
        from .naming import display_names, shell_namespace

        self.name = name
        self.steps = record_backward(y, gradient)
        if names is None:  # the learner's names: module paths, then unambiguous variables
            names = display_names(shell_namespace())
        names = {name: y, **names}
        self.graph = build_graph(y, names=names)
        self._labels = {}
        for label, t in names.items():
            if isinstance(t, Tensor):
                self._labels.setdefault(id(t), label)
        # the leaves in the learner's order: named ones as named (definition order), then the
        # others as the picture draws them (not the order backward happens to reach them)
        stepped = {id(s.leaf) for s in self.steps if s.leaf is not None}
        drawn = [node.obj() for node in self.graph.nodes if node.kind == "leaf_requires_grad"]
        rank = {id(t): i for i, t in enumerate(names.values())}
        drawn = [leaf for leaf in drawn if leaf is not None and id(leaf) in stepped]
        leaves = sorted(drawn, key=lambda leaf: rank.get(id(leaf), len(rank)))
        for step in self.steps:  # a leaf the picture cut off still gets its row
            if step.leaf is not None and all(step.leaf is not leaf for leaf in leaves):
                leaves.append(step.leaf)
        self._leaf_names = {id(leaf): self._label(leaf, i) for i, leaf in enumerate(leaves)}
        self.frames = self._make_frames(leaves, max(2, max_frames))
        last = len(self.frames) - 1
        self.play = W.Play(value=0, min=0, max=last, step=1, interval=900, description="backward")
        self.slider = W.IntSlider(value=0, min=0, max=last, description="step")
        self.previous = W.Button(
            description="◀", tooltip=msg.STEPPER_PREVIOUS, layout=W.Layout(width="3em")
        )
        self.next = W.Button(
            description="▶", tooltip=msg.STEPPER_NEXT, layout=W.Layout(width="3em")
        )
        self.previous.on_click(lambda _: self.go(self.slider.value - 1))
        self.next.on_click(lambda _: self.go(self.slider.value + 1))
        self.stack = W.Stack([W.HTML(frame.html()) for frame in self.frames], selected_index=0)
        self.links = [
            W.jslink((self.play, "value"), (self.slider, "value")),
            W.jslink((self.slider, "value"), (self.stack, "selected_index")),
        ]
        note = W.HTML(f"<small>{html.escape(msg.STEPPER_NO_KERNEL)}</small>")
        controls = W.HBox([self.play, self.previous, self.slider, self.next])
        super().__init__([controls, self.stack, note])
        self._png = None
        self._count = len(self.steps)  # what the repr says, also once closed
        adopt(self, BackwardStepper.close)

    def __repr__(self) -> str:
        return f"BackwardStepper({self.name}, {self._count} steps)"

    def go(self, index: int) -> None:
        """Show frame `index` (kept between the first and the last); nothing once closed."""
        if self.slider is not None:
            self.slider.value = min(max(index, 0), self.slider.max)

    def close(self) -> None:
        """Close the stepper and every widget it made (links, controls, frames, layouts)."""
        links = self.__dict__.get("links")
        if links is None:  # __init__ failed before making them (Widget.__del__ closes it too)
            return super().close()
        if self.comm is None:  # closed already: Widget.__del__ closes it again
            return None
        for link in links:
            link.close()
        close_tree(self)
        # what only the open widget shows: the learner's Out[n] may keep the closed one
        self.steps, self.frames, self.links, self._png = [], [], [], None
        self.graph = self._labels = self._leaf_names = None
        self.play = self.slider = self.previous = self.next = self.stack = None

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The widget view, plus a PNG of the first and last frames for where it cannot show."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if self._png is None:
            ends = [self.frames[0], self.frames[-1]]
            self._png = svg_to_png(filmstrip([(f.title, f.svg) for f in ends])) or b""
        if self._png:
            bundle["image/png"] = self._png
        bundle["text/plain"] = repr(self)
        return bundle

    def _label(self, t: Tensor, i: int) -> str:
        return self._labels.get(id(t), f"leaf{i} {fmt.shape_text(t)}")

    def _node_text(self, node) -> str:
        """A node's class name, with the leaf's name for AccumulateGrad."""
        leaf = node.variable if graph.is_accumulate_grad(node) else None
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
        """Every frame's text and edge labels first, then the pictures, all with room for every
        frame's labels (one layout: nodes stay put from frame to frame)."""
        before = {self._leaf_names[id(leaf)]: fmt.grad_of(leaf) for leaf in leaves}
        grads, added = dict(before), dict.fromkeys(before)
        seed = self.steps[0].grads_in if self.steps else []
        start = [
            msg.STEPPER_START.format(
                y=self.name,
                seed=", ".join(tensor_text(g, one_line=True) for g in seed if g is not None),
            )
        ]
        start += [
            msg.STEPPER_ALREADY.format(leaf=k, grad=tensor_text(v, one_line=True))
            for k, v in before.items()
            if v is not None
        ]
        title = f"Step 0 / {len(self.steps)}: before backward"
        pages = [(title, start, None, {}, dict(before), dict(added))]
        per_frame = max(1, math.ceil(len(self.steps) / (max_frames - 1)))
        labels: dict = {}
        done = 0
        for first in range(0, len(self.steps), per_frame):
            group = self.steps[first : first + per_frame]
            lines = []
            for step in group:
                done += 1
                lines += self._describe(step, labels, grads, added)
            node = group[-1].node
            title = f"Step {done} / {len(self.steps)}: {self._node_text(node)}"
            pages.append((title, lines, node, dict(labels), dict(grads), dict(added)))
        room = {key: [text] for key, text in labels.items()}
        frames = []
        for title, lines, node, shown, now, so_far in pages:
            svg = self.graph.to_svg(
                values=True,
                highlight=None if node is None else self._node_id(node),
                edge_labels=shown or None,
                label_room=room,
            )
            frames.append(Frame(title, lines, svg, now, dict(before), so_far))
        return frames

    def _describe(self, step: Step, labels: dict, grads: dict, added: dict) -> list[str]:
        incoming = (
            ", ".join(tensor_text(g, one_line=True) for g in step.grads_in if g is not None)
            or "None"
        )
        lines = [
            f"{self._node_text(step.node)} receives gradient {incoming}",
            f"local derivative: {local_derivative(step.node)}",
        ]
        if step.leaf is not None:
            label = self._leaf_names.get(id(step.leaf), "leaf")
            grads[label] = step.leaf_grad
            incoming_grad = step.grads_in[0] if step.grads_in else None
            if incoming_grad is not None:
                old = added.get(label)
                added[label] = incoming_grad if old is None else old + incoming_grad
            lines.append(self._accumulation(label, step.leaf_before, incoming_grad, step.leaf_grad))
            key = self._edge(step.node, step.leaf)
            if key is not None and incoming_grad is not None:
                labels[key] = tensor_text(incoming_grad)
        for nxt, grad in step.flows:
            if nxt is None:
                continue
            lines.append(f"  → {self._node_text(nxt)}: {tensor_text(grad, one_line=True)}")
            key = self._edge(step.node, nxt)
            if key is not None and grad is not None:
                labels[key] = tensor_text(grad)
        return lines

    @staticmethod
    def _accumulation(label: str, before, incoming, after) -> str:
        """`b.grad: [1.] (before) + [2.] (this pass) = [3.]`, or what it becomes from None."""
        if incoming is None:
            return msg.STEPPER_NOTHING_ADDED.format(leaf=label)
        if before is None:
            return msg.STEPPER_GRAD_NEW.format(leaf=label, grad=tensor_text(after, one_line=True))
        return msg.STEPPER_GRAD_ADDED.format(
            leaf=label,
            before=tensor_text(before, one_line=True),
            added=tensor_text(incoming, one_line=True),
            after=tensor_text(after, one_line=True),
        )


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
        adopt(self, TensorInspector.close)

    def __repr__(self) -> str:
        return f"TensorInspector({self.name})"

    def close(self) -> None:
        """Close the card (with its layout) and stop refreshing it after each cell."""
        _INSPECTORS.discard(self)
        close_tree(self)

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


def _matrix_texts(rows: list) -> list:
    """A matrix's numbers in PyTorch's print format (one format for all, as `print(J)`)."""
    formatter = _Formatter([v for row in rows for v in row], True)
    return [[formatter.format(v).strip() for v in row] for row in rows]


def _matrix_html(title: str, rows: list) -> str:
    """A titled matrix between square brackets (the table's left and right borders)."""
    e = html.escape
    body = "".join(
        "<tr>"
        + "".join(f"<td style='text-align:right;padding:1px 6px'>{e(v)}</td>" for v in row)
        + "</tr>"
        for row in _matrix_texts(rows)
    )
    bracket = "border:solid #333;border-width:0 2px;border-radius:3px;border-collapse:separate"
    return (
        f"<div style='display:inline-block;vertical-align:top;margin-right:16px'>"
        f"<b>{e(title)}</b><table style='{bracket}'>{body}</table></div>"
    )


_CHAR, _LINE = 7.8, 18.0  # DejaVu Sans Mono at 13 px: a character's width, a line's height


def matrices_svg(blocks: list) -> str:
    """Titled matrices side by side, in brackets, as SVG: the explorer's picture for where the
    widget cannot show (its PNG, in an untrusted notebook)."""
    e = html.escape
    parts, x, height = [], 10.0, 0.0
    for title, rows in blocks:
        texts = _matrix_texts(rows)
        widths = [max(len(row[j]) for row in texts) for j in range(len(texts[0]))]
        inner = sum(w * _CHAR + 12 for w in widths) + 8
        top, bottom = 30.0, 30.0 + len(texts) * _LINE + 6
        parts.append(f'<text x="{x:.1f}" y="18" font-weight="bold">{e(title)}</text>')
        for left, sign in ((x, 1), (x + inner, -1)):
            parts.append(
                f'<path d="M{left + 5 * sign:.1f},{top:.1f} H{left:.1f} V{bottom:.1f} '
                f'H{left + 5 * sign:.1f}" fill="none" stroke="#333" stroke-width="2"/>'
            )
        for i, row in enumerate(texts):
            right = x + 4
            for j, text in enumerate(row):
                right += widths[j] * _CHAR + 12
                y = top + (i + 1) * _LINE - 4
                parts.append(
                    f'<text x="{right - 6:.1f}" y="{y:.1f}" text-anchor="end">{e(text)}</text>'
                )
        title_width = len(title) * _CHAR
        x += max(inner, title_width) + 24
        height = max(height, bottom + 10)
    width = x - 14
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.1f}" height="{height:.1f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="DejaVu Sans Mono" '
        f'font-size="13"><rect width="100%" height="100%" fill="#ffffff"/>{"".join(parts)}</svg>'
    )


def _shortest(value: float, dtype) -> float:
    """The shortest decimal that is `value` in `dtype` (0.1, not float32's 0.10000000149...)."""
    kind = getattr(numpy, str(dtype).replace("torch.", ""), None)
    if kind is None or not isinstance(kind, type) or not issubclass(kind, numpy.floating):
        return float(value)
    return float(str(kind(value)))


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
        start = [_shortest(value, self.y.dtype) for value in start]
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
        adopt(self)

    def __repr__(self) -> str:
        return f"JacobianExplorer({self.name}: {self.x.numel()} -> {self.y.numel()})"

    @property
    def v(self) -> Tensor:
        """The current v, shaped like f(x)."""
        values = [box.value for box in self.v_inputs]
        return self._tensor(values, dtype=self.y.dtype, device=self.y.device).reshape(self.y.shape)

    def _blocks(self) -> list:
        """(title, rows) of J, v and vᵀJ as they are now."""
        return [
            (f"J = ∂y/∂x ({len(self.J)}×{self.x.numel()})", self.J),
            ("v", [[value] for value in self.v.reshape(-1).tolist()]),
            ("vᵀJ = x.grad after y.backward(gradient=v)", [self.vjp.reshape(-1).tolist()]),
        ]

    def _update(self, change=None) -> None:
        self.vjp = self._grad(self.y, self.x, grad_outputs=self.v, retain_graph=True)[0]
        self.view.value = "".join(_matrix_html(title, rows) for title, rows in self._blocks())

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The widget view, plus a PNG of J, v and vᵀJ for where it cannot show."""
        bundle = super()._repr_mimebundle_(**kwargs)
        png = svg_to_png(matrices_svg(self._blocks()))
        if png:
            bundle["image/png"] = png
        bundle["text/plain"] = repr(self)
        return bundle
