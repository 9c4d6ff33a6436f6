"""Autograd semantics learners meet: backward, retain_graph, leaves, hooks, grad mode, memory.

Expected texts and values were observed on PyTorch 2.13 (see shared/reference/pytorch-behaviour.md).
"""

import gc
import math
import os
import platform
import subprocess
import sys
import threading
import weakref

import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.autograd import Function, Variable


def leaf(values, device, dtype=torch.float32):
    return torch.tensor(values, dtype=dtype, device=device, requires_grad=True)


# --- backward and the graph's lifetime --------------------------------------------------------------


def test_backward_twice_through_saved_tensors_raises(device):
    x = leaf([1.0, 2.0], device)
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError) as err:
        y.backward()
    assert str(err.value) == msg.BACKWARD_TWICE
    assert str(err.value).startswith("Trying to backward through the graph a second time (or")


def test_backward_twice_without_saved_tensors_accumulates(device):
    x = leaf([1.0, 2.0], device)
    y = (x + 1).sum()
    y.backward()
    y.backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_retain_graph_works_once_as_in_lesson_000(device):
    x = torch.randn(4, 4, requires_grad=True, device=device)
    y = torch.sum(3 * x + 2)
    y.backward(retain_graph=True)
    y.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.backward()
    assert x.grad.tolist() == [[6.0] * 4] * 4


def test_lesson_001_variable_backward_twice():
    x = Variable(torch.Tensor([2]), requires_grad=True)
    y = x * 2 + x**2 + 3
    y.backward()
    assert x.grad.item() == 6.0
    with pytest.raises(RuntimeError, match="second time"):
        y.backward()
    z = x * 2 + x**2 + 3
    z.backward(retain_graph=True)
    x.grad.data.zero_()
    z.backward()
    assert x.grad.item() == 6.0


def test_variable_makes_a_new_leaf_sharing_memory():
    data = torch.ones(2)
    v = Variable(data, requires_grad=True)  # PyTorch 2.13: a new tensor; `data` is untouched
    assert v is not data and v.requires_grad and v.is_leaf and not data.requires_grad
    data.add_(1)
    assert v.tolist() == [2.0, 2.0]  # shares memory, as detach() does
    computed = torch.ones(2, requires_grad=True) * 2
    wrapped = Variable(computed)
    assert wrapped.grad_fn is None and not wrapped.requires_grad and wrapped.is_leaf
    assert type(Variable(torch.nn.Parameter(torch.ones(2)))) is torch.Tensor
    with pytest.raises(TypeError, match="Variable data has to be a tensor, but got list"):
        Variable([1, 2])


def test_saved_tensors_are_freed_after_backward(device):
    x = leaf([1.0, 2.0], device)
    y = x * x
    assert y.grad_fn._saved_self is x
    y.sum().backward()
    with pytest.raises(RuntimeError, match="second time"):
        _ = y.grad_fn._saved_self


def test_non_scalar_backward_needs_gradient(device):
    x = leaf([1.0, 2.0], device)
    with pytest.raises(RuntimeError) as err:
        (x * 2).backward()
    assert str(err.value) == "grad can be implicitly created only for scalar outputs"


def test_backward_of_tensor_without_graph(device):
    plain = torch.tensor([1.0, 2.0], device=device)
    with pytest.raises(RuntimeError) as err:
        plain.sum().backward()
    assert (
        str(err.value) == "element 0 of tensors does not require grad and does not have a grad_fn"
    )
    x = leaf([1.0, 2.0], device)
    with pytest.raises(RuntimeError, match="^element 1 of tensors does not require grad"):
        torch.autograd.backward([(x * 2).sum(), plain.sum()])
    with torch.no_grad():
        y = (x * 2).sum()
    with pytest.raises(RuntimeError, match="^element 0 of tensors"):
        y.backward()


def test_gradient_argument_shape_is_checked(device):
    x = leaf([1.0, 2.0], device)
    with pytest.raises(RuntimeError) as err:
        (x * 2).backward(torch.ones(3, device=device))
    assert str(err.value) == (
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) "
        "and output[0] has a shape of torch.Size([2])."
    )


def test_backward_misuse_is_checked_in_pytorchs_order(device):
    x = leaf([1.0, 2.0, 3.0], device)
    plain = torch.ones(2, device=device)
    cases = [  # (call, PyTorch 2.13's error)
        # not requiring grad is reported before being non-scalar
        (
            lambda: plain.backward(),
            "element 0 of tensors does not require grad and does not have a grad_fn",
        ),
        (
            lambda: torch.ones(2, dtype=torch.int64, device=device).backward(),
            "element 0 of tensors does not require grad and does not have a grad_fn",
        ),
        (
            lambda: torch.autograd.grad(plain, x),
            "element 0 of tensors does not require grad and does not have a grad_fn",
        ),
        # but a given gradient's shape is checked first
        (
            lambda: plain.backward(torch.ones(3, device=device)),
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a "
            "shape of torch.Size([2]).",
        ),
        (
            lambda: (x * 2).sum().backward(torch.ones(1, device=device)),
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([1]) and output[0] has a "
            "shape of torch.Size([]).",
        ),
        (
            lambda: (x * 2).backward(torch.ones(2, dtype=torch.int64, device=device)),
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a "
            "shape of torch.Size([3]).",
        ),
        (
            lambda: torch.autograd.backward([x * 2, x * 3], [torch.ones(3, device=device)]),
            "got 2 tensors and 1 gradients",
        ),
        (
            lambda: torch.autograd.backward([x.sum(), x * 2]),
            "grad can be implicitly created only for scalar outputs",
        ),
    ]
    for call, text in cases:
        with pytest.raises(RuntimeError) as err:
            call()
        assert str(err.value) == text


