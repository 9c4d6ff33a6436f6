"""In-place ops (`add_`, `x += 1`, `x[i] = v`, ...): version counters, safety checks, history.

An in-place op runs its out-of-place twin and writes the result into the tensor's storage, so
views and NumPy arrays sharing that storage see the change. Every in-place change bumps the
version counter (shared by views and `detach()`, not by `.data`); a saved tensor changed after
it was saved is caught when backward unpacks it.

When the graph is recorded the history is rebased as in PyTorch: a plain tensor takes the op's
node as its grad_fn (`y.add_(1)` -> AddBackward0); a view makes its base's grad_fn a
`CopySlices` node (the op applied to the viewed region of the base's gradient) and itself an
`AsStridedBackward0` view of that.
"""

from __future__ import annotations

import math

from .. import _messages as msg
from .. import dtypes
from .._tensor import (
    Tensor,
    make_tensor,
    refresh_view,
    register_view_rebaser,
    tensor_method,
    typename,
)
from ..autograd.grad_mode import STATE
from ..autograd.node import INFERENCE_VERSION, Node, edge, new_node, version_counter
from ..backends import python_number
from ._helpers import (
    broadcast_shapes,
    check_tensor,
    normalize_dim,
    on_backend,
    record,
    scalar_for,
    short_name,
)
from .indexing import host_key

_NUMBERS = (int, float, bool)


# --- checks ---------------------------------------------------------------------------------------


def check_inplace(self: Tensor, records: bool) -> None:
    """Refuse in-place changes that would corrupt the graph (PyTorch's checks and texts);
    `records`: whether the change is recorded (grad mode, and `self` or an operand requires
    grad), the only case PyTorch checks beyond inference tensors."""
    if self._vc is INFERENCE_VERSION and not STATE.inference:
        raise RuntimeError(msg.INFERENCE_INPLACE)
    if not records:
        return
    requires_grad = self.requires_grad
    view = self._view
    if view is not None:
        if view.creation is not None:
            raise _rebase_error(self, indirect=False)
        if requires_grad and view.base._grad_fn is None:
            raise RuntimeError(msg.VIEW_OF_LEAF_INPLACE)
    if requires_grad and self._grad_fn is None:  # (not brought up to date first, as PyTorch)
        raise RuntimeError(msg.LEAF_INPLACE)


def check_no_partial_overlap(self: Tensor, operands) -> None:
    """PyTorch's refusal to write `self` while reading a tensor that shares some, but not
    exactly all, of its elements (`x[1:].add_(x[:-1])`); `x.add_(x)` is fine."""
    backend = self._backend
    for t in operands:
        if (
            isinstance(t, Tensor)
            and t._backend is backend
            and backend.partial_overlap(self._data, t._data)
        ):
            raise RuntimeError(msg.PARTIAL_OVERLAP)


def _rebase_error(view: Tensor, indirect: bool) -> RuntimeError:
    """PyTorch's refusal (handle_view_on_rebase) to rebase a view made under no_grad or
    inference_mode, or a piece of a multi-output view: when it is changed in place itself, or
    (`indirect`) when its base or another view of its base was."""
    creation = view._view.creation
    fn = view._grad_fn
    modified = msg.VIEW_REBASE_MODIFIED[indirect]
    mode = msg.VIEW_MODES["inference" if creation == "inference" else "no_grad"]
    name = None if fn is None else fn.forward_op_name()
    if creation != "multi_output" or fn is None:
        who = "A view was" if fn is None else msg.VIEW_OF_VIEW.format(nr=view._output_nr, name=name)
        text = msg.VIEW_REBASE_CREATED.format(who=who, modified=modified, **mode)
    else:
        text = msg.VIEW_REBASE_OUTPUT.format(nr=view._output_nr, name=name, modified=modified)
    tail = msg.VIEW_REBASE_MULTI_OUTPUT if creation == "multi_output" else msg.VIEW_REBASE_AMBIGUOUS
    return RuntimeError(text + tail.format(**mode))


