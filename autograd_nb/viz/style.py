"""What each kind of node looks like and which text lines it shows (shared by SVG and DOT)."""

from __future__ import annotations

import unicodedata

from .. import _messages as msg

__all__ = ["STYLES", "LEGEND", "HIGHLIGHT", "node_lines", "text_width"]

# kind -> (fill, stroke, dashed, shape); colours follow torchviz's where it has them
STYLES = {
    "leaf_requires_grad": ("#add8e6", "#4a7f9b", False, "box"),
    "leaf_no_grad": ("#f2f2f2", "#8c8c8c", False, "box"),
    "output": ("#caff70", "#5e8a1c", False, "box"),
    "backward": ("#d9d9d9", "#6e6e6e", False, "round"),
    "accumulate_grad": ("#d9d9d9", "#6e6e6e", False, "round"),
    "saved": ("#ffc266", "#b36b00", False, "ellipse"),
    "saved_freed": ("#ffffff", "#a0a0a0", True, "ellipse"),
    "summary": ("#ffffff", "#6e6e6e", True, "round"),
}
HIGHLIGHT = ("#ffe14d", "#d62728")  # fill, stroke of the node run in a step-through

# (legend text, kind) in drawing order; "highlight" is the step-through node
LEGEND = (
    ("leaf, requires_grad", "leaf_requires_grad"),
    ("leaf, no grad", "leaf_no_grad"),
    ("backward node (grad_fn)", "backward"),
    ("output", "output"),
    ("saved tensor", "saved"),
    ("saved tensor, freed", "saved_freed"),
    ("running now", "highlight"),
    ("collapsed part", "summary"),
)

MAX_LINES = 6  # of a tensor's data or grad text
MAX_CHARS = 48


def text_width(text: str, char_w: float) -> float:
    """Width of monospace text: East Asian wide characters count twice."""
    n = 0
    for ch in text:
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n * char_w


def _clip(text: str, prefix: str = "") -> list[str]:
    lines = text.split("\n")
    out = []
    for k, line in enumerate(lines[:MAX_LINES]):
        line = (prefix if k == 0 else " " * len(prefix)) + line
        out.append(line if len(line) <= MAX_CHARS else line[: MAX_CHARS - 1] + "…")
    if len(lines) > MAX_LINES:
        out.append(" " * len(prefix) + "…")
    return out


def _shape_line(detail: dict) -> str:
    return "(" + ", ".join(str(s) for s in detail["shape"]) + ")"


def node_lines(
    node, values: bool = False, grads: bool = False, note: str | None = None
) -> list[str]:
    """The text lines drawn inside a node; the first one is the title."""
    kind, d = node.kind, node.detail
    if kind in ("backward", "accumulate_grad"):
        lines = [node.label]
        if d.get("outputs"):
            lines.append("grad_fn of " + ", ".join(d["outputs"]))
        for slot, value in d.get("saved_scalars", {}).items():
            lines.append(f"{slot}: {value}")
    elif kind == "saved_freed":
        lines = [f"{d['slot']}: freed"]
    elif kind == "summary":
        lines = [node.label, *d.get("lines", ())]
    else:
        if kind == "saved":
            lines = [f"{d['slot']}: {node.label}"]
        else:
            lines = [node.label]
        if d.get("name"):
            lines.append(_shape_line(d))
        if kind == "saved" and d["modified"]:  # the one case where a version number matters
            lines.append(f"saved v{d['saved_version']}, now v{d['version']}!")
        if values:
            lines.extend(_clip(d["data"]))
        if grads and kind != "saved":
            lines.extend(_clip(d["grad"] if d.get("grad") is not None else "None", "grad: "))
    if note:
        lines.extend(note.split("\n"))
    return lines


def tooltip(node) -> str:
    """Hover text: every detail of the node, one per line, in a fixed order."""
    d = node.detail
    out = [node.label if node.kind != "saved" else f"saved {d['slot']}: {node.label}"]
    for key in (
        "name",
        "shape",
        "dtype",
        "device",
        "requires_grad",
        "is_leaf",
        "retains_grad",
        "grad_fn",
        "version",
        "saved_version",
        "outputs",
        "inputs",
        "collapsed",
    ):
        if key in d and d[key] not in (None, [], ""):
            value = d[key]
            if key == "shape":
                value = _shape_line(d)
            elif isinstance(value, list):
                value = ", ".join(value)
            out.append(f"{key}: {value}")
    if node.kind == "saved" and d.get("modified"):  # where the version number matters
        out.append(msg.VIZ_VERSION_MEANING)
    if node.kind == "summary":
        out.append(msg.VIZ_COLLAPSED_HINT)
    if d.get("data") is not None:
        out.append("data: " + d["data"])
    if d.get("grad") is not None:
        out.append("grad: " + d["grad"])
    return "\n".join(out)
