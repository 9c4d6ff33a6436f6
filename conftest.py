"""Root pytest configuration: the environment of the lesson kernels started by `pytest --nbval`.

pyproject's addopts run the notebooks under notebooks/ in nbval's strict mode. nbval starts each
notebook's kernel with pytest's own environment, so this file swaps `os.environ` for the kernel
environment of `notebooks/regenerate.py` (a clean IPYTHONDIR with colours off, no simulated GPU,
PYTHONHASHSEED=0) just while a notebook's kernel starts, then puts it back for the unit tests.
It also makes the sanitize file path work from any working directory.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent


def _load_regenerate():
    spec = importlib.util.spec_from_file_location(
        "_lesson_regenerate", ROOT / "notebooks" / "regenerate.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_KERNEL_ENV: dict | None = None


def pytest_configure(config):
    """Prepare the kernels' clean IPYTHONDIR; resolve a relative sanitize-file path."""
    global _KERNEL_ENV
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not Path(sanitize).is_absolute() and not Path(sanitize).exists():
        config.option.nbval_sanitize_with = str(ROOT / sanitize)
    if getattr(config.option, "nbval", False) or getattr(config.option, "nbval_lax", False):
        _retry_kernel_starts()
        regenerate = _load_regenerate()
        ipython_dir = regenerate.make_ipython_dir()  # a fresh temp dir, removed at the end
        config.add_cleanup(lambda: shutil.rmtree(ipython_dir, ignore_errors=True))
        _KERNEL_ENV = regenerate.kernel_env(ipython_dir)


KERNEL_START_ATTEMPTS = 3


def _retry_kernel_starts() -> None:
    """Let nbval try a lesson's kernel start again when the kernel dies before its first reply.

    Kernels started side by side (pytest -n 2, the Binder simulation next to the main run) pick
    their ZMQ ports by binding and releasing free ones, so now and then two of them choose the
    same port and one dies with "Address already in use" (jupyter_client's known race; see
    treebeardtech/nbmake#129). A lesson whose kernel cannot start at all still fails.
    """
    import nbval.kernel

    start = nbval.kernel.start_new_kernel
    if getattr(start, "retries", False):
        return

    def start_new_kernel(**kwargs):
        for attempt in range(1, KERNEL_START_ATTEMPTS + 1):
            try:
                return start(**kwargs)
            except RuntimeError:
                if attempt == KERNEL_START_ATTEMPTS:
                    raise

    start_new_kernel.retries = True
    nbval.kernel.start_new_kernel = start_new_kernel


@contextlib.contextmanager
def _environ(env: dict):
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _is_notebook_cell(item) -> bool:
    return getattr(item, "path", None) is not None and item.path.suffix == ".ipynb"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """Start a notebook's kernel (nbval does it in the first cell's setup) in the kernel env."""
    if _KERNEL_ENV is not None and _is_notebook_cell(item):
        with _environ(_KERNEL_ENV):
            yield
    else:
        yield
