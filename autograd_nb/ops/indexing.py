"""Reading by index: `x[...]`, `gather`, `scatter`, `index_select`, `masked_select`, `take`,
`nonzero`, ...

Basic indexing (ints, slices, None, ...) is a chain of views built as PyTorch builds it
(`select`, `slice`, `unsqueeze`); integer-tensor and mask indices then gather a copy in one
step (`IndexBackward0`), whose backward adds gradients up at repeated indices. Writing by
index (`x[i] = v`) lives in ops/inplace.py.
"""

from __future__ import annotations

import builtins
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ..backends import is_numpy_array
from ._helpers import (
    broadcast_error,
    broadcast_shapes,
    check_same_device,
    check_tensor,
    is_number,
    normalize_dim,
    on_backend,
    record,
    refused_overloads,
    scalar_for,
)
from .out import with_out
from .shape import alias, select, slice_dim, unsqueeze

_INDEX_DTYPES = (dtypes.int64, dtypes.int32)
_MASK_DTYPES = (dtypes.bool, dtypes.uint8)
_CPP_NAMES = {  # how PyTorch's C++ messages name dtypes
    dtypes.int64: "long int",
    dtypes.int32: "int",
    dtypes.int16: "short int",
    dtypes.int8: "signed char",
    dtypes.uint8: "unsigned char",
    dtypes.float64: "double",
    dtypes.float32: "float",
    dtypes.float16: "c10::Half",
    dtypes.bool: "bool",
}


# --- an index plan: which dims are indexed, by which flat positions -------------------------------


class _Plan:
    """Integer index arrays (of one shape) on some dims of an array of `shape`.

    Gathering moves the indexed dims to the front and asks the backend for `data[arrays]`; the
    result dims of the index go where PyTorch puts them (in place if the indexed dims are
    adjacent, else first). Scattering does the inverse, adding repeated positions up.
    """

    __slots__ = ("shape", "arrays", "perm", "out_order")

    def __init__(self, shape: tuple, dims: list, arrays: list):
        self.shape, self.arrays = shape, tuple(arrays)
        if dims == list(range(len(dims))):  # the leading dims, in order: nothing moves
            self.perm = self.out_order = None
            return
        rest = [i for i in range(len(shape)) if i not in dims]
        perm = tuple(dims) + tuple(rest)
        self.perm = None if perm == tuple(range(len(shape))) else perm
        k, first = arrays[0].ndim, dims[0]
        adjacent = dims == list(range(first, first + len(dims)))
        if adjacent and first > 0:
            self.out_order = (
                tuple(range(k, k + first))
                + tuple(range(k))
                + tuple(range(k + first, k + len(rest)))
            )
        else:
            self.out_order = None

    def gather(self, backend, data):
        """`data` at the planned positions (IndexError from the backend if one is outside)."""
        xp = backend.xp
        if self.perm is not None:
            data = xp.permute_dims(data, self.perm)
        out = backend.index(data, self.arrays)
        return out if self.out_order is None else xp.permute_dims(out, self.out_order)

    def scatter(self, backend, grad, accumulate: bool = True):
        """An array of `shape`, zero but for `grad` at the planned positions: added onto the
        zeros where positions repeat (`accumulate`: a lone -0.0 becomes 0.0, as in PyTorch's
        index_put_(..., accumulate=True)), else written (each position named once)."""
        xp = backend.xp
        if self.out_order is not None:
            grad = xp.permute_dims(grad, _inverse(self.out_order))
        shape = self.shape if self.perm is None else tuple(self.shape[d] for d in self.perm)
        target = xp.zeros(shape, dtype=grad.dtype, device=backend.native_device)
        (backend.scatter_add if accumulate else backend.scatter_set)(target, self.arrays, grad)
        return target if self.perm is None else xp.permute_dims(target, _inverse(self.perm))


def _inverse(order: tuple) -> tuple:
    inverse = [0] * len(order)
    for i, d in enumerate(order):
        inverse[d] = i
    return tuple(inverse)


class _TakeNode(Node):
    """A gather along a plan: backward scatters the gradient back (adding repeats)."""

    __slots__ = ("_plan",)
    _keeps = ("_plan",)

    def backward(self, grad):
        return _put(grad, self._plan, IndexPutImplBackward0)


class IndexBackward0(_TakeNode):
    __slots__ = ("_saved_indices", "_saved_self_sym_sizes")
    _keeps = ("_plan", "_saved_indices")


class IndexSelectBackward0(_TakeNode):
    __slots__ = ("_saved_dim", "_saved_index", "_saved_self_sym_sizes")
    _keeps = ("_plan", "_saved_index")

    def backward(self, grad):
        """zeros.index_add_(dim, index, grad), as PyTorch's index_select_backward."""
        zeros = _zeros_like(grad, self._saved_self_sym_sizes)
        return zeros.index_add(self._saved_dim, self._saved_index, grad)


