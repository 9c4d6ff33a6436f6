"""One real-browser test: JupyterLab + headless Debian Chromium driven by Playwright.

It serves a copy of `tests/browser/lesson000_graph.ipynb` (lesson 000's graph: f = x1 + x2;
g = x2 - x3 - x4; y = f * g) from a fresh JupyterLab on 127.0.0.1, runs all cells, and checks in
the DOM that `%grad_graph y` shows its SVG and `%grad_steps y` its Play + slider + frames widget,
that moving the slider (keyboard) and pressing Play change the visible frame, and that the
browser console has no errors. It saves a screenshot and prints its path. A second test opens
two lessons (04 and 06, which raise errors on purpose) and checks that JupyterLab's Run All
runs every code cell, in order, going past the cells tagged `raises-exception` (without the
tags it stops at lesson 06's fourth code cell).

Setup (see the README): `apt-get install chromium` (Debian's /usr/bin/chromium; set
AUTOGRAD_NB_CHROMIUM to use another binary). Playwright drives it; never `playwright install`.
Without Chromium the test FAILS, saying what to install: it is never skipped. Deselect it
explicitly with `pytest -m "not browser"` on a machine where you cannot install Chromium.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "browser" / "lesson000_graph.ipynb"
CHROMIUM = os.environ.get("AUTOGRAD_NB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
# Kill the "Would you like to get notified about official Jupyter news?" toast.
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}
}
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
KERNEL = "window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel?.status"
# The stepper is a VBox(HBox(Play, IntSlider), Stack); Lab renders the Stack as a plain box that
# holds only the selected frame (an HTML widget).
STACK = f"{PANEL} .widget-vbox:has(.widget-play) > .widget-box:not(.widget-hbox)"
CODE_CELLS = 4  # code cells in the notebook: the last prompt reads [4]: when run-all is done
TIMEOUT_MS = 30_000


def _setup_problem() -> str | None:
    """Why this machine cannot run the browser test, or None."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (
            f"Chromium not found at {CHROMIUM}. Install it with `apt-get install chromium` "
            "(README, 'Browser test'), or deselect with pytest -m 'not browser'."
        )
    for module in ("playwright", "jupyterlab"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed: pip install -e '.[dev]'."
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, state letter) for every process, read from /proc."""
    table = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                table[int(entry.name)] = (int(fields[1]), fields[0])
    return table


def _descendants(pid: int) -> set[int]:
    """Every live or defunct process below `pid`."""
    table, found, todo = _processes(), set(), [pid]
    while todo:
        parent = todo.pop()
        kids = {p for p, (pp, _) in table.items() if pp == parent} - found
        found |= kids
        todo += kids
    return found


def _leftovers(pids: set[int], wait: float = 10.0) -> dict[int, tuple[int, str]]:
    """Those of `pids` still present (running or <defunct>) after up to `wait` seconds."""
    deadline = time.monotonic() + wait
    while True:
        left = {pid: row for pid, row in _processes().items() if pid in pids}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


@contextlib.contextmanager
def jupyterlab(root: Path, home: Path):
    """A JupyterLab on 127.0.0.1 with throw-away config/data/IPython dirs; yields its URL."""
    port = _free_port()
    settings = home / "app-settings"
    settings.mkdir(parents=True)
    (settings / "overrides.json").write_text(json.dumps(OVERRIDES))
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    log_path = home / "lab.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyterlab",
                "--allow-root",
                "--no-browser",
                "--ip=127.0.0.1",
                f"--port={port}",
                "--ServerApp.port_retries=0",
                "--ServerApp.token=",
                "--ServerApp.password=",
                f"--ServerApp.root_dir={root}",
                "--LabApp.expose_app_in_browser=True",
                f"--LabApp.app_settings_dir={settings}",
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while "is running at" not in log_path.read_text(errors="replace"):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(server)


def _stop(server: subprocess.Popen) -> None:
    """SIGTERM the server's process group (it shuts its kernels down), then make sure."""
    below = _descendants(server.pid)  # kernels run in their own sessions: remember them
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    for pid in below:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def _frame(page) -> dict:
    """The stepper's visible frame: its title, its SVG and the slider's readout."""
    return page.evaluate(f"""() => {{
        const stack = document.querySelector('{STACK}');
        const shown = [...stack.children].filter(c => c.offsetParent !== null);
        return {{count: shown.length,
                 title: shown.map(c => c.querySelector('b')?.innerText).join('|'),
                 svg: shown.map(c => c.querySelector('svg')?.outerHTML || '').join('|'),
                 readout: document.querySelector('{PANEL} .widget-readout')?.innerText}};
    }}""")


