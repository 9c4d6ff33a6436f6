"""Losses with their own backward nodes: mse_loss, smooth_l1_loss, huber_loss, nll_loss,
binary_cross_entropy(_with_logits).

cross_entropy is composed as PyTorch composes it (log_softmax + nll_loss; the probability-target
and label-smoothing forms from tensor ops), and kl_div from tensor ops as ATen's, so they show
the same grad_fn. `reduction` is one of
'none' | 'mean' | 'sum'; PyTorch saves it as 0 | 1 | 2. Each loss keeps PyTorch's dtype rules:
mse_loss promotes, binary_cross_entropy wants the input's dtype, the logits form computes into
the target's dtype, nll_loss wants Long/Byte targets and a weight of the input's dtype.
"""

from __future__ import annotations

import operator

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ..autograd.node import Node
from ._helpers import (
    broadcast_shapes,
    check_same_device,
    check_tensor,
    is_half,
    operands,
    record,
    require_floating,
    short_name,
)
from .binary import div_number
from .comparison import where
from .indexing import IndexPutImplBackward0, _Plan, _put

REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def reduction_enum(reduction: str) -> int:
    """PyTorch's _Reduction.get_enum, with its error for unknown names."""
    if reduction not in REDUCTIONS:
        raise ValueError(msg.LOSS_REDUCTION.format(reduction=reduction))
    return REDUCTIONS[reduction]


def _reduce_data(backend, losses, reduction: int, count=None):
    if reduction == 0:
        return losses
    if reduction == 2:
        return backend.sum(losses)
    n = losses.size if count is None else count
    if is_half(losses.dtype):  # PyTorch divides the float32 sum, then rounds once
        with backend.quiet():  # a float16 mean may overflow to inf, as in PyTorch
            return backend.xp.astype(
                backend.sum(losses, dtype=backend.xp.float32) / n, losses.dtype
            )
    return backend.sum(losses) / n


def _constant(backend, data) -> Tensor:
    return make_tensor(data, backend)


def _own_dtypes(inputs: tuple) -> tuple:
    """The node's `_in_meta` that sends each input's gradient back in that input's own dtype
    (a loss of inputs of several dtypes)."""
    return tuple(None if t is None else (None, t.dtype) for t in inputs)


def _mixed(x: Tensor, *others) -> bool:
    """Whether any of `others` (tensors or None) has another dtype than `x`."""
    return any(t is not None and t.dtype is not x.dtype for t in others)


def _as_dtype(t: Tensor, dtype) -> Tensor:
    """`t` in `dtype`: a saved operand brought to the dtype its backward computes in."""
    return t if t.dtype is dtype else t.to(dtype)


def _promoted(backend, op, a, b):
    """op(a, b) on arrays, in their promoted dtype (array-API backends refuse to mix kinds)."""
    if a.dtype == b.dtype:
        return op(a, b)
    common = backend.native[dtypes.promote_types(backend.ours[a.dtype], backend.ours[b.dtype])]
    xp = backend.xp
    return op(
        a if a.dtype == common else xp.astype(a, common),
        b if b.dtype == common else xp.astype(b, common),
    )


def _inplace(backend, op, a, b):
    """PyTorch's `a.op_(b)` on arrays: computed in the promoted dtype, kept in a's."""
    out = _promoted(backend, op, a, b)
    return out if out.dtype == a.dtype else backend.xp.astype(out, a.dtype)


def _kernel_error(kernel: str, dtype) -> NotImplementedError:
    """PyTorch's error for a kernel that has no version for `dtype` (e.g. integer inputs)."""
    return NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype=short_name(dtype)))


def _scale(grad: Tensor, reduction: int, numel: int) -> Tensor:
    """The incoming gradient per element: a mean's gradient is shared by its `numel` inputs."""
    return grad / numel if reduction == 1 else grad


