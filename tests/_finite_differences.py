"""Central differences in float64: the gradients the hand-written tests compare autograd's with."""

import numpy as np

EPS = 1e-6


def numeric_gradients(f, arrays, weights, eps: float = EPS) -> list:
    """d/dx sum(f(*arrays) * weights) for each array x in arrays, by central differences."""
    grads = []
    for i, value in enumerate(arrays):
        g = np.zeros_like(value)
        for index in np.ndindex(value.shape):
            hi, lo = [a.copy() for a in arrays], [a.copy() for a in arrays]
            hi[i][index] += eps
            lo[i][index] -= eps
            g[index] = (np.sum(f(*hi) * weights) - np.sum(f(*lo) * weights)) / (2 * eps)
        grads.append(g)
    return grads


def numeric_gradient(f, x, eps: float = EPS):
    """d f(x)/dx for a scalar function f of one array x, by central differences."""
    return numeric_gradients(f, [x], 1.0, eps)[0]
