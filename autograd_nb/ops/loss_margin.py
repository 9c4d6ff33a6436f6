"""Margin, embedding and likelihood losses: soft_margin_loss, multi_margin_loss and
multilabel_margin_loss with their own backward nodes (as ATen has kernels for them), and the
losses ATen or PyTorch's Python composes from tensor ops (margin_ranking, hinge_embedding,
multilabel_soft_margin, cosine_embedding, triplet_margin(_with_distance), poisson_nll,
gaussian_nll), composed the same way so they show PyTorch's grad_fn and dtypes.

`reduction` here is PyTorch's enum: 0 'none', 1 'mean', 2 'sum' (nn.functional resolves names).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .. import _messages as msg
from .. import dtypes
from .._creation import full_like, zeros_like
from .._tensor import Tensor, make_tensor
from ..autograd.grad_mode import STATE, no_grad
from ..autograd.node import Node
from ._helpers import broadcast_shapes, check_tensor, record, result_dtype, short_name
from .activation import logsigmoid
from .comparison import minimum, where
from .distances import pairwise_distance
from .loss import REDUCTIONS, _kernel_error, _reduce_data, _scale


def _reduced(losses: Tensor, reduction: int) -> Tensor:
    """ATen's apply_loss_reduction: the losses kept (0), averaged (1) or summed (2)."""
    if reduction == 1:
        return losses.mean()
    return losses.sum() if reduction == 2 else losses


def _no_grad_for(t: Tensor | None, function: str, arg: str) -> None:
    """PyTorch's refusal of a gradient for an argument its kernel cannot differentiate."""
    if t is not None and STATE.enabled and t.requires_grad:
        raise RuntimeError(msg.LOSS_NOT_DIFFERENTIABLE.format(function=function, arg=arg))


def _shape_list(t: Tensor) -> str:
    return str(list(t._data.shape))


# --- soft_margin_loss -----------------------------------------------------------------------------
class SoftMarginLossBackward0(Node):
    """d log(1 + exp(-t x)) / dx = -t sigmoid(-t x)."""

    __slots__ = ("_saved_reduction",)
    _saved_names = ("self", "target")

    def backward(self, grad):
        x, t = self._unpack(0), self._unpack(1)
        return _scale(grad, self._saved_reduction, x.numel()) * -t * (-t * x).sigmoid(), None


