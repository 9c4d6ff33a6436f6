"""The gradients that flowed along the graph's edges in the last backward, as edge labels.

A `FlowRecorder`, once started, listens to every backward (`autograd.graph.listen_backward`,
which keeps the fast engine): it is told what each backward node sent to each of its inputs and
keeps, for the nodes still alive, a small gradient's values as text and a large one's shape
(never the tensors), so that a training loop pays a few microseconds a node.
"""

from __future__ import annotations

import weakref

from ..autograd import graph as autograd_graph

__all__ = ["FlowRecorder", "flow_text"]


_SMALL = 4  # gradients of up to this many values show them; larger ones show their shape


def flow_text(grad) -> str:
    """A short, stable text for a gradient: its values when small, else its shape."""
    if grad.numel() > _SMALL:
        return _shape_text(grad.shape)
    values = grad.detach().cpu().reshape(-1).tolist()
    return "[" + ", ".join(format(float(v), ".4g") for v in values) + "]"


def _shape_text(shape) -> str:
    return "(" + ", ".join(str(s) for s in shape) + ")"


class FlowRecorder:
    """Records the last gradient each backward node sent to each input (see module docstring)."""

    def __init__(self):
        self._sent: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._handle = None  # listen_backward's, while started

    def __call__(self, node, grads_in: tuple, grads_out: tuple) -> None:
        if grads_out:  # a node the pass only reached (autograd.grad's capture) sent nothing
            # a small gradient's text, a large one's shape (made into text when a picture asks)
            self._sent[node] = tuple(
                [
                    None if g is None else g.shape if g.numel() > _SMALL else flow_text(g)
                    for g in grads_out
                ]
            )

    def start(self) -> FlowRecorder:
        """Watch every backward pass from now on (again: nothing changes)."""
        if self._handle is None:
            self._handle = autograd_graph.listen_backward(self)
        return self

    def stop(self) -> None:
        """Stop watching (again: nothing happens)."""
        if self._handle is not None:
            self._handle.remove()
            self._handle = None

    def edge_labels(self, graph) -> dict:
        """{(src id, dst id): text} for the graph's edges that carried a recorded gradient."""
        labels: dict = {}
        for node, sent in list(self._sent.items()):
            src = graph.node_for(node)
            if src is None:
                continue
            for (nxt, _), text in zip(node.next_functions, sent):
                dst = graph.node_for(nxt) if nxt is not None else None
                if text is None or dst is None:
                    continue
                if not isinstance(text, str):
                    text = _shape_text(text)
                key = (src.id, dst.id)
                labels[key] = text if key not in labels else labels[key] + "; " + text
        return labels
