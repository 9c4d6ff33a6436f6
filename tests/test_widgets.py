"""Widgets headless (ipywidgets' DummyComm): the backward stepper, inspector, Jacobian explorer."""

from __future__ import annotations

import re

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
    # numbers as PyTorch prints them inside tensor(...)
    assert "x4.grad was None: it becomes [-3.]" in stepper.frames[3].text
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
    assert "CubeBackward receives gradient [10., 10.]" in stepper.frames[3].text
    assert "x.grad was None: it becomes [ 30., 120.]" in stepper.frames[4].text
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


def live_widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def lesson_16_after_the_hand_written_loop():
    """Lesson 16: y = sum(a * b + b), with the .grad that `mini_backward` left (dy/da = b,
    dy/db = a + 1), then the same graph built again for the stepper."""
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    (a * b + b).sum().backward()
    y = (a * b + b).sum()
    return a, b, y


def test_the_stepper_shows_that_backward_adds_into_grad():
    a, b, y = lesson_16_after_the_hand_written_loop()
    stepper = BackwardStepper(y, names={"a": a, "b": b})
    start, last = stepper.frames[0], stepper.frames[-1]
    assert "a.grad is already [3., 4.] (from an earlier backward): this pass adds to it" in (
        start.text
    )
    # the AccumulateGrad steps: before + this pass = after, as PyTorch's backward would do
    text = "\n".join(frame.text for frame in stepper.frames)
    assert "a.grad: [3., 4.] (before) + [3., 4.] (this pass) = [6., 8.]" in text
    assert "b.grad: [2., 3.] (before) + [2., 3.] (this pass) = [4., 6.]" in text
    assert {k: v.tolist() for k, v in last.before.items()} == {"a": [3.0, 4.0], "b": [2.0, 3.0]}
    assert {k: v.tolist() for k, v in last.added.items()} == {"a": [3.0, 4.0], "b": [2.0, 3.0]}
    assert {k: v.tolist() for k, v in last.leaf_grads.items()} == {
        "a": [6.0, 8.0],
        "b": [4.0, 6.0],
    }
    assert start.added == {"a": None, "b": None}
    html = last.html()
    assert ".grad before backward" in html and "added by this pass" in html
    assert "<code>[6., 8.]</code>" in html
    assert a.grad.tolist() == [3.0, 4.0]  # stepping changed nothing
    y.backward()
    assert a.grad.tolist() == [6.0, 8.0] and b.grad.tolist() == [4.0, 6.0]


def test_the_stepper_from_empty_grads_says_what_grad_becomes():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    stepper = BackwardStepper((a * b + b).sum(), names={"a": a, "b": b})
    text = "\n".join(frame.text for frame in stepper.frames)
    assert "already" not in stepper.frames[0].text
    assert "a.grad was None: it becomes [3., 4.]" in text
    assert "b.grad was None: it becomes [2., 3.]" in text


def test_a_small_weights_gradient_shows_every_number():
    # a 4x3 weight's gradient (12 numbers) prints in full, in PyTorch's short format, in the
    # text panel and the leaf table; the whole tensor is the cell's hover text
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    loss = net(torch.tensor([[1.0, -2.0, 0.5]])).sum()
    stepper = BackwardStepper(loss, name="loss", names={"net.0.weight": net[0].weight})
    net(torch.tensor([[1.0, -2.0, 0.5]])).sum().backward()
    expected = net[0].weight.grad
    text = "\n".join(frame.text for frame in stepper.frames)
    assert "values>" not in text
    from autograd_nb.viz.values import tensor_text

    full = tensor_text(expected, one_line=True)
    assert full.count(",") == 11  # all 12 numbers
    assert f"net.0.weight.grad was None: it becomes {full}" in text
    assert f"<code>{full}</code>" in stepper.frames[-1].html()


def test_a_big_gradient_shows_shape_and_summary_in_the_table():
    w = torch.arange(20.0).reshape(4, 5).requires_grad_()
    stepper = BackwardStepper((w * w).sum(), names={"w": w})
    html = stepper.frames[-1].html()
    assert "(4, 5): min 0., mean 19., max 38.; first [0., 2., 4., 6., …]" in html
    assert "title='[[ 0.,  2.,  4.,  6.,  8.]," in html  # the whole tensor on hover


def test_previous_and_next_buttons_step_and_stop_at_the_ends():
    t = lesson_000()
    stepper = BackwardStepper(t["y"], names=t)
    controls = stepper.children[0].children
    assert controls == (stepper.play, stepper.previous, stepper.slider, stepper.next)
    stepper.previous.click()
    assert stepper.slider.value == 0
    stepper.next.click()
    stepper.next.click()
    assert stepper.slider.value == 2
    stepper.previous.click()
    assert stepper.slider.value == 1
    stepper.go(100)
    assert stepper.slider.value == 8


def test_closing_a_stepper_closes_every_widget_it_made():
    t = lesson_000()
    before = live_widgets()
    stepper = BackwardStepper(t["y"], names=t)
    assert live_widgets() > before + len(stepper.frames)
    stepper.close()
    assert live_widgets() == before


def test_the_steppers_png_shows_its_first_and_last_frame():
    t = lesson_000()
    bundle = BackwardStepper(t["y"], names=t)._repr_mimebundle_()
    again = BackwardStepper(t["y"], names=t)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "BackwardStepper(y, 8 steps)"
    png = bundle["image/png"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == again["image/png"]  # deterministic
    width = int.from_bytes(png[16:20], "big")
    frame_width = float(re.search(r'width="([\d.]+)"', BackwardStepper(t["y"]).frames[0].svg)[1])
    assert width > 2 * frame_width  # two frames side by side


def test_jacobian_explorer_prints_float32_as_pytorch_does():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    explorer = JacobianExplorer(lambda x: x * 0.1, x, v=[0.1, 0.3])
    # the v boxes start at the numbers given, without float32's 0.10000000149...
    assert [box.value for box in explorer.v_inputs] == [0.1, 0.3]
    # J, v and vᵀJ as print(tensor) shows them: tensor([[0.1000, 0.0000], ...]) (PyTorch)
    cells = re.findall(r"padding:1px 6px'>([^<]*)<", explorer.view.value)
    assert cells == ["0.1000", "0.0000", "0.0000", "0.1000", "0.1000", "0.3000", "0.0100", "0.0300"]
    explorer.v_inputs[1].value = 2.0
    cells = re.findall(r"padding:1px 6px'>([^<]*)<", explorer.view.value)
    assert cells[4:] == ["0.1000", "2.0000", "0.0100", "0.2000"]


def test_jacobian_explorer_carries_a_png_of_its_matrices():
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    x = torch.tensor([[1.0], [2.0]], requires_grad=True)
    bundle = JacobianExplorer(lambda x: torch.mm(w, x), x, v=[[0.1], [0.2]])._repr_mimebundle_()
    again = JacobianExplorer(lambda x: torch.mm(w, x), x, v=[[0.1], [0.2]])._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "JacobianExplorer(f: 2 -> 2)"
    assert bundle["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert bundle["image/png"] == again["image/png"]
    from autograd_nb.notebook.widgets import matrices_svg

    svg = matrices_svg([("v", [[0.1], [0.2]])])
    assert ">0.1000</text>" in svg and ">0.2000</text>" in svg  # print(tensor([0.1, 0.2]))
