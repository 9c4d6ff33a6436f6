"""Widgets headless (ipywidgets' DummyComm): the backward stepper, inspector, Jacobian explorer."""

from __future__ import annotations

import ipywidgets as W
import pytest
from _ipython_shell import LESSON_000_GRAPH, ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.notebook.widgets import (
    BackwardStepper,
    JacobianExplorer,
    TensorInspector,
    record_backward,
)


def lesson_000():
    """Lesson 000's graph: f = x1 + x2; g = x2 - x3 - x4; y = f * g."""
    x1, x2, x3, x4 = (torch.tensor([v], requires_grad=True) for v in (1.0, 2.0, 3.0, 4.0))
    f = x1 + x2
    g = x2 - x3 - x4
    y = f * g
    return dict(x1=x1, x2=x2, x3=x3, x4=x4, f=f, g=g, y=y)


def engine_order(y) -> list:
    """The nodes in the order the real engine runs them (recorded with node pre-hooks)."""
    order, seen, stack = [], set(), [y.grad_fn]
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            node.register_prehook(lambda grads, node=node: order.append(node))
            stack.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    y.backward()
    return order


def test_recorded_steps_are_the_engines_order_and_sums():
    t = lesson_000()
    steps = record_backward(t["y"])
    assert t["x1"].grad is None  # recording does not touch the leaves
    order = engine_order(t["y"])
    assert len(steps) == len(order) == 8
    assert [s.node for s in steps] == order
    assert [s.name for s in steps][:3] == ["MulBackward0", "SubBackward0", "AccumulateGrad"]
    final = {id(s.leaf): s.leaf_grad.tolist() for s in steps if s.leaf is not None}
    for name in ("x1", "x2", "x3", "x4"):
        assert final[id(t[name])] == t[name].grad.tolist()
    # x2 is reached along two paths: its .grad is the sum over both (lesson 000)
    x2_steps = [s for s in steps if s.leaf is t["x2"]]
    assert len(x2_steps) == 1 and x2_steps[0].grads_in[0].tolist() == [-2.0]


def test_stepper_frames_for_lesson_000():
    t = lesson_000()
    stepper = BackwardStepper(t["y"], names=t)
    assert repr(stepper) == "BackwardStepper(y, 8 steps)"
    assert stepper._repr_mimebundle_()["text/plain"] == "BackwardStepper(y, 8 steps)"
    assert len(stepper.frames) == 9 and len(stepper.stack.children) == 9
    assert stepper.slider.max == stepper.play.max == 8
    assert [f.title for f in stepper.frames[:3]] == [
        "Step 0 / 8: before backward",
        "Step 1 / 8: MulBackward0",
        "Step 2 / 8: SubBackward0",
    ]
    # frames are switched client-side: play -> slider -> stack
    links = [
        (link.source[0], link.source[1], link.target[0], link.target[1]) for link in stepper.links
    ]
    assert links == [
        (stepper.play, "value", stepper.slider, "value"),
        (stepper.slider, "value", stepper.stack, "selected_index"),
    ]
    assert all(isinstance(link, W.widget_link.Link) for link in stepper.links)
    # leaves' .grad accumulate frame by frame and end at y.backward()'s values (lesson 000)
    assert {k: v for k, v in stepper.frames[0].leaf_grads.items()} == dict.fromkeys(
        ["x4", "x3", "x1", "x2"]
    )
    last = {k: v.tolist() for k, v in stepper.frames[-1].leaf_grads.items()}
    assert last == {"x1": [-5.0], "x2": [-2.0], "x3": [-3.0], "x4": [-3.0]}
    assert "x4.grad is now [-3]" in stepper.frames[3].text
    assert "local derivative: ∂(a·b)/∂a = b,  ∂(a·b)/∂b = a" in stepper.frames[1].text
    for frame, child in zip(stepper.frames, stepper.stack.children):
        assert "<svg" in child.value and child.value == frame.html()
    assert t["x1"].grad is None
    t["y"].backward()  # the graph is still usable: nothing was freed
    assert t["x1"].grad.tolist() == [-5.0]


