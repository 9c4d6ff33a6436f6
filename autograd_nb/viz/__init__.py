"""Pictures of the autograd graph: a graph model, our own layered layout, SVG and DOT output.

    from autograd_nb.viz import build_graph
    g = build_graph(y, names=globals(), saved=True)
    g            # shows inline in Jupyter (image/svg+xml)
    g.to_dot()   # Graphviz text

micrograd's picture, `data | grad` on every node (intermediate results included):

    with record_values():         # values exist only while the ops run
        L = (a * b + c) * f
        L.backward()
    build_graph(L, names=globals(), micrograd=True)

No Graphviz, IPython or NumPy is needed; the SVG is byte-for-byte the same in every process.
"""

from __future__ import annotations

from .flows import FlowRecorder
from .graph import Graph, GraphEdge, GraphNode, build_graph, shape_text
from .values import is_recording_values, record_values, tensor_text

__all__ = [
    "FlowRecorder",
    "Graph",
    "GraphEdge",
    "GraphNode",
    "build_graph",
    "graph_svg",
    "is_recording_values",
    "record_values",
    "shape_text",
    "tensor_text",
]

_BUILD_KEYS = ("names", "params", "saved", "max_nodes", "full", "micrograd")


def graph_svg(*tensors, **kw) -> str:
    """SVG of the graph behind `tensors`: build_graph's keywords plus to_svg's keywords."""
    build = {k: kw.pop(k) for k in _BUILD_KEYS if k in kw}
    return build_graph(*tensors, **build).to_svg(**kw)