# --- mse_loss -------------------------------------------------------------------------------------
class MseLossBackward0(Node):
    """d mean((x - t)^2) = 2 (x - t) / n, and minus that for the target."""

    __slots__ = ("_saved_reduction",)
    _saved_names = ("self", "target")

    def backward(self, grad):
        x, t = self._unpack(0), self._unpack(1)
        if self._in_meta is not None:  # mixed dtypes: both in the result's (bools can't subtract)
            x, t = _as_dtype(x, grad.dtype), _as_dtype(t, grad.dtype)
        g = _scale(grad, self._saved_reduction, x.numel()) * 2 * (x - t)
        return (g if self.needs_input_grad(0) else None, -g if self.needs_input_grad(1) else None)


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean (or sum) of squared differences of same-shaped tensors, in their promoted dtype."""
    x, t = check_tensor(input, "mse_loss"), check_tensor(target, "mse_loss", "target", 2)
    r = reduction_enum(reduction)
    backend, xd, td = x._backend, x._data, t._data
    mixed = xd.dtype is not td.dtype or t._backend is not backend  # (equal ones would do too)
    if mixed:  # promoted as PyTorch does: a float32 input and an int64 target give float32
        _, _, xd, td, backend = operands(x, t, "mse_loss")
    # no integer kernel (an input that requires grad is floating, and so is the promoted dtype)
    if not x._requires_grad and not backend.ours[xd.dtype].is_floating_point:
        raise _kernel_error("mse_cpu", backend.ours[xd.dtype])
    diff = xd - td
    data = _reduce_data(backend, diff * diff, r)
    meta = _own_dtypes((x, t)) if mixed else None
    return record(
        MseLossBackward0, (x, t), data, backend, (x, t), state={"in_meta": meta}, reduction=r
    )


# --- smooth_l1_loss / huber_loss ------------------------------------------------------------------
class _QuadraticNearZero(Node):
    """0.5 d^2 for |d| < width, linear beyond; its slope is d clamped to [-width, width]."""

    __slots__ = ()
    _saved_names = ("self", "target")
    _width_name = ""  # the slot holding the width (PyTorch's beta or delta)
    _per_width = False  # smooth_l1 divides the whole loss by its width

    def backward(self, grad):
        x, t = self._unpack(0), self._unpack(1)
        width = getattr(self, self._width_name)
        g = _scale(grad, self._saved_reduction, x.numel()) * (x - t).clamp(-width, width)
        g = g / width if self._per_width else g
        return (g if self.needs_input_grad(0) else None, -g if self.needs_input_grad(1) else None)


class SmoothL1LossBackward0(_QuadraticNearZero):
    """d smooth_l1 = clamp(x - t, -beta, beta) / beta."""

    __slots__ = ("_saved_reduction", "_saved_beta")
    _width_name = "_saved_beta"
    _per_width = True


class HuberLossBackward0(_QuadraticNearZero):
    """d huber = clamp(x - t, -delta, delta)."""

    __slots__ = ("_saved_reduction", "_saved_delta")
    _width_name = "_saved_delta"


def _quadratic_near_zero(
    cls, kernel: str, input: Tensor, target: Tensor, reduction: str, width: float
) -> Tensor:
    """PyTorch's smooth_l1 (0.5 d^2 / w or |d| - 0.5 w) or huber (0.5 d^2 or w (|d| - 0.5 w))."""
    x, t = check_tensor(input, kernel), check_tensor(target, kernel, "target", 2)
    r = reduction_enum(reduction)
    require_floating(x, f"{kernel}_cpu")
    backend = x._backend
    xp = backend.xp
    diff = x._data - t._data
    size = xp.abs(diff)
    if cls._per_width:
        losses = xp.where(size < width, 0.5 * diff * diff / width, size - 0.5 * width)
    else:
        losses = xp.where(size < width, 0.5 * diff * diff, width * (size - 0.5 * width))
    out = record(cls, (x, t), _reduce_data(backend, losses, r), backend, (x, t), reduction=r)
    if out.grad_fn is not None:
        setattr(out.grad_fn, cls._width_name, width)
    return out


def smooth_l1_loss(
    input: Tensor, target: Tensor, reduction: str = "mean", beta: float = 1.0
) -> Tensor:
    """0.5 (x - t)^2 / beta where |x - t| < beta, else |x - t| - 0.5 beta (beta > 0)."""
    if beta < 0:
        raise RuntimeError(msg.SMOOTH_L1_BETA)
    return _quadratic_near_zero(SmoothL1LossBackward0, "smooth_l1", input, target, reduction, beta)


def huber_loss(
    input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0
) -> Tensor:
    """0.5 (x - t)^2 where |x - t| < delta, else delta (|x - t| - 0.5 delta)."""
    if delta <= 0:
        raise RuntimeError(msg.HUBER_DELTA)
    return _quadratic_near_zero(HuberLossBackward0, "huber", input, target, reduction, delta)


