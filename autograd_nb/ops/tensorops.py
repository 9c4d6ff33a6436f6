"""More of torch.*: xlogy, logit, sgn, deg2rad/rad2deg, gcd/lcm (element-wise); cummax/cummin,
logcumsumexp, take (running ops and indexing); searchsorted/bucketize, histc/histogram
(counting); diag_embed, block_diag, cartesian_prod, combinations, atleast_Nd, vander (building
tensors); trapezoid, cumulative_trapezoid, cov/corrcoef, renorm, dist (numerics).

Named PyTorch grad_fns get their own node here; the rest are composed of differentiable ops so
their grad_fn is the one PyTorch's composite shows (StackBackward0, CumsumBackward0, ...).
"""

from __future__ import annotations

import builtins
import collections
import itertools
import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import (
    check_tensor,
    common_backend,
    normalize_dim,
    on_backend,
    operands,
    record,
    require_floating,
    result_dtype,
)
from .comparison import clamp, where
from .indexing import index_select, scatter_add
from .inplace import inplace_method
from .loss import _div_number
from .out import with_out, with_pair_out
from .pointwise import sqrt
from .reduction import _indexed_result, cumsum, norm, vector_norm_backward
from .shape import _embed_diagonal, meshgrid, stack


def _floating_dtype(*values) -> dtypes.dtype:
    """The promoted dtype of the operands, integers and bools giving the default float."""
    dtype = result_dtype(*values)
    return dtype if dtype.is_floating_point else dtypes.get_default_dtype()


def _as_floating(t: Tensor) -> Tensor:
    """`t` itself when floating, else a copy in the default float dtype (no graph: ints)."""
    return t if t.dtype.is_floating_point else t.to(dtypes.get_default_dtype())


# --- xlogy, logit, sgn, deg2rad / rad2deg ---------------------------------------------------------


class XlogyBackward0(Node):
    """x * log(y): d/dx = log(y) where x != 0 (else 0), d/dy = x / y."""

    __slots__ = ("_saved_self", "_saved_other")
    _shift = 0  # xlog1py's nodes: log(1 + y), d/dy = x / (1 + y)

    def backward(self, grad):
        x, y = self._saved_self, self._saved_other
        fn = xlog1py if self._shift else xlogy
        gx = grad * fn((x != 0), y) if self.needs_input_grad(0) else None
        gy = grad * x / (y + self._shift) if self.needs_input_grad(1) else None
        return gx, gy


class XlogyBackward1(XlogyBackward0):
    """xlogy(number, tensor)."""

    __slots__ = ()


class XlogyBackward2(XlogyBackward0):
    """xlogy(tensor, number)."""

    __slots__ = ()


class SpecialXlog1PyBackward0(XlogyBackward0):
    """x * log1p(y): d/dx = log1p(y) where x != 0 (else 0), d/dy = x / (1 + y)."""

    __slots__ = ()
    _shift = 1


class SpecialXlog1PyBackward1(SpecialXlog1PyBackward0):
    """xlog1py(number, tensor)."""

    __slots__ = ()


class SpecialXlog1PyBackward2(SpecialXlog1PyBackward0):
    """xlog1py(tensor, number)."""

    __slots__ = ()


@with_out
@tensor_method("xlogy")
def xlogy(input, other) -> Tensor:
    """input * log(other), 0 where input is 0 (unless other is nan); integers give floats."""
    return _xlog("xlogy", (XlogyBackward0, XlogyBackward1, XlogyBackward2), input, other)


def xlog1py(input, other) -> Tensor:
    """input * log1p(other), 0 where input is 0 (unless other is nan): torch.special.xlog1py."""
    return _xlog(
        "special_xlog1py",
        (SpecialXlog1PyBackward0, SpecialXlog1PyBackward1, SpecialXlog1PyBackward2),
        input,
        other,
    )


