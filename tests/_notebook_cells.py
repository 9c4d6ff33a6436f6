"""One cell per magic and widget of the extension, for the long-session tests and benchmark.

`CELLS` maps a case name to the cell a learner re-runs; `COVERS` says which registered name
(a magic of `AutogradMagics`, a name in `autograd_nb.notebook.__all__`) each case exercises,
so that a magic or widget added later without a case here is noticed (`uncovered`).
`SETUP` defines what the cells use: lesson 000's leaves and graph, a small net, a deep graph
(drawn collapsed: an ExpandableGraph widget) and a failed backward for `%explain_error`.
"""

from __future__ import annotations

from _ipython_shell import LESSON_000, LESSON_000_GRAPH

SETUP = (
    LESSON_000
    + LESSON_000_GRAPH
    + """\
from autograd_nb.notebook import *
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
loss = net(torch.tensor([[1.0, -2.0, 0.5]])).sum()
deep = x1
for _ in range(30):
    deep = (deep * x2).tanh()
points = torch.randn(20, 2)
labels = (points[:, 0] > points[:, 1]).long()
"""
)
# run once after SETUP: sets sys.last_value for %explain_error
FAILING = "b = (x1 * x2).sum()\nb.backward()\nb.backward()"

CELLS = {
    "grad_graph": "%grad_graph y",
    "grad_graph --saved --grads --values": "%grad_graph y --saved --grads --values",
    "grad_graph --full --micrograd": "%grad_graph y --full --micrograd",
    "grad_graph --params": "%grad_graph net.2.bias net.0.weight --params net",
    "grad_graph (collapsed widget)": "%grad_graph deep",
    "grad_trace": "%%grad_trace\nz = (x1 * x2).sum()\nz.backward()",
    "grad_trace --micrograd": "%%grad_trace --micrograd\nz = (x1 * x2).sum()\nz.backward()",
    "grad_inspect": "%grad_inspect y",
    "grad_steps": "%grad_steps y",
    "grad_steps (net)": "%grad_steps loss",
    "explain_error": "%explain_error",
    "explain_error MESSAGE": "%explain_error element 0 of tensors does not require grad",
    "grad_display card": "%grad_display card\ny",
    "autograd_nb": "%autograd_nb",
    "BackwardStepper": "BackwardStepper(y)",
    "TensorInspector": "TensorInspector(x1)",
    "JacobianExplorer": "JacobianExplorer(lambda v: v * 2, x1)",
    "LossCurve": "c = LossCurve(total=4, every=2)\nfor i in range(4):\n    c.update(i, 1 / (i + 1))\nc",
    "plot_function_and_grad": "plot_function_and_grad(torch.tanh, (-2, 2), num=50)",
    "plot_loss_curve": "plot_loss_curve([3.0, 2.0, 1.5, 1.2])",
    "plot_decision_boundary": "plot_decision_boundary(lambda p: p.sum(1).gt(0).long(), points, "
    "labels, steps=20)",
    "plot_grad_flow": 'plot_grad_flow({"sigmoid": [1.0, 0.1, 0.01]})',
    "plot_loss_surface": "plot_loss_surface(lambda a, b: a**2 + b**2, (-1, 1), (-1, 1), steps=20)",
    "plot_images": 'plot_images(torch.arange(18.0).reshape(2, 3, 3), titles=["a", "b"])',
    "check": "check(x1.item(), 1.0)",
    "explain": 'explain("element 0 of tensors does not require grad")',
    "plain cell (control)": "v = x1 * 2\nv",
}
COVERS = {
    "grad_graph": "grad_graph",
    "grad_trace": "grad_trace",
    "grad_inspect": "grad_inspect",
    "grad_steps": "grad_steps",
    "explain_error": "explain_error",
    "grad_display card": "grad_display",
    "autograd_nb": "autograd_nb",
    "check": "check",
    "explain": "explain",
    **{name: name for name in CELLS if name[0].isupper() or name.startswith("plot_")},
}
# `%grad_display card` stays on after its cell: switched back after its case
AFTER = {"grad_display card": "%grad_display plain"}


def registered() -> set[str]:
    """Every magic the extension registers and every widget, plot or helper it exports."""
    import autograd_nb.notebook as notebook
    from autograd_nb.notebook.magics import AutogradMagics

    names = {name for kind in AutogradMagics.magics.values() for name in kind}
    hooks = {"load_ipython_extension", "unload_ipython_extension", "NOT_ANSWERED", "Explanation"}
    return names | set(notebook.__all__) - hooks


def uncovered() -> set[str]:
    """Registered names that no case exercises."""
    return registered() - set(COVERS.values())
