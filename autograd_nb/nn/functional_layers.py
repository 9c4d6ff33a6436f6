"""Less common layers as functions, written the way PyTorch's torch/nn/functional.py writes them:
local_response_norm and lp_pool as composites of pooling, max_unpool's output size, the
dropout and rrelu variants, embedding_bag's argument handling, and ctc_loss as the CTC forward
recursion in Tensor ops.

The ops with their own backward nodes live in ops/ (channel_shuffle in ops/pixelshuffle.py,
max_unpool2d in ops/unpooling.py, rrelu and alpha dropout in ops/activation.py, embedding_bag
in ops/embedding_bag.py); this module adds PyTorch's Python-level checks and defaults.
"""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .. import dtypes
from .._creation import tensor
from .._tensor import Tensor
from ..ops import activation as _activation
from ..ops import embedding_bag as _embedding_bag
from ..ops import loss as _loss
from ..ops import padding as _padding
from ..ops import pixelshuffle as _pixelshuffle
from ..ops import pooling as _pooling
from ..ops import unpooling as _unpooling
from ..ops.comparison import where
from ..ops.convolution import pair, single, triple
from ..ops.joining import cat, stack

__all__ = [
    "alpha_dropout",
    "channel_shuffle",
    "ctc_loss",
    "embedding_bag",
    "feature_alpha_dropout",
    "local_response_norm",
    "lp_pool1d",
    "lp_pool2d",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
    "native_channel_shuffle",
    "rrelu",
    "rrelu_",
]

channel_shuffle = _pixelshuffle.channel_shuffle
native_channel_shuffle = _pixelshuffle.native_channel_shuffle


def local_response_norm(
    input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0
) -> Tensor:
    """x / (k + alpha * mean of x^2 over `size` neighbouring channels)^beta (AlexNet)."""
    dim = input.dim()
    if dim < 3:
        raise ValueError(msg.LRN_DIMS.format(ndim=dim))
    if input.numel() == 0:
        return input
    div = input.mul(input)
    before, after = size // 2, (size - 1) // 2
    if dim == 3:
        div = _padding.pad(div.unsqueeze(1), (0, 0, before, after))
        div = _pooling.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.shape
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = _padding.pad(div, (0, 0, 0, 0, before, after))
        div = _pooling.avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1).view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def _lp_pool(input: Tensor, norm_type: float, kernel_size, stride, ceil_mode: bool, nd: int):
    """(sum over each window of x^p)^(1/p): avg_pool of x^p times the window size; p = +-inf is
    the max of |x| (or minus the max of -|x|)."""
    max_pool = _pooling.max_pool1d if nd == 1 else _pooling.max_pool2d
    if norm_type == float("inf"):
        return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -float("inf"):
        return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    avg_pool = _pooling.avg_pool1d if nd == 1 else _pooling.avg_pool2d
    out = avg_pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    window = single(kernel_size)[0] if nd == 1 else pair(kernel_size)[0] * pair(kernel_size)[1]
    return (out.sign() * out.abs().relu()).mul(window).pow(1.0 / norm_type)


def lp_pool1d(
    input: Tensor, norm_type: float, kernel_size, stride=None, ceil_mode: bool = False
) -> Tensor:
    """The p-norm of each kernel_size window along the last dim."""
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 1)


def lp_pool2d(
    input: Tensor, norm_type: float, kernel_size, stride=None, ceil_mode: bool = False
) -> Tensor:
    """The p-norm of each kernel_size window over the last two dims."""
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 2)


