"""Plots: f next to its autograd derivative; the loss curve with its progress bar."""

from __future__ import annotations

import math
import re

import pytest
from _ipython_shell import ip_fixture, new_shell, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output
from matplotlib.figure import Figure

import autograd_nb as torch
from autograd_nb.notebook.plots import (
    LossCurve,
    plot_decision_boundary,
    plot_function_and_grad,
    plot_loss_curve,
)
from autograd_nb.utils._matplotlib import figure_svg


def test_sin_and_its_derivative():
    fig = plot_function_and_grad(torch.sin, (-3, 3), num=50)
    assert isinstance(fig, Figure) and repr(fig) == "<Figure size 640x400 with 1 Axes>"
    (ax,) = fig.axes
    f_line, df_line = ax.get_lines()[:2]
    xs = list(f_line.get_xdata())
    assert len(xs) == 50 and xs[0] == -3 and xs[-1] == 3
    assert list(f_line.get_ydata()) == pytest.approx([math.sin(x) for x in xs], abs=1e-12)
    assert list(df_line.get_ydata()) == pytest.approx([math.cos(x) for x in xs], abs=1e-12)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["sin(x)", "sin'(x) (autograd)"]


def test_polynomial_matches_analytic_derivative():
    fig = plot_function_and_grad(lambda x: x**3 - 2 * x, (-2, 2), num=41)
    f_line, df_line = fig.axes[0].get_lines()[:2]
    xs = list(df_line.get_xdata())
    assert list(df_line.get_ydata()) == pytest.approx([3 * x * x - 2 for x in xs], abs=1e-12)
    assert f_line.get_label() == "f(x)"


def test_plot_rejects_bad_input():
    with pytest.raises(ValueError, match="elementwise"):
        plot_function_and_grad(lambda x: x.sum(), (0, 1))
    with pytest.raises(ValueError, match="low < high"):
        plot_function_and_grad(torch.sin, (1, 0))


def test_loss_curve_widget():
    curve = LossCurve(total=5, every=2)
    assert repr(curve) == "LossCurve('loss', total=5)"
    assert curve._repr_mimebundle_()["text/plain"] == "LossCurve('loss', total=5)"
    for step in range(5):
        curve.update(step, torch.tensor(1.0 / (step + 1)))
    assert curve._bar.value == 5 and curve._bar.max == 5
    assert curve._status.value == "loss 0.2 at step 4 (5/5)"
    assert curve._picture.value.startswith("<?xml") and "<svg" in curve._picture.value
    line = curve.figure().axes[0].get_lines()[0]
    assert list(line.get_xdata()) == [0, 1, 2, 3, 4]
    assert list(line.get_ydata()) == [1, 0.5, 0.3333, 0.25, 0.2]  # 4 significant digits


def test_loss_curve_text_progress(capsys):
    curve = LossCurve(total=4, widget=False)
    for step in range(4):
        curve.update(step, 0.5)
    out = capsys.readouterr().out
    assert out.endswith("\r[####################] loss 0.5 at step 3 (4/4)\n")
    assert out.count("\r") == 4


def test_figure_displays_as_deterministic_svg_in_ipython(tmp_path):
    for shell in new_shell(tmp_path):
        fig = plot_function_and_grad(torch.sin, (0, 1), num=5)
        data, _ = shell.display_formatter.format(fig)
        svg = data["image/svg+xml"]
        assert "image/png" not in data
        assert data["text/plain"] == "<Figure size 640x400 with 1 Axes>"
        assert svg.lstrip().startswith("<?xml") and svg.rstrip().endswith("</svg>")
        # no date, no matplotlib version, text as text: the same bytes on every machine
        assert "<dc:date>" not in svg and "Matplotlib v" not in svg
        assert ">sin and its derivative</text>" in svg
        again = plot_function_and_grad(torch.sin, (0, 1), num=5)
        assert shell.display_formatter.format(again)[0]["image/svg+xml"] == svg


def test_decision_regions_follow_the_classifier():
    from autograd_nb.notebook.plots import decision_regions

    X = torch.tensor([[-1.0, -2.0], [1.0, 2.0]])
    # class 1 right of x1 = 0.1, as scores (N, 2) and as indices (N,)
    by_scores = lambda p: torch.stack([0.1 - p[:, 0], p[:, 0] - 0.1], dim=1)  # noqa: E731
    by_index = lambda p: (p[:, 0] > 0.1).long()  # noqa: E731
    for predict in (by_scores, by_index):
        xs, ys, regions = decision_regions(predict, X, steps=5, margin=1.0)
        assert xs == [-2.0, -1.0, 0.0, 1.0, 2.0] and ys == [-3.0, -1.5, 0.0, 1.5, 3.0]
        assert regions == [[0, 0, 0, 1, 1]] * 5


