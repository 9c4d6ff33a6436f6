"""In JupyterLab: a lesson whose metadata matches its kernel opens, and stays, unmodified.

When a kernel starts, JupyterLab 4 writes the kernel's `language_info` (and `kernelspec`) into
the notebook's metadata; the notebook is marked modified (the dirty dot on its tab, "save
changes?" on closing) unless they are equal by value. ipykernel's `language_info` carries the
Python version, which is the only thing that differs between machines: notebooks/regenerate.py
stores Binder's, and `--stamp-python` (run by binder/postBuild) stores the running Python's.

Here two lessons (one with stored widget state) are stamped for this Python as postBuild does,
opened in a fresh JupyterLab, their kernels started: neither may be dirty. A third copy stamped
with another patch release of this Python (a learner's different local Python) must turn dirty
with only `language_info.version` changed, which is what notebooks/README.md says remains.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
from test_browser import CHROMIUM, CHROMIUM_ARGS, KERNEL, TIMEOUT_MS, _setup_problem, jupyterlab

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
_spec = importlib.util.spec_from_file_location("lesson_regenerate", NOTEBOOKS / "regenerate.py")
regen = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("lesson_regenerate", regen)
_spec.loader.exec_module(regen)

LESSONS = ["00_start_here.ipynb", "03_autograd_basics.ipynb"]  # 03 stores widget state
THIS_PYTHON = sys.version.split()[0]  # what ipykernel reports as language_info.version
OTHER_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}.999"
STATE = """() => { const panel = window.jupyterapp.shell.currentWidget;
    return {dirty: panel.context.model.dirty,
            metadata: panel.context.model.toJSON().metadata}; }"""
# Resolves once the kernel has answered kernel_info, which is what JupyterLab writes from.
KERNEL_INFO = """async () => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    return (await kernel.info).language_info; }"""


def open_with_kernel(page, url: str, name: str) -> dict:
    """Open `name`, wait until its kernel is idle and has answered; what the document holds."""
    page.goto(f"{url}/lab/tree/{name}?reset")
    page.wait_for_function(f"() => window.jupyterapp && {KERNEL} === 'idle'", timeout=TIMEOUT_MS)
    language_info = page.evaluate(KERNEL_INFO)
    page.wait_for_timeout(1000)  # let JupyterLab apply what the kernel sent
    return {"kernel_language_info": language_info, **page.evaluate(STATE)}


def test_lessons_stamped_for_their_kernel_open_unmodified(tmp_path):
    from playwright.sync_api import sync_playwright

    problem = _setup_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    root = tmp_path / "root"
    root.mkdir()
    for name in LESSONS:  # copies: Lab must never write into the repository's lessons
        shutil.copy(NOTEBOOKS / name, root / name)
        regen.stamp_python(root / name, THIS_PYTHON)  # as binder/postBuild does
    other = root / "other_python.ipynb"
    shutil.copy(NOTEBOOKS / LESSONS[0], other)
    regen.stamp_python(other, OTHER_PYTHON)
    stored = {p.name: regen.nbformat.read(p, as_version=4).metadata for p in root.iterdir()}

    seen = {}
    with jupyterlab(root, tmp_path / "home") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for name in [*LESSONS, other.name]:
                page = browser.new_page()
                seen[name] = open_with_kernel(page, url, name)
                page.close()
        finally:
            browser.close()

    for name in LESSONS:
        # the kernel reports exactly what is stored, and the document is not modified
        assert seen[name]["kernel_language_info"] == stored[name]["language_info"], name
        assert seen[name]["dirty"] is False, name
        assert seen[name]["metadata"] == stored[name], name
    # another Python's version: JupyterLab rewrites it (and only it), the lesson turns modified
    changed = seen[other.name]
    assert changed["dirty"] is True
    assert changed["metadata"]["language_info"]["version"] == THIS_PYTHON
    assert {**changed["metadata"]["language_info"], "version": OTHER_PYTHON} == stored[other.name][
        "language_info"
    ]
    assert {k: v for k, v in changed["metadata"].items() if k != "language_info"} == {
        k: v for k, v in stored[other.name].items() if k != "language_info"
    }