class MaskedSelectBackward0(_TakeNode):
    __slots__ = ("_saved_mask",)
    _keeps = ("_plan", "_saved_mask")
    _saved_names = ("self",)

    def backward(self, grad):  # zeros.masked_scatter(mask, grad), as PyTorch: written
        self._unpack(0)  # PyTorch saves the input: a change to it since is caught here too
        return _put(grad, self._plan, MaskedScatterBackward0, accumulate=False)


class _PutNode(Node):
    """zeros with a gradient added at a plan's positions; its own gradient gathers back."""

    __slots__ = ("_plan",)
    _keeps = ("_plan",)

    def backward(self, grad):
        return None, _take(grad, self._plan, IndexBackward0)


class IndexPutImplBackward0(_PutNode):
    __slots__ = ()


class MaskedScatterBackward0(_PutNode):
    __slots__ = ()


def _take(x: Tensor, plan: _Plan, cls, save: tuple = (), **saved) -> Tensor:
    data = plan.gather(x._backend, x._data)
    return record(cls, (x,), data, x._backend, save, state={"plan": plan}, **saved)


def _put(grad: Tensor, plan: _Plan, cls, accumulate: bool = True) -> Tensor:
    data = plan.scatter(grad._backend, grad._data, accumulate)
    return record(cls, (None, grad), data, grad._backend, state={"plan": plan})


# --- x[key] ---------------------------------------------------------------------------------------


def _from_host(item):
    """A `range` or NumPy array index as PyTorch reads it: a list, or a tensor of the array."""
    if isinstance(item, range):
        return list(item)
    if is_numpy_array(item):
        from .._creation import tensor

        return tensor(item)
    return item


def host_key(key):
    """`key` with its `range` and NumPy array items made lists and tensors (the rest kept)."""
    if type(key) is tuple:
        return tuple(_from_host(item) for item in key)
    return _from_host(key)


def _as_items(key) -> tuple:
    """The index as a tuple; a list holding slices, lists or tensors counts as a tuple (legacy)."""
    if isinstance(key, tuple):
        return key
    if isinstance(key, list) and any(
        isinstance(k, (Tensor, list, tuple, slice)) or k is None or k is Ellipsis for k in key
    ):
        return tuple(key)
    return (key,)


def _is_int(item) -> bool:
    if isinstance(item, bool):
        return False
    if isinstance(item, Tensor):
        return item._data.ndim == 0 and item.dtype in _INDEX_DTYPES + (dtypes.int16, dtypes.int8)
    return isinstance(item, int) or (hasattr(item, "__index__") and not isinstance(item, float))


def _is_bool_scalar(item) -> bool:
    return isinstance(item, bool) or (
        isinstance(item, Tensor) and item._data.ndim == 0 and item.dtype is dtypes.bool
    )


def _index_tensor(item, backend) -> Tensor:
    """A list or tensor index as a tensor on `backend`, with PyTorch's dtype rule."""
    if not isinstance(item, Tensor):
        from .._creation import tensor

        item = tensor(
            list(item) if isinstance(item, tuple) else item,
            dtype=dtypes.int64 if len(item) == 0 else None,
        )
    if item.dtype not in _INDEX_DTYPES + _MASK_DTYPES:
        raise IndexError(msg.INDEX_DTYPE)
    if item._backend is not backend:
        item = make_tensor(backend.from_host(item._backend.to_host(item._data)), backend)
    return item


def _consumed(item) -> int:
    if item is None or item is Ellipsis or _is_bool_scalar(item):
        return 0
    if isinstance(item, Tensor) and item.dtype in _MASK_DTYPES:
        return item._data.ndim
    return 1