def soft_margin_loss(input: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    """log(1 + exp(-target * input)) for targets of +-1, in the input's dtype and shape."""
    x = check_tensor(input, "soft_margin_loss")
    t = check_tensor(target, "soft_margin_loss", "target", 2)
    _no_grad_for(t, "soft_margin_loss", "target")
    shape = broadcast_shapes(tuple(x._data.shape), tuple(t._data.shape))
    if shape != tuple(x._data.shape):
        raise RuntimeError(
            msg.INPLACE_SHAPE.format(
                out=", ".join(map(str, x._data.shape)), shape=", ".join(map(str, shape))
            )
        )
    if x.dtype is dtypes.bool:
        raise RuntimeError(msg.NEG_BOOL)
    if not x.dtype.is_floating_point:  # ATen computes -input * target into the input, then exp_
        common = result_dtype(x, t)
        common = common if common.is_floating_point else dtypes.get_default_dtype()
        raise RuntimeError(
            msg.INPLACE_CAST.format(result=short_name(common), out=short_name(x.dtype))
        )
    t = t.detach().to(x.dtype).expand(shape)
    backend = x._backend
    xp = backend.xp
    data = _reduce_data(backend, xp.log1p(xp.exp(-t._data * x._data)), reduction)
    return record(SoftMarginLossBackward0, (x,), data, backend, (x, t), reduction=reduction)


# --- multi_margin_loss / multilabel_margin_loss ---------------------------------------------------
def _check_margin_input(x: Tensor) -> tuple:
    """(samples, classes) of a 0-d, (C,) or (N, C) input; PyTorch's error otherwise."""
    shape = tuple(x._data.shape)
    if not ((len(shape) == 2 and shape[1]) or (len(shape) == 1 and shape[0]) or not shape):
        raise RuntimeError(msg.MARGIN_INPUT_SHAPE.format(shape=list(shape)))
    if len(shape) == 2:
        return shape
    return 1, shape[0] if shape else 1


def _check_long_target(t: Tensor) -> None:
    if t.dtype is not dtypes.int64:
        raise RuntimeError(msg.CONV_DTYPES.format(input="Long", weight=short_name(t.dtype)))


def _one_hot(backend, tgt, classes: int):
    """(N, C) bools: True at each sample's target class."""
    xp = backend.xp
    columns = xp.arange(classes, dtype=tgt.dtype, device=backend.native_device)
    return xp.reshape(tgt, (-1, 1)) == xp.reshape(columns, (1, -1))


class MultiMarginLossBackward0(Node):
    """Each class j beating the target y within the margin adds w[y] h'(z) / C to x[j] and
    takes it from x[y] (z = margin - x[y] + x[j], h = z or z^2)."""

    __slots__ = ("_saved_reduction", "_saved_p", "_saved_margin")
    _saved_names = ("self", "target", "weight")

    def backward(self, grad):
        x, t, w = self._unpack(0), self._unpack(1), self._unpack(2)
        samples, classes = _check_margin_input(x)
        rows = x.reshape(samples, classes)
        target = make_tensor(_one_hot(x._backend, t._data, classes), x._backend)
        z = self._saved_margin - (rows * target).sum(1, keepdim=True) + rows
        active = (z > 0) & ~target
        slope = active * (2 * z if self._saved_p == 2 else 1)
        if w is not None:
            slope = slope * w[t.reshape(-1)].reshape(samples, 1)
        if self._saved_reduction == 0:
            g = grad.reshape(samples, 1) / classes
        else:
            g = _scale(grad, self._saved_reduction, samples) / classes
        d = slope * g
        return (d - target * d.sum(1, keepdim=True)).reshape(x.shape), None, None


def multi_margin_loss(
    input: Tensor,
    target: Tensor,
    p: int = 1,
    margin: float = 1.0,
    weight: Tensor | None = None,
    reduction: int = 1,
) -> Tensor:
    """sum over j != y of max(0, margin - x[y] + x[j])^p (times weight[y]) / C, per sample."""
    x = check_tensor(input, "multi_margin_loss")
    t = check_tensor(target, "multi_margin_loss", "target", 2)
    _no_grad_for(weight, "multi_margin_loss", "weight")
    samples, classes = _check_margin_input(x)
    if t.dim() > 1 or t.numel() != samples:
        raise RuntimeError(
            msg.MULTI_MARGIN_TARGET.format(
                samples=samples, got=_shape_list(t), shape=_shape_list(x)
            )
        )
    _check_long_target(t)
    if weight is not None and (weight.dim() > 1 or weight.numel() != classes):
        raise RuntimeError(msg.MULTI_MARGIN_WEIGHT.format(classes=classes, got=_shape_list(weight)))
    if not x.dtype.is_floating_point:
        raise _kernel_error("multi_margin_loss_cpu_kernel", x.dtype)
    if weight is not None and weight.dtype is not x.dtype:
        raise RuntimeError(
            msg.CONV_DTYPES.format(input=short_name(x.dtype), weight=short_name(weight.dtype))
        )
    backend = x._backend
    xp = backend.xp
    tgt = xp.reshape(t._data, (-1,))
    if tgt.size and (int(backend.amin(tgt)) < 0 or int(backend.amax(tgt)) >= classes):
        raise RuntimeError(msg.MULTI_MARGIN_RANGE)
    rows = xp.reshape(x._data, (samples, classes))
    target = _one_hot(backend, tgt, classes)
    zero = xp.zeros_like(rows)
    z = margin - xp.sum(xp.where(target, rows, zero), axis=1, keepdims=True) + rows
    h = xp.where((z > 0) & ~target, z if p == 1 else z * z, zero)
    if weight is not None:
        h = h * xp.reshape(xp.take(weight._data, tgt, axis=0), (samples, 1))
    losses = xp.reshape(xp.sum(h, axis=1) / classes, (samples,) if x.dim() == 2 else t.shape)
    return record(
        MultiMarginLossBackward0,
        (x,),
        _reduce_data(backend, losses, reduction),
        backend,
        (x, t, weight),
        p=p,
        margin=margin,
        reduction=reduction,
    )


class MultilabelMarginLossBackward0(Node):
    """Each (target j, non-target i) pair within the margin adds 1 / C to x[i], takes it from
    x[j]; the pairs are fixed by the forward (the loss is piecewise linear)."""

    __slots__ = ("_saved_reduction", "_pairs")
    _saved_names = ("self", "target", "is_target")

    def backward(self, grad):
        x = self._unpack(0)
        pairs = make_tensor(self._pairs, x._backend)  # (N, C target, C other), 1 / C each
        samples = pairs.shape[0]
        if self._saved_reduction == 0:
            g = grad.reshape(samples, 1, 1)
        else:
            g = _scale(grad, self._saved_reduction, samples)
        d = pairs * g
        return (d.sum(1) - d.sum(2)).reshape(x.shape), None


def multilabel_margin_loss(input: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    """sum over targets j (listed before the first -1) and non-targets i of
    max(0, 1 - (x[j] - x[i])) / C, per sample."""
    x = check_tensor(input, "multilabel_margin_loss")
    t = check_tensor(target, "multilabel_margin_loss", "target", 2)
    samples, classes = _check_margin_input(x)
    if x.dim() == 2:
        wrong = tuple(t._data.shape) != (samples, classes)
    else:
        wrong = t.dim() > 1 or t.numel() != classes
    if wrong:
        raise RuntimeError(
            msg.MULTILABEL_MARGIN_TARGET.format(target=_shape_list(t), input=_shape_list(x))
        )
    _check_long_target(t)
    backend = x._backend
    xp = backend.xp
    tgt = xp.reshape(t._data, (samples, classes))
    if tgt.size and (int(backend.amin(tgt)) < -1 or int(backend.amax(tgt)) >= classes):
        raise RuntimeError(msg.MULTILABEL_MARGIN_RANGE)
    if not x.dtype.is_floating_point:
        raise _kernel_error("multilabel_margin_loss_forward_out_frame", x.dtype)
    dtype = x._data.dtype
    listed = xp.ones((samples,), dtype=xp.bool, device=backend.native_device)
    counts = xp.zeros((samples, classes), dtype=dtype, device=backend.native_device)
    for k in range(classes):  # a target list ends at its first -1
        listed = listed & (tgt[:, k] >= 0)
        counts = counts + xp.astype(
            _one_hot(backend, tgt[:, k], classes) & xp.reshape(listed, (-1, 1)), dtype
        )
    is_target = xp.astype(counts > 0, dtype)
    rows = xp.reshape(x._data, (samples, classes))
    z = 1 - xp.reshape(rows, (samples, classes, 1)) + xp.reshape(rows, (samples, 1, classes))
    pairs = (
        xp.reshape(counts, (samples, classes, 1))
        * xp.reshape(1 - is_target, (samples, 1, classes))
        * xp.astype(z > 0, dtype)
    )
    pairs = pairs / classes
    losses = xp.sum(xp.reshape(pairs * z, (samples, -1)), axis=1)
    losses = losses if x.dim() == 2 else xp.reshape(losses, ())
    is_target_t = make_tensor(xp.reshape(is_target, tuple(t._data.shape)), backend)
    out = record(
        MultilabelMarginLossBackward0,
        (x,),
        _reduce_data(backend, losses, reduction),
        backend,
        (x, t, is_target_t),
        reduction=reduction,
    )
    if out.grad_fn is not None:
        out.grad_fn._pairs = pairs
    return out


# --- composites -----------------------------------------------------------------------------------
def margin_ranking_loss(
    input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0, reduction: int = 1
) -> Tensor:
    """max(0, -target * (input1 - input2) + margin), composed as ATen's."""
    return _reduced((-target * (input1 - input2) + float(margin)).clamp_min(0), reduction)


def hinge_embedding_loss(
    input: Tensor, target: Tensor, margin: float = 1.0, reduction: int = 1
) -> Tensor:
    """input where target is 1, max(0, margin - input) where it is -1 (ATen's composite)."""
    x = check_tensor(input, "hinge_embedding_loss")
    zeros = zeros_like(x)
    margin_clamp = (full_like(x, margin) - x).clamp_min(0)  # ATen's margin - self keeps x's dtype
    output = where(target != 1, margin_clamp, zeros) + where(target != -1, x, zeros)
    return _reduced(output, reduction)


def multilabel_soft_margin_loss(
    input: Tensor, target: Tensor, weight: Tensor | None = None, reduction: str = "mean"
) -> Tensor:
    """Binary cross-entropy of sigmoid(input) per class, averaged over the classes (last dim)."""
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.shape[class_dim]
    if reduction not in REDUCTIONS:
        raise ValueError(msg.LOSS_REDUCTION_INVALID.format(reduction=reduction))
    return _reduced(loss, REDUCTIONS[reduction])


_COSINE_EPS = 1e-12  # ATen's EPSILON in cosine_embedding_loss


def cosine_embedding_loss(
    input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0, reduction: int = 1
) -> Tensor:
    """1 - cos(x1, x2) where target is 1, max(0, cos - margin) where it is -1 (ATen's)."""
    a = check_tensor(input1, "cosine_embedding_loss", "input1")
    b = check_tensor(input2, "cosine_embedding_loss", "input2", 2)
    t = check_tensor(target, "cosine_embedding_loss", "target", 3)
    dim = t.dim()
    if dim > 1:
        raise RuntimeError(msg.COSINE_EMBEDDING_TARGET)
    if a.dim() != dim + 1 or b.dim() != dim + 1:
        raise RuntimeError(
            msg.COSINE_EMBEDDING_INPUTS.format(
                target=dim, inputs=dim + 1, a=_shape_list(a), b=_shape_list(b)
            )
        )
    prod_sum = (a * b).sum(dim)
    mag_square1 = (a * a).sum(dim) + _COSINE_EPS
    mag_square2 = (b * b).sum(dim) + _COSINE_EPS
    cos = prod_sum / (mag_square1 * mag_square2).sqrt()
    zeros = zeros_like(cos)
    output_pos = where(t == 1, 1 - cos, zeros)
    output_neg = where(t == -1, (cos - margin).clamp_min(0), zeros)
    return _reduced(output_pos + output_neg, reduction)


def _check_triplet_dims(anchor: Tensor, positive: Tensor, negative: Tensor) -> None:
    dims = (anchor.dim(), positive.dim(), negative.dim())
    if len(set(dims)) != 1:
        raise RuntimeError(msg.TRIPLET_DIMS.format(a=dims[0], p=dims[1], n=dims[2]))


def _check_triplet_margin(margin: float) -> None:
    if margin <= 0:
        raise ValueError(msg.TRIPLET_MARGIN.format(margin=margin))


def _triplet(
    distance: Callable,
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    margin: float,
    swap: bool,
) -> Tensor:
    """max(0, margin + d(a, p) - d(a, n)), d(a, n) replaced by d(p, n) if smaller and swap."""
    dist_pos = distance(anchor, positive)
    dist_neg = distance(anchor, negative)
    if swap:
        dist_neg = minimum(dist_neg, distance(positive, negative))
    return (margin + dist_pos - dist_neg).clamp_min(0)


def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    margin: float = 1.0,
    p: float = 2.0,
    eps: float = 1e-6,
    swap: bool = False,
    reduction: int = 1,
) -> Tensor:
    """The triplet loss on p-norm pairwise distances (ATen's composite)."""
    _check_triplet_margin(margin)
    _check_triplet_dims(anchor, positive, negative)
    losses = _triplet(
        lambda u, v: pairwise_distance(u, v, p, eps), anchor, positive, negative, margin, swap
    )
    return _reduced(losses, reduction)


def triplet_margin_with_distance_loss(
    anchor: Tensor,
    positive: Tensor,
    negative: Tensor,
    *,
    distance_function: Callable | None = None,
    margin: float = 1.0,
    swap: bool = False,
    reduction: str = "mean",
) -> Tensor:
    """The triplet loss with any distance (pairwise_distance by default), as PyTorch's Python."""
    if reduction not in REDUCTIONS:
        raise ValueError(msg.LOSS_REDUCTION.format(reduction=reduction))
    _check_triplet_margin(margin)
    _check_triplet_dims(anchor, positive, negative)
    losses = _triplet(
        distance_function or pairwise_distance, anchor, positive, negative, margin, swap
    )
    return _reduced(losses, REDUCTIONS[reduction])


def poisson_nll_loss(
    input: Tensor,
    target: Tensor,
    log_input: bool = True,
    full: bool = False,
    eps: float = 1e-8,
    reduction: int = 1,
) -> Tensor:
    """exp(x) - t x (log_input) or x - t log(x + eps), plus Stirling's term for t > 1 if full."""
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * (2 * math.pi * target).log()
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduced(loss, reduction)


def gaussian_nll_loss(
    input: Tensor,
    target: Tensor,
    var: Tensor | float,
    full: bool = False,
    eps: float = 1e-6,
    reduction: str = "mean",
) -> Tensor:
    """0.5 (log(var) + (input - target)^2 / var) (+ 0.5 log(2 pi) if full), var clamped to eps."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError(msg.GAUSSIAN_NLL_NEGATIVE)
        var = var * full_like(input, 1)
    elif bool((var < 0).any()):
        raise ValueError(msg.GAUSSIAN_NLL_NEGATIVE)
    if var.shape != input.shape:
        if input.shape[:-1] == var.shape:  # one variance per sample: broadcast over the last dim
            var = var.unsqueeze(-1)
        elif not (
            input.dim() == var.dim()
            and sum(v for i, v in zip(input.shape, var.shape) if i != v) == 1
        ):
            raise ValueError(msg.GAUSSIAN_NLL_VAR_SIZE)
    if reduction not in REDUCTIONS:
        raise ValueError(msg.LOSS_REDUCTION_INVALID.format(reduction=reduction))
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduced(loss, REDUCTIONS[reduction])


__all__: list[str] = []  # no torch.* functions of its own
