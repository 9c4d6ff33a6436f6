"""torch.nn.modules.module.register_module_*_hook: hooks every module runs, before its own.
The expected orders and values were printed by PyTorch 2.13 for the same code."""

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.nn.modules import module as module_file


def test_global_hooks_run_for_every_module_in_pytorchs_order():
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
    order = []
    handles = [
        module_file.register_module_forward_hook(
            lambda mod, args, out: order.append(("g", type(mod).__name__))
        ),
        module_file.register_module_forward_pre_hook(
            lambda mod, args: order.append(("gp", type(mod).__name__))
        ),
        module_file.register_module_full_backward_hook(
            lambda mod, grad_in, grad_out: order.append(("gb", type(mod).__name__))
        ),
    ]
    model[0].register_forward_hook(lambda mod, args, out: order.append(("l", type(mod).__name__)))
    x = torch.ones(1, 2, requires_grad=True)
    try:
        model(x).sum().backward()
    finally:
        for handle in handles:
            handle.remove()
    assert order == [  # PyTorch 2.13
        ("gp", "Sequential"),
        ("gp", "Linear"),
        ("g", "Linear"),
        ("l", "Linear"),
        ("gp", "ReLU"),
        ("g", "ReLU"),
        ("g", "Sequential"),
        ("gb", "ReLU"),
        ("gb", "Linear"),
        ("gb", "Sequential"),
    ]
    order.clear()
    model(x)
    assert order == [("l", "Linear")]  # removed: only the module's own hook is left


def test_a_global_forward_hook_with_kwargs_can_replace_outputs():
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())

    def zero_relu(mod, args, kwargs, output):
        return output * 0 if isinstance(mod, nn.ReLU) else None

    with module_file.register_module_forward_hook(zero_relu, with_kwargs=True):
        out = model(torch.ones(1, 2))
    assert out.tolist() == [[0.0, 0.0]] and out.grad_fn.name() == "MulBackward0"  # PyTorch 2.13
    assert model(torch.ones(1, 2)).grad_fn.name() != "MulBackward0"


def test_a_global_backward_pre_hook_sees_every_modules_output_gradient():
    model = nn.Sequential(nn.Linear(2, 3), nn.Tanh())
    seen = []
    handle = module_file.register_module_full_backward_pre_hook(
        lambda mod, grad_out: seen.append((type(mod).__name__, tuple(grad_out[0].shape)))
    )
    try:
        model(torch.ones(4, 2, requires_grad=True)).sum().backward()
    finally:
        handle.remove()
    assert seen == [("Sequential", (4, 3)), ("Tanh", (4, 3)), ("Linear", (4, 3))]