def _unpool_output_size(input: Tensor, kernel: tuple, stride: tuple, padding: tuple, output_size):
    """PyTorch's rule: (in - 1) * stride + kernel - 2 * padding per dim, or output_size (its last
    dims) when it is within a stride of that."""
    nd = len(kernel)
    default = [
        (input.shape[-nd + d] - 1) * stride[d] + kernel[d] - 2 * padding[d] for d in range(nd)
    ]
    if output_size is None:
        return default
    output_size = list(output_size)
    if len(output_size) == nd + 2:
        output_size = output_size[2:]
    if len(output_size) != nd:
        raise ValueError(
            msg.UNPOOL_OUTPUT_SIZE_LENGTH.format(nd=nd, full=nd + 2, got=len(output_size))
        )
    for d in range(nd):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise ValueError(
                msg.UNPOOL_OUTPUT_SIZE_RANGE.format(
                    size=tuple(output_size), dim=d, low=low, high=high
                )
            )
    return output_size


def max_unpool1d(
    input: Tensor, indices: Tensor, kernel_size, stride=None, padding=0, output_size=None
) -> Tensor:
    """The inverse of max_pool1d: each value put back at its index, zeros elsewhere."""
    kernel = single(kernel_size)
    step = single(stride) if stride is not None else kernel
    size = _unpool_output_size(input, kernel, step, single(padding), output_size)
    out = _unpooling.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), [*size, 1])
    return out.squeeze(-1)


def max_unpool2d(
    input: Tensor, indices: Tensor, kernel_size, stride=None, padding=0, output_size=None
) -> Tensor:
    """The inverse of max_pool2d: each value put back at its index, zeros elsewhere."""
    kernel = pair(kernel_size)
    step = pair(stride) if stride is not None else kernel
    size = _unpool_output_size(input, kernel, step, pair(padding), output_size)
    return _unpooling.max_unpool2d(input, indices, size)


def max_unpool3d(
    input: Tensor, indices: Tensor, kernel_size, stride=None, padding=0, output_size=None
) -> Tensor:
    """The inverse of max_pool3d: each value put back at its index, zeros elsewhere."""
    kernel = triple(kernel_size)
    step = triple(stride) if stride is not None else kernel
    size = _unpool_output_size(input, kernel, step, triple(padding), output_size)
    return _unpooling.max_unpool3d(input, indices, size)


def alpha_dropout(
    input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False
) -> Tensor:
    """Dropout for SELU networks: dropped elements take SELU's negative saturation, then an
    affine map keeps the mean and variance (when training)."""
    if inplace:
        return _activation.alpha_dropout_(input, p, training)
    return _activation.alpha_dropout(input, p, training)


def feature_alpha_dropout(
    input: Tensor, p: float = 0.5, training: bool = False, inplace: bool = False
) -> Tensor:
    """alpha_dropout of whole channels (dim 1) (when training)."""
    if inplace:
        return _activation.feature_alpha_dropout_(input, p, training)
    return _activation.feature_alpha_dropout(input, p, training)


def rrelu(
    input: Tensor,
    lower: float = 1.0 / 8,
    upper: float = 1.0 / 3,
    training: bool = False,
    inplace: bool = False,
) -> Tensor:
    """x if x > 0, else x times a slope drawn from U(lower, upper) (training) or their mean."""
    if inplace:
        return rrelu_(input, lower, upper, training)
    return _activation.rrelu_with_noise(input, lower, upper, training)


def rrelu_(
    input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False
) -> Tensor:
    """rrelu written into `input`."""
    return _activation.rrelu_with_noise_(input, lower, upper, training)