def _xlog(name: str, classes: tuple, input, other) -> Tensor:
    """xlogy / xlog1py: input * log(other [+ 1]) with PyTorch's zero rule and node classes."""
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError(
            msg.XLOGY_ARGS.format(name=name, a=type(input).__name__, b=type(other).__name__)
        )
    dtype = _floating_dtype(input, other)
    a, b, _, _, backend = operands(input, other, name)
    xp = backend.xp
    xa, xb = (
        on_backend(t, backend, dtype) if t is not None else backend.asarray(v, dtype)
        for t, v in ((a, input), (b, other))
    )
    xa, xb = xp.broadcast_arrays(xa, xb)
    log = xp.log1p if classes[0]._shift else xp.log
    out = xp.where((xa == 0) & ~xp.isnan(xb), xp.zeros_like(xa), xa * log(xb))
    cls = classes[0] if a is not None and b is not None else classes[1 if a is None else 2]
    return record(
        cls,
        (a, b),
        out,
        backend,
        broadcasts=True,
        self=input if a is not None else float(input),
        other=other if b is not None else float(other),
    )


class LogitBackward0(Node):
    """1 / (x (1 - x)); outside [eps, 1 - eps] 0 (nan outside [0, 1] without eps)."""

    __slots__ = ("_saved_eps",)
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        eps = self._saved_eps
        low, high, fill = (0.0, 1.0, math.nan) if eps is None else (eps, 1.0 - eps, 0.0)
        return where((x < low) | (x > high), fill, grad / (x * (1 - x)))


@with_out
@tensor_method("logit")
def logit(input, eps: float | None = None) -> Tensor:
    """log(p / (1 - p)), p clamped to [eps, 1 - eps] when eps is given; integers give floats."""
    t = check_tensor(input, "logit")
    backend = t._backend
    xp = backend.xp
    x = on_backend(t, backend, _floating_dtype(t))
    if eps is not None:
        x = xp.clip(x, float(eps), 1.0 - float(eps))
    out = make_tensor(xp.log(x / (1 - x)), backend)
    node = new_node(LogitBackward0, t)
    if node is not None:
        node.save(t)
        node._saved_eps = None if eps is None else float(eps)
        out._requires_grad, out._grad_fn = True, node
    return out


# --- gcd / lcm ------------------------------------------------------------------------------------


def _integer_pair(name: str, input, other):
    """The two integer operands' arrays in their promoted dtype, on one backend."""
    a = check_tensor(input, name)
    b = check_tensor(other, name, "other", 2)
    dtype = result_dtype(a, b)
    if dtype.is_floating_point or dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=f"{name}_cpu", dtype=dtype.legacy_name[:-6])
        )
    backend = common_backend(a, b)
    xa, xb = backend.xp.broadcast_arrays(
        on_backend(a, backend, dtype), on_backend(b, backend, dtype)
    )
    return backend, xa, xb


def _gcd_data(xp, a, b):
    """Euclid's algorithm on whole arrays, as non-negative values."""
    a, b = xp.abs(a), xp.abs(b)
    while bool(xp.any(b != 0)):
        nonzero = b != 0
        a, b = xp.where(nonzero, b, a), xp.where(nonzero, a % xp.where(nonzero, b, 1), 0 * b)
    return a


@with_out
@tensor_method("gcd")
def gcd(input, other) -> Tensor:
    """The greatest common divisor, element-wise, of two integer tensors (never negative)."""
    backend, a, b = _integer_pair("gcd", input, other)
    return make_tensor(_gcd_data(backend.xp, a, b), backend)


