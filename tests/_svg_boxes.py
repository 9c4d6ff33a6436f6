"""Where the text of one of our SVG pictures lies, estimated from the SVG alone (for tests).

Each `<text>` gets a box from its x, y, font size and anchor, the translate() of its groups and
the advance of a monospace font (0.6021 em, East Asian wide characters twice that; the box
spans the font's ascent 0.928 em above the baseline and descent 0.236 em below, DejaVu Sans
Mono's). `problems(svg)` lists text boxes that overlap each other or a node's shape they do not
belong to, and boxes that leave the picture's viewBox: what makes a label unreadable.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
ADVANCE, ASCENT, DESCENT = 0.6021, 0.928, 0.236
_TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")


def _width(text: str, size: float) -> float:
    wide = sum(unicodedata.east_asian_width(ch) in ("W", "F") for ch in text)
    return (len(text) + wide) * ADVANCE * size


def _walk(el, dx, dy, size, anchor, owner, out):
    m = _TRANSLATE.search(el.get("transform", ""))
    if m:
        dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
    size = float(el.get("font-size", size))
    anchor = el.get("text-anchor", anchor)
    if el.tag == NS + "g" and "node" in el.get("class", "").split():
        owner = el.get("data-node")
    if el.tag == NS + "text" and (el.text or "").strip():
        full = el.text  # its blank ends take room: the anchor centres them too
        text = full.strip()
        lead = len(full) - len(full.lstrip())
        x, y = float(el.get("x")) + dx, float(el.get("y")) + dy
        left = (x - _width(full, size) / 2 if anchor == "middle" else x) + _width(full[:lead], size)
        right = left + _width(text, size)
        out["texts"].append((left, y - ASCENT * size, right, y + DESCENT * size, text, owner))
    elif el.tag in (NS + "rect", NS + "ellipse") and owner is not None:
        if el.tag == NS + "rect":
            x, y = float(el.get("x")) + dx, float(el.get("y")) + dy
            box = (x, y, x + float(el.get("width")), y + float(el.get("height")))
        else:
            cx, cy = float(el.get("cx")) + dx, float(el.get("cy")) + dy
            rx, ry = float(el.get("rx")), float(el.get("ry"))
            box = (cx - rx, cy - ry, cx + rx, cy + ry)
        out["shapes"].append((*box, owner))
    for child in el:
        _walk(child, dx, dy, size, anchor, owner, out)


def boxes(svg: str) -> dict:
    """{"view": (w, h), "texts": [(x0, y0, x1, y1, text, node id or None)], "shapes": [...]}."""
    root = ET.fromstring(svg)
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    out = {"view": (w, h), "texts": [], "shapes": []}
    _walk(root, 0.0, 0.0, float(root.get("font-size", 12)), "start", None, out)
    return out


def _overlap(a, b, slack: float = 0.5) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


def problems(svg: str) -> list[str]:
    """Texts that overlap another text or another node's shape, or leave the viewBox."""
    found = boxes(svg)
    w, h = found["view"]
    texts, out = found["texts"], []
    for i, a in enumerate(texts):
        if a[0] < -0.5 or a[1] < -0.5 or a[2] > w + 0.5 or a[3] > h + 0.5:
            out.append(f"cut: {a[4]!r}")
        for b in texts[i + 1 :]:
            if _overlap(a, b):
                out.append(f"overlap: {a[4]!r} / {b[4]!r}")
        for s in found["shapes"]:
            if s[4] != a[5] and _overlap(a, s):
                out.append(f"over node {s[4]}: {a[4]!r}")
    return out
