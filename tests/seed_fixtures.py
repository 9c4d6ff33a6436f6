"""Fixtures the lesson tests (test_seed_*.py) share: the learner's machine with or without a GPU."""

import pytest

from autograd_nb import backends


@pytest.fixture
def no_cuda(monkeypatch):
    """This machine as the learner has it: no GPU, so `torch.cuda.is_available()` is False."""
    monkeypatch.setenv(backends.SIMULATE_ENV, "0")
    monkeypatch.setattr(backends, "_cuda_backends", {})
    monkeypatch.setattr(backends, "cuda_status", lambda: (0, "No CUDA device here."))


@pytest.fixture
def simulated_gpu(monkeypatch):
    """A machine with GPUs (the simulated CUDA device), to run the author's GPU lines as written."""
    monkeypatch.setenv(backends.SIMULATE_ENV, "1")
    monkeypatch.setattr(backends, "_cuda_backends", {})
