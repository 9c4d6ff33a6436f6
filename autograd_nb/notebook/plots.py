"""Matplotlib helpers: a function next to its autograd derivative, and a live loss curve.

Figures are made with `matplotlib.figure.Figure` (no pyplot, no global state, Agg-safe), so they
display once, as returned, and their text/plain is the stable `<Figure size ... with 1 Axes>`.
In IPython they display as SVG written byte-for-byte the same on every machine (`figure_svg`), so
a lesson's stored picture does not change when it is re-run elsewhere.
"""

from __future__ import annotations

import re

from .. import _messages as msg
from .._tensor import Tensor
from ..utils._matplotlib import figure, figure_svg
from ..viz.png import svg_to_png

_POINTS = re.compile(r'(width|height)="([\d.]+)pt"')


def figure_png(fig) -> bytes | None:
    """The figure's deterministic SVG rendered to PNG (resvg, matplotlib's DejaVu fonts): what
    JupyterLab shows of a stored figure before the notebook is trusted. None without resvg."""
    return svg_png(figure_svg(fig))


figure_png.same_everywhere = True  # utils._matplotlib keeps it (it drops pyplot's PNG)


def svg_png(svg: str) -> bytes | None:
    """A matplotlib SVG as PNG: its size in points becomes pixels (resvg wants pixels)."""
    start = svg.index("<svg")
    end = svg.index(">", start)
    tag = _POINTS.sub(lambda m: f'{m[1]}="{float(m[2]) * 4 / 3:.2f}"', svg[start:end])
    return svg_to_png(tag + svg[end:])


def plot_function_and_grad(f, x_range: tuple[float, float], num: int = 200, ax=None):
    """Plot an elementwise f and its derivative computed by autograd on one figure (returned)."""
    from .._creation import linspace
    from ..autograd.grad_api import grad
    from ..dtypes import float64

    low, high = (float(v) for v in x_range)
    if not low < high or num < 2:
        raise ValueError(msg.PLOT_X_RANGE)
    x = linspace(low, high, num, dtype=float64, requires_grad=True)
    y = f(x)
    if not isinstance(y, Tensor) or y.shape != x.shape:
        raise ValueError(msg.PLOT_F_ELEMENTWISE)
    (dy,) = grad(y.sum(), x)
    name = getattr(f, "__name__", "f")
    name = "f" if name == "<lambda>" else name
    if ax is None:
        fig = figure((6.4, 4.0))
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    xs = x.detach().tolist()
    ax.plot(xs, y.detach().tolist(), label=f"{name}(x)")
    ax.plot(xs, dy.tolist(), label=f"{name}'(x) (autograd)", linestyle="--")
    ax.axhline(0.0, color="0.8", linewidth=0.8)
    ax.set_xlabel("x")
    ax.set_title(f"{name} and its derivative")
    ax.legend()
    return fig


class LossCurve:
    """Live loss curve for a training loop: `update(step, loss)`; a progress bar when `total`.

    In a notebook it is an ipywidgets box (IntProgress, a status line and an SVG of the curve,
    redrawn every `every` updates and at the last step); `widget=False` prints a one-line text
    progress bar instead. `figure()` returns the curve as a matplotlib Figure.
    """

    def __init__(
        self, total: int | None = None, every: int = 10, title: str = "loss", widget: bool = True
    ):
        self.total, self.every, self.title = total, max(1, every), title
        self.steps: list[int] = []
        self.losses: list[float] = []
        self.widget = None
        if widget:
            import ipywidgets as W

            self._bar = W.IntProgress(
                value=0, min=0, max=total or 1, layout=W.Layout(display="flex" if total else "none")
            )
            self._status = W.Label(value=f"{title}: no steps yet")
            self._picture = W.HTML()  # deterministic SVG: the same stored bytes on every machine
            self.widget = W.VBox([W.HBox([self._bar, self._status]), self._picture])
            from .lifetimes import adopt, close_tree

            adopt(self.widget, close_tree)  # closed when its cell runs again

    def __repr__(self) -> str:
        total = f", total={self.total}" if self.total else ""
        return f"LossCurve({self.title!r}{total})"

    def _repr_mimebundle_(self, include=None, exclude=None):
        if self.widget is None:
            return {"text/plain": repr(self)}
        data = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data["text/plain"] = repr(self)
        png = svg_png(self._picture.value) if self._picture.value else None
        if png:  # the curve, where the widget cannot show (an untrusted notebook)
            data["image/png"] = png
        return data

    def update(self, step: int, loss) -> None:
        """Record the loss (a number or a one-element tensor) at this step."""
        value = float(loss.item() if isinstance(loss, Tensor) else loss)
        self.steps.append(int(step))
        self.losses.append(value)
        status = f"{self.title} {value:.4g} at step {step}"
        if self.total:
            status += f" ({len(self.steps)}/{self.total})"
        last = self.total is not None and len(self.steps) >= self.total
        if self.widget is None:
            bar = ""
            if self.total:
                done = int(20 * min(len(self.steps), self.total) / self.total)
                bar = "[" + "#" * done + "." * (20 - done) + "] "
            print("\r" + bar + status, end="\n" if last else "", flush=True)
            return
        self._bar.value = min(len(self.steps), self._bar.max)
        self._status.value = status
        if last or len(self.steps) % self.every == 0:
            self._picture.value = figure_svg(self.figure())

    def figure(self):
        """The curve so far as a matplotlib Figure."""
        return plot_loss_curve(self.losses, steps=self.steps, title=self.title)


