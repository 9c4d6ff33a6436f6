"""Gradients that come from user code are checked, accumulation is thread-safe, and gradients
land on the right device (issue 18 §1, §3, §4).

Every expected text was recorded from PyTorch 2.13 (CPU); the CUDA texts are those PyTorch's
engine builds (validate_outputs), checked here on the simulated CUDA device.
"""

from __future__ import annotations

import gc
import math
import re
import threading
import weakref

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg


def backward_with_tensor_hook(hook, on_leaf: bool):
    x = torch.ones(3, requires_grad=True)
    if on_leaf:
        x.register_hook(hook)
        y = x * 2
    else:
        y = x * 2
        y.register_hook(hook)
    y.sum().backward()
    return x


@pytest.mark.parametrize("on_leaf", [False, True])
def test_a_tensor_hook_may_not_change_size_type_or_return_a_non_tensor(on_leaf):
    with pytest.raises(RuntimeError, match=r"^hook '<lambda>' has changed the size of value$"):
        backward_with_tensor_hook(lambda g: g[:1], on_leaf)
    with pytest.raises(RuntimeError) as err:
        backward_with_tensor_hook(lambda g: g.double(), on_leaf)
    assert str(err.value) == (
        "hook '<lambda>' has changed the type of value (was torch.FloatTensor got "
        "torch.DoubleTensor)"
    )
    with pytest.raises(TypeError, match=r"^expected Variable, but hook returned 'int'$"):
        backward_with_tensor_hook(lambda g: 3, on_leaf)

    def named(g):
        return g.reshape(1, 3)

    with pytest.raises(RuntimeError, match=r"^hook 'named' has changed the size of value$"):
        backward_with_tensor_hook(named, on_leaf)
    x = backward_with_tensor_hook(lambda g: g * 10, on_leaf)  # a fitting gradient is fine
    assert x.grad.tolist() == [20.0] * 3 if on_leaf else [20.0] * 3


def test_a_failed_hook_check_changes_no_grad():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g[:1])
    with pytest.raises(RuntimeError):
        y.sum().backward()
    assert x.grad is None


def test_node_hooks_are_checked():
    y = torch.ones(3, requires_grad=True) * 2
    y.grad_fn.register_prehook(lambda grads: (torch.ones(5),))
    with pytest.raises(RuntimeError, match=r"^hook '<lambda>' has changed the size of value$"):
        y.sum().backward()
    y = torch.ones(3, requires_grad=True) * 2
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: (torch.ones(1),))
    with pytest.raises(RuntimeError) as err:
        y.sum().backward()
    assert str(err.value) == (
        "hook '<lambda>' has returned an incorrect number of values (got 1, but expected 2)"
    )
    y = torch.ones(3, requires_grad=True) * 2
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: (3, None))
    with pytest.raises(TypeError, match=r"^expected Variable, but hook returned 'int'$"):
        y.sum().backward()
    y = torch.ones(3, requires_grad=True) * 2  # the scalar operand's gradient is None
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: (None, torch.ones(1)))
    with pytest.raises(
        RuntimeError, match=r"^can't replace a None gradient with a non-None value$"
    ):
        y.sum().backward()


def module_backward(register, hook):
    layer = torch.nn.Linear(3, 2)
    getattr(layer, register)(hook)
    x = torch.ones(4, 3, requires_grad=True)
    layer(x).sum().backward()
    return x


def test_module_full_backward_hooks_are_checked_as_pytorchs_hook_named_hook():
    full, pre = "register_full_backward_hook", "register_full_backward_pre_hook"
    with pytest.raises(RuntimeError, match=r"^hook 'hook' has changed the size of value$"):
        module_backward(full, lambda m, gi, go: (gi[0][:, :1],))
    with pytest.raises(TypeError, match=r"^expected Variable, but hook returned 'int'$"):
        module_backward(full, lambda m, gi, go: (3,))
    with pytest.raises(RuntimeError) as err:
        module_backward(full, lambda m, gi, go: (gi[0].double(),))
    assert str(err.value) == (
        "hook 'hook' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)"
    )
    with pytest.raises(RuntimeError, match=r"^hook 'hook' has changed the size of value$"):
        module_backward(pre, lambda m, go: (go[0][:1],))
    x = module_backward(full, lambda m, gi, go: (gi[0] * 2,))
    assert x.grad.shape == (4, 3)


class Custom(torch.autograd.Function):
    """Returns whatever `Custom.make(grad)` gives as the gradient of x."""

    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return Custom.make(grad)


def custom_backward(make, shape=(3,)):
    Custom.make = staticmethod(make)
    x = torch.ones(*shape, requires_grad=True)
    Custom.apply(x).sum().backward()
    return x.grad


