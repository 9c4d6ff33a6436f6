"""2-D and 3-D max and average pooling over the same windows as convolution's im2col.

max_pool keeps, per output, the flat index (h * W + w, or (d * H + h) * W + w) of the winning
input, as PyTorch's `indices`; its backward scatters the gradient there. avg_pool's backward
spreads each gradient evenly back over its window with `fold`. adaptive_avg_pool's windows
differ in size, so it sums them with one 0/1 matrix per spatial dim, divided by each window's size.
"""

from __future__ import annotations

import itertools
import math
import operator

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record, require_floating
from .convolution import Window, fold_window, im2col_data, pair, single, triple, with_window


def _pool_output(
    size: int, kernel: int, pad: int, stride: int, dilation: int, ceil_mode: bool
) -> int:
    """PyTorch's pooling_output_shape: the last window must start inside the (left-)padded input."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1
    out = (span + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _pool_window(
    x: Tensor,
    kernel_size,
    stride,
    padding,
    dilation,
    ceil_mode: bool,
    expand=pair,
    check_kernel: bool = False,
) -> Window:
    """The window geometry with PyTorch's checks on input rank, padding and output size
    (`check_kernel`: avg_pool3d's check that the input is at least the kernel)."""
    nd = len(expand(1))
    if x.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(msg.POOL_INPUT_DIM if nd == 2 else msg.POOL3D_INPUT_DIM)
    shape = tuple(x._data.shape)
    if nd == 2 and 0 in shape[x.dim() - nd - 1 :]:  # only a batch may be empty
        raise RuntimeError(msg.POOL_EMPTY.format(shape=list(shape)))
    size = shape[-nd:]
    if nd == 3 and 0 in size:
        raise RuntimeError(msg.POOL3D_EMPTY.format(size=list(x._data.shape), dim=size.index(0)))
    kernel = expand(kernel_size)
    stride = kernel if stride is None or stride == [] or stride == () else expand(stride)
    pad, dilation = expand(padding), expand(dilation)
    if check_kernel and any(s < k for s, k in zip(size, kernel)):
        raise RuntimeError(msg.AVG_POOL3D_KERNEL.format(*size, *kernel))
    for p, k, d in zip(pad, kernel, dilation):
        if p > (d * (k - 1) + 1) // 2:
            raise RuntimeError(msg.POOL_PAD.format(pad=p, kernel=k, dilation=d))
    out = tuple(
        _pool_output(s, k, p, st, d, ceil_mode)
        for s, k, p, st, d in zip(size, kernel, pad, stride, dilation)
    )
    if min(out) < 1:
        c = x._data.shape[-nd - 1]
        raise RuntimeError(
            msg.POOL_OUTPUT_TOO_SMALL.format(
                size="x".join(map(str, (c,) + size)), out="x".join(map(str, (c,) + out))
            )
        )
    return Window(size, kernel, dilation, tuple(p for p in pad for _ in range(2)), stride, out)


def _params(win: Window, ceil_mode: bool) -> dict:
    """The saved values PyTorch shows on every pooling node (`record`'s keywords)."""
    return dict(
        kernel_size=win.kernel, stride=win.stride, padding=win.pads[::2], ceil_mode=ceil_mode
    )


# --- max_pool2d -----------------------------------------------------------------------------------
class MaxPool2DWithIndicesBackward0(Node):
    """The gradient goes to each window's maximum (scatter_add at the saved flat indices)."""

    __slots__ = (
        "_saved_kernel_size",
        "_saved_stride",
        "_saved_padding",
        "_saved_dilation",
        "_saved_ceil_mode",
        "_window",
    )
    _saved_names = ("self", "result1")

    _nd = 2

    def backward(self, grad):
        return scatter_to_indices(grad, self._unpack(0), self._unpack(1), self._nd)


class MaxPool3DWithIndicesBackward0(MaxPool2DWithIndicesBackward0):
    __slots__ = ()
    _nd = 3


def scatter_to_indices(grad: Tensor, x: Tensor, indices: Tensor, nd: int = 2) -> Tensor:
    """Max pooling's input gradient: each output's gradient added at its flat index over the
    last `nd` dims (h * W + w in 2-D)."""
    lead = tuple(x.shape[:-nd])
    flat = grad.new_zeros(lead + (math.prod(x.shape[-nd:]),))
    taps = lead + (math.prod(grad.shape[len(lead) :]),)  # (no -1: a batch may be empty)
    flat = flat.scatter_add(-1, indices.reshape(taps), grad.reshape(taps))
    return flat.reshape(x.shape)


def _max_pool(x: Tensor, win: Window, node_cls, ceil_mode: bool) -> tuple:
    """(max over each window, flat index of that max over the input's spatial dims)."""
    backend = x._backend
    xp = backend.xp
    nd = len(win.size)
    floating = x.dtype.is_floating_point
    lowest = float("-inf") if floating else int(xp.iinfo(x._data.dtype).min)
    taps = im2col_data(backend, x._data, win, lowest)  # (..., K, *out)
    best = xp.argmax(taps, axis=-nd - 1, keepdims=True)
    values = xp.squeeze(xp.take_along_axis(taps, best, axis=-nd - 1), axis=-nd - 1)
    best = xp.squeeze(best, axis=-nd - 1)
    device = backend.native_device
    flat = None
    for i in range(nd):
        starts = xp.arange(win.out[i], dtype=xp.int64, device=device) * win.stride[i]
        starts = xp.reshape(starts - win.pads[2 * i], (-1,) + (1,) * (nd - 1 - i))
        tap = (best // math.prod(win.kernel[i + 1 :])) % win.kernel[i]
        position = starts + tap * win.dilation[i]
        flat = position if flat is None else flat * win.size[i] + position
    indices = make_tensor(flat, backend)
    out = record(
        node_cls,
        (x,),
        values,
        backend,
        save=(x, indices),
        dilation=win.dilation,
        **_params(win, ceil_mode),
    )
    return with_window(out, win), indices


def max_pool2d_with_indices(
    input: Tensor, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False
) -> tuple:
    """(max over each window, flat index h * W + w of that max in the input)."""
    x = check_tensor(input, "max_pool2d")
    win = _pool_window(x, kernel_size, stride, padding, dilation, ceil_mode)
    return _max_pool(x, win, MaxPool2DWithIndicesBackward0, ceil_mode)


def max_pool3d_with_indices(
    input: Tensor, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False
) -> tuple:
    """(max over each window, flat index (d * H + h) * W + w of that max in the input)."""
    x = check_tensor(input, "max_pool3d")
    win = _pool_window(x, kernel_size, stride, padding, dilation, ceil_mode, triple)
    return _max_pool(x, win, MaxPool3DWithIndicesBackward0, ceil_mode)


def max_pool2d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    dilation=1,
    ceil_mode: bool = False,
    return_indices: bool = False,
):
    """The maximum of each kernel_size window (with its indices if return_indices)."""
    out, indices = max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, indices) if return_indices else out


