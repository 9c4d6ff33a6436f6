"""In Chromium: the text of every picture is readable, and an expanded graph shows its root.

The pictures of a 3-4-1 tanh MLP that a learner meets (every frame of `%grad_steps`, `%grad_graph
--grads` with and without --values and --saved, --micrograd, and the same for a net whose
gradients are too big to print in full) are laid into 848 px output areas, as JupyterLab shows
them beside its file browser in a 1280 px window. Chromium measures every <text> element
(getBoundingClientRect: the real font's extents, after scaling): no two may overlap, none may
overlap another node's box, and none may reach outside its picture. Then the collapsed picture
of a 20-layer net with its saved tensors is clicked open: the whole graph must be no wider than
the output and its root (the loss) in view. Screenshots are saved and their paths printed.
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

import pytest
from test_browser import CHROMIUM, CHROMIUM_ARGS, _setup_problem

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.notebook.magics import graph_view
from autograd_nb.notebook.widgets import BackwardStepper
from autograd_nb.viz import FlowRecorder, build_graph, record_values
from autograd_nb.viz.graph import FIT_WIDTH

pytestmark = pytest.mark.browser

OUTPUT_W = 848  # px: JupyterLab's output area beside the file browser (1280 x 800 window)
FIT = "max-width:100%;height:auto"  # how the notebook layer fits a picture to its output
MEASURE = """() => [...document.querySelectorAll('div.pic')].map(div => {
    const svg = div.querySelector('svg');
    const box = e => { const r = e.getBoundingClientRect();
                       return [r.left, r.top, r.right, r.bottom]; };
    const owner = e => { const g = e.closest('g.node'); return g ? g.dataset.node : null; };
    return {name: div.dataset.name, svg: box(svg),
            texts: [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
                .map(t => [...box(t), t.textContent, owner(t)]),
            shapes: [...svg.querySelectorAll('g.node > rect, g.node > ellipse')]
                .map(s => [...box(s), owner(s)])};
})"""


def _mlp(sizes: tuple, batch: int, micrograd: bool = False):
    torch.manual_seed(0)
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        layers += [nn.Linear(a, b), nn.Tanh()]
    net = nn.Sequential(*layers[:-1])
    with record_values(micrograd):
        y = net(torch.randn(batch, sizes[0])).pow(2).mean()
        recorder = FlowRecorder().start()
        try:
            y.backward(retain_graph=True)
        finally:
            recorder.stop()
    names = {"y": y, **{f"net.{k}": p for k, p in net.named_parameters()}}
    return y, names, recorder


def pictures() -> list[tuple[str, str]]:
    """(name, SVG) of every picture checked, as the notebook layer draws them."""
    out = []
    for tag, sizes, batch in (("3-4-1", (3, 4, 1), 5), ("20-30-10-1", (20, 30, 10, 1), 8)):
        y, names, recorder = _mlp(sizes, batch)
        stepper = BackwardStepper(y, names=names)
        out += [(f"{tag} step {i}", frame.svg) for i, frame in enumerate(stepper.frames)]
        for saved in (False, True):
            graph = build_graph(y, names=names, saved=saved)
            labels = recorder.edge_labels(graph)
            for values in (False, True):
                svg = graph.to_svg(
                    values=values, grads=True, edge_labels=labels, max_width=FIT_WIDTH
                )
                out.append((f"{tag} --grads values={values} saved={saved}", svg))
        y, names, _ = _mlp(sizes, batch, micrograd=True)
        svg = build_graph(y, names=names, micrograd=True).to_svg(max_width=FIT_WIDTH)
        out.append((f"{tag} --micrograd", svg))
    return out


def _page(body: str) -> str:
    return (
        "<!doctype html><html><head><meta charset='utf-8'></head>"
        f"<body style='margin:8px;font-family:sans-serif'>{body}</body></html>"
    )


def _overlap(a, b, slack: float = 0.5) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


def _problems(pic: dict) -> list[str]:
    out = []
    x0, y0, x1, y1 = pic["svg"]
    texts = pic["texts"]
    for i, a in enumerate(texts):
        if a[0] < x0 - 0.5 or a[1] < y0 - 0.5 or a[2] > x1 + 0.5 or a[3] > y1 + 0.5:
            out.append(f"cut: {a[4]!r}")
        out += [f"overlap: {a[4]!r} / {b[4]!r}" for b in texts[i + 1 :] if _overlap(a, b)]
        out += [
            f"on node {s[4]}: {a[4]!r}" for s in pic["shapes"] if s[4] != a[5] and _overlap(a, s)
        ]
    return out


def _browser():
    from playwright.sync_api import sync_playwright

    problem = _setup_problem()
    if problem:
        pytest.fail(problem)
    return sync_playwright()


def test_no_text_overlaps_or_is_cut_in_chromium():
    pics = pictures()
    body = "".join(
        f"<div class='pic' data-name='{html.escape(name)}' style='width:{OUTPUT_W}px'>"
        + svg.replace("<svg ", f'<svg style="{FIT}" ', 1)
        + "</div>"
        for name, svg in pics
    )
    folder = Path(tempfile.mkdtemp(prefix="agnb-labels-"))
    page_file = folder / "pictures.html"
    page_file.write_text(_page(body), encoding="utf-8")
    with _browser() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(page_file.as_uri())
            measured = page.evaluate(MEASURE)
            shot = folder / "stepper_frame.png"
            page.locator("div.pic >> nth=6").screenshot(path=str(shot))
            print(f"\nscreenshot of a stepper frame: {shot}")
        finally:
            browser.close()
    assert len(measured) == len(pics) > 30
    assert all(len(pic["texts"]) > 5 for pic in measured)
    bad = {pic["name"]: found for pic in measured if (found := _problems(pic))}
    assert not bad, f"{len(bad)} of {len(measured)} pictures: {bad}"


EXPANDED = """() => {
    const box = document.querySelector('.agnb-whole .agnb-scroll');
    const svg = box.querySelector('svg');
    const root = svg.querySelector('g.root');
    const r = e => e.getBoundingClientRect().toJSON();
    return {area: r(document.querySelector('.output')), box: r(box), svg: r(svg),
            root: r(root), shown: box.getClientRects().length > 0};
}"""


def test_expanded_20_layer_graph_fits_with_its_root_in_view():
    torch.manual_seed(0)
    deep = nn.Sequential(*[m for _ in range(20) for m in (nn.Linear(8, 8), nn.Tanh())])
    out = deep(torch.ones(2, 8)).sum()
    view = graph_view({"out": out}, {"deep": deep, "out": out}, saved=True)
    folder = Path(tempfile.mkdtemp(prefix="agnb-expand-"))
    page_file = folder / "expanded.html"
    page_file.write_text(
        _page(f"<div class='output' style='width:{OUTPUT_W}px'>{view.value}</div>"),
        encoding="utf-8",
    )
    with _browser() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(page_file.as_uri())
            page.locator(".agnb-collapsed g.summary >> nth=0").click()
            found = page.evaluate(EXPANDED)
            shot = folder / "expanded.png"
            page.screenshot(path=str(shot))
            print(f"\nscreenshot of the expanded graph: {shot}")
        finally:
            browser.close()
    assert found["shown"]
    box, root = found["box"], found["root"]
    assert box["width"] <= OUTPUT_W + 0.5
    # the root (the loss, at the top) is inside the visible part of the box
    assert box["left"] - 0.5 <= root["left"] and root["right"] <= box["right"] + 0.5
    assert box["top"] - 0.5 <= root["top"] and root["bottom"] <= box["bottom"] + 0.5
