"""Sorting and searching: sort, argsort, topk, searchsorted, bucketize."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor
from ._helpers import (
    check_tensor,
    on_backend,
    result_dtype,
)
from .out import with_out


@with_out
def searchsorted(
    sorted_sequence,
    input,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter=None,
) -> Tensor:
    """Where each value would go in the innermost sorted rows of `sorted_sequence` to keep
    them sorted: the first such place, or the last with right=True / side='right'."""
    seq = check_tensor(sorted_sequence, "searchsorted", "sorted_sequence")
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(msg.SEARCHSORTED_SIDE.format(side=side))
        if right and side == "left":
            raise RuntimeError(msg.SEARCHSORTED_OPPOSITE.format(side=side))
        right = side == "right"
    backend = seq._backend
    xp = backend.xp
    scalar = not isinstance(input, Tensor)
    dtype = result_dtype(seq, input)
    values = backend.asarray(input, dtype) if scalar else on_backend(input, backend, dtype)
    boundaries = on_backend(seq, backend, dtype)
    if sorter is not None:
        boundaries = xp.take_along_axis(
            boundaries, on_backend(sorter, backend, dtypes.int64), axis=-1
        )
    if boundaries.ndim > 1 and (
        values.ndim != boundaries.ndim or values.shape[:-1] != boundaries.shape[:-1]
    ):
        raise RuntimeError(
            msg.SEARCHSORTED_SHAPES.format(seq=list(boundaries.shape), values=list(values.shape))
        )
    if boundaries.ndim > 1:
        edges = xp.expand_dims(boundaries, axis=-2)  # (..., 1, M) against (..., K, 1)
    else:
        edges = xp.reshape(boundaries, (1,) * values.ndim + (-1,))
    points = xp.expand_dims(values, axis=-1)
    # nan sorts last, as in PyTorch: it is above every edge but a nan edge
    before = (edges <= points) if right else (edges < points)
    if dtype.is_floating_point:
        before = before | (xp.isnan(points) & ~xp.isnan(edges))
    count = xp.sum(xp.astype(before, backend.native[dtypes.int64]), axis=-1)
    return make_tensor(
        xp.astype(count, backend.native[dtypes.int32 if out_int32 else dtypes.int64]), backend
    )


@with_out
def bucketize(input, boundaries, *, out_int32: bool = False, right: bool = False) -> Tensor:
    """The index of the bucket of 1-D `boundaries` each value falls in (searchsorted)."""
    edges = check_tensor(boundaries, "bucketize", "boundaries", 2)
    if edges.dim() != 1:
        raise RuntimeError(msg.BUCKETIZE_DIM.format(dim=edges.dim()))
    return searchsorted(edges, input, out_int32=out_int32, right=right)


__all__ = ["bucketize", "searchsorted"]
