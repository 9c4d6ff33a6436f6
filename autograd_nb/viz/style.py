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

MAX_CHARS = 48  # of a line listing saved values


def text_width(text: str, char_w: float) -> float:
    """Width of monospace text: East Asian wide characters count twice."""
    n = 0
    for ch in text:
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n * char_w


def _clip(line: str) -> str:
    return line if len(line) <= MAX_CHARS else line[: MAX_CHARS - 1] + "…"


def _block(text: str, prefix: str = "") -> list[str]:
    """A tensor's text (viz.values.tensor_text: short by construction) as lines of one width,
    `prefix` before the first: centred in a box, PyTorch's columns stay aligned."""
    indent = " " * len(prefix)
    lines = [(indent if k else prefix) + line for k, line in enumerate(text.split("\n"))]
    width = max(len(line) for line in lines)
    return [line.ljust(width) for line in lines]


def _data_grad(prefix: str, data: str, grad: str) -> list[str]:
    """micrograd's `data -6. | grad -2.` on one line when it fits, else a block for each."""
    line = f"{prefix}data {data} | grad {grad}"
    if "\n" not in line and len(line) <= MAX_CHARS:
        return [line]
    return [*_block(data, prefix + "data "), *_block(grad, prefix + "grad ")]


def _micrograd_lines(m: dict) -> list[str]:
    """A node's value and gradient per output, then what it saved (see viz/values.py)."""
    lines = []
    if not m.get("on_output"):
        data, grad = m["data"] or {}, m["grad"] or {}
        outputs = sorted({*data, *grad}) or [0]
        for nr in outputs:
            prefix = f"[{nr}] " if len(outputs) > 1 else ""
            lines += _data_grad(prefix, data.get(nr, msg.VIZ_NOT_RECORDED), grad.get(nr, "None"))
    if m.get("saved"):
        head = "saved (freed): " if m.get("freed") else "saved: "
        items = (name if text is None else f"{name}={text}" for name, text in m["saved"])
        lines.append(_clip(head + ", ".join(items)))
    return lines


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
        if d.get("micrograd"):
            lines.extend(_micrograd_lines(d["micrograd"]))
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
        if d.get("micrograd"):
            lines.extend(_micrograd_lines(d["micrograd"]))
        elif values:
            lines.extend(_block(d["data"]))
        if grads and kind != "saved" and not d.get("micrograd"):
            lines.extend(_block(d["grad"] if d.get("grad") is not None else "None", "grad: "))
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
    for key in ("data", "grad"):  # the whole tensor where the box shows a summary
        text = d.get(key + "_full", d.get(key))
        if text is not None:
            out.append(f"{key}: {text}")
    micro = d.get("micrograd")
    if micro is not None and node.kind == "backward":  # the whole texts the box may clip
        for key in ("data", "grad"):
            for nr, text in sorted((micro[key] or {}).items()):
                out.append(f"{key}[{nr}]: {text}" if len(micro[key]) > 1 else f"{key}: {text}")
    return "\n".join(out)
