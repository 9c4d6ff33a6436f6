"""Statistics over dims: var, std, median, quantile and their nan-ignoring forms, cov, corrcoef."""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    as_floating,
    check_number,
    check_tensor,
    normalize_dim,
    numpy_dim,
    numpy_keepdim,
    record,
)
from .comparison import clamp
from .out import with_out
from .reduction import (
    _axis,
    _check_nonempty,
    _count,
    _ExtremeBackward,
    _indexed_result,
    _IndexedBackward,
    _kept_shape,
    _mean_data,
    _reduce_dims,
    _unreduce,
    check_dims,
    mean,
)
from .unary import sqrt


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


def _correction(unbiased, correction) -> float:
    if unbiased is not None and correction is not None:
        raise TypeError(msg.VAR_CORRECTION_AND_UNBIASED)
    if correction is not None:
        return check_number(correction, "correction")
    return 1 if unbiased is None or unbiased else 0


def _numpy_aliases(name: str, dim, keepdim: bool, axis, keepdims) -> tuple:
    """(dim, keepdim), or NumPy's axis= and keepdims= standing for them (see numpy_dim)."""
    if axis is None and keepdims is None:
        return dim, keepdim
    return numpy_dim(name, dim, axis, None), numpy_keepdim(name, keepdim, keepdims, False)


def _var_backward(node, grad_var, x):
    """PyTorch's var_backward: 2 (x - mean) / (N - correction) times the gradient, in its order.
    Over all elements (no dim given) with no degrees of freedom left it is inf, NaN where x is
    its mean; over dims, N - correction is used as it is (2 / 0 is inf, a negative one counts)."""
    dims = node._saved_dim
    grad_var = _unreduce(grad_var, tuple(x.shape), dims, node._saved_keepdim)
    centered = x - mean(x, dims, keepdim=True)
    dof = node._dof
    if node._whole and dof <= 0:
        from .comparison import where

        return grad_var * where(centered == 0, math.nan, math.inf)
    scale = 2.0 / dof if dof else math.inf
    return scale * grad_var * centered


def _std_backward(node, grad_std, x, std):
    """d std / dx = d var / dx / (2 std): 0 where std is 0 (a constant input), as in PyTorch."""
    grad_var = (grad_std / (std * 2)).masked_fill(std == 0, 0)
    return _var_backward(node, grad_var, x)


_SPREAD_STATE = ("_saved_correction", "_saved_dim", "_saved_keepdim", "_dof", "_whole")


class VarBackward0(Node):
    """d var / dx = 2 (x - mean) / (N - correction)."""

    __slots__ = _SPREAD_STATE
    _saved_names = ("self",)

    def backward(self, grad):
        return _var_backward(self, grad, self._unpack(0))


class StdBackward0(Node):
    """d std / dx = d var / dx / (2 std)."""

    __slots__ = _SPREAD_STATE
    _saved_names = ("self", "result")

    def backward(self, grad):
        return _std_backward(self, grad, self._unpack(0), self._unpack(1))


def _dof(dim, correction: float, t: Tensor) -> dict:
    """The nodes' state: N - correction, and whether the reduction is over everything (no dim
    given, or a 0-d input), where PyTorch's backward treats no degrees of freedom apart."""
    count = _count(tuple(t._data.shape), _reduce_dims(dim, t._data.ndim))
    return {"dof": count - correction, "whole": dim is None or t._data.ndim == 0}


