"""plot_images: filters or feature maps in a grid, each scaled to [-1, 1], described in words."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.notebook import plot_images
from autograd_nb.utils._matplotlib import figure_description


def test_each_image_is_scaled_by_its_own_largest_magnitude():
    weight = torch.tensor([[[[2.0, -1.0], [0.0, 1.0]]], [[[0.3, 0.0], [0.0, -0.6]]]])
    fig = plot_images(weight, titles=["a", "b"])
    first, second = (ax.get_images()[0] for ax in fig.axes)
    assert np.asarray(first.get_array()).tolist() == [[1.0, -0.5], [0.0, 0.5]]
    assert np.asarray(second.get_array()).tolist() == [[0.5, 0.0], [0.0, -1.0]]
    assert first.get_clim() == (-1, 1) and first.get_cmap().name == "RdBu_r"
    assert [ax.get_title() for ax in fig.axes] == ["a", "b"]
    assert all(not ax.get_xticks().size and not ax.get_yticks().size for ax in fig.axes)


def test_a_layer_on_the_gpu_is_drawn_from_host_copies(device):
    conv = torch.nn.Conv2d(1, 2, 2, bias=False).to(device)
    with torch.no_grad():
        conv.weight.copy_(torch.tensor([[[[4.0, -2.0], [0.0, 1.0]]], [[[0.0, 0.0], [0.0, 5.0]]]]))
    first, second = (ax.get_images()[0] for ax in plot_images(conv.weight).axes)
    assert np.asarray(first.get_array()).tolist() == [[1.0, -0.5], [0.0, 0.25]]
    assert np.asarray(second.get_array()).tolist() == [[0.0, 0.0], [0.0, 1.0]]


def test_values_are_rounded_to_two_decimals_and_a_zero_image_stays_zero():
    fig = plot_images(np.array([[[3.0, 1.0]], [[0.0, 0.0]]]))  # (N, H, W) arrays too
    rounded, zero = (np.asarray(ax.get_images()[0].get_array()).tolist() for ax in fig.axes)
    assert rounded == [[1.0, 0.33]] and zero == [[0.0, 0.0]]


def test_images_fill_rows_of_columns():
    fig = plot_images(torch.ones(5, 3, 3), columns=2)
    geometry = [ax.get_subplotspec().get_geometry()[:2] for ax in fig.axes]
    assert len(fig.axes) == 5 and set(geometry) == {(3, 2)}
    assert len(plot_images(torch.ones(2, 3, 3)).axes) == 2  # fewer images than columns


def test_the_description_names_the_title_and_each_images_values():
    fig = plot_images(torch.tensor([[[1.0, -0.5], [0.0, 0.5]]]), title="filters")
    text = figure_description(fig).splitlines()
    assert text[0].endswith("1 Axes, title 'filters'")
    assert text[2] == "  image 2 x 2, colour map 'RdBu_r' from -1 to 1, values -0.5 to 1, mean 0.25"


def test_bad_shapes_titles_and_columns_are_refused():
    with pytest.raises(ValueError, match=r"\(N, H, W\) or \(N, 1, H, W\), not \(2, 3, 4, 4\)"):
        plot_images(torch.ones(2, 3, 4, 4))
    with pytest.raises(ValueError, match=r"not \(4, 4\)"):
        plot_images(torch.ones(4, 4))
    with pytest.raises(ValueError, match="1 titles for 2 images"):
        plot_images(torch.ones(2, 2, 2), titles=["x"])
    with pytest.raises(ValueError, match="columns must be at least 1, not 0"):
        plot_images(torch.ones(2, 2, 2), columns=0)
