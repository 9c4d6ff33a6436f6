"""Pictures of the autograd graph: a graph model, our own layered layout, SVG and DOT output.

    from autograd_nb.viz import build_graph
    g = build_graph(y, names=globals(), saved=True)
    g            # shows inline in Jupyter (image/svg+xml)
    g.to_dot()   # Graphviz text

No Graphviz, IPython or NumPy is needed; the SVG is byte-for-byte the same in every process.
"""

from __future__ import annotations

from .flows import FlowRecorder, flow_text
from .graph import Graph, GraphEdge, GraphNode, build_graph, shape_text

__all__ = [
    "FlowRecorder",
    "Graph",
    "GraphEdge",
    "GraphNode",
    "build_graph",
    "flow_text",
    "graph_svg",
    "shape_text",
]

_BUILD_KEYS = ("names", "saved", "max_nodes")


def graph_svg(*tensors, **kw) -> str:
    """SVG of the graph behind `tensors`: build_graph's keywords plus to_svg's keywords."""
    build = {k: kw.pop(k) for k in _BUILD_KEYS if k in kw}
    return build_graph(*tensors, **build).to_svg(**kw)