def embedding_bag(
    input: Tensor,
    weight: Tensor,
    offsets: Tensor | None = None,
    max_norm: float | None = None,
    norm_type: float = 2,
    scale_grad_by_freq: bool = False,
    mode: str = "mean",
    sparse: bool = False,
    per_sample_weights: Tensor | None = None,
    include_last_offset: bool = False,
    padding_idx: int | None = None,
) -> Tensor:
    """The sum, mean or max of the embedding rows of each bag: a row of 2-D input, or the run
    of 1-D input starting at each of `offsets`."""
    if weight.dtype == dtypes.int64 and input.is_floating_point():
        warnings.warn(msg.EMBEDDING_BAG_ORDER, stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.shape != per_sample_weights.shape:
        raise ValueError(
            msg.EMBEDDING_BAG_PSW_SHAPE.format(psw=per_sample_weights.shape, input=input.shape)
        )
    if weight.dim() != 2:
        raise ValueError(msg.EMBEDDING_BAG_WEIGHT_DIM.format(ndim=weight.dim()))
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(msg.EMBEDDING_BAG_2D_OFFSETS.format(type=type(offsets)))
        offsets = input.new_tensor(list(range(0, input.numel(), input.shape[1])))
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError(msg.EMBEDDING_BAG_NO_OFFSETS)
        if offsets.dim() != 1:
            raise ValueError(msg.EMBEDDING_BAG_OFFSETS_DIM)
    else:
        raise ValueError(msg.EMBEDDING_BAG_INPUT_DIM.format(ndim=input.dim()))
    if mode not in ("sum", "mean", "max"):
        raise ValueError(msg.EMBEDDING_BAG_MODE)
    if scale_grad_by_freq or sparse:
        raise NotImplementedError(msg.EMBEDDING_BAG_UNSUPPORTED)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(msg.EMBEDDING_BAG_PSW_MODE.format(mode=mode))
    rows = weight.shape[0]
    padding_idx = _bag_checks(input, offsets, rows, include_last_offset, padding_idx)
    if max_norm is not None:
        from .functional import _renorm_rows  # functional imports this module

        _renorm_rows(weight, input, max_norm, norm_type)
    if include_last_offset:
        input = input[: int(offsets[-1])]
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights[: int(offsets[-1])]
        offsets = offsets[:-1]
    return _embedding_bag.embedding_bag(
        weight, input, offsets, mode, per_sample_weights, padding_idx
    )


def _bag_checks(
    input: Tensor, offsets: Tensor, rows: int, include_last_offset: bool, padding_idx
) -> int:
    """PyTorch's kernel checks of indices, offsets and padding_idx; padding_idx as a row
    number, or -1 for none."""
    for given in (input, offsets):
        if given.dtype not in (dtypes.int64, dtypes.int32):
            raise RuntimeError(msg.EMBEDDING_BAG_INDEX_DTYPE.format(type=given.type()))
    if padding_idx is None:
        padding_idx = -1
    elif not -rows <= padding_idx < rows:
        raise RuntimeError(
            msg.EMBEDDING_BAG_PADDING_IDX.format(low=-rows, high=rows - 1, got=padding_idx)
        )
    elif padding_idx < 0:
        padding_idx += rows
    values = input.tolist()
    for i, value in enumerate(values):
        if not 0 <= value < rows:
            raise RuntimeError(msg.EMBEDDING_BAG_INDEX.format(i=i, value=value, rows=rows))
    starts = offsets.tolist()
    if starts and starts[0] != 0:
        raise RuntimeError(msg.EMBEDDING_BAG_FIRST_OFFSET.format(got=starts[0]))
    if starts and starts[-1] > len(values):
        raise RuntimeError(msg.EMBEDDING_BAG_LAST_OFFSET.format(n=len(values), got=starts[-1]))
    if any(a > b for a, b in zip(starts, starts[1:])):
        raise RuntimeError(msg.EMBEDDING_BAG_OFFSETS_ORDER)
    return padding_idx


# a log-probability standing for log(0) in the CTC recursion: finite, so that logsumexp's
# gradient at an unreachable state is 0 rather than nan; a loss beyond _UNREACHABLE is inf
_LOG_ZERO = -1e30
_UNREACHABLE = 1e29


def _ctc_lengths(lengths) -> list:
    """input_lengths / target_lengths (a tensor, a sequence or an int) as a list of ints."""
    if isinstance(lengths, Tensor):
        return [int(v) for v in lengths.reshape(-1).tolist()]
    if isinstance(lengths, int):
        return [lengths]
    return [int(v) for v in lengths]


def _ctc_labels(targets: Tensor, target_lengths: list) -> list:
    """Each sample's label sequence: a row of padded (N, S) targets, or a run of concatenated."""
    if targets.dim() == 2:
        if targets.shape[1] < max(target_lengths, default=0):
            raise RuntimeError(
                msg.CTC_TARGETS_SIZE.format(length=max(target_lengths), size=targets.shape[1])
            )
        rows = targets.tolist()
        return [rows[b][:n] for b, n in enumerate(target_lengths)]
    flat, labels, start = targets.reshape(-1).tolist(), [], 0
    for n in target_lengths:
        labels.append(flat[start : start + n])
        start += n
    return labels


def ctc_loss(
    log_probs: Tensor,
    targets: Tensor,
    input_lengths,
    target_lengths,
    blank: int = 0,
    reduction: str = "mean",
    zero_infinity: bool = False,
) -> Tensor:
    """Connectionist Temporal Classification: -log of the total probability of every
    alignment of each target (blanks between and around its labels, repeats merged) with the
    (T, N, C) or (T, C) log_probs, by the forward (alpha) recursion over time."""
    _loss.reduction_enum(reduction)
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    steps, batch, classes = lp.shape
    inputs, lengths = _ctc_lengths(input_lengths), _ctc_lengths(target_lengths)
    if not 0 <= blank < classes:
        raise RuntimeError(msg.CTC_BLANK)
    if len(inputs) != batch:
        raise RuntimeError(msg.CTC_INPUT_LENGTHS_SIZE)
    if len(lengths) != batch:
        raise RuntimeError(msg.CTC_TARGET_LENGTHS_SIZE)
    if max(inputs) > steps:
        raise RuntimeError(msg.CTC_INPUT_LENGTH.format(steps=steps, got=max(inputs)))
    labels = _ctc_labels(targets if batched or targets.dim() != 1 else targets[None], lengths)
    # the extended targets: blank, l1, blank, l2, ..., blank (padded with blanks)
    width = 2 * max(lengths) + 1
    extended = [[blank] * width for _ in labels]
    for row, seq in zip(extended, labels):
        row[1 : 2 * len(seq) : 2] = seq
    states = [2 * len(seq) + 1 for seq in labels]
    skip = [  # may a path jump from state s - 2 to s (two different labels)?
        [s >= 2 and row[s] != blank and row[s] != row[s - 2] for s in range(width)]
        for row in extended
    ]
    device = lp.device
    ext = tensor(extended, dtype=dtypes.int64, device=device)
    valid = tensor([[s < n for s in range(width)] for n in states], device=device)
    skip = tensor(skip, device=device)
    emit = lp.gather(2, ext.unsqueeze(0).expand(steps, batch, width))  # (T, N, states)
    floor = lp.new_full((batch, 1), _LOG_ZERO)
    start = valid & tensor([s < 2 for s in range(width)], device=device)
    alpha = where(start, emit[0], _LOG_ZERO)
    for t in range(1, steps):
        one_back = cat([floor, alpha[:, :-1]], 1)
        two_back = where(skip, cat([floor, floor, alpha[:, :-2]], 1), _LOG_ZERO)
        step = stack([alpha, one_back, two_back]).logsumexp(0) + emit[t]
        running = tensor([[t < n] for n in inputs], device=device)  # a sample ends at its length
        alpha = where(running & valid, step, where(running, _LOG_ZERO, alpha))
    last = tensor([[n - 1] for n in states], device=device)
    ends = cat(
        [alpha.gather(1, last), where(last > 0, alpha.gather(1, (last - 1).clamp(0)), _LOG_ZERO)], 1
    )
    losses = -ends.logsumexp(1)
    infinite = losses > _UNREACHABLE
    losses = where(infinite, 0.0 if zero_infinity else float("inf"), losses)
    if reduction == "mean":
        divisor = tensor(lengths, dtype=lp.dtype, device=device).clamp(min=1)
        return (losses / divisor).mean()
    if reduction == "sum":
        return losses.sum()
    return losses if batched else losses.squeeze(0)