def _wait_title(page, prefix: str) -> None:
    """Wait until the stepper shows the frame whose title starts with `prefix`."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            f"""() => [...document.querySelectorAll('{STACK} > *')]
                      .some(c => c.offsetParent !== null
                                 && c.querySelector('b')?.innerText.startsWith({prefix!r}))""",
            timeout=TIMEOUT_MS,
        )
    except PlaywrightTimeout:
        shown = page.evaluate(f"() => document.querySelector('{STACK}')?.innerText.slice(0, 80)")
        raise AssertionError(f"the stepper never showed {prefix!r}; it shows {shown!r}") from None


def drive_notebook(url: str, notebook: str, shot: Path) -> tuple[dict, list[str]]:
    """Open, run all, step the widget; returns what was seen and the console errors."""
    from playwright.sync_api import sync_playwright

    seen: dict = {"times": {}}
    errors: list[str] = []
    t0 = time.monotonic()

    def lap(name: str) -> None:
        seen["times"][name] = round(time.monotonic() - t0, 1)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 2000})  # the whole notebook
            page.on(
                "console",
                lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None,
            )
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            try:
                page.goto(f"{url}/lab/tree/{notebook}?reset")
                page.wait_for_function(
                    f"() => window.jupyterapp && {KERNEL} === 'idle'", timeout=TIMEOUT_MS
                )
                # A fresh kernel: run-all needs no confirm dialog. Fire and forget (the command's
                # promise must not be returned to Playwright, which would wait on it forever).
                lap("kernel idle")
                page.evaluate(
                    "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
                )
                page.wait_for_function(
                    f"""() => {{ const p = document.querySelectorAll('{PANEL} .jp-InputArea-prompt');
                                return p[p.length - 1]?.innerText.trim() === '[{CODE_CELLS}]:'; }}""",
                    timeout=TIMEOUT_MS,
                )
                page.wait_for_function(f"() => {KERNEL} === 'idle'", timeout=TIMEOUT_MS)
                page.locator(STACK).wait_for(timeout=TIMEOUT_MS)
                _wait_title(page, "Step 0 /")
                lap("run-all done, widget shown")

                seen["graph_imgs"] = page.evaluate(f"""() =>
                    [...document.querySelectorAll('{PANEL} .jp-RenderedSVG img')]
                    .map(i => ({{w: i.naturalWidth, h: i.naturalHeight,
                                 src: decodeURIComponent(i.src)}}))""")
                seen["errors_out"] = page.locator(
                    f"{PANEL} .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
                ).count()
                seen["play"] = page.locator(f"{PANEL} .widget-play button").count()
                seen["sliders"] = page.locator(f"{PANEL} .widget-slider .noUi-handle").count()
                seen["start"] = _frame(page)

                handle = page.locator(f"{PANEL} .widget-slider .noUi-handle").first
                handle.focus()
                handle.press("ArrowRight")
                _wait_title(page, "Step 1 /")
                handle.press("ArrowRight")
                _wait_title(page, "Step 2 /")
                seen["after_slider"] = _frame(page)

                # Play continues from the slider's value (jslink both ways); pause it again.
                play = page.locator(f"{PANEL} .widget-play button").first
                play.click()
                _wait_title(page, "Step 3 /")
                play.click()
                seen["after_play"] = _frame(page)
                lap("slider and play checked")

            except Exception:
                page.screenshot(path=str(shot))  # what the page showed when it failed
                print(f"\nscreenshot of the failure: {shot}")
                raise
            seen["pids"] = _descendants(os.getpid())  # chromium's, before it closes
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
            page.locator(f"{PANEL} .jp-Cell").first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)  # let Lab re-lay out the wider notebook
            page.screenshot(path=str(shot))
            lap("screenshot")
            page.close()
        finally:
            browser.close()
    return seen, errors


def test_lesson000_graph_and_stepper_in_jupyterlab(tmp_path):
    problem = _setup_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root)  # Lab autosaves: never let it write outputs into the repo copy
    shot = tmp_path / "lesson000_stepper.png"
    before = _descendants(os.getpid())
    start = time.monotonic()

    with jupyterlab(root, tmp_path / "home") as url:
        ready = time.monotonic() - start
        seen, errors = drive_notebook(url, NOTEBOOK.name, shot)
        during = (_descendants(os.getpid()) | seen["pids"]) - before
    total = time.monotonic() - start

    print(f"\nserver ready {ready:.1f} s; browser {seen['times']}; total {total:.1f} s")
    print(f"screenshot: {shot}")
    assert errors == []
    assert seen["errors_out"] == 0
    # %grad_graph y: one SVG picture, drawn (non-zero size), naming the lesson's tensors.
    assert len(seen["graph_imgs"]) == 1
    img = seen["graph_imgs"][0]
    assert img["w"] > 100 and img["h"] > 100
    assert img["src"].startswith("data:image/svg+xml")
    for label in (
        "MulBackward0",
        "AddBackward0",
        "SubBackward0",
        "AccumulateGrad",
        ">x1",
        ">x2",
        ">x3",
        ">x4",
        ">y",
    ):
        assert label in img["src"], label
    # %grad_steps y: Play + slider + a stack that shows exactly one frame with its own SVG.
    assert seen["play"] >= 1 and seen["sliders"] == 1
    start, moved, played = seen["start"], seen["after_slider"], seen["after_play"]
    assert start["count"] == moved["count"] == played["count"] == 1
    # backward runs 8 nodes: MulBackward0, AddBackward0, 2 x SubBackward0, 4 x AccumulateGrad.
    assert start["title"] == "Step 0 / 8: before backward" and start["readout"] == "0"
    assert moved["title"].startswith("Step 2 / 8: ") and moved["readout"] == "2"
    assert played["title"].startswith("Step 3 / 8: ") and played["readout"] == "3"
    assert start["svg"].startswith("<svg") and moved["svg"].startswith("<svg")
    assert start["svg"] != moved["svg"] != played["svg"]
    assert shot.stat().st_size > 10_000

    # Everything we started is gone, none of it left <defunct> (the last chromium helpers are
    # reaped by their new parent a moment after the browser closes).
    assert _leftovers(during) == {}


RUN_ALL_LESSONS = ["04_backward_gradient_and_jacobian.ipynb", "06_no_grad_detach_freezing.ipynb"]
# The notebook's model, not the DOM: Lab 4 renders only the cells in view (windowing).
CELLS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.context.model.cells;
    const code = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        const errors = [];
        for (let j = 0; j < cell.outputs.length; j++) {
            if (cell.outputs.get(j).type === 'error') errors.push(j);
        }
        code.push({count: cell.executionCount, error: errors.length > 0,
                   tagged: (cell.getMetadata('tags') || []).includes('raises-exception')});
    }
    return {code, kernel: panel.sessionContext.session?.kernel?.status};
}"""