def max_pool3d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    dilation=1,
    ceil_mode: bool = False,
    return_indices: bool = False,
):
    """The maximum of each kernel_size (kd, kh, kw) window (with its indices if return_indices)."""
    out, indices = max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, indices) if return_indices else out


# --- avg_pool2d -----------------------------------------------------------------------------------
def _divisors(win: Window, ceil_mode: bool, count_include_pad: bool, divisor_override):
    """Per output position (a flat row-major list), what PyTorch divides the window's sum by."""
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
    return [math.prod(c) for c in itertools.product(*counts)]


class AvgPool2DBackward0(Node):
    """Each window's gradient, divided by its divisor, added back over the window (fold)."""

    __slots__ = (
        "_saved_kernel_size",
        "_saved_stride",
        "_saved_padding",
        "_saved_ceil_mode",
        "_saved_count_include_pad",
        "_saved_divisor_override",
        "_window",
        "_divisor",
    )
    _saved_names = ("self",)

    def backward(self, grad):
        self._unpack(0)  # as PyTorch's, reads its saved input: freed, or changed in place, raises
        win = self._window
        nd = len(win.size)
        lead = tuple(grad.shape[:-nd])
        scaled = grad / self._divisor
        batched = scaled.reshape((math.prod(lead[:-1]),) + lead[-1:] + (1,) + tuple(win.out))
        k = math.prod(win.kernel)
        taps = batched.expand(batched.shape[0], lead[-1], k, *win.out)
        cols = taps.reshape(batched.shape[0], lead[-1] * k, math.prod(win.out))
        return fold_window(cols, win).reshape(lead + tuple(win.size))