def test_a_function_gradient_must_fit_its_input():
    for got, given in (("[5]", (5,)), ("[1]", (1,)), ("[3, 1]", (3, 1)), ("[]", ())):
        with pytest.raises(RuntimeError) as err:
            custom_backward(lambda g, given=given: torch.ones(given))
        assert str(err.value) == (
            f"Function CustomBackward returned an invalid gradient at index 0 - got {got} but "
            "expected shape compatible with [3]"
        )
    with pytest.raises(RuntimeError, match=r"^expected Variable or None \(got int\)$"):
        custom_backward(lambda g: 3)


def test_a_function_gradient_is_summed_to_shape_and_cast_to_dtype():
    grad = custom_backward(lambda g: torch.ones(2, 3))  # broadcastable: summed, as PyTorch
    assert grad.tolist() == [2.0, 2.0, 2.0] and grad.dtype is torch.float32
    grad = custom_backward(lambda g: torch.ones(3, dtype=torch.float64))
    assert grad.dtype is torch.float32 and grad.tolist() == [1.0, 1.0, 1.0]
    grad = custom_backward(lambda g: torch.ones(3, dtype=torch.int64))
    assert grad.dtype is torch.float32


def test_a_function_gradient_for_a_non_tensor_input_is_refused():
    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k

        @staticmethod
        def backward(ctx, grad):
            return grad, torch.ones(1)

    with pytest.raises(RuntimeError) as err:
        Scale.apply(torch.ones(3, requires_grad=True), 2).sum().backward()
    assert str(err.value) == (
        "function ScaleBackward returned a gradient different than None at position 2, but the "
        "corresponding forward input was not a Variable"
    )


def test_save_for_backward_accepts_only_tensors_and_none():
    class Saves(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, what):
            ctx.save_for_backward(*what)
            return x * 2

        @staticmethod
        def backward(ctx, grad):
            return grad, None

    x = torch.ones(3, requires_grad=True)
    with pytest.raises(TypeError) as err:
        Saves.apply(x, (3,))
    assert (
        str(err.value) == "save_for_backward can only save variables, but argument 0 is of type int"
    )
    Saves.apply(x, (None, x)).sum().backward()  # None and tensors are fine
    assert x.grad.tolist() == [1.0] * 3


# --- threads (issue 18 §3) -------------------------------------------------------------------


def test_threads_accumulating_into_one_leaf_lose_nothing():
    # 8 threads x 50 backwards into one 100k-element leaf: PyTorch gives exactly 800 each time.
    w = torch.zeros(100_000, requires_grad=True)

    def work():
        for _ in range(50):
            (w * 2.0).sum().backward()

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(w.grad.tolist()) == {800.0}


def test_backward_leaves_the_cycle_collector_as_the_user_set_it():
    x = torch.ones(3, requires_grad=True)
    was = gc.isenabled()
    try:
        gc.disable()
        (x * 2).sum().backward()
        assert not gc.isenabled()
        gc.enable()
        (x * 2).sum().backward()
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_backward_in_one_thread_does_not_undo_gc_disable_in_another():
    # A pass running while another thread disables the collector must not re-enable it.
    x = torch.ones(3, requires_grad=True)
    was = gc.isenabled()
    y = x * 2
    disabled = []

    def hook(grad):
        gc.disable()  # stands for another thread's gc.disable() during the pass
        disabled.append(True)
        return grad

    y.register_hook(hook)
    try:
        gc.enable()
        y.sum().backward()
        assert disabled and not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_a_removed_hooks_handle_does_not_keep_it_alive():
    x = torch.ones(3, requires_grad=True)

    class Hook:
        def __call__(self, grad):
            return grad

    hook = Hook()
    alive = weakref.ref(hook)
    handle = x.register_hook(hook)
    node_handle = (x * 2).grad_fn.register_prehook(hook)
    del hook
    handle.remove()
    node_handle.remove()
    gc.collect()
    assert alive() is None
    handle.remove()  # removing twice does nothing


# --- devices (issue 18 §4) -------------------------------------------------------------------


@pytest.fixture
def cuda():
    if not torch.cuda.is_available():
        pytest.skip("needs the simulated (or a real) CUDA device")
    return "cuda"


def test_a_cpu_leaf_used_with_a_cuda_tensor_gets_its_grad_on_the_cpu(cuda):
    w = torch.tensor(2.0, requires_grad=True)  # a CPU scalar may meet CUDA tensors (PyTorch)
    x = torch.ones(3, device=cuda, requires_grad=True)
    (w * x).sum().backward()
    assert w.grad.device == torch.device("cpu") and w.grad.item() == 3.0
    assert x.grad.device.type == "cuda"
    (w * x).sum().backward()  # accumulating again stays on the CPU
    assert w.grad.device == torch.device("cpu") and w.grad.item() == 6.0


