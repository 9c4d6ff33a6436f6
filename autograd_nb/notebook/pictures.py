"""What `%grad_graph` and `%%grad_trace` show: a graph's SVG with its PNG copy, or, for a graph
whose repeated runs were collapsed into boxes, a picture whose boxes expand on click.

A collapsed graph is an ipywidgets HTML widget holding two inline SVGs: the collapsed picture and,
hidden, the whole graph. Clicking a collapsed (dashed) box shows the whole graph, scaled to the
output's width but never below a readable size, in a box as wide as the output that scrolls (its
height stays under a limit) and opens with the root in view; "collapse" goes back.
The browser does the switch (an inline `onclick`), so it needs no kernel and works in a stored
notebook whose widget state was saved. Outside a trusted notebook nothing is lost: the widget's
bundle also carries the collapsed SVG and its PNG copy, so an untrusted notebook (JupyterLab only
renders "safe" MIME types there, and a widget view is not one) shows the PNG, and nbval compares
the same image/svg+xml and text/plain as for any other graph.
"""

from __future__ import annotations

import html

import ipywidgets as W

from .. import _messages as msg
from ..viz.png import svg_to_png
from .lifetimes import adopt
from .widgets import _FIT_BOX, _FIT_SVG

__all__ = ["EXPAND_NODES", "ExpandableGraph", "GraphView"]

EXPAND_NODES = 500  # the whole graph rides along in the widget (about 650 bytes of SVG a node)

_STYLE = (
    "<style>"
    ".agnb-graph g.summary{cursor:pointer}"
    ".agnb-graph g.summary:hover rect{stroke-width:3;stroke:#1f5fbf}"
    ".agnb-graph.agnb-open .agnb-collapsed,.agnb-graph:not(.agnb-open) .agnb-whole{display:none}"
    ".agnb-graph .agnb-note{color:#555;font-size:12px;line-height:1.6}"
    "</style>"
)
# one handler on the whole picture: a click on a collapsed box opens, the button closes
_TOGGLE = (
    "if(event.target.closest('.agnb-collapsed g.summary')){this.classList.add('agnb-open');"
    # a picture still wider than its box scrolls so that the root (the output) is in view
    "const b=this.querySelector('.agnb-whole .agnb-scroll'),r=b?b.querySelector('g.root'):null;"
    "if(r){const a=r.getBoundingClientRect(),c=b.getBoundingClientRect();"
    "b.scrollLeft+=a.left+a.width/2-c.left-c.width/2;b.scrollTop=0;}}"
    "else if(event.target.closest('.agnb-fold'))this.classList.remove('agnb-open');"
)


class GraphView:
    """An SVG picture (and its PNG copy) with a short stable text/plain (what nbval shows)."""

    def __init__(self, svg: str, label: str):
        self.svg, self.label = svg, label

    def __repr__(self) -> str:
        return f"<autograd graph of {self.label}>"

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        bundle = {"image/svg+xml": self.svg, "text/plain": repr(self)}
        png = svg_to_png(self.svg)  # what JupyterLab shows before the notebook is trusted
        if png is not None:
            bundle["image/png"] = png
        return bundle


def expandable_html(svg: str, whole: str, nodes: int) -> str:
    """The widget's HTML: the collapsed picture, and the whole graph shown by a click on a box."""
    fit = svg.replace("<svg ", f'<svg style="{_FIT_SVG}" ', 1)
    return (
        f'<div class="agnb-graph" onclick="{_TOGGLE}">{_STYLE}'
        f'<div class="agnb-collapsed">{fit}'
        f'<div class="agnb-note">{html.escape(msg.GRAPH_EXPAND_HINT.format(nodes=nodes))}</div>'
        "</div>"
        f'<div class="agnb-whole"><div class="agnb-note">'
        f"{html.escape(msg.GRAPH_EXPANDED.format(nodes=nodes))} "
        f'<button class="agnb-fold">{html.escape(msg.GRAPH_COLLAPSE)}</button></div>'
        f'<div class="agnb-scroll" style="max-width:100%;{_FIT_BOX}">{whole}</div></div>'
        "</div>"
    )


class ExpandableGraph(W.HTML):
    """A collapsed graph picture whose dashed boxes show the whole graph when clicked.

    `svg` is the collapsed picture (sized to fit the output), `whole` the picture of every node
    (`nodes` of them), fitted to the output where it stays readable, else scrolled inside it.
    """

    def __init__(self, svg: str, whole: str, label: str, nodes: int):
        super().__init__(value=expandable_html(svg, whole, nodes), layout=W.Layout(width="100%"))
        self.picture = GraphView(svg, label)
        adopt(self)  # closed when its cell runs again

    def __repr__(self) -> str:
        return repr(self.picture)

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The widget view, plus the collapsed SVG, PNG and text of an ordinary graph picture."""
        return {**super()._repr_mimebundle_(**kwargs), **self.picture._repr_mimebundle_()}