class AvgPool3DBackward0(AvgPool2DBackward0):
    __slots__ = ()


def _avg_pool(
    x: Tensor, win: Window, node_cls, ceil_mode: bool, count_include_pad: bool, divisor_override
) -> Tensor:
    """The mean of each window of `win` (PyTorch's divisor rules), recorded as `node_cls`."""
    backend = x._backend
    xp = backend.xp
    sums = xp.sum(im2col_data(backend, x._data, win), axis=-len(win.size) - 1)
    counts = _divisors(win, ceil_mode, count_include_pad, divisor_override)
    floating = x.dtype.is_floating_point
    if counts is None:
        counts = backend.asarray(divisor_override, x.dtype if floating else dtypes.float64)
    else:
        counts = xp.reshape(
            backend.asarray(counts, x.dtype if floating else dtypes.float64), win.out
        )
    if floating:
        divisor = make_tensor(counts, backend)
        out = sums / counts
    else:  # integer pooling truncates, as PyTorch's
        divisor = None
        out = xp.astype(xp.trunc(sums / counts), x._data.dtype)
    result = record(
        node_cls,
        (x,),
        out,
        backend,
        save=(x,),
        count_include_pad=count_include_pad,
        divisor_override=divisor_override,
        **_params(win, ceil_mode),
    )
    if result._grad_fn is not None:
        result._grad_fn._divisor = divisor
    return with_window(result, win)


def avg_pool2d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override=None,
) -> Tensor:
    """The mean of each kernel_size window (PyTorch's divisor rules for padding)."""
    x = check_tensor(input, "avg_pool2d")
    win = _pool_window(x, kernel_size, stride, padding, 1, ceil_mode)
    return _avg_pool(x, win, AvgPool2DBackward0, ceil_mode, count_include_pad, divisor_override)


def avg_pool3d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override=None,
) -> Tensor:
    """The mean of each kernel_size (kd, kh, kw) window (PyTorch's divisor rules for padding)."""
    x = check_tensor(input, "avg_pool3d")
    win = _pool_window(x, kernel_size, stride, padding, 1, ceil_mode, triple, check_kernel=True)
    return _avg_pool(x, win, AvgPool3DBackward0, ceil_mode, count_include_pad, divisor_override)


