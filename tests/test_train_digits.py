"""End to end: an MLP trained with optim.SGD(momentum=0.9) on the bundled digits through a
shuffling DataLoader reaches >= 95% test accuracy in under 20 s; written once with tensor ops,
once the standard PyTorch way (nn.Sequential, nn.CrossEntropyLoss)."""

from __future__ import annotations

import math
import time

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.datasets import load_digits
from autograd_nb.utils.data import DataLoader, TensorDataset


def linear_params(fan_in: int, fan_out: int):
    """PyTorch's nn.Linear default init: U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    bound = 1 / math.sqrt(fan_in)
    weight = ((torch.rand(fan_in, fan_out) * 2 - 1) * bound).requires_grad_()
    bias = ((torch.rand(fan_out) * 2 - 1) * bound).requires_grad_()
    return weight, bias


def train_and_test(model, params, loss_fn, epochs: int = 8) -> float:
    """Train `model` on the digits' train split (SGD lr=0.1, momentum=0.9, batches of 32 in a
    seeded shuffle) and return its accuracy on the test split."""
    x_train, y_train = load_digits(split="train", flatten=True)
    x_test, y_test = load_digits(split="test", flatten=True)
    optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    loader = DataLoader(
        TensorDataset(x_train, y_train),
        batch_size=32,
        shuffle=True,
        generator=torch.Generator().manual_seed(0),
    )
    for _ in range(epochs):
        for xb, yb in loader:
            loss = loss_fn(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    with torch.no_grad():
        return (model(x_test).argmax(dim=1) == y_test).float().mean().item()


def test_mlp_on_digits_reaches_95_percent():
    start = time.perf_counter()
    torch.manual_seed(0)
    w1, b1 = linear_params(64, 64)
    w2, b2 = linear_params(64, 10)
    params = [w1, b1, w2, b2]

    def model(x):
        return (x @ w1 + b1).relu() @ w2 + b2

    def cross_entropy(logits, target):
        return -logits.log_softmax(dim=1).gather(1, target.unsqueeze(1)).mean()

    accuracy = train_and_test(model, params, cross_entropy)
    elapsed = time.perf_counter() - start
    assert accuracy >= 0.95, accuracy
    assert elapsed < 20, elapsed
    assert all(p.is_leaf and p.grad is not None for p in params)


def test_nn_mlp_on_digits_reaches_95_percent():
    # the same training the standard PyTorch way: nn layers, a loss module, model.parameters()
    start = time.perf_counter()
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))
    loss_fn = nn.CrossEntropyLoss()
    model.train()
    accuracy = train_and_test(model, model.parameters(), loss_fn)
    elapsed = time.perf_counter() - start
    assert accuracy >= 0.95, accuracy
    assert elapsed < 20, elapsed  # the budget on one core (typically about 0.5 s)
    assert all(p.is_leaf and p.grad is not None for p in model.parameters())
    assert type(loss_fn(model(torch.zeros(1, 64)), torch.tensor([0])).grad_fn).__name__ == (
        "NllLossBackward0"
    )  # as PyTorch 2.13 names it
