"""Stable text and HTML for tensors, tables and cards (nbval compares every byte)."""

from __future__ import annotations

import html

from .._tensor import Tensor
from ..autograd.graph import current_grad, version

MAX_VALUES = 6


def number(value) -> str:
    """One number at fixed precision: no addresses, no platform-dependent digits."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, complex):
        return f"{value.real:.4g}{value.imag:+.4g}j"
    text = f"{value:.4g}"
    return "0" if text == "-0" else text


def values(t: Tensor | None, limit: int = MAX_VALUES) -> str:
    """A tensor's values in one short line, or its shape when it has too many."""
    if t is None:
        return "None"
    data = t.detach().cpu().tolist()
    if t.dim() == 0:
        return number(data)
    if t.numel() > limit:
        return f"<{t.numel()} values>"
    return _nested(data)


def _nested(data) -> str:
    if isinstance(data, list):
        return "[" + ", ".join(_nested(item) for item in data) + "]"
    return number(data)


def grad_of(t: Tensor) -> Tensor | None:
    """`t.grad` without the non-leaf warning."""
    return current_grad(t)


def grad_fn_name(t: Tensor) -> str:
    fn = t.grad_fn
    return "None" if fn is None else type(fn).__name__


def shape_text(t: Tensor) -> str:
    return "(" + ", ".join(str(s) for s in t.shape) + ("," if t.dim() == 1 else "") + ")"


def dtype_text(t: Tensor) -> str:
    return str(t.dtype).replace("torch.", "")


class Table:
    """Rows of strings shown as an aligned text table (text/plain) and an HTML table."""

    def __init__(self, columns: list[str], rows: list[list[str]], title: str = ""):
        self.columns, self.rows, self.title = columns, rows, title

    def __repr__(self) -> str:
        widths = [
            max(len(c), *(len(r[i]) for r in self.rows)) if self.rows else len(c)
            for i, c in enumerate(self.columns)
        ]
        lines = [self.title] if self.title else []
        lines.append("  ".join(c.ljust(w) for c, w in zip(self.columns, widths)).rstrip())
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        head = "".join(f"<th>{e(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td><code>{e(v)}</code></td>" for v in r) + "</tr>"
            for r in self.rows
        )
        title = f"<caption>{e(self.title)}</caption>" if self.title else ""
        return (
            f'<table class="autograd-nb-table">{title}<thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )


TRACE_COLUMNS = [
    "name",
    "shape",
    "dtype",
    "device",
    "requires_grad",
    "is_leaf",
    "grad_fn",
    "grad",
    "version",
]


def trace_row(name: str, t: Tensor) -> list[str]:
    """One %%grad_trace row: what the lessons print about a tensor, in one line."""
    return [
        name,
        shape_text(t),
        dtype_text(t),
        str(t.device),
        str(t.requires_grad),
        str(t.is_leaf),
        grad_fn_name(t),
        values(grad_of(t)),
        str(version(t)),
    ]


def grad_fn_chain(t: Tensor, names: dict | None = None, limit: int = 40) -> list[str]:
    """The graph below `t` as indented lines, from its grad_fn down to the leaves.

    `names` ({name: tensor}) labels the leaves with the user's variable names.
    """
    by_id = {id(v): k for k, v in (names or {}).items()}
    fn = t.grad_fn
    if fn is None:
        return ["(leaf: no grad_fn)" if t.requires_grad else "(no graph: requires_grad=False)"]
    lines: list[str] = []
    seen: set = set()
    stack = [(fn, 0)]
    while stack and len(lines) < limit:
        node, depth = stack.pop()
        label = type(node).__name__
        variable = getattr(node, "variable", None)
        if isinstance(variable, Tensor):
            label += f" -> {by_id.get(id(variable)) or 'leaf ' + shape_text(variable)}"
        if node in seen:
            lines.append("  " * depth + label + " (shown above)")
            continue
        seen.add(node)
        lines.append("  " * depth + label)
        for nxt, _ in reversed(node.next_functions):
            if nxt is not None:
                stack.append((nxt, depth + 1))
    if stack:
        lines.append("...")
    return lines


class Card:
    """A titled list of (field, text) pairs: %grad_inspect's view of one tensor."""

    def __init__(self, title: str, fields: list[tuple[str, str]]):
        self.title, self.fields = title, fields

    def __repr__(self) -> str:
        width = max(len(k) for k, _ in self.fields)
        lines = [self.title]
        for key, text in self.fields:
            first, *rest = text.splitlines() or [""]
            lines.append(f"  {key.ljust(width)}  {first}")
            lines += [" " * (width + 4) + line for line in rest]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        rows = "".join(
            f"<tr><th style='text-align:left'>{e(k)}</th>"
            f"<td style='text-align:left'><pre>{e(v)}</pre></td></tr>"
            for k, v in self.fields
        )
        return f'<div class="autograd-nb-card"><b>{e(self.title)}</b><table>{rows}</table></div>'
