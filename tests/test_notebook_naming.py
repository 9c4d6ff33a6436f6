"""The names in the pictures: module paths for parameters, variables only when they fit."""

from __future__ import annotations

import pytest
from _ipython_shell import ip_fixture, shell_fixture  # noqa: F401
from IPython.utils.capture import capture_output

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.notebook.naming import display_names, loop_variables, module_parameter_names

NET = (
    "from autograd_nb import nn\n"
    "torch.manual_seed(0)\n"
    "net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))\n"
    "x = torch.ones(2, 4)\n"
)


def svg_of(shell, line: str) -> str:
    with capture_output() as cap:
        shell.run_line_magic("grad_graph", line)
    return cap.outputs[0].data["image/svg+xml"]


def test_a_models_parameters_are_named_by_their_module_path(ip):
    assert ip.run_cell(NET).success
    svg = svg_of(ip, "net(x).sum()")
    for name in ("net.0.weight", "net.0.bias", "net.2.weight", "net.2.bias"):
        assert f">{name}</text>" in svg
    assert "version 1" not in svg  # initialisation's in-place writes are no one's business


def test_a_stale_loop_variable_never_names_a_tensor(ip):
    code = NET + "for para in net.parameters():\n    para.requires_grad_(True)\n"
    assert ip.run_cell(code).success
    assert ip.user_ns["para"] is ip.user_ns["net"][2].bias
    svg = svg_of(ip, "net(x).sum()")
    assert ">para</text>" not in svg and ">net.2.bias</text>" in svg


def test_two_names_for_one_tensor_name_nothing_but_one_name_does(ip):
    code = (
        "w = torch.ones(3, requires_grad=True)\nalso_w = w\nb = torch.ones(3, requires_grad=True)\n"
    )
    assert ip.run_cell(code).success
    svg = svg_of(ip, "(w*b).sum()")
    assert ">b</text>" in svg and ">w</text>" not in svg and ">also_w</text>" not in svg


def test_params_option_names_by_a_module_found_any_way(ip):
    code = NET.replace("net = ", "models = {}\nmodels['m'] = ") + "y = models['m'](x).sum()\n"
    assert ip.run_cell(code).success
    assert ">models['m'].0.weight</text>" not in svg_of(ip, "y")  # not in the namespace itself
    assert ">models['m'].0.weight</text>" in svg_of(ip, "y --params models['m']")


def test_params_option_wants_a_module(ip):
    with capture_output() as cap:
        result = ip.run_cell("%grad_graph x1 --params x2")
    assert not result.success
    assert "x2 is a Tensor, not an nn.Module" in cap.stdout


def test_display_names_prefers_params_then_modules_then_variables():
    torch.manual_seed(0)
    fc = nn.Linear(2, 1)
    t = torch.ones(2, requires_grad=True)
    namespace = {"fc": fc, "t": t, "alias": fc.bias, "In": ["for q in range(3):\n    pass"]}
    names = display_names(namespace)
    assert names == {"fc.weight": fc.weight, "fc.bias": fc.bias, "t": t}
    with_params = display_names(namespace, params={"bias": fc.bias})
    assert list(with_params) == ["bias", "fc.weight", "t"]


@pytest.mark.parametrize(
    "source, names",
    [
        ("for para in model.parameters():\n    pass", {"para"}),
        ("for name, p in net.named_parameters(): print(name)", {"name", "p"}),
        ("for i, (a, b) in enumerate(pairs): pass", {"i", "a", "b"}),
        ("total = sum(v for v in values)", {"v"}),  # harmless: comprehensions bind nothing
        ("x = 1  # information", set()),
    ],
)
def test_loop_variables_found_in_cells(source, names):
    assert loop_variables([source]) == names


def test_module_parameter_names_include_buffers():
    bn = nn.BatchNorm1d(3)
    names = module_parameter_names({"bn": bn})
    assert list(names) == [
        "bn.weight",
        "bn.bias",
        "bn.running_mean",
        "bn.running_var",
        "bn.num_batches_tracked",
    ]