def plot_loss_curve(losses, steps=None, title: str = "loss"):
    """A training curve: `losses` (numbers or one-element tensors) against `steps` (0, 1, ...)."""
    # 4 significant digits are all a chart shows; the last bits of a trained loss differ between
    # BLAS builds, and the stored picture should not
    values = [float(f"{float(v.item() if isinstance(v, Tensor) else v):.4g}") for v in losses]
    steps = list(range(len(values))) if steps is None else [int(s) for s in steps]
    if len(steps) != len(values):
        raise ValueError(msg.PLOT_STEPS_LOSSES.format(steps=len(steps), losses=len(values)))
    fig = figure((6.0, 3.2))
    ax = fig.add_subplot()
    ax.plot(steps, values)
    ax.set_xlabel("step")
    ax.set_ylabel(title)
    ax.grid(True, alpha=0.3)
    return fig


def decision_regions(predict, X, steps: int = 100, margin: float = 0.5) -> tuple:
    """The class `predict` gives each point of a `steps` x `steps` grid around the points `X`.

    `predict` maps an (N, 2) float tensor to class scores (N, C) (the class is the argmax) or to
    class indices (N,); it runs under `no_grad`, in `X`'s dtype and on its device. Returns the
    grid's x values, its y values, and the classes as a list of `steps` rows (one per y value).
    """
    from .._creation import linspace
    from ..autograd.grad_mode import no_grad
    from ..ops.joining import stack

    if not isinstance(X, Tensor) or X.dim() != 2 or X.shape[1] != 2:
        raise ValueError(msg.PLOT_POINTS_SHAPE)
    points = X.detach()
    low = (points.min(0).values - margin).tolist()
    high = (points.max(0).values + margin).tolist()
    xs = linspace(low[0], high[0], steps, dtype=X.dtype, device=X.device)
    ys = linspace(low[1], high[1], steps, dtype=X.dtype, device=X.device)
    grid_x = xs.reshape(1, steps).expand(steps, steps).reshape(-1)
    grid_y = ys.reshape(steps, 1).expand(steps, steps).reshape(-1)
    with no_grad():
        scores = predict(stack([grid_x, grid_y], dim=1))
    classes = scores.argmax(dim=1) if scores.dim() == 2 else scores
    return xs.tolist(), ys.tolist(), classes.reshape(steps, steps).tolist()


def plot_decision_boundary(predict, X, y, steps: int = 100, margin: float = 0.5, title=None):
    """The regions where `predict` gives each class, with the labelled 2-D points `X`, `y` on top.

    See `decision_regions` for `predict`, `steps` and `margin`.
    """
    if not isinstance(y, Tensor) or not isinstance(X, Tensor) or tuple(y.shape) != (X.shape[0],):
        raise ValueError(msg.PLOT_LABELS_SHAPE)
    xs, ys, regions = decision_regions(predict, X, steps, margin)
    labels = y.detach().tolist()
    n_classes = max(max(labels), *(max(row) for row in regions)) + 1
    fig = figure((5.0, 4.2))
    ax = fig.add_subplot()
    levels = [k - 0.5 for k in range(n_classes + 1)]
    ax.contourf(xs, ys, regions, levels=levels, cmap="coolwarm", alpha=0.3)
    points = X.detach().tolist()
    ax.scatter(
        [p[0] for p in points],
        [p[1] for p in points],
        c=labels,
        cmap="coolwarm",
        s=12,
        edgecolors="k",
        linewidths=0.3,
        vmin=0,
        vmax=max(n_classes - 1, 1),
    )
    ax.set_xlabel("x1")
    ax.set_ylabel("x2")
    ax.set_title(title or "decision boundary")
    return fig