@pytest.mark.parametrize(
    "gradient, text",
    [  # PyTorch 2.13's TypeErrors
        ([1.0, 1.0, 1.0], "gradients can be either Tensors or None, but got float"),
        ([1, 2, 3], "gradients can be either Tensors or None, but got int"),
        ("a", "gradients can be either Tensors or None, but got str"),
        (1.0, "'float' object is not iterable"),
    ],
)
def test_backward_gradient_must_be_tensors(gradient, text, device):
    x = leaf([1.0, 2.0, 3.0], device)
    with pytest.raises(TypeError) as err:
        (x * 2).backward(gradient)
    assert str(err.value) == text


def test_backward_gradient_of_another_dtype_is_cast(device):
    x = leaf([1.0, 2.0, 3.0], device)
    (x * 2).backward(torch.tensor([1, 2, 3], device=device))  # PyTorch accepts an int64 one
    (x * 2).sum().backward(torch.tensor(1, device=device))
    assert x.grad.dtype is torch.float32 and x.grad.tolist() == [4.0, 6.0, 8.0]
    assert torch.autograd.grad([x.sum()], [x], [torch.ones((), device=device), None])[
        0
    ].tolist() == [1.0, 1.0, 1.0]  # extra gradients are ignored, as PyTorch's zip does


def test_gradient_argument_is_vector_jacobian_product(device):
    # Lesson 002: L = Y - w2 * (x1 * w1), with dL/dL = ones.
    x1 = torch.full((2, 2), 2.0, device=device).requires_grad_(True)
    w1 = torch.full((2, 2), 5.0, device=device).requires_grad_(True)
    w2 = torch.full((2, 2), 6.0, device=device).requires_grad_(True)
    Y = torch.full((2, 2), 10.0, device=device)
    L = Y - (x1 * w1) * w2
    L.backward(torch.ones(2, 2, dtype=torch.float, device=device))
    assert x1.grad.tolist() == [[-30.0, -30.0]] * 2
    assert w1.grad.tolist() == [[-12.0, -12.0]] * 2
    assert w2.grad.tolist() == [[-10.0, -10.0]] * 2
    L2 = x1 * x1
    L2.backward(torch.ones(2, 2, dtype=torch.float, device=device))
    assert x1.grad.tolist() == [[-26.0, -26.0]] * 2


def test_gradients_accumulate_over_backward_calls(device):
    # Lesson 000: z = mean(4x + 2) then y = mean(x^2 + 2) without zeroing.
    x = leaf([[1, 2], [2, 1]], device, torch.float64)
    (4 * x + 2).mean().backward()
    assert x.grad.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    (x**2 + 2).mean().backward()
    assert x.grad.tolist() == [[1.5, 2.0], [2.0, 1.5]]
    assert x.grad.dtype is torch.float64


def test_gradient_flows_back_in_the_source_dtype(device):
    x = leaf([1.0, 2.0], device)
    h = (x * 2).double()
    assert type(h.grad_fn).__name__ == "ToCopyBackward0"
    h.sum().backward()
    assert x.grad.dtype is torch.float32 and x.grad.tolist() == [2.0, 2.0]


# --- leaves, retain_grad, .grad --------------------------------------------------------------------


def test_non_leaf_grad_access_warns_with_pytorch_text(device):
    x = leaf([2.0], device)
    y = x * 2
    y.sum().backward()
    with pytest.warns(UserWarning) as record:
        assert y.grad is None
    assert str(record[0].message) == msg.NON_LEAF_GRAD_WARNING
    assert "use .retain_grad() on the non-leaf Tensor" in msg.NON_LEAF_GRAD_WARNING


def test_retain_grad_keeps_non_leaf_gradient(device):
    # Lesson 004: x and w are non-leaves made by reshape; retain_grad before backward.
    x = leaf([1.0, 2.0, 3.0], device)
    w = leaf([4.0, 5.0, 6.0], device)
    xs, ws = x * 1, w * 1
    xs.retain_grad()
    ws.retain_grad()
    y = (ws * xs).sum()
    y.backward()
    assert (xs.is_leaf, ws.is_leaf, xs.retains_grad) == (False, False, True)
    assert xs.grad.tolist() == [4.0, 5.0, 6.0]
    assert ws.grad.tolist() == [1.0, 2.0, 3.0]


def test_retain_grad_rules(device):
    x = leaf([1.0], device)
    x.retain_grad()  # a no-op on a leaf
    assert x.retains_grad is False
    with pytest.raises(RuntimeError) as err:
        torch.tensor([1.0], device=device).retain_grad()
    assert str(err.value) == "can't retain_grad on Tensor that has requires_grad=False"


def test_requires_grad_flag_errors():
    with pytest.raises(RuntimeError) as err:
        torch.tensor([1, 2], requires_grad=True)
    assert (
        str(err.value) == "Only Tensors of floating point and complex dtype can require gradients"
    )
    ints = torch.tensor([1, 2])
    with pytest.raises(RuntimeError) as err:
        ints.requires_grad = True
    assert (
        str(err.value) == "only Tensors of floating point and complex dtype can require gradients"
    )
    with pytest.raises(RuntimeError) as err:
        ints.requires_grad_()
    assert str(err.value) == "only Tensors of floating point dtype can require gradients"
    y = torch.ones(2, requires_grad=True) * 2
    y.requires_grad_(True)
    with pytest.raises(RuntimeError, match="^you can only change requires_grad flags of leaf"):
        y.requires_grad_(False)


def test_non_leaf_made_by_multiplying_a_factory_result():
    # Lesson 002: 2 * torch.ones(..., requires_grad=True) is not a leaf; ones(...) was.
    x1 = 2 * torch.ones(2, 2, requires_grad=True, dtype=torch.float)
    assert not x1.is_leaf and x1.requires_grad


