"""Distances and similarities between rows of tensors: `cdist`, `pdist`, `pairwise_distance`,
`cosine_similarity` (functions of torch and torch.nn.functional)."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record, short_name
from .binary import add_number


def _short(t: Tensor) -> str:
    return short_name(t.dtype)  # FloatTensor -> Float


class CdistBackward0(Node):
    """d ||x1_i - x2_j||_p: each pair's slope (see _slope), + to x1's row and - to x2's."""

    __slots__ = ("_saved_p",)
    _saved_names = ("x1", "x2", "result")

    def backward(self, grad):
        x1, x2, dist = self._unpack(0), self._unpack(1), self._unpack(2)
        diff = x1.unsqueeze(-2) - x2.unsqueeze(-3)
        pieces = _slope(diff, dist.unsqueeze(-1), grad.unsqueeze(-1), self._saved_p)
        return (
            pieces.sum(-2) if self.needs_input_grad(0) else None,
            -pieces.sum(-3) if self.needs_input_grad(1) else None,
        )


def _slope(diff: Tensor, dist: Tensor, grad: Tensor, p: float) -> Tensor:
    """grad * d ||diff||_p / d diff = grad * sign(diff) |diff|^(p-1) / dist^(p-1); the inf-norm:
    the sign where |diff| is the distance; the 0-"norm": nothing. A zero distance, or a zero
    difference when p < 1, contributes 0 (computed without dividing by 0), as in PyTorch."""
    if p == 0:
        return diff.new_zeros(diff.shape)
    if p == float("inf"):
        return diff.sign() * (diff.abs() == dist) * grad
    if p == 1:
        return diff.sign() * grad
    apart = dist != 0
    scale = (grad / dist.where(apart, 1) ** (p - 1)).where(apart, 0)
    if p == 2:
        return diff * scale
    nonzero = diff != 0
    return (diff.sign() * diff.abs().where(nonzero, 1) ** (p - 1) * scale).where(nonzero, 0)


def _distance(diff: Tensor, p: float, dim: int) -> Tensor:
    """||diff||_p over `dim`; p = 0 counts the nonzero differences."""
    if p == 0:
        return (diff != 0).sum(dim).to(diff.dtype)
    if p == float("inf"):
        return diff.abs().amax(dim)
    if p == 2:
        return (diff * diff).sum(dim).sqrt()
    return (diff.abs() ** p).sum(dim) ** (1 / p)


def cdist(x1, x2, p: float = 2.0, compute_mode=None) -> Tensor:
    """The p-norm distance between each row of x1 and each row of x2 (batch dims broadcast)."""
    from ..autograd.grad_mode import no_grad

    a = check_tensor(x1, "cdist")
    b = check_tensor(x2, "cdist", "x2", 2)
    for arg, t in (("X1", a), ("X2", b)):
        if not t.dtype.is_floating_point:
            raise RuntimeError(msg.CDIST_DTYPE.format(arg=arg, dtype=_short(t)))
    if a.dtype is dtypes.float16:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="cdist", dtype="Half"))
    if a.shape[-1] != b.shape[-1]:
        raise RuntimeError(msg.CDIST_COLUMNS.format(a=a.shape[-1], b=b.shape[-1]))
    if not p >= 0:
        raise RuntimeError(msg.CDIST_P)
    with no_grad():
        dist = _distance(a.unsqueeze(-2) - b.unsqueeze(-3), p, -1)
    return record(
        CdistBackward0,
        (a, b),
        dist._data,
        dist._backend,
        (a, b),
        save_result=True,
        broadcasts=True,
        p=p,
    )


class PdistBackward0(Node):
    """d ||x_i - x_j||_p for each pair i < j: the pair's slope (see _slope), + to row i and -
    to row j."""

    __slots__ = ("_saved_p",)
    _saved_names = ("self", "result")

    def backward(self, grad):
        x, dist = self._unpack(0), self._unpack(1)
        p = self._saved_p
        first, second = _pairs(x)
        slope = _slope(x[first] - x[second], dist.unsqueeze(-1), grad.unsqueeze(-1), p)
        return x.new_zeros(x.shape).index_add(0, first, slope).index_add(0, second, -slope)


def _pairs(x: Tensor) -> tuple:
    """Row indices (i, j) of each pair i < j, in PyTorch's order (row-major upper triangle)."""
    from .diagonals import triu_indices

    rows, cols = triu_indices(x.shape[0], x.shape[0], 1, device=x.device)
    return rows, cols


def pdist(input, p: float = 2.0) -> Tensor:
    """The p-norm distance between each pair of rows i < j of a 2-D input (a 1-D result)."""
    from ..autograd.grad_mode import no_grad
    from .reduction import norm

    x = check_tensor(input, "pdist")
    if x.dim() != 2:
        raise RuntimeError(msg.PDIST_DIM.format(dim=x.dim()))
    if p < 0:
        raise RuntimeError(msg.PDIST_P)
    with no_grad():
        first, second = _pairs(x)
        diff = x[first] - x[second]
        dist = (diff != 0).sum(-1).to(x.dtype) if p == 0 else norm(diff, p, -1)
    return record(PdistBackward0, (x,), dist._data, x._backend, (x,), save_result=True, p=p)


def cosine_similarity(x1, x2, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """x1 . x2 / (|x1| |x2|) along `dim`, each norm clamped to at least eps (as PyTorch does)."""
    from ..autograd.grad_mode import no_grad
    from .reduction import norm
    from .shape import broadcast_tensors

    a = check_tensor(x1, "cosine_similarity")
    b = check_tensor(x2, "cosine_similarity", "x2", 2)
    if not a.dtype.is_floating_point or not b.dtype.is_floating_point:
        from ._helpers import result_dtype

        common = result_dtype(a, b)
        if not common.is_floating_point:
            raise RuntimeError(msg.FLOATING_COMMON_DTYPE.format(dtype=common.legacy_name[:-6]))
        a, b = a.to(common), b.to(common)
    a, b = broadcast_tensors(a, b)
    norm_a = norm(a, 2, dim, keepdim=True).clone()
    norm_b = norm(b, 2, dim, keepdim=True).clone()
    with no_grad():
        norm_a.clamp_min_(eps)
        norm_b.clamp_min_(eps)
    return ((a / norm_a) * (b / norm_b)).sum(dim)


def pairwise_distance(x1, x2, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> Tensor:
    """The p-norm of x1 - x2 + eps over the last dim, composed as ATen's pairwise_distance."""
    from .reduction import NormBackward1, _vector_norm

    a = check_tensor(x1, "pairwise_distance", "x1")
    b = check_tensor(x2, "pairwise_distance", "x2", 2)
    diff = a - b
    if not diff.dtype.is_floating_point:  # the eps promotes an integer difference
        diff = diff.to(dtypes.get_default_dtype())
    return _vector_norm(add_number(diff, eps), p, max(a.dim(), b.dim()) - 1, keepdim, NormBackward1)


__all__ = ["cdist", "cosine_similarity", "pairwise_distance", "pdist"]
