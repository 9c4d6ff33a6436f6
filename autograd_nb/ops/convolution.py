"""2-D convolution by im2col: each kernel tap is one strided slice, then a single matmul.

`unfold` (im2col, Im2ColBackward0) and `fold` (col2im, Col2ImBackward0) are each other's
backward. Convolution's backward is written with them and `matmul`, so gradients of gradients
work; pooling reuses the same window helpers. conv1d is the same op on images of height 1: its
node keeps the 3-d input and weight, as PyTorch's ConvolutionBackward0 does.
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

from .. import _messages as msg
from .._arguments import is_int
from .._tensor import Tensor, argument_error
from ..autograd.node import Node
from ._helpers import check_tensor, opmath_arrays, record
from .linalg import _CPP_NAMES


class Window(NamedTuple):
    """Where a sliding window goes over the spatial dims: everything im2col and col2im need."""

    size: tuple  # input spatial sizes, e.g. (H, W) or (D, H, W)
    kernel: tuple  # kernel size per spatial dim
    dilation: tuple
    pads: tuple  # (before, after) per spatial dim, flattened: (top, bottom, left, right)
    stride: tuple
    out: tuple  # output spatial sizes


def pair(value) -> tuple:
    """An int or a 1- or 2-sequence as (h, w), the way PyTorch's _pair does."""
    return _ntuple(value, 2)


def triple(value) -> tuple:
    """An int or a 1- or 3-sequence as (d, h, w), the way PyTorch's _triple does."""
    return _ntuple(value, 3)


def _ntuple(value, n: int) -> tuple:
    items = value if isinstance(value, (list, tuple)) else (value,)
    if not all(is_int(v) for v in items):
        raise argument_error(value, "int or tuple of ints", "size")
    if isinstance(value, (list, tuple)):
        return (int(value[0]),) * n if len(value) == 1 else tuple(int(v) for v in value[:n])
    return (int(value),) * n


def single(value) -> tuple:
    """An int or a 1-sequence as (length,), the way PyTorch's _single does."""
    return (int(value[0]),) if isinstance(value, (list, tuple)) else (int(value),)


def out_size(size: int, pad_total: int, kernel: int, dilation: int, stride: int) -> int:
    return (size + pad_total - dilation * (kernel - 1) - 1) // stride + 1


def make_window(size, kernel, dilation, pads, stride) -> Window:
    out = tuple(
        out_size(size[i], pads[2 * i] + pads[2 * i + 1], kernel[i], dilation[i], stride[i])
        for i in range(len(size))
    )
    return Window(tuple(size), kernel, dilation, pads, stride, out)


def pad_data(backend, x, pads: tuple, value: float):
    """`x` (..., *spatial) surrounded by `value`: pads = (before, after) per spatial dim."""
    if not any(pads):
        return x
    nd = len(pads) // 2
    spatial = tuple(x.shape[-nd:])
    shape = tuple(x.shape[:-nd]) + tuple(
        s + pads[2 * i] + pads[2 * i + 1] for i, s in enumerate(spatial)
    )
    out = backend.xp.full(shape, value, dtype=x.dtype, device=backend.native_device)
    out[(...,) + tuple(slice(pads[2 * i], pads[2 * i] + s) for i, s in enumerate(spatial))] = x
    return out


def _taps(win: Window) -> list:
    """Every kernel tap (one index per spatial dim), in row-major order."""
    return list(itertools.product(*(range(k) for k in win.kernel)))


def _tap(win: Window, tap: tuple) -> tuple:
    """The strided slice of the padded input that kernel tap `tap` sees at every output."""
    return (...,) + tuple(
        slice(t * d, t * d + s * (o - 1) + 1, s)
        for t, d, s, o in zip(tap, win.dilation, win.stride, win.out)
    )


def padded_for(win: Window) -> tuple:
    """Pads grown at the end of each dim so every window fits (ceil_mode windows may overhang)."""
    pads: tuple = ()
    for i, (k, d, s, o, size) in enumerate(
        zip(win.kernel, win.dilation, win.stride, win.out, win.size)
    ):
        before, after = win.pads[2 * i], win.pads[2 * i + 1]
        pads += (before, max(after, (o - 1) * s + d * (k - 1) + 1 - size - before))
    return pads