def _records(self: Tensor, args, kwargs) -> bool:
    """Whether the in-place op must be recorded in the graph."""
    if not STATE.enabled:
        return False
    if self.requires_grad:
        return True
    for a in args:
        if isinstance(a, Tensor) and a.requires_grad:
            return True
    return any(isinstance(a, Tensor) and a.requires_grad for a in kwargs.values())


def _result_data(self: Tensor, result: Tensor):
    """`result`'s array made fit to be written into `self`, or PyTorch's error if it isn't."""
    if result._backend is not self._backend:
        from ._helpers import device_mismatch

        raise device_mismatch(self, result)
    data = result._data
    if data.shape != self._data.shape:
        raise RuntimeError(
            msg.INPLACE_SHAPE.format(
                out=", ".join(map(str, self._data.shape)), shape=", ".join(map(str, data.shape))
            )
        )
    if data.dtype != self._data.dtype:
        src, dst = result.dtype, self.dtype
        if not dtypes.can_cast(src, dst):
            raise RuntimeError(msg.INPLACE_CAST.format(result=short_name(src), out=short_name(dst)))
        data = self._backend.xp.astype(data, self._data.dtype)
    return data


def _store(self: Tensor, data, fill: bool = False) -> None:
    """Write into `self`'s storage (never rebinding it, so views and NumPy arrays see it).

    `fill` (zero_, fill_: one value everywhere) may write elements that share memory.
    """
    if not self._backend.is_writable(self._data):  # a piece of an expanded view, or read-only
        _store_through_root(self, data, fill)  # (CuPy would write an expanded array as it is)
    elif fill:
        self._backend.fill(self._data, data)
    else:
        self._data[...] = data


def root_positions(backend, root_shape: tuple, view_fn) -> Tensor:
    """For each element of the view `view_fn` makes of a root, its flat position in the root."""
    xp = backend.xp
    n = 1
    for size in root_shape:
        n *= size
    positions = xp.arange(n, dtype=backend.native[dtypes.int64], device=backend.native_device)
    view = view_fn(make_tensor(xp.reshape(positions, root_shape), backend))
    return make_tensor(xp.reshape(view._data, (-1,)), backend)


def _store_through_root(self: Tensor, data, fill: bool = False) -> None:
    """Write a view the array namespace holds read-only (a piece of an `expand`) into its root.

    As in PyTorch, this is allowed unless two elements of `self` share one memory location; the
    written root elements then show through every view of the root (the expanded tensor too).
    """
    overlap = any(stride == 0 and size > 1 for stride, size in zip(self.stride(), self._data.shape))
    if self._view is None or (not fill and overlap):
        raise RuntimeError(msg.INPLACE_OVERLAP if overlap else msg.INPLACE_READ_ONLY) from None
    root, view_fn = self._view.base, self._view.view_fn
    backend = root._backend
    xp = backend.xp
    n, shape = root.numel(), tuple(root._data.shape)
    index = root_positions(backend, shape, view_fn)._data
    values = xp.reshape(
        xp.broadcast_to(
            xp.asarray(data, dtype=root._data.dtype, device=backend.native_device),
            tuple(self._data.shape),
        ),
        (-1,),
    )
    hit = xp.zeros((n,), dtype=xp.bool, device=backend.native_device)
    backend.scatter_set(hit, (index,), True)
    if fill:
        written = xp.full((n,), data, dtype=root._data.dtype, device=backend.native_device)
    else:  # no two elements share memory: each hit root element receives exactly one value
        written = xp.empty((n,), dtype=root._data.dtype, device=backend.native_device)
        backend.scatter_set(written, (index,), values)
    try:
        root._data[...] = xp.where(xp.reshape(hit, shape), xp.reshape(written, shape), root._data)
    except ValueError:  # the root itself is read-only (a non-writable NumPy array)
        raise RuntimeError(msg.INPLACE_READ_ONLY) from None


def _bump(self: Tensor):
    vc = version_counter(self)
    vc.value += 1
    return vc


# --- the generic mechanism ------------------------------------------------------------------------