def _var(name: str, input, dim, unbiased, keepdim, correction, take_root: bool) -> Tensor:
    t = check_tensor(input, name)
    if isinstance(dim, bool):  # std(unbiased) form
        dim, unbiased = None, dim
    if not (dim is None or type(dim) is int):
        check_dims(name, msg.VAR_SIGNATURES, t, dim)
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.STD_VAR_DTYPE)
    c = _correction(unbiased, correction)
    backend = t._backend
    xp = backend.xp
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    count = _count(shape, dims)
    divisor = count - c
    if divisor <= 0:
        warnings.warn(msg.DOF_WARNING.format(name=name), UserWarning, stacklevel=3)
        divisor = 0
    x = t._data
    if t.dtype in dtypes.HALF_FLOATS:  # computed in float32, PyTorch's accumulate type
        x = xp.astype(x, xp.float32)
    centered = x - _mean_data(backend, x, _axis(t, dims), True, count)
    squares = xp.sum(centered * centered, axis=_axis(t, dims), keepdims=keepdim)
    if divisor:
        data = squares / divisor
    else:  # 0 / 0 and x / 0 without NumPy's warnings
        data = xp.where(
            squares == 0, xp.full_like(squares, float("nan")), xp.full_like(squares, float("inf"))
        )
    if take_root:
        data = xp.sqrt(data)
    with backend.quiet():  # a float16 variance may overflow to inf, as in PyTorch
        data = xp.astype(data, t._data.dtype, copy=False)
    return record(
        StdBackward0 if take_root else VarBackward0,
        (t,),
        data,
        backend,
        (t,),
        save_result=take_root,
        state=_dof(dim, c, t),
        correction=c,
        dim=dims,
        keepdim=keepdim,
    )


@with_out
@tensor_method("var")
def var(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
) -> Tensor:
    """Variance over `dim`, dividing by N - correction (Bessel's correction 1 by default)."""
    dim, keepdim = _numpy_aliases("var", dim, keepdim, axis, keepdims)
    return _var("var", input, dim, unbiased, keepdim, correction, take_root=False)


@with_out
@tensor_method("std")
def std(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
) -> Tensor:
    """Standard deviation over `dim` (the square root of var)."""
    dim, keepdim = _numpy_aliases("std", dim, keepdim, axis, keepdims)
    return _var("std", input, dim, unbiased, keepdim, correction, take_root=True)


class StdMeanBackward0(Node):
    """Both outputs of std_mean (output 0: std, 1: mean); either gradient may be missing."""

    __slots__ = ("_n_outputs", *_SPREAD_STATE)
    _saved_names = ("self", "result0")

    def backward(self, grad_spread, grad_mean):
        x = self._unpack(0)
        dims, keepdim = self._saved_dim, self._saved_keepdim
        shape = tuple(x.shape)
        total = None
        if grad_spread is not None:
            if type(self) is StdMeanBackward0:
                total = _std_backward(self, grad_spread, x, self._unpack(1))
            else:
                total = _var_backward(self, grad_spread, x)
        if grad_mean is not None:
            g = _unreduce(grad_mean, shape, dims, keepdim) / _count(shape, dims)
            total = g.expand(shape) if total is None else total + g
        return total


class VarMeanBackward0(StdMeanBackward0):
    __slots__ = ()
    _saved_names = ("self",)


def _spread_mean(name: str, input, dim, unbiased, keepdim, correction, take_root: bool):
    t = check_tensor(input, name)
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.SPREAD_MEAN_DTYPE.format(name=name))
    if isinstance(dim, bool):  # std_mean(input, unbiased) form
        dim, unbiased = None, dim
    from ..autograd.grad_mode import no_grad

    with no_grad():
        spread = _var(name, t, dim, unbiased, keepdim, correction, take_root)
        average = mean(t, _reduce_dims(dim, t._data.ndim), keepdim)
    shape = tuple(t._data.shape)
    dims = _reduce_dims(dim, len(shape))
    c = _correction(unbiased, correction)
    first, second = record(
        StdMeanBackward0 if take_root else VarMeanBackward0,
        (t,),
        [spread._data, average._data],
        t._backend,
        (t,),
        save_result=1 if take_root else 0,  # std_mean saves its std (result0)
        state=_dof(dim, c, t),
        correction=c,
        dim=dims,
        keepdim=keepdim,
    )
    return first, second


def std_mean(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
):
    """(std, mean) over `dim` in one call, both with grad_fn StdMeanBackward0."""
    dim, keepdim = _numpy_aliases("std_mean", dim, keepdim, axis, keepdims)
    return _spread_mean("std_mean", input, dim, unbiased, keepdim, correction, take_root=True)


