"""Shape ops and views: `view`/`reshape`, `expand`, `permute`, `squeeze`, `select`, `narrow`,
`diff` (joining and splitting are in joining.py, triangles and diagonals in diagonals.py,
repeat/tile/flip/roll/rot90 in rearrangement.py).

Ops that are views in PyTorch share storage (and the version counter) with their input through
`make_view`; the others copy. Each backward is written with
tensor ops, so gradients of gradients work.
"""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .. import dtypes
from .._arguments import is_int, is_list_int
from .._creation import empty_like
from .._size import Size
from .._tensor import Tensor, call_form, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_int,
    check_tensor,
    normalize_dim,
    numpy_dim,
    record,
)
from .out import with_out

INT64_MAX = (1 << 63) - 1  # what PyTorch saves as a slice's end when none is given


def ints_argument(name: str, arg: str, given: tuple, position: int = 2) -> tuple:
    """The ints of a tuple-of-ints argument: `given` is the method's spread form
    (`x.expand(2, 3)`, `x.expand((2, 3))`) or `(value,)`; PyTorch's TypeErrors for anything
    else, naming the argument at `position` (in the function form; one less in a method call)."""
    items = tuple(given[0]) if len(given) == 1 and isinstance(given[0], (tuple, list)) else given
    if all(type(s) is int for s in items):
        return items
    return int_tuple(name, arg, given, position - (call_form()[0] == "method"))


def spread_or_keyword(name: str, arg: str, given: tuple, keyword) -> tuple:
    """A method's tuple-of-ints argument given spread or as one sequence (`given`), or by its
    keyword (`x.flip(dims=(0, 1))`): PyTorch's TypeErrors where it is missing or given twice.
    The result is in `given`'s form, for ints_argument and the like."""
    if keyword is None:
        if not given:
            raise TypeError(msg.MISSING_ARGUMENT.format(name=name, arg=arg))
        return given
    if given:
        raise TypeError(msg.ARGUMENT_TWICE.format(name=name, arg=arg))
    if not isinstance(keyword, (tuple, list)):  # a keyword is never spread
        int_tuple(name, arg, (keyword,), None)
    return (keyword,)


def int_tuple(name: str, arg: str, given: tuple, position: int | None) -> tuple:
    """A tuple-of-ints argument as PyTorch's parser reads it: one sequence, or (`given` holding
    more than one value, or one int: a method's spread form `x.tile(2, 3)`) the ints themselves;
    its TypeErrors otherwise. `position` is None for a keyword argument."""
    where = "" if position is None else f" (position {position})"
    one = given[0] if len(given) == 1 else None
    if isinstance(one, (tuple, list)):
        items = tuple(one)
    elif one is not None and (position is None or not is_int(one)):
        raise TypeError(
            msg.INTS_NOT_TUPLE.format(name=name, arg=arg, where=where, type=type(one).__name__)
        )
    else:
        items = given
    bad = next((i for i, s in enumerate(items) if not is_list_int(s, i)), None)
    if bad == 0:
        raise TypeError(
            msg.INTS_FIRST_ELEMENT.format(
                name=name, arg=arg, where=where, type=type(items[0]).__name__
            )
        )
    if bad is not None:
        raise TypeError(
            msg.SIZE_UNPACK.format(name=name, arg=arg, pos=bad + 1, type=type(items[bad]).__name__)
        )
    return tuple(int(s) for s in items)


