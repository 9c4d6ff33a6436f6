"""Tensors built from others: meshgrid, diag_embed, block_diag, cartesian_prod, combinations,
atleast_1d/2d/3d, vander."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np

from .. import _creation, dtypes
from .. import _messages as msg
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_tensor,
    common_backend,
    normalize_dim,
    on_backend,
    record,
    result_dtype,
)
from .diagonals import _embed_diagonal
from .indexing import index_select
from .joining import stack
from .shape import expand


@tensor_method("diag_embed")
def diag_embed(input, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Each last-dim vector of input on the `offset` diagonal of the (dim1, dim2) planes of a
    tensor with one more dim; zeros elsewhere."""
    from .diagonals import DiagEmbedBackward0

    t = check_tensor(input, "diag_embed")
    ndim = t._data.ndim + 1
    d1, d2 = normalize_dim(dim1, ndim), normalize_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(msg.DIAGONAL_SAME_DIMS.format(d1=dim1, d2=dim2))
    backend = t._backend
    values = make_tensor(t._data if t._data.ndim else backend.xp.reshape(t._data, (1,)), backend)
    n = values.shape[-1] + abs(offset)
    data = _embed_diagonal(values, n, n, offset)._data
    data = backend.xp.moveaxis(data, (ndim - 2, ndim - 1), (d1, d2))
    return record(DiagEmbedBackward0, (t,), data, backend, offset=offset, dim1=d1, dim2=d2)


class BlockDiagBackward0(Node):
    """Each input's gradient is its block of the output's."""

    __slots__ = ("_blocks",)

    def backward(self, grad):
        return tuple(
            grad[r : r + rows, c : c + cols].reshape(shape).to(dtype)
            for (r, c, rows, cols, shape, dtype) in self._blocks
        )


def block_diag(*tensors) -> Tensor:
    """The tensors (0-, 1- or 2-d, a 1-d one as a row) as the blocks of a block-diagonal
    matrix, in their promoted dtype."""
    for i, t in enumerate(tensors):
        check_tensor(t, "block_diag", "tensors", 1)
        if t.dim() > 2:
            raise RuntimeError(msg.BLOCK_DIAG_DIMS.format(i=i, dim=t.dim()))
    backend = common_backend(*tensors)
    if backend is None:
        from .._creation import empty

        return empty(1, 0)
    xp = backend.xp
    dtype = result_dtype(*(t.reshape(-1) for t in tensors))
    sizes = [
        (1, 1) if t.dim() == 0 else (1, t.shape[0]) if t.dim() == 1 else tuple(t.shape)
        for t in tensors
    ]
    data = xp.zeros(
        (sum(s[0] for s in sizes), sum(s[1] for s in sizes)),
        dtype=backend.native[dtype],
        device=backend.native_device,
    )
    blocks, r, c = [], 0, 0
    for t, (rows, cols) in zip(tensors, sizes):
        data[r : r + rows, c : c + cols] = xp.reshape(on_backend(t, backend, dtype), (rows, cols))
        blocks.append((r, c, rows, cols, tuple(t.shape), t.dtype))
        r, c = r + rows, c + cols
    return record(BlockDiagBackward0, tensors, data, backend, state={"blocks": blocks})


def _vector(t, name: str) -> Tensor:
    t = check_tensor(t, name, "tensors")
    if t.dim() != 1:
        raise RuntimeError(msg.EXPECT_1D.format(shape=list(t.shape)))
    return t


def cartesian_prod(*tensors) -> Tensor:
    """Every combination of one element from each 1-D tensor, one per row (itertools.product
    order); a single tensor comes back as it is."""
    tensors = [_vector(t, "cartesian_prod") for t in tensors]
    if len(tensors) == 1:
        return tensors[0]
    return stack([g.reshape(-1) for g in meshgrid(*tensors, indexing="ij")], 1)