def test_a_cpu_gradient_for_a_cuda_output_is_refused(cuda):
    y = torch.ones(3, device=cuda, requires_grad=True) * 2
    with pytest.raises(RuntimeError) as err:
        y.backward(torch.ones(3))
    assert str(err.value) == msg.INVALID_GRAD_DEVICE.format(index=0, expected="cuda:0", got="cpu")
    assert str(err.value) == "invalid gradient at index 0 - expected device cuda:0 but got cpu"
    x = torch.ones((), device=cuda, requires_grad=True)
    (x * 2).backward(torch.tensor(1.0))  # a 0-dim gradient is moved, as PyTorch does
    assert x.grad.device.type == "cuda" and x.grad.item() == 2.0


# --- a failed backward is all or nothing (issue 18 §2; PyTorch keeps what it did) -------------


def test_a_backward_that_fails_part_way_changes_no_grad_and_can_run_again():
    # b is ready (and accumulated, in PyTorch's order) before the hook on h raises.
    x, b = (torch.ones(2, requires_grad=True) for _ in range(2))
    b.grad = torch.full((2,), 10.0)
    before = b.grad
    h = x * 2
    r = h * 3
    r.retain_grad()
    handle = h.register_hook(lambda g: 1 / 0)
    loss = (r + b).sum()
    with pytest.raises(ZeroDivisionError):
        loss.backward()
    assert x.grad is None and b.grad is before and b.grad.tolist() == [10.0, 10.0]
    assert r.grad is None  # retain_grad's .grad is put back too
    handle.remove()  # the cause is fixed: the same graph runs again
    loss.backward()
    assert x.grad.tolist() == [6.0, 6.0] and b.grad.tolist() == [11.0, 11.0]
    assert b.grad is before and r.grad.tolist() == [1.0, 1.0]


def test_a_function_that_fails_once_leaves_the_graph_usable():
    # A custom Function's backward runs in the fast pass too: nothing is freed when it fails.
    class Flaky(torch.autograd.Function):
        fail = True

        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):
            if Flaky.fail:
                raise ValueError("not yet")
            (x,) = ctx.saved_tensors
            return grad * 2 * x

    x, w = torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([3.0], requires_grad=True)
    loss = (Flaky.apply(x) * w.exp()).sum()
    with pytest.raises(ValueError, match="not yet"):
        loss.backward()
    assert x.grad is None and w.grad is None
    Flaky.fail = False
    loss.backward()
    e3 = math.exp(3.0)
    assert x.grad.tolist() == pytest.approx([2 * e3, 4 * e3], rel=1e-6)
    assert w.grad.tolist() == pytest.approx([5 * e3], rel=1e-6)


def test_a_failed_accumulation_changes_no_grad(device):
    # c's .grad is expanded: adding into it in place fails (PyTorch's text), after a's and b's
    # gradients are complete (they come first: their products are newer). PyTorch keeps a's and
    # b's sums and has freed the graph; here nothing changes and the graph runs again.
    a, b, c = (torch.ones(3, device=device, requires_grad=True) for _ in range(3))
    a.grad, b.grad = torch.zeros(3, device=device), torch.zeros(3, device=device)
    before = [a.grad, b.grad]
    c.grad = torch.zeros(1, device=device).expand(3)
    loss = (c * 4 + b * 3 + a * 2).sum()
    with pytest.raises(RuntimeError) as err:
        loss.backward()
    assert str(err.value) == (
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation."
    )
    assert a.grad is before[0] and b.grad is before[1]
    assert [t.grad.tolist() for t in (a, b, c)] == [[0.0] * 3] * 3
    c.grad = torch.zeros(3, device=device)
    loss.backward()
    assert [t.grad.tolist() for t in (a, b, c)] == [[2.0] * 3, [3.0] * 3, [4.0] * 3]
    assert a.grad is before[0] and b.grad is before[1]


@pytest.mark.filterwarnings("ignore:The given NumPy array is not writable")
def test_a_read_only_grad_is_refused_and_nothing_changes():
    # Ours: PyTorch writes into the read-only NumPy array (undefined behaviour) and keeps a's sum.
    a, b = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    a.grad = torch.zeros(3)
    values = np.zeros(3, dtype=np.float32)
    values.flags.writeable = False
    b.grad = torch.from_numpy(values)
    loss = (b * 3 + a * 2).sum()
    with pytest.raises(RuntimeError, match="^" + re.escape(msg.INPLACE_READ_ONLY) + "$"):
        loss.backward()
    assert a.grad.tolist() == [0.0] * 3 and b.grad.tolist() == [0.0] * 3
