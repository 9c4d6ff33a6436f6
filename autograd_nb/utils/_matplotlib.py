"""Matplotlib figures made without pyplot, for the inline plots of utils and the notebook layer.

Figures are made with `matplotlib.figure.Figure` (no pyplot, no global state, Agg-safe), so they
display once, as returned, and their text/plain is the stable `<Figure size ... with 1 Axes>`.
In IPython they display as SVG (`figure_svg`) with fixed ids, no date and no version, that
starts with a `<desc>` saying what the figure shows (`figure_description`: titles, labels, axis
ranges, each line's points and ranges, each scatter's points and colours, each filled contour
band's share of the plot, each image's size, colour map and values). Matplotlib releases place
text and curves a little differently, so the SVG's bytes differ between them; the description
does not. notebooks/nbval_sanitize.cfg compares such a figure by its description, and
notebooks/regenerate.py keeps a stored figure whose description is unchanged, so lessons stay
green and byte-stable on every matplotlib.
"""

from __future__ import annotations

import io
import re
from xml.sax.saxutils import escape

SVG_SETTINGS = {
    "svg.hashsalt": "autograd_nb",  # clip-path and glyph ids derived from this, not random
    "svg.fonttype": "none",  # text as <text>, not glyph outlines that vary with font builds
}
DESC_ID = "autograd_nb-figure"  # the sanitize file finds the description by this id


def figure(figsize: tuple[float, float]):
    """A Figure outside pyplot's figure list, shown once when returned in IPython."""
    from matplotlib.figure import Figure

    _register_svg_formatter()
    return Figure(figsize=figsize)


def figure_svg(fig) -> str:
    """A figure as SVG text with fixed ids, no date and no version, described in its `<desc>`."""
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    FigureCanvasSVG(fig)
    buffer = io.StringIO()
    with matplotlib.rc_context(SVG_SETTINGS):
        fig.savefig(
            buffer, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None}
        )
    desc = f'<desc id="{DESC_ID}">{escape(figure_description(fig))}</desc>'
    svg = buffer.getvalue()
    return re.sub(r"<svg\b[^>]*>", lambda tag: f"{tag.group(0)}\n {desc}", svg, count=1)


def _num(value) -> str:
    """A number to 4 significant digits (what a chart shows; the last bits vary by machine)."""
    text = format(float(value), ".4g")
    return "0" if text == "-0" else text


def _span(values) -> str:
    import numpy as np

    values = np.asarray(values, dtype=float).ravel()
    values = values[np.isfinite(values)]
    return f"{_num(values.min())} to {_num(values.max())}" if values.size else "none"


def _polygon_area(path) -> float:
    """The area a filled path covers (holes, drawn the other way round, subtract)."""
    total = 0.0
    for poly in path.to_polygons(closed_only=True):
        x, y = poly[:, 0], poly[:, 1]
        total += 0.5 * float((x[:-1] * y[1:] - x[1:] * y[:-1]).sum())
    return abs(total)


def _describe_collection(coll) -> str:
    from matplotlib.contour import ContourSet

    if isinstance(coll, ContourSet):
        areas = [_polygon_area(path) for path in coll.get_paths()]
        whole = sum(areas) or 1.0
        levels = [_num(v) for v in coll.levels]
        bands = ", ".join(
            f"{levels[i]} to {levels[i + 1]}: {100 * area / whole:.1f}%"
            for i, area in enumerate(areas)
            if i + 1 < len(levels)
        )
        return f"filled contours, share of the filled area by band: {bands}"
    offsets = coll.get_offsets()
    text = f"{type(coll).__name__}: {len(offsets)} points"
    if len(offsets):
        text += f", x {_span(offsets[:, 0])}, y {_span(offsets[:, 1])}"
    values = coll.get_array()
    if values is not None and len(values):
        counts: dict[str, int] = {}
        for v in values.ravel().tolist():
            counts[_num(v)] = counts.get(_num(v), 0) + 1
        text += ", coloured by value " + (
            ", ".join(f"{k} x{n}" for k, n in sorted(counts.items(), key=lambda kn: float(kn[0])))
            if len(counts) <= 10
            else _span(values)
        )
    return text


def _describe_image(image) -> str:
    import numpy as np

    data = np.asarray(image.get_array(), dtype=float)
    low, high = image.get_clim()
    mean = _num(data.mean()) if data.size else "none"
    return (
        f"image {' x '.join(str(s) for s in data.shape)}, colour map {image.get_cmap().name!r} "
        f"from {_num(low)} to {_num(high)}, values {_span(data)}, mean {mean}"
    )


def figure_description(fig) -> str:
    """What a figure shows, as text that no matplotlib release changes (see the module doc)."""
    width, height = fig.get_size_inches()
    lines = [f"figure {_num(width)} x {_num(height)} in, {len(fig.axes)} Axes"]
    if fig.get_suptitle():
        lines[0] += f", title {fig.get_suptitle()!r}"
    for i, ax in enumerate(fig.axes, 1):
        lines.append(
            f"axes {i}: title {ax.get_title()!r}, x label {ax.get_xlabel()!r}, "
            f"y label {ax.get_ylabel()!r}, x {_span(ax.get_xlim())}, y {_span(ax.get_ylim())}"
        )
        for line in ax.get_lines():
            x, y, label = line.get_xdata(), line.get_ydata(), line.get_label()
            name = "" if label.startswith("_") else f" {label!r}"  # "_child3": no label given
            style = line.get_linestyle()
            lines.append(f"  line{name} ({style}): {len(x)} points, x {_span(x)}, y {_span(y)}")
        lines += [f"  {_describe_collection(coll)}" for coll in ax.collections]
        lines += [f"  {_describe_image(image)}" for image in ax.get_images()]
        legend = ax.get_legend()
        if legend is not None:
            lines.append(f"  legend: {', '.join(repr(t.get_text()) for t in legend.get_texts())}")
    return "\n".join(lines)


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
