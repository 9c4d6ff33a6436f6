"""1-D pooling and adaptive max pooling.

The 1-D poolings are PyTorch's own composites: the 2-D op on a (..., 1, L) view, then a squeeze
(so grad_fn is SqueezeBackward1, as in PyTorch), after PyTorch's 1-D argument checks.
adaptive_max_pool2d gathers each window's taps (the last tap repeated to pad the narrower
windows, which cannot change a maximum) and keeps the flat index h * W + w of each maximum.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node, new_node
from ._helpers import check_tensor, require_floating
from .convolution import single
from .pooling import (
    _pool_output,
    adaptive_avg_pool2d,
    avg_pool2d,
    max_pool2d_with_indices,
    resolve_output_size,
    scatter_to_indices,
)


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
    out, indices = _adaptive_max_pool2d(x.unsqueeze(-2), (1, length))
    out, indices = out.squeeze(-2), indices.squeeze(-2)
    return (out, indices) if return_indices else out


# --- adaptive_max_pool2d -------------------------------------------------------------------------
class AdaptiveMaxPool2DBackward0(Node):
    """The gradient goes to each window's maximum (scatter_add at the saved flat indices)."""

    __slots__ = ()
    _saved_names = ("self", "result1")

    def backward(self, grad):
        return scatter_to_indices(grad, self._unpack(0), self._unpack(1))


def _adaptive_taps(size: int, out: int) -> tuple:
    """Per output i, (start_i, last_i) of its window [floor(i*size/out), ceil((i+1)*size/out))
    and the widest window's width."""
    starts = [i * size // out for i in range(out)]
    lasts = [-(-(i + 1) * size // out) - 1 for i in range(out)]
    width = max((last - start + 1 for start, last in zip(starts, lasts)), default=1)
    return starts, lasts, width


def _adaptive_max_pool2d(x: Tensor, output_size) -> tuple:
    """adaptive_max_pool2d's checks (in PyTorch's order) and its (values, indices)."""
    shape = tuple(x._data.shape)
    size = resolve_output_size(output_size, shape)
    if len(shape) not in (3, 4):
        raise RuntimeError(msg.ADAPTIVE_MAX_POOL_RANK.format(size=list(shape)))
    if len(size) != 2:
        raise RuntimeError(msg.ADAPTIVE_MAX_POOL_SIZE)
    for dim in (len(shape) - 2, len(shape) - 1):
        if shape[dim] == 0:
            raise RuntimeError(
                msg.ADAPTIVE_MAX_POOL_EMPTY.format(
                    name="adaptive_max_pool2d", size=list(shape), dim=dim
                )
            )
    for d in size:
        if d < 0:
            raise RuntimeError(msg.NEW_SIZE_NEGATIVE.format(size=d, sizes=list(shape[:-2] + size)))
    require_floating(x, "adaptive_max_pool2d")
    backend = x._backend
    xp = backend.xp
    (oh, ow), (h, w), lead = size, shape[-2:], shape[:-2]
    axes = []
    for n, length in ((oh, h), (ow, w)):
        starts, lasts, width = _adaptive_taps(length, n)
        taps = [[min(s + k, last) for k in range(width)] for s, last in zip(starts, lasts)]
        axes.append((backend.asarray(taps, dtypes.int64), width))
    (rows, kh), (cols, kw) = axes
    taps = xp.take(x._data, xp.reshape(rows, (-1,)), axis=-2)
    taps = xp.take(taps, xp.reshape(cols, (-1,)), axis=-1)
    n = len(lead)
    taps = xp.reshape(taps, lead + (oh, kh, ow, kw))
    taps = xp.permute_dims(taps, tuple(range(n)) + (n, n + 2, n + 1, n + 3))
    taps = xp.reshape(taps, lead + (oh, ow, kh * kw))
    best = xp.argmax(taps, axis=-1, keepdims=True)
    values = xp.take_along_axis(taps, best, axis=-1)[..., 0]
    best = best[..., 0]
    row_of = xp.reshape(xp.arange(oh, dtype=rows.dtype, device=backend.native_device), (-1, 1))
    col_of = xp.arange(ow, dtype=rows.dtype, device=backend.native_device)
    hs = xp.reshape(
        xp.take(xp.reshape(rows, (-1,)), xp.reshape(row_of * kh + best // kw, (-1,))), best.shape
    )
    ws = xp.reshape(
        xp.take(xp.reshape(cols, (-1,)), xp.reshape(col_of * kw + best % kw, (-1,))), best.shape
    )
    indices = make_tensor(hs * w + ws, backend)
    node = new_node(AdaptiveMaxPool2DBackward0, x)
    if node is None:
        return make_tensor(values, backend), indices
    node.save(x, indices)
    return make_tensor(values, backend, True, node, 0), indices


def adaptive_max_pool2d(input: Tensor, output_size, return_indices: bool = False):
    """The maximum of each of output_size windows tiling (H, W) (with flat indices if asked)."""
    out, indices = _adaptive_max_pool2d(check_tensor(input, "adaptive_max_pool2d"), output_size)
    return (out, indices) if return_indices else out


__all__ = ["adaptive_avg_pool1d", "avg_pool1d", "max_pool1d"]
