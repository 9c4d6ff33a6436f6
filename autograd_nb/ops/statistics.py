"""Statistics over dims: var, std, median, quantile and their nan-ignoring forms, cov, corrcoef."""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .._tensor import Tensor, tensor_method
from ._helpers import (
    as_floating,
    check_tensor,
)
from .comparison import clamp
from .pointwise import sqrt


def _check_weights(w, name: str, observations: int) -> Tensor:
    w = check_tensor(w, "cov", name)
    if w.dim() > 1:
        raise RuntimeError(msg.COV_WEIGHTS_DIM.format(name=name, dim=w.dim()))
    if w.numel() != observations:
        raise RuntimeError(
            msg.COV_WEIGHTS_NUMEL.format(name=name, n=w.numel(), observations=observations)
        )
    if bool((w < 0).any()):
        raise RuntimeError(msg.COV_WEIGHTS_NEGATIVE.format(name=name))
    return w


@tensor_method("cov")
def cov(input, *, correction: int = 1, fweights=None, aweights=None) -> Tensor:
    """The covariance matrix of the variables in input's rows (observations in columns), with
    integer frequency and float observation weights, as numpy.cov."""
    t = check_tensor(input, "cov")
    if t.dim() > 2:
        raise RuntimeError(msg.COV_DIMS.format(dim=t.dim()))
    x = as_floating(t if t.dim() == 2 else t.reshape(1, -1))
    observations = x.shape[1]
    w = None
    if fweights is not None:
        w = _check_weights(fweights, "fweights", observations)
        if w.dtype.is_floating_point:
            raise RuntimeError(msg.COV_FWEIGHTS_DTYPE.format(dtype=w.dtype.legacy_name[:-6]))
    if aweights is not None:
        a = _check_weights(aweights, "aweights", observations)
        if not a.dtype.is_floating_point:
            raise RuntimeError(msg.COV_AWEIGHTS_DTYPE.format(dtype=a.dtype.legacy_name[:-6]))
        w = a if w is None else w * a
    total = observations if w is None else w.sum()
    average = (x if w is None else x * w).sum(1) / total
    if w is not None and aweights is not None and correction != 0:
        factor = total - correction * (w * aweights).sum() / total
    else:
        factor = total - correction
    if bool(factor <= 0):
        warnings.warn(msg.COV_DOF, UserWarning, stacklevel=2)
        factor = factor * 0 if isinstance(factor, Tensor) else 0
    centered = x - average.unsqueeze(1)
    return (centered @ (centered if w is None else centered * w).t()).div(factor).squeeze()


@tensor_method("corrcoef")
def corrcoef(input) -> Tensor:
    """Pearson correlation coefficients of the variables in input's rows, clipped to [-1, 1]."""
    c = cov(input)
    if c.dim() == 0:
        return c / c
    spread = sqrt(c.diagonal())
    c = c / spread.unsqueeze(1) / spread.unsqueeze(0)
    return clamp(c, -1, 1)


__all__ = ["corrcoef", "cov"]
