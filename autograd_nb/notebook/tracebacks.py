"""Short tracebacks: an error from a learner's call ends at the learner's line, as in PyTorch.

PyTorch's engine and kernels are C++, so a traceback from `y.backward()` shows the learner's
code and PyTorch's message, never the engine's insides. autograd_nb's engine is Python: without
this handler a traceback would list frames in `engine.py`, `node.py`, ... before the message.
With the extension loaded, IPython hands every exception to `show_exception`, which drops the
frames that belong to the autograd_nb package, and those of Python's standard library and
installed packages (NumPy, tensorboardX, ...) that autograd_nb called (a learner's own hooks,
Functions and modules called from inside the library stay).

The extension then writes the traceback itself, in one fixed format (`format_traceback`), not
in IPython's, whose look changes between releases (IPython 9 quotes five lines above the
failing one where IPython 8 quotes two). So what a learner sees live, and what a lesson stores
(notebooks/regenerate.py), is the same text on every IPython, Python and library version:

    ---------------------------------------------------------------------------
    RuntimeError                              Traceback (most recent call last)
    Cell In[2], line 4
          2 y = (x * x).sum()
          3 y.backward()
    ----> 4 y.backward()

    RuntimeError: Trying to backward through the graph a second time ...

A frame of the learner's code (a cell, or a file of their own) quotes the failing line, the two
nearest non-blank lines above it and the nearest one below; a frame of Python's standard library
or of an installed package is named (`File <python>/json/decoder.py, in raw_decode`) but not
quoted, since its lines change with its version. Chained exceptions are written oldest first, as
Python does. Syntax errors, `UsageError`s, exception groups and exceptions that render
themselves (`_render_traceback_`) keep IPython's display.
`%autograd_nb --debug` shows IPython's own full traceback, library frames included;
`%autograd_nb --short` goes back to the short one. `%debug` always sees every frame.
"""

from __future__ import annotations

import builtins
import linecache
import os
import sys
import sysconfig
import types

import autograd_nb

_PACKAGE = os.path.dirname(os.path.abspath(autograd_nb.__file__)) + os.sep
# where Python's own modules and installed packages live (frozen modules have no real file)
_INSTALLED = tuple(
    {os.path.abspath(sysconfig.get_paths()[key]) + os.sep for key in ("stdlib", "platstdlib")}
) + ("<frozen ",)
_PACKAGE_DIRS = (os.sep + "site-packages" + os.sep, os.sep + "dist-packages" + os.sep)
_HANDLED = (Exception,)  # the tuple we install: how `uninstall` recognises our handler
_STATE = {"show_library_frames": False}


def show_library_frames(show: bool) -> None:
    """Whether tracebacks include the frames inside autograd_nb (the `--debug` switch)."""
    _STATE["show_library_frames"] = bool(show)


def library_frames_shown() -> bool:
    """The current setting of the `--debug` switch."""
    return _STATE["show_library_frames"]


def _library_code(frame: types.FrameType) -> bool:
    return os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE)


def _installed(frame: types.FrameType) -> bool:
    """Whether a frame runs Python's standard library or an installed package."""
    name = frame.f_code.co_filename
    path = name if name.startswith("<") else os.path.abspath(name)
    if path.startswith(_INSTALLED) or any(d in path for d in _PACKAGE_DIRS):
        return True
    return _from_import_path(frame)


def _from_import_path(frame: types.FrameType) -> bool:
    """Whether a frame's module comes from a folder on `sys.path` other than the working
    directory: a package installed with PYTHONPATH or `pip install --target`."""
    top = (frame.f_globals.get("__name__") or "").partition(".")[0]
    file = getattr(sys.modules.get(top), "__file__", None)
    if not file or top == "__main__":
        return False
    folder = os.path.dirname(os.path.abspath(file))
    if os.path.basename(file) == "__init__.py":
        folder = os.path.dirname(folder)  # a package: the folder that holds it
    paths = {os.path.abspath(p) for p in sys.path if p}
    return folder != os.getcwd() and folder in paths


def _hidden(frame: types.FrameType) -> bool:
    """An autograd_nb frame, or one of the standard library or a package that autograd_nb called.

    A learner's own frame (a hook, a Function) called from inside the library is not hidden,
    and neither is what it calls.
    """
    while frame is not None:
        if _library_code(frame):
            return True
        if not _installed(frame):
            return False
        frame = frame.f_back
    return False


