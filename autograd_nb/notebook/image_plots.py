"""Small images in a grid: a convolution's filters or feature maps, a batch of digits.

Each image is scaled by its own largest magnitude to [-1, 1] and drawn with a diverging colour
map (red positive, blue negative, white zero), so the pattern shows whatever the numbers' size.
Values are rounded to 2 decimals first: a colour map shows no finer shades, and the last bits of
a trained filter differ between BLAS builds, so a lesson's stored picture should not depend on them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .. import _messages as msg
from .._tensor import Tensor
from ..utils._matplotlib import figure

COLOUR_MAP = "RdBu_r"


def _grid(images) -> np.ndarray:
    """(N, H, W) float64 from a tensor or array of shape (N, H, W) or (N, 1, H, W)."""
    data = images.detach().cpu().numpy() if isinstance(images, Tensor) else np.asarray(images)
    if data.ndim == 4 and data.shape[1] == 1:
        data = data[:, 0]
    if data.ndim != 3 or 0 in data.shape:
        raise ValueError(msg.PLOT_IMAGES_SHAPE.format(shape=tuple(data.shape)))
    return data.astype(np.float64)


def plot_images(
    images,
    titles: Sequence[str] | None = None,
    title: str | None = None,
    columns: int = 8,
):
    """Draw images of shape (N, H, W) or (N, 1, H, W), `columns` to a row, each scaled to [-1, 1].

    `titles` names each image; `title` is the figure's. A conv layer's filters:
    `plot_images(conv.weight)` (one input channel); its feature maps: `plot_images(out[0])`.
    """
    data = _grid(images)
    count = len(data)
    if titles is not None and len(titles) != count:
        raise ValueError(msg.PLOT_IMAGES_TITLES.format(titles=len(titles), images=count))
    if columns < 1:
        raise ValueError(msg.PLOT_IMAGES_COLUMNS.format(columns=columns))
    columns = min(columns, count)
    rows = -(-count // columns)
    fig = figure((1.2 * columns, 1.3 * rows + (0.4 if title else 0.0)))
    for k, image in enumerate(data):
        largest = np.abs(image).max()
        scaled = np.round(image / largest, 2) if largest > 0 else np.zeros_like(image)
        ax = fig.add_subplot(rows, columns, k + 1)
        ax.imshow(scaled, cmap=COLOUR_MAP, vmin=-1, vmax=1)
        ax.set_xticks([])
        ax.set_yticks([])
        if titles is not None:
            ax.set_title(str(titles[k]), fontsize=9)
    if title:
        fig.suptitle(title)
    return fig