def var_mean(
    input,
    dim=None,
    unbiased=None,
    keepdim: bool = False,
    *,
    correction=None,
    axis=None,
    keepdims=None,
):
    """(var, mean) over `dim` in one call, both with grad_fn VarMeanBackward0."""
    dim, keepdim = _numpy_aliases("var_mean", dim, keepdim, axis, keepdims)
    return _spread_mean("var_mean", input, dim, unbiased, keepdim, correction, take_root=False)


class MedianBackward0(_ExtremeBackward):
    """median(): the elements equal to it share the gradient (the nans, for a nan median)."""

    __slots__ = ()


class NanmedianBackward0(_ExtremeBackward):
    __slots__ = ()


class MedianBackward1(_IndexedBackward):
    """median(dim): the gradient goes to the element each index points at."""

    __slots__ = ()


class NanmedianBackward1(_IndexedBackward):
    __slots__ = ()


def _median_picks(backend, data, d: int, skip_nan: bool):
    """(values, indices) of the lower median along `d` as size-1 dims, from a stable sort (the
    index PyTorch returns among ties). A nan wins for median (its first index); nanmedian
    takes the median of the rest."""
    xp = backend.xp
    order = xp.argsort(data, axis=d, stable=True)  # nans sort last
    n = data.shape[d]
    k = xp.full(
        _kept_shape(data.shape, (d,)), (n - 1) // 2, dtype=order.dtype, device=backend.native_device
    )
    if xp.isdtype(data.dtype, "real floating"):
        nans = xp.sum(xp.astype(xp.isnan(data), order.dtype), axis=d, keepdims=True)
        if skip_nan:  # the lower median of the first n - nans
            k = xp.maximum((n - nans - 1) // 2, xp.zeros_like(k))
        else:
            k = xp.where(nans > 0, n - nans, k)
    index = xp.take_along_axis(order, k, axis=d)
    return xp.take_along_axis(data, index, axis=d), index


def _median(name: str, input, dim, keepdim: bool):
    t = check_tensor(input, name)
    backend = t._backend
    xp = backend.xp
    if t.dtype is dtypes.bool:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="median_cpu" if dim is None else "median_out", dtype="Bool"
            )
        )
    skip_nan = name == "nanmedian"
    if dim is not None:
        d = normalize_dim(dim, t._data.ndim)
        _check_nonempty(t, name, (d,))
        data = t._data if t._data.ndim else xp.reshape(t._data, (1,))
        cls = NanmedianBackward1 if skip_nan else MedianBackward1
        values, index = _median_picks(backend, data, d, skip_nan)
        return _indexed_result(t, d, keepdim, name, cls, values, index)
    if t.numel() == 0:  # PyTorch's nan, or an integer dtype's smallest value
        empty = float("nan") if t.dtype.is_floating_point else xp.iinfo(t._data.dtype).min
        data = xp.full((), empty, dtype=t._data.dtype, device=backend.native_device)
    else:
        data = xp.reshape(_median_picks(backend, xp.reshape(t._data, (-1,)), 0, skip_nan)[0], ())
    cls = NanmedianBackward0 if skip_nan else MedianBackward0
    return record(cls, (t,), data, backend, (t,), save_result=True)


@with_out
@tensor_method("median")
def median(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None):
    """The lower median of all elements, or (values, indices) along `dim`; a nan wins."""
    dim, keepdim = _numpy_aliases("median", dim, keepdim, axis, keepdims)
    return _median("median", input, dim, keepdim)


@with_out
@tensor_method("nanmedian")
def nanmedian(input, dim=None, keepdim: bool = False, *, axis=None, keepdims=None):
    """median() that ignores nans (nan only where every element is nan)."""
    dim, keepdim = _numpy_aliases("nanmedian", dim, keepdim, axis, keepdims)
    return _median("nanmedian", input, dim, keepdim)


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _check_scalar_q(name: str, q) -> None:
    """PyTorch's checks of a number q, made before those of the input."""
    if not isinstance(q, (int, float)):
        raise TypeError(msg.QUANTILE_ARGS.format(name=name, type=type(q).__name__))
    if not 0 <= q <= 1:
        raise RuntimeError(msg.QUANTILE_Q_RANGE.format(q=f"{q:g}"))


