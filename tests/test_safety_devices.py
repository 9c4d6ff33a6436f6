"""Device misuse on the simulated cuda device gives PyTorch's texts. CUDA-only texts, which a CPU
build cannot print, are taken from PyTorch's sources: THPVariable_set_grad in
torch/csrc/autograd/python_variable.cpp, and the generated CUDA wrappers' device check (format
in shared/reference/pytorch-behaviour.md)."""

from __future__ import annotations

import pytest

import autograd_nb as torch
import autograd_nb.nn.functional as F
from autograd_nb import backends


@pytest.fixture(autouse=True, scope="module")
def simulated_cuda():
    """These tests need a cuda device: the simulation, even under --no-simulated-cuda."""
    was_on = backends._simulated()
    backends.use_simulated_cuda(True)
    yield
    backends.use_simulated_cuda(was_on)


@pytest.mark.parametrize(
    ("param_device", "grad_device", "text"),
    [
        (
            "cuda",
            "cpu",
            "attempting to assign a gradient with device type 'cpu' to a tensor with device type "
            "'cuda'. Please ensure that the gradient and the tensor are on the same device",
        ),
        (
            "cpu",
            "cuda",
            "attempting to assign a gradient with device type 'cuda' to a tensor with device type "
            "'cpu'. Please ensure that the gradient and the tensor are on the same device",
        ),
        (
            "cuda:1",
            "cuda:0",
            "attempting to assign a gradient located on device with index '0' to a tensor located "
            "on device with index '1'. Please ensure that the gradient and the tensor are on the "
            "same device",
        ),
    ],
)
def test_assigning_a_grad_on_another_device(param_device, grad_device, text):
    p = torch.zeros(3, device=param_device, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        p.grad = torch.zeros(3, device=grad_device)
    assert str(info.value) == text
    assert p.grad is None


def test_grad_setter_checks_in_pytorchs_order():
    p = torch.zeros(3, requires_grad=True)
    with pytest.raises(RuntimeError, match="^attempting to assign a gradient with dtype 'double'"):
        p.grad = torch.zeros(2, dtype=torch.float64)  # dtype before size (PyTorch 2.13)
    with pytest.raises(RuntimeError, match="^can't assign Variable as its own grad$"):
        p.grad = p


def _wrapper_text(arg: str, method: str) -> str:
    return (
        f"Expected all tensors to be on the same device, but got {arg} is on cpu, different "
        f"from other tensors on cuda:0 (when checking argument in method {method})"
    )


@pytest.mark.parametrize(
    ("call", "arg", "method"),
    [
        (
            lambda x, t: F.cross_entropy(x, t),
            "target",
            "wrapper_CUDA_nll_loss_forward",
        ),
        (lambda x, t: F.nll_loss(x, t), "target", "wrapper_CUDA_nll_loss_forward"),
        (
            lambda x, t: F.cross_entropy(x, t.cuda(), weight=torch.ones(4)),
            "weight",
            "wrapper_CUDA_nll_loss_forward",
        ),
        (
            lambda x, t: F.cross_entropy(
                x.view(1, 3, 2, 2), t.view(1, 1, 3)[:, :, :2].expand(1, 2, 2)
            ),
            "target",
            "wrapper_CUDA__nll_loss2d_forward",
        ),
    ],
)
def test_class_index_losses_refuse_targets_on_another_device(call, arg, method):
    x = torch.randn(3, 4, device="cuda", requires_grad=True)
    t = torch.tensor([0, 1, 2])
    with pytest.raises(RuntimeError) as info:
        call(x, t)
    assert str(info.value) == _wrapper_text(arg, method)