def test_grad_setter_checks(device):
    x = leaf([1.0, 2.0], device)
    with pytest.raises(RuntimeError) as err:
        x.grad = torch.ones(3, device=device)
    assert str(err.value) == (
        "attempting to assign a gradient of size '[3]' to a tensor of size "
        "'[2]'. Please ensure that the gradient and the tensor are the same "
        "size"
    )
    with pytest.raises(
        RuntimeError,
        match="^attempting to assign a gradient with dtype 'double' "
        "to a tensor with grad_dtype 'Float'",
    ):
        x.grad = torch.ones(2, dtype=torch.float64, device=device)
    for dtype, name in [
        (torch.int64, "long int"),
        (torch.int32, "int"),
        (torch.int16, "short int"),
        (torch.int8, "signed char"),
        (torch.uint8, "unsigned char"),
        (torch.bool, "bool"),
    ]:  # PyTorch's names
        with pytest.raises(
            RuntimeError,
            match=f"^attempting to assign a gradient with dtype "
            f"'{name}' to a tensor with grad_dtype 'Float'",
        ):
            x.grad = torch.ones(2, dtype=dtype, device=device)
    x.grad = torch.ones(2, device=device)
    assert x.grad.tolist() == [1.0, 1.0]


def test_detach_makes_a_leaf_sharing_storage_and_version(device):
    y = leaf([1.0, 2.0], device) * 2
    d = y.detach()
    assert d.is_leaf and not d.requires_grad and d.grad_fn is None
    assert d._version == y._version == 0


def test_data_does_not_share_the_version_counter():
    t = torch.ones(2)
    t.data.mul_(2)
    assert t._version == 0 and t.tolist() == [2.0, 2.0]


# --- hooks --------------------------------------------------------------------------------------


def test_tensor_hooks_change_the_gradient(device):
    x = leaf([1.0, 2.0], device)
    x.register_hook(lambda g: g * 10)
    y = x * 3
    seen = []
    handle = y.register_hook(lambda g: seen.append(g.tolist()))
    y.sum().backward()
    assert seen == [[1.0, 1.0]] and x.grad.tolist() == [30.0, 30.0]
    handle.remove()
    with pytest.raises(RuntimeError) as err:
        torch.ones(1).register_hook(lambda g: g)
    assert str(err.value) == "cannot register a hook on a tensor that doesn't require gradient"


def test_node_hooks_see_inputs_and_outputs(device):
    x = leaf([1.0, 2.0], device)
    y = x * 3
    calls = []
    y.grad_fn.register_prehook(lambda grads: calls.append(("pre", grads[0].tolist())))
    y.grad_fn.register_hook(lambda gin, gout: calls.append(("post", gin[0].tolist())))
    y.sum().backward()
    assert calls == [("pre", [1.0, 1.0]), ("post", [3.0, 3.0])]


# --- autograd.grad and higher order ----------------------------------------------------------------


def test_autograd_grad_returns_instead_of_accumulating(device):
    x = leaf([1.0, 2.0], device)
    (g,) = torch.autograd.grad((x**3).sum(), x, create_graph=True)
    assert g.tolist() == [3.0, 12.0] and type(g.grad_fn).__name__ == "MulBackward0"
    (g2,) = torch.autograd.grad(g.sum(), x)
    assert g2.tolist() == [6.0, 12.0]
    assert x.grad is None


def test_autograd_grad_unused_input(device):
    x, unused = leaf([1.0, 2.0], device), leaf([1.0, 1.0], device)
    with pytest.raises(RuntimeError) as err:
        torch.autograd.grad((x * 2).sum(), [x, unused])
    assert str(err.value) == msg.UNUSED_INPUT.format(index=1)
    gx, gu = torch.autograd.grad((x * 2).sum(), [x, unused], allow_unused=True)
    assert gx.tolist() == [2.0, 2.0] and gu is None


def test_autograd_grad_wrt_a_non_leaf(device):
    x = leaf([1.0, 2.0], device)
    h = x * x
    (gh,) = torch.autograd.grad((h * 5).sum(), h)
    assert gh.tolist() == [5.0, 5.0]


def test_backward_with_create_graph_warns_and_keeps_grad_graph(device):
    x = leaf([3.0], device)
    with pytest.warns(UserWarning, match="^Using backward\\(\\) with create_graph=True"):
        (x**2).sum().backward(create_graph=True)
    assert x.grad.requires_grad and x.grad.tolist() == [6.0]


@pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")
def test_first_grad_under_create_graph_is_a_recorded_copy(device):
    x = leaf([1.0, 2.0], device)
    (x**3).sum().backward(create_graph=True)
    g = x.grad
    # PyTorch 2.13: the first .grad is copied in, grad_fn CopyBackwards -> the gradient's node
    assert g.tolist() == [3.0, 12.0] and repr(g).endswith("grad_fn=<CopyBackwards>)")
    assert g.grad_fn.name() == "torch::autograd::CopyBackwards"
    assert [type(n).__name__ if n else None for n, _ in g.grad_fn.next_functions] == [
        None,
        "MulBackward0",
    ]
    g.sum().backward()  # d(3x^2)/dx = 6x, added into that same .grad: [9, 24] as PyTorch
    assert x.grad is g and g.tolist() == [9.0, 24.0] and g.grad_fn.name().endswith("CopyBackwards")
    (x**3).sum().backward(create_graph=True)  # a second one is added: AddBackward0
    assert x.grad.grad_fn.name() == "AddBackward0"
    assert x.grad.grad_fn.next_functions[0][0] is g.grad_fn
    c = leaf([1.0, 2.0], device)
    (c * 2).sum().backward(create_graph=True)  # a gradient without history stays without
    assert c.grad.grad_fn is None and not c.grad.requires_grad


def test_backward_inputs_limits_accumulation(device):
    a, b = leaf([1.0], device), leaf([2.0], device)
    (a * b).backward(inputs=[a])
    assert a.grad.tolist() == [2.0] and b.grad is None


# --- grad mode ----------------------------------------------------------------------------------


def test_no_grad_results_are_leaves(device):
    x = torch.randn(3, 4, requires_grad=True, device=device)
    y = torch.randn(3, 4, requires_grad=True, device=device)
    u = x + y
    assert u.requires_grad and type(u.grad_fn).__name__ == "AddBackward0"
    with torch.no_grad():
        w = x + y
        assert not w.requires_grad and w.grad_fn is None
        made = torch.ones(2, requires_grad=True, device=device)
        assert made.requires_grad and made.is_leaf
    assert not w.requires_grad and w.is_leaf