def apply_inplace(self: Tensor, out_of_place_fn, *args, **kwargs) -> Tensor:
    """Run `out_of_place_fn(self, *args)` and write its result into `self` (PyTorch's `op_`)."""
    check_tensor(self, getattr(out_of_place_fn, "__name__", "op") + "_")
    records = _records(self, args, kwargs)
    check_inplace(self, records)
    check_no_partial_overlap(self, args)
    if kwargs:
        check_no_partial_overlap(self, kwargs.values())
    if records:
        return _recorded(self, out_of_place_fn, args, kwargs)
    _store(self, _result_data(self, _out_of_place(out_of_place_fn, self, args, kwargs)))
    _bump(self)
    return self


_COMPLEX_OF = {dtypes.float16: "ComplexHalf", dtypes.float64: "ComplexDouble"}


def _out_of_place(fn, self: Tensor, args, kwargs) -> Tensor:
    """`fn(self, *args)`; where a complex number made it fail (`x.mul_(1j)`: there are no
    complex dtypes), PyTorch's error for a complex result that `self` can't hold."""
    try:
        return fn(self, *args, **kwargs)
    except TypeError:
        if not any(isinstance(python_number(a), complex) for a in args):
            raise
        result = _COMPLEX_OF.get(self.dtype, "ComplexFloat")
        raise RuntimeError(
            msg.INPLACE_CAST.format(result=result, out=short_name(self.dtype))
        ) from None


def apply_unrecorded(self: Tensor, out_of_place_fn, *args) -> Tensor:
    """An in-place op PyTorch does not differentiate (logical_not_): the result is written into
    `self` and its version bumped, with no graph checks and its history left as it was."""
    _store(self, _result_data(self, out_of_place_fn(self, *args)))
    _bump(self)
    return self


def _recorded(self: Tensor, fn, args, kwargs) -> Tensor:
    """The in-place op with history: compute on a snapshot of the old value, then rebase."""
    backend = self._backend
    view = self._view
    grad_fn = self.grad_fn  # a stale view's brought up to date first
    old = make_tensor(
        backend.xp.asarray(self._data, copy=True),
        backend,
        self._requires_grad,
        grad_fn,
        self._output_nr,
    )
    result = _out_of_place(fn, old, args, kwargs)
    data = _result_data(self, result)
    node = result._grad_fn
    _store(self, data)
    vc = _bump(self)
    if node is None or node is old._grad_fn:
        return self
    _alias_saved_result(node, result, self, vc)
    if view is None:
        _set_history(self, node)
    else:
        _rebase_view(self, node)
    return self


def _alias_saved_result(node: Node, result: Tensor, self: Tensor, vc) -> None:
    """A node that saved its output now saves `self` (as PyTorch's in-place ops save self)."""
    saved = node._saved
    if not saved:
        return
    entries = []
    for entry in saved:
        if type(entry) is tuple:
            if entry[0] is None and entry[2] is result._data:  # save_output
                entry = (None, vc.value, self._data, entry[3], vc, self._backend)
            elif entry[0] is result:
                entry = (self, vc.value, entry[2], entry[3])
        entries.append(entry)
    node._saved = tuple(entries)


def _set_history(t: Tensor, node: Node) -> None:
    """Make `node` the grad_fn of `t` (PyTorch's set_gradient_edge and
    update_tensor_hooks_on_new_gradfn): a retain_grad() registration moves over to it; hooks
    registered before stay with the old grad_fn (a leaf's are dropped); a view notes the
    version its new grad_fn belongs to."""
    old_fn, old_nr = t._grad_fn, t._output_nr
    meta = t._meta
    if meta is not None:
        if old_fn is not None and meta.retains_grad:
            retained = old_fn._extras().get("retains_grad")
            ref = retained.pop(old_nr, None) if retained else None
            if ref is not None:
                node._extras().setdefault("retains_grad", {})[0] = ref
        meta.hooks = None
    t._grad_fn, t._output_nr, t._requires_grad = node, 0, True
    if t._view is not None:
        t._view.version = t._vc.value


def rebase_view(view: Tensor) -> None:
    """Give a view whose storage was changed in place since its grad_fn was set the base's
    current history: an AsStridedBackward0 of it (PyTorch's VariableHooks::grad_fn, which runs
    whenever a view's grad_fn is read), or PyTorch's error for a view it refuses to rebase.

    Nothing happens to a view without grad_fn of a base that does not require grad, nor to a
    view of an inference tensor (not a view for PyTorch's autograd).
    """
    info = view._view
    if (view._grad_fn is None and not info.base._requires_grad) or view._vc is INFERENCE_VERSION:
        return
    if info.creation is not None:
        raise _rebase_error(view, indirect=True)
    _set_history(view, _as_strided(info.base, info.view_fn))


