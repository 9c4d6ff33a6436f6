"""(3) A chain of 200 element-wise ops (mul, add, tanh in turn) on 1-element float32 tensors.

Forward and backward; the number reported is microseconds per op (the per-op overhead).
"""

from __future__ import annotations

import numpy as np
from _measure import time_calls

TITLE = "(3) 200-op chain (mul/add/tanh) on 1-element tensors, fwd+bwd"
UNIT = "us/op"
OPS = 200


def _data():
    return [np.array([v], dtype=np.float32) for v in (0.5, 0.9, 0.1)]


def numpy_chain(x, w, b):
    """The floor: the chain with a tape, then the hand-written reverse pass over it."""
    h, tape = x, []
    for i in range(OPS):
        k = i % 3
        if k == 0:
            tape.append(h)
            h = h * w
        elif k == 1:
            tape.append(None)
            h = h + b
        else:
            h = np.tanh(h)
            tape.append(h)
    g = np.ones_like(h)
    gw = gb = None
    for i in range(OPS - 1, -1, -1):
        k = i % 3
        if k == 0:
            gw = g * tape[i] if gw is None else gw + g * tape[i]
            g = g * w
        elif k == 1:
            gb = g if gb is None else gb + g
        else:
            y = tape[i]
            g = g * (1 - y * y)
    return g, gw, gb


def tensor_chain(x, w, b):
    h = x
    for i in range(OPS):
        k = i % 3
        if k == 0:
            h = h * w
        elif k == 1:
            h = h + b
        else:
            h = h.tanh()
    h.backward()
    for p in (x, w, b):
        p.grad = None
    return h


def run(impl: str, quick: bool) -> dict:
    warmup, repeat = (5, 20) if quick else (20, 40)
    x, w, b = _data()
    if impl == "numpy":
        seconds = time_calls(lambda: numpy_chain(x, w, b), warmup, repeat)
        return {"value": seconds / OPS * 1e6}
    if impl == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import autograd_nb as lib
    tx, tw, tb = (lib.from_numpy(a).requires_grad_() for a in (x, w, b))
    seconds = time_calls(lambda: tensor_chain(tx, tw, tb), warmup, repeat)
    return {"value": seconds / OPS * 1e6}