# --- nll_loss -------------------------------------------------------------------------------------
class NllLossBackward0(Node):
    """-weight[t] at the target class (divided by the total weight for 'mean'), 0 elsewhere."""

    __slots__ = ("_saved_reduction", "_saved_ignore_index", "_weights", "_plan", "_ignored")
    _keeps = ("_weights", "_plan", "_ignored")
    _saved_names = ("self", "target", "weight", "total_weight")

    def backward(self, grad):
        # PyTorch's arithmetic: -(grad / total_weight) for 'mean' (-grad otherwise), times each
        # sample's weight (None: all 1), put at the sample's target class.
        mean, weights, plan = self._saved_reduction == 1, self._weights, self._plan
        g = grad / self._unpack(3) if mean else grad
        g = g if weights is None else g * make_tensor(weights, grad._backend)
        g = -g.expand(plan.arrays[0].shape)
        if self._ignored is not None:  # an ignored sample's row is left zero, as in PyTorch
            g = g.masked_fill(make_tensor(self._ignored, grad._backend), 0)
        return _put(g, plan, IndexPutImplBackward0, accumulate=False)


class NllLoss2DBackward0(NllLossBackward0):
    """nll_loss over images: input (N, C, H, W), target (N, H, W)."""

    __slots__ = ()


def _check_nll(x: Tensor, t: Tensor, weight) -> None:
    """PyTorch's nll_loss checks, in its order."""
    nd = x.dim()
    if nd == 0:
        raise ValueError(msg.NLL_NO_DIMS.format(dim=nd))
    if nd != 1 and (t.dim() == 0 or x._data.shape[0] != t._data.shape[0]):
        raise ValueError(
            msg.NLL_BATCH.format(input=x._data.shape[0], target=t._data.shape[0] if t.dim() else 1)
        )
    method = "wrapper_CUDA__nll_loss2d_forward" if nd > 2 else "wrapper_CUDA_nll_loss_forward"
    check_same_device(method, "target", x, t)  # the dispatcher's check, before the kernel's
    if weight is not None:
        check_same_device(method, "weight", x, weight)
    if nd == 1 and t.dim() == 1 and t._data.shape[0] != 1:
        raise RuntimeError(msg.NLL_1D_TARGET.format(size=t._data.shape[0]))
    if nd == 2 and t.dim() > 1:
        raise RuntimeError(msg.NLL_MULTI_TARGET)
    if nd == 4:
        if t.dim() != 3:
            raise RuntimeError(msg.NLL_SPATIAL_TARGET.format(dim=t.dim()))
        if tuple(t._data.shape[1:]) != tuple(x._data.shape[2:]):
            raise RuntimeError(
                msg.NLL_SPATIAL_SIZE.format(input=list(x._data.shape), target=list(t._data.shape))
            )
    elif nd > 2:
        expected = (x._data.shape[0],) + tuple(x._data.shape[2:])
        if tuple(t._data.shape) != expected:
            raise RuntimeError(
                msg.NLL_ND_TARGET_SIZE.format(expected=list(expected), got=list(t._data.shape))
            )
    if t.dtype not in (dtypes.int64, dtypes.uint8):
        raise RuntimeError(msg.NLL_TARGET_DTYPE.format(dtype=short_name(t.dtype)))
    classes = x._data.shape[1] if nd > 1 else x._data.shape[0]
    if weight is not None and weight.numel() != classes:
        raise RuntimeError(msg.NLL_WEIGHT.format(classes=classes, shape=list(weight._data.shape)))
    if not x._requires_grad and not x.dtype.is_floating_point:  # (one that requires grad is)
        raise _kernel_error(
            "nll_loss_out_frame" if nd < 3 else "nll_loss2d_forward_out_frame", x.dtype
        )
    if weight is not None and weight.dtype is not x.dtype:
        raise RuntimeError(
            msg.CONV_DTYPES.format(input=short_name(x.dtype), weight=short_name(weight.dtype))
        )