@tensor_method("__getitem__")
def getitem(self, key) -> Tensor:
    """x[key] as PyTorch reads it: views for basic indices, a gathered copy for tensor indices."""
    ndim = self._data.ndim
    arrays = _leading_index_arrays(key, ndim, self._backend)
    if arrays:  # x[i, j] with integer tensors: straight to the gather
        return _index(self, list(range(len(arrays))), arrays, key)
    key = host_key(key)
    items = _as_items(key)
    consumed = sum(_consumed(item) for item in items)
    if consumed > ndim:
        if ndim == 0 and not isinstance(key, tuple):  # a bare int or slice: PyTorch's own texts
            if isinstance(key, slice):
                raise IndexError(msg.SLICE_0D)
            if _is_int(key) and not isinstance(key, Tensor):
                raise IndexError(msg.INDEX_0D)
        raise IndexError(msg.TOO_MANY_INDICES.format(dim=ndim))
    out, d, orig, seen_ellipsis, advanced = self, 0, 0, False, []
    for item in items:
        orig += _consumed(item)
        if item is None:
            out = unsqueeze(out, d)
            d += 1
        elif item is Ellipsis:
            if not seen_ellipsis:
                d += ndim - consumed
                orig += ndim - consumed
                seen_ellipsis = True
        elif _is_bool_scalar(item):
            out = unsqueeze(out, d)
            keep = [0] if bool(item) else []
            advanced.append((d, _index_tensor(keep, self._backend)._data))
            d += 1
        elif _is_int(item):
            i = int(item)
            size = out._data.shape[d]
            if not -size <= i < size:
                raise IndexError(msg.INDEX_RANGE.format(index=i, dim=orig - 1, size=size))
            out = select(out, d, i)
        elif isinstance(item, slice):
            size = out._data.shape[d]
            step = 1 if item.step is None else item.step
            if (
                isinstance(key, slice)
                or step <= 0
                or slice(item.start, item.stop, step).indices(size) != (0, size, 1)
            ):
                out = slice_dim(out, d, item.start, item.stop, item.step)
            d += 1
        elif isinstance(item, (Tensor, list, tuple)):
            index = _index_tensor(item, self._backend)
            if index.dtype in _MASK_DTYPES:
                advanced += _mask_positions(out, d, index)
                d += index._data.ndim
            else:
                advanced.append((d, index._data))
                d += 1
        else:
            raise IndexError(msg.INDEX_TYPE.format(type=type(item).__name__))
    if not advanced:
        return alias(self) if out is self else out
    dims = [dim for dim, _ in advanced]
    saved = [None] * (dims[-1] + 1)
    for dim, a in advanced:
        saved[dim] = make_tensor(a, out._backend)
    return _index(out, dims, [a for _, a in advanced], tuple(saved))


def _index(x: Tensor, dims: list, arrays: list, saved_indices: tuple) -> Tensor:
    """x with integer index arrays on `dims` (IndexBackward0), with PyTorch's range error."""
    plan = _plan(x, dims, arrays)
    backend = x._backend
    try:
        data = plan.gather(backend, x._data)
    except IndexError:
        data = None
    if data is not None:
        return record(
            IndexBackward0,
            (x,),
            data,
            backend,
            state={"plan": plan},
            indices=saved_indices,
            self_sym_sizes=plan.shape,
        )
    for k, (d, a) in enumerate(zip(dims, plan.arrays)):
        size = x._data.shape[d]
        _check_range(
            x._backend,
            a,
            size,
            lambda i, k=k, size=size: IndexError(msg.INDEX_RANGE.format(index=i, dim=k, size=size)),
        )
    raise AssertionError(msg.INDEX_REFUSED_IN_RANGE)  # pragma: no cover


def _leading_index_arrays(key, ndim: int, backend) -> list | None:
    """The arrays of a key made only of integer tensors (one per leading dim), else None."""
    if type(key) is not tuple or len(key) > ndim:
        return None
    arrays = []
    for item in key:
        if (
            type(item) is not Tensor
            or item._backend is not backend
            or not item._data.ndim
            or backend.ours[item._data.dtype] not in _INDEX_DTYPES
        ):
            return None
        arrays.append(item._data)
    return arrays


def _mask_positions(x: Tensor, d: int, mask: Tensor) -> list:
    """(dim, positions) pairs selecting where a mask over dims d.. of `x` is set."""
    shape = tuple(x._data.shape)
    m = mask._data.shape
    for k, size in enumerate(m):
        if d + k >= len(shape) or shape[d + k] != size:
            raise IndexError(
                msg.MASK_SHAPE_AT.format(mask=list(m), k=k, tensor=list(shape), index=d + k)
            )
    xp = x._backend.xp
    data = mask._data
    if mask.dtype is not dtypes.bool:
        data = xp.astype(data, x._backend.native[dtypes.bool])
    return [(d + k, p) for k, p in enumerate(xp.nonzero(data))]


def _plan(x: Tensor, dims: list, arrays: list) -> _Plan:
    """Integer index arrays for `dims` of `x`, as int64 and broadcast together (PyTorch's error
    if they do not broadcast); the range is checked when they are used."""
    backend = x._backend
    xp = backend.xp
    int64 = backend.native[dtypes.int64]
    shape = arrays[0].shape
    for a in arrays:
        if a.shape != shape or a.dtype is not int64:
            break
    else:  # int64 arrays of one shape (x[rows, cols], say): nothing to convert
        return _Plan(tuple(x._data.shape), list(dims), arrays)
    shapes = [tuple(a.shape) for a in arrays]
    try:
        shape = shapes[0] if shapes.count(shapes[0]) == len(shapes) else broadcast_shapes(*shapes)
    except RuntimeError:
        shapes = ", ".join(str(list(a)) for a in shapes)
        raise IndexError(msg.INDEX_BROADCAST.format(shapes=shapes)) from None
    checked = []
    for a in arrays:
        if a.dtype != int64:
            a = xp.astype(a, int64)
        checked.append(a if tuple(a.shape) == shape else xp.broadcast_to(a, shape))
    return _Plan(tuple(x._data.shape), list(dims), checked)


