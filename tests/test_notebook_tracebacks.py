"""With the extension loaded, a traceback ends at the learner's code, as PyTorch's do.

PyTorch's engine is C++, so `y.backward()` twice shows the learner's line and PyTorch's message.
Ours is Python: these tests check that its frames are left out of what the learner sees (and
only its frames), that `%autograd_nb --debug` brings them back, and that `%debug` still has them.
"""

from __future__ import annotations

import os
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


def test_errors_that_never_enter_the_library_are_shown_unchanged(ip):
    text = shown(ip, "def f():\n    return 1 / 0\nf()\n")
    assert "return 1 / 0" in text and "ZeroDivisionError" in text


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