def test_decision_boundary_figure_shows_every_point_and_region():
    X = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    y = torch.tensor([0, 1, 1])
    fig = plot_decision_boundary(lambda p: (p[:, 0] > 0.5).long(), X, y, steps=8)
    ax = fig.axes[0]
    assert ax.collections[-1].get_offsets().shape == (3, 2)  # the scatter of the points
    assert ax.get_title() == "decision boundary"
    with pytest.raises(ValueError, match="one per row of X"):
        plot_decision_boundary(lambda p: p[:, 0], X, torch.tensor([0, 1]))
    with pytest.raises(ValueError, match=r"\(N, 2\)"):
        plot_decision_boundary(lambda p: p[:, 0], torch.zeros(3, 3), y)


def test_loss_curve_plots_the_values_given():
    fig = plot_loss_curve([1.0, torch.tensor(0.5), 0.25])
    (line,) = fig.axes[0].get_lines()
    assert list(line.get_xdata()) == [0, 1, 2] and list(line.get_ydata()) == [1.0, 0.5, 0.25]
    with pytest.raises(ValueError, match="one step per loss"):
        plot_loss_curve([1.0, 2.0], steps=[0])


def test_figures_carry_a_png_for_untrusted_notebooks(ip):
    # JupyterLab shows no SVG before `jupyter trust`, but shows a PNG: every figure shown with
    # the extension loaded carries both, the PNG rendered from the same deterministic SVG
    code = (
        "from IPython.display import display\n"
        "from autograd_nb.notebook import plot_function_and_grad\n"
        "display(plot_function_and_grad(torch.tanh, (-2, 2), num=21))"
    )
    with capture_output() as first:
        assert ip.run_cell(code).success
    with capture_output() as second:
        assert ip.run_cell(code).success
    data = first.outputs[0].data
    assert set(data) == {"text/plain", "image/svg+xml", "image/png"}
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert data["image/png"] == second.outputs[0].data["image/png"]
    # the PNG is the SVG's size: points become pixels (4/3)
    width_pt = float(re.search(r'width="([\d.]+)pt"', data["image/svg+xml"])[1])
    assert int.from_bytes(data["image/png"][16:20], "big") == round(width_pt * 4 / 3)
    ip.run_line_magic("unload_ext", "autograd_nb")
    try:
        with capture_output() as plain:
            ip.run_cell(code)
        assert "image/png" not in plain.outputs[0].data  # only while the extension is loaded
    finally:
        ip.run_line_magic("load_ext", "autograd_nb")


def test_a_loss_curve_carries_a_png_of_its_curve():
    curve = LossCurve(total=3, every=1)
    for step, loss in enumerate([3.0, 2.0, 1.5]):
        curve.update(step, loss)
    bundle = curve._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["image/png"][:8] == b"\x89PNG\r\n\x1a\n"


def _description(svg: str) -> str:
    from xml.sax.saxutils import unescape

    start = svg.index('<desc id="autograd_nb-figure">') + len('<desc id="autograd_nb-figure">')
    return unescape(svg[start : svg.index("</desc>", start)])


def test_a_figures_svg_says_what_it_shows():
    # (x^2 + 2) / 4 on [-2, 2]: values 0.5 ... 1.5, derivative x / 2: -1 ... 1
    def f(x):
        return (x**2 + 2) / 4

    fig = plot_function_and_grad(f, (-2, 2), num=81)
    text = _description(figure_svg(fig)).splitlines()
    assert text[0] == "figure 6.4 x 4 in, 1 Axes"
    assert text[1].startswith("axes 1: title 'f and its derivative', x label 'x', y label ''")
    assert text[2] == "  line 'f(x)' (-): 81 points, x -2 to 2, y 0.5 to 1.5"
    assert text[3] == '  line "f\'(x) (autograd)" (--): 81 points, x -2 to 2, y -1 to 1'
    assert text[-1] == "  legend: 'f(x)', \"f'(x) (autograd)\""


def test_a_decision_boundarys_description_counts_points_and_regions():
    # a grid from -0.5 to 2.5 in steps of 0.05, class 1 from x1 = 0.55 on: the contour runs
    # midway, at 0.525, so class 0's band covers (0.525 + 0.5) / 3 = 34.2% of the plot
    X = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    y = torch.tensor([0, 1, 1, 1])
    fig = plot_decision_boundary(lambda p: (p[:, 0] > 0.5).long(), X, y, steps=61, margin=0.5)
    text = _description(figure_svg(fig))
    assert "-0.5 to 0.5: 34.2%, 0.5 to 1.5: 65.8%" in text
    assert "PathCollection: 4 points, x 0 to 2, y 0 to 1, coloured by value 0 x1, 1 x3" in text
