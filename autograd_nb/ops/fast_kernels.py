"""Array-level backward kernels for the nodes that dominate a training step (the MLP benchmark).

Every node's reference derivative is its `backward`, written with Tensor operations. Each kernel
here computes the same gradients straight on the backend's arrays, without the bookkeeping of
recorded, checked Tensor ops. Only the fast engine runs them (it looks them up with
`autograd.backward_kernels.backward_kernel(type(node))`), and tests/test_fast_kernels.py checks
each one against its node's formula. A kernel takes the node and the gradient of its output and
returns what the node's `backward` returns.
"""

from __future__ import annotations

import numpy as np

from .._tensor import Tensor, make_tensor
from ..autograd.backward_kernels import register_backward_kernel
from ._helpers import in_float32, matmul_data
from .binary import MulBackward0
from .linalg import AddmmBackward0, MmBackward0
from .log_sum_exp import LogSoftmaxBackward0
from .loss import NllLoss2DBackward0, NllLossBackward0
from .reduction import MeanBackward0
from .shape import TBackward0
from .unary import NegBackward0, ReluBackward0, TanhBackward0

__all__: list[str] = []  # no torch.* functions: kernels register themselves on import

# --- element-wise ---------------------------------------------------------------------------------


@register_backward_kernel(MulBackward0)
def mul_backward(node, grad: Tensor) -> tuple:
    """(grad * b, grad * a) on the arrays where the dtypes agree."""
    a, b = node._unpack(0), node._unpack(1)
    data = grad._data
    if data.size > 1 and grad._backend.broadcast_value(data) == 1:
        # A gradient of ones (what `sum()` sends back): each input's gradient is the other
        # input itself, so skip multiplying a big tensor by one.
        return _times_ones(b, grad), _times_ones(a, grad)
    return _product(grad, b), _product(grad, a)


def _product(grad: Tensor, other):
    """`grad * other` without a graph: on the arrays when the dtypes agree (or `other` is a
    Python number, which keeps grad's dtype in both libraries), else through the op."""
    if other is None:
        return None
    if not isinstance(other, Tensor):  # a number (bool, int, float) saved by the forward
        return make_tensor(grad._data * other, grad._backend)
    data = other._data
    if other._backend is grad._backend and data.dtype == grad._data.dtype:
        return make_tensor(grad._data * data, grad._backend)
    return grad * other


def _times_ones(t, ones: Tensor):
    """`ones * t` for a gradient of ones: `t`'s own array when shape and dtype already match."""
    if t is None:
        return None
    if isinstance(t, Tensor):
        data = t._data
        if data.shape == ones._data.shape and data.dtype == ones._data.dtype:
            return make_tensor(data, t._backend)
    return ones * t


@register_backward_kernel(NegBackward0)
def neg_backward(node, grad: Tensor) -> Tensor:
    """-grad."""
    return make_tensor(-grad._data, grad._backend)


# Same-width integer types: relu's mask multiplies a float's bits, so inf and nan stay masked.
_SAME_WIDTH_INT = {
    np.dtype(np.float64): np.int64,
    np.dtype(np.float32): np.int32,
    np.dtype(np.float16): np.int16,
}


@register_backward_kernel(ReluBackward0)
def relu_backward(node, grad: Tensor) -> Tensor:
    """grad where relu's result is not 0, else 0 (a nan result passes grad)."""
    backend = grad._backend
    return make_tensor(relu_mask(backend, grad._data, node._unpack(0)._data), backend)


def relu_mask(backend, grad, result):
    """PyTorch's threshold_backward(grad, result, 0) on arrays.

    With NumPy, np.where branches per element and mispredicts on a relu mask (about 5x slower
    than a multiply), and a multiply by the mask would turn an inf or nan gradient into nan
    where PyTorch gives 0; so the gradient's bits, as integers, are multiplied by 0 or 1.
    """
    xp = backend.xp
    bits = _SAME_WIDTH_INT.get(grad.dtype) if xp is np else None
    if bits is None or grad.shape != result.shape:
        zero = xp.zeros((), dtype=grad.dtype, device=backend.native_device)
        return xp.where(result == 0, zero, grad)
    return np.multiply(grad.view(bits), np.not_equal(result, 0)).view(grad.dtype)


@register_backward_kernel(TanhBackward0)
def tanh_backward(node, grad: Tensor) -> Tensor:
    """grad * (1 - y * y) from tanh's output y."""
    backend = grad._backend
    return make_tensor(tanh_derivative(backend.xp, grad._data, node._unpacked_data(0)), backend)


