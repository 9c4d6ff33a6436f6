"""Graph pictures carry a PNG copy: what JupyterLab shows in a notebook that is not trusted."""

from __future__ import annotations

import re
import struct

from _ipython_shell import LESSON_000_GRAPH, ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

import autograd_nb as torch
from autograd_nb.viz import build_graph
from autograd_nb.viz.png import svg_to_png

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE
    return struct.unpack(">II", data[16:24])


def svg_size(svg: str) -> tuple[float, float]:
    width, height = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups()
    return float(width), float(height)


def small_graph():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    return build_graph((x * x + 1).sum(), names={"x": x})


def test_png_copy_has_the_svgs_size_and_is_the_same_every_time():
    svg = small_graph().to_svg()
    png = svg_to_png(svg)
    width, height = svg_size(svg)
    assert png_size(png) == (round(width), round(height))  # one PNG pixel per SVG unit
    assert svg_to_png(small_graph().to_svg()) == png  # byte-stable: nothing from the machine


def test_png_copy_draws_the_picture_not_a_blank():
    png = svg_to_png(small_graph().to_svg())
    assert len(png) > 2000  # a blank canvas of this size compresses to a few hundred bytes


def test_graph_object_and_grad_graph_magic_both_offer_png(ip):
    assert small_graph()._repr_png_()[:8] == PNG_SIGNATURE
    ip.run_cell(LESSON_000_GRAPH)
    with capture_output() as cap:
        ip.run_line_magic("grad_graph", "y")
    data = cap.outputs[0].data
    assert set(data) == {"image/svg+xml", "image/png", "text/plain"}
    assert data["image/png"][:8] == PNG_SIGNATURE