def im2col_data(backend, x, win: Window, fill: float = 0.0):
    """(..., *size) -> (..., K, *out): every kernel tap's view of the padded input."""
    padded = pad_data(backend, x, padded_for(win), fill)
    return backend.xp.stack([padded[_tap(win, tap)] for tap in _taps(win)], axis=-len(win.size) - 1)


def col2im_data(backend, cols, win: Window):
    """(..., K, *out) -> (..., *size): each tap added back where it came from."""
    xp = backend.xp
    nd = len(win.size)
    pads = padded_for(win)
    shape = tuple(cols.shape[: -nd - 1]) + tuple(
        s + pads[2 * i] + pads[2 * i + 1] for i, s in enumerate(win.size)
    )
    out = xp.zeros(shape, dtype=cols.dtype, device=backend.native_device)
    for index, tap in enumerate(_taps(win)):
        out[_tap(win, tap)] += cols[(..., index) + (slice(None),) * nd]
    return out[(...,) + tuple(slice(pads[2 * i], pads[2 * i] + s) for i, s in enumerate(win.size))]


# --- unfold / fold --------------------------------------------------------------------------------
class _WindowNode(Node):
    """A node of unfold or fold: the window it slid, kept whole and as PyTorch's saved values."""

    __slots__ = (
        "_saved_kernel_size",
        "_saved_dilation",
        "_saved_padding",
        "_saved_stride",
        "_window",
    )


class Im2ColBackward0(_WindowNode):
    """d unfold = fold of the gradient."""

    __slots__ = ()

    def backward(self, grad):
        return fold_window(grad, self._window)


class Col2ImBackward0(_WindowNode):
    """d fold = unfold of the gradient."""

    __slots__ = ()

    def backward(self, grad):
        return unfold_window(grad, self._window)


def _record_window(cls, t: Tensor, data, win: Window) -> Tensor:
    """unfold's or fold's result, recorded as `cls` with the window it slid."""
    out = record(
        cls,
        (t,),
        data,
        t._backend,
        kernel_size=win.kernel,
        dilation=win.dilation,
        padding=win.pads[::2],
        stride=win.stride,
    )
    return with_window(out, win)


def with_window(out: Tensor, win: Window) -> Tensor:
    """`out`, its node (if recorded) told the window it slid, for its backward."""
    if out._grad_fn is not None:
        out._grad_fn._window = win
    return out


def unfold_window(x: Tensor, win: Window, data=None) -> Tensor:
    """(B, C, *size) -> (B, C*K, L); `data` is a precomputed im2col_data of `x`."""
    backend = x._backend
    if data is None:
        data = im2col_data(backend, x._data, win)
    b, c = x._data.shape[:2]
    data = backend.xp.reshape(data, (b, c * math.prod(win.kernel), math.prod(win.out)))
    return _record_window(Im2ColBackward0, x, data, win)


