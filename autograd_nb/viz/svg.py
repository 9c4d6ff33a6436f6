"""SVG drawing of a Graph with our own layout: no Graphviz, byte-for-byte deterministic.

Coordinates are printed with one decimal, nodes and edges are written in graph order, and
nothing depends on `id()`, hashing or time, so nbval's strict comparison of image/svg+xml holds.
No element ids are used (several pictures share one HTML page); arrowheads are plain polygons.
"""

from __future__ import annotations

import math
import re

from .. import _messages as msg
from .layout import Layout, layered_layout
from .style import HIGHLIGHT, LEGEND, STYLES, node_lines, text_width, tooltip

__all__ = ["render_svg"]

FONT = 12
CHAR_W = 7.25  # monospace advance at 12 px (DejaVu Sans Mono: 0.602 em)
LABEL_FONT = 11
LABEL_CHAR_W = 6.65  # ... at 11 px
LABEL_LINE_H = 14.0
LABEL_PAD = 3.0  # around a label's text, inside its white background
LINE_H = 15.0
PAD_X = 8.0
PAD_Y = 5.0
MARGIN = 10.0
FONT_FAMILY = "Menlo, Consolas, 'DejaVu Sans Mono', monospace"
EDGE_COLOUR = "#555555"
LABEL_COLOUR = "#1f5fbf"
SAVED_EDGE = "#b36b00"

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_KEPT_SPACE = re.compile("^ | $|(?<= ) | (?= )")  # spaces a browser would collapse


def _text(text: str) -> str:
    """A line of text whose spacing shows as written (PyTorch aligns columns with spaces):
    spaces a browser collapses (leading, trailing, repeated) become no-break spaces."""
    return _esc(_KEPT_SPACE.sub("\u00a0", text))


def _esc(text: str) -> str:
    """Text safe inside an XML element or a double-quoted attribute."""
    text = _BAD_XML.sub("\ufffd", str(text))
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _n(v: float) -> str:
    s = f"{v:.1f}"
    return "0.0" if s == "-0.0" else s


def _box(lines: list[str], shape: str) -> tuple[float, float]:
    w = max(text_width(line, CHAR_W) for line in lines) + 2 * PAD_X
    h = len(lines) * LINE_H + 2 * PAD_Y
    if shape == "ellipse":
        w, h = w * 1.2 + 4, h + 8
    return max(w, 36.0), h


def _label_size(text: str) -> tuple[float, float]:
    lines = text.split("\n")
    w = max(text_width(line, LABEL_CHAR_W) for line in lines) + 2 * LABEL_PAD
    return w, len(lines) * LABEL_LINE_H + 2 * LABEL_PAD


def _label_sizes(graph, labels: dict, room: dict) -> dict[int, tuple[float, float]]:
    """{edge index: (w, h)} for the first edge between each labelled pair of nodes: room for
    its label, or for the biggest of the texts `room` reserves for it (a stepper's frames)."""
    sizes: dict[int, tuple[float, float]] = {}
    seen = set()
    for k, e in enumerate(graph.edges):
        key = (e.src, e.dst)
        if key in seen or e.kind == "saved":
            continue
        seen.add(key)
        texts = room.get(key, ())
        texts = [texts] if isinstance(texts, str) else list(texts)
        text = labels.get(key, e.label)
        if text:
            texts.append(str(text))
        if texts:
            found = [_label_size(t) for t in texts]
            sizes[k] = (max(w for w, _ in found), max(h for _, h in found))
    return sizes


def _layout(graph, sizes: list[tuple[float, float]], index: dict, labels: dict) -> Layout:
    key = (tuple(sizes), tuple(sorted(labels.items())))
    cached = graph._layout_cache.get(key)
    if cached is None:
        pairs = [(index[e.src], index[e.dst]) for e in graph.edges]
        cached = layered_layout(sizes, pairs, labels=labels)
        graph._layout_cache.clear()
        graph._layout_cache[key] = cached
    return cached


