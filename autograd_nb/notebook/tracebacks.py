"""Short tracebacks: an error from a learner's call ends at the learner's line, as in PyTorch.

PyTorch's engine and kernels are C++, so a traceback from `y.backward()` shows the learner's
code and PyTorch's message, never the engine's insides. autograd_nb's engine is Python: without
this handler a traceback would list frames in `engine.py`, `node.py`, ... before the message.
With the extension loaded, IPython hands every exception to `show_exception`, which drops the
frames that belong to the autograd_nb package, and those of Python's standard library and
installed packages (NumPy, tensorboardX, ...) that autograd_nb called (a learner's own hooks,
Functions and modules called from inside the library stay), and then shows the traceback as
IPython always does. So a traceback quotes no library source line: lessons regenerated with this
handler (notebooks/regenerate.py) store what a learner sees live, and no library edit changes it.
`%autograd_nb --debug` shows the library's frames again; `%autograd_nb --short` hides them.
`%debug` always sees every frame.
"""

from __future__ import annotations

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


def _passes_through_library(exc: BaseException | None) -> bool:
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        tb = exc.__traceback__
        while tb is not None:
            if _library_code(tb.tb_frame):
                return True
            tb = tb.tb_next
        exc = exc.__cause__ or exc.__context__
    return False


def show_exception(shell, etype, value, tb, tb_offset=None) -> None:
    """IPython's custom exception handler: show the traceback without autograd_nb's frames."""
    if library_frames_shown() or not _passes_through_library(value):
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return
    chained, seen = value.__cause__ or value.__context__, {id(value)}
    while chained is not None and id(chained) not in seen:  # what "During handling..." shows
        seen.add(id(chained))
        chained.__traceback__ = without_library_frames(chained.__traceback__)
        chained = chained.__cause__ or chained.__context__
    shell.showtraceback((etype, value, without_library_frames(tb)), tb_offset=tb_offset)
    sys.last_traceback = tb  # %debug walks every frame, the library's included


def install(shell) -> None:
    """Route the shell's exceptions through `show_exception`."""
    shell.set_custom_exc(_HANDLED, show_exception)


def uninstall(shell) -> None:
    """Give the shell back its own exception display (if ours is the one installed)."""
    if shell.custom_exceptions is _HANDLED:
        shell.set_custom_exc((), None)