def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    ignore_index: int = -100,
    reduction: str = "mean",
) -> Tensor:
    """-input[n, target[n]] (weighted), over class dim 1; targets equal to ignore_index count 0."""
    x = check_tensor(input, "nll_loss")
    t = check_tensor(target, "nll_loss", "target", 2)
    r = reduction_enum(reduction)
    backend, data, tgt = x._backend, x._data, t._data
    if (
        weight is None
        and ignore_index < 0
        and data.ndim == 2
        and tgt.ndim == 1
        and t._backend is backend
        and tgt.dtype is backend.native[dtypes.int64]
        and data.shape[0] == tgt.shape[0]
        and tgt.size
        and backend.ours[data.dtype].is_floating_point
        and int(backend.amin(tgt)) >= 0
    ):
        # The usual classification batch: no weights, and no target can equal ignore_index.
        # (A target >= the number of classes makes the gather fail: the general path says so.)
        try:
            return _nll_loss_unweighted(x, t, r, ignore_index)
        except IndexError:
            pass
    _check_nll(x, t, weight)
    nd = x.dim()
    if nd == 1:  # one sample: (C,) with a 0-d (or 1-element) target
        out = nll_loss(x.unsqueeze(0), t.reshape(1), weight, ignore_index, reduction)
        return out.squeeze(0) if r == 0 else out
    if nd == 3 or nd > 4:  # folded to images, as PyTorch's nll_loss_nd
        n, c = x._data.shape[:2]
        out = nll_loss(
            x.reshape(n, c, x._data.shape[2], -1),
            t.reshape(n, t._data.shape[1], -1),
            weight,
            ignore_index,
            reduction,
        )
        return out.view(t.shape) if r == 0 else out
    backend = x._backend
    xp = backend.xp
    classes = x._data.shape[1]
    int64, dtype = backend.native[dtypes.int64], x._data.dtype
    tgt = t._data if t._data.dtype == int64 else xp.astype(t._data, int64)
    low, high = (int(backend.amin(tgt)), int(backend.amax(tgt))) if tgt.size else (0, 0)
    if low <= ignore_index <= high:  # some targets may be ignored
        valid = tgt != ignore_index
        every = bool(xp.all(valid))
    else:  # none is: each sample weighs 1 unless `weight`
        valid, every = None, True
    if low < 0 or high >= classes:  # PyTorch's error unless every such target is ignored
        _check_bounds(backend, tgt, tgt != ignore_index if valid is None else valid, classes)
    safe = tgt if every else xp.where(valid, tgt, xp.zeros_like(tgt))
    plan = _target_plan(backend, tuple(x._data.shape), safe)
    picked = plan.gather(backend, x._data)
    device = backend.native_device
    if every and weight is None:
        w, total = None, xp.asarray(float(safe.size), dtype=dtype, device=device)
        losses = -picked
    else:
        w = xp.astype(tgt != ignore_index if valid is None else valid, dtype)
        if weight is not None:
            w = w * xp.reshape(xp.take(weight._data, xp.reshape(safe, (-1,)), axis=0), safe.shape)
        total = backend.sum(w)
        losses = -picked * w
        if valid is not None:  # an ignored sample adds 0, even where its input is -inf
            losses = xp.where(valid, losses, xp.zeros_like(losses))
    if nd == 2 and r != 0 and is_half(dtype):
        data = _half_batch_total(backend, losses, None if weight is None else w, valid, r)
    else:
        data = _reduce_data(backend, losses, r, total)
    cls = NllLoss2DBackward0 if nd == 4 else NllLossBackward0
    total_t = _constant(backend, total if r != 0 else xp.zeros_like(total))
    return record(
        cls,
        (x,),
        data,
        backend,
        (x, t, weight, total_t),
        state={"weights": w, "plan": plan, "ignored": None if every else ~valid},
        reduction=r,
        ignore_index=ignore_index,
    )


def _nll_loss_unweighted(x: Tensor, t: Tensor, r: int, ignore_index: int) -> Tensor:
    """nll_loss of a (N, C) input and (N,) targets in [0, C), each sample weighing 1."""
    backend = x._backend
    xp, data = backend.xp, x._data
    plan = _target_plan(backend, tuple(data.shape), t._data)
    losses = -plan.gather(backend, data)
    n = losses.shape[0]
    if r == 0:
        out = losses
    elif is_half(data.dtype):
        out = _half_batch_total(backend, losses, None, None, r)
    else:
        out = backend.sum(losses)
        if r == 1:
            out = out / n
    total = xp.asarray(float(n) if r else 0.0, dtype=data.dtype, device=backend.native_device)
    return record(
        NllLossBackward0,
        (x,),
        out,
        backend,
        (x, t, None, _constant(backend, total)),
        state={"weights": None, "plan": plan, "ignored": None},
        reduction=r,
        ignore_index=ignore_index,
    )