register_view_rebaser(rebase_view)


class CopySlices(Node):
    """The base's grad_fn after one of its views changed in place: `fn` applied to that region.

    Its inputs are the base's previous history and the op's other inputs; the gradient of the
    old base is the incoming one with the region replaced by `fn`'s gradient for the old view.
    """

    __slots__ = ("_fn", "_view_fn")
    _cpp_namespace = "torch::autograd::"

    def backward(self, grad):
        result = grad.clone()
        region = self._view_fn(result)
        grads = self._fn._apply([region.clone()])
        first = grads[0] if grads else None
        if first is None:
            region.zero_()
        else:
            region.copy_(first)
        return (result, *grads[1:])

    def _release(self) -> None:
        self._fn._release()
        self._saved = None


class AsStridedBackward0(Node):
    """A view's grad_fn after an in-place change: its gradient placed in zeros of base shape."""

    __slots__ = ("_base_shape", "_view_fn")

    def backward(self, grad):
        # each root element gets the sum of the view elements that alias it (several for expand)
        from .indexing import scatter_add

        backend = grad._backend
        index = root_positions(backend, self._base_shape, self._view_fn)
        zeros = make_tensor(
            backend.xp.zeros(
                (math.prod(self._base_shape),), dtype=grad._data.dtype, device=backend.native_device
            ),
            backend,
        )
        return scatter_add(zeros, 0, index, grad.reshape(-1)).reshape(self._base_shape)


def _rebase_view(view: Tensor, fn: Node) -> None:
    """Give the root base a CopySlices grad_fn; the view (changed in place, so stale) then
    becomes an AsStridedBackward0 of it, as any other view of the base will when next read."""
    info = view._view
    root = info.base
    copy = CopySlices()
    copy._edges = (*edge(root), *fn._edges[2:])
    copy._fn, copy._view_fn = fn, info.view_fn
    copy._saved = fn._saved  # what it keeps is what `fn` keeps (and is released with it)
    _set_history(root, copy)
    refresh_view(view)


def _as_strided(root: Tensor, view_fn) -> AsStridedBackward0:
    strided = AsStridedBackward0()
    strided._edges = edge(root)
    strided._base_shape, strided._view_fn = tuple(root._data.shape), view_fn
    return strided


# --- zero_, fill_, copy_ --------------------------------------------------------------------------


class ZeroBackward0(Node):
    __slots__ = ()

    def backward(self, grad):
        return grad.new_zeros(grad.shape)


class FillBackward2(Node):
    """fill_ with a number: nothing of the old value survives."""

    __slots__ = ()

    def backward(self, grad):
        return grad.new_zeros(grad.shape)


class FillBackward3(Node):
    """fill_ with a 0-dim tensor: its gradient is the sum of the incoming one."""

    __slots__ = ()

    def backward(self, grad):
        return (
            grad.new_zeros(grad.shape) if self.needs_input_grad(0) else None,
            grad.sum() if self.needs_input_grad(1) else None,
        )


class CopyBackwards(Node):
    """copy_: the gradient goes to the source, in its shape, dtype and device."""

    __slots__ = ("_src_shape", "_src_dtype", "_src_device")
    _cpp_namespace = "torch::autograd::"

    def backward(self, grad):
        grad_src = None
        if self.needs_input_grad(1):
            grad_src = grad
            if tuple(grad.shape) != self._src_shape:
                grad_src = grad_src.sum_to_size(self._src_shape)
            grad_src = grad_src.to(device=self._src_device, dtype=self._src_dtype)
        return (grad.new_zeros(grad.shape) if self.needs_input_grad(0) else None), grad_src


def _moved(t: Tensor, backend, dtype: dtypes.dtype):
    """`t`'s array on `backend` in `dtype`, keeping its shape (0-dim ones included)."""
    data = on_backend(t, backend, dtype)
    if data.shape != t._data.shape:  # a device transfer may turn 0-dim into 1-dim
        data = backend.xp.reshape(data, t._data.shape)
    return data


