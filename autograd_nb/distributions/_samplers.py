"""Samplers without a closed-form inverse CDF, vectorised over the batch: Marsaglia–Tsang for
the standard Gamma, inversion (small rates) and Hörmann's PTRS (rates >= 10) for Poisson.
They run outside the graph: these distributions only provide `sample`."""

from __future__ import annotations

from collections.abc import Callable

from .._creation import rand, randn, zeros_like
from .._tensor import Tensor
from .._type_info import finfo
from ..autograd.grad_mode import no_grad
from ..ops import where


def _uniform(like: Tensor) -> Tensor:
    return rand(tuple(like.shape), dtype=like.dtype, device=like.device)


def _rejection(like: Tensor, propose: Callable[[], tuple[Tensor, Tensor]]) -> Tensor:
    """Draws `propose()` -> (candidates, accepted) until every element has an accepted one."""
    out, todo = zeros_like(like), like == like
    while bool(todo.any()):
        candidate, accepted = propose()
        out = where(todo & accepted, candidate, out)
        todo = todo & ~accepted
    return out


def standard_gamma(concentration: Tensor) -> Tensor:
    """Gamma(concentration, 1) samples of concentration's shape (Marsaglia–Tsang; shapes
    below 1 are boosted by U^(1/a)), clamped to the dtype's smallest normal like PyTorch's."""
    with no_grad():
        boost = concentration < 1
        a = where(boost, concentration + 1, concentration)
        d = a - 1.0 / 3.0
        c = (9 * d).rsqrt()
        tiny = finfo(concentration.dtype).tiny

        def propose() -> tuple[Tensor, Tensor]:
            x = randn(tuple(a.shape), dtype=a.dtype, device=a.device)
            v = (1 + c * x).pow(3)
            log_u = _uniform(a).clamp(min=tiny).log()
            accepted = (v > 0) & (log_u < 0.5 * x * x + d - d * v + d * v.clamp(min=tiny).log())
            return d * v, accepted

        out = _rejection(a, propose)
        out = where(boost, out * _uniform(a).pow(concentration.reciprocal()), out)
        return out.clamp(min=tiny)


def _poisson_inversion(rate: Tensor) -> Tensor:
    """Counts by walking the CDF up to a uniform draw: cost grows with the rate."""
    u = _uniform(rate)
    k, p = zeros_like(rate), (-rate).exp()
    cdf = p
    while bool((u > cdf).any()):
        more = u > cdf
        k = where(more, k + 1, k)
        p = p * rate / k
        cdf = where(more, cdf + p, cdf)
    return k


def _poisson_ptrs(rate: Tensor) -> Tensor:
    """Hörmann's transformed rejection with squeeze (PTRS), valid for rates >= 10."""
    log_rate = rate.log()
    b = 0.931 + 2.53 * rate.sqrt()
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)

    def propose() -> tuple[Tensor, Tensor]:
        u, v = _uniform(rate) - 0.5, _uniform(rate)
        us = 0.5 - u.abs()
        k = ((2 * a / us + b) * u + rate + 0.43).floor()
        quick = (us >= 0.07) & (v <= vr)
        log_ratio = (v * inv_alpha / (a / (us * us) + b)).log()
        exact = log_ratio <= -rate + k * log_rate - (k + 1).clamp(min=1).lgamma()
        return k, quick | ((k >= 0) & ~((us < 0.013) & (v > us)) & exact)

    return _rejection(rate, propose)


def poisson(rate: Tensor) -> Tensor:
    """Poisson(rate) counts (as floats) of rate's shape."""
    with no_grad():
        large = rate >= 10
        small = _poisson_inversion(where(large, 1.0, rate))
        if not bool(large.any()):
            return small
        return where(large, _poisson_ptrs(where(large, rate, 10.0)), small)