def test_the_stepper_runs_hooks_and_functions_once_through_the_real_engine():
    # A tensor hook that doubles the gradient and a custom Function inside the stepped graph:
    # each runs once, and the frames show the gradients they produced.
    calls = []

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        def backward(ctx, grad):
            calls.append("Cube.backward")
            (x,) = ctx.saved_tensors
            return grad * 3 * x**2

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = Cube.apply(x)
    h.register_hook(lambda g: calls.append("hook") or g * 2)
    y = (h * 5).sum()
    stepper = BackwardStepper(y, names={"x": x, "h": h, "y": y})
    assert calls == ["hook", "Cube.backward"]
    assert [s.name for s in stepper.steps] == [
        "SumBackward0",
        "MulBackward0",
        "CubeBackward",
        "AccumulateGrad",
    ]
    cube_step = stepper.steps[2]
    assert cube_step.grads_in[0].tolist() == [10.0, 10.0]  # 5, doubled by the hook
    assert cube_step.flows[0][1].tolist() == [30.0, 120.0]  # 10 * 3x²
    assert "CubeBackward receives gradient [10, 10]" in stepper.frames[3].text
    assert "x.grad is now [30, 120]" in stepper.frames[4].text
    assert x.grad is None
    y.backward()  # the real backward afterwards: the same values, the hook once more
    assert x.grad.tolist() == [30.0, 120.0] and calls.count("hook") == 2


def test_stepper_frames_are_deterministic():
    first = [f.html() for f in BackwardStepper(lesson_000()["y"]).frames]
    assert [f.html() for f in BackwardStepper(lesson_000()["y"]).frames] == first


def test_stepper_caps_frames_and_keeps_final_state():
    x = torch.tensor([0.5], requires_grad=True)
    y = x
    for _ in range(30):
        y = y * 1.5 + 0.1
    stepper = BackwardStepper(y, names={"x": x}, max_frames=5)
    assert len(stepper.steps) == 61 and len(stepper.frames) == 5
    expected = torch.autograd.grad(y, x)[0].tolist()
    assert stepper.frames[-1].leaf_grads["x"].tolist() == pytest.approx(expected)


def test_stepper_with_gradient_and_errors():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    with pytest.raises(RuntimeError, match=msg.IMPLICIT_SCALAR):
        BackwardStepper(y)
    stepper = BackwardStepper(y, gradient=torch.tensor([0.1, 0.2]), names={"x": x})
    assert stepper.frames[-1].leaf_grads["x"].tolist() == pytest.approx([0.2, 0.4])
    y.sum().backward()  # frees the graph
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        BackwardStepper(y, gradient=torch.tensor([0.1, 0.2]))


def test_inspector_refreshes_on_grad_and_version_change():
    t = lesson_000()
    inspector = TensorInspector(t["x1"], name="x1")
    assert repr(inspector) == "TensorInspector(x1)"
    assert "None" in inspector.view.value and inspector.refresh() is False
    t["y"].backward()
    assert inspector.refresh() is True and "tensor([-5.])" in inspector.view.value
    with torch.no_grad():
        t["x1"].add_(1)
    assert inspector.refresh() is True and "<pre>1</pre>" in inspector.view.value  # version 1
    with pytest.raises(TypeError):
        TensorInspector(3)


def test_inspector_refreshes_after_each_cell(ip):
    ip.run_cell(LESSON_000_GRAPH)
    inspector = TensorInspector(ip.user_ns["x2"], name="x2")
    ip.run_cell("y.backward()")
    assert "tensor([-2.])" in inspector.view.value  # lesson 000: x2.grad = -2


def test_jacobian_explorer_lesson_000_mm():
    w = torch.tensor([[1, 2], [3, 4]], dtype=torch.float64)
    x = torch.tensor([[1], [2]], dtype=torch.float64, requires_grad=True)
    explorer = JacobianExplorer(lambda x: torch.mm(w, x), x, v=[[0.1], [0.2]])
    assert repr(explorer) == "JacobianExplorer(f: 2 -> 2)"
    assert explorer.J == [[1.0, 2.0], [3.0, 4.0]]
    # lesson 000: y.backward(gradient=[[0.1], [0.2]]) gives x.grad = [[0.7], [1.0]] (PyTorch)
    assert explorer.vjp.reshape(-1).tolist() == pytest.approx([0.7, 1.0])
    explorer.v_inputs[0].value = 1.0
    v = torch.tensor([[1.0], [0.2]], dtype=torch.float64)
    expected = torch.autograd.grad(torch.mm(w, x), x, grad_outputs=v)[0]
    assert explorer.vjp.reshape(-1).tolist() == pytest.approx(expected.reshape(-1).tolist())
    assert explorer.vjp.reshape(-1).tolist() == pytest.approx([1.6, 2.8])
    assert "1.6" in explorer.view.value and "2.8" in explorer.view.value
    assert x.grad is None