def _filled(self: Tensor, value) -> Tensor:
    """A new tensor like `self` full of `value` (the out-of-place fill)."""
    backend = self._backend
    if isinstance(value, Tensor):
        if value._data.ndim:
            raise RuntimeError(msg.FILL_VALUE_DIM.format(dim=value._data.ndim))
        out = backend.xp.broadcast_to(_moved(value, backend, self.dtype), self._data.shape)
        cls, inputs = FillBackward3, (self, value)
    else:
        out = backend.xp.full(
            self._data.shape,
            scalar_for(value, self.dtype),
            dtype=self._data.dtype,
            device=backend.native_device,
        )
        cls, inputs = FillBackward2, (self,)
    return record(cls, inputs, out, backend)


def _zeroed(self: Tensor) -> Tensor:
    backend = self._backend
    return record(ZeroBackward0, (self,), backend.xp.zeros_like(self._data), backend)


def _copied(self: Tensor, src) -> Tensor:
    """`src` broadcast to `self`'s shape in `self`'s dtype and device (the out-of-place copy)."""
    src = check_tensor(src, "copy_", "other")  # PyTorch's parser names it `other`
    backend = self._backend
    shape = broadcast_shapes(tuple(self._data.shape), tuple(src._data.shape))
    data = _moved(src, backend, self.dtype)
    data = backend.xp.broadcast_to(data, shape)
    return record(
        CopyBackwards,
        (self, src),
        data,
        backend,
        state={"src_shape": tuple(src.shape), "src_dtype": src.dtype, "src_device": src.device},
    )


@tensor_method("zero_")
def zero_(self: Tensor) -> Tensor:
    """Set every element to 0 in place (`x.grad.zero_()`)."""
    if _records(self, (), {}):
        return apply_inplace(self, _zeroed)
    check_inplace(self, False)
    _store(self, 0 if self.dtype is not dtypes.bool else False, fill=True)
    _bump(self)
    return self


@tensor_method("fill_")
def fill_(self: Tensor, value) -> Tensor:
    """Set every element to `value` (a number or a 0-dim tensor) in place."""
    if not isinstance(value, (Tensor, *_NUMBERS, complex)):
        raise TypeError(msg.FILL_BAD_VALUE.format(type=type(value).__name__))
    if isinstance(value, Tensor) or _records(self, (), {}):
        return apply_inplace(self, _filled, value)
    check_inplace(self, False)
    _store(self, scalar_for(value, self.dtype), fill=True)
    _bump(self)
    return self