def test_grad_mode_decorators_and_nesting():
    x = torch.ones(2, requires_grad=True)

    @torch.no_grad()
    def f():
        inside = x * 2
        with torch.enable_grad():
            again = x * 2
        return inside, again

    inside, again = f()
    assert not inside.requires_grad and again.requires_grad
    torch.set_grad_enabled(False)
    try:
        assert not (x * 2).requires_grad and not torch.is_grad_enabled()
    finally:
        torch.set_grad_enabled(True)
    with torch.set_grad_enabled(False):
        assert not torch.is_grad_enabled()
    assert torch.is_grad_enabled()


def test_grad_modes_decorate_without_parentheses():
    x = torch.ones(2, requires_grad=True)

    @torch.no_grad
    def doubled(t):
        return t * 2

    @torch.enable_grad
    def tripled(t):
        return t * 3

    @torch.inference_mode
    def quadrupled(t):
        return t * 4

    assert doubled.__name__ == "doubled" and not doubled(x).requires_grad
    with torch.no_grad():
        assert tripled(x).requires_grad
    assert quadrupled(x).is_inference()
    assert torch.is_grad_enabled() and not torch.is_inference_mode_enabled()


def test_inference_mode_marks_tensors():
    x = torch.ones(2, requires_grad=True)
    with torch.inference_mode():
        q = x * 2
    assert q.is_inference() and not q.requires_grad and not (x * 2).is_inference()


# PyTorch 2.13's texts for inference tensors used outside inference mode.
INFERENCE_SAVE = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
    "inference mode in computation tracked by autograd. To work around this, you can make a clone "
    "to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`."
)
INFERENCE_INPLACE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone "
    "to get a normal tensor before doing inplace update.See "
    "https://github.com/pytorch/rfcs/pull/17 for more details."
)
INFERENCE_REQUIRES_GRAD = (
    "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."
)


def _inference_ones(device, **kwargs):
    with torch.inference_mode():
        return torch.ones(3, device=device, **kwargs)


@pytest.mark.parametrize(
    "use",
    [
        lambda t, w: t * w,
        lambda t, w: w * t,
        lambda t, w: w / t,
        lambda t, w: t / w,
        lambda t, w: w @ t,
        lambda t, w: torch.dot(w, t),
        lambda t, w: w**t,
        lambda t, w: torch.maximum(w, t),
        lambda t, w: torch.relu(w) * t.view(3),
        lambda t, w: torch.nn.functional.mse_loss(w, t),
        lambda t, w: torch.nn.functional.linear(t, w.view(1, 3)),
        lambda t, w: torch.addcmul(t, w, t),
        lambda t, w: torch.addcdiv(t, t, w),
    ],
)
def test_inference_tensor_cannot_be_saved_for_backward(use, device):
    t, w = _inference_ones(device), leaf([1.0, 2.0, 3.0], device)
    with pytest.raises(RuntimeError) as err:
        use(t, w)
    assert str(err.value) == INFERENCE_SAVE


def test_inference_tensor_in_ops_that_save_nothing_of_it(device):
    t, w = _inference_ones(device), leaf([1.0, 2.0, 3.0], device)
    # PyTorch records these: add, cat and a product with a number save no inference tensor.
    assert (t + w).grad_fn.name() == "AddBackward0"
    assert torch.cat([w, t]).grad_fn.name() == "CatBackward0"
    assert torch.addcmul(w, t, t).grad_fn.name() == "AddcmulBackward0"  # input's grad needs none
    assert not (t * w.detach()).requires_grad  # nothing recorded, nothing saved
    x = _inference_ones(device, requires_grad=True)  # allowed inside inference mode
    assert x.is_inference() and x.requires_grad
    (x * 2).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0, 2.0]
    with pytest.raises(RuntimeError) as err:
        x * w
    assert str(err.value) == INFERENCE_SAVE


def test_inference_tensor_cannot_start_requiring_grad_outside_inference_mode(device):
    t = _inference_ones(device)
    for start in (
        lambda: t.requires_grad_(),
        lambda: setattr(t, "requires_grad", True),
        lambda: torch.nn.Parameter(t),
    ):
        with pytest.raises(RuntimeError) as err:
            start()
        assert str(err.value) == INFERENCE_REQUIRES_GRAD
    with torch.no_grad(), pytest.raises(RuntimeError, match="^Setting requires_grad=True"):
        t.requires_grad_()
    assert not t.requires_grad_(False).requires_grad
    with pytest.raises(RuntimeError, match="^only Tensors of floating point dtype"):
        _inference_ones(device, dtype=torch.int64).requires_grad_()  # the dtype is checked first
    assert t.clone().requires_grad_().requires_grad
    with torch.inference_mode():
        assert t.requires_grad_().requires_grad


@pytest.mark.parametrize(
    "update",
    [
        lambda t: t.add_(1),
        lambda t: t.__iadd__(1),
        lambda t: t.zero_(),
        lambda t: t.__setitem__(0, 5.0),
        lambda t: t.copy_(torch.zeros(3, device=t.device)),
        lambda t: t.view(3).mul_(2),
        lambda t: t[1:].fill_(0),
    ],
)
def test_inference_tensor_inplace_outside_inference_mode_raises(update, device):
    t = _inference_ones(device)
    with pytest.raises(RuntimeError) as err:
        update(t)
    assert str(err.value) == INFERENCE_INPLACE
    assert t.tolist() == [1.0, 1.0, 1.0]
    with torch.inference_mode():
        update(t)


def test_views_and_versions_of_inference_tensors(device):
    t = _inference_ones(device)
    # PyTorch: views, detach() and .data of an inference tensor are inference tensors; new
    # results are not; inference tensors have no version counter.
    assert t.view(3).is_inference() and t[0].is_inference() and t.detach().is_inference()
    assert t.data.is_inference() and not t.clone().is_inference() and not (t * 2).is_inference()
    with pytest.raises(RuntimeError) as err:
        _ = t._version
    assert str(err.value) == "Inference tensors do not track version counter."
    normal = torch.ones(3, device=device)
    with torch.inference_mode():
        view = normal[:2]  # a view of a normal tensor stays a normal tensor
    assert not view.is_inference() and view._version == 0