def combinations(input, r: int = 2, with_replacement: bool = False) -> Tensor:
    """The length-r combinations of a 1-D tensor's elements, one per row (itertools order)."""
    t = _vector(input, "combinations")
    if r < 0:
        raise RuntimeError(msg.COMBINATIONS_R.format(r=r))
    if r == 0:
        return t.new_empty((0,))
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(t.shape[0]), r))
    backend = t._backend
    columns = [backend.asarray([row[i] for row in rows], dtypes.int64) for i in range(r)]
    # (no rows: still stacked, so an input that requires grad gives a result that does)
    return stack([index_select(t, 0, make_tensor(c, backend)) for c in columns], 1)


def _at_least(ndim: int, tensors, lift):
    """atleast_Nd: one tensor back for one given, a tuple for several (or a list/tuple)."""
    single = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    out = tuple(check_tensor(t, f"atleast_{ndim}d") for t in tensors)
    out = tuple(t if t.dim() >= ndim else lift(t) for t in out)
    return out[0] if single else out


def atleast_1d(*tensors):
    """The tensors with 0-d ones viewed as 1-d."""
    return _at_least(1, tensors, lambda t: t.reshape(1))


def atleast_2d(*tensors):
    """The tensors with 0-d ones as (1, 1) and 1-d ones as rows (1, n)."""
    return _at_least(2, tensors, lambda t: t.reshape(1, 1) if t.dim() == 0 else t.unsqueeze(0))


def atleast_3d(*tensors):
    """The tensors as at least 3-d: (1, 1, 1), (1, n, 1), (m, n, 1), as NumPy's atleast_3d."""
    return _at_least(
        3,
        tensors,
        lambda t: (
            t.reshape(1, 1, 1)
            if t.dim() == 0
            else t.unsqueeze(0).unsqueeze(-1)
            if t.dim() == 1
            else t.unsqueeze(-1)
        ),
    )


def vander(x, N: int | None = None, increasing: bool = False) -> Tensor:  # noqa: N803
    """The Vandermonde matrix of a 1-D tensor: column j holds x ** (N - 1 - j) (x ** j when
    increasing); bools and integers give int64."""
    t = check_tensor(x, "vander", "x")
    if t.dim() != 1:
        raise RuntimeError(msg.VANDER_DIM)
    n = t.shape[0] if N is None else N
    if n < 0:
        raise RuntimeError(msg.VANDER_N)
    dtype = t.dtype if t.dtype.is_floating_point else dtypes.int64
    result = t.new_ones((t.shape[0], n), dtype=dtype)
    if n > 1:
        result[:, 1:] = t.to(dtype).unsqueeze(1).expand(t.shape[0], n - 1).cumprod(1)
    return result if increasing else result.flip(1)


def meshgrid(*tensors, indexing: str | None = None) -> tuple:
    """Coordinate grids from 1-D tensors: 'ij' (matrix) or 'xy' (Cartesian) indexing."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warnings.warn(msg.MESHGRID_INDEXING, UserWarning, stacklevel=2)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(msg.MESHGRID_MODE.format(indexing=indexing))
    sizes = [check_tensor(t, "meshgrid").numel() for t in tensors]
    axes = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) >= 2:
        axes[0], axes[1] = 1, 0
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for t, axis in zip(tensors, axes):
        shape = [1] * len(tensors)
        shape[axis] = -1
        grids.append(expand(t.reshape(shape), sizes))
    return tuple(grids)


def unravel_index(indices, shape) -> tuple:
    """The coordinates in a tensor of `shape` of each flat (row-major) index, one tensor per dim."""
    t = check_tensor(indices, "unravel_index", "indices")
    if t.dtype.is_floating_point or t.dtype is dtypes.bool:
        raise TypeError(msg.UNRAVEL_INTEGER.format(dtype=t.dtype))
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if any(size < 0 for size in shape):
        raise ValueError(msg.UNRAVEL_NEGATIVE.format(shape=shape))
    xp = t._backend.xp
    flat = xp.astype(t._data, t._backend.native[dtypes.int64])
    coordinates = []
    for size in reversed(shape):
        coordinates.append(flat % size if size else flat)
        flat = flat // size if size else flat
    return tuple(make_tensor(c, t._backend) for c in reversed(coordinates))


# --- signal windows (PyTorch's formulas, in the window's dtype) ---------------------------------


def _window(name: str, window_length: int, periodic: bool, dtype, device, requires_grad, formula):
    """A window of `window_length` points: `formula(n, m)` of positions n = 0, 1, ... in
    `dtype`, m the symmetric window's length (one more when periodic, then dropped)."""
    if window_length < 0:
        raise RuntimeError(msg.WINDOW_LENGTH.format(name=name, n=window_length))
    dtype = dtypes.get_default_dtype() if dtype is None else dtype
    if not dtype.is_floating_point:
        raise RuntimeError(msg.WINDOW_DTYPE.format(name=name, ctype=dtypes.CPP_NAMES[dtype]))
    if window_length <= 1:
        window = _creation.ones(window_length, dtype=dtype, device=device)
    else:
        m = window_length + 1 if periodic else window_length
        window = formula(_creation.arange(m, dtype=dtype, device=device), m)[:window_length]
    return window.requires_grad_(requires_grad)