def _checked_sizes(name: str, size: tuple) -> tuple:
    """The sizes given to view / reshape (ints, or one tuple or list of them), with the
    TypeErrors of PyTorch's argument parser for anything else (`view(2.0, 3)`)."""
    one = len(size) == 1
    items = tuple(size[0]) if one and isinstance(size[0], (tuple, list)) else size
    bad = next((i for i, s in enumerate(items) if not is_list_int(s, i)), None)
    if bad is None:
        return tuple(int(s) for s in items)
    kind = type(items[bad]).__name__
    if bad and (not one or isinstance(size[0], list)):  # a later element
        arg = "size" if name == "view" else "shape"
        raise TypeError(msg.SIZE_UNPACK.format(name=name, arg=arg, pos=bad + 1, type=kind))
    if name == "reshape":
        if not one:
            raise TypeError(msg.RESHAPE_POSITIONAL.format(count=len(size)))
        if items is size:
            raise TypeError(msg.RESHAPE_NOT_TUPLE.format(type=kind))
        raise TypeError(msg.RESHAPE_ELEMENT.format(type=kind, pos=bad))
    if not one:
        got = ", ".join(type(s).__name__ for s in size)
        raise TypeError(msg.VIEW_ARGS.format(got=got))
    got = type(size[0]).__name__
    wrong = kind if items is size else f"{got} of ({', '.join(type(s).__name__ for s in items)})"
    raise TypeError(msg.VIEW_ONE_ARG.format(got=got, bad=wrong))


def infer_shape(shape: tuple, numel: int) -> tuple:
    """Resolve one -1 in a requested shape, with PyTorch's errors."""
    if shape.count(-1) > 1:
        raise RuntimeError(msg.VIEW_ONE_INFERRED)
    for i, s in enumerate(shape):
        if s < -1:
            raise RuntimeError(msg.SHAPE_NEGATIVE.format(size=s, index=i, shape=list(shape)))
    known = 1
    for s in shape:
        if s != -1:
            known *= s
    if -1 in shape:
        if known == 0 or numel % known:
            raise RuntimeError(msg.VIEW_SIZE.format(shape=list(shape), numel=numel))
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise RuntimeError(msg.VIEW_SIZE.format(shape=list(shape), numel=numel))
    return shape


def _zeros(backend, shape: tuple, like) -> Tensor:
    return make_tensor(
        backend.xp.zeros(shape, dtype=like.dtype, device=backend.native_device), backend
    )


# --- view / reshape / flatten ---------------------------------------------------------------------


class ViewBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.reshape(self._saved_self_sym_sizes)


class UnsafeViewBackward0(ViewBackward0):
    """reshape of a tensor whose strides allow no view: a view of a fresh copy."""

    __slots__ = ()


class ReshapeAliasBackward0(ViewBackward0):
    """reshape of a non-contiguous tensor whose strides allow a view (PyTorch's _reshape_alias)."""

    __slots__ = ()


def _viewed(t: Tensor, shape: tuple):
    """`t`'s array reshaped without copying, or None when its strides forbid it."""
    try:
        return t._backend.xp.reshape(t._data, shape, copy=False)
    except (ValueError, AttributeError):  # NumPy / array-api-strict: "a copy is needed"
        return None


@tensor_method("view")
def view(self, *shape, size=None, dtype=None) -> Tensor:
    """The same storage seen with another shape (one size may be -1)."""
    if dtype is not None and not shape and size is None:
        shape = (dtype,)
    if len(shape) == 1 and isinstance(shape[0], dtypes.dtype):
        return self.to(shape[0])  # view(dtype) is not supported beyond a plain cast
    shape = infer_shape(
        _checked_sizes("view", spread_or_keyword("view", "size", shape, size)), self.numel()
    )
    data = _viewed(self, shape)
    if data is None:
        raise RuntimeError(msg.VIEW_STRIDE)
    return record(
        ViewBackward0,
        (self,),
        data,
        self._backend,
        view_fn=lambda b: b.view(shape),
        self_sym_sizes=tuple(self._data.shape),
    )


