"""Pictures of training going right or wrong: gradient flow per layer, optimizer paths on a surface.

Both draw rounded numbers (4 significant digits, as `plot_loss_curve`): the last bits of a
trained value differ between BLAS builds, and a lesson's stored picture should not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .. import _messages as msg
from .._tensor import Tensor
from ..utils._matplotlib import figure


def _rounded(value) -> float:
    """A number or one-element tensor as a float with 4 significant digits."""
    return float(f"{float(value.item() if isinstance(value, Tensor) else value):.4g}")


def plot_grad_flow(
    norms: Mapping[str, Sequence], layers: Sequence[str] | None = None, title: str = "gradient flow"
):
    """Per-layer gradient norms, one line per entry of `norms`, on a log scale.

    `norms` maps a label ("sigmoid", "with residuals", ...) to one norm per layer (numbers or
    one-element tensors), first layer first; `layers` names the layers (default 1, 2, ...).
    Vanishing gradients fall towards the first layer, exploding ones rise: a flat line is healthy.
    """
    series = {label: [_rounded(v) for v in values] for label, values in norms.items()}
    lengths = {len(values) for values in series.values()}
    if len(lengths) != 1 or 0 in lengths:
        raise ValueError(msg.PLOT_GRAD_FLOW_LENGTHS)
    (count,) = lengths
    names = [str(k + 1) for k in range(count)] if layers is None else [str(n) for n in layers]
    if len(names) != count:
        raise ValueError(msg.PLOT_GRAD_FLOW_LAYERS.format(layers=len(names), norms=count))
    fig = figure((6.4, 3.6))
    ax = fig.add_subplot()
    positions = list(range(count))
    for label, values in series.items():
        ax.plot(positions, values, marker="o", markersize=3, label=label)
    ax.set_yscale("log")
    ax.set_xticks(positions, names)
    ax.set_xlabel("layer (input side on the left)")
    ax.set_ylabel("gradient norm")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend()
    return fig


def plot_loss_surface(
    f: Callable,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    paths: Mapping[str, Sequence] | None = None,
    levels=20,
    steps: int = 100,
    title: str | None = None,
):
    """Contours of a 2-D loss `f(x, y)` with optimizer paths drawn on top.

    `f` takes two float64 tensors of grid coordinates and returns the loss at each point
    (elementwise); `levels` is a number of contour levels or the levels themselves (increasing,
    coloured by rank, so that log-spaced levels use the whole colormap). Each entry
    of `paths` maps a label to the points visited, a sequence of (x, y) pairs or an (N, 2)
    tensor; a path starts with a dot and ends with a cross, and the first path is drawn on top
    (list a short path first, or the longer ones hide it).
    """
    from .._creation import linspace
    from ..autograd.grad_mode import no_grad
    from ..dtypes import float64

    (x_low, x_high), (y_low, y_high) = (tuple(float(v) for v in r) for r in (x_range, y_range))
    if not (x_low < x_high and y_low < y_high) or steps < 2:
        raise ValueError(msg.PLOT_SURFACE_RANGE)
    xs = linspace(x_low, x_high, steps, dtype=float64)
    ys = linspace(y_low, y_high, steps, dtype=float64)
    grid_x = xs.reshape(1, steps).expand(steps, steps)
    grid_y = ys.reshape(steps, 1).expand(steps, steps)
    with no_grad():
        z = f(grid_x, grid_y)
    if not isinstance(z, Tensor) or tuple(z.shape) != (steps, steps):
        raise ValueError(msg.PLOT_F_ELEMENTWISE)
    heights = [[_rounded(v) for v in row] for row in z.tolist()]
    fig = figure((6.0, 4.6))
    ax = fig.add_subplot()
    contour_style = {"cmap": "viridis"}
    if not isinstance(levels, int):  # colours by rank: log-spaced levels span the whole colormap
        from matplotlib import colormaps

        levels = [float(v) for v in levels]
        ranks = [k / max(len(levels) - 1, 1) for k in range(len(levels))]
        contour_style = {"colors": [colormaps["viridis"](r) for r in ranks]}
    ax.contour(xs.tolist(), ys.tolist(), heights, levels=levels, linewidths=0.7, **contour_style)
    paths = dict(paths or {})
    for rank, (label, path) in enumerate(paths.items()):
        on_top = {"zorder": 3 + len(paths) - rank}  # the first path is drawn over the later ones
        points = path.detach().tolist() if isinstance(path, Tensor) else [list(p) for p in path]
        if not points or any(len(p) != 2 for p in points):
            raise ValueError(msg.PLOT_PATH_POINTS.format(label=label))
        px = [_rounded(p[0]) for p in points]
        py = [_rounded(p[1]) for p in points]
        (line,) = ax.plot(px, py, linewidth=1.2, label=label, **on_top)
        ax.plot(px[:1], py[:1], "o", color=line.get_color(), markersize=4, **on_top)
        ax.plot(px[-1:], py[-1:], "x", color=line.get_color(), markersize=7, mew=2, **on_top)
    ax.set_xlim(x_low, x_high)
    ax.set_ylim(y_low, y_high)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_title(title or "loss surface")
    if paths:
        ax.legend(loc="lower right", fontsize="small")
    return fig
