"""What a learner sees of the pictures, in JupyterLab + headless Chromium (issue "Pictures").

A notebook draws a small MLP's graph (its parameters named by module path), a 100-op chain,
a 20-layer tanh network with its saved tensors, and steps the MLP's backward pass. Run All in
JupyterLab, then every picture must fit its output area's width and stay under a height limit
(the stepper's frame scrolls inside its box). Then a click on the chain's collapsed box must show
all 103 nodes, in a box that still fits the output's width and keeps its height limit, and the
"collapse" button must bring the collapsed picture back. The same notebook, executed and stored,
is then opened untrusted (as a fresh clone is): the graphs must still show, as their PNG copies;
and trusted: the collapsed box expands from the saved widget state, with no cell run.
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
        .filter(p => p.getClientRects().length > 0)
        .map(p => {{ const r = p.getBoundingClientRect();
                     return {{tag: p.tagName, w: r.width, h: r.height,
                              src: (p.src || '').slice(0, 30)}}; }});
    const boxes = [...cell.querySelectorAll('.widget-html-content > div > div')]
        .filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect().height);
    return {{area: area ? area.getBoundingClientRect().width : 0, pics, boxes}};
}})"""
CHAIN_CELL = f"{PANEL} .jp-CodeCell >> nth=2"
# The chain's picture after a click: the box holding the whole graph, and what it shows.
EXPANDED = """cell => {
    const area = cell.querySelector('.jp-OutputArea').getBoundingClientRect();
    const box = cell.querySelector('.agnb-whole .agnb-scroll');
    const svg = box.querySelector('svg');
    const shown = e => e.getClientRects().length > 0;
    return {area: area.width, box: box.getBoundingClientRect().toJSON(),
            svg: svg.getBoundingClientRect().toJSON(), visible: shown(box),
            collapsed_visible: shown(cell.querySelector('.agnb-collapsed svg')),
            nodes: svg.querySelectorAll('g.node').length,
            summaries: svg.querySelectorAll('g.summary').length,
            scrolls: box.scrollHeight > box.clientHeight};
}"""


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


def _expand(page, shot: Path) -> tuple[dict, dict]:
    """Click the chain's collapsed box, measure the whole graph; then click "collapse"."""
    cell = page.locator(CHAIN_CELL)
    cell.locator(".agnb-collapsed g.summary").click()
    cell.locator(".agnb-whole .agnb-scroll").wait_for(state="visible", timeout=TIMEOUT_MS)
    opened = cell.evaluate(EXPANDED)
    page.screenshot(path=str(shot), full_page=True)
    cell.locator(".agnb-fold").click()
    cell.locator(".agnb-collapsed svg").wait_for(state="visible", timeout=TIMEOUT_MS)
    return opened, cell.evaluate(EXPANDED)


def _open(browser, url: str, name: str, run: bool, shot: Path, expand: bool = False):
    """Open a notebook (Run All if `run`): MEASURE's list, and with `expand` also `_expand`'s."""
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
        if expand:
            return seen, _expand(page, shot.with_name(shot.stem + "_expanded.png"))
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
    home = tmp_path / "home"
    with jupyterlab(root, home) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            ran, clicked = _open(
                browser, url, "pictures.ipynb", True, tmp_path / "pictures_run.png", expand=True
            )
            stored = _open(browser, url, "stored.ipynb", False, tmp_path / "pictures_stored.png")
            _trust(root / "stored.ipynb", home)
            _, clicked_stored = _open(
                browser, url, "stored.ipynb", False, tmp_path / "pictures_trusted.png", True
            )
        finally:
            browser.close()
    print(f"\nbrowser {time.monotonic() - start:.1f} s; screenshots in {tmp_path}")
    print("run:", ran)
    print("expanded, collapsed again:", clicked)
    print("stored, untrusted:", stored)
    print("stored, trusted, expanded:", clicked_stored)

    mlp, chain, deep, stepper = ran[1:]
    (pic,) = mlp["pics"]  # a small graph: the plain SVG picture
    assert pic["tag"] == "IMG" and pic["src"].startswith("data:image/svg+xml")
    for cell in (chain, deep):  # collapsed graphs: the collapsed SVG inside the widget
        (pic,) = cell["pics"]
        assert pic["tag"] == "svg"
    for cell in (mlp, chain, deep):
        (pic,) = cell["pics"]
        assert 100 < pic["w"] <= cell["area"] + 1 and 100 < pic["h"] <= MAX_HEIGHT, cell
    # a click on the collapsed box: all 103 nodes, in a box as wide as the output at most, that
    # keeps its height limit and scrolls; "collapse" brings the collapsed picture back
    for opened, closed in (clicked, clicked_stored):
        assert opened["visible"] and not opened["collapsed_visible"], opened
        assert opened["nodes"] == 103 and opened["summaries"] == 0, opened
        assert opened["box"]["width"] <= opened["area"] + 1, opened
        assert 100 < opened["box"]["height"] <= 720 + 1 and opened["scrolls"], opened
        assert opened["svg"]["height"] > 5000  # drawn at full size: readable, it scrolls
        assert not closed["visible"] and closed["collapsed_visible"], closed
    (frame,) = stepper["pics"]  # the stepper's visible frame
    assert frame["tag"] == "svg" and frame["w"] <= stepper["area"] + 1, stepper
    assert all(height <= 720 + 1 for height in stepper["boxes"]), stepper
    # untrusted: the stored graphs show as their PNG copies, at a readable size
    for cell in stored[1:4]:
        (pic,) = cell["pics"]
        assert pic["src"].startswith("data:image/png") and pic["w"] > 100, cell


def _trust(path: Path, home: Path) -> None:
    """Sign a notebook as `jupyter trust` does, in the throw-away JupyterLab's data dir."""
    from nbformat.sign import NotebookNotary

    nb = nbformat.read(path, as_version=4)
    NotebookNotary(data_dir=str(home / "data")).sign(nb)


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
