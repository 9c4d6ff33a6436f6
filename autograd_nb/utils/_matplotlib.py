"""Matplotlib figures made without pyplot, for the inline plots of utils and the notebook layer.

Figures are made with `matplotlib.figure.Figure` (no pyplot, no global state, Agg-safe), so they
display once, as returned, and their text/plain is the stable `<Figure size ... with 1 Axes>`.
"""

from __future__ import annotations

import io


def figure(figsize: tuple[float, float]):
    """A Figure outside pyplot's figure list, shown once when returned in IPython."""
    from matplotlib.figure import Figure

    _register_png_formatter()
    return Figure(figsize=figsize)


def figure_png(fig, dpi: int = 80) -> bytes:
    """A figure as PNG bytes, drawn with Agg (no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()


def _register_png_formatter() -> None:
    """In IPython, make Figures display as PNG even when pyplot's inline backend is not on."""
    import sys

    if "IPython" not in sys.modules:
        return
    from IPython import get_ipython
    from matplotlib.figure import Figure

    shell = get_ipython()
    if shell is None:
        return
    png = shell.display_formatter.formatters["image/png"]
    try:
        png.lookup_by_type(Figure)
    except KeyError:
        png.for_type(Figure, figure_png)
