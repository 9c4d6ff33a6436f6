"""The gradients that flowed along the graph's edges in the last backward, as edge labels.

A `FlowRecorder`, once started, watches backward (`autograd.graph.observe_backward`): it is told
what each backward node sent to each of its inputs; it keeps only a short text per edge
(`tensor_text`: up to 16 numbers, else a summary; never the tensors), for the nodes still alive.
"""

from __future__ import annotations

import weakref

from ..autograd import graph as autograd_graph
from .values import tensor_text

__all__ = ["FlowRecorder"]


class FlowRecorder:
    """Records the last gradient each backward node sent to each input (see module docstring)."""

    def __init__(self):
        self._sent: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._handle = None  # observe_backward's, while started

    def __call__(self, node, grads_in: tuple, grads_out: tuple) -> None:
        if grads_out:  # a node the pass only reached (autograd.grad's capture) sent nothing
            self._sent[node] = tuple(None if g is None else tensor_text(g) for g in grads_out)

    def start(self) -> FlowRecorder:
        """Watch every backward pass from now on (again: nothing changes)."""
        if self._handle is None:
            self._handle = autograd_graph.observe_backward(self)
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
                key = (src.id, dst.id)
                labels[key] = text if key not in labels else labels[key] + "\n" + text
        return labels
