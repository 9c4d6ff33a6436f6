"""2-D max and average pooling over the same windows as convolution's im2col.

max_pool2d keeps, per output, the flat index (h * W + w) of the winning input, as PyTorch's
`indices`; its backward scatters the gradient there. avg_pool2d's backward spreads each
gradient evenly back over its window with `fold`. adaptive_avg_pool2d's windows differ in size,
so it sums them with 0/1 matrices instead: rows @ x @ cols.T, divided by each window's size.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, require_floating
from .convolution import Window, fold_window, im2col_data, pair


def _pool_output(size: int, kernel: int, pad: int, stride: int, dilation: int,
                 ceil_mode: bool) -> int:
    """PyTorch's pooling_output_shape: the last window must start inside the (left-)padded input."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1
    out = (span + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _pool_window(x: Tensor, kernel_size, stride, padding, dilation, ceil_mode: bool) -> Window:
    """The window geometry with PyTorch's checks on input rank, padding and output size."""
    if x.dim() not in (3, 4) or x.numel() == 0:
        raise RuntimeError(msg.POOL_INPUT_DIM)
    kernel = pair(kernel_size)
    stride = kernel if stride is None or stride == [] or stride == () else pair(stride)
    pad, dilation = pair(padding), pair(dilation)
    for p, k, d in zip(pad, kernel, dilation):
        if p > (d * (k - 1) + 1) // 2:
            raise RuntimeError(msg.POOL_PAD.format(pad=p, kernel=k, dilation=d))
    c, h, w = x._data.shape[-3:]
    out = tuple(_pool_output(s, k, p, st, d, ceil_mode)
                for s, k, p, st, d in zip((h, w), kernel, pad, stride, dilation))
    if out[0] < 1 or out[1] < 1:
        raise RuntimeError(msg.POOL_OUTPUT_SIZE.format(c=c, h=h, w=w, oh=out[0], ow=out[1]))
    return Window((h, w), kernel, dilation, (pad[0], pad[0], pad[1], pad[1]), stride, out)


def _set_params(node, win: Window, ceil_mode: bool) -> None:
    node._saved_kernel_size, node._saved_stride = win.kernel, win.stride
    node._saved_padding = (win.pads[0], win.pads[2])
    node._saved_ceil_mode = ceil_mode
    node._window = win


# --- max_pool2d ----------------------------------------------------------------------------------
class MaxPool2DWithIndicesBackward0(Node):
    """The gradient goes to each window's maximum (scatter_add at the saved flat indices)."""

    __slots__ = ("_saved_kernel_size", "_saved_stride", "_saved_padding", "_saved_dilation",
                 "_saved_ceil_mode", "_window")
    _saved_names = ("self", "result1")

    def backward(self, grad):
        return scatter_to_indices(grad, self._unpack(0), self._unpack(1))


def scatter_to_indices(grad: Tensor, x: Tensor, indices: Tensor) -> Tensor:
    """Max pooling's input gradient: each output's gradient added at its flat (h * W + w) index."""
    lead = tuple(x.shape[:-2])
    flat = grad.new_zeros(lead + (x.shape[-2] * x.shape[-1],))
    flat = flat.scatter_add(-1, indices.reshape(lead + (-1,)), grad.reshape(lead + (-1,)))
    return flat.reshape(x.shape)


def max_pool2d_with_indices(input: Tensor, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode: bool = False) -> tuple:
    """(max over each window, flat index h * W + w of that max in the input)."""
    x = check_tensor(input, "max_pool2d")
    win = _pool_window(x, kernel_size, stride, padding, dilation, ceil_mode)
    backend = x._backend
    xp = backend.xp
    floating = x.dtype.is_floating_point
    lowest = float("-inf") if floating else int(xp.iinfo(x._data.dtype).min)
    taps = im2col_data(backend, x._data, win, lowest)  # (..., K, oh, ow)
    best = xp.argmax(taps, axis=-3, keepdims=True)
    values = xp.take_along_axis(taps, best, axis=-3)[..., 0, :, :]
    best = best[..., 0, :, :]
    kw, (dh, dw), (sh, sw) = win.kernel[1], win.dilation, win.stride
    device = backend.native_device
    rows = xp.reshape(xp.arange(win.out[0], dtype=xp.int64, device=device) * sh - win.pads[0],
                      (-1, 1))
    cols = xp.arange(win.out[1], dtype=xp.int64, device=device) * sw - win.pads[2]
    h = rows + (best // kw) * dh
    w = cols + (best % kw) * dw
    indices = make_tensor(h * win.size[1] + w, backend)
    node = new_node(MaxPool2DWithIndicesBackward0, x)
    if node is None:
        return make_tensor(values, backend), indices
    node.save(x, indices)
    _set_params(node, win, ceil_mode)
    node._saved_dilation = win.dilation
    return make_tensor(values, backend, True, node, 0), indices


def max_pool2d(input: Tensor, kernel_size, stride=None, padding=0, dilation=1,
               ceil_mode: bool = False, return_indices: bool = False):
    """The maximum of each kernel_size window (with its indices if return_indices)."""
    out, indices = max_pool2d_with_indices(input, kernel_size, stride, padding, dilation,
                                           ceil_mode)
    return (out, indices) if return_indices else out


# --- avg_pool2d ----------------------------------------------------------------------------------
def _divisors(win: Window, ceil_mode: bool, count_include_pad: bool, divisor_override):
    """Per (oh, ow) output, what PyTorch divides the window's sum by."""
    if divisor_override:
        return None
    counts = []
    for size, k, pad, s, n in zip(win.size, win.kernel, win.pads[::2], win.stride, win.out):
        per = []
        for i in range(n):
            start = i * s - pad
            end = min(start + k, size + pad)
            if count_include_pad:
                per.append(end - start)
            else:
                per.append(min(end, size) - max(start, 0))
        counts.append(per)
    return [[a * b for b in counts[1]] for a in counts[0]]


class AvgPool2DBackward0(Node):
    """Each window's gradient, divided by its divisor, added back over the window (fold)."""

    __slots__ = ("_saved_kernel_size", "_saved_stride", "_saved_padding", "_saved_ceil_mode",
                 "_saved_count_include_pad", "_saved_divisor_override", "_window", "_divisor")
    _saved_names = ("self",)

    def backward(self, grad):
        win = self._window
        lead = tuple(grad.shape[:-2])
        scaled = grad / self._divisor
        batched = scaled.reshape((-1,) + lead[-1:] + (1,) + tuple(grad.shape[-2:]))
        k = win.kernel[0] * win.kernel[1]
        taps = batched.expand(batched.shape[0], lead[-1], k, *win.out)
        cols = taps.reshape(batched.shape[0], lead[-1] * k, -1)
        return fold_window(cols, win).reshape(lead + tuple(win.size))


def avg_pool2d(input: Tensor, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override=None) -> Tensor:
    """The mean of each kernel_size window (PyTorch's divisor rules for padding)."""
    x = check_tensor(input, "avg_pool2d")
    win = _pool_window(x, kernel_size, stride, padding, 1, ceil_mode)
    backend = x._backend
    xp = backend.xp
    sums = xp.sum(im2col_data(backend, x._data, win), axis=-3)
    counts = _divisors(win, ceil_mode, count_include_pad, divisor_override)
    if counts is None:
        counts = divisor_override
    if x.dtype.is_floating_point:
        divisor = make_tensor(backend.asarray(counts, x.dtype), backend)
        out = sums / divisor._data
    else:  # integer pooling truncates, as PyTorch's
        divisor = None
        out = xp.astype(xp.trunc(sums / backend.asarray(counts, dtypes.float64)), x._data.dtype)
    node = new_node(AvgPool2DBackward0, x)
    if node is None:
        return make_tensor(out, backend)
    node.save(x)
    _set_params(node, win, ceil_mode)
    node._saved_count_include_pad = count_include_pad
    node._saved_divisor_override = divisor_override
    node._divisor = divisor
    return make_tensor(out, backend, True, node, 0)


# --- adaptive_avg_pool2d -------------------------------------------------------------------------
def _window_matrix(backend, size: int, out: int, dtype):
    """(out, size) 0/1 rows; row i marks [floor(i * size / out), ceil((i + 1) * size / out))."""
    xp = backend.xp
    device, int64 = backend.native_device, backend.native[dtypes.int64]
    i = xp.reshape(xp.arange(out, dtype=int64, device=device), (-1, 1))
    j = xp.arange(size, dtype=int64, device=device)
    inside = (j >= i * size // out) & (j < -(-(i + 1) * size // out))
    return xp.astype(inside, backend.native[dtype])


class AdaptiveAvgPool2DBackward0(Node):
    """Each window's gradient, divided by its size, spread back: rows.T @ (grad / n) @ cols."""

    __slots__ = ("_rows", "_cols", "_divisor")
    _saved_names = ("self",)

    def backward(self, grad):
        return self._rows.mT @ (grad / self._divisor) @ self._cols


def resolve_output_size(output_size, shape: tuple) -> tuple:
    """An int as (n, n), or a sequence whose None entries keep the input's trailing sizes."""
    if isinstance(output_size, int):
        return (output_size, output_size)
    if len(shape) <= len(output_size):
        raise ValueError(msg.ADAPTIVE_POOL_NONE_RANK.format(rank=len(output_size) + 1))
    return tuple(s if v is None else v for v, s in zip(output_size, shape[-len(output_size):]))


def _adaptive_output_size(output_size, shape: tuple) -> tuple:
    """(oh, ow) from an int or a pair whose None entries keep the input's size."""
    size = resolve_output_size(output_size, shape)
    if len(size) != 2:
        raise RuntimeError(msg.ADAPTIVE_POOL_SIZE)
    if size[0] < 0 or size[1] < 0:
        raise RuntimeError(msg.ADAPTIVE_POOL_NEGATIVE.format(h=size[0], w=size[1]))
    return size


def adaptive_avg_pool2d(input: Tensor, output_size) -> Tensor:
    """The mean of each of output_size windows tiling (H, W); a (1, 1) output is a plain mean."""
    x = check_tensor(input, "adaptive_avg_pool2d")
    shape = tuple(x._data.shape)
    oh, ow = _adaptive_output_size(output_size, shape)
    if (oh, ow) == (1, 1):  # PyTorch takes the mean (MeanBackward1)
        return x.mean((-1, -2), keepdim=True)
    if len(shape) not in (3, 4):
        raise RuntimeError(msg.ADAPTIVE_POOL_RANK.format(size=list(shape)))
    for dim in (len(shape) - 2, len(shape) - 1):
        if shape[dim] == 0:
            raise RuntimeError(msg.ADAPTIVE_POOL_EMPTY.format(size=list(shape), dim=dim))
    require_floating(x, "adaptive_avg_pool2d")
    backend = x._backend
    xp = backend.xp
    rows = _window_matrix(backend, shape[-2], oh, x.dtype)
    cols = _window_matrix(backend, shape[-1], ow, x.dtype)
    divisor = xp.reshape(xp.sum(rows, axis=1), (-1, 1)) * xp.sum(cols, axis=1)
    out = xp.matmul(xp.matmul(rows, x._data), xp.matrix_transpose(cols)) / divisor
    node = new_node(AdaptiveAvgPool2DBackward0, x)
    if node is None:
        return make_tensor(out, backend)
    node.save(x)
    node._rows, node._cols = make_tensor(rows, backend), make_tensor(cols, backend)
    node._divisor = make_tensor(divisor, backend)
    return make_tensor(out, backend, True, node, 0)


__all__ = ["max_pool2d", "max_pool2d_with_indices", "avg_pool2d", "adaptive_avg_pool2d"]