def _check_range(backend, a, size: int, error, negative: bool = True) -> None:
    """Raise error(first bad index) if any entry of `a` is outside [-size, size) (or [0, size)
    when negative indices are refused)."""
    xp = backend.xp
    bad = (a < (-size if negative else 0)) | (a >= size)
    if a.shape and bool(xp.any(bad)):
        raise error(backend.to_host(a[bad]).tolist()[0])
    if not a.shape and bool(bad):
        raise error(int(backend.to_host(a)))


# --- gather / scatter -----------------------------------------------------------------------------


def _index_arg(index, name: str) -> Tensor:
    index = check_tensor(index, name, "index", 3)
    if index.dtype not in _INDEX_DTYPES:
        if index.numel():
            raise RuntimeError(msg.INDEX_DTYPE_FOR.format(name=name))
        index = index.to(dtypes.int64)  # an empty index names nothing, whatever its dtype
    return index


def _grid(backend, index, dim: int) -> tuple:
    """The full index tuple that takes `index` along `dim` and every other position as is."""
    xp = backend.xp
    shape = tuple(index.shape)
    out = []
    for k, size in enumerate(shape):
        if k == dim:
            out.append(xp.astype(index, backend.native[dtypes.int64]))
            continue
        axis = xp.arange(size, dtype=backend.native[dtypes.int64], device=backend.native_device)
        view = [1] * len(shape)
        view[k] = size
        out.append(xp.broadcast_to(xp.reshape(axis, tuple(view)), shape))
    return tuple(out)


def _flat_positions(backend, grid: tuple, shape: tuple):
    """The positions `grid` names in an array of `shape` flattened (a 0-d one: one element)."""
    flat = None
    for a, size in zip(grid, shape or (1,)):
        flat = a if flat is None else flat * size + a
    return backend.xp.reshape(flat, (-1,))


def _check_gather(x: Tensor, d: int, index: Tensor, src: Tensor | None, name: str) -> None:
    if index.numel() == 0:  # an empty index is not checked against the shapes (PyTorch)
        return
    if index._data.ndim != x._data.ndim and not (index._data.ndim <= 1 and x._data.ndim <= 1):
        raise RuntimeError(msg.GATHER_DIMS)
    xs, ix = list(x._data.shape) or [1], list(index._data.shape) or [1]
    for k, size in enumerate(ix):
        too_big = (k != d and size > xs[k]) or (src is not None and size > src.shape[k])
        if too_big:
            if name == "gather":
                raise RuntimeError(msg.GATHER_SIZE.format(dim=k, index=ix, sizes=xs, axis=d))
            if src is None:
                raise RuntimeError(msg.SCATTER_SIZE.format(index=ix, sizes=xs, axis=d))
            raise RuntimeError(
                msg.SCATTER_SIZE_SRC.format(index=ix, sizes=xs, axis=d, src=list(src.shape))
            )
    _check_range(  # gather and scatter take no negative index (PyTorch refuses -1 too)
        x._backend,
        index._data,
        xs[d],
        lambda i: RuntimeError(msg.INDEX_RANGE.format(index=i, dim=d, size=xs[d])),
        negative=False,
    )


class GatherBackward0(Node):
    __slots__ = ("_saved_dim", "_saved_index", "_saved_self_sym_sizes", "_saved_sparse_grad")
    _keeps = ("_saved_index",)
    _saved_names = ("self",)

    def backward(self, grad):
        self._unpack(0)  # PyTorch saves the input: a change to it since is caught here too
        zeros = _zeros_like(grad, self._saved_self_sym_sizes)
        return scatter_add(zeros, self._saved_dim, self._saved_index, grad)


def _zeros_like(like: Tensor, shape: tuple) -> Tensor:
    backend = like._backend
    return make_tensor(
        backend.xp.zeros(shape, dtype=like._data.dtype, device=backend.native_device), backend
    )


def _on(t: Tensor, backend):
    return t._data if t._backend is backend else backend.from_host(t._backend.to_host(t._data))


@with_out
@tensor_method("gather")
def gather(input, dim: int, index, *, sparse_grad: bool = False) -> Tensor:
    """out[i][j] = input[index[i][j]][j] (for dim 0): pick along `dim` by an index tensor."""
    x = check_tensor(input, "gather")
    index = _index_arg(index, "gather")
    check_same_device("wrapper_CUDA_gather", "index", x, index)
    d = normalize_dim(dim, x._data.ndim)
    _check_gather(x, d, index, None, "gather")
    backend = x._backend
    idx = _on(index, backend)
    grid = _grid(backend, idx, d) if idx.ndim else ()
    if not grid:
        data = backend.xp.reshape(
            backend.xp.take(backend.xp.reshape(x._data, (-1,)), backend.xp.reshape(idx, (1,))), ()
        )
    else:
        flat = _flat_positions(backend, grid, tuple(x._data.shape))
        data = backend.xp.reshape(
            backend.xp.take(backend.xp.reshape(x._data, (-1,)), flat), tuple(idx.shape)
        )
    return record(
        GatherBackward0,
        (x,),
        data,
        backend,
        (x,),
        dim=d,
        index=index,
        self_sym_sizes=tuple(x._data.shape),
        sparse_grad=sparse_grad,
    )