def _shape(out: list, kind_style, x, y, w, h, fill, stroke, width, dashed) -> None:
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    common = f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}'
    if kind_style == "ellipse":
        out.append(
            f'<ellipse cx="{_n(x)}" cy="{_n(y)}" rx="{_n(w / 2)}" ry="{_n(h / 2)}" {common}/>'
        )
    else:
        rx = ' rx="7.0"' if kind_style == "round" else ""
        out.append(
            f'<rect x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" width="{_n(w)}" '
            f'height="{_n(h)}"{rx} {common}/>'
        )


def _legend(kinds: set, highlight: bool, max_width: float) -> tuple[list[str], float, float]:
    items = []
    for text, kind in LEGEND:
        if kind == "highlight" and highlight:
            items.append((text, HIGHLIGHT[0], HIGHLIGHT[1], False, "3"))
        elif kind in kinds or (kind == "backward" and "accumulate_grad" in kinds):
            fill, stroke, dashed, _ = STYLES[kind]
            items.append((text, fill, stroke, dashed, "1"))
    out = ['<g class="legend">']
    x, y, right = MARGIN, MARGIN, MARGIN
    for text, fill, stroke, dashed, width in items:
        w = 16 + 6 + text_width(text, CHAR_W) + 18
        if x > MARGIN and x + w > max_width:
            x, y = MARGIN, y + 20
        dash = ' stroke-dasharray="3 2"' if dashed else ""
        out.append(
            f'<rect x="{_n(x)}" y="{_n(y + 2)}" width="16.0" height="12.0" rx="2.0" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>'
        )
        out.append(f'<text x="{_n(x + 22)}" y="{_n(y + 12.5)}">{_esc(text)}</text>')
        right = max(right, x + w - 18)
        x += w
    out.append("</g>")
    return out, (y + 20 - MARGIN if items else 0.0), right


def _offset_route(pts, k: int):
    """The k-th parallel copy of an edge, bent sideways so that it stays visible."""
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    amount = 14.0 * ((k + 1) // 2) * (1 if k % 2 else -1)
    if len(pts) == 2:
        mid = ((x0 + x1) / 2 + nx * amount, (y0 + y1) / 2 + ny * amount)
        return [pts[0], mid, pts[-1]]
    return [pts[0], *[(px + nx * amount, py + ny * amount) for px, py in pts[1:-1]], pts[-1]]


def _path(pts) -> str:
    """Straight first and last segments, smooth quadratic curves through the inner points."""
    d = [f"M{_n(pts[0][0])},{_n(pts[0][1])}"]
    if len(pts) == 2:
        d.append(f"L{_n(pts[1][0])},{_n(pts[1][1])}")
        return " ".join(d)
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(pts, pts[1:])]
    d.append(f"L{_n(mids[0][0])},{_n(mids[0][1])}")
    for p, m in zip(pts[1:-1], mids[1:]):
        d.append(f"Q{_n(p[0])},{_n(p[1])} {_n(m[0])},{_n(m[1])}")
    d.append(f"L{_n(pts[-1][0])},{_n(pts[-1][1])}")
    return " ".join(d)


def _arrow(pts, colour: str) -> str:
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = x1 - ux * 8, y1 - uy * 8
    return (
        f'<polygon points="{_n(x1)},{_n(y1)} {_n(bx - uy * 3.5)},{_n(by + ux * 3.5)} '
        f'{_n(bx + uy * 3.5)},{_n(by - ux * 3.5)}" fill="{colour}"/>'
    )


def _edge_label(out: list, spot: tuple[float, float], text: str) -> None:
    """A label in the room the layout kept for it (`spot`: its top-left corner)."""
    x, y = spot
    w, h = _label_size(text)
    out.append(
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'fill="#ffffff" fill-opacity="0.85" stroke="none"/>'
    )
    for i, line in enumerate(text.split("\n")):
        out.append(
            f'<text x="{_n(x + LABEL_PAD)}" y="{_n(y + LABEL_PAD + 10.5 + LABEL_LINE_H * i)}" '
            f'font-size="{LABEL_FONT}" fill="{LABEL_COLOUR}">{_text(line)}</text>'
        )


