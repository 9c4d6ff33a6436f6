"""`torch.nn.functional`: layers, activations and losses as functions, with PyTorch's signatures.

The math lives in `autograd_nb/ops/` (each op beside its backward node); this module adds
PyTorch's Python-level argument handling: defaults, `inplace=`, legacy `size_average`/`reduce`,
the implicit-dim softmax warning and the shape checks PyTorch makes before calling its kernels.
"""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .._tensor import Tensor
from ..autograd.grad_mode import no_grad
from ..ops import activation as _activation
from ..ops import bilinear_form as _bilinear_form
from ..ops import convolution as _convolution
from ..ops import distances as _distances
from ..ops import grid_sampling as _grid_sampling
from ..ops import linalg as _linalg
from ..ops import loss as _loss
from ..ops import loss_margin as _margin
from ..ops import normalization as _normalization
from ..ops import padding as _padding
from ..ops import pixelshuffle as _pixelshuffle
from ..ops import pooling as _pooling
from ..ops import sparse as _sparse
from ..ops import upsampling as _upsampling
from ..ops._helpers import broadcast_shapes, check_tensor
from ..ops.inplace import apply_inplace as _apply_inplace
from . import functional_attention as _attention
from . import functional_layers as _layers

__all__ = [
    "adaptive_avg_pool2d",
    "avg_pool2d",
    "batch_norm",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "conv1d",
    "conv2d",
    "cosine_similarity",
    "cross_entropy",
    "dropout",
    "elu",
    "elu_",
    "embedding",
    "fold",
    "gelu",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "hardtanh_",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "layer_norm",
    "leaky_relu_",
    "pdist",
    "relu_",
    "rms_norm",
    "leaky_relu",
    "linear",
    "log_softmax",
    "logsigmoid",
    "max_pool2d",
    "max_pool2d_with_indices",
    "mish",
    "mse_loss",
    "nll_loss",
    "normalize",
    "one_hot",
    "pad",
    "pairwise_distance",
    "prelu",
    "relu",
    "relu6",
    "sigmoid",
    "silu",
    "smooth_l1_loss",
    "softmax",
    "softplus",
    "softsign",
    "tanh",
    "tanhshrink",
    "unfold",
]

conv1d = _convolution.conv1d
conv2d = _convolution.conv2d
unfold = _convolution.unfold
fold = _convolution.fold
avg_pool2d = _pooling.avg_pool2d
adaptive_avg_pool2d = _pooling.adaptive_avg_pool2d
gelu = _activation.gelu
softplus = _activation.softplus
logsigmoid = _activation.logsigmoid
prelu = _activation.prelu
elu_ = _activation.elu_
hardtanh_ = _activation.hardtanh_
max_pool2d_with_indices = _pooling.max_pool2d_with_indices
max_pool2d = _pooling.max_pool2d
batch_norm = _normalization.batch_norm
layer_norm = _normalization.layer_norm
rms_norm = _normalization.rms_norm
pdist = _distances.pdist
one_hot = _sparse.one_hot
cosine_similarity = _distances.cosine_similarity
pairwise_distance = _distances.pairwise_distance
# transposed convolutions and bilinear
conv_transpose1d = _convolution.conv_transpose1d
conv_transpose2d = _convolution.conv_transpose2d
conv_transpose3d = _convolution.conv_transpose3d
bilinear = _bilinear_form.bilinear
__all__ += ["bilinear", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d"]


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """input @ weight.T + bias, recorded as PyTorch's at::linear records it."""
    x = input if isinstance(input, Tensor) else check_tensor(input, "linear")
    w = weight if isinstance(weight, Tensor) else check_tensor(weight, "linear", "weight", 2)
    if x._data.ndim == 0 or w._data.ndim == 0:
        raise RuntimeError(msg.LINEAR_0D.format(a=x._data.ndim, b=w._data.ndim))
    if bias is None:
        return x.matmul(w.t())
    if x._data.ndim == 2:
        return _linalg.addmm(bias, x, w.t())
    if x.is_contiguous() and bias.dim() == 1:  # folded into one addmm
        rows = x.reshape(-1, x.shape[-1])
        return bias.addmm(rows, w.t()).view(*x.shape[:-1], w.shape[0])
    return x.matmul(w.t()) + bias


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """input / max(||input||_p along dim, eps): unit-norm slices, composed as PyTorch does."""
    check_tensor(input, "normalize")
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)