def src_gradient(taken: Tensor, src_shape: tuple) -> Tensor:
    """The gradient of a scatter's src from `taken`, the gradient gathered at the index: src's
    elements beyond the index's reach (src may be larger than index) were not sent, so get 0."""
    if tuple(taken.shape) == src_shape:
        return taken
    out = taken.new_zeros(src_shape)
    if taken.numel():
        out[tuple(slice(0, n) for n in taken.shape)] = taken
    return out


class ScatterAddBackward0(Node):
    __slots__ = ("_saved_dim", "_saved_index", "_src_shape")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        grad_src = None
        if self.needs_input_grad(1):
            taken = gather(grad, self._saved_dim, self._saved_index)
            grad_src = src_gradient(taken, self._src_shape)
        return grad, grad_src


class ScatterBackward0(Node):
    """scatter with a src tensor: the overwritten positions get no gradient."""

    __slots__ = ("_saved_dim", "_saved_index", "_src_shape")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        grad_self = (
            scatter(grad, self._saved_dim, self._saved_index, 0)
            if self.needs_input_grad(0)
            else None
        )
        grad_src = None
        if self.needs_input_grad(1):
            taken = gather(grad, self._saved_dim, self._saved_index)
            grad_src = src_gradient(taken, self._src_shape)
        return grad_self, grad_src


class ScatterBackward1(Node):
    """scatter with a value."""

    __slots__ = ("_saved_dim", "_saved_index", "_saved_value")
    _keeps = ("_saved_index",)

    def backward(self, grad):
        return scatter(grad, self._saved_dim, self._saved_index, 0)


def _last_writes(xp, flat):
    """True where a write is the last one (in index order) to its position."""
    if flat.shape[0] < 2:
        return flat == flat
    order = xp.argsort(flat, stable=True)
    ordered = xp.take(flat, order)
    last = xp.concat([ordered[1:] != ordered[:-1], xp.ones_like(ordered[:1], dtype=xp.bool)])
    return xp.take(last, xp.argsort(order))


def _scatter_into(x: Tensor, d: int, index: Tensor, values, accumulate: bool = False):
    """A copy of x's array with `values` written at `index` along `d` (the last one sent to a
    position wins, as in PyTorch's CPU scatter), or with `accumulate`, added there one after
    another (x + v1 + v2...). Written values keep their sign: a -0.0 stays -0.0."""
    backend = x._backend
    xp = backend.xp
    idx = _on(index, backend)
    shape = tuple(x._data.shape)
    flat = _flat_positions(backend, _grid(backend, idx, d), shape)
    values = xp.reshape(values, (-1,))
    out = xp.asarray(xp.reshape(x._data, (-1,)), copy=True)
    if accumulate:
        backend.scatter_add(out, (flat,), values)
    else:
        last = _last_writes(xp, flat)
        backend.scatter_set(out, (flat[last],), values[last])
    return xp.reshape(out, shape)


def _src_part(src: Tensor, index: Tensor, backend):
    """The corner of `src` that `index` covers, on `backend`."""
    data = _on(src, backend)
    if index.numel() == 0:
        return backend.xp.reshape(data, (-1,))[:0]
    key = tuple(slice(0, s) for s in index._data.shape)
    return data[key] if key else data


def _scatter_args(input, dim, index, src, name: str):
    """The checked (input, dim, index, src); a 0-d index (and src) counts as one element, as
    PyTorch's `zeros(10).scatter_(0, tensor(y), value=1)` one-hot idiom relies on."""
    x = check_tensor(input, name)
    index = _index_arg(index, "scatter")
    if index._data.ndim == 0:
        index = index.reshape(1)
        if isinstance(src, Tensor) and src._data.ndim == 0:
            src = src.reshape(1)
    overload = "add" if name == "scatter_add" else "src" if isinstance(src, Tensor) else "value"
    method = f"wrapper_CUDA_scatter_{overload}"
    check_same_device(method, "index", x, index)
    if isinstance(src, Tensor):
        check_same_device(method, "src", x, src)
    d = normalize_dim(dim, x._data.ndim)
    if isinstance(src, Tensor) and src.dtype is not x.dtype:
        raise RuntimeError(msg.SCATTER_SRC_DTYPE.format(name="scatter"))
    _check_gather(x, d, index, src if isinstance(src, Tensor) else None, "scatter")
    return x, d, index, src