# --- adaptive_avg_pool2d --------------------------------------------------------------------------
def _window_matrix(backend, size: int, out: int, dtype):
    """(out, size) 0/1 rows; row i marks [floor(i * size / out), ceil((i + 1) * size / out))."""
    xp = backend.xp
    device, int64 = backend.native_device, backend.native[dtypes.int64]
    i = xp.reshape(xp.arange(out, dtype=int64, device=device), (-1, 1))
    j = xp.arange(size, dtype=int64, device=device)
    inside = (j >= i * size // out) & (j < -(-(i + 1) * size // out))
    return xp.astype(inside, backend.native[dtype])


def _along_dims(t, mats, matmul, reshape):
    """`t` with each of its last len(mats) dims multiplied by its (out, in) matrix; works on
    backend arrays (xp.matmul, xp.reshape) and on Tensors (so the backward is differentiable)."""
    for i, mat in enumerate(mats):
        shape = tuple(t.shape)
        axis = len(shape) - len(mats) + i
        t = matmul(mat, reshape(t, shape[:axis] + (shape[axis], math.prod(shape[axis + 1 :]))))
        t = reshape(t, shape[:axis] + (mat.shape[0],) + shape[axis + 1 :])
    return t


class AdaptiveAvgPool2DBackward0(Node):
    """Each window's gradient, divided by its size, spread back by each dim's matrix transposed."""

    __slots__ = ("_mats", "_divisor")
    _saved_names = ("self",)

    def backward(self, grad):
        self._unpack(0)  # as PyTorch's, reads its saved input: freed, or changed in place, raises
        return _along_dims(
            grad / self._divisor, [m.mT for m in self._mats], operator.matmul, Tensor.reshape
        )


class AdaptiveAvgPool3DBackward0(AdaptiveAvgPool2DBackward0):
    __slots__ = ()


def resolve_output_size(output_size, shape: tuple, nd: int = 2) -> tuple:
    """An int as (n,) * nd, or a sequence whose None entries keep the input's trailing sizes."""
    if isinstance(output_size, int):
        return (output_size,) * nd
    if len(shape) <= len(output_size):
        raise ValueError(msg.ADAPTIVE_POOL_NONE_RANK.format(rank=len(output_size) + 1))
    return tuple(s if v is None else v for v, s in zip(output_size, shape[-len(output_size) :]))


_ADAPTIVE = {  # nd: (name, node, errors for rank, output_size length, negative size, empty dim)
    2: (
        "adaptive_avg_pool2d",
        AdaptiveAvgPool2DBackward0,
        msg.ADAPTIVE_POOL_RANK,
        msg.ADAPTIVE_POOL_SIZE,
        msg.ADAPTIVE_POOL_NEGATIVE,
        msg.ADAPTIVE_POOL_EMPTY,
    ),
    3: (
        "adaptive_avg_pool3d",
        AdaptiveAvgPool3DBackward0,
        msg.ADAPTIVE_POOL3D_RANK,
        msg.ADAPTIVE_POOL3D_SIZE,
        msg.ADAPTIVE_POOL3D_NEGATIVE,
        msg.ADAPTIVE_POOL3D_EMPTY,
    ),
}


def _adaptive_avg_pool(input: Tensor, output_size, nd: int) -> Tensor:
    """The mean of each of output_size windows tiling the last nd dims; an all-ones output is a
    plain mean, as PyTorch's."""
    name, node_cls, rank_error, size_error, negative_error, empty_error = _ADAPTIVE[nd]
    x = check_tensor(input, name)
    shape = tuple(x._data.shape)
    size = resolve_output_size(output_size, shape, nd)
    if len(size) != nd:
        raise RuntimeError(size_error)
    if min(size) < 0:
        raise RuntimeError(negative_error.format(**dict(zip("dhw"[-nd:], size))))
    if size == (1,) * nd:  # PyTorch takes the mean (MeanBackward1)
        return x.mean(tuple(range(-1, -nd - 1, -1)), keepdim=True)
    if len(shape) not in (nd + 1, nd + 2):
        raise RuntimeError(rank_error.format(size=list(shape)))
    for dim in range(len(shape) - nd, len(shape)):
        if shape[dim] == 0:
            raise RuntimeError(empty_error.format(size=list(shape), dim=dim))
    require_floating(x, name if nd == 2 else "adaptive_avg_pool3d_cpu")
    backend = x._backend
    xp = backend.xp
    mats = [_window_matrix(backend, n, o, x.dtype) for n, o in zip(shape[-nd:], size)]
    divisor = None
    for i, mat in enumerate(mats):
        count = xp.reshape(xp.sum(mat, axis=1), (-1,) + (1,) * (nd - 1 - i))
        divisor = count if divisor is None else divisor * count
    out = _along_dims(x._data, mats, xp.matmul, xp.reshape) / divisor
    result = record(node_cls, (x,), out, backend, save=(x,))
    if result._grad_fn is not None:
        result._grad_fn._mats = [make_tensor(mat, backend) for mat in mats]
        result._grad_fn._divisor = make_tensor(divisor, backend)
    return result


def adaptive_avg_pool2d(input: Tensor, output_size) -> Tensor:
    """The mean of each of output_size windows tiling (H, W); a (1, 1) output is a plain mean."""
    return _adaptive_avg_pool(input, output_size, 2)


def adaptive_avg_pool3d(input: Tensor, output_size) -> Tensor:
    """The mean of each of output_size windows tiling (D, H, W)."""
    return _adaptive_avg_pool(input, output_size, 3)


# --- 1-D pooling and adaptive max pooling ---------------------------------------------------------


def _check_1d_rank(x: Tensor, name: str) -> None:
    if x.dim() not in (2, 3):
        raise RuntimeError(msg.POOL1D_DIM.format(ndim=x.dim(), name=name))


def _stride(stride, kernel: tuple) -> tuple:
    return kernel if stride is None or stride == [] or stride == () else single(stride)


def max_pool1d_with_indices(
    input: Tensor, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False
) -> tuple:
    """(max over each window of the last dim, index of that max along the last dim)."""
    x = check_tensor(input, "max_pool1d")
    size = tuple(x._data.shape)
    if x.dim() not in (2, 3) or 0 in size[1:]:
        raise RuntimeError(msg.MAX_POOL1D_DIM.format(size=list(size)))
    kernel, pad, dil = single(kernel_size), single(padding), single(dilation)
    step = _stride(stride, kernel)
    if pad[0] > kernel[0] // 2:
        raise RuntimeError(msg.MAX_POOL1D_PAD.format(pad=pad[0], kernel=kernel[0]))
    length = _pool_output(size[-1], kernel[0], pad[0], step[0], dil[0], ceil_mode)
    if length < 1:
        raise RuntimeError(msg.MAX_POOL1D_OUTPUT.format(size=length))
    values, indices = max_pool2d_with_indices(
        x.unsqueeze(-2), (1,) + kernel, (1,) + step, (0,) + pad, (1,) + dil, ceil_mode
    )
    return values.squeeze(-2), indices.squeeze(-2)


def max_pool1d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    dilation=1,
    ceil_mode: bool = False,
    return_indices: bool = False,
):
    """The maximum of each kernel_size window along the last dim (with indices if asked)."""
    if not return_indices and isinstance(input, Tensor):
        require_floating(input, "max_pool1d_impl")
    out, indices = max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, indices) if return_indices else out