def test_grad_mode_is_thread_local():
    seen = []
    with torch.no_grad():
        worker = threading.Thread(target=lambda: seen.append(torch.is_grad_enabled()))
        worker.start()
        worker.join()
        assert not torch.is_grad_enabled()
    assert seen == [True]


def test_inference_mode_is_thread_local():
    inside, release, made = threading.Event(), threading.Event(), []

    def work():
        with torch.inference_mode():
            made.append(torch.ones(2))
            inside.set()
            release.wait(10)
        made.append(torch.ones(2))

    worker = threading.Thread(target=work)
    worker.start()
    inside.wait(10)
    here = torch.ones(2)  # made while the other thread is in inference mode
    release.set()
    worker.join()
    assert [t.is_inference() for t in made] == [True, False]
    assert not here.is_inference() and not torch.is_inference_mode_enabled()


# --- custom Function ----------------------------------------------------------------------------


class Cube(Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x**3 * scale

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x**2 * ctx.scale, None


def test_custom_function(device):
    x = leaf([1.0, 2.0], device, torch.float64)
    y = Cube.apply(x, 2.0)
    assert type(y.grad_fn).__name__ == "CubeBackward"
    assert repr(y.grad_fn).startswith("<torch.autograd.function.CubeBackward object at 0x")
    assert y.grad_fn.needs_input_grad == (True, False)
    y.sum().backward()
    assert x.grad.tolist() == [6.0, 24.0]
    assert torch.autograd.gradcheck(lambda t: Cube.apply(t, 2.0), (x.detach().requires_grad_(),))


def test_calling_a_function_instance_is_refused(device):
    x = leaf([1.0, 2.0], device)
    # PyTorch 2.13 warns when a Function is instantiated and refuses the legacy call.
    with pytest.warns(DeprecationWarning) as record:
        cube = Cube()
    assert str(record[0].message) == (
        f"{Cube} should not be instantiated. Methods on autograd functions are all static, so "
        "you should invoke them on the class itself. Instantiating an autograd function will "
        "raise an error in a future version of PyTorch."
    )
    with pytest.raises(RuntimeError) as err:
        cube(x, 2.0)
    assert str(err.value) == (
        "Legacy autograd function with non-static forward method is deprecated. Please use "
        "new-style autograd function with static forward method. (Example: "
        "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
    )


# --- memory and scale ---------------------------------------------------------------------------


def test_graph_is_freed_when_its_output_goes(device):
    x = leaf([1.0, 2.0], device)
    y = (x.exp() * x).sum()
    node = weakref.ref(y.grad_fn)
    inner = weakref.ref(y.grad_fn.next_functions[0][0])
    del y
    assert node() is None and inner() is None  # reference counting alone, no gc needed
    gc.collect()


def test_leaf_and_its_accumulator_do_not_keep_each_other_alive(device):
    x = leaf([1.0], device)
    y = x * 2
    acc = weakref.ref(y.grad_fn.next_functions[0][0])
    assert acc().variable is x
    ref = weakref.ref(x)
    del x, y
    assert ref() is None and acc() is None


def test_million_node_chain_backward_completes():
    x = torch.tensor([1.0], requires_grad=True)
    y = x
    for _ in range(1_000_000):
        y = y + 1
    y.backward()
    assert x.grad.item() == 1.0 and y.item() == 1_000_001.0
    del y  # freeing a million-node chain must not overflow the stack either


def test_accumulation_order_is_deterministic(device):
    order = []
    x = leaf([1.0], device)
    a = x * 2
    b = x * 3
    a.register_hook(lambda g: order.append("a"))
    b.register_hook(lambda g: order.append("b"))
    (a + b).backward()
    assert order == ["b", "a"]  # newest node first, as PyTorch's engine orders by sequence number
    assert x.grad.item() == 5.0


def test_no_warnings_from_backend_math():
    # PyTorch returns nan/inf silently; a NumPy RuntimeWarning would break nbval's comparisons.
    # Run in a fresh interpreter: pytest restores warning filters after importing conftest.
    code = (
        "import warnings, autograd_nb as torch\n"
        "x = torch.tensor([-1.0, 0.0])\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    assert x.log().isnan().tolist() == [True, False]\n"
        "    assert (x / 0).isinf().tolist() == [True, False]\n"
        "assert caught == [], caught\n"
        "import numpy as np\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    np.log(np.array([-1.0]))\n"
        "assert len(caught) == 1, 'NumPy code outside the package keeps its warnings'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- gradients kept without a copy must never alias anything a user can see --------------------
def test_leaf_grad_never_aliases_the_users_gradient_argument(device):
    a = torch.zeros(3, requires_grad=True, device=device)
    b = torch.zeros(3, requires_grad=True, device=device)
    g = torch.tensor([1.0, 2.0, 3.0], device=device)
    (a + b).backward(g)  # AddBackward0 hands `g` itself on to both leaves
    (a + b).backward(g)  # accumulating in place must not write into `g`
    assert g.tolist() == [1.0, 2.0, 3.0]
    assert a.grad.tolist() == [2.0, 4.0, 6.0] and b.grad.tolist() == [2.0, 4.0, 6.0]


def test_leaf_grad_never_aliases_another_input(device):
    x = torch.tensor([1.0, 2.0], requires_grad=True, device=device)
    w = torch.tensor([3.0, 4.0], requires_grad=True, device=device)
    (x * w).sum().backward()  # d/dx is w itself, d/dw is x itself
    x.grad.zero_()
    w.grad.add_(1)
    assert x.tolist() == [1.0, 2.0] and w.tolist() == [3.0, 4.0]
    assert x.grad.tolist() == [0.0, 0.0] and w.grad.tolist() == [2.0, 3.0]


def test_leaf_grad_never_aliases_a_gradient_a_hook_kept(device):
    x = torch.ones(2, requires_grad=True, device=device)
    kept = []
    x.register_hook(kept.append)
    (x * 2).sum().backward()
    (x * 2).sum().backward()  # accumulates into x.grad in place
    assert kept[0].tolist() == [2.0, 2.0] and x.grad.tolist() == [4.0, 4.0]


def test_gradients_from_two_paths_add_up_in_a_fresh_tensor(device):
    x = torch.tensor([0.5, -1.0], requires_grad=True, device=device)
    y = x * x + x * 3  # x reaches the loss along three edges
    y.sum().backward()
    assert x.grad.tolist() == [4.0, 1.0]


def test_relu_keeps_negative_zero_and_nan_like_pytorch(device):
    # PyTorch 2.13 prints tensor([-0., 0., nan, 2.]) (clamp_min(0) returns x on ties)
    x = torch.tensor([-0.0, -1.0, float("nan"), 2.0], device=device)
    assert str(torch.relu(x).cpu()) == "tensor([-0., 0., nan, 2.])"
    leaf = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True, device=device)
    torch.relu(leaf).backward(torch.tensor([float("inf"), 1.0, 5.0], device=device))
    assert leaf.grad.tolist() == [0.0, 0.0, 5.0]  # a dead unit passes no gradient, not inf * 0


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("create_graph", [False, True])
def test_relu_backward_masks_like_threshold_backward(device, dtype, create_graph):
    # PyTorch 2.13: x = [nan, -1, 0, -0, 2], grad [5, 5, nan, nan, 5] -> x.grad [5, 0, 0, 0, 5]:
    # the mask is `result <= 0`, so a nan unit passes its gradient and a dead one gives 0 even
    # for a nan gradient (a multiply by the mask would give nan there).
    _check_relu_backward_mask(device, dtype, create_graph)


@pytest.mark.parametrize("create_graph", [False, True])
def test_relu_backward_mask_in_half_precision(create_graph):
    _check_relu_backward_mask("cpu", torch.float16, create_graph)  # the simulated GPU has no f16


def _check_relu_backward_mask(device, dtype, create_graph):
    nan = float("nan")
    x = torch.tensor([nan, -1.0, 0.0, -0.0, 2.0], dtype=dtype, device=device, requires_grad=True)
    grad = torch.tensor([5.0, 5.0, nan, nan, 5.0], dtype=dtype, device=device)
    (gx,) = torch.autograd.grad(x.relu(), x, grad, create_graph=create_graph)
    assert gx.dtype is dtype
    assert gx.tolist() == [5.0, 0.0, 0.0, 0.0, 5.0]


def test_relu_backward_on_a_broadcast_gradient(device):
    x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]], device=device, requires_grad=True)
    x.relu().sum().backward()  # sum() sends a broadcast view of one number
    assert x.grad.tolist() == [[0.0, 1.0], [1.0, 0.0]]