@tensor_method("reshape")
def reshape(input, *shape_given, shape=None) -> Tensor:
    """`view` when the storage allows it, else a copy with the new shape (as PyTorch).

    The node says which: ViewBackward0 (contiguous), ReshapeAliasBackward0 (a view of other
    strides), CloneBackward0 then UnsafeViewBackward0 (a copy)."""
    t = check_tensor(input, "reshape")
    given = spread_or_keyword("reshape", "shape", shape_given, shape)
    shape = infer_shape(_checked_sizes("reshape", given), t.numel())
    data = _viewed(t, shape)
    if data is not None and t.is_contiguous():
        return view(t, shape)
    if data is not None:
        return record(
            ReshapeAliasBackward0,
            (t,),
            data,
            t._backend,
            view_fn=lambda b: reshape(b, shape),
            self_sym_sizes=tuple(t._data.shape),
        )
    copy = t.clone()
    data = t._backend.xp.reshape(copy._data, shape)
    return record(
        UnsafeViewBackward0, (copy,), data, t._backend, self_sym_sizes=tuple(t._data.shape)
    )


@tensor_method("view_as")
def view_as(self, other: Tensor) -> Tensor:
    return view(self, other.shape)


@tensor_method("reshape_as")
def reshape_as(self, other: Tensor) -> Tensor:
    return reshape(self, other.shape)


