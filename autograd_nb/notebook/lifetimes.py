"""How long the notebook layer's widgets live: until closed, or until their cell runs again.

ipywidgets keeps every widget it ever made (its models live in the kernel until `close()`), and a
widget's Layout and Style are widgets too, which `Widget.close()` leaves open. So a cell that
makes a stepper, run 220 times, kept 12,500 widgets alive. Here `close_tree` closes a widget with
everything under it and lets go of what it showed (a closed widget never shows again, but the
learner's `Out[n]` may keep the object), and `adopt` remembers which cell run made a widget:

- JupyterLab, Notebook 7 and VS Code name the cell in each request's metadata (`cellId`): when
  that cell runs again, the widgets its previous run made are closed, as the frontend cleared
  their output (with `%load_ext autograd_nb`, before the cell runs: also when it makes no
  widget this time).
- Classic Notebook 6, nbclient and a plain IPython shell send no cell id, and two cells with the
  same text are different cells, so nothing says which output was cleared. There the widgets of
  the last `KEEP_WITHOUT_CELL_ID` cell runs that made widgets stay open and older ones are
  closed: memory is bounded, and only a widget that many runs back stops answering (nbclient
  keeps a closed widget's last state in the saved notebook).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

KEEP_WITHOUT_CELL_ID = 50  # cell runs without a cell id whose widgets stay open

# {cell id, or (None, execution count) for a run without one: (execution count, [(widget, closer)])}
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
        _let_go(w)


def _let_go(widget) -> None:
    """Drop a closed widget's children and text (a frame's SVG): it never shows them again.

    A closed widget sends nothing (its comm is gone), so these changes stay in the kernel."""
    if "children" in widget.keys:
        widget.children = ()
    if "value" in widget.keys and isinstance(widget.value, str):
        widget.value = ""


def current_run(shell=None) -> tuple[str | None, int] | None:
    """(cell id or None, execution count) of the cell running now; None outside IPython."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is None:
            return None
    header = getattr(shell, "parent_header", None) or {}
    cell = (header.get("metadata") or {}).get("cellId")
    return (str(cell) if cell else None), int(getattr(shell, "execution_count", 0))


def adopt(widget, closer: Callable | None = None, cell: tuple[str | None, int] | None = None):
    """Remember that the running cell made `widget`; close what the cell's previous run made
    (with a cell id) or what the runs before the last `KEEP_WITHOUT_CELL_ID` made (without).

    `closer(widget)` closes it (`close_tree` by default). Returns `widget`."""
    run = current_run() if cell is None else cell
    if run is None:  # no IPython: a script closes what it makes
        return widget
    cell_id, count = run
    key = cell_id if cell_id is not None else (None, count)
    made = _MADE_BY.get(key)
    if made is None or made[0] != count:
        forget(key)
        made = _MADE_BY[key] = (count, [])
        if cell_id is None:
            unnamed = [k for k in _MADE_BY if isinstance(k, tuple)]
            for old in unnamed[: max(0, len(unnamed) - KEEP_WITHOUT_CELL_ID)]:
                forget(old)
    made[1].append((widget, closer or close_tree))
    return widget


def forget(key) -> None:
    """Close the widgets that the cell (run) `key` made, and forget it."""
    made = _MADE_BY.pop(key, None)
    for widget, closer in made[1] if made else ():
        closer(widget)


def close_before_run(info=None) -> None:
    """IPython's pre_run_cell event: the cell about to run had its output cleared, so close the
    widgets its previous run made (a cell that makes none this time leaves none open)."""
    run = current_run()
    if run is None or run[0] is None:
        return
    made = _MADE_BY.get(run[0])
    if made is not None and made[0] != run[1]:  # not this run's (a magic runs cells inside)
        forget(run[0])


def open_widget_runs() -> int:
    """How many cell runs have widgets open here (what the long-session tests bound)."""
    return len(_MADE_BY)