def tanh_derivative(xp, grad, y):
    """grad * (1 - y * y) on arrays.

    Past the L2 cache, one new NumPy array written three times while it is in cache beats
    three new arrays; below, the plain expression has less call overhead.
    """
    if xp is not np or grad.shape != y.shape or grad.dtype != y.dtype:
        return grad * (1 - y * y)
    if grad.size < 1 << 18:  # 1 as an array of y's dtype: NumPy takes it faster than an int
        return grad * (_one(y.dtype) - y * y)
    out = np.multiply(y, y)
    np.subtract(1, out, out=out)
    return np.multiply(grad, out, out=out)


# --- matrix products ------------------------------------------------------------------------------


def _mm_arrays(grad: Tensor, node, need_a: bool, need_b: bool) -> tuple:
    """(grad @ b^T, a^T @ grad) on the arrays, each laid out as its input (see linalg)."""
    backend, g = grad._backend, grad._data
    xp, (a_column_major, b_column_major) = backend.xp, node._layouts
    grad_a = grad_b = None
    if need_a:
        w = node._unpack(1)._data
        grad_a = matmul_data(xp, w, g.mT).mT if a_column_major else matmul_data(xp, g, w.mT)
        grad_a = make_tensor(grad_a, backend)
    if need_b:
        x = node._unpack(0)._data
        grad_b = matmul_data(xp, g.mT, x).mT if b_column_major else matmul_data(xp, x.mT, g)
        grad_b = make_tensor(grad_b, backend)
    return grad_a, grad_b


_ONES: dict = {}


def _one(dtype) -> np.ndarray:
    """A 0-d array holding 1 in `dtype` (made once per dtype)."""
    one = _ONES.get(dtype)
    if one is None:
        one = _ONES[dtype] = np.ones((), dtype)
    return one


@register_backward_kernel(MmBackward0)
def mm_backward(node, grad: Tensor) -> tuple:
    """The two gradients of a @ b as matrix products on the arrays."""
    edges = node._edges
    return _mm_arrays(grad, node, edges[0] is not None, edges[2] is not None)


@register_backward_kernel(AddmmBackward0)
def addmm_backward(node, grad: Tensor) -> tuple:
    """beta * grad for the input, alpha times the matrix products for mat1 and mat2."""
    alpha, beta = node._saved_alpha, node._saved_beta
    bias_fn, _, fn1, _, fn2, _ = node._edges
    g_input = None
    if bias_fn is not None:
        g_input = grad if beta == 1 else make_tensor(grad._data * beta, grad._backend)
    g1, g2 = _mm_arrays(grad, node, fn1 is not None, fn2 is not None)
    if alpha != 1:
        g1 = None if g1 is None else make_tensor(g1._data * alpha, g1._backend)
        g2 = None if g2 is None else make_tensor(g2._data * alpha, g2._backend)
    return g_input, g1, g2


@register_backward_kernel(TBackward0)
def t_backward(node, grad: Tensor) -> Tensor:
    """grad transposed, without view bookkeeping."""
    if grad._data.ndim < 2:
        return grad
    return make_tensor(grad._data.mT, grad._backend)


# --- reductions and the loss ----------------------------------------------------------------------


@register_backward_kernel(MeanBackward0)
def mean_backward(node, grad: Tensor) -> Tensor:
    """A new contiguous array of grad / count, as PyTorch's division of the expanded gradient."""
    shape, count = node._saved_self_sym_sizes, node._saved_self_sym_numel
    backend = grad._backend
    out = backend.xp.empty(shape, dtype=grad._data.dtype, device=backend.native_device)
    out[...] = grad._data / count
    return make_tensor(out, backend)


@register_backward_kernel(LogSoftmaxBackward0)
def log_softmax_backward(node, grad: Tensor) -> Tensor:
    """g - exp(y) * sum(g) along the dim, on the arrays (float16 and bfloat16 in float32)."""
    backend, dim = grad._backend, node._saved_dim

    def kernel(xp, g, y):
        return g - xp.exp(y) * backend.sum(g, axis=dim, keepdims=True)

    return make_tensor(in_float32(kernel, backend.xp, grad._data, node._unpack(0)._data), backend)


def nll_loss_backward(node, grad: Tensor) -> Tensor:
    """-grad (over the total weight for 'mean', times each sample's weight) scattered to the
    target classes, on the arrays."""
    backend, g = grad._backend, grad._data
    g = g / node._unpack(3)._data if node._saved_reduction == 1 else g
    g = g if node._weights is None else g * node._weights
    if node._ignored is not None:  # an ignored sample's row is left zero
        g = backend.xp.where(node._ignored, backend.xp.zeros_like(g), -g)
    else:
        g = -g
    # a 0-d g fills every sample; each sample's target is written once (a -0.0 stays)
    return make_tensor(node._plan.scatter(backend, g, accumulate=False), backend)


register_backward_kernel(NllLossBackward0)(nll_loss_backward)
register_backward_kernel(NllLoss2DBackward0)(nll_loss_backward)