@tensor_method("copy_")
def copy_(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    """Copy `src`'s values into `self` (broadcasting, converting dtype and device)."""
    if src is self:  # PyTorch returns at once (after counting the write): no overlap to refuse
        check_inplace(self, _records(self, (), {}))
        _bump(self)
        return self
    return apply_inplace(self, _copied, src)


# --- masked_fill_, scatter_, scatter_add_ ---------------------------------------------------------


@tensor_method("masked_fill_")
def masked_fill_(self: Tensor, mask: Tensor, value) -> Tensor:
    """Set the elements where `mask` is True to `value`, in place."""
    mask = check_tensor(mask, "masked_fill_", "mask")
    if mask.dtype is not dtypes.bool:
        raise RuntimeError(msg.MASKED_FILL_DTYPE.format(dtype=dtypes.CPP_NAMES[mask.dtype]))
    shape = broadcast_shapes(tuple(self._data.shape), tuple(mask._data.shape))
    if shape != tuple(self._data.shape):
        raise RuntimeError(
            msg.INPLACE_SHAPE.format(
                out=", ".join(map(str, self._data.shape)), shape=", ".join(map(str, shape))
            )
        )
    return apply_inplace(self, Tensor.masked_fill, mask, value)


@tensor_method("scatter_")
def scatter_(self: Tensor, dim: int, index: Tensor, src=None, *, value=None, reduce=None) -> Tensor:
    """Write `src` (or `value`) at `index` along `dim`, in place."""
    src = value if src is None else src
    if reduce is not None:
        return apply_inplace(self, Tensor.scatter, dim, index, src, reduce=reduce)
    return apply_inplace(self, Tensor.scatter, dim, index, src)


@tensor_method("scatter_add_")
def scatter_add_(self: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    """Add `src` into `self` at `index` along `dim`, in place."""
    return apply_inplace(self, Tensor.scatter_add, dim, index, src)


# --- shape-changing in-place ops ------------------------------------------------------------------


class TBackward1(Node):
    __slots__ = ()

    def backward(self, grad):
        return grad.t()


class TransposeBackward1(Node):
    __slots__ = ("_dim0", "_dim1")

    def backward(self, grad):
        return grad.transpose(self._dim0, self._dim1)


class UnsqueezeBackward1(Node):
    __slots__ = ("_dim",)

    def backward(self, grad):
        return grad.squeeze(self._dim)


class SqueezeBackward3(Node):
    """squeeze_() of all size-1 dims (SqueezeBackward4 is squeeze_(dim))."""

    __slots__ = ("_sizes",)

    def backward(self, grad):
        return grad.reshape(self._sizes)


class SqueezeBackward4(SqueezeBackward3):
    __slots__ = ()


def _restride(self: Tensor, data, cls, **saved) -> Tensor:
    """Give `self` a new shape over the same storage, recording `cls` when needed."""
    check_inplace(self, _records(self, (), {}))
    node = new_node(cls, (self,))
    if node is not None:
        for name, value in saved.items():
            setattr(node, name, value)
    self._data = data
    _bump(self)
    if node is not None:
        _set_history(self, node)
    return self


@tensor_method("t_")
def t_(self: Tensor) -> Tensor:
    """Transpose a tensor of at most 2 dims in place."""
    check_inplace(
        self, _records(self, (), {})
    )  # a leaf's view is refused before its dims are looked at, as PyTorch
    if self._data.ndim > 2:
        raise RuntimeError(msg.T_INPLACE_DIMS.format(dim=self._data.ndim))
    data = self.t()._data
    return _restride(self, data, TBackward1)


@tensor_method("transpose_", "swapaxes_", "swapdims_")
def transpose_(self: Tensor, dim0: int, dim1: int) -> Tensor:
    """Swap two dims in place."""
    data = self.detach().transpose(dim0, dim1)._data
    return _restride(self, data, TransposeBackward1, _dim0=dim0, _dim1=dim1)


@tensor_method("unsqueeze_")
def unsqueeze_(self: Tensor, dim: int) -> Tensor:
    """Insert a size-1 dim in place."""
    dim = normalize_dim(dim, self._data.ndim + 1)
    data = self._backend.xp.expand_dims(self._data, axis=dim)
    return _restride(self, data, UnsqueezeBackward1, _dim=dim)


@tensor_method("squeeze_")
def squeeze_(self: Tensor, dim=None) -> Tensor:
    """Remove size-1 dims (all, or the given one) in place."""
    sizes = tuple(self._data.shape)
    data = self.detach().squeeze() if dim is None else self.detach().squeeze(dim)
    cls = SqueezeBackward3 if dim is None else SqueezeBackward4
    return _restride(self, data._data, cls, _sizes=sizes)


# --- setitem --------------------------------------------------------------------------------------


class IndexPutBackward0(Node):
    """x[advanced_key] = values: overwritten slots get no gradient; values get theirs."""

    __slots__ = ("_hit", "_positions")
    _keeps = ("_hit", "_positions")

    def backward(self, grad):
        grad_self = grad_values = None
        if self.needs_input_grad(0):
            grad_self = grad.masked_fill(self._hit, 0)
        if self.needs_input_grad(1):
            positions = self._positions
            grad_values = grad.reshape(-1)[positions.reshape(-1)].reshape(positions.shape)
        return grad_self, grad_values


def _index_put(
    self: Tensor,
    key,
    value: Tensor,
    accumulate: bool = False,
    cls: type | None = None,
    flat: bool = False,
) -> Tensor:
    """A copy of `self` with `self[key] = value` for an advanced key (last write wins), or
    with the values added there (`accumulate`: repeated positions add up); `cls` is the node
    class (IndexPutBackward0 unless put_ or masked_scatter wrote). With `flat`, `key` is a
    tensor of positions in the flattened `self` (put's, which a 0-d `self` takes too)."""
    backend = self._backend
    xp = backend.xp
    shape = tuple(self._data.shape)
    numel = self.numel()
    long = backend.native[dtypes.int64]
    grid = make_tensor(
        xp.reshape(xp.arange(numel, dtype=long, device=backend.native_device), shape), backend
    )
    positions = grid.reshape(-1)[key] if flat else grid[key]
    target, vshape = tuple(positions._data.shape), tuple(value._data.shape)
    try:
        fits = broadcast_shapes(vshape, target) == target
    except RuntimeError:
        fits = False
    if not fits:
        raise RuntimeError(msg.SETITEM_SHAPE.format(value=list(vshape), target=list(target)))
    flat = xp.reshape(positions._data, (-1,))
    values = xp.reshape(xp.broadcast_to(on_backend(value, backend, self.dtype), target), (-1,))
    order = xp.argsort(flat, stable=True)
    flat, values = xp.take(flat, order), xp.take(values, order)
    if flat.shape[0] and not accumulate:  # keep the last write to each position
        last = xp.concat(
            [flat[1:] != flat[:-1], xp.ones((1,), dtype=xp.bool, device=backend.native_device)]
        )
        flat, values = flat[last], values[last]
    hit = xp.zeros((numel,), dtype=xp.bool, device=backend.native_device)
    out = xp.asarray(xp.reshape(self._data, (-1,)), copy=True)
    if accumulate:
        backend.scatter_add(out, (flat,), values)
    else:  # positions are unique now; the overwritten ones pass no gradient back
        backend.scatter_set(hit, (flat,), True)
        backend.scatter_set(out, (flat,), values)
    out = xp.reshape(out, shape)
    return record(
        cls or IndexPutBackward0,
        (self, value),
        out,
        backend,
        state={
            "hit": make_tensor(xp.reshape(hit, shape), backend),
            "positions": positions,
            "in_meta": None if vshape == target else (None, (vshape, None)),  # value broadcast
        },
    )


def _is_advanced(key) -> bool:
    for item in key if type(key) is tuple else (key,):
        if isinstance(item, Tensor):
            if item._data.ndim or item.dtype is dtypes.bool:
                return True
        elif isinstance(item, (list, bool)) or hasattr(item, "__array__"):
            return True
    return False


def _result_ndim(self: Tensor, key) -> int:
    """How many dims `self[key]` has, without computing it (a bound for advanced keys)."""
    if _is_advanced(key):
        return self._data.ndim
    items = key if type(key) is tuple else (key,)
    return (
        self._data.ndim
        + sum(item is None for item in items)
        - sum(isinstance(item, (int, Tensor)) for item in items)
    )


def _is_whole(key) -> bool:
    """A key that selects the tensor itself (`...`, `:`): PyTorch writes without a view."""
    items = key if type(key) is tuple else (key,)
    return (
        all(item is Ellipsis or item == slice(None) for item in items)
        and sum(item is Ellipsis for item in items) <= 1
    )


@tensor_method("__setitem__")
def setitem(self: Tensor, key, value) -> None:
    """`self[key] = value`: a number or a tensor broadcast to the indexed region."""
    value, key = python_number(value), host_key(key)
    if isinstance(value, complex):
        value = dtypes.real_scalar(value, self.dtype)
    if isinstance(value, Tensor):
        src = value
    elif isinstance(value, _NUMBERS):
        src = make_tensor(self._backend.asarray(value, self.dtype), self._backend)
    else:
        raise TypeError(
            msg.SETITEM_TYPE.format(type=typename(type(value)), tensor_type=self.type())
        )
    if isinstance(key, Tensor) and not _is_advanced(key):
        key = int(key)
    while src._data.ndim and src._data.shape[0] == 1 and src._data.ndim > _result_ndim(self, key):
        src = src.squeeze(0)  # PyTorch drops leading size-1 dims of the value
    if _is_advanced(key):
        if src._backend is not self._backend and src._data.ndim:
            from ._helpers import device_mismatch

            raise device_mismatch(self, src)
        if src.dtype is not self.dtype:
            raise RuntimeError(
                msg.INDEX_PUT_DTYPE.format(dst=short_name(self.dtype), src=short_name(src.dtype))
            )
        apply_inplace(self, _index_put, key, src)
        return
    target = self if _is_whole(key) else self[key]
    if src._data.shape == target._data.shape:
        copy_(target, src)
    elif src._data.ndim == 0:
        fill_(target, src)
    else:
        src.detach().expand(target.shape)  # PyTorch's expand error for a value that won't fit
        copy_(target, src)


@tensor_method("resize_")
def resize_(self: Tensor, *sizes, size=None, memory_format=None) -> Tensor:
    """Give `self` the shape `sizes`, keeping its first elements in order (new ones are zeros
    here; PyTorch leaves them uninitialized)."""
    if self._requires_grad:
        raise RuntimeError(msg.RESIZE_REQUIRES_GRAD)
    if size is not None and not sizes:
        sizes = (size,)
    if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)):
        sizes = tuple(sizes[0])
    shape = tuple(int(s) for s in sizes)
    backend = self._backend
    xp = backend.xp
    flat = xp.reshape(self._data, (-1,))
    n = math.prod(shape)
    if n > flat.shape[0]:
        more = xp.zeros((n - flat.shape[0],), dtype=flat.dtype, device=backend.native_device)
        flat = xp.concat([flat, more])
    self.data = make_tensor(xp.reshape(flat[:n], shape), backend)  # as out= resizes
    _bump(self)
    return self