def test_jacobian_explorer_nonlinear_and_errors():
    def square(x):
        return x**2

    x = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64)
    explorer = JacobianExplorer(square, x)
    assert repr(explorer) == "JacobianExplorer(square: 3 -> 3)"
    assert explorer.J == [[2.0, 0.0, 0.0], [0.0, -4.0, 0.0], [0.0, 0.0, 6.0]]
    assert explorer.vjp.tolist() == [2.0, -4.0, 6.0]
    with pytest.raises(ValueError, match="v needs 3 values"):
        JacobianExplorer(square, x, v=[1.0])
    with pytest.raises(TypeError):
        JacobianExplorer(square, torch.tensor([1, 2]))
    with pytest.raises(ValueError, match="at most"):
        JacobianExplorer(square, torch.zeros(20))


def test_inspector_without_a_name_finds_the_learners_name(ip):
    ip.run_cell(LESSON_000_GRAPH)
    inspector = TensorInspector(ip.user_ns["x2"])
    assert repr(inspector) == "TensorInspector(x2)"
    assert "<b>Tensor x2</b>" in inspector.view.value
    unnamed = TensorInspector(torch.zeros(2, 3))
    assert repr(unnamed) == "TensorInspector((2, 3))"


def test_cards_read_left_to_right(ip):
    ip.run_cell(LESSON_000_GRAPH)
    with capture_output() as cap:
        ip.run_line_magic("grad_inspect", "y")
    page = cap.outputs[0].data["text/html"]
    assert "<td style='text-align:left'><pre>MulBackward0" in page  # the chain starts at y


def test_card_display_names_the_tensor(ip):
    ip.run_line_magic("grad_display", "card")
    try:
        data, _ = ip.display_formatter.format(ip.user_ns["x1"])
        assert "<b>Tensor x1</b>" in data["text/html"]
    finally:
        ip.run_line_magic("grad_display", "plain")


def test_jacobian_explorer_draws_brackets_and_roomy_v_boxes():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    explorer = JacobianExplorer(lambda x: x * 3, x)
    assert explorer.view.value.count("border-width:0 2px") == 3  # J, v and vᵀJ in brackets
    box = explorer.v_inputs[0]
    assert box.style.description_width == "3.5em" and box.layout.width == "11em"


def test_stepper_called_directly_names_leaves_in_the_learners_order(ip):
    ip.run_cell(LESSON_000_GRAPH)
    stepper = BackwardStepper(ip.user_ns["y"])
    assert list(stepper.frames[-1].leaf_grads) == ["x1", "x2", "x3", "x4"]  # as defined
    assert stepper.frames[-1].leaf_grads["x2"].tolist() == [-2.0]  # lesson 000
    titles = [frame.title for frame in stepper.frames]
    assert any(t.endswith("AccumulateGrad (x2)") for t in titles)
    assert "leaf0" not in "".join(frame.html() for frame in stepper.frames)


def test_stepper_frames_fit_the_output_area():
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(
        torch.nn.Linear(4, 8),
        torch.nn.ReLU(),
        torch.nn.Linear(8, 8),
        torch.nn.ReLU(),
        torch.nn.Linear(8, 3),
    )
    stepper = BackwardStepper(mlp(torch.ones(2, 4)).sum(), names={})
    page = stepper.frames[3].html()
    assert '<svg style="max-width:100%;height:auto" ' in page  # shrinks to the output's width
    assert "max-height:720px;overflow:auto" in page  # a tall one scrolls in its box


def test_grad_steps_after_backward_says_to_step_first(ip):
    ip.run_cell(LESSON_000_GRAPH + "y.backward()")
    with capture_output() as cap:
        result = ip.run_cell("%grad_steps y")
    assert not result.success
    assert "step through y before calling y.backward()" in cap.stdout