@with_out
@tensor_method("scatter")
def scatter(input, dim: int, index, src=None, *, value=None, reduce=None) -> Tensor:
    """A copy of input with src (or value) written at index along dim (out-of-place)."""
    if src is None:
        src = value
    x, d, index, src = _scatter_args(input, dim, index, src, "scatter")
    backend = x._backend
    xp = backend.xp
    state = None
    if isinstance(src, Tensor):
        part = _src_part(src, index, backend)
        cls, inputs, saved = ScatterBackward0, (x, src), {}
        state = {"src_shape": tuple(src.shape)}
    else:
        full = xp.full(
            tuple(index._data.shape),
            scalar_for(src, x.dtype),
            dtype=x._data.dtype,
            device=backend.native_device,
        )
        part, cls, inputs, saved = full, ScatterBackward1, (x,), {"value": src}
    if reduce is not None:
        return _scatter_reduced(x, d, index, part, reduce, inputs)
    data = _scatter_into(x, d, index, part)
    return record(cls, inputs, data, backend, state=state, dim=d, index=index, **saved)


_warned_reduce = False  # PyTorch warns once per process (TORCH_WARN_ONCE)


def _scatter_reduced(x: Tensor, d: int, index: Tensor, part, reduce: str, inputs: tuple):
    """scatter's legacy `reduce`: src (or value) added ("add") or multiplied ("multiply") into
    x one after another; PyTorch has no derivative for it."""
    global _warned_reduce
    from .binary import _not_differentiable
    from .index_writes import scatter_reduce

    if reduce not in ("add", "multiply"):
        raise RuntimeError(msg.SCATTER_REDUCE_ARG)
    if len(inputs) == 2 and not _warned_reduce:
        _warned_reduce = True
        warnings.warn(msg.SCATTER_REDUCE_DEPRECATED, UserWarning, stacklevel=3)
    src = make_tensor(part, x._backend)
    kind = "sum" if reduce == "add" else "prod"
    data = scatter_reduce(x.detach(), d, index, src, kind)._data
    return _not_differentiable("scatter", inputs, data, x._backend)


@with_out
@tensor_method("scatter_add")
def scatter_add(input, dim: int, index, src) -> Tensor:
    """A copy of input with src added at index along dim; repeated indices add up."""
    x, d, index, src = _scatter_args(
        input, dim, index, check_tensor(src, "scatter_add", "src", 4), "scatter_add"
    )
    backend = x._backend
    data = _scatter_into(x, d, index, _src_part(src, index, backend), accumulate=True)
    state = {"src_shape": tuple(src.shape)}
    return record(ScatterAddBackward0, (x, src), data, backend, state=state, dim=d, index=index)


@with_out
@tensor_method("take_along_dim")
def take_along_dim(input, indices, dim: int | None = None) -> Tensor:
    """gather after broadcasting input and indices over every dim but `dim`."""
    x = check_tensor(input, "take_along_dim")
    if dim is None:
        return gather(x.reshape(-1), 0, indices.reshape(-1))
    d = normalize_dim(dim, x._data.ndim)
    indices = _index_arg(indices, "gather")
    size = x._data.shape[d]
    _check_range(  # a negative index counts from the end, as PyTorch reads one in range
        x._backend,
        indices._data,
        size,
        lambda i: RuntimeError(msg.INDEX_RANGE.format(index=i, dim=d, size=size)),
    )
    data = indices._data
    indices = make_tensor(indices._backend.xp.where(data < 0, data + size, data), indices._backend)
    xs, ix = list(x._data.shape), list(indices._data.shape)
    xs[d] = ix[d] = 1
    shape = broadcast_shapes(tuple(xs), tuple(ix))
    x_shape = shape[:d] + (x._data.shape[d],) + shape[d + 1 :]
    i_shape = shape[:d] + (indices._data.shape[d],) + shape[d + 1 :]
    return gather(x.expand(x_shape), d, indices.expand(i_shape))


# --- index_select / masks / nonzero ---------------------------------------------------------------