def fold_window(cols: Tensor, win: Window) -> Tensor:
    """(B, C*K, L) -> (B, C, *size), overlapping taps summed."""
    backend = cols._backend
    b, ck, _ = cols._data.shape
    k = math.prod(win.kernel)
    data = backend.xp.reshape(cols._data, (b, ck // k, k) + tuple(win.out))
    return _record_window(Col2ImBackward0, cols, col2im_data(backend, data, win), win)


def unfold(input: Tensor, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """Sliding local blocks of a batched image as columns (N, C*kh*kw, L) (F.unfold)."""
    x = check_tensor(input, "im2col")
    if x.dim() == 3:
        return unfold(x.unsqueeze(0), kernel_size, dilation, padding, stride).squeeze(0)
    if x.dim() != 4:
        raise RuntimeError(msg.UNFOLD_DIMS.format(dim=x.dim()))
    ph, pw = pair(padding)
    win = make_window(
        tuple(x._data.shape[2:]), pair(kernel_size), pair(dilation), (ph, ph, pw, pw), pair(stride)
    )
    return unfold_window(x, win)


def fold(input: Tensor, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """Sum columns (N, C*kh*kw, L) back into an image (N, C, H, W) (F.fold)."""
    cols = check_tensor(input, "col2im")
    if cols.dim() == 2:
        return fold(cols.unsqueeze(0), output_size, kernel_size, dilation, padding, stride).squeeze(
            0
        )
    ph, pw = pair(padding)
    win = make_window(
        pair(output_size), pair(kernel_size), pair(dilation), (ph, ph, pw, pw), pair(stride)
    )
    k = win.kernel[0] * win.kernel[1]
    n, ck, length = cols._data.shape
    if ck % k:
        raise RuntimeError(msg.FOLD_CHANNELS.format(channels=ck, kernel=tuple(win.kernel)))
    if length != win.out[0] * win.out[1]:
        raise RuntimeError(
            msg.FOLD_BLOCKS.format(
                size=tuple(win.size),
                kernel=tuple(win.kernel),
                dilation=tuple(win.dilation),
                padding=(ph, pw),
                stride=tuple(win.stride),
                h=win.out[0],
                w=win.out[1],
                blocks=win.out[0] * win.out[1],
                length=length,
            )
        )
    return fold_window(cols, win)


# --- conv2d ---------------------------------------------------------------------------------------
class ConvolutionBackward0(Node):
    """d conv: grad_weight = grad @ cols^T, grad_input = fold(weight^T @ grad), grad_bias = sum.

    A transposed convolution (out = fold(weight^T @ input)) takes the unfolded gradient instead.
    """

    __slots__ = (
        "_saved_stride",
        "_saved_padding",
        "_saved_dilation",
        "_saved_groups",
        "_saved_transposed",
        "_saved_output_padding",
        "_saved_bias_sym_sizes_opt",
        "_window",
        "_cols",
    )
    _saved_names = ("input", "weight")

    def backward(self, grad):
        x, w = self._unpack(0), self._unpack(1)
        groups = self._saved_groups
        n = grad.shape[0]
        lifted = x.dim() == 3  # 1-d: an image of height 1
        grad_x = grad_w = grad_b = None
        if self._saved_transposed:  # out = fold(W^T x): grad_x = W unfold(grad), a convolution
            g = unfold_window(grad.unsqueeze(2) if lifted else grad, self._window)
            # (sizes spelled out, no -1: a batch may be empty)
            g = g.reshape(n, groups, g.shape[1] // groups, g.shape[-1])
            if self.needs_input_grad(0):
                per_group = w.reshape(groups, w.shape[0] // groups, math.prod(w.shape[1:]))
                grad_x = (per_group @ g).reshape(x.shape)
            if self.needs_input_grad(1):
                xg = x.reshape(n, groups, x.shape[1] // groups, math.prod(x.shape[2:]))
                grad_w = (xg @ g.mT).sum(0).reshape(w.shape)
        else:
            o = grad.shape[1]
            g = grad.reshape(n, groups, o // groups, math.prod(grad.shape[2:]))
            if self.needs_input_grad(1):
                cols = unfold_window(x.unsqueeze(2) if lifted else x, self._window, self._cols)
                cols = cols.reshape(n, groups, cols.shape[1] // groups, cols.shape[-1])
                grad_w = (g @ cols.mT).sum(0).reshape(w.shape)
            if self.needs_input_grad(0):
                per_group = w.reshape(groups, o // groups, math.prod(w.shape[1:]))
                taps = (per_group.mT @ g).reshape(n, groups * per_group.shape[-1], g.shape[-1])
                grad_x = fold_window(taps, self._window)
                grad_x = grad_x.squeeze(2) if lifted else grad_x
        if self.needs_input_grad(2):
            grad_b = grad.sum((0,) + tuple(range(2, grad.dim())))
        return grad_x, grad_w, grad_b

    def _release(self) -> None:
        self._cols = None
        super()._release()


def _conv_padding(padding, kernel: tuple, dilation: tuple, stride: tuple, expand) -> tuple:
    """(before, after) per spatial dim from an int, a sequence, 'valid' or 'same'."""
    if isinstance(padding, str):
        if padding == "valid":
            return (0, 0) * len(kernel)
        if padding != "same":
            raise RuntimeError(msg.CONV_PADDING_STRING.format(padding=padding))
        if any(s != 1 for s in stride):
            raise RuntimeError(msg.CONV_SAME_STRIDED)
        pads: tuple = ()
        for k, d in zip(kernel, dilation):
            total = d * (k - 1)
            pads += (total // 2, total - total // 2)
        return pads
    return tuple(p for p in expand(padding) for _ in range(2))


def _check_conv(
    x: Tensor, w: Tensor, b, groups: int, stride: tuple, transposed: bool = False
) -> None:
    """PyTorch's checks of a convolution's arguments, in its order; weight is (O, C/groups, k...)
    or, transposed, (C, O/groups, k...)."""
    if groups <= 0:
        raise RuntimeError(msg.CONV_GROUPS_POSITIVE)
    if w.dim() < 3:
        raise RuntimeError(msg.CONV_WEIGHT_RANK)
    if w.dim() != x.dim() and x.dim() == 3:
        raise RuntimeError(
            msg.CONV_INPUT_FOR_WEIGHT.format(
                n=w.dim(), weight=list(w._data.shape), got=x.dim(), size=list(x._data.shape)
            )
        )
    if w.dim() != x.dim():
        raise RuntimeError(msg.CONV_WEIGHT_DIM.format(n=w.dim() - 2, stride=list(stride)))
    shape = tuple(w._data.shape)
    if shape[0] < groups:
        raise RuntimeError(msg.CONV_WEIGHT_AT_LEAST.format(groups=groups, weight=list(shape)))
    if shape[0] % groups:
        raise RuntimeError(msg.CONV_GROUPS_WEIGHT.format(groups=groups, weight=list(shape)))
    channels, out = (shape[0], shape[1] * groups) if transposed else (shape[1] * groups, shape[0])
    given = "transposed=1" if transposed else f"groups={groups}"
    if x._data.shape[1] != channels:
        raise RuntimeError(
            msg.CONV_CHANNELS.format(
                given=given,
                weight=list(shape),
                input=list(x._data.shape),
                expected=channels,
                got=x._data.shape[1],
            )
        )
    if x.dtype is not w.dtype:
        raise RuntimeError(
            msg.CONV_DTYPES.format(input=x.dtype.legacy_name[:-6], weight=w.dtype.legacy_name[:-6])
        )
    if b is not None:
        if b.dim() != 1 or b._data.shape[0] != out:
            raise RuntimeError(
                msg.CONV_BIAS.format(
                    given=given + ", " if transposed else "",
                    weight=list(shape),
                    out=out,
                    bias=list(b._data.shape),
                )
            )
        if b.dtype is not x.dtype:
            raise RuntimeError(
                msg.CONV_BIAS_DTYPE.format(
                    input=_CPP_NAMES.get(x.dtype.name, x.dtype.name),
                    bias=_CPP_NAMES.get(b.dtype.name, b.dtype.name),
                )
            )
    for other in (w, b):
        if other is not None and other._backend is not x._backend:
            raise RuntimeError(
                msg.DEVICE_MIX.format(a=x.device, b=other.device)
                if x.device.type != "cpu"
                else msg.DEVICE_MIX.format(a=other.device, b=x.device)
            )


def _operands(name: str, nd: int, input: Tensor, weight: Tensor) -> tuple:
    """input and weight checked as tensors, with PyTorch's error for an input of the wrong rank."""
    x = check_tensor(input, name)
    w = check_tensor(weight, name, "weight", 2)
    if x.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(
            msg.CONV_INPUT_DIM.format(
                unbatched=nd + 1, batched=nd + 2, name=name, size=list(x._data.shape)
            )
        )
    return x, w


def _record_conv(
    out,
    x: Tensor,
    w: Tensor,
    bias,
    win: Window,
    cols,
    nd: int,
    stride: tuple,
    padding: tuple,
    dilation: tuple,
    groups: int,
    output_padding=None,
) -> Tensor:
    """`out` plus bias, recorded as ConvolutionBackward0 (a transposed one when output_padding
    is given); stride, padding and dilation are the user's nd values, `win` the 2-d window.
    A float16 or bfloat16 convolution's `out` comes in float32: the bias is added to it before
    it is rounded once, as PyTorch's CPU convolution does."""
    backend = x._backend
    if bias is not None:
        out += backend.xp.reshape(bias._data, (out.shape[1],) + (1,) * nd)
    out = backend.xp.astype(out, x._data.dtype, copy=False)
    result = record(
        ConvolutionBackward0,
        (x, w, bias),
        out,
        backend,
        save=(x, w),
        stride=stride,
        dilation=dilation,
        groups=groups,
        padding=padding,
        transposed=output_padding is not None,
        output_padding=(0,) * nd if output_padding is None else output_padding,
        bias_sym_sizes_opt=None if bias is None else tuple(bias._data.shape),
    )
    if result._grad_fn is not None:
        result._grad_fn._cols = cols
    return with_window(result, win)


def _convolution(
    name: str, expand, input: Tensor, weight: Tensor, bias, stride, padding, dilation, groups: int
) -> Tensor:
    """conv1d / 2d / 3d: checks in PyTorch's order, then im2col + matmul on (N, C, H, W) arrays
    (a 1-d input is viewed with height 1); the node keeps the input and weight as given."""
    nd = len(expand(1))
    x, w = _operands(name, nd, input, weight)
    if x.dim() == nd + 1:
        return _convolution(
            name, expand, x.unsqueeze(0), w, bias, stride, padding, dilation, groups
        ).squeeze(0)
    stride, dilation = expand(stride), expand(dilation)
    _check_conv(x, w, bias, groups, stride)
    kernel = tuple(w._data.shape[2:])
    pads = _conv_padding(padding, kernel, dilation, stride, expand)
    sizes = tuple(s + pads[2 * i] + pads[2 * i + 1] for i, s in enumerate(x._data.shape[2:]))
    spans = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    if any(s < k for s, k in zip(sizes, spans)):
        raise RuntimeError(
            msg.CONV_KERNEL_TOO_BIG.format(
                size=" x ".join(map(str, sizes)), kernel=" x ".join(map(str, spans))
            )
        )
    lift = int(nd == 1)  # conv1d works on images of height 1
    xd, wd = x._data, w._data
    if lift:
        xd, wd = xd[:, :, None, :], wd[:, :, None, :]
    win = make_window(
        tuple(xd.shape[2:]),
        tuple(wd.shape[2:]),
        (1,) * lift + dilation,
        (0, 0) * lift + pads,
        (1,) * lift + stride,
    )
    backend = x._backend
    xp = backend.xp
    n, o = xd.shape[0], wd.shape[0]
    cols = im2col_data(backend, xd, win)  # (N, C, K, *out)
    length = math.prod(win.out)
    taps = cols.shape[1] * cols.shape[2] // groups  # (no -1: a batch may be empty)
    grouped = xp.reshape(cols, (n, groups, taps, length))
    per_group = xp.reshape(wd, (groups, o // groups, math.prod(wd.shape[1:])))
    out = xp.matmul(*opmath_arrays(xp, per_group, grouped))  # rounded in _record_conv
    out = xp.reshape(out, (n, o) + win.out[lift:])
    return _record_conv(
        out,
        x,
        w,
        bias,
        win,
        cols if w._requires_grad else None,
        nd,
        stride,
        pads[::2],
        dilation,
        groups,
    )


def _conv_transpose(
    name: str,
    expand,
    input: Tensor,
    weight: Tensor,
    bias,
    stride,
    padding,
    output_padding,
    groups: int,
    dilation,
) -> Tensor:
    """conv_transpose1d / 2d / 3d, the gradient of a convolution with respect to its input: each
    input pixel times weight^T gives a (C_out/groups, kh, kw) patch, col2im sums the patches."""
    nd = len(expand(1))
    x, w = _operands(name, nd, input, weight)
    if isinstance(padding, str):
        raise TypeError(msg.CONV_T_PADDING_STRING.format(name=name))
    if x.dim() == nd + 1:
        return _conv_transpose(
            name, expand, x.unsqueeze(0), w, bias, stride, padding, output_padding, groups, dilation
        ).squeeze(0)
    stride, padding, output_padding, dilation = map(
        expand, (stride, padding, output_padding, dilation)
    )
    if any(p < 0 for p in padding):
        raise RuntimeError(msg.CONV_NEGATIVE_PADDING)
    if any(st <= 0 for st in stride):
        raise RuntimeError(msg.CONV_STRIDE_POSITIVE)
    _check_conv(x, w, bias, groups, stride, transposed=True)
    lift = int(nd == 1)  # 1-d works on images of height 1, as PyTorch's messages show
    xd, wd = x._data, w._data
    if lift:
        xd, wd = xd[:, :, None, :], wd[:, :, None, :]
    st2, pad2, op2, dil2 = (
        (1,) * lift + stride,
        (0,) * lift + padding,
        (0,) * lift + output_padding,
        (1,) * lift + dilation,
    )
    if any(op >= st and op >= d for op, st, d in zip(op2, st2, dil2)):
        raise RuntimeError(msg.CONV_T_OUTPUT_PADDING.format(op=op2, stride=st2, dilation=dil2))
    size, kernel = tuple(xd.shape[2:]), tuple(wd.shape[2:])
    out_size = tuple(
        (i - 1) * st - 2 * p + d * (k - 1) + op + 1
        for i, st, p, d, k, op in zip(size, st2, pad2, dil2, kernel, op2)
    )
    if any(o < 1 for o in out_size):
        raise RuntimeError(
            msg.CONV_T_OUTPUT_TOO_SMALL.format(
                size=" x ".join(map(str, size)), out=" x ".join(map(str, out_size))
            )
        )
    # the convolution whose input gradient this is: its input is our output, its output our input
    win = Window(out_size, kernel, dil2, tuple(p for p in pad2 for _ in range(2)), st2, size)
    backend = x._backend
    xp = backend.xp
    n, c = xd.shape[:2]
    per_group = xp.reshape(wd, (groups, c // groups, math.prod(wd.shape[1:])))
    grouped = xp.reshape(xd, (n, groups, c // groups, math.prod(size)))
    cols = xp.reshape(
        xp.matmul(*opmath_arrays(xp, per_group.mT, grouped)),  # rounded in _record_conv
        (n, wd.shape[1] * groups, math.prod(kernel)) + size,
    )
    out = col2im_data(backend, cols, win)
    if lift:
        out = out[:, :, 0, :]
    return _record_conv(
        out, x, w, bias, win, None, nd, stride, padding, dilation, groups, output_padding
    )


def _convolution_function(name: str, expand, doc: str):
    """conv1d / conv2d / conv3d: `_convolution` for one number of spatial dims."""

    def conv(
        input: Tensor,
        weight: Tensor,
        bias: Tensor | None = None,
        stride=1,
        padding=0,
        dilation=1,
        groups: int = 1,
    ) -> Tensor:
        return _convolution(name, expand, input, weight, bias, stride, padding, dilation, groups)

    conv.__name__ = conv.__qualname__ = name
    conv.__doc__ = doc
    return conv


def _conv_transpose_function(name: str, expand, doc: str):
    """conv_transpose1d / 2d / 3d: `_conv_transpose` for one number of spatial dims."""

    def conv_transpose(
        input: Tensor,
        weight: Tensor,
        bias: Tensor | None = None,
        stride=1,
        padding=0,
        output_padding=0,
        groups: int = 1,
        dilation=1,
    ) -> Tensor:
        return _conv_transpose(
            name, expand, input, weight, bias, stride, padding, output_padding, groups, dilation
        )

    conv_transpose.__name__ = conv_transpose.__qualname__ = name
    conv_transpose.__doc__ = doc
    return conv_transpose


conv1d = _convolution_function(
    "conv1d",
    single,
    "1-D cross-correlation of (N, C, L) with (O, C/groups, k): conv2d over height 1.",
)
conv2d = _convolution_function(
    "conv2d",
    pair,
    "2-D cross-correlation of (N, C, H, W) with (O, C/groups, kh, kw) by im2col + matmul.",
)
conv3d = _convolution_function(
    "conv3d",
    triple,
    "3-D cross-correlation of (N, C, D, H, W) with (O, C/groups, kd, kh, kw) by im2col.",
)
conv_transpose1d = _conv_transpose_function(
    "conv_transpose1d",
    single,
    "1-D transposed convolution of (N, C_in, L) with weight (C_in, C_out/groups, k).",
)
conv_transpose2d = _conv_transpose_function(
    "conv_transpose2d",
    pair,
    '2-D transposed convolution ("deconvolution") of (N, C_in, H, W) with weight\n'
    "(C_in, C_out/groups, kh, kw): the gradient of conv2d with respect to its input.",
)


conv_transpose3d = _conv_transpose_function(
    "conv_transpose3d",
    triple,
    "3-D transposed convolution of (N, C_in, D, H, W) with weight\n"
    "(C_in, C_out/groups, kd, kh, kw): the gradient of conv3d with respect to its input.",
)


__all__ = [
    "conv1d",
    "conv2d",
    "conv3d",
    "conv_transpose1d",
    "conv_transpose2d",
    "conv_transpose3d",
]