# --- activations --------------------------------------------------------------------------------
def relu(input: Tensor, inplace: bool = False) -> Tensor:
    """max(x, 0) (in place with inplace=True)."""
    check_tensor(input, "relu")
    return input.relu_() if inplace else input.relu()


def relu_(input: Tensor) -> Tensor:
    """max(x, 0) in place (torch.relu_)."""
    check_tensor(input, "relu_")
    return input.relu_()


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """x if x > 0 else negative_slope * x, in place."""
    return _activation.leaky_relu_(input, negative_slope)


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """x if x > 0 else negative_slope * x."""
    if inplace:
        return _activation.leaky_relu_(input, negative_slope)
    return _activation.leaky_relu(input, negative_slope)


def _maybe_inplace(op, input: Tensor, inplace: bool, *args) -> Tensor:
    """`op(input, *args)`, written into `input` when inplace (with op's own grad_fn)."""
    return _apply_inplace(input, op, *args) if inplace else op(input, *args)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """x if x > 0 else alpha * (exp(x) - 1)."""
    return _activation.elu_(input, alpha) if inplace else _activation.elu(input, alpha)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """x * sigmoid(x) (Swish)."""
    return _maybe_inplace(_activation.silu, input, inplace)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """x * tanh(softplus(x))."""
    return _maybe_inplace(_activation.mish, input, inplace)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """clamp(x + 3, 0, 6) / 6."""
    return _maybe_inplace(_activation.hardsigmoid, input, inplace)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """x * clamp(x + 3, 0, 6) / 6."""
    return _maybe_inplace(_activation.hardswish, input, inplace)


def hardtanh(
    input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    """clamp(x, min_val, max_val), refusing min_val > max_val as PyTorch's Python wrapper does."""
    if min_val > max_val:
        raise ValueError(msg.HARDTANH_LIMITS)
    return _maybe_inplace(_activation.hardtanh, input, inplace, min_val, max_val)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """min(max(x, 0), 6) (HardtanhBackward0, as PyTorch computes it)."""
    return _maybe_inplace(_activation.relu6, input, inplace)


def softsign(input: Tensor) -> Tensor:
    """x / (1 + |x|), composed of tensor ops as in PyTorch (DivBackward0)."""
    check_tensor(input, "softsign")
    return input / (input.abs() + 1)


def tanhshrink(input: Tensor) -> Tensor:
    """x - tanh(x), composed of tensor ops as in PyTorch (SubBackward0)."""
    check_tensor(input, "tanhshrink")
    return input - input.tanh()


def sigmoid(input: Tensor) -> Tensor:
    """1 / (1 + exp(-x))."""
    check_tensor(input, "sigmoid")
    return input.sigmoid()


def tanh(input: Tensor) -> Tensor:
    """Hyperbolic tangent."""
    check_tensor(input, "tanh")
    return input.tanh()


def _softmax_dim(name: str, ndim: int, stacklevel: int) -> int:
    """PyTorch's legacy choice when dim is omitted (with its deprecation warning)."""
    warnings.warn(msg.SOFTMAX_IMPLICIT_DIM.format(name=name), UserWarning, stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype=None) -> Tensor:
    """exp(x) / sum(exp(x)) along dim."""
    check_tensor(input, "softmax")
    if dim is None:
        dim = _softmax_dim("softmax", input.dim(), _stacklevel)
    return input.softmax(dim, dtype=dtype)


def log_softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype=None) -> Tensor:
    """log(softmax(x)) along dim, computed stably."""
    check_tensor(input, "log_softmax")
    if dim is None:
        dim = _softmax_dim("log_softmax", input.dim(), _stacklevel)
    return input.log_softmax(dim, dtype=dtype)


