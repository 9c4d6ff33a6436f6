"""Training pictures: per-layer gradient flow, and optimizer paths on a loss surface's contours."""

from __future__ import annotations

import math

import pytest
from _ipython_shell import new_shell
from matplotlib.contour import ContourSet

import autograd_nb as torch
from autograd_nb.notebook import plot_grad_flow, plot_loss_surface


def test_grad_flow_draws_each_label_per_layer_on_a_log_scale():
    fig = plot_grad_flow(
        {"vanishing": [1e-6, 1e-3, torch.tensor(0.123456)], "healthy": [1.0, 1.0, 1.0]},
        layers=["fc1", "fc2", "fc3"],
    )
    (ax,) = fig.axes
    assert ax.get_yscale() == "log"
    vanishing, healthy = ax.get_lines()
    assert list(vanishing.get_ydata()) == [1e-6, 1e-3, 0.1235]  # 4 significant digits
    assert list(healthy.get_ydata()) == [1.0, 1.0, 1.0]
    assert list(vanishing.get_xdata()) == [0, 1, 2]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["fc1", "fc2", "fc3"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["vanishing", "healthy"]


def test_grad_flow_numbers_layers_from_one_by_default():
    fig = plot_grad_flow({"net": [2.0, 3.0]})
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["1", "2"]


def test_grad_flow_rejects_ragged_or_mislabelled_norms():
    with pytest.raises(ValueError, match="same number"):
        plot_grad_flow({"a": [1.0, 2.0], "b": [1.0]})
    with pytest.raises(ValueError, match="same number"):
        plot_grad_flow({"a": []})
    with pytest.raises(ValueError, match="3 layer names for 2 norms"):
        plot_grad_flow({"a": [1.0, 2.0]}, layers=["x", "y", "z"])


def _contours(ax) -> ContourSet:
    (contours,) = [c for c in ax.collections if isinstance(c, ContourSet)]
    return contours


def test_surface_contours_are_the_level_sets_of_f():
    fig = plot_loss_surface(lambda x, y: x**2 + y**2, (-2, 2), (-2, 2), levels=[1.0], steps=81)
    contours = _contours(fig.axes[0])
    assert list(contours.levels) == [1.0]
    (path,) = contours.get_paths()
    radii = [math.hypot(x, y) for x, y in path.vertices]
    assert len(radii) > 20 and max(abs(r - 1.0) for r in radii) < 2e-3  # the unit circle


def test_surface_draws_each_path_from_a_dot_to_a_cross():
    points = torch.tensor([[-1.0, 1.0], [0.5, 0.25], [0.123456, 0.0]])
    fig = plot_loss_surface(
        lambda x, y: (1 - x) ** 2 + 100 * (y - x**2) ** 2,
        (-2, 2),
        (-1, 3),
        paths={"adam": points, "sgd": [(0.0, 0.0), (1.0, 1.0)]},
        levels=5,
        title="Rosenbrock",
    )
    (ax,) = fig.axes
    line, start, end = ax.get_lines()[:3]
    assert list(line.get_xdata()) == [-1.0, 0.5, 0.1235] and list(line.get_ydata()) == [1, 0.25, 0]
    assert (list(start.get_xdata()), list(end.get_xdata())) == ([-1.0], [0.1235])
    assert (start.get_marker(), end.get_marker()) == ("o", "x")
    assert start.get_color() == end.get_color() == line.get_color()
    later = ax.get_lines()[3]
    assert line.get_zorder() > later.get_zorder()  # the first path is drawn over the second
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["adam", "sgd"]
    assert ax.get_title() == "Rosenbrock" and ax.get_xlim() == (-2, 2) and ax.get_ylim() == (-1, 3)


def test_surface_rejects_bad_input():
    with pytest.raises(ValueError, match="low < high"):
        plot_loss_surface(lambda x, y: x + y, (1, 0), (0, 1))
    with pytest.raises(ValueError, match="elementwise"):
        plot_loss_surface(lambda x, y: (x + y).sum(), (0, 1), (0, 1))
    with pytest.raises(ValueError, match="path 'p'"):
        plot_loss_surface(lambda x, y: x + y, (0, 1), (0, 1), paths={"p": [(0.0, 0.0, 0.0)]})


def test_training_pictures_display_as_svg_in_ipython(tmp_path):
    for shell in new_shell(tmp_path):
        fig = plot_grad_flow({"net": [1.0, 0.1]}, title="flow")
        data, _ = shell.display_formatter.format(fig)
        assert "image/png" not in data and ">flow</text>" in data["image/svg+xml"]


def test_surface_colours_given_levels_by_rank_across_the_colormap():
    from matplotlib import colormaps

    levels = [0.1, 1.0, 10.0, 100.0]  # log-spaced: colours by value would all sit at one end
    fig = plot_loss_surface(lambda x, y: x**2 + 100 * y**2, (-3, 3), (-3, 3), levels=levels)
    contours = _contours(fig.axes[0])
    assert list(contours.levels) == levels
    viridis = colormaps["viridis"]
    assert [tuple(c) for c in contours.get_edgecolor()] == [
        viridis(0.0),
        viridis(1 / 3),
        viridis(2 / 3),
        viridis(1.0),
    ]