def _half_batch_total(backend, losses, weights, valid, reduction: int):
    """The sum (or weighted mean) of a float16 or bfloat16 batch of nll_loss terms as PyTorch's
    CPU kernel adds it up (nll_loss_out_frame): in the half type itself, sample after sample into
    a cascade of 8 partial sums, level j moved up into j + 1 while sample b's j-th group of bits
    is 0. `weights`: the samples' weights (None: PyTorch's count of samples); `valid`: False
    for an ignored sample, which is left out and does not move the cascade (None: none is)."""
    host = backend.to_host(losses)
    half = host.dtype.type
    host_weights = None if weights is None else backend.to_host(weights)
    kept = range(host.shape[0]) if valid is None else backend.to_host(valid).nonzero()[0]
    levels, power = 8, max(4, (host.shape[0] - 1).bit_length() // 8)
    mask = (1 << power) - 1
    loss_sums, weight_sums = [half(0)] * levels, [half(0)] * levels
    for b in kept:
        loss_sums[0] = loss_sums[0] + host[b]
        if host_weights is not None:
            weight_sums[0] = weight_sums[0] + host_weights[b]
        for j in range(levels - 1):
            if b & (mask << (j * power)):
                break
            loss_sums[j + 1], loss_sums[j] = loss_sums[j + 1] + loss_sums[j], half(0)
            weight_sums[j + 1], weight_sums[j] = weight_sums[j + 1] + weight_sums[j], half(0)
    total, weight_total = half(0), half(len(kept))
    for loss_sum in loss_sums:
        total = total + loss_sum
    if host_weights is not None:
        weight_total = half(0)
        for weight_sum in weight_sums:
            weight_total = weight_total + weight_sum
    if reduction == 1:
        total = half(total / weight_total)
    return backend.from_host(np.asarray(total, dtype=host.dtype))


def _target_plan(backend, shape: tuple, safe) -> _Plan:
    """Where each sample's target class sits in an input of `shape`: (n, target[n, ...], ...)."""
    xp = backend.xp
    int64 = backend.native[dtypes.int64]
    nd = len(shape)
    grids = []
    for d, size in enumerate(shape):
        if d == 1:
            grids.append(safe)
            continue
        grid = xp.arange(size, dtype=int64, device=backend.native_device)
        if nd > 2:
            grid = xp.broadcast_to(
                xp.reshape(grid, tuple(size if k == d else 1 for k in range(nd) if k != 1)),
                safe.shape,
            )
        grids.append(grid)
    return _Plan(shape, list(range(nd)), grids)


def _check_bounds(backend, tgt, valid, classes: int) -> None:
    """IndexError naming the first target outside [0, classes) that is not ignored."""
    xp = backend.xp
    bad = valid & ((tgt < 0) | (tgt >= classes))
    if bool(xp.any(bad)):
        host_t = backend.to_host(tgt).reshape(-1)
        host_bad = backend.to_host(bad).reshape(-1)
        raise IndexError(msg.NLL_TARGET_BOUNDS.format(target=int(host_t[host_bad.argmax()])))


# --- cross_entropy --------------------------------------------------------------------------------
def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """log_softmax over the class dim, then nll_loss (class indices) or -sum(p * log q)."""
    x = check_tensor(input, "cross_entropy_loss")
    t = check_tensor(target, "cross_entropy_loss", "target", 2)
    r = reduction_enum(reduction)
    class_dim = 0 if x._data.ndim == 1 else 1
    if t._data.shape == x._data.shape:  # PyTorch takes a same-shaped target for probabilities
        if not t.dtype.is_floating_point:
            raise RuntimeError(msg.CE_PROB_TARGET_DTYPE.format(dtype=short_name(t.dtype)))
        if ignore_index >= 0:
            raise RuntimeError(msg.CE_PROB_IGNORE_INDEX)
        logp = x.log_softmax(class_dim)
        _check_smoothing(label_smoothing)
        return _cross_entropy_probs(logp, t, weight, r, label_smoothing, class_dim)
    _check_smoothing(label_smoothing)
    logp = x.log_softmax(class_dim)
    nll = nll_loss(logp, t, weight, ignore_index, reduction)
    if label_smoothing <= 0.0:
        return nll
    return _smoothed(logp, t, weight, r, ignore_index, label_smoothing, class_dim, nll)


def _check_smoothing(label_smoothing: float) -> None:
    """PyTorch's range check of label_smoothing (made where its cross_entropy makes it)."""
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(msg.CE_LABEL_SMOOTHING.format(value=label_smoothing))


def _class_weight(weight: Tensor, logp: Tensor, class_dim: int) -> Tensor:
    shape = [1] * logp.dim()
    shape[class_dim] = weight.numel()
    return weight.view(shape)


def _cross_entropy_probs(logp, t, weight, r: int, smoothing: float, class_dim: int) -> Tensor:
    """PyTorch's cross_entropy_loss_prob_target."""
    classes = logp.shape[class_dim]
    if smoothing > 0:
        t = t * (1 - smoothing) + smoothing / classes
    terms = logp * t
    if weight is not None:
        terms = terms * _class_weight(weight, logp, class_dim)
    if r == 0:
        return -terms.sum(class_dim)
    if r == 2:
        return -terms.sum()
    return div_number(-terms.sum(), logp.numel() / classes)


def _smoothed(
    logp, t, weight, r: int, ignore_index: int, smoothing: float, class_dim: int, nll: Tensor
) -> Tensor:
    """PyTorch's cross_entropy_loss_label_smoothing: (1 - eps) * nll + eps / C * smooth."""
    classes = logp.shape[class_dim]
    ignored = t == ignore_index
    if weight is not None:
        smooth = -(logp * _class_weight(weight, logp, class_dim)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = smooth.masked_fill(ignored, 0.0)
    if r == 1:
        if weight is not None:
            kept = t.masked_select(~ignored).flatten()
            smooth = smooth.sum() / weight.gather(0, kept).sum()
        else:
            smooth = smooth.sum() / (~ignored).sum()
    elif r == 2:
        smooth = smooth.sum()
    return (1 - smoothing) * nll + smooth * (smoothing / classes)


# --- kl_div ---------------------------------------------------------------------------------------
def kl_div(input: Tensor, target: Tensor, reduction: int = 1, log_target: bool = False) -> Tensor:
    """ATen's composite kl_div: exp(t) (t - x) or xlogy(t, t) - t x, then reduced (0 | 1 | 2)."""
    if not input.dtype.is_floating_point or not target.dtype.is_floating_point:
        raise RuntimeError(msg.KL_DIV_INTEGRAL)
    if log_target:
        losses = target.exp() * (target - input)
    else:  # xlogy(t, t): 0 where t is 0 (log(0) never computed; its gradient there is 0)
        zero = target == 0
        losses = where(zero, 0.0, target * where(zero, 1.0, target).log()) - target * input
    if reduction == 0:
        return losses
    return losses.sum() if reduction == 2 else losses.mean()


# --- binary cross-entropy -------------------------------------------------------------------------
class BinaryCrossEntropyBackward0(Node):
    """d/dx = w (x - t) / max(x (1 - x), 1e-12); d/dt = w (log(1 - x) - log x)."""

    __slots__ = ("_saved_reduction",)
    _saved_names = ("self", "target", "weight")

    def backward(self, grad):
        x, t, w = self._unpack(0), self._unpack(1), self._unpack(2)
        g = _scale(grad, self._saved_reduction, x.numel())
        if w is not None:  # in the loss's dtype, as forward kept it (w's would win over a 0-dim g)
            g = g * _as_dtype(w, grad.dtype)
        grad_x = grad_t = None
        if self.needs_input_grad(0):
            grad_x = g * (x - t) / ((1 - x) * x).clamp(min=1e-12)
        if self.needs_input_grad(1):
            grad_t = g * ((1 - x).log().clamp(min=-100) - x.log().clamp(min=-100))
        return grad_x, grad_t, None


def binary_cross_entropy(
    input: Tensor, target: Tensor, weight: Tensor | None = None, reduction: str = "mean"
) -> Tensor:
    """-w (t log x + (1 - t) log(1 - x)) with each log clamped at -100, as PyTorch's.

    Input and target share one floating dtype, which the loss keeps (a weight does not promote).
    """
    x = check_tensor(input, "binary_cross_entropy")
    t = check_tensor(target, "binary_cross_entropy", "target", 2)
    r = reduction_enum(reduction)
    if t.dtype is not x.dtype:
        raise RuntimeError(
            msg.BCE_TARGET_DTYPE.format(found=short_name(t.dtype), expected=short_name(x.dtype))
        )
    if not x.dtype.is_floating_point:
        raise _kernel_error("binary_cross_entropy", x.dtype)
    backend = x._backend
    xp = backend.xp
    if not bool(xp.all((x._data >= 0) & (x._data <= 1))):  # nan is out of range too
        raise RuntimeError(msg.BCE_RANGE)
    if not bool(xp.all((t._data >= 0) & (t._data <= 1))):
        raise RuntimeError(msg.BCE_TARGET_RANGE)
    log_x = xp.clip(xp.log(x._data), -100.0, None)
    log_1mx = xp.clip(xp.log(1 - x._data), -100.0, None)
    losses = -(t._data * log_x + (1 - t._data) * log_1mx)
    if weight is not None:
        losses = _inplace(backend, operator.mul, losses, weight._data)
    data = _reduce_data(backend, losses, r)
    inputs = (x, t, weight)
    return record(BinaryCrossEntropyBackward0, inputs, data, backend, inputs, reduction=r)


class BinaryCrossEntropyWithLogitsBackward0(Node):
    """d/dx = w ((1 + (pw - 1) t) sigmoid(x) - pw t); d/dt = w ((pw - 1) softplus(-x) - x)."""

    __slots__ = ("_saved_reduction",)
    _saved_names = ("self", "target", "weight", "pos_weight")

    def backward(self, grad):
        x, t, w, pw = (self._unpack(i) for i in range(4))
        g = _scale(grad, self._saved_reduction, x.numel())
        if w is not None:  # in the loss's dtype, as forward kept it (w's would win over a 0-dim g)
            g = g * _as_dtype(w, grad.dtype)
        grad_x = grad_t = None
        if self.needs_input_grad(0):
            if pw is None:
                grad_x = g * (x.sigmoid() - t)
            else:
                grad_x = g * ((1 + (pw - 1) * t) * x.sigmoid() - pw * t)
        if self.needs_input_grad(1):
            if pw is None:
                grad_t = -g * x
            else:
                softplus = (-x).clamp(min=0) + (-x.abs()).exp().log1p()
                grad_t = g * ((pw - 1) * softplus - x)
        return grad_x, grad_t, None, None


def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    pos_weight: Tensor | None = None,
    reduction: str = "mean",
) -> Tensor:
    """binary_cross_entropy(sigmoid(x), t) computed stably from the logits x."""
    x = check_tensor(input, "binary_cross_entropy_with_logits")
    t = check_tensor(target, "binary_cross_entropy_with_logits", "target", 2)
    r = reduction_enum(reduction)
    if tuple(t._data.shape) != tuple(x._data.shape):
        raise ValueError(msg.BCE_LOGITS_SIZE.format(target=t.shape, input=x.shape))
    if not x.dtype.is_floating_point:
        raise _kernel_error("log_sigmoid_cpu", x.dtype)
    dtype = t.dtype  # PyTorch computes the loss into (1 - target), then in place
    if dtype is dtypes.bool:
        raise RuntimeError(msg.SUB_BOOL)
    if not dtype.is_floating_point:
        raise RuntimeError(
            msg.INPLACE_CAST.format(result=short_name(x.dtype), out=short_name(dtype))
        )
    backend = x._backend
    xp = backend.xp
    xd, td = x._data, t._data
    softplus = xp.maximum(-xd, xp.zeros_like(xd)) + xp.log1p(xp.exp(-xp.abs(xd)))  # -logsigmoid
    if pos_weight is not None:  # softplus.mul_((pos_weight - 1) * target + 1)
        broadcast_shapes(tuple(pos_weight._data.shape), tuple(td.shape))  # PyTorch's error
        log_weight = _promoted(backend, operator.mul, pos_weight._data - 1, td) + 1
        softplus = _inplace(backend, operator.mul, softplus, log_weight)
    losses = _inplace(backend, operator.add, _inplace(backend, operator.mul, 1 - td, xd), softplus)
    if weight is not None:
        losses = _inplace(backend, operator.mul, losses, weight._data)
    data = _reduce_data(backend, losses, r)
    inputs = (x, t, weight, pos_weight)
    return record(
        BinaryCrossEntropyWithLogitsBackward0,
        inputs,
        data,
        backend,
        inputs,
        state={"in_meta": _own_dtypes(inputs) if _mixed(x, t, pos_weight) else None},
        reduction=r,
    )


__all__: list[str] = []  # no torch.* functions of its own
