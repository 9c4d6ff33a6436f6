"""`bilinear`: y = x1^T A x2 + b for every batch row, composed of differentiable tensor ops.

PyTorch computes it as _trilinear on flattened inputs followed by a reshape, so its grad_fn is
ViewBackward0 (AddBackward0 with a bias); here the flattened product is a matmul and a sum.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor
from ._helpers import check_tensor


def bilinear(input1: Tensor, input2: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """out[..., o] = sum_ij input1[..., i] weight[o, i, j] input2[..., j] (+ bias[o])."""
    x1 = check_tensor(input1, "bilinear", "input1")
    x2 = check_tensor(input2, "bilinear", "input2", 2)
    w = check_tensor(weight, "bilinear", "weight", 3)
    if x1.dim() != x2.dim():
        raise RuntimeError(msg.BILINEAR_RANKS.format(a=x1.dim(), b=x2.dim()))
    for dim in range(x1.dim() - 1):
        if x1.shape[dim] != x2.shape[dim]:
            raise RuntimeError(msg.BILINEAR_BATCH.format(dim=dim, a=x1.shape[dim], b=x2.shape[dim]))
    out, in1, in2 = w.shape
    for name, x, expected in (("input1", x1, in1), ("input2", x2, in2)):
        if x.shape[-1] != expected:
            raise RuntimeError(
                msg.BILINEAR_SIZE.format(name=name, got=x.shape[-1], expected=expected)
            )
    if bias is not None and bias.shape[0] != out:
        raise RuntimeError(msg.BILINEAR_SIZE.format(name="bias", got=bias.shape[0], expected=out))
    left = x1.reshape(-1, in1) @ w.permute(1, 0, 2).reshape(in1, out * in2)  # (M, out * in2)
    rows = (left.reshape(-1, out, in2) * x2.reshape(-1, 1, in2)).sum(-1)
    result = rows.reshape(*x1.shape[:-1], out)
    return result if bias is None else result + bias


__all__ = ["bilinear"]