@with_out
@tensor_method("index_select")
def index_select(input, dim: int, index) -> Tensor:
    """The slices at `index` (a vector) along `dim`, in that order (a copy)."""
    x = check_tensor(input, "index_select")
    index = check_tensor(index, "index_select", "index", 3)
    check_same_device("wrapper_CUDA__index_select", "index", x, index)
    if index.dtype not in _INDEX_DTYPES:
        raise RuntimeError(msg.INDEX_SELECT_DTYPE)
    if index._data.ndim > 1:
        raise IndexError(msg.INDEX_SELECT_VECTOR)
    d = normalize_dim(dim, x._data.ndim)
    backend = x._backend
    idx = backend.xp.reshape(_on(index, backend), (-1,))
    size = x._data.shape[d] if x._data.ndim else 1
    bad = (idx < 0) | (idx >= size)
    if idx.shape[0] and bool(backend.xp.any(bad)):
        raise IndexError(msg.INDEX_SELECT_RANGE)
    if x._data.ndim == 0:  # a 0-d tensor takes dim 0: its one element, copied
        copy = backend.xp.asarray(x._data, copy=True)
        return record(
            IndexSelectBackward0, (x,), copy, backend, dim=dim, index=index, self_sym_sizes=()
        )
    plan = _Plan(tuple(x._data.shape), [d], [backend.xp.astype(idx, backend.native[dtypes.int64])])
    return _take(
        x, plan, IndexSelectBackward0, dim=dim, index=index, self_sym_sizes=tuple(x._data.shape)
    )


def _fill_value(x: Tensor, value, dim_error: str, classes: tuple) -> tuple:
    """(fill, node class, node inputs) of a fill by a number or a 0-dim tensor (masked_fill,
    index_fill): `classes` are the nodes for a number and for a tensor."""
    if isinstance(value, Tensor):
        if value._data.ndim:
            raise RuntimeError(dim_error.format(dim=value._data.ndim))
        return x._backend.xp.astype(_on(value, x._backend), x._data.dtype), classes[1], (x, value)
    return scalar_for(value, x.dtype), classes[0], (x,)


# --- masked_fill, masked_select, nonzero ----------------------------------------------------------


class MaskedFillBackward0(Node):
    __slots__ = ("_saved_mask",)
    _keeps = ("_saved_mask",)

    def backward(self, grad):
        return masked_fill(grad, self._saved_mask, 0)


class MaskedFillBackward1(Node):
    """masked_fill with a 0-dim value tensor: the value gets the sum of the masked grads."""

    __slots__ = ("_saved_mask",)
    _keeps = ("_saved_mask",)

    def backward(self, grad):
        mask = self._saved_mask
        grad_self = masked_fill(grad, mask, 0) if self.needs_input_grad(0) else None
        grad_value = None
        if self.needs_input_grad(1):
            grad_value = grad.where(mask, 0).sum()
        return grad_self, grad_value


def _bool_mask(mask, name: str, message: str, **fmt) -> Tensor:
    mask = check_tensor(mask, name, "mask", 2)
    if mask.dtype is not dtypes.bool:
        raise RuntimeError(message.format(**fmt, dtype=_CPP_NAMES.get(mask.dtype, mask.dtype)))
    return mask


@tensor_method("masked_fill")
def masked_fill(input, mask, value) -> Tensor:
    """A copy of input with `value` where mask is True (mask and input broadcast together)."""
    x = check_tensor(input, "masked_fill")
    if not (isinstance(value, (Tensor, float, int)) or is_number(value)):
        raise refused_overloads("masked_fill", msg.MASKED_FILL_SIGNATURES, x, mask, value)
    mask = _bool_mask(mask, "masked_fill", msg.MASKED_FILL_DTYPE)
    if mask._backend is not x._backend:
        raise RuntimeError(msg.MASKED_FILL_DEVICE.format(mask=mask.device, self=x.device))
    backend = x._backend
    xp = backend.xp
    fill, cls, inputs = _fill_value(
        x, value, msg.MASKED_FILL_VALUE_DIM, (MaskedFillBackward0, MaskedFillBackward1)
    )
    m = _on(mask, backend)
    try:  # (a mask may broadcast the input too: the result has their common shape)
        broadcast_shapes(tuple(m.shape), tuple(x._data.shape))
    except RuntimeError:
        raise broadcast_error(tuple(m.shape), tuple(x._data.shape)) from None
    data = xp.where(m, fill, x._data)
    return record(cls, (*inputs,), data, backend, broadcasts=True, mask=mask)


@with_out
@tensor_method("masked_select")
def masked_select(input, mask) -> Tensor:
    """The elements where mask is True, as a 1-d copy (input and mask broadcast together)."""
    x = check_tensor(input, "masked_select")
    mask = check_tensor(mask, "masked_select", "mask", 2)
    if mask.dtype is not dtypes.bool:
        raise RuntimeError(msg.MASKED_SELECT_DTYPE)
    try:
        shape = broadcast_shapes(tuple(mask._data.shape), tuple(x._data.shape))
    except RuntimeError:
        raise broadcast_error(tuple(mask._data.shape), tuple(x._data.shape)) from None
    source = x if tuple(x._data.shape) == shape else x.expand(shape)
    backend = x._backend
    m = backend.xp.broadcast_to(_on(mask, backend), shape)
    if not shape:
        source, m = source.reshape(1), backend.xp.reshape(m, (1,))
    positions = backend.xp.nonzero(m)
    dims = list(range(len(positions)))
    return _take(
        source,
        _Plan(tuple(source._data.shape), dims, list(positions)),
        MaskedSelectBackward0,
        (x,),
        mask=mask,
    )