def _quantile_q(t: Tensor, q) -> Tensor:
    """q as a 0-d or 1-D tensor of t's dtype, after PyTorch's checks of a tensor q."""
    if not isinstance(q, Tensor):
        return make_tensor(t._backend.asarray(q, t.dtype), t._backend)
    if q.dim() > 1:
        raise RuntimeError(msg.QUANTILE_Q_DIM)
    if q.dtype is not t.dtype:
        raise RuntimeError(msg.QUANTILE_Q_DTYPE)
    if not bool(((q >= 0) & (q <= 1)).all()):
        raise RuntimeError(msg.QUANTILE_Q_VALUES)
    return q


def _quantile(input, q, dim, keepdim: bool, interpolation: str, skip_nan: bool) -> Tensor:
    """PyTorch's quantile: sort, gather the values around rank q * (n - 1), lerp between them
    (so autograd comes from sort, gather and lerp, to q through the lerp's weights), then
    squeeze_ the gathered dim."""
    name = "nanquantile" if skip_nan else "quantile"
    t = check_tensor(input, name)
    if not isinstance(q, Tensor):
        _check_scalar_q(name, q)
    if t.numel() == 0:
        raise RuntimeError(msg.QUANTILE_EMPTY)
    if t.dtype not in (dtypes.float32, dtypes.float64):
        raise RuntimeError(msg.QUANTILE_DTYPE)
    q = _quantile_q(t, q)
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError(msg.QUANTILE_INTERPOLATION.format(interpolation=interpolation))
    if not t.dim():
        x = t.reshape(1)
    elif dim is None:
        x = t.reshape((1,) * t.dim() + (-1,) if keepdim else (-1,))
    else:
        d = normalize_dim(dim, t.dim())
        x = t.unsqueeze(-1).transpose(d, -1) if keepdim else t.movedim(d, -1)
    values = x.sort(-1)[0]  # nans sort last
    last = values.shape[-1] - 1
    nans = values.isnan()
    counted = nans.logical_not().sum(-1, keepdim=True) if skip_nan else last + 1
    ranks = q.reshape(tuple(q.shape) + (1,) * x.dim()) * (counted - 1)
    ranks = ranks.where(
        (counted != 0) if skip_nan else nans.any(-1, keepdim=True).logical_not(), float(last)
    )
    ranks = ranks.expand(ranks.shape[: -x.dim()] + values.shape[:-1] + (1,))
    values = values.expand(ranks.shape[:-1] + (last + 1,))
    if interpolation in ("lower", "higher", "nearest"):
        ranks = {"lower": ranks.floor, "higher": ranks.ceil, "nearest": ranks.round}[
            interpolation
        ]()
    below = values.gather(-1, ranks.long())
    if interpolation in ("linear", "midpoint"):
        # linear: q's gradient comes through the weights, d weight / d q = n - 1
        weights = ranks - ranks.floor() if interpolation == "linear" else ranks.new_full((), 0.5)
        below = below.lerp(values.gather(-1, ranks.ceil().long()), weights)
    return below.squeeze_(-1)


@with_out
@tensor_method("quantile")
def quantile(input, q, dim=None, keepdim: bool = False, *, interpolation: str = "linear"):
    """The q-th quantiles (q a number or a 1-D tensor in [0, 1]) of all elements or along dim;
    a nan in a slice makes its quantiles nan."""
    return _quantile(input, q, dim, keepdim, interpolation, skip_nan=False)


@with_out
@tensor_method("nanquantile")
def nanquantile(input, q, dim=None, keepdim: bool = False, *, interpolation: str = "linear"):
    """quantile() of the non-nan elements (nan where a slice is all nan)."""
    return _quantile(input, q, dim, keepdim, interpolation, skip_nan=True)


__all__ = [
    "corrcoef",
    "cov",
    "median",
    "nanmedian",
    "nanquantile",
    "quantile",
    "std",
    "std_mean",
    "var",
    "var_mean",
]
