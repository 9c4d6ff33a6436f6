"""`unique` and `bincount`: which values a tensor holds and how often each occurs."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node, new_node
from ._helpers import check_tensor


class Unique2Backward0(Node):
    """unique's grad_fn: PyTorch defines no derivative, so backward through it raises."""

    __slots__ = ()

    def backward(self, grad):
        raise NotImplementedError(msg.NO_DERIVATIVE.format(op="_unique2"))


@tensor_method("unique")
def unique(input, sorted: bool = True, return_inverse: bool = False,  # noqa: A002
           return_counts: bool = False, dim=None):
    """The distinct values in ascending order (nans each count once), with optionally where
    each element went (`inverse`, shaped as the input) and how often each occurs (`counts`)."""
    t = check_tensor(input, "_unique2")
    if dim is not None:
        raise NotImplementedError("unique(dim=...) is not supported (ours): pass dim=None")
    backend = t._backend
    xp = backend.xp
    # the backends' unique_all sorts (NumPy, CuPy), as PyTorch does even for sorted=False
    found = xp.unique_all(xp.reshape(t._data, (-1,)))
    node = new_node(Unique2Backward0, t)
    values = make_tensor(found.values, backend, node is not None, node, 0)
    if not (return_inverse or return_counts):
        return values
    out = (values,)
    int64 = backend.native[dtypes.int64]
    if return_inverse:
        inverse = xp.reshape(found.inverse_indices, t._data.shape)
        out += (make_tensor(xp.astype(inverse, int64), backend),)
    if return_counts:
        out += (make_tensor(xp.astype(found.counts, int64), backend),)
    return out


@tensor_method("bincount")
def bincount(input, weights=None, minlength: int = 0) -> Tensor:
    """How often each of 0..max(input) occurs in a 1-d integer tensor (or the sum of `weights`
    at its positions), at least `minlength` long."""
    from .pointwise import _not_differentiable
    t = check_tensor(input, "bincount")
    if t.dtype.is_floating_point or t.dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="bincount_cpu",
                                                          dtype=t.dtype.legacy_name[:-6]))
    if type(minlength) is not int:
        raise TypeError(f"bincount(): argument 'minlength' must be int, not "
                        f"{type(minlength).__name__}")
    backend = t._backend
    xp = backend.xp
    data = t._data
    if data.ndim != 1 or (data.size and int(xp.min(data)) < 0):
        raise RuntimeError(msg.BINCOUNT_INPUT)
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is not None and (weights.dim() != 1 or weights.shape[0] != data.shape[0]):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    length = max(int(xp.max(data)) + 1 if data.size else 0, minlength)
    if weights is None:
        dtype = dtypes.int64
        values = xp.ones(data.shape, dtype=backend.native[dtype], device=backend.native_device)
    else:  # float32 weights sum in float32, every other dtype in float64 (PyTorch's rule)
        dtype = dtypes.float32 if weights.dtype is dtypes.float32 else dtypes.float64
        values = xp.astype(weights._data, backend.native[dtype])
    counts = xp.zeros((length,), dtype=backend.native[dtype], device=backend.native_device)
    backend.scatter_add(counts, (data,), values)
    if weights is None:
        return make_tensor(counts, backend)
    return _not_differentiable("bincount", (weights,), counts, backend)


__all__ = ["unique", "bincount"]