# --- more in-place ops: the optimizers' addcmul_/addcdiv_/lerp_, tril_/triu_ ----------------------


def inplace_method(name: str, doc: str):
    """`name_(self, *args, **kwargs)`: the Tensor method `name` applied in place."""

    def op_(self: Tensor, *args, **kwargs) -> Tensor:
        return apply_inplace(self, getattr(Tensor, name), *args, **kwargs)

    op_.__name__ = op_.__qualname__ = name + "_"
    op_.__doc__ = doc
    tensor_method(name + "_")(op_)
    return op_


# shape.py sits below this module, so its in-place forms are declared here
tril_ = inplace_method("tril", "Zero the elements above the `diagonal`-th diagonal, in place.")
triu_ = inplace_method("triu", "Zero the elements below the `diagonal`-th diagonal, in place.")


def _diagonal_mask(self: Tensor, wrap: bool) -> Tensor:
    """Where fill_diagonal_ writes: the elements with all indices equal, every `step`-th of
    the flat tensor; a tall matrix's diagonal starts again below each square when `wrap`."""
    shape = tuple(self.shape)
    if len(shape) < 2:
        raise RuntimeError(msg.FILL_DIAGONAL_DIMS)
    if len(shape) > 2 and len(set(shape)) > 1:
        raise RuntimeError(msg.FILL_DIAGONAL_EQUAL)
    step = sum(math.prod(shape[k + 1 :]) for k in range(len(shape)))  # cols + 1, 1 + n + n²...
    end = min(shape[0], shape[1]) * shape[1] if len(shape) == 2 and not wrap else self.numel()
    backend = self._backend
    flat = backend.xp.arange(self.numel(), device=backend.native_device)
    return make_tensor(backend.xp.reshape((flat % step == 0) & (flat < end), shape), backend)


@tensor_method("fill_diagonal_")
def fill_diagonal_(self: Tensor, fill_value, wrap: bool = False) -> Tensor:
    """Write `fill_value` on the main diagonal (all indices equal), in place."""
    mask = _diagonal_mask(check_tensor(self, "fill_diagonal_"), wrap)
    return apply_inplace(self, Tensor.masked_fill, mask, fill_value)


def fill(input, value) -> Tensor:
    """torch.fill: a new tensor like input, every element `value` (a number or 0-dim tensor)."""
    t = check_tensor(input, "fill")
    if not isinstance(value, (Tensor, *_NUMBERS, complex)):
        raise TypeError(msg.FILL_BAD_VALUE.format(type=type(value).__name__))
    return _filled(t, value)


__all__ = ["fill", "fill_", "zero_"]  # torch.fill_(t, v) and torch.zero_(t): the methods