def test_tensor_where_method_takes_the_condition_first(device):
    mask = torch.tensor([True, False], device=device)
    assert torch.ones(2, device=device).where(mask, 0).dtype is torch.float32
    assert torch.ones(2, device=device).where(mask, 0).tolist() == [1.0, 0.0]
    assert torch.ones(2, dtype=torch.int64, device=device).where(mask, 0.5).tolist() == [1.0, 0.5]


def test_freed_big_arrays_are_kept_for_reuse_unless_opted_out():
    probe = "import autograd_nb.backends.numpy_backend as b; print(b.KEEPS_FREED_MEMORY)"
    env = {**os.environ, "AUTOGRAD_NB_KEEP_FREED_MEMORY": "0"}
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
    if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc":
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
        assert out.stdout.strip() == "True"


@pytest.mark.parametrize(
    "make",
    [
        lambda d: torch.tensor([1.0], device=d) - True,
        lambda d: True - torch.tensor([1], device=d),
        lambda d: torch.tensor([1.0], device=d) - torch.tensor([True], device=d),
    ],
)
def test_subtracting_one_bool_raises_pytorchs_text(device, make):
    with pytest.raises(RuntimeError) as info:
        make(device)
    assert str(info.value) == (
        "Subtraction, the `-` operator, with a bool tensor is not supported. "
        "If you are trying to invert a mask, use the `~` or `logical_not()` "
        "operator instead."
    )


def test_adding_a_python_bool_keeps_the_float_dtype(device):
    x = torch.tensor([1.0], device=device)
    assert (x + True).tolist() == [2.0] and (x * False).dtype is torch.float32


def test_leaf_grad_never_aliases_a_users_tensor_through_a_view(device):
    a = torch.ones(2, 3, requires_grad=True, device=device)
    g = torch.ones(3, 2, device=device)
    (a.t() * 1).backward(g)  # TBackward0 hands back a transposed view of `g`
    a.grad.add_(5)
    assert g.tolist() == [[1.0, 1.0]] * 3 and a.grad.tolist() == [[6.0, 6.0, 6.0]] * 2


BIG = 1 << 14  # from this size on, the engine adds a second gradient in place when it may


def test_adding_gradients_up_never_writes_into_a_users_tensor(device):
    x = torch.full((BIG,), 1.0, requires_grad=True, device=device)
    w = torch.full((BIG,), 3.0, requires_grad=True, device=device)
    g = torch.full((BIG,), 0.5, device=device)
    (x + x).backward(g)  # both gradients of x are `g` itself
    assert set(g.tolist()) == {0.5} and set(x.grad.tolist()) == {1.0}
    x.grad = None
    ((x * w).sum() + (w * x).sum()).backward()  # d/dx arrives twice as w's own storage
    assert set(w.tolist()) == {3.0} and set(x.grad.tolist()) == {6.0}


