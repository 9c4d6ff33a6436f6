"""(1) One SGD training step of an MLP 784-256-256-10 (ReLU, batch 128, float32, cross-entropy).

logits = relu(relu(x@W1+b1)@W2+b2)@W3+b3; loss = mean(-log_softmax(logits)[range, y]);
backward; then p -= lr * p.grad under no_grad. Written with tensor ops (no `nn`).
"""

from __future__ import annotations

import numpy as np
from _measure import time_calls

TITLE = "(1) MLP 784-256-256-10 train step, batch 128"
UNIT = "ms/step"
SIZES = (784, 256, 256, 10)
BATCH = 128
LR = 0.01


def _data():
    """The same inputs and initial parameters for every implementation (float32)."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(np.float32)
    y = rng.integers(0, SIZES[-1], BATCH).astype(np.int64)
    params = []
    for fan_in, fan_out in zip(SIZES[:-1], SIZES[1:]):
        bound = 1.0 / np.sqrt(fan_in)
        params.append(rng.uniform(-bound, bound, (fan_in, fan_out)).astype(np.float32))
        params.append(rng.uniform(-bound, bound, (fan_out,)).astype(np.float32))
    return x, y, params


def numpy_loss_and_grads(x, y, params):
    """Forward and hand-derived backward in NumPy: the loss and each parameter's gradient."""
    w1, b1, w2, b2, w3, b3 = params
    h1 = x @ w1 + b1
    a1 = np.maximum(h1, 0)
    h2 = a1 @ w2 + b2
    a2 = np.maximum(h2, 0)
    logits = a2 @ w3 + b3
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    total = exp.sum(axis=1, keepdims=True)
    logp = shifted - np.log(total)
    rows = np.arange(len(y))
    loss = -logp[rows, y].mean()
    # backward: d loss / d logits = (softmax - onehot) / batch
    g = exp / total
    g[rows, y] -= 1.0
    g /= len(y)
    gw3, gb3 = a2.T @ g, g.sum(axis=0)
    g = (g @ w3.T) * (h2 > 0)
    gw2, gb2 = a1.T @ g, g.sum(axis=0)
    g = (g @ w2.T) * (h1 > 0)
    gw1, gb1 = x.T @ g, g.sum(axis=0)
    return loss, (gw1, gb1, gw2, gb2, gw3, gb3)


def numpy_step(x, y, params):
    """The floor: forward, hand-derived backward and SGD in NumPy."""
    loss, grads = numpy_loss_and_grads(x, y, params)
    for p, gp in zip(params, grads):
        p -= LR * gp
    return float(loss)


def tensor_step(lib, x, y, params, rows):
    """The same step with PyTorch's tensor API (autograd_nb or torch)."""
    w1, b1, w2, b2, w3, b3 = params
    logits = ((x @ w1 + b1).relu() @ w2 + b2).relu() @ w3 + b3
    loss = (-logits.log_softmax(dim=1)[rows, y]).mean()
    loss.backward()
    with lib.no_grad():
        for p in params:
            p -= LR * p.grad
            p.grad = None
    return loss


def run(impl: str, quick: bool) -> dict:
    warmup, repeat = (2, 5) if quick else (5, 20)
    x, y, params = _data()
    if impl == "numpy":
        seconds = time_calls(lambda: numpy_step(x, y, params), warmup, repeat)
        return {"value": seconds * 1e3}
    if impl == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import autograd_nb as lib
    tx, ty = lib.from_numpy(x), lib.from_numpy(y)
    rows = lib.arange(BATCH)
    tparams = [lib.from_numpy(p).requires_grad_() for p in params]
    seconds = time_calls(lambda: tensor_step(lib, tx, ty, tparams, rows), warmup, repeat)
    return {"value": seconds * 1e3}