@with_out
@tensor_method("lcm")
def lcm(input, other) -> Tensor:
    """The least common multiple, element-wise, of two integer tensors (0 if either is 0)."""
    backend, a, b = _integer_pair("lcm", input, other)
    xp = backend.xp
    g = _gcd_data(xp, a, b)
    return make_tensor(xp.abs(a // xp.where(g == 0, 1, g) * b), backend)


# --- cummax / cummin, logcumsumexp ----------------------------------------------------------------


class CummaxBackward0(Node):
    """The gradient goes to the element each running extreme came from."""

    __slots__ = ("_saved_dim", "_saved_indices", "_saved_keepdim", "_saved_self_sym_sizes")

    def backward(self, grad):
        if grad.dim() == 0:
            return grad
        return scatter_add(
            grad.new_zeros(self._saved_self_sym_sizes), self._saved_dim, self._saved_indices, grad
        )


class CumminBackward0(CummaxBackward0):
    __slots__ = ()


def _running_extreme(name: str, cls, input, dim: int):
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
    moved = xp.moveaxis(data, d, 0)
    long = backend.native[dtypes.int64]
    if moved.shape[0] == 0:
        return _indexed_result(
            t,
            d,
            True,
            name,
            cls,
            data,
            xp.zeros(data.shape, dtype=long, device=backend.native_device),
        )
    # bools compare as 0/1 (the array API orders no bools)
    keys = xp.astype(moved, backend.native[dtypes.int8]) if t.dtype is dtypes.bool else moved
    values, indices = (
        [moved[0, ...]],
        [xp.zeros(moved[0, ...].shape, dtype=long, device=backend.native_device)],
    )
    best = keys[0, ...]
    better = (lambda new, old: new >= old) if name == "cummax" else (lambda new, old: new <= old)
    for i in range(1, moved.shape[0]):
        new = moved[i, ...]
        take = better(keys[i, ...], best)
        if t.dtype.is_floating_point:
            take = take | xp.isnan(new)  # a nan stays the extreme until the next nan (PyTorch)
        best = xp.where(take, keys[i, ...], best)
        values.append(xp.where(take, new, values[-1]))
        indices.append(
            xp.where(
                take, xp.full(new.shape, i, dtype=long, device=backend.native_device), indices[-1]
            )
        )
    values = xp.moveaxis(xp.stack(values), 0, d)
    indices = xp.moveaxis(xp.stack(indices), 0, d)
    return _indexed_result(t, d, True, name, cls, values, indices)


@with_pair_out
@tensor_method("cummax")
def cummax(input, dim: int):
    """Running maxima along `dim` and where each came from (the latest among ties)."""
    return _running_extreme("cummax", CummaxBackward0, input, dim)


@with_pair_out
@tensor_method("cummin")
def cummin(input, dim: int):
    """Running minima along `dim` and where each came from (the latest among ties)."""
    return _running_extreme("cummin", CumminBackward0, input, dim)


class LogcumsumexpBackward0(Node):
    """d out_j / d x_k = exp(x_k - out_j) for k <= j: never above 1, so it cannot overflow."""

    __slots__ = ("_saved_dim",)
    _saved_names = ("self", "result")

    def backward(self, grad):
        x, out = self._unpack(0), self._unpack(1)
        if x.dim() == 0:
            return grad
        d = self._saved_dim
        n = x.shape[d]
        from .._creation import arange

        k = arange(n, device=x.device)
        later = (k.reshape(n, 1) <= k.reshape(1, n)).reshape(
            (1,) * d + (n, n) + (1,) * (x.dim() - d - 1)
        )
        exponent = where(later, x.unsqueeze(d + 1) - out.unsqueeze(d), -math.inf)
        return (exponent.exp() * grad.unsqueeze(d)).sum(d + 1)


@with_out
@tensor_method("logcumsumexp")
def logcumsumexp(input, dim: int) -> Tensor:
    """log(cumsum(exp(input))) along `dim`, computed without overflow (floating only)."""
    t = check_tensor(input, "logcumsumexp")
    require_floating(t, "logcumsumexp_out_cpu")
    backend = t._backend
    xp = backend.xp
    d = normalize_dim(dim, t._data.ndim)
    data = t._data
    if data.ndim:
        moved = xp.moveaxis(data, d, 0)
        running = [moved[0, ...]] if moved.shape[0] else []
        for i in range(1, moved.shape[0]):
            running.append(xp.logaddexp(running[-1], moved[i, ...]))
        data = xp.moveaxis(xp.stack(running), 0, d) if running else xp.asarray(data, copy=True)
    node = new_node(LogcumsumexpBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    out = make_tensor(data, backend, True, node, 0)
    node.save(t, out)
    node._saved_dim = d
    return out


# --- take -----------------------------------------------------------------------------------------


class TakeBackward0(Node):
    """The gradient is added back at the flat positions taken (repeats add up)."""

    __slots__ = ("_saved_index", "_shape")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        flat = x.new_zeros((x.numel(),))
        return scatter_add(flat, 0, self._saved_index.reshape(-1), grad.reshape(-1)).reshape(
            x.shape
        )


@with_out
@tensor_method("take")
def take(input, index) -> Tensor:
    """input's elements at flat positions `index` (negative ones count from the end), shaped
    like index."""
    t = check_tensor(input, "take")
    index = check_tensor(index, "take", "index", 2)
    if index.dtype is not dtypes.int64:
        raise RuntimeError(msg.TAKE_INDEX_DTYPE.format(dtype=index.dtype.legacy_name[:-6]))
    backend = t._backend
    xp = backend.xp
    n = t.numel()
    positions = on_backend(index, backend, dtypes.int64)
    if positions.size and (int(xp.max(positions)) >= n or int(xp.min(positions)) < -n):
        bad = next(i for i in index.reshape(-1).tolist() if i >= n or i < -n)
        raise IndexError(msg.TAKE_RANGE.format(index=bad, n=n))
    positions = positions % builtins.max(n, 1)
    data = xp.reshape(
        xp.take(xp.reshape(t._data, (-1,)), xp.reshape(positions, (-1,))), positions.shape
    )
    return record(TakeBackward0, (t,), data, backend, (t,), index=make_tensor(positions, backend))


# --- searchsorted, bucketize, histc, histogram ----------------------------------------------------


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


def _bin_counts(t: Tensor, edges, weight):
    """Per bin of ascending `edges`, the count (or weight sum) of the values of `t` in
    [edge_i, edge_i+1), the last bin closed; values outside are left out."""
    backend = t._backend
    xp = backend.xp
    x = xp.reshape(t._data, (-1,))
    bins = edges.shape[0] - 1
    place = (
        xp.sum(
            xp.astype(
                xp.reshape(edges, (1, -1)) <= xp.reshape(x, (-1, 1)), backend.native[dtypes.int64]
            ),
            axis=1,
        )
        - 1
    )
    place = xp.where(x == edges[-1], bins - 1, place)
    inside = (place >= 0) & (place < bins) & ~xp.isnan(x)
    counts = xp.zeros((bins,), dtype=t._data.dtype, device=backend.native_device)
    amount = xp.ones(x.shape, dtype=t._data.dtype, device=backend.native_device)
    if weight is not None:
        amount = xp.reshape(on_backend(weight, backend, t.dtype), (-1,))
    backend.scatter_add(
        counts, (xp.where(inside, place, 0),), xp.where(inside, amount, xp.zeros_like(amount))
    )
    return counts


def _linear_edges(t: Tensor, bins: int, low: float, high: float, name: str):
    """bins + 1 evenly spaced edges from low to high (the data's range when both are 0)."""
    backend = t._backend
    xp = backend.xp
    if bins <= 0:
        raise RuntimeError(msg.HISTOGRAM_BINS.format(bins=bins))
    if low == high and t.numel():
        low, high = float(xp.min(t._data)), float(xp.max(t._data))
    if low > high:
        raise RuntimeError(
            msg.HISTC_RANGE if name == "histc" else msg.HISTOGRAM_RANGE.format(low=low, high=high)
        )
    if low == high:
        low, high = low - 1, high + 1
    return xp.linspace(low, high, bins + 1, dtype=t._data.dtype, device=backend.native_device)


@with_out
@tensor_method("histc")
def histc(input, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:  # noqa: A002
    """Counts of the elements in `bins` equal-width bins over [min, max] (the data's range when
    both are 0), in input's dtype; never differentiable."""
    t = check_tensor(input, "histc")
    require_floating(t, "histogram_cpu")
    edges = _linear_edges(t, bins, float(min), float(max), "histc")
    return make_tensor(_bin_counts(t, edges, None), t._backend)


_HISTOGRAM = collections.namedtuple("histogram", ["hist", "bin_edges"])
_HISTOGRAM.__module__ = "torch.return_types"
_HISTOGRAM.__repr__ = lambda self: (
    f"torch.return_types.histogram(\nhist={self.hist!r},\nbin_edges={self.bin_edges!r})"
)


@tensor_method("histogram")
def histogram(
    input,
    bins=100,
    *,
    range=None,
    weight=None,  # noqa: A002
    density: bool = False,
):
    """torch.return_types.histogram(hist, bin_edges): `bins` equal bins over `range` (the
    data's when None) or the given edges; weighted sums with `weight`, a density with
    density=True."""
    t = check_tensor(input, "histogram")
    require_floating(t, "histogramdd")
    backend = t._backend
    xp = backend.xp
    if isinstance(bins, Tensor):
        edges = on_backend(bins, backend, t.dtype)
    else:
        low, high = (0.0, 0.0) if range is None else (float(range[0]), float(range[1]))
        edges = _linear_edges(t, int(bins), low, high, "histogram")
    hist = _bin_counts(t, edges, weight)
    if density:
        hist = hist / (xp.sum(hist) * (edges[1:] - edges[:-1]))
    return _HISTOGRAM(make_tensor(hist, backend), make_tensor(edges, backend))


# --- diag_embed, block_diag, cartesian_prod, combinations, atleast_Nd, vander ---------------------


@tensor_method("diag_embed")
def diag_embed(input, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Each last-dim vector of input on the `offset` diagonal of the (dim1, dim2) planes of a
    tensor with one more dim; zeros elsewhere."""
    from .shape import DiagEmbedBackward0

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
    node = new_node(DiagEmbedBackward0, t)
    if node is None:
        return make_tensor(data, backend)
    node._saved_offset, node._saved_dim1, node._saved_dim2 = offset, d1, d2
    return make_tensor(data, backend, True, node, 0)


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
    node = new_node(BlockDiagBackward0, *tensors)
    if node is None:
        return make_tensor(data, backend)
    node._blocks = blocks
    return make_tensor(data, backend, True, node, 0)


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
    if not rows:
        return t.new_empty((0, r))
    backend = t._backend
    columns = backend.asarray(list(zip(*rows)), dtypes.int64)
    return stack([index_select(t, 0, make_tensor(columns[i, ...], backend)) for i in range(r)], 1)


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


# --- trapezoid, cumulative_trapezoid --------------------------------------------------------------


def _trapezoid_parts(y: Tensor, x, dx, dim: int, name: str):
    """(y, dim, y without its last sample, y without its first, x's spacing or None)."""
    if x is not None and dx is not None:
        raise TypeError(msg.TRAPEZOID_BOTH.format(name=name, dx=type(dx).__name__))
    y = check_tensor(y, name, "y")
    d = normalize_dim(dim, y.dim())
    n = y.shape[d]
    left, right = (
        y.narrow(d, 0, builtins.max(n - 1, 0)),
        y.narrow(d, builtins.min(1, n), builtins.max(n - 1, 0)),
    )
    if x is None:
        return y, d, left, right, None
    x = check_tensor(x, name, "x")
    if x.dim() == 1:
        if x.shape[0] != n:
            raise RuntimeError(msg.TRAPEZOID_X_SIZE.format(name=name))
        spacing = x.diff().reshape(tuple(n - 1 if i == d else 1 for i in range(y.dim())))
    else:
        spacing = x.diff(dim=d)
    return y, d, left, right, spacing


class MulBackward1(Node):
    """tensor * number as ATen's mul.Scalar records it (trapezoid's spacing dx)."""

    __slots__ = ("_saved_other",)

    def backward(self, grad):
        return grad * self._saved_other


def _mul_number(t: Tensor, number) -> Tensor:
    node = new_node(MulBackward1, t)
    data = t._data * number
    if node is None:
        return make_tensor(data, t._backend)
    node._saved_other = number
    return make_tensor(data, t._backend, True, node, 0)


def trapezoid(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The trapezoid rule integral of y along dim, at sample points x or spacing dx (1)."""
    y, d, left, right, spacing = _trapezoid_parts(y, x, dx, dim, "trapezoid")
    if y.shape[d] == 0:
        return y.new_zeros(tuple(y.shape[:d]) + tuple(y.shape[d + 1 :]))
    if spacing is not None:
        return _div_number((spacing * (left + right)).sum(d), 2.0)
    ends = (y.select(d, 0) + y.select(d, -1)) * 0.5
    return _mul_number(y.sum(d) - ends, 1 if dx is None else dx)


def trapz(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The older name of trapezoid."""
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim: int = -1) -> Tensor:
    """The running trapezoid-rule integrals of y along dim (one fewer than y's samples)."""
    y, d, left, right, spacing = _trapezoid_parts(y, x, dx, dim, "cumulative_trapezoid")
    if spacing is None:
        return cumsum((1 if dx is None else dx) / 2.0 * (left + right), d)
    return _div_number(cumsum(spacing * (left + right), d), 2.0)


# --- cov, corrcoef, renorm, dist -------------------------------------------------------------


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
    x = _as_floating(t if t.dim() == 2 else t.reshape(1, -1))
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


class RenormBackward0(Node):
    """x * f(n), f = maxnorm / (n + 1e-7) where the slice norm n exceeds maxnorm, else 1."""

    __slots__ = ("_saved_p", "_saved_dim", "_saved_maxnorm", "_dims")
    _saved_names = ("self",)

    def backward(self, grad):
        x = self._unpack(0)
        p, dims, maxnorm = self._saved_p, self._dims, self._saved_maxnorm
        n = norm(x, p, dims, keepdim=True)
        over = n > maxnorm
        factor = where(over, maxnorm / (n + 1e-7), 1.0)
        slope = where(over, -maxnorm / (n + 1e-7) ** 2, 0.0) * (grad * x).sum(dims, keepdim=True)
        through_norm = vector_norm_backward(slope, x, n, p, dims)
        return grad * factor + through_norm


@with_out
@tensor_method("renorm")
def renorm(input, p: float, dim: int, maxnorm: float) -> Tensor:
    """input with each slice along `dim` whose p-norm exceeds maxnorm scaled down to it."""
    t = check_tensor(input, "renorm")
    if maxnorm < 0:
        raise RuntimeError(msg.RENORM_MAXNORM.format(maxnorm=maxnorm))
    if p <= 0:
        raise RuntimeError(msg.RENORM_P)
    if t.dim() < 2:
        raise RuntimeError(msg.RENORM_DIMS.format(dim=t.dim()))
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.VECTOR_NORM_DTYPE.format(dtype=t.dtype.legacy_name[:-6]))
    d = normalize_dim(dim, t.dim())
    dims = tuple(i for i in range(t.dim()) if i != d)
    from ..autograd.grad_mode import no_grad

    with no_grad():
        n = norm(t, p, dims, keepdim=True)
        out = t * where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    node = new_node(RenormBackward0, t)
    if node is None:
        return out
    node.save(t)
    node._saved_p, node._saved_dim, node._saved_maxnorm, node._dims = float(p), d, maxnorm, dims
    return make_tensor(out._data, t._backend, True, node, 0)


class DistBackward0(Node):
    """The p-norm's gradient at input - other: + to input, - to other (summed to shapes)."""

    __slots__ = ("_saved_p",)
    _saved_names = ("self", "other", "result")

    def backward(self, grad):
        a, b, result = self._unpack(0), self._unpack(1), self._unpack(2)
        diff = a - b
        dims = tuple(range(diff.dim()))
        g = vector_norm_backward(
            grad.expand(diff.shape), diff, result.expand(diff.shape), self._saved_p, dims
        )
        if g is None:
            g = diff * 0
        return (
            (g.sum_to_size(*a.shape) if self.needs_input_grad(0) else None),
            ((-g).sum_to_size(*b.shape) if self.needs_input_grad(1) else None),
        )


@tensor_method("dist")
def dist(input, other, p: float = 2) -> Tensor:
    """The p-norm of input - other (broadcast), a 0-d tensor."""
    a = check_tensor(input, "dist")
    b = check_tensor(other, "dist", "other", 2)
    dtype = result_dtype(a, b)
    if not dtype.is_floating_point:
        raise RuntimeError(msg.NORM_DTYPE.format(dtype=dtype.legacy_name[:-6]))
    from ..autograd.grad_mode import no_grad

    with no_grad():
        out = norm(a - b, float(p))
    node = new_node(DistBackward0, a, b)
    if node is None:
        return out
    result = make_tensor(out._data, out._backend, True, node, 0)
    node.save(a, b, result)
    node._saved_p = float(p)
    return result


# --- in-place forms -------------------------------------------------------------------------------

xlogy_ = inplace_method("xlogy", "self * log(other), in place.")
logit_ = inplace_method("logit", "log(p / (1 - p)) of self, in place.")
gcd_ = inplace_method("gcd", "Greatest common divisor with other, in place (integers).")
lcm_ = inplace_method("lcm", "Least common multiple with other, in place (integers).")
renorm_ = inplace_method("renorm", "Rescale the slices along `dim` to p-norm <= maxnorm, in place.")

__all__ = [
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "block_diag",
    "bucketize",
    "cartesian_prod",
    "combinations",
    "corrcoef",
    "cov",
    "cummax",
    "cummin",
    "cumulative_trapezoid",
    "diag_embed",
    "dist",
    "gcd",
    "gcd_",
    "histc",
    "histogram",
    "lcm",
    "lcm_",
    "logcumsumexp",
    "logit",
    "logit_",
    "renorm",
    "searchsorted",
    "take",
    "trapezoid",
    "trapz",
    "vander",
    "xlogy",
    "xlogy_",
]