def test_leaf_hooks_run_as_soon_as_the_leaf_is_ready(device):
    # With a hook on `b`, accumulation keeps PyTorch's order: b's hook runs before the product's
    # backward (recorded by a hook on its input `x * w`).
    order = []
    x, w, b = (torch.ones(2, requires_grad=True, device=device) for _ in range(3))
    b.register_hook(lambda g: order.append("b"))
    xw = x * w
    xw.register_hook(lambda g: order.append("x*w"))
    (xw + b).sum().backward()
    assert order == ["b", "x*w"]
    assert b.grad.tolist() == [1.0, 1.0] and x.grad.tolist() == [1.0, 1.0]


def test_linear_weight_gradient_is_row_major_like_the_weight(device):
    # PyTorch computes the gradient of `weight.t()` transposed, so weight.grad is contiguous
    layer = torch.nn.Linear(4, 3).to(device)
    x = torch.arange(20.0, device=device).reshape(5, 4)
    layer(x).sum().backward()
    assert layer.weight.grad.is_contiguous()
    assert layer.weight.grad.tolist() == [[40.0, 45.0, 50.0, 55.0]] * 3  # column sums of x
    layer(x).sum().backward()  # accumulates in place
    assert layer.weight.grad.tolist() == [[80.0, 90.0, 100.0, 110.0]] * 3


def _in_place_error(make) -> str:
    with pytest.raises(RuntimeError) as err:
        make()
    return str(err.value).split("operation: ")[1].split("; expected")[0]


def test_version_error_names_the_tensors_history_now():
    # PyTorch 2.13's texts: a saved input is named by its grad_fn after the in-place change,
    # a saved output by the node that made it.
    def saved_input():
        a = torch.tensor([1.0, 2.0], requires_grad=True)
        b = a * 2
        c = b * b
        b.add_(1)
        c.sum().backward()

    def saved_output():
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = x.exp()
        y.add_(1)
        y.sum().backward()

    def through_a_slice():
        a = torch.tensor([1.0, 2.0], requires_grad=True)
        b = a * 2
        c = b * b
        b[0:1].mul_(2)
        c.sum().backward()

    def base_of_a_view():
        a = torch.tensor([[1.0, 2.0]], requires_grad=True)
        b = a * 2
        v = b.view(2)
        c = v * v
        b.add_(1)
        c.sum().backward()

    assert (
        _in_place_error(saved_input)
        == "[torch.FloatTensor [2]], which is output 0 of Add, is at version 1"
    )
    assert (
        _in_place_error(saved_output)
        == "[torch.FloatTensor [2]], which is output 0 of Exp, is at version 1"
    )
    assert (
        _in_place_error(through_a_slice)
        == "[torch.FloatTensor [2]], which is output 0 of torch::autograd::CopySlices, is at version 1"
    )
    assert (
        _in_place_error(base_of_a_view)
        == "[torch.FloatTensor [2]], which is output 0 of AsStrided, is at version 1"
    )


def test_detect_anomaly_names_the_forward_call_and_refuses_nan():
    assert not torch.is_anomaly_enabled()
    with pytest.warns(UserWarning, match="Anomaly Detection has been enabled"):
        mode = torch.autograd.detect_anomaly()
    with mode:
        assert torch.is_anomaly_enabled() and torch.is_anomaly_check_nan_enabled()
        a = torch.tensor([1.0, 2.0], requires_grad=True)
        b = a * 2
        c = b * b  # the forward call the warning must point at
        b.add_(1)
        with pytest.warns(UserWarning, match="Error detected in MulBackward0") as warned:
            with pytest.raises(RuntimeError) as err:
                c.sum().backward()
        assert "c = b * b" in str(warned[0].message)
        assert str(err.value).endswith(
            "Hint: the backtrace further above shows the operation that failed to compute its "
            "gradient. The variable in question was changed in there or anywhere later. "
            "Good luck!"
        )
        x = torch.tensor([-1.0, 1.0], requires_grad=True)
        root = x.sqrt() * 0  # the nan's forward call, named as PyTorch names it
        with pytest.warns(UserWarning, match="Error detected in SqrtBackward0") as warned:
            with pytest.raises(RuntimeError) as err:
                root.sum().backward()
        assert "root = x.sqrt() * 0" in str(warned[0].message)
        assert str(err.value) == "Function 'SqrtBackward0' returned nan values in its 0th output."
    assert not torch.is_anomaly_enabled()
    with torch.autograd.set_detect_anomaly(True, check_nan=False):
        x = torch.tensor([-1.0, 1.0], requires_grad=True)
        (x.sqrt() * 0).sum().backward()  # nan allowed through
        assert math.isnan(x.grad[0].item())
    torch.autograd.set_detect_anomaly(True)
    assert torch.is_anomaly_enabled()
    torch.autograd.set_detect_anomaly(False)
    assert not torch.is_anomaly_enabled()


def test_a_hook_sees_the_leaves_that_were_ready_before_it(device):
    # PyTorch accumulates `b` (ready after the sum's backward) before the hook on `h` runs, so
    # the hook reads b.grad; x.grad is not there yet (its product runs after the hook).
    seen = []
    x, b = (torch.ones(2, requires_grad=True, device=device) for _ in range(2))
    h = x * 2
    h.register_hook(lambda g: seen.append((None if b.grad is None else b.grad.tolist(), x.grad)))
    (h + b).sum().backward()
    assert seen == [([1.0, 1.0], None)]
    assert x.grad.tolist() == [2.0, 2.0]


def test_hooks_deep_in_a_graph_run_in_pytorchs_order(device):
    # Hooks on two leaves and an intermediate, reached after several unhooked nodes: the order
    # of PyTorch's engine (newest ready node first, a leaf as soon as it is ready).
    order = []
    a, b, c = (torch.ones(2, requires_grad=True, device=device) for _ in range(3))
    a.register_hook(lambda g: order.append("a"))
    c.register_hook(lambda g: order.append("c"))
    ab = a * b
    ab.register_hook(lambda g: order.append("a*b"))
    y = ((ab + c).tanh() * 3).exp()
    y.sum().backward()
    assert order == ["c", "a*b", "a"]
    expected = (y.detach() * 3 * (1 - ((ab + c).tanh().detach()) ** 2)).tolist()
    assert c.grad.tolist() == pytest.approx(expected)
    assert a.grad.tolist() == pytest.approx(expected)


