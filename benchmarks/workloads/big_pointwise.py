"""(2) ((x*w + b).tanh() * x).sum() and its backward on 1e6-element float32 tensors."""

from __future__ import annotations

import numpy as np
from _measure import time_calls

TITLE = "(2) ((x*w+b).tanh()*x).sum() fwd+bwd, 1e6 float32"
UNIT = "ms/iter"
N = 1_000_000


def _data():
    rng = np.random.default_rng(0)
    return [rng.standard_normal(N).astype(np.float32) for _ in range(3)]


def numpy_iter(x, w, b):
    """The floor: forward and the hand-derived gradients of x, w and b."""
    th = np.tanh(x * w + b)
    loss = (th * x).sum()
    gv = x * (1 - th * th)  # d loss / d (x*w + b)
    gx = th + gv * w
    gw = gv * x
    gb = gv
    return loss, gx, gw, gb


def tensor_iter(x, w, b):
    loss = ((x * w + b).tanh() * x).sum()
    loss.backward()
    for p in (x, w, b):
        p.grad = None
    return loss


def run(impl: str, quick: bool) -> dict:
    warmup, repeat = (1, 3) if quick else (3, 10)
    x, w, b = _data()
    if impl == "numpy":
        return {"value": time_calls(lambda: numpy_iter(x, w, b), warmup, repeat) * 1e3}
    if impl == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import autograd_nb as lib
    tx, tw, tb = (lib.from_numpy(a).requires_grad_() for a in (x, w, b))
    return {"value": time_calls(lambda: tensor_iter(tx, tw, tb), warmup, repeat) * 1e3}