def hamming_window(
    window_length: int,
    periodic: bool = True,
    alpha: float = 0.54,
    beta: float = 0.46,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad: bool = False,
) -> Tensor:
    """alpha - beta * cos(2 pi n / (N - 1)), N the window's length (one more when periodic)."""
    formula = _hamming(alpha, beta)
    return _window("hamming_window", window_length, periodic, dtype, device, requires_grad, formula)


def _hamming(alpha: float, beta: float):
    return lambda n, m: (n * (2 * math.pi / (m - 1))).cos() * -beta + alpha


def hann_window(
    window_length: int,
    periodic: bool = True,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad: bool = False,
) -> Tensor:
    """0.5 - 0.5 * cos(2 pi n / (N - 1)): the Hamming window with alpha = beta = 0.5."""
    formula = _hamming(0.5, 0.5)
    return _window("hann_window", window_length, periodic, dtype, device, requires_grad, formula)


def _bartlett(n: Tensor, m: int) -> Tensor:
    """2n / (N - 1) on the first half, 2 - 2n / (N - 1) on the second."""
    ramp = n * (2.0 / (m - 1))
    half = ((m - 1) >> 1) + 1
    return ramp.where(n < half, ramp * -1 + 2)


def bartlett_window(
    window_length: int,
    periodic: bool = True,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad: bool = False,
) -> Tensor:
    """The triangular window: 1 - |2n / (N - 1) - 1|."""
    return _window(
        "bartlett_window", window_length, periodic, dtype, device, requires_grad, _bartlett
    )


def _blackman(n: Tensor, m: int) -> Tensor:
    """0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1))."""
    angle = n * (math.pi / (m - 1))
    return (angle * 4).cos() * 0.08 - (angle * 2).cos() * 0.5 + 0.42


def blackman_window(
    window_length: int,
    periodic: bool = True,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad: bool = False,
) -> Tensor:
    """0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1))."""
    return _window(
        "blackman_window", window_length, periodic, dtype, device, requires_grad, _blackman
    )


def kaiser_window(
    window_length: int,
    periodic: bool = True,
    beta: float = 12.0,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad: bool = False,
) -> Tensor:
    """I0(beta * sqrt(1 - ((n - a) / a)^2)) / I0(beta), a = (N - 1) / 2."""

    def formula(n: Tensor, m: int) -> Tensor:
        a = (m - 1) / 2.0
        centred = (n - a) / a
        return (((centred * centred) * -1 + 1).sqrt() * beta).i0() / float(np.i0(beta))

    return _window("kaiser_window", window_length, periodic, dtype, device, requires_grad, formula)


__all__ = [
    "bartlett_window",
    "blackman_window",
    "hamming_window",
    "hann_window",
    "kaiser_window",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "block_diag",
    "cartesian_prod",
    "combinations",
    "diag_embed",
    "meshgrid",
    "unravel_index",
    "vander",
]
