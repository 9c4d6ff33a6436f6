"""(5) Conv2d 3x3, 32 -> 32 channels, 28x28, batch 64, stride 1, padding 1: forward + backward.

The floor is im2col in NumPy: the 9 kernel taps gathered as strided slices of the padded input,
one matmul forward; backward is grad_weight = grad @ cols^T, grad_cols = W^T @ grad scattered
back (col2im) and grad_bias = sum. Timed: output, then d(sum(output * g)) for input, weight, bias.
"""

from __future__ import annotations

import numpy as np
from _measure import time_calls

TITLE = "(5) Conv2d 3x3 32->32, 28x28, batch 64, fwd+bwd"
UNIT = "ms/iter"
N, C, O, H, W, K = 64, 32, 32, 28, 28, 3


def _data():
    """The same float32 input, weight, bias and upstream gradient for every implementation."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((N, C, H, W)).astype(np.float32)
    bound = 1.0 / np.sqrt(C * K * K)
    w = rng.uniform(-bound, bound, (O, C, K, K)).astype(np.float32)
    b = rng.uniform(-bound, bound, (O,)).astype(np.float32)
    g = rng.standard_normal((N, O, H, W)).astype(np.float32)
    return x, w, b, g


def numpy_step(x, w, b, g):
    """The floor: im2col forward and hand-written backward (padding 1, stride 1)."""
    xp = np.zeros((N, C, H + 2, W + 2), dtype=x.dtype)
    xp[:, :, 1:-1, 1:-1] = x
    cols = np.stack([xp[:, :, i : i + H, j : j + W] for i in range(K) for j in range(K)], axis=2)
    cols = cols.reshape(N, C * K * K, H * W)
    w2 = w.reshape(O, -1)
    out = np.matmul(w2, cols).reshape(N, O, H, W)
    out += b.reshape(O, 1, 1)
    g2 = g.reshape(N, O, H * W)
    gw = np.matmul(g2, cols.transpose(0, 2, 1)).sum(0).reshape(w.shape)
    gb = g2.sum((0, 2))
    gcols = np.matmul(w2.T, g2).reshape(N, C, K * K, H, W)
    gxp = np.zeros_like(xp)
    for i in range(K):
        for j in range(K):
            gxp[:, :, i : i + H, j : j + W] += gcols[:, :, i * K + j]
    gx = gxp[:, :, 1:-1, 1:-1]
    return out, gx, gw, gb


def tensor_step(lib, x, w, b, g):
    """The same with PyTorch's API (autograd_nb or torch): conv2d, then backward(g)."""
    out = lib.nn.functional.conv2d(x, w, b, padding=1)
    out.backward(g)
    grads = x.grad, w.grad, b.grad
    x.grad = w.grad = b.grad = None
    return out, grads


def run(impl: str, quick: bool) -> dict:
    warmup, repeat = (1, 3) if quick else (3, 4)
    x, w, b, g = _data()
    if impl == "numpy":
        seconds = time_calls(lambda: numpy_step(x, w, b, g), warmup, repeat)
        return {"value": seconds * 1e3}
    if impl == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import autograd_nb as lib
        import autograd_nb.nn.functional  # noqa: F401 - lib.nn.functional
    tx, tw, tb = (lib.from_numpy(a).requires_grad_() for a in (x, w, b))
    tg = lib.from_numpy(g)
    seconds = time_calls(lambda: tensor_step(lib, tx, tw, tb, tg), warmup, repeat)
    return {"value": seconds * 1e3}