def test_many_leaves_are_all_accumulated_once(device):
    # The engine adds leaf gradients up at the end of an unwatched pass: each exactly once,
    # including a leaf reached along several paths and the output itself being a leaf.
    ws = [torch.full((2,), float(i + 1), requires_grad=True, device=device) for i in range(5)]
    total = ws[0]
    for w in ws[1:]:
        total = total * w + ws[0]
    counted = torch.autograd.grad(total.sum(), ws, retain_graph=True)  # the reference engine
    total.sum().backward()  # the fast pass (in the "fast" run of this module)
    # total = w0 (w1 w2 w3 w4 + w2 w3 w4 + w3 w4 + w4 + 1) with w = 1..5: d/dw0 = 120+60+20+5+1
    assert [w.grad.tolist() for w in ws] == [g.tolist() for g in counted]
    assert ws[0].grad.tolist() == [206.0, 206.0]
    leaf = torch.ones(3, requires_grad=True, device=device)
    leaf.backward(torch.full((3,), 2.0, device=device))
    assert leaf.grad.tolist() == [2.0, 2.0, 2.0]


def test_accumulate_grad_nodes_are_made_only_by_the_graph(device):
    x = torch.ones(2, requires_grad=True, device=device)
    acc = (x * 2).grad_fn.next_functions[0][0]
    assert acc.variable is x
    with pytest.raises(RuntimeError, match="^Cannot construct$"):  # PyTorch 2.13's text
        type(acc)(x)


@pytest.mark.parametrize("detach", ["requires_grad_", "detach_"])
def test_a_leaf_detached_after_the_forward_gets_no_gradient(device, detach):
    # PyTorch 2.13: AccumulateGrad adds nothing to a leaf that no longer requires grad; the
    # leaf's tensor hook and post-accumulate hook still run
    seen = []
    a = torch.tensor([1.0, 2.0], device=device, requires_grad=True)
    a.register_hook(lambda g: seen.append("pre"))
    a.register_post_accumulate_grad_hook(lambda t: seen.append("post"))
    b = torch.tensor([3.0, 4.0], device=device, requires_grad=True)
    y = (a * b).sum()
    if detach == "detach_":
        a.detach_()
    else:
        a.requires_grad_(False)
    y.backward()
    assert a.grad is None and seen == ["pre", "post"]
    assert b.grad.tolist() == [1.0, 2.0]


def test_a_leaf_detached_through_a_view_gets_no_gradient():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    v = a.view(2)
    a.detach_()
    (v * 2).sum().backward()
    assert a.grad is None


@pytest.mark.parametrize(
    "op,name",
    [
        (lambda a: a.max(), "Max1"),
        (lambda a: a.min(), "Min1"),
        (lambda a: a.amax(), "Amax"),
        (lambda a: a.median(), "Median"),
        (lambda a: a.nanmedian(), "Nanmedian"),
        (lambda a: a.prod(), "Prod"),
        (lambda a: a.prod(0), "Prod1"),
        (lambda a: a.exp(), "Exp"),
    ],
)
def test_changing_a_saved_result_in_place_fails_the_backward(op, name):
    # PyTorch 2.13 saves these ops' results: a change under no_grad is caught, and the message
    # names the forward op as Node.forward_op_name() does (Backward0 dropped, Backward1 -> 1)
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = op(a)
    with torch.no_grad():
        y.add_(1)
    with pytest.raises(RuntimeError, match=f"which is output 0 of {name}, is at version 1"):
        y.sum().backward()


_PRODUCTS = {
    "mm": lambda x, w: x.mm(w),
    "matmul": lambda x, w: x @ w,
    "linear": lambda x, w: torch.nn.functional.linear(x, w.t()),
    "addmm": lambda x, w: torch.addmm(torch.zeros(2, 2, dtype=x.dtype), x, w),
    "bmm": lambda x, w: torch.bmm(x.unsqueeze(0), w.unsqueeze(0)),
    "baddbmm": lambda x, w: torch.baddbmm(
        torch.zeros(1, 2, 2, dtype=x.dtype), x.unsqueeze(0), w.unsqueeze(0)
    ),
    "mv": lambda x, w: x.mv(w[:, 0]),
    "dot": lambda x, w: x[0].dot(w[:, 0]),
    "einsum": lambda x, w: torch.einsum("ij,jk->ik", x, w),
}


@pytest.mark.parametrize("name", list(_PRODUCTS))
def test_a_product_saves_a_factor_only_for_the_other_factors_gradient(name):
    # PyTorch 2.13 saves x of x @ w only when w needs a gradient: changing w in place after the
    # product is allowed while x needs none, and caught once it does
    product = _PRODUCTS[name]
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=torch.float64)
    w = torch.tensor([[1.0, 0.5], [2.0, -1.0], [0.0, 3.0]], dtype=torch.float64, requires_grad=True)
    y = product(x, w)
    fresh = w.detach().clone().requires_grad_()
    with torch.no_grad():
        w.mul_(2)  # w is read by no gradient: x needs none
    y.sum().backward()
    product(x, fresh).sum().backward()  # the gradient of a product is linear: w's value is unread
    assert torch.equal(w.grad, fresh.grad)
    x.requires_grad_()
    y = product(x, w)
    with torch.no_grad():
        w.mul_(2)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


@pytest.mark.parametrize(
    "op",
    [
        lambda a: a.gather(1, torch.tensor([[0], [1]])),
        lambda a: torch.take_along_dim(a, torch.tensor([[0], [1]]), 1),
        lambda a: a.masked_select(a > 0),
    ],
    ids=["gather", "take_along_dim", "masked_select"],
)
def test_an_input_saved_for_its_shape_is_still_version_checked(op):
    # PyTorch 2.13 saves the input of these ops (their backward takes `self`): changing it in
    # place under no_grad after the forward fails the backward
    x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], requires_grad=True) * 1
    y = op(x)
    with torch.no_grad():
        x.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()