def without_library_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """The same traceback without the frames `_hidden` names (the frames are not copied)."""
    kept = []
    while tb is not None:
        if not _hidden(tb.tb_frame):
            kept.append(tb)
        tb = tb.tb_next
    trimmed = None
    for entry in reversed(kept):
        trimmed = types.TracebackType(trimmed, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return trimmed


RULE = "-" * 75  # IPython's rule and header line, kept for a familiar look
HEADER = "Traceback (most recent call last)"
CAUSE = "\nThe above exception was the direct cause of the following exception:\n"
CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n"
LINES_ABOVE, LINES_BELOW = 2, 1  # non-blank neighbours quoted around the failing line


def _chain(value: BaseException) -> list[tuple[BaseException, str | None]]:
    """The exceptions Python would print, oldest first, each with the line that leads on."""
    newest_first, seen = [(value, None)], {id(value)}
    while True:
        exc = newest_first[-1][0]
        if exc.__cause__ is not None:
            older, link = exc.__cause__, CAUSE
        elif exc.__context__ is not None and not exc.__suppress_context__:
            older, link = exc.__context__, CONTEXT
        else:
            break
        if id(older) in seen:
            break
        seen.add(id(older))
        newest_first.append((older, link))
    return newest_first[::-1]


def _installed_name(path: str) -> str | None:
    """`<python>/json/decoder.py` or `<site-packages>/numpy/...` for installed code, else None."""
    if path.startswith("<frozen "):
        return path
    for marker in _PACKAGE_DIRS:
        if marker in path:
            return "<site-packages>" + os.sep + path.rsplit(marker, 1)[1]
    for root in _INSTALLED:
        if root.endswith(os.sep) and path.startswith(root):
            return "<python>" + os.sep + path[len(root) :]
    return None


def _quoted_lines(lines: list[str], lineno: int) -> list[str]:
    """The failing line (marked `---->`) with its nearest non-blank neighbours, numbered."""
    above = [n for n in range(lineno - 1, 0, -1) if lines[n - 1].strip()][:LINES_ABOVE]
    below = [n for n in range(lineno + 1, len(lines) + 1) if lines[n - 1].strip()][:LINES_BELOW]
    out = []
    for n in [*reversed(above), lineno, *below]:
        number = f"{'-' * (5 - len(str(n)))}> {n}" if n == lineno else f"{n:>7}"
        out.append(f"{number} {lines[n - 1].rstrip()}")
    return out


def _format_frame(shell, frame: types.FrameType, lineno: int) -> str:
    code = frame.f_code
    where = "" if code.co_name == "<module>" else f", in {code.co_name}"
    cell = shell.compile.format_code_name(code.co_filename)  # ("Cell", "In[3]") for a cell
    if cell is not None:
        location = f"{cell[0]} {cell[1]}, line {lineno}{where}"
    else:
        path = (
            code.co_filename
            if code.co_filename.startswith("<")
            else os.path.abspath(code.co_filename)
        )
        installed = _installed_name(path)
        if installed is not None:  # named, not quoted: its lines change with its version
            return f"File {installed}{where}\n"
        if path.startswith(os.getcwd() + os.sep):
            path = os.path.relpath(path)
        location = f"File {path}:{lineno}{where}"
    lines = linecache.getlines(code.co_filename, frame.f_globals)
    if not 0 < lineno <= len(lines):
        return location + "\n"
    return "\n".join([location, *_quoted_lines(lines, lineno)]) + "\n"


def _message(value: BaseException) -> str:
    name = type(value).__name__
    try:
        text = str(value)
    except Exception:  # an exception whose __str__ fails still gets its name shown
        text = "<exception str() failed>"
    lines = [f"{name}: {text}" if text else name]
    notes = getattr(value, "__notes__", None)
    if isinstance(notes, (list, tuple)):
        lines += [str(note) for note in notes]
    return "\n".join(lines)


def format_traceback(shell, value: BaseException, tb) -> str:
    """The short traceback of `value`, as one text.

    `tb` stands for `value`'s own traceback (the frames to show); the chained exceptions show
    their `__traceback__`.
    """
    blocks: list[str] = []
    for exc, link in _chain(value):
        entry = tb if exc is value else exc.__traceback__
        name = type(exc).__name__
        blocks += [RULE, name + " " * max(1, 75 - len(name) - len(HEADER)) + HEADER]
        while entry is not None:
            blocks.append(_format_frame(shell, entry.tb_frame, entry.tb_lineno))
            entry = entry.tb_next
        blocks.append(_message(exc))
        if link is not None:
            blocks.append(link)
    return "\n".join(blocks)


def _ipython_shows_it(etype, value) -> bool:
    """Exceptions whose display IPython owns (a syntax error, a magic's usage error, ...)."""
    from IPython.core.error import UsageError

    groups = getattr(builtins, "BaseExceptionGroup", ())  # Python 3.11 and later
    return issubclass(etype, (SyntaxError, UsageError, groups)) or hasattr(
        value, "_render_traceback_"
    )


def show_exception(shell, etype, value, tb, tb_offset=None) -> None:
    """IPython's custom exception handler: the short traceback, in the extension's format."""
    if library_frames_shown() or _ipython_shows_it(etype, value):
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return
    chained, seen = value.__cause__ or value.__context__, {id(value)}
    while chained is not None and id(chained) not in seen:  # what "During handling..." shows
        seen.add(id(chained))
        chained.__traceback__ = without_library_frames(chained.__traceback__)
        chained = chained.__cause__ or chained.__context__
    sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb  # for %debug
    if sys.version_info >= (3, 12):
        sys.last_exc = value
    # IPython's first frame is its own `exec` of the cell (InteractiveTB.tb_offset is 1)
    skip = shell.InteractiveTB.tb_offset if tb_offset is None else tb_offset
    while skip and tb is not None:
        tb, skip = tb.tb_next, skip - 1
    # one block: IPython's terminal joins a list's blocks with "" or "\n" by mode, Jupyter with "\n"
    text = format_traceback(shell, value, without_library_frames(tb))
    shell._showtraceback(etype, value, [text])
    if shell.call_pdb:
        shell.debugger(force=True)  # %debug walks every frame, the library's included


def install(shell) -> None:
    """Route the shell's exceptions through `show_exception`."""
    shell.set_custom_exc(_HANDLED, show_exception)


def uninstall(shell) -> None:
    """Give the shell back its own exception display (if ours is the one installed)."""
    if shell.custom_exceptions is _HANDLED:
        shell.set_custom_exc((), None)