@with_out
@tensor_method("nonzero")
def nonzero(input, *, as_tuple: bool = False):
    """Positions of the nonzero elements: an (n, ndim) int64 tensor, or one tensor per dim."""
    x = check_tensor(input, "nonzero")
    backend = x._backend
    xp = backend.xp
    data = x._data if x._data.ndim else xp.reshape(x._data, (1,))
    positions = [xp.astype(p, backend.native[dtypes.int64]) for p in xp.nonzero(data)]
    if as_tuple:
        return tuple(make_tensor(p, backend) for p in positions)
    if not x._data.ndim:
        n = positions[0].shape[0]
        return make_tensor(
            xp.zeros((n, 0), dtype=backend.native[dtypes.int64], device=backend.native_device),
            backend,
        )
    return make_tensor(xp.stack(positions, axis=1), backend)


@tensor_method("argwhere")
def argwhere(input) -> Tensor:
    return nonzero(input)


# --- sort, argsort, topk: values with the indices they came from ----------------------------------


class TakeBackward0(Node):
    """The gradient is added back at the flat positions taken (repeats add up)."""

    __slots__ = ("_saved_index", "_shape")
    _keeps = ("_saved_index",)
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


# --- repeat_interleave ----------------------------------------------------------------------------


def _repeat_counts(counts: Tensor, output_size) -> Tensor:
    """torch.repeat_interleave(counts): each index i repeated counts[i] times (int64)."""
    if counts._data.ndim != 1:
        raise RuntimeError(msg.REPEAT_INTERLEAVE_VECTOR)
    if counts.dtype not in _INDEX_DTYPES:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="repeat_interleave_cpu", dtype=counts.dtype.legacy_name[:-6]
            )
        )
    backend = counts._backend
    xp = backend.xp
    data = counts._data
    if data.shape[0] and bool(xp.any(data < 0)):
        raise RuntimeError(msg.REPEAT_INTERLEAVE_NEGATIVE_COUNT)
    if output_size is not None and int(xp.sum(data)) != output_size:
        raise RuntimeError(msg.REPEAT_INTERLEAVE_ALLOCATED)
    long = backend.native[dtypes.int64]
    positions = xp.arange(data.shape[0], dtype=long, device=backend.native_device)
    return make_tensor(xp.repeat(positions, xp.astype(data, long)), backend)


@tensor_method("repeat_interleave")
def repeat_interleave(input, repeats=None, dim=None, *, output_size=None) -> Tensor:
    """Each element (or slice along `dim`) repeated `repeats` times in a row; a tensor of
    counts gives each slice its own. PyTorch's composite: a number expands and reshapes
    (ViewBackward0), counts select indices (IndexSelectBackward0)."""
    if repeats is None:
        return _repeat_counts(check_tensor(input, "repeat_interleave"), output_size)
    x = check_tensor(input, "repeat_interleave")
    if dim is None:
        x, dim = x.reshape(-1), 0
    if isinstance(repeats, Tensor):
        if repeats._data.ndim > 1:
            raise RuntimeError(msg.REPEAT_INTERLEAVE_REPEATS_DIM)
        if not x._data.ndim:
            raise IndexError(msg.DIM_0D.format(dim=dim))
        d = normalize_dim(dim, x._data.ndim)
        size = x._data.shape[d]
        if repeats.numel() == 1:
            repeats = repeats.reshape(1).expand(size)
        elif repeats.shape[0] != size:
            raise RuntimeError(
                msg.REPEAT_INTERLEAVE_SIZE.format(repeats=repeats.shape[0], dim=d, size=size)
            )
        return index_select(x, d, _repeat_counts(repeats, output_size))
    repeats = int(repeats)
    if repeats < 0:
        raise RuntimeError(msg.REPEAT_INTERLEAVE_NEGATIVE)
    d = normalize_dim(dim, x._data.ndim)
    spread = unsqueeze(x, d + 1)  # (a 0-d tensor has no dim 1: PyTorch's error)
    shape = tuple(x.shape)
    result_shape = shape[:d] + (shape[d] * repeats,) + shape[d + 1 :]
    if output_size is not None and output_size != result_shape[d]:
        raise RuntimeError(
            msg.REPEAT_INTERLEAVE_OUTPUT_SIZE.format(expected=result_shape[d], got=output_size)
        )
    spread = spread.expand(shape[: d + 1] + (repeats,) + shape[d + 1 :])
    return spread.contiguous().view(result_shape)


__all__ = [
    "argwhere",
    "repeat_interleave",
    "gather",
    "index_select",
    "masked_fill",
    "masked_select",
    "nonzero",
    "scatter",
    "scatter_add",
    "take",
    "take_along_dim",
]