def run_all_in_lab(url: str, notebook: str, shot: Path) -> dict:
    """Open a lesson, Run All Cells as a learner does, and report which code cells ran."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1400})
            page.goto(f"{url}/lab/tree/{notebook}?reset")
            page.wait_for_function(
                f"() => window.jupyterapp && {KERNEL} === 'idle'", timeout=TIMEOUT_MS
            )
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            # Done when every code cell ran, or when the kernel has stayed idle for 3 s (Run All
            # stopped at an error: the cells after it never run).
            deadline, idle_since = time.monotonic() + 120, None
            while True:
                state = page.evaluate(CELLS)
                if all(c["count"] is not None for c in state["code"]):
                    break
                busy = state["kernel"] != "idle"
                idle_since = None if busy else (idle_since or time.monotonic())
                if time.monotonic() > deadline or (
                    idle_since and time.monotonic() - idle_since > 3
                ):
                    break
                time.sleep(0.25)
            page.wait_for_function(f"() => {KERNEL} === 'idle'", timeout=TIMEOUT_MS)
            state = page.evaluate(CELLS)
            page.screenshot(path=str(shot))
            page.close()
        finally:
            browser.close()
    return state


def test_run_all_reaches_the_last_cell_of_two_lessons_in_jupyterlab(tmp_path):
    """JupyterLab's Run All goes past the cells tagged raises-exception to the lesson's end."""
    import nbformat

    problem = _setup_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    root = tmp_path / "root"
    root.mkdir()
    lessons_dir = Path(__file__).resolve().parent.parent / "notebooks"
    for name in RUN_ALL_LESSONS:  # copies without outputs: a count means it ran here
        nb = nbformat.read(lessons_dir / name, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nbformat.write(nb, root / name)
    with jupyterlab(root, tmp_path / "home") as url:
        for name in RUN_ALL_LESSONS:
            shot = tmp_path / f"{Path(name).stem}.png"
            state = run_all_in_lab(url, name, shot)
            code = state["code"]
            ran = [c["count"] for c in code if c["count"] is not None]
            print(f"\n{name}: {len(ran)} of {len(code)} code cells ran; screenshot {shot}")
            assert len(ran) == len(code), f"Run All stopped after {len(ran)} of {len(code)}"
            assert ran == list(range(1, len(code) + 1))  # in order, each once
            assert [c["error"] for c in code] == [c["tagged"] for c in code]
            assert sum(c["tagged"] for c in code) >= 2
