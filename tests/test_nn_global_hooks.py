"""torch.nn.modules.module.register_module_*_hook: hooks every module runs, before its own.
The expected orders and values were printed by PyTorch 2.13 for the same code."""

import json
import pathlib

import pytest
from _module_hook_cases import CASES

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


def test_registration_hooks_see_every_buffer_module_and_parameter_in_pytorchs_order():
    seen = []
    handles = [
        module_file.register_module_buffer_registration_hook(
            lambda m, n, b: seen.append(
                ("buffer", type(m).__name__, n, None if b is None else tuple(b.shape))
            )
        ),
        module_file.register_module_module_registration_hook(
            lambda m, n, s: seen.append(("module", type(m).__name__, n, type(s).__name__))
        ),
        module_file.register_module_parameter_registration_hook(
            lambda m, n, p: seen.append(("param", type(m).__name__, n, tuple(p.shape)))
        ),
    ]
    try:
        model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
        model.extra = nn.ReLU()
        model.register_buffer("b", None)
        model.b = torch.ones(2)
    finally:
        for handle in handles:
            handle.remove()
    nn.Linear(1, 1)  # removed: seen no more
    assert seen == [  # PyTorch 2.13
        ("param", "Linear", "weight", (3, 2)),
        ("param", "Linear", "bias", (3,)),
        ("param", "BatchNorm1d", "weight", (3,)),
        ("param", "BatchNorm1d", "bias", (3,)),
        ("buffer", "BatchNorm1d", "running_mean", (3,)),
        ("buffer", "BatchNorm1d", "running_var", (3,)),
        ("buffer", "BatchNorm1d", "num_batches_tracked", ()),
        ("module", "Sequential", "0", "Linear"),
        ("module", "Sequential", "1", "BatchNorm1d"),
        ("module", "Sequential", "extra", "ReLU"),
        ("buffer", "Sequential", "b", None),
        ("buffer", "Sequential", "b", (2,)),
    ]


def test_a_registration_hook_can_replace_what_is_registered():
    replacement = nn.Parameter(torch.zeros(3))

    def swap(module, name, param):
        return replacement if name == "bias" else None

    with module_file.register_module_parameter_registration_hook(swap):
        layer = nn.Linear(2, 3)
    assert layer.bias is replacement and nn.Linear(2, 3).bias is not replacement


# --- always_call and the deprecated backward hooks, against PyTorch 2.13's record ---------------
# tests/_module_hook_cases.py runs each scenario; tests/data/record_module_hooks.py recorded them.
RECORDED = json.loads((pathlib.Path(__file__).parent / "data" / "module_hooks.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_module_hooks_behave_as_pytorch_recorded(name):
    assert CASES[name](torch) == RECORDED[name]
