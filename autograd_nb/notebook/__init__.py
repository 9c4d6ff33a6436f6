"""The Jupyter layer: `%load_ext autograd_nb` magics, widgets and plots.

Only this subpackage imports IPython, ipywidgets and matplotlib; `import autograd_nb` never does.
"""

from __future__ import annotations

from .. import _messages as msg
from .exercises import NOT_ANSWERED, check
from .explain import Explanation, explain

__all__ = [
    "load_ipython_extension",
    "unload_ipython_extension",
    "check",
    "NOT_ANSWERED",
    "explain",
    "Explanation",
    "BackwardStepper",
    "TensorInspector",
    "JacobianExplorer",
    "LossCurve",
    "plot_function_and_grad",
    "plot_loss_curve",
    "plot_decision_boundary",
    "plot_grad_flow",
    "plot_loss_surface",
    "plot_images",
]

_LAZY = {
    "BackwardStepper": "widgets",
    "TensorInspector": "widgets",
    "JacobianExplorer": "widgets",
    "LossCurve": "plots",
    "plot_function_and_grad": "plots",
    "plot_loss_curve": "plots",
    "plot_decision_boundary": "plots",
    "plot_grad_flow": "training_plots",
    "plot_loss_surface": "training_plots",
    "plot_images": "image_plots",
}


def __getattr__(name: str):
    """Widgets and plots import ipywidgets / matplotlib only when first used."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(msg.PACKAGE_NO_ATTRIBUTE.format(module=__name__, name=name))


FIGURE = ("matplotlib.figure", "Figure")  # registered by name: matplotlib is imported when used


def load_ipython_extension(ipython) -> None:
    """Register the magics, the (opt-in) tensor HTML formatter and the inspector refresh."""
    from .._tensor import Tensor
    from ..utils._matplotlib import figure_svg
    from ..viz.values import VALUES
    from . import tracebacks
    from .lifetimes import close_before_run
    from .magics import FLOWS, AutogradMagics, tensor_html
    from .output_cache import forget_flushed_results
    from .plots import figure_png
    from .widgets import refresh_inspectors

    tracebacks.install(ipython)
    ipython.register_magics(AutogradMagics)
    ipython.display_formatter.formatters["text/html"].for_type(Tensor, tensor_html)
    # figures carry a PNG beside their SVG: JupyterLab shows no SVG before `jupyter trust`
    ipython.display_formatter.formatters["image/png"].for_type_by_name(
        "matplotlib.figure", "Figure", figure_png
    )
    # any Figure shows as SVG saying what it shows (compared so by nbval; see utils/_matplotlib)
    ipython.display_formatter.formatters["image/svg+xml"].for_type_by_name(*FIGURE, figure_svg)
    ipython.events.register("post_run_cell", refresh_inspectors)
    ipython.events.register("pre_run_cell", close_before_run)  # its output was cleared
    ipython.events.register("post_run_cell", forget_flushed_results)
    FLOWS.start()
    VALUES.watch_backward(True)  # the grads of nodes whose values %%grad_trace --micrograd saw


def unload_ipython_extension(ipython) -> None:
    """Remove everything load_ipython_extension added (IPython has no unregister API)."""
    from .._tensor import Tensor
    from ..viz.values import VALUES
    from . import tracebacks
    from .lifetimes import close_before_run
    from .magics import _STATE, FLOWS, AutogradMagics
    from .output_cache import forget_flushed_results
    from .widgets import refresh_inspectors

    tracebacks.uninstall(ipython)
    for kind, names in AutogradMagics.magics.items():
        for name in names:
            ipython.magics_manager.magics[kind].pop(name, None)
    ipython.magics_manager.registry.pop(AutogradMagics.__name__, None)
    ipython.display_formatter.formatters["text/html"].pop(Tensor, None)
    drop_figure_png(ipython.display_formatter.formatters["image/png"])
    ipython.display_formatter.formatters["image/svg+xml"].pop(".".join(FIGURE), None)
    for event, callback in (
        ("post_run_cell", refresh_inspectors),
        ("pre_run_cell", close_before_run),
    ):
        try:
            ipython.events.unregister(event, callback)
        except ValueError:  # already gone
            pass
    _STATE["cards"] = False
    FLOWS.stop()
    VALUES.set_recording(False)  # as %autograd_nb --no-record-values
    VALUES.watch_backward(False)


def drop_figure_png(png) -> None:
    """Remove the extension's PNG formatter for figures (and nothing another tool registered)."""
    from .plots import figure_png

    for printers in (png.type_printers, png.deferred_printers):
        for key, printer in list(printers.items()):
            if printer is figure_png:
                del printers[key]