@tensor_method("flatten")
def flatten(input, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """Merge dims start_dim..end_dim into one (a view when the strides allow it)."""
    t = check_tensor(input, "flatten")
    ndim = t._data.ndim
    start, end = normalize_dim(start_dim, ndim), normalize_dim(end_dim, ndim)
    if start > end:
        raise RuntimeError(msg.FLATTEN_ORDER)
    if ndim == 0:
        return reshape(t, (1,))
    if start == end:
        return t
    shape = tuple(t._data.shape)
    merged = 1
    for s in shape[start : end + 1]:
        merged *= s
    return reshape(t, shape[:start] + (merged,) + shape[end + 1 :])


@tensor_method("ravel")
def ravel(input) -> Tensor:
    """The elements as one dim in row-major order (a view when `input` is contiguous)."""
    return view(check_tensor(input, "ravel").contiguous(), -1)


@tensor_method("unflatten")
def unflatten(input, dim: int, sizes) -> Tensor:
    """Split dim `dim` into `sizes` (one may be -1): the inverse of flatten."""
    t = check_tensor(input, "unflatten")
    if not t._data.ndim:
        raise RuntimeError(msg.UNFLATTEN_0D)
    d = normalize_dim(dim, t._data.ndim)
    sizes = tuple(int(s) for s in sizes)
    if not sizes:
        raise RuntimeError(msg.UNFLATTEN_EMPTY)
    size = t._data.shape[d]
    known = 1
    for s in sizes:
        known *= s if s != -1 else 1
    if (-1 in sizes and (known == 0 or size % known)) or (-1 not in sizes and known != size):
        raise RuntimeError(msg.UNFLATTEN_SIZES.format(sizes=list(sizes), dim=d, size=size))
    shape = tuple(t._data.shape)
    return view(t, shape[:d] + infer_shape(sizes, size) + shape[d + 1 :])


# --- expand ---------------------------------------------------------------------------------------


class ExpandBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.sum_to_size(self._saved_self_sym_sizes)


@tensor_method("expand")
def expand(self, *sizes, size=None) -> Tensor:
    """A broadcast view: size-1 dims repeat without copying (-1 keeps a size)."""
    sizes = ints_argument("expand", "size", spread_or_keyword("expand", "size", sizes, size))
    shape = tuple(self._data.shape)
    lead = len(sizes) - len(shape)
    if lead < 0:
        raise RuntimeError(
            msg.EXPAND_DIMS.format(
                type=self.type()[6:],
                sizes=", ".join(map(str, shape)),
                target=", ".join(map(str, sizes)),
                n=len(sizes),
                dim=len(shape),
            )
        )
    target = [0] * len(sizes)
    for i in reversed(range(len(sizes))):  # from the last dim, as PyTorch checks them
        s = sizes[i]
        if i < lead and s < 0:
            raise RuntimeError(msg.EXPAND_LEADING.format(size=s, dim=i))
        old = shape[i - lead] if i >= lead else 1
        if s == -1:
            s = old
        if (old != 1 and old != s) or s < 0:
            raise RuntimeError(
                msg.EXPAND_SIZE.format(new=s, old=old, dim=i, target=list(sizes), sizes=list(shape))
            )
        target[i] = s
    target = tuple(target)
    data = self._data if target == shape else self._backend.xp.broadcast_to(self._data, target)
    return record(
        ExpandBackward0,
        (self,),
        data,
        self._backend,
        view_fn=lambda b: b.expand(target),
        self_sym_sizes=shape,
    )


@tensor_method("expand_as")
def expand_as(self, other: Tensor) -> Tensor:
    return expand(self, other.shape)


# --- squeeze / unsqueeze --------------------------------------------------------------------------


class SqueezeBackward0(Node):
    """squeeze(): every size-1 dim removed."""

    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        return grad.reshape(self._saved_self_sym_sizes)


class SqueezeBackward1(Node):
    """squeeze(dim)."""

    __slots__ = ("_saved_dim", "_saved_self_sym_sizes", "_dim")

    def backward(self, grad):
        shape = self._saved_self_sym_sizes
        return grad.unsqueeze(self._dim) if shape and shape[self._dim] == 1 else grad


class SqueezeBackward2(SqueezeBackward0):
    """squeeze(dims) with a tuple of dims."""

    __slots__ = ("_saved_dim",)


class UnsqueezeBackward0(Node):
    __slots__ = ("_saved_dim", "_dim")

    def backward(self, grad):
        return grad.squeeze(self._dim)


@tensor_method("squeeze")
def squeeze(input, dim=None, *, axis=None) -> Tensor:
    """Remove size-1 dims: all of them, one `dim`, or a tuple of dims (a view)."""
    if axis is not None:
        dim = numpy_dim("squeeze", dim, axis, None)
    t = check_tensor(input, "squeeze")
    shape = tuple(t._data.shape)
    state = None
    if dim is None:
        cls, dims, saved = SqueezeBackward0, tuple(range(len(shape))), {}
    elif isinstance(dim, (tuple, list)):
        cls, dims, saved = SqueezeBackward2, distinct_dims(dim, len(shape)), {"dim": tuple(dim)}
    else:
        cls, dims = SqueezeBackward1, (normalize_dim(dim, len(shape)),)
        saved, state = {"dim": dim}, {"dim": dims[0]}
    new = tuple(s for i, s in enumerate(shape) if not (i in dims and s == 1))
    return record(
        cls,
        (t,),
        t._backend.xp.reshape(t._data, new),
        t._backend,
        view_fn=lambda b: b.squeeze(dim),
        state=state,
        self_sym_sizes=shape,
        **saved,
    )


@tensor_method("unsqueeze")
def unsqueeze(input, dim: int = ..., *, axis=None) -> Tensor:
    """Insert a size-1 dim at `dim` (a view)."""
    if axis is not None or dim is ...:
        dim = numpy_dim("unsqueeze", dim, axis, ...)
    t = check_tensor(input, "unsqueeze")
    d = normalize_dim(dim, t._data.ndim + 1)
    return record(
        UnsqueezeBackward0,
        (t,),
        t._backend.xp.expand_dims(t._data, axis=d),
        t._backend,
        view_fn=lambda b: b.unsqueeze(d),
        state={"dim": d},
        dim=dim,
    )


def distinct_dims(dims, ndim: int) -> tuple:
    """Normalized dims, with PyTorch's error for a dim given twice."""
    seen = []
    for d in dims:
        n = normalize_dim(d, ndim)
        if n in seen:
            raise RuntimeError(msg.DIM_REPEATED.format(dim=n))
        seen.append(n)
    return tuple(seen)


# --- transpose / permute --------------------------------------------------------------------------


class TransposeBackward0(Node):
    __slots__ = ("_saved_dim0", "_saved_dim1")

    def backward(self, grad):
        return grad.transpose(self._saved_dim0, self._saved_dim1)


class TBackward0(Node):
    __slots__ = ()

    def backward(self, grad):
        return grad.t()


class PermuteBackward0(Node):
    __slots__ = ("_saved_dims", "_inverse")

    def backward(self, grad):
        return grad.permute(self._inverse)


def _permuted(t: Tensor, order: tuple):
    return t._backend.xp.permute_dims(t._data, order)


@tensor_method("transpose", "swapaxes", "swapdims")
def transpose(input, dim0: int, dim1: int) -> Tensor:
    """Swap two dims (a view)."""
    t = check_tensor(input, "transpose")
    ndim = t._data.ndim
    d0, d1 = normalize_dim(dim0, ndim), normalize_dim(dim1, ndim)
    order = list(range(ndim))
    if ndim:  # a 0-d tensor takes dims 0 and -1: its transpose is a view of itself
        order[d0], order[d1] = d1, d0
    return record(
        TransposeBackward0,
        (t,),
        _permuted(t, tuple(order)),
        t._backend,
        view_fn=lambda b: b.transpose(d0, d1),
        dim0=dim0,
        dim1=dim1,
    )


swapaxes = swapdims = transpose


@tensor_method("t")
def t(input) -> Tensor:
    """Transpose of a matrix; 0-d and 1-d tensors come back as they are (a view)."""
    x = input if isinstance(input, Tensor) else check_tensor(input, "t")
    ndim = x._data.ndim
    if ndim > 2:
        raise RuntimeError(msg.T_DIMS.format(dim=ndim))
    data = x._data.T if ndim == 2 else x._data  # `.T` is the array API's matrix transpose
    return record(TBackward0, (x,), data, x._backend, view_fn=_transposed)


def _transposed(base: Tensor) -> Tensor:
    return base.t()


@tensor_method("permute")
def permute(input, *dims_given, dims=None) -> Tensor:
    """Reorder the dims (a view)."""
    x = check_tensor(input, "permute")
    dims = ints_argument("permute", "dims", spread_or_keyword("permute", "dims", dims_given, dims))
    ndim = x._data.ndim
    if len(dims) != ndim:
        raise RuntimeError(msg.PERMUTE_DIMS.format(dim=ndim, n=len(dims)))
    order = tuple(normalize_dim(d, ndim) for d in dims)
    if len(set(order)) != ndim:
        raise RuntimeError(msg.PERMUTE_DUPLICATE)
    inverse = [0] * ndim
    for i, d in enumerate(order):
        inverse[d] = i
    return record(
        PermuteBackward0,
        (x,),
        _permuted(x, order),
        x._backend,
        view_fn=lambda b: b.permute(order),
        state={"inverse": tuple(inverse)},
        dims=dims,
    )


def _T(self) -> Tensor:
    """All dims reversed (PyTorch warns about it beyond 2-d, as here)."""
    ndim = self._data.ndim
    if ndim != 2:
        warnings.warn(msg.T_DEPRECATED if ndim else msg.T_0D, UserWarning, stacklevel=2)
    return permute(self, tuple(range(ndim - 1, -1, -1)))


def _mT(self) -> Tensor:
    """The last two dims swapped (batches of matrices)."""
    if self._data.ndim == 0:
        warnings.warn(msg.MT_0D, UserWarning, stacklevel=2)
        return permute(self, ())
    if self._data.ndim < 2:
        raise RuntimeError(msg.MT_DIMS.format(dim=self._data.ndim))
    return transpose(self, -2, -1)


Tensor.T = property(_T)
Tensor.mT = property(_mT)


def _adjoint(self: Tensor, dims_text: str, zero_d_text: str) -> Tensor:
    """The last two dims swapped: the conjugate transpose of real (batches of) matrices."""
    if self._data.ndim == 0:
        warnings.warn(zero_d_text, UserWarning, stacklevel=3)
        return self
    if self._data.ndim < 2:
        raise RuntimeError(dims_text.format(dim=self._data.ndim))
    return transpose(self, -2, -1)


def _H(self) -> Tensor:
    """The conjugate transpose of a matrix (its transpose: our dtypes are real)."""
    if self._data.ndim > 2:
        raise RuntimeError(msg.H_DIMS.format(dim=self._data.ndim) + msg.H_BATCH_HINT)
    return _adjoint(self, msg.H_DIMS, msg.H_0D)


def _mH(self) -> Tensor:
    """The conjugate transpose of (batches of) matrices: mT, our dtypes being real."""
    return _adjoint(self, msg.MH_DIMS, msg.MH_0D)


@tensor_method("adjoint")
def adjoint(input) -> Tensor:
    """The conjugate transpose of (batches of) matrices: mT, our dtypes being real."""
    return _adjoint(check_tensor(input, "adjoint"), msg.ADJOINT_DIMS, msg.ADJOINT_0D)


Tensor.H = property(_H)
Tensor.mH = property(_mH)


@tensor_method("conj", "resolve_conj", "resolve_neg", "conj_physical")
def conj(input) -> Tensor:
    """The complex conjugate: `input` itself for our real dtypes (as PyTorch returns it)."""
    return check_tensor(input, "conj")


resolve_conj = resolve_neg = conj
conj_physical = with_out(conj, "conj_physical")


@tensor_method("conj_physical_")
def conj_physical_(input) -> Tensor:
    """In-place conjugation: nothing to change in a real tensor, returned as it is."""
    return check_tensor(input, "conj_physical_")


@tensor_method("is_conj", "is_neg")
def is_conj(input) -> bool:
    """Whether a lazy conjugation (or negation) bit is set: never, for real dtypes."""
    check_tensor(input, "is_conj")
    return False


is_neg = is_conj


@tensor_method("movedim", "moveaxis")
def movedim(input, source, destination) -> Tensor:
    """Move dims from `source` positions to `destination` positions (a permute view)."""
    x = check_tensor(input, "movedim")
    ndim = x._data.ndim
    src = tuple(source) if isinstance(source, (tuple, list)) else (source,)
    dst = tuple(destination) if isinstance(destination, (tuple, list)) else (destination,)
    if len(src) != len(dst):
        raise RuntimeError(msg.MOVEDIM_LEN.format(src=list(src), dst=list(dst)))
    s = tuple(normalize_dim(d, ndim) for d in src)
    d = tuple(normalize_dim(v, ndim) for v in dst)
    for name, dims, given in (("source", s, src), ("destination", d, dst)):
        if len(set(dims)) != len(dims):
            raise RuntimeError(msg.MOVEDIM_REPEATED.format(name=name, dims=list(given)))
    if not ndim:  # a 0-d tensor takes dims 0 and -1: moving them gives an alias
        return alias(x)
    order = [None] * ndim
    for a, b in zip(s, d):
        order[b] = a
    rest = iter(i for i in range(ndim) if i not in s)
    order = tuple(o if o is not None else next(rest) for o in order)
    return permute(x, order)


moveaxis = movedim


# --- select / slice (what basic indexing is made of) ----------------------------------------------


def _key(dim: int, item) -> tuple:
    return (slice(None),) * dim + (item, Ellipsis)


class _Embed(Node):
    """The gradient of select/slice: a zero tensor with the grad written into the picked part."""

    __slots__ = ("_saved_dim", "_item")

    def backward(self, grad):
        return _pick(grad, self._saved_dim, self._item)


class SelectBackwardBackward0(_Embed):
    __slots__ = ("_saved_index",)


class SliceBackwardBackward0(_Embed):
    __slots__ = ("_saved_start", "_saved_end", "_saved_step")


def _pick(t: Tensor, dim: int, item) -> Tensor:
    if isinstance(item, slice):
        return slice_dim(t, dim, item.start, item.stop, item.step)
    return select(t, dim, item)


def _embed(grad: Tensor, shape: tuple, dim: int, item, cls) -> Tensor:
    """zeros(shape) with `grad` placed at `item` along `dim` (select/slice backward)."""
    backend = grad._backend
    out = backend.xp.zeros(shape, dtype=grad._data.dtype, device=backend.native_device)
    out[_key(dim, item)] = grad._data
    return record(cls, (grad,), out, backend, state={"item": item}, dim=dim)


class SelectBackward0(Node):
    __slots__ = ("_saved_dim", "_saved_index", "_saved_self_sym_sizes")

    def backward(self, grad):
        return _embed(
            grad,
            self._saved_self_sym_sizes,
            self._saved_dim,
            self._saved_index,
            SelectBackwardBackward0,
        )


class SliceBackward0(Node):
    __slots__ = (
        "_saved_dim",
        "_saved_start",
        "_saved_end",
        "_saved_step",
        "_saved_self_sym_sizes",
        "_item",
    )

    def backward(self, grad):
        return _embed(
            grad, self._saved_self_sym_sizes, self._saved_dim, self._item, SliceBackwardBackward0
        )


@tensor_method("select")
def select(input, dim: int, index: int) -> Tensor:
    """The slice at `index` along `dim`, with that dim removed (a view)."""
    x = check_tensor(input, "select")
    ndim = x._data.ndim
    if ndim == 0:
        raise IndexError(msg.SELECT_0D)
    d = normalize_dim(dim, ndim)
    size = x._data.shape[d]
    index = check_int(index, "index")
    if not -size <= index < size:
        raise IndexError(msg.SELECT_RANGE.format(index=index, sizes=list(x._data.shape), dim=d))
    i = index % size
    return record(
        SelectBackward0,
        (x,),
        x._data[_key(d, i)],
        x._backend,
        view_fn=lambda b: select(b, d, i),
        dim=d,
        index=i,
        self_sym_sizes=tuple(x._data.shape),
    )


def slice_dim(x: Tensor, dim: int, start=None, end=None, step=None) -> Tensor:
    """x[start:end:step] along `dim` (aten::slice; a view, step > 0)."""
    d = normalize_dim(dim, x._data.ndim)
    step = 1 if step is None else int(step)
    if step <= 0:
        raise ValueError(msg.SLICE_STEP_ZERO if step == 0 else msg.SLICE_STEP_NEGATIVE)
    item = slice(*slice(start, end, step).indices(x._data.shape[d]))
    return record(
        SliceBackward0,
        (x,),
        x._data[_key(d, item)],
        x._backend,
        view_fn=lambda b: slice_dim(b, d, *_bounds(item)),
        state={"item": item},
        dim=d,
        start=0 if start is None else int(start),
        end=INT64_MAX if end is None else int(end),
        step=step,
        self_sym_sizes=tuple(x._data.shape),
    )


def _bounds(item: slice) -> tuple:
    return item.start, item.stop, item.step


@tensor_method("narrow")
def narrow(input, dim: int, start: int, length: int) -> Tensor:
    """`length` elements from `start` along `dim` (a view; SliceBackward0)."""
    x = check_tensor(input, "narrow")
    if x._data.ndim == 0:
        raise RuntimeError(msg.NARROW_0D)
    d = normalize_dim(dim, x._data.ndim)
    size = x._data.shape[d]
    start, length = check_int(start, "start"), check_int(length, "length")
    if length < 0:
        raise RuntimeError(msg.NARROW_LENGTH)
    if not -size <= start <= size:
        raise IndexError(msg.NARROW_START.format(low=-size, high=size, start=start))
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(msg.NARROW_SIZE.format(start=start, length=length, size=size))
    return slice_dim(x, d, start, start + length, 1)


class AliasBackward0(Node):
    __slots__ = ()

    def backward(self, grad):
        return grad


def alias(x: Tensor) -> Tensor:
    """The same tensor as a new view (what `x[...]` returns)."""
    return record(AliasBackward0, (x,), x._data, x._backend, view_fn=alias)


# --- broadcasting helpers -------------------------------------------------------------------------


@tensor_method("broadcast_to")
def broadcast_to(input, size) -> Tensor:
    """`input` expanded to `size` (a view, ExpandBackward0)."""
    return expand(
        check_tensor(input, "broadcast_to"), ints_argument("broadcast_to", "size", (size,))
    )


def broadcast_tensors(*tensors) -> tuple:
    """The tensors expanded to their common broadcast shape (unchanged ones returned as is)."""
    from ._helpers import broadcast_shapes

    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    shape = broadcast_shapes(*(tuple(check_tensor(t, "broadcast_tensors").shape) for t in tensors))
    return tuple(t if tuple(t.shape) == shape else expand(t, shape) for t in tensors)


@with_out
@tensor_method("diff")
def diff(input, n: int = 1, dim: int = -1, prepend=None, append=None) -> Tensor:
    """n-th forward difference along `dim` (xor for bools), prepend/append joined first."""
    x = check_tensor(input, "diff")
    if x._data.ndim == 0:
        raise RuntimeError(msg.DIFF_0D)
    d = normalize_dim(dim, x._data.ndim)
    if n == 0:  # PyTorch: a copy of the input alone (CopyBackwards), prepend/append unused
        return empty_like(x).copy_(x)
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        from .joining import cat  # joining builds on this module's views

        x = cat(parts, d)
    for _ in range(n):
        length = x.shape[d]
        if length == 0:
            break
        later, earlier = narrow(x, d, 1, length - 1), narrow(x, d, 0, length - 1)
        x = later.logical_xor(earlier) if x.dtype.name == "bool" else later - earlier
    return x


def broadcast_shapes(*shapes) -> Size:
    """The shape that tensors of these shapes (ints count as 1-d shapes) broadcast to."""
    result: list = []
    for index, shape in enumerate(shapes):
        sizes = (shape,) if isinstance(shape, int) else tuple(shape)
        if any(isinstance(n, int) and n < 0 for n in sizes):
            raise ValueError(msg.BROADCAST_SHAPES_NEGATIVE)
        result = [1] * (len(sizes) - len(result)) + result
        for at in range(-1, -len(sizes) - 1, -1):
            n = sizes[at]
            if n != 1 and n != result[at] and result[at] != 1:
                raise RuntimeError(
                    msg.BROADCAST_SHAPES.format(n=n, at=at, index=index, shape=shape, result=result)
                )
            result[at] = n if result[at] == 1 else result[at]
    return Size(result)


@with_out
@tensor_method("narrow_copy")
def narrow_copy(input, dim: int, start: int, length: int) -> Tensor:
    """narrow, as a new tensor rather than a view."""
    return narrow(check_tensor(input, "narrow_copy"), dim, start, length).clone()


@tensor_method("is_same_size")
def is_same_size(input, other) -> bool:
    """Whether the two tensors have the same shape."""
    a = check_tensor(input, "is_same_size")
    return tuple(a.shape) == tuple(check_tensor(other, "is_same_size", "other", 2).shape)


__all__ = [
    "broadcast_shapes",
    "is_same_size",
    "narrow_copy",
    "broadcast_tensors",
    "broadcast_to",
    "adjoint",
    "conj",
    "conj_physical",
    "conj_physical_",
    "diff",
    "expand",
    "flatten",
    "is_conj",
    "is_neg",
    "moveaxis",
    "movedim",
    "narrow",
    "permute",
    "ravel",
    "reshape",
    "resolve_conj",
    "resolve_neg",
    "select",
    "squeeze",
    "swapaxes",
    "swapdims",
    "t",
    "transpose",
    "unflatten",
    "unsqueeze",
]
