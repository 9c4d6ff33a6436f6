"""End to end: an MLP written with tensor ops, trained with optim.SGD(momentum=0.9) on the
bundled digits through a shuffling DataLoader, reaches >= 95% test accuracy in under 20 s."""

from __future__ import annotations

import math
import time

import autograd_nb as torch
from autograd_nb.datasets import load_digits
from autograd_nb.utils.data import DataLoader, TensorDataset


def linear_params(fan_in: int, fan_out: int):
    """PyTorch's nn.Linear default init: U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    bound = 1 / math.sqrt(fan_in)
    weight = ((torch.rand(fan_in, fan_out) * 2 - 1) * bound).requires_grad_()
    bias = ((torch.rand(fan_out) * 2 - 1) * bound).requires_grad_()
    return weight, bias


def test_mlp_on_digits_reaches_95_percent():
    start = time.perf_counter()
    torch.manual_seed(0)
    x_train, y_train = load_digits(split="train", flatten=True)
    x_test, y_test = load_digits(split="test", flatten=True)
    w1, b1 = linear_params(64, 64)
    w2, b2 = linear_params(64, 10)
    params = [w1, b1, w2, b2]
    optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    loader = DataLoader(TensorDataset(x_train, y_train), batch_size=32, shuffle=True,
                        generator=torch.Generator().manual_seed(0))

    def model(x):
        return (x @ w1 + b1).relu() @ w2 + b2

    for _ in range(8):
        for xb, yb in loader:
            log_probs = model(xb).log_softmax(dim=1)
            loss = -log_probs.gather(1, yb.unsqueeze(1)).mean()  # cross-entropy
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    with torch.no_grad():
        accuracy = (model(x_test).argmax(dim=1) == y_test).float().mean().item()
    elapsed = time.perf_counter() - start
    assert accuracy >= 0.95, accuracy
    assert elapsed < 20, elapsed
    assert all(p.is_leaf and p.grad is not None for p in params)
