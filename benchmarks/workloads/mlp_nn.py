"""(6) The MLP step of (1) written the usual PyTorch way: nn.Linear layers, nn.CrossEntropyLoss
and optim.SGD(momentum=0.9).

The floor is (1)'s hand-written NumPy step with SGD momentum added (buf = 0.9 * buf + grad;
p -= lr * buf), so it does the same math as PyTorch's SGD.
"""

from __future__ import annotations

import numpy as np
from _measure import time_calls

from workloads.mlp import LR, SIZES, _data, numpy_loss_and_grads

TITLE = "(6) MLP step with nn.Linear, CrossEntropyLoss, SGD(momentum=0.9)"
UNIT = "ms/step"
MOMENTUM = 0.9


def numpy_step(x, y, params, buffers):
    """The floor: (1)'s forward and backward, then SGD with momentum, in NumPy."""
    loss, grads = numpy_loss_and_grads(x, y, params)
    for p, buf, gp in zip(params, buffers, grads):
        buf *= MOMENTUM
        buf += gp
        p -= LR * buf
    return float(loss)


def tensor_step(model, loss_fn, optimizer, x, y):
    """The standard PyTorch training step."""
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


def run(impl: str, quick: bool) -> dict:
    warmup, repeat = (2, 5) if quick else (5, 20)
    x, y, params = _data()
    if impl == "numpy":
        buffers = [np.zeros_like(p) for p in params]
        return {
            "value": time_calls(lambda: numpy_step(x, y, params, buffers), warmup, repeat) * 1e3
        }
    if impl == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import autograd_nb as lib
    nn = lib.nn
    layers = [nn.Linear(a, b) for a, b in zip(SIZES[:-1], SIZES[1:])]
    model = nn.Sequential(layers[0], nn.ReLU(), layers[1], nn.ReLU(), layers[2])
    with lib.no_grad():  # the floor's weights; nn.Linear stores them as (out, in)
        for layer, (w, b) in zip(layers, zip(params[::2], params[1::2])):
            layer.weight.copy_(lib.from_numpy(np.ascontiguousarray(w.T)))
            layer.bias.copy_(lib.from_numpy(b))
    optimizer = lib.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
    loss_fn = nn.CrossEntropyLoss()
    tx, ty = lib.from_numpy(x), lib.from_numpy(y)
    seconds = time_calls(lambda: tensor_step(model, loss_fn, optimizer, tx, ty), warmup, repeat)
    return {"value": seconds * 1e3}
