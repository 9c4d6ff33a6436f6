"""What a learner sees of the pictures, in JupyterLab + headless Chromium (issue "Pictures").

A notebook draws a small MLP's graph (its parameters named by module path), a 100-op chain,
a 20-layer tanh network with its saved tensors, and steps the MLP's backward pass. Run All in
JupyterLab, then every picture must fit its output area's width and stay under a height limit
(the stepper's frame scrolls inside its box). The same notebook, executed and stored, is then
opened untrusted (as a fresh clone is): the graphs must still show, as their PNG copies.
Screenshots are saved and their paths printed.
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
import pytest
from test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL,
    PANEL,
    TIMEOUT_MS,
    _setup_problem,
    jupyterlab,
)

pytestmark = pytest.mark.browser

CELLS = [
    "%load_ext autograd_nb\nimport autograd_nb as torch\nfrom autograd_nb import nn\n"
    "torch.manual_seed(0);",
    "net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 3))\n"
    "loss = net(torch.ones(2, 4)).sum()\n%grad_graph loss",
    "x = torch.tensor([0.5], requires_grad=True)\ny = x\nfor i in range(100):\n"
    "    y = (y * 1.01, y + 0.1, y.tanh())[i % 3]\n%grad_graph y",
    "deep = nn.Sequential(*[m for _ in range(20) for m in (nn.Linear(8, 8), nn.Tanh())])\n"
    "out = deep(torch.ones(2, 8)).sum()\n%grad_graph out --saved",
    "%grad_steps loss",
]
MAX_HEIGHT = 1000  # px: a picture taller than this does not fit a laptop's window
# Every output's pictures: the output area's width and each picture's rendered box.
MEASURE = f"""() => [...document.querySelectorAll('{PANEL} .jp-Cell.jp-CodeCell')].map(cell => {{
    const area = cell.querySelector('.jp-OutputArea');
    const pics = [...cell.querySelectorAll(
        '.jp-OutputArea-output img, .jp-OutputArea-output .widget-html-content svg')]
        .filter(p => p.offsetParent !== null)
        .map(p => {{ const r = p.getBoundingClientRect();
                     return {{tag: p.tagName, w: r.width, h: r.height,
                              src: (p.src || '').slice(0, 30)}}; }});
    const boxes = [...cell.querySelectorAll('.widget-html-content > div > div')]
        .filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect().height);
    return {{area: area ? area.getBoundingClientRect().width : 0, pics, boxes}};
}})"""


def _notebook(path: Path, outputs: bool) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in CELLS])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    if outputs:
        from nbclient import NotebookClient

        NotebookClient(nb, timeout=120, kernel_name="python3").execute(cwd=str(path.parent))
    nbformat.write(nb, path)


def _open(browser, url: str, name: str, run: bool, shot: Path) -> list:
    page = browser.new_page(viewport={"width": 960, "height": 4000})  # output area ~850 px
    try:
        page.goto(f"{url}/lab/tree/{name}?reset")
        page.wait_for_function(
            f"() => window.jupyterapp && {KERNEL} === 'idle'", timeout=TIMEOUT_MS
        )
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        if run:
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            page.wait_for_function(
                f"""() => {{ const p = document.querySelectorAll('{PANEL} .jp-InputArea-prompt');
                            return p[p.length - 1]?.innerText.trim() === '[{len(CELLS)}]:'; }}""",
                timeout=120_000,
            )
            page.wait_for_function(f"() => {KERNEL} === 'idle'", timeout=TIMEOUT_MS)
        page.wait_for_timeout(1500)  # images decode, Lab lays the outputs out
        seen = page.evaluate(MEASURE)
        page.screenshot(path=str(shot), full_page=True)
        return seen
    finally:
        page.close()


def test_pictures_fit_and_show_before_trust(tmp_path):
    problem = _setup_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    from playwright.sync_api import sync_playwright

    root = tmp_path / "root"
    root.mkdir()
    _notebook(root / "pictures.ipynb", outputs=False)
    _notebook(root / "stored.ipynb", outputs=True)  # executed elsewhere, never trusted here
    start = time.monotonic()
    with jupyterlab(root, tmp_path / "home") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            ran = _open(browser, url, "pictures.ipynb", True, tmp_path / "pictures_run.png")
            stored = _open(browser, url, "stored.ipynb", False, tmp_path / "pictures_stored.png")
        finally:
            browser.close()
    print(f"\nbrowser {time.monotonic() - start:.1f} s; screenshots in {tmp_path}")
    print("run:", ran)
    print("stored, untrusted:", stored)

    mlp, chain, deep, stepper = ran[1:]
    for cell in (mlp, chain, deep):
        (pic,) = cell["pics"]
        assert pic["tag"] == "IMG" and pic["src"].startswith("data:image/svg+xml")
        assert 100 < pic["w"] <= cell["area"] + 1 and 100 < pic["h"] <= MAX_HEIGHT, cell
    (frame,) = stepper["pics"]  # the stepper's visible frame
    assert frame["tag"] == "svg" and frame["w"] <= stepper["area"] + 1, stepper
    assert all(height <= 720 + 1 for height in stepper["boxes"]), stepper
    # untrusted: the stored graphs show as their PNG copies, at a readable size
    for cell in stored[1:4]:
        (pic,) = cell["pics"]
        assert pic["src"].startswith("data:image/png") and pic["w"] > 100, cell


def test_the_mlp_graph_names_its_parameters(tmp_path):
    import subprocess
    import sys

    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "from IPython.utils.capture import capture_output\n"
        "sh = InteractiveShell.instance(colors='nocolor')\n"
        f"sh.run_cell({CELLS[0]!r})\n"
        "with capture_output() as cap:\n"
        f"    sh.run_cell({CELLS[1]!r})\n"
        "print(cap.outputs[0].data['image/svg+xml'])\n"
    )
    svg = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for name in ("net.0.weight", "net.0.bias", "net.2.weight", "net.4.bias"):
        assert f">{name}</text>" in svg