def render_svg(
    graph,
    values: bool = False,
    grads: bool = False,
    highlight: str | None = None,
    edge_labels: dict | None = None,
    legend: bool = True,
    node_notes: dict | None = None,
    max_width: float | None = None,
    label_room: dict | None = None,
    min_scale: float = 0.0,
) -> str:
    """The SVG text of `graph` (see Graph.to_svg)."""
    nodes = graph.nodes
    if highlight is not None and highlight not in graph._by_id:
        raise KeyError(msg.VIZ_HIGHLIGHT_UNKNOWN.format(highlight=highlight))
    notes = node_notes or {}
    labels = edge_labels or {}
    index = {node.id: i for i, node in enumerate(nodes)}
    all_lines = [node_lines(n, values, grads, notes.get(n.id)) for n in nodes]
    sizes = [_box(lines, STYLES[n.kind][3]) for n, lines in zip(nodes, all_lines)]
    label_sizes = _label_sizes(graph, labels, label_room or {})
    lay = _layout(graph, sizes, index, label_sizes)

    kinds = {n.kind for n in nodes}
    legend_out, legend_h, legend_w = (
        _legend(kinds, highlight is not None, max(lay.width + 2 * MARGIN, 480.0))
        if legend
        else ([], 0.0, 0.0)
    )
    ox, oy = MARGIN, MARGIN + (legend_h + 8 if legend_h else 0.0)
    width = max(lay.width + 2 * MARGIN, legend_w + MARGIN)
    height = oy + lay.height + MARGIN

    # drawn at `max_width` at most: the viewBox keeps the drawing, the size shrinks to fit
    scale = max(max_width / width, min_scale) if max_width and width > max_width else 1.0
    scale = min(scale, 1.0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width * scale)}" '
        f'height="{_n(height * scale)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{FONT_FAMILY}" '
        f'font-size="{FONT}">',
        f'<rect x="0.0" y="0.0" width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    out.extend(legend_out)

    out.append(f'<g class="edges" transform="translate({_n(ox)},{_n(oy)})" fill="none">')
    label_out: list[str] = []
    seen: dict[tuple, int] = {}
    for i, (e, pts) in enumerate(zip(graph.edges, lay.routes)):
        key = (e.src, e.dst)
        k = seen.get(key, 0)
        seen[key] = k + 1
        if k and len(pts) == 2:  # a parallel edge the layout did not route apart
            pts = _offset_route(pts, k)
        text = str(labels.get(key, e.label)) if not k else ""
        if e.kind == "saved":
            out.append(
                f'<path d="{_path(pts)}" stroke="{SAVED_EDGE}" stroke-width="1.0" '
                f'stroke-dasharray="4 3"/>'
            )
            continue
        colour = LABEL_COLOUR if text else EDGE_COLOUR
        out.append(
            f'<path d="{_path(pts)}" stroke="{colour}" stroke-width="{"1.8" if text else "1.2"}"/>'
        )
        out.append(_arrow(pts, colour))
        if text and i in lay.labels:
            _edge_label(label_out, lay.labels[i], text)
    out.append("</g>")

    out.append(
        f'<g class="nodes" transform="translate({_n(ox)},{_n(oy)})" '
        f'text-anchor="middle" xml:space="preserve">'
    )
    for i, node in enumerate(nodes):
        fill, stroke, dashed, shape = STYLES[node.kind]
        width_px = "1.2"
        if node.id == highlight:
            fill, stroke, width_px = HIGHLIGHT[0], HIGHLIGHT[1], "3.0"
        x, y = lay.x[i], lay.y[i]
        w, h = sizes[i]
        root = " root" if node.detail.get("root") else ""
        out.append(f'<g class="node {node.kind}{root}" data-node="{node.id}">')
        out.append(f"<title>{_esc(tooltip(node))}</title>")
        _shape(out, shape, x, y, w, h, fill, stroke, width_px, dashed)
        lines = all_lines[i]
        top = y - len(lines) * LINE_H / 2
        colour = ' fill="#808080"' if node.kind == "saved_freed" else ""
        for j, line in enumerate(lines):
            weight = ' font-weight="bold"' if j == 0 and node.kind != "summary" else ""
            out.append(
                f'<text x="{_n(x)}" y="{_n(top + LINE_H * j + 11.5)}"{weight}{colour}>'
                f"{_text(line)}</text>"
            )
        out.append("</g>")
    out.append("</g>")
    if label_out:
        out.append(f'<g class="edge-labels" transform="translate({_n(ox)},{_n(oy)})">')
        out.extend(label_out)
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