def avg_pool1d(
    input: Tensor,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """The mean of each kernel_size window along the last dim."""
    x = check_tensor(input, "avg_pool1d")
    _check_1d_rank(x, "avg_pool1d")
    kernel = single(kernel_size)
    out = avg_pool2d(
        x.unsqueeze(-2),
        (1,) + kernel,
        (1,) + _stride(stride, kernel),
        (0,) + single(padding),
        ceil_mode,
        count_include_pad,
    )
    return out.squeeze(-2)


def _output_length(output_size, name: str) -> int:
    """The one int of a 1-D output_size, with PyTorch's errors for anything else."""
    if isinstance(output_size, int):
        return output_size
    if not isinstance(output_size, (list, tuple)):
        raise TypeError(msg.POOL1D_OUTPUT_TYPE.format(name=name, type=type(output_size).__name__))
    if len(output_size) != 1:
        raise RuntimeError(msg.POOL1D_OUTPUT_SIZE.format(name=name, got=len(output_size)))
    return int(output_size[0])


def adaptive_avg_pool1d(input: Tensor, output_size) -> Tensor:
    """The mean of each of output_size windows tiling the last dim."""
    x = check_tensor(input, "adaptive_avg_pool1d")
    _check_1d_rank(x, "adaptive_avg_pool1d")
    length = _output_length(output_size, "adaptive_avg_pool1d")
    return adaptive_avg_pool2d(x.unsqueeze(-2), (1, length)).squeeze(-2)


def adaptive_max_pool1d(input: Tensor, output_size, return_indices: bool = False):
    """The maximum of each of output_size windows tiling the last dim (with indices if asked)."""
    x = check_tensor(input, "adaptive_max_pool1d")
    _check_1d_rank(x, "adaptive_max_pool1d")
    length = _output_length(output_size, "adaptive_max_pool1d")
    if x._data.shape[-1] == 0:
        raise RuntimeError(
            msg.ADAPTIVE_MAX_POOL_EMPTY.format(
                name="adaptive_max_pool1d", size=list(x._data.shape), dim=x.dim() - 1
            )
        )
    out, indices = _adaptive_max_pool(x.unsqueeze(-2), (1, length), 2)
    out, indices = out.squeeze(-2), indices.squeeze(-2)
    return (out, indices) if return_indices else out


# --- adaptive_max_pool2d / 3d --------------------------------------------------------------------
class AdaptiveMaxPool2DBackward0(Node):
    """The gradient goes to each window's maximum (scatter_add at the saved flat indices)."""

    formula = "∂max/∂xᵢ = 1 for each window's maximum, 0 elsewhere"
    __slots__ = ()
    _saved_names = ("self", "result1")
    _spatial_dims = 2

    def backward(self, grad):
        return scatter_to_indices(grad, self._unpack(0), self._unpack(1), self._spatial_dims)


class AdaptiveMaxPool3DBackward0(AdaptiveMaxPool2DBackward0):
    __slots__ = ()
    _spatial_dims = 3


def _adaptive_taps(size: int, out: int) -> tuple:
    """Per output i, (start_i, last_i) of its window [floor(i*size/out), ceil((i+1)*size/out))
    and the widest window's width."""
    starts = [i * size // out for i in range(out)]
    lasts = [-(-(i + 1) * size // out) - 1 for i in range(out)]
    width = max((last - start + 1 for start, last in zip(starts, lasts)), default=1)
    return starts, lasts, width


def _adaptive_max_pool(x: Tensor, output_size, nd: int) -> tuple:
    """adaptive_max_pool2d / 3d's checks (in PyTorch's order) and its (values, indices): the
    windows' taps gathered axis by axis, the first maximum of each, its flat spatial index."""
    name = f"adaptive_max_pool{nd}d"
    shape = tuple(x._data.shape)
    size = resolve_output_size(output_size, shape, nd)
    if len(shape) not in (nd + 1, nd + 2):
        raise RuntimeError(
            msg.ADAPTIVE_MAX_POOL_RANK.format(name=name, low=nd + 1, high=nd + 2, size=list(shape))
        )
    if len(size) != nd:
        raise RuntimeError(msg.ADAPTIVE_MAX_POOL_SIZE.format(name=name, nd=nd))
    for dim in range(len(shape) - nd, len(shape)):
        if shape[dim] == 0:
            raise RuntimeError(
                msg.ADAPTIVE_MAX_POOL_EMPTY.format(name=name, size=list(shape), dim=dim)
            )
    for d in size:
        if d < 0:
            raise RuntimeError(msg.NEW_SIZE_NEGATIVE.format(size=d, sizes=list(shape[:-nd] + size)))
    require_floating(x, name if nd == 2 else name + "_cpu")  # PyTorch's kernel names
    backend = x._backend
    xp = backend.xp
    spatial, lead = shape[-nd:], shape[:-nd]
    taps, widths = x._data, []
    tap_tables = []
    for axis, (n, length) in enumerate(zip(size, spatial)):
        starts, lasts, width = _adaptive_taps(length, n)
        table = [[min(s + k, last) for k in range(width)] for s, last in zip(starts, lasts)]
        tap_tables.append(xp.reshape(backend.asarray(table, dtypes.int64), (-1,)))
        widths.append(width)
        taps = xp.take(taps, tap_tables[-1], axis=axis - nd)
    m = len(lead)
    taps = xp.reshape(taps, lead + tuple(v for pair in zip(size, widths) for v in pair))
    order = (
        tuple(range(m))
        + tuple(m + 2 * i for i in range(nd))
        + tuple(m + 2 * i + 1 for i in range(nd))
    )
    taps = xp.reshape(xp.permute_dims(taps, order), lead + size + (math.prod(widths),))
    best = xp.argmax(taps, axis=-1, keepdims=True)
    values = xp.take_along_axis(taps, best, axis=-1)[..., 0]
    best = best[..., 0]
    flat = None
    for axis in range(nd):
        inner = math.prod(widths[axis + 1 :])
        within = (best // inner) % widths[axis]  # the tap of the maximum along this axis
        out_index = xp.arange(size[axis], dtype=best.dtype, device=backend.native_device)
        out_index = xp.reshape(out_index, (-1,) + (1,) * (nd - 1 - axis))
        coordinate = xp.reshape(
            xp.take(tap_tables[axis], xp.reshape(out_index * widths[axis] + within, (-1,))),
            best.shape,
        )
        flat = coordinate if flat is None else flat * spatial[axis] + coordinate
    indices = make_tensor(flat, backend)
    node = AdaptiveMaxPool2DBackward0 if nd == 2 else AdaptiveMaxPool3DBackward0
    return record(node, (x,), values, backend, save=(x, indices)), indices


def adaptive_max_pool2d(input: Tensor, output_size, return_indices: bool = False):
    """The maximum of each of output_size windows tiling (H, W) (with flat indices if asked)."""
    x = check_tensor(input, "adaptive_max_pool2d")
    out, indices = _adaptive_max_pool(x, output_size, 2)
    return (out, indices) if return_indices else out


def adaptive_max_pool3d(input: Tensor, output_size, return_indices: bool = False):
    """The maximum of each of output_size windows tiling (D, H, W) (with flat indices if asked)."""
    x = check_tensor(input, "adaptive_max_pool3d")
    out, indices = _adaptive_max_pool(x, output_size, 3)
    return (out, indices) if return_indices else out


__all__ = ["adaptive_avg_pool1d", "avg_pool1d", "max_pool1d", "max_pool2d", "max_pool3d"]
