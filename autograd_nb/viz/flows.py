"""The gradients that flowed along the graph's edges in the last backward, as edge labels.

A `FlowRecorder`, once started, listens to every backward (`autograd.graph.listen_backward`,
which keeps the fast engine): it is told what each backward node sent to each of its inputs.
A training loop pays for it in every step, so it keeps, for the nodes still alive, only what is
cheap: a copy of a small gradient (up to `FULL_VALUES` numbers), shown as `tensor_text` when a
picture asks, and a large one's shape (its values are not kept: a summary would cost every step).
"""

from __future__ import annotations

import weakref

from ..autograd import graph as autograd_graph
from .values import FULL_VALUES, tensor_text

__all__ = ["FlowRecorder"]


def _kept(grad):
    """What the recorder keeps of one gradient: None, a small one's copy or a large one's shape."""
    if grad is None:
        return None
    return grad.shape if grad.numel() > FULL_VALUES else grad.detach().clone()


def _label(kept) -> str:
    if isinstance(kept, tuple):  # a torch.Size
        return "(" + ", ".join(str(s) for s in kept) + ")"
    return tensor_text(kept)


class FlowRecorder:
    """Records the last gradient each backward node sent to each input (see module docstring)."""

    def __init__(self):
        self._sent: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._handle = None  # listen_backward's, while started

    def __call__(self, node, grads_in: tuple, grads_out: tuple) -> None:
        self._sent[node] = tuple(map(_kept, grads_out))

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
            for (nxt, _), kept in zip(node.next_functions, sent):
                dst = graph.node_for(nxt) if nxt is not None else None
                if kept is None or dst is None:
                    continue
                text = _label(kept)
                key = (src.id, dst.id)
                labels[key] = text if key not in labels else labels[key] + "\n" + text
        return labels
