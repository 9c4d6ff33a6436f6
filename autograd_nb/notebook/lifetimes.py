"""How long the notebook layer's widgets live: until closed, or until their cell runs again.

ipywidgets keeps every widget it ever made (its models live in the kernel until `close()`), and a
widget's Layout and Style are widgets too, which `Widget.close()` leaves open. So a cell that
makes a stepper, run 220 times, kept 12,500 widgets alive. Here `close_tree` closes a widget with
everything under it, and `adopt` remembers which cell made a widget: when that cell runs again
(JupyterLab names the cell in each request's metadata, `cellId`), the widgets its previous run
made are closed, as their output was cleared. Where no cell id is sent (a plain IPython shell,
nbclient) nothing is closed behind the learner's back.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

# {cell id: (execution count of the run that made them, [widgets])}
_MADE_BY: dict = {}


def close_tree(widget) -> None:
    """Close `widget`, its children, layout and style, and every widget below them, once each."""
    seen: set = set()
    stack = [widget]
    while stack:
        w = stack.pop()
        if not isinstance(w, W.Widget) or id(w) in seen:
            continue
        seen.add(id(w))
        for name in ("children", "layout", "style"):
            value = getattr(w, name, None) if name in w.keys else None
            if isinstance(value, list | tuple):
                stack.extend(value)
            elif value is not None:
                stack.append(value)
        W.Widget.close(w)  # the model's own close (a widget's close may call close_tree)


def current_cell(shell=None) -> tuple[str, int] | None:
    """(cell id, execution count) of the cell running now, when the frontend says which."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    header = getattr(shell, "parent_header", None) or {}
    cell = (header.get("metadata") or {}).get("cellId")
    if not cell:
        return None
    return str(cell), int(getattr(shell, "execution_count", 0))


def adopt(widget, closer: Callable | None = None, cell: tuple[str, int] | None = None):
    """Remember that the running cell made `widget`; close what the cell's previous run made.

    `closer(widget)` closes it (`close_tree` by default). Returns `widget`."""
    cell = current_cell() if cell is None else cell
    if cell is None:
        return widget
    key, count = cell
    made = _MADE_BY.get(key)
    if made is None or made[0] != count:
        for old, old_closer in made[1] if made else ():
            old_closer(old)
        made = _MADE_BY[key] = (count, [])
    made[1].append((widget, closer or close_tree))
    return widget
