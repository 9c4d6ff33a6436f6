"""Array-level backward kernels that the fast engine may run instead of a node's formula.

Every op's reference derivative is its node's `backward`, written with Tensor operations (so
`create_graph=True` works by construction). The few ops that dominate a training step may also
register here a kernel that computes the same gradients directly on backend arrays. Only the
fast engine (`autograd/_fast_engine.py`) consults this table, and each kernel has a parity test
against its node's `backward`.

A kernel has the signature of `Node.backward`: `kernel(node, *grads)` takes the node and the
gradients of its outputs (Tensors) and returns a Tensor, or a tuple with one Tensor or None per
input edge.
"""

from __future__ import annotations

from collections.abc import Callable

_KERNELS: dict[type, Callable] = {}


def register_backward_kernel(node_type: type) -> Callable[[Callable], Callable]:
    """Decorator: use the decorated function as `node_type`'s backward in the fast engine."""

    def register(kernel: Callable) -> Callable:
        _KERNELS[node_type] = kernel
        return kernel

    return register


def backward_kernel(node_type: type) -> Callable | None:
    """The array-level kernel registered for `node_type`, or None (run `node.backward`)."""
    return _KERNELS.get(node_type)


def registered_kernels() -> dict[type, Callable]:
    """A copy of the table: what the parity tests iterate over."""
    return dict(_KERNELS)
