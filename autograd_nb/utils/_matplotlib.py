"""Matplotlib figures made without pyplot, for the inline plots of utils and the notebook layer.

Figures are made with `matplotlib.figure.Figure` (no pyplot, no global state, Agg-safe), so they
display once, as returned, and their text/plain is the stable `<Figure size ... with 1 Axes>`.
In IPython they display as SVG written byte-for-byte the same on every machine (`figure_svg`), so
a lesson's stored picture does not change when it is re-run elsewhere.
"""

from __future__ import annotations

import io

SVG_SETTINGS = {
    "svg.hashsalt": "autograd_nb",  # clip-path and glyph ids derived from this, not random
    "svg.fonttype": "none",  # text as <text>, not glyph outlines that vary with font builds
}


def figure(figsize: tuple[float, float]):
    """A Figure outside pyplot's figure list, shown once when returned in IPython."""
    from matplotlib.figure import Figure

    _register_svg_formatter()
    return Figure(figsize=figsize)


def figure_svg(fig) -> str:
    """A figure as SVG text with fixed ids, no date and no version: the same bytes anywhere."""
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    FigureCanvasSVG(fig)
    buffer = io.StringIO()
    with matplotlib.rc_context(SVG_SETTINGS):
        fig.savefig(
            buffer, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None}
        )
    return buffer.getvalue()


def _register_svg_formatter() -> None:
    """In IPython, make Figures display as (deterministic) SVG, whatever pyplot's backend."""
    import sys

    if "IPython" not in sys.modules:
        return
    from IPython import get_ipython
    from matplotlib.figure import Figure

    shell = get_ipython()
    if shell is None:
        return
    formatters = shell.display_formatter.formatters
    png = formatters["image/png"]
    try:
        current = png.lookup_by_type(Figure)
    except KeyError:
        current = None
    if not getattr(current, "same_everywhere", False):
        png.pop(Figure, None)  # pyplot's inline PNG (the notebook extension's stays)
    svg = formatters["image/svg+xml"]
    try:
        svg.lookup_by_type(Figure)
    except KeyError:
        svg.for_type(Figure, figure_svg)
