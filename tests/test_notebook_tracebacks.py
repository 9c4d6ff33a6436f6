"""With the extension loaded, a traceback ends at the learner's code, as PyTorch's do.

PyTorch's engine is C++, so `y.backward()` twice shows the learner's line and PyTorch's message.
Ours is Python: these tests check that its frames are left out of what the learner sees (and
only its frames), that `%autograd_nb --debug` brings them back, and that `%debug` still has them.
"""

from __future__ import annotations

import os
import re
import sys

import pytest
from _ipython_shell import ip_fixture, shell_fixture  # noqa: F401
from IPython.core.error import UsageError
from IPython.utils.capture import capture_output

import autograd_nb
from autograd_nb.notebook import tracebacks

PACKAGE = os.path.dirname(os.path.abspath(autograd_nb.__file__))
BACKWARD_TWICE = "y = (x1 * x2).sum()\ny.backward()\ny.backward()  # the learner's line\n"
SECOND_TIME = "RuntimeError: Trying to backward through the graph a second time"


def shown(shell, code: str) -> str:
    """What the learner sees for a cell (stdout, where IPython prints tracebacks)."""
    with capture_output() as cap:
        result = shell.run_cell(code)
    assert not result.success
    return cap.stdout


@pytest.fixture(autouse=True)
def short_tracebacks():
    tracebacks.show_library_frames(False)
    yield
    tracebacks.show_library_frames(False)


def test_a_learners_error_ends_at_the_learners_line(ip):
    text = shown(ip, BACKWARD_TWICE)
    assert "y.backward()  # the learner's line" in text
    assert SECOND_TIME in text
    assert PACKAGE not in text and "engine.py" not in text and "_tensor.py" not in text


def test_debug_switch_shows_the_library_frames_and_short_hides_them(ip):
    with capture_output() as cap:
        ip.run_line_magic("autograd_nb", "--debug")
    assert "show the frames inside autograd_nb" in cap.stdout
    text = shown(ip, BACKWARD_TWICE)
    assert PACKAGE in text and SECOND_TIME in text
    ip.run_line_magic("autograd_nb", "--short")
    assert PACKAGE not in shown(ip, BACKWARD_TWICE)


def test_a_learners_hook_inside_backward_keeps_its_frame(ip):
    code = (
        "def bad_hook(grad):\n"
        "    raise ValueError('my hook failed')  # hook line\n"
        "y = x1 * x2\n"
        "h = x1.register_hook(bad_hook)\n"
        "y.backward()\n"
    )
    text = shown(ip, code)
    assert "# hook line" in text and "ValueError: my hook failed" in text
    assert PACKAGE not in text


def test_errors_that_never_enter_the_library_are_shown_whole(ip):
    text = shown(ip, "def f():\n    return 1 / 0\nf()\n")
    assert "----> 3 f()" in text and "----> 2     return 1 / 0" in text
    assert text.rstrip().endswith("ZeroDivisionError: division by zero")


# The extension writes the traceback itself, in the format its docstring documents, so that a
# lesson's stored error is the same text whatever IPython would print (IPython 8 quotes two
# lines above the failing one, IPython 9 five; %xmode changes it all).
EXPECTED_BACKWARD_TWICE = """\
---------------------------------------------------------------------------
RuntimeError                              Traceback (most recent call last)
Cell In[N], line 3
      1 y = (x1 * x2).sum()
      2 y.backward()
----> 3 y.backward()  # the learner's line

RuntimeError: Trying to backward through the graph a second time (or directly access saved \
tensors after they have already been freed). Saved intermediate values of the graph are freed \
when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward \
through the graph a second time or if you need to access saved tensors after calling backward.
"""


def _numbered(text: str) -> str:
    return re.sub(r"In\[\d+\]", "In[N]", text)


@pytest.mark.parametrize("xmode", ["Plain", "Context", "Verbose", "Minimal"])
def test_the_format_is_the_extensions_whatever_ipython_is_set_to(ip, xmode):
    with capture_output():
        ip.run_line_magic("xmode", xmode)
    try:
        assert _numbered(shown(ip, BACKWARD_TWICE)) == EXPECTED_BACKWARD_TWICE
    finally:
        with capture_output():
            ip.run_line_magic("xmode", "Context")


def test_the_format_does_not_come_from_ipythons_formatter(ip, monkeypatch):
    # another IPython release formats differently: ours must not change with it
    def other_release(*args, **kwargs):
        return ["Traceback as some other IPython writes it"]

    monkeypatch.setattr(ip.InteractiveTB, "structured_traceback", other_release)
    assert _numbered(shown(ip, BACKWARD_TWICE)) == EXPECTED_BACKWARD_TWICE