def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zero elements with probability p and scale the rest by 1/(1-p), when training."""
    if inplace:
        return _activation.dropout_(input, p, training)
    return _activation.dropout(input, p, training)


# --- embedding / pad ----------------------------------------------------------------------------
def embedding(
    input: Tensor,
    weight: Tensor,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """weight[input]: the rows of `weight` at the indices in `input`."""
    rows = weight.shape[0]
    if padding_idx is not None:
        if padding_idx >= rows or padding_idx < -rows:
            raise AssertionError(msg.EMBEDDING_PADDING_IDX_RANGE)
        padding_idx = padding_idx % rows
    else:
        padding_idx = -1
    if max_norm is not None:
        _renorm_rows(weight, input, max_norm, norm_type)
    return _sparse.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def _renorm_rows(weight: Tensor, indices: Tensor, max_norm: float, norm_type: float) -> None:
    """embedding_renorm_: rows used by `indices` whose norm exceeds max_norm are scaled down."""
    with no_grad():
        rows = indices.reshape(-1)  # a repeated row is written twice with the same value
        picked = weight[rows]
        norms = picked.norm(p=norm_type, dim=1, keepdim=True)
        scale = (max_norm / (norms + 1e-7)).clamp(max=1.0)
        weight[rows] = picked * scale


pad = _padding.pad


# --- losses -------------------------------------------------------------------------------------
def _reduction(size_average, reduce, reduction: str) -> str:
    """`reduction`, or what the legacy size_average/reduce flags mean (with PyTorch's warning)."""
    if size_average is None and reduce is None:
        _loss.reduction_enum(reduction)
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
    warnings.warn(msg.LOSS_LEGACY_REDUCTION.format(reduction=reduction), UserWarning, stacklevel=3)
    return reduction


def _broadcast_pair(name: str, input: Tensor, target: Tensor) -> tuple:
    """A regression loss's input and target checked as tensors, PyTorch's warning for
    differently-shaped targets, then both broadcast."""
    input, target = check_tensor(input, name), check_tensor(target, name, "target", 2)
    if target.shape != input.shape:
        warnings.warn(
            msg.LOSS_SIZE_WARNING.format(target=target.shape, input=input.shape),
            UserWarning,
            stacklevel=3,
        )
    shape = broadcast_shapes(tuple(input.shape), tuple(target.shape))
    if tuple(input.shape) != shape:
        input = input.expand(shape)
    if tuple(target.shape) != shape:
        target = target.expand(shape)
    return input, target


def _reduce(losses: Tensor, reduction: str) -> Tensor:
    """The per-element losses averaged ('mean'), summed ('sum') or kept ('none')."""
    if reduction == "mean":
        return losses.mean()
    return losses.sum() if reduction == "sum" else losses


def _weighted(losses: Tensor, weight: Tensor, reduction: str) -> Tensor:
    return _reduce(losses * weight, reduction)


def mse_loss(
    input: Tensor,
    target: Tensor,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
    weight: Tensor | None = None,
) -> Tensor:
    """Mean squared error: mean((input - target) ** 2)."""
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair("mse_loss", input, target)
    if weight is not None:
        return _weighted((input - target) ** 2, weight, reduction)
    return _loss.mse_loss(input, target, reduction)


def l1_loss(
    input: Tensor,
    target: Tensor,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
    weight: Tensor | None = None,
) -> Tensor:
    """Mean absolute error: mean(|input - target|)."""
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair("l1_loss", input, target)
    losses = (input - target).abs()
    if weight is not None:
        return _weighted(losses, weight, reduction)
    return _reduce(losses, reduction)


def smooth_l1_loss(
    input: Tensor,
    target: Tensor,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """0.5 (x - t)^2 / beta where |x - t| < beta, else |x - t| - 0.5 beta (l1_loss if beta = 0)."""
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair("smooth_l1_loss", input, target)
    if beta == 0.0:
        return _reduce((input - target).abs(), reduction)
    return _loss.smooth_l1_loss(input, target, reduction, beta)


def huber_loss(
    input: Tensor,
    target: Tensor,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | None = None,
) -> Tensor:
    """0.5 (x - t)^2 where |x - t| < delta, else delta (|x - t| - 0.5 delta); weighted if given."""
    check_tensor(input, "huber_loss")
    expanded, t = _broadcast_pair("huber_loss", input, target)
    if weight is None:
        return _loss.huber_loss(expanded, t, reduction, delta)
    if weight.shape != input.shape:
        raise ValueError(msg.HUBER_WEIGHT_SIZE)
    losses = _loss.huber_loss(expanded, t, "none", delta) * weight
    if reduction not in _loss.REDUCTIONS:
        raise ValueError(msg.HUBER_REDUCTION.format(reduction=reduction))
    return _reduce(losses, reduction)


def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average=None,
    ignore_index: int = -100,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """Negative log-likelihood of class indices given log-probabilities (class dim 1)."""
    reduction = _reduction(size_average, reduce, reduction)
    return _loss.nll_loss(input, target, weight, ignore_index, reduction)


def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average=None,
    ignore_index: int = -100,
    reduce=None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """log_softmax + nll_loss for class indices; -sum(p log q) for class probabilities."""
    reduction = _reduction(size_average, reduce, reduction)
    return _loss.cross_entropy(input, target, weight, ignore_index, reduction, label_smoothing)


def kl_div(
    input: Tensor,
    target: Tensor,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """KL divergence of target from input (log-probabilities); 'batchmean' divides by batch size."""
    if size_average is None and reduce is None and reduction == "mean":
        warnings.warn(msg.KL_DIV_MEAN, UserWarning, stacklevel=2)
    summed = _reduction(size_average, reduce, "sum" if reduction == "batchmean" else reduction)
    x = check_tensor(input, "kl_div")
    t = check_tensor(target, "kl_div", "target", 2)
    reduced = _loss.kl_div(x, t, _loss.reduction_enum(summed), log_target)
    if reduction == "batchmean" and x.dim() != 0:
        return reduced / x.shape[0]
    return reduced


def binary_cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """-(t log p + (1 - t) log(1 - p)) for probabilities p in [0, 1]."""
    reduction = _reduction(size_average, reduce, reduction)
    x = check_tensor(input, "binary_cross_entropy")
    t = check_tensor(target, "binary_cross_entropy", "target", 2)
    if t.shape != x.shape:
        raise ValueError(msg.BCE_SIZE.format(target=t.shape, input=x.shape))
    if weight is not None and weight.shape != x.shape:
        weight = weight.expand(x.shape)
    return _loss.binary_cross_entropy(x, t, weight, reduction)


def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
    pos_weight: Tensor | None = None,
) -> Tensor:
    """binary_cross_entropy(sigmoid(x), t), computed stably from the logits."""
    reduction = _reduction(size_average, reduce, reduction)
    return _loss.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


# --- 1-D / adaptive max pooling, group and instance norm, upsampling ---------------------------

max_pool1d = _pooling.max_pool1d
max_pool1d_with_indices = _pooling.max_pool1d_with_indices
avg_pool1d = _pooling.avg_pool1d
adaptive_avg_pool1d = _pooling.adaptive_avg_pool1d
adaptive_max_pool1d = _pooling.adaptive_max_pool1d
adaptive_max_pool2d = _pooling.adaptive_max_pool2d
adaptive_max_pool3d = _pooling.adaptive_max_pool3d
group_norm = _normalization.group_norm
instance_norm = _normalization.instance_norm
interpolate = _upsampling.interpolate


def _deprecated_upsample(
    name: str, input: Tensor, size, scale_factor, mode: str, align_corners
) -> Tensor:
    """interpolate, after PyTorch's deprecation warning for F.<name>."""
    warnings.warn(msg.UPSAMPLE_DEPRECATED.format(name=name), UserWarning, stacklevel=3)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample(
    input: Tensor,
    size=None,
    scale_factor=None,
    mode: str = "nearest",
    align_corners: bool | None = None,
) -> Tensor:
    """Deprecated alias of interpolate (warns, as PyTorch does)."""
    return _deprecated_upsample("upsample", input, size, scale_factor, mode, align_corners)


def upsample_nearest(input: Tensor, size=None, scale_factor=None) -> Tensor:
    """Deprecated: interpolate(mode='nearest') (warns, as PyTorch does)."""
    return _deprecated_upsample("upsample_nearest", input, size, scale_factor, "nearest", None)


def upsample_bilinear(input: Tensor, size=None, scale_factor=None) -> Tensor:
    """Deprecated: interpolate(mode='bilinear', align_corners=True) (warns, as PyTorch does)."""
    return _deprecated_upsample("upsample_bilinear", input, size, scale_factor, "bilinear", True)


__all__ += [
    "adaptive_avg_pool1d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "adaptive_max_pool3d",
    "avg_pool1d",
    "group_norm",
    "instance_norm",
    "interpolate",
    "max_pool1d",
    "max_pool1d_with_indices",
    "upsample",
    "upsample_bilinear",
    "upsample_nearest",
]
# --- margin, embedding and likelihood losses (math in ops/loss_margin.py) -----------------------

__all__ += [
    "cosine_embedding_loss",
    "gaussian_nll_loss",
    "hinge_embedding_loss",
    "margin_ranking_loss",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "multilabel_soft_margin_loss",
    "poisson_nll_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
    "triplet_margin_with_distance_loss",
]
triplet_margin_with_distance_loss = _margin.triplet_margin_with_distance_loss
gaussian_nll_loss = _margin.gaussian_nll_loss


def _reduction_enum(size_average, reduce, reduction: str) -> int:
    """PyTorch's legacy_get_enum / get_enum: 0 'none', 1 'mean', 2 'sum'."""
    return _loss.REDUCTIONS[_reduction(size_average, reduce, reduction)]


def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """max(0, -target * (input1 - input2) + margin): input1 should rank above input2 if target=1."""
    r = _reduction_enum(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            msg.MARGIN_RANKING_DIMS.format(
                input1=input1.size(), input2=input2.size(), target=target.size()
            )
        )
    return _margin.margin_ranking_loss(input1, input2, target, margin, r)


def hinge_embedding_loss(
    input: Tensor,
    target: Tensor,
    margin: float = 1.0,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """input where target is 1, max(0, margin - input) where target is -1 (e.g. distances)."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.hinge_embedding_loss(input, target, margin, r)


def soft_margin_loss(
    input: Tensor, target: Tensor, size_average=None, reduce=None, reduction: str = "mean"
) -> Tensor:
    """log(1 + exp(-target * input)): a smooth two-class margin loss for targets of +-1."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.soft_margin_loss(input, target, r)


def multilabel_soft_margin_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """Per-class logistic loss of multi-label 0/1 targets, averaged over the classes."""
    if size_average is not None or reduce is not None:
        reduction = _reduction(size_average, reduce, reduction)
    return _margin.multilabel_soft_margin_loss(input, target, weight, reduction)


def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor,
    target: Tensor,
    margin: float = 0,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """1 - cos(x1, x2) for similar pairs (target 1), max(0, cos - margin) for dissimilar (-1)."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.cosine_embedding_loss(input1, input2, target, margin, r)


def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    margin: float = 1.0,
    p: float = 2,
    eps: float = 1e-6,
    swap: bool = False,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """max(0, margin + d(anchor, positive) - d(anchor, negative)) with p-norm distances."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, r)


def poisson_nll_loss(
    input: Tensor,
    target: Tensor,
    log_input: bool = True,
    full: bool = False,
    size_average=None,
    eps: float = 1e-8,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """Negative log-likelihood of Poisson-distributed targets given the (log-)rate `input`."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.poisson_nll_loss(input, target, log_input, full, eps, r)


def multi_margin_loss(
    input: Tensor,
    target: Tensor,
    p: int = 1,
    margin: float = 1.0,
    weight: Tensor | None = None,
    size_average=None,
    reduce=None,
    reduction: str = "mean",
) -> Tensor:
    """Multi-class hinge loss: every class scoring within `margin` of the target class costs."""
    r = _reduction_enum(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError(msg.MULTI_MARGIN_P)
    if weight is not None and weight.dim() != 1:
        raise ValueError(msg.MULTI_MARGIN_WEIGHT_DIM)
    return _margin.multi_margin_loss(input, target, p, margin, weight, r)


def multilabel_margin_loss(
    input: Tensor, target: Tensor, size_average=None, reduce=None, reduction: str = "mean"
) -> Tensor:
    """Multi-label hinge loss: each target class (listed before a -1) should beat each other."""
    r = _reduction_enum(size_average, reduce, reduction)
    return _margin.multilabel_margin_loss(input, target, r)


# --- more activations, channel dropout, pixel shuffle -------------------------------------------

selu_ = _activation.selu_
celu_ = _activation.celu_
softshrink = _activation.softshrink
hardshrink = _activation.hardshrink
threshold_ = _activation.threshold_
pixel_shuffle = _pixelshuffle.pixel_shuffle
pixel_unshuffle = _pixelshuffle.pixel_unshuffle


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """scale * elu(x, alpha) with SELU's fixed constants (self-normalising networks)."""
    return _activation.selu_(input) if inplace else _activation.selu(input)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """x if x > 0 else alpha * (exp(x / alpha) - 1)."""
    return _activation.celu_(input, alpha) if inplace else _activation.celu(input, alpha)


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """x where x > threshold, else value."""
    if inplace:
        return _activation.threshold_(input, threshold, value)
    return _activation.threshold(input, threshold, value)


def softmin(input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype=None) -> Tensor:
    """softmax(-x) along dim (SoftmaxBackward0 after NegBackward0, as PyTorch composes it)."""
    check_tensor(input, "softmin")
    if dim is None:
        dim = _softmax_dim("softmin", input.dim(), _stacklevel)
    return (-input).softmax(dim, dtype=dtype)


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """a * sigmoid(b), a and b the halves of `input` along dim (0-d input is refused)."""
    check_tensor(input, "glu")
    if input.dim() == 0:
        raise RuntimeError(msg.GLU_SCALAR)
    return _activation.glu(input, dim)


def dropout1d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels of (N, C, L) or (C, L) input with probability p, scale the rest
    by 1/(1-p), when training."""
    check_tensor(input, "dropout1d")
    _activation._check_p(p)
    if input.dim() not in (2, 3):
        raise RuntimeError(msg.DROPOUT1D_DIM.format(ndim=input.dim()))
    if input.dim() == 3:
        return _activation.feature_dropout(input, p, training, inplace)
    if inplace:
        return _activation.feature_dropout(input.unsqueeze_(0), p, training, True).squeeze_(0)
    return _activation.feature_dropout(input.unsqueeze(0), p, training).squeeze(0)


def dropout2d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels (dim 1) with probability p, scale the rest by 1/(1-p), when training;
    warns as PyTorch does for input that is not 4-d."""
    check_tensor(input, "dropout2d")
    _activation._check_p(p)
    if input.dim() not in (3, 4):
        warnings.warn(msg.DROPOUT2D_DIM.format(ndim=input.dim()), UserWarning, stacklevel=2)
    if input.dim() == 3:
        warnings.warn(msg.DROPOUT2D_3D, UserWarning, stacklevel=2)
    return _activation.feature_dropout(input, p, training, inplace)


def dropout3d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels (dim 1) of 5-d input (4-d: no batch) with probability p, scale the rest
    by 1/(1-p), when training; warns as PyTorch does for other input."""
    check_tensor(input, "dropout3d")
    _activation._check_p(p)
    if input.dim() not in (4, 5):
        warnings.warn(msg.DROPOUT3D_DIM.format(ndim=input.dim()), UserWarning, stacklevel=2)
    if input.dim() == 4:  # no batch dim: the channels are dim 0
        if inplace:
            return _activation.feature_dropout(input.unsqueeze_(0), p, training, True).squeeze_(0)
        return _activation.feature_dropout(input.unsqueeze(0), p, training).squeeze(0)
    return _activation.feature_dropout(input, p, training, inplace)


__all__ += [
    "celu",
    "celu_",
    "dropout1d",
    "dropout2d",
    "dropout3d",
    "glu",
    "hardshrink",
    "pixel_shuffle",
    "pixel_unshuffle",
    "selu",
    "selu_",
    "softmin",
    "softshrink",
    "threshold",
    "threshold_",
]


# attention (nn/functional_attention.py)

scaled_dot_product_attention = _attention.scaled_dot_product_attention
multi_head_attention_forward = _attention.multi_head_attention_forward
_canonical_mask = _attention._canonical_mask
_none_or_dtype = _attention._none_or_dtype
__all__ += ["multi_head_attention_forward", "scaled_dot_product_attention"]


# volumetric layers (ops/convolution.py, ops/pooling.py)
conv3d = _convolution.conv3d
max_pool3d = _pooling.max_pool3d
max_pool3d_with_indices = _pooling.max_pool3d_with_indices
avg_pool3d = _pooling.avg_pool3d
adaptive_avg_pool3d = _pooling.adaptive_avg_pool3d
__all__ += ["adaptive_avg_pool3d", "avg_pool3d", "conv3d", "max_pool3d", "max_pool3d_with_indices"]


# less common layers (nn/functional_layers.py)
local_response_norm = _layers.local_response_norm
channel_shuffle = _layers.channel_shuffle
native_channel_shuffle = _layers.native_channel_shuffle
lp_pool1d = _layers.lp_pool1d
lp_pool2d = _layers.lp_pool2d
max_unpool1d = _layers.max_unpool1d
max_unpool2d = _layers.max_unpool2d
max_unpool3d = _layers.max_unpool3d
grid_sample = _grid_sampling.grid_sample
affine_grid = _grid_sampling.affine_grid
alpha_dropout = _layers.alpha_dropout
feature_alpha_dropout = _layers.feature_alpha_dropout
rrelu = _layers.rrelu
rrelu_ = _layers.rrelu_
embedding_bag = _layers.embedding_bag
ctc_loss = _layers.ctc_loss
__all__ += _layers.__all__
__all__ += ["affine_grid", "grid_sample"]
