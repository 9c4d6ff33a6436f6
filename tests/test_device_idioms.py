"""The device-picking idioms of current tutorials: torch.backends.mps/cuda/cudnn,
torch.accelerator, and set/get_default_device (PyTorch 2.13's answers on a CPU-only build, and the
simulated cuda device standing in for a GPU)."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import backends


@pytest.fixture
def no_gpu():
    backends.use_simulated_cuda(False)
    previous = backends._cupy_status
    backends._cupy_status = (0, "no GPU (set by the test)")
    yield
    backends._cupy_status = previous
    backends.use_simulated_cuda(True)


@pytest.fixture
def default_device_restored():
    yield
    torch.set_default_device(None)


def test_cpu_only_answers_are_pytorchs(no_gpu):
    assert torch.backends.mps.is_available() is False
    assert torch.backends.mps.is_built() is False
    assert torch.accelerator.is_available() is False
    assert torch.accelerator.current_accelerator() is None
    assert torch.accelerator.current_accelerator(check_available=True) is None
    assert torch.accelerator.device_count() == 0
    with pytest.raises(RuntimeError, match="^Cannot access accelerator device when none is"):
        torch.accelerator.current_device_index()
    assert repr(torch.get_default_device()) == "device(type='cpu')"
    assert torch.backends.cudnn.is_available() is False and torch.backends.cudnn.version() is None
    assert (torch.backends.cudnn.enabled, torch.backends.cudnn.benchmark) == (True, False)
    assert torch.backends.cudnn.deterministic is False
    assert torch.backends.cuda.matmul.allow_tf32 is False


def test_tutorial_device_line_on_a_cpu_machine(no_gpu):
    """PyTorch's "Learn the Basics": the device line, then a model moved there."""
    device = (
        torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
    )
    assert device == "cpu"
    older = (
        "cuda"
        if torch.cuda.is_available()
        else "mps"
        if torch.backends.mps.is_available()
        else "cpu"
    )
    assert older == "cpu"
    assert torch.nn.Linear(2, 2).to(device).weight.device == torch.device("cpu")


def test_accelerator_with_a_cuda_device():
    assert torch.accelerator.is_available()
    assert repr(torch.accelerator.current_accelerator()) == "device(type='cuda')"
    assert torch.accelerator.device_count() == torch.cuda.device_count() > 0
    assert torch.accelerator.current_device_index() == 0


def test_default_device_moves_the_factories(default_device_restored):
    torch.set_default_device("cuda")
    assert repr(torch.get_default_device()) == "device(type='cuda', index=0)"
    made = [
        torch.zeros(2),
        torch.ones(2, 3),
        torch.empty(1),
        torch.full((2,), 3.0),
        torch.tensor([1.0, 2.0]),
        torch.arange(3),
        torch.linspace(0, 1, 5),
        torch.eye(2),
        torch.rand(2),
        torch.randn(2),
        torch.randint(0, 5, (2,)),
        torch.nn.Linear(2, 2).weight,
    ]
    assert all(t.device.type == "cuda" for t in made)
    assert torch.from_numpy(np.ones(2)).device.type == "cpu"  # as in PyTorch
    assert torch.zeros(2, device="cpu").device.type == "cpu"
    torch.set_default_device(None)
    assert torch.zeros(2).device.type == "cpu"
    assert repr(torch.get_default_device()) == "device(type='cpu')"
    torch.set_default_device(torch.device("cpu"))
    assert torch.zeros(2).device.type == "cpu"


def test_default_cuda_device_without_a_gpu_fails_where_pytorch_fails(
    no_gpu, default_device_restored
):
    torch.set_default_device("cuda")  # accepted, as PyTorch's CPU build accepts it
    with pytest.raises(AssertionError):
        torch.get_default_device()
    with pytest.raises(AssertionError):
        torch.zeros(1)
    torch.set_default_device(None)
    assert torch.zeros(1).device.type == "cpu"