def test_the_neighbours_quoted_are_the_nearest_non_blank_lines(ip):
    code = "y = (x1 * x2).sum()\ny.backward()\n\n\ny.backward()\nprint('after')\nprint('end')\n"
    text = shown(ip, code)
    assert (
        "line 5\n      1 y = (x1 * x2).sum()\n      2 y.backward()\n----> 5 y.backward()\n" in text
    )
    assert "      6 print('after')\n\nRuntimeError" in text and "end" not in text


def test_installed_code_is_named_but_not_quoted(ip):
    # the standard library's lines change with Python's version: a frame there is only named
    text = shown(ip, "import json\njson.loads('{')  # the learner's line\n")
    assert "----> 2 json.loads('{')  # the learner's line" in text
    assert f"File <python>{os.sep}json{os.sep}decoder.py, in raw_decode\n" in text
    assert "def " not in text and "raise JSONDecodeError" not in text
    assert text.rstrip().endswith(
        "JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    )


def test_chained_exceptions_are_written_oldest_first(ip):
    code = (
        "try:\n    y = x1.numpy()\nexcept RuntimeError as e:\n    raise ValueError('mine') from e\n"
    )
    text = shown(ip, code)
    first, rest = text.split("The above exception was the direct cause of the following exception:")
    assert "----> 2     y = x1.numpy()" in first and first.rstrip().endswith(
        "Use tensor.detach().numpy() instead."
    )
    assert "----> 4     raise ValueError('mine') from e" in rest
    assert rest.rstrip().endswith("ValueError: mine") and PACKAGE not in text


def test_debug_still_sees_every_frame(ip):
    shown(ip, BACKWARD_TWICE)
    tb, files = sys.last_traceback, []
    while tb is not None:
        files.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    assert any(os.path.abspath(f).startswith(PACKAGE) for f in files)


def test_what_the_library_called_in_other_packages_is_hidden_too(ip, tmp_path):
    # SummaryWriter makes its folder through tensorboardX and os.makedirs: a learner's wrong
    # path fails in there, and neither their frames nor their source lines are the learner's
    (tmp_path / "a_file").write_text("")
    code = (
        "from autograd_nb.utils.tensorboard import SummaryWriter\n"
        f"SummaryWriter({str(tmp_path / 'a_file' / 'runs')!r})  # the learner's line\n"
    )
    text = shown(ip, code)
    assert "# the learner's line" in text and "Error: [Errno" in text
    assert "tensorboardX" not in text and "makedirs" not in text and PACKAGE not in text
    ip.run_line_magic("autograd_nb", "--debug")
    assert "tensorboardX" in shown(ip, code)  # they were there


def test_what_a_learners_hook_calls_stays(ip):
    code = (
        "import json\n"
        "def parse_hook(grad):\n"
        "    return json.loads('{')  # hook line\n"
        "y = x1 * x2\n"
        "h = x1.register_hook(parse_hook)\n"
        "y.backward()\n"
    )
    text = shown(ip, code)  # the hook runs inside the engine; what it calls is the learner's
    assert "# hook line" in text and "decoder.py" in text and "JSONDecodeError" in text
    assert PACKAGE not in text


def test_without_library_frames_keeps_the_others_in_order():
    def inner():
        raise KeyError("x")

    try:
        inner()
    except KeyError as exc:
        tb = exc.__traceback__
    assert tracebacks.without_library_frames(tb).tb_frame is tb.tb_frame
    names = []
    trimmed = tracebacks.without_library_frames(tb)
    while trimmed is not None:
        names.append(trimmed.tb_frame.f_code.co_name)
        trimmed = trimmed.tb_next
    assert names == [sys._getframe().f_code.co_name, "inner"]


def test_a_wrong_option_is_a_usage_error(ip):
    with pytest.raises(
        UsageError, match="--debug, --short, --record-values, --no-record-values or nothing"
    ):
        ip.run_line_magic("autograd_nb", "--verbose")


def test_unloading_gives_ipython_its_own_display_back(ip):
    ip.run_line_magic("unload_ext", "autograd_nb")
    try:
        assert ip.custom_exceptions == ()
        text = shown(ip, BACKWARD_TWICE)
        assert PACKAGE in text  # IPython's plain traceback lists the library's frames
    finally:
        ip.run_line_magic("load_ext", "autograd_nb")
