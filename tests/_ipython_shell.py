"""A headless IPython shell with `%load_ext autograd_nb` for the notebook-layer tests."""

from __future__ import annotations

import os

import pytest

LESSON_000 = """\
import autograd_nb as torch
x1 = torch.tensor(data=[1.], requires_grad=True)
x2 = torch.tensor(data=[2.], requires_grad=True)
x3 = torch.tensor(data=[3.], requires_grad=True)
x4 = torch.tensor(data=[4.], requires_grad=True)
"""
LESSON_000_GRAPH = "f = x1 + x2\ng = x2 - x3 - x4\ny = f * g\n"


def new_shell(ipython_dir):
    """Yield one InteractiveShell for a test module, with a clean IPYTHONDIR (`yield from`)."""
    from IPython.core.interactiveshell import InteractiveShell

    old = os.environ.get("IPYTHONDIR")
    os.environ["IPYTHONDIR"] = str(ipython_dir)
    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance(colors="nocolor", history_length=0)
    try:
        yield shell
    finally:
        if "autograd_nb" in shell.extension_manager.loaded:
            shell.run_line_magic("unload_ext", "autograd_nb")
        shell.history_manager.end_session()
        InteractiveShell.clear_instance()
        if old is None:
            os.environ.pop("IPYTHONDIR", None)
        else:
            os.environ["IPYTHONDIR"] = old


def fresh(shell):
    """Reset the namespace, make sure the extension is loaded and define lesson 000's leaves."""
    shell.reset(new_session=False)
    if "autograd_nb" not in shell.extension_manager.loaded:
        shell.run_line_magic("load_ext", "autograd_nb")
    from autograd_nb.notebook.magics import _STATE

    _STATE["cards"] = False
    assert shell.run_cell(LESSON_000).success
    return shell


@pytest.fixture(scope="module", name="shell")
def shell_fixture(tmp_path_factory):
    """One shell per test module (import this fixture into the module)."""
    yield from new_shell(tmp_path_factory.mktemp("ipython"))


@pytest.fixture(name="ip")
def ip_fixture(shell):
    """IPython with `%load_ext autograd_nb` and lesson 000's x1..x4, namespace reset."""
    return fresh(shell)
