"""What every op family shares: operand coercion, dtype promotion, device checks, dim handling."""

from __future__ import annotations

import collections
import warnings

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._arguments import check_bool as check_bool
from .._arguments import check_int as check_int
from .._arguments import check_number as check_number
from .._arguments import is_int as is_int
from .._arguments import is_list_int as is_list_int
from .._arguments import is_number as is_number
from .._size import broadcast_error as broadcast_error
from .._size import broadcast_shapes as broadcast_shapes
from .._size import normalize_dim as normalize_dim
from .._tensor import Tensor, ViewMeta, call_form, make_tensor, typename
from ..autograd.grad_mode import STATE
from ..autograd.node import new_node, saved_entry, version_counter
from ..backends import cpu_backend, python_number

_NUMBER_TYPES = (int, float, bool)


def numpy_dim(name: str, dim, axis, default):
    """`dim`, or NumPy's `axis=` standing for it: PyTorch's argument parser takes both spellings
    (`torch.sum(x, axis=0)`). `default` is dim's default, `...` where dim is required; giving
    both names, or neither for a required dim, raises PyTorch's TypeError."""
    if axis is None:
        if dim is ...:
            raise TypeError(msg.MISSING_DIM.format(name=name))
        return dim
    if not (dim is default or (type(default) is int and dim == default)):
        raise TypeError(msg.UNEXPECTED_KEYWORD.format(name=name, keyword="axis"))
    return axis


def numpy_keepdim(name: str, keepdim, keepdims, default: bool):
    """`keepdim`, or NumPy's `keepdims=` standing for it (see numpy_dim)."""
    if keepdims is None:
        return keepdim
    if keepdim is not default:
        raise TypeError(msg.UNEXPECTED_KEYWORD.format(name=name, keyword="keepdims"))
    return keepdims


def check_tensor(value, name: str, arg: str = "input", position: int = 1) -> Tensor:
    """`value` if it is a Tensor, else PyTorch's TypeError naming the argument and its position
    (`position` in the function form; one less when called as a Tensor method, as PyTorch)."""
    if not isinstance(value, Tensor):
        form, method = call_form()
        if position > 1 and form == "method":
            position -= 1
            name = method if method == name + "_" else name  # x.index_put_(...) names index_put_
        raise TypeError(
            msg.NOT_A_TENSOR.format(
                name=name, arg=arg, position=position, type=typename(type(value))
            )
        )
    return value


def require_floating(t: Tensor, kernel: str) -> None:
    """PyTorch's NotImplementedError for a floating-only kernel given an integer or bool tensor."""
    if not t.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(kernel=kernel, dtype=t.dtype.legacy_name[:-6])
        )


def device_mismatch(a: Tensor, b: Tensor):
    """PyTorch's element-wise device error: the non-CPU device is named first."""
    first, second = (a.device, b.device) if a.device.type != "cpu" else (b.device, a.device)
    return RuntimeError(msg.DEVICE_MIX.format(a=first, b=second))


def check_same_device(method: str, arg: str, first: Tensor, other: Tensor) -> None:
    """PyTorch's dispatcher check (mm, gather, index_select...): `other` must be on `first`'s
    device; `method` is the CUDA wrapper PyTorch names, e.g. wrapper_CUDA_mm."""
    if other._backend is not first._backend:
        raise RuntimeError(
            msg.DEVICE_MIX_ARG.format(
                arg=arg, other=other.device, device=first.device, method=method
            )
        )


def _is_number(value) -> bool:
    return isinstance(value, _NUMBER_TYPES)


def result_dtype(*operands) -> dtypes.dtype:
    """PyTorch's result dtype for tensors and Python numbers together."""
    dims, zeros, scalars = [], [], []
    for v in operands:
        if isinstance(v, Tensor):
            (dims if v._data.ndim else zeros).append(v.dtype)
        elif v is not None:
            scalars.append(dtypes.scalar_dtype(v))
    return dtypes.result_type_of(tuple(dims), tuple(zeros), tuple(scalars))


def common_backend(*tensors):
    """The one backend all tensor operands live on; CPU 0-dim tensors may join any device."""
    backend = None
    first = None
    for t in tensors:
        if not isinstance(t, Tensor):
            continue
        if backend is None or (
            backend.device.type == "cpu" and first._data.ndim == 0 and t._backend is not backend
        ):
            backend, first = t._backend, t
        elif t._backend is not backend and not (t.device.type == "cpu" and t._data.ndim == 0):
            raise device_mismatch(first, t)
    return backend


def on_backend(t: Tensor, backend, dtype: dtypes.dtype):
    """`t`'s array converted to `dtype` and moved onto `backend` where needed."""
    data = t._data
    if t._backend is not backend:
        data = backend.from_host(t._backend.to_host(data))
    native = backend.native[dtype]
    if data.dtype != native:
        data = backend.xp.astype(data, native)
    return data


def scalar_for(value, dtype: dtypes.dtype):
    """A Python number in the kind the result dtype wants (so backends keep the dtype); PyTorch's
    TypeError naming the argument for anything that is not a number."""
    if isinstance(value, complex):
        value = dtypes.real_scalar(value, dtype)
    elif not isinstance(value, _NUMBER_TYPES):
        check_number(value, "value")
    if dtype is dtypes.bfloat16:  # a bfloat16 scalar: ml_dtypes widens beside a Python float
        return BFLOAT16.type(value)
    if dtype.is_floating_point:
        return float(value)
    if dtype is dtypes.bool:
        return bool(value)
    return dtypes.checked_int(value, dtype, dtypes.FILL_C_NAMES[dtype.name])


def operands(a, b, name: str):
    """Coerce a binary op's operands: (tensor_a, tensor_b, data_a, data_b, backend).

    A Python number stays a number (tensor None) so the backend treats it as weak, as PyTorch
    does (a NumPy scalar counts as a Python number); tensors of mixed dtypes are cast to the
    promoted dtype first.
    """
    a_is_t = isinstance(a, Tensor)
    b_is_t = isinstance(b, Tensor)
    if not (a_is_t and b_is_t):
        a, b = python_number(a), python_number(b)
    if a_is_t and b_is_t:
        xa, xb = a._data, b._data
        backend = a._backend
        if b._backend is backend and xa.dtype == xb.dtype:
            return a, b, xa, xb, backend
        backend = common_backend(a, b)
        dtype = result_dtype(a, b)
        return a, b, on_backend(a, backend, dtype), on_backend(b, backend, dtype), backend
    if a_is_t and _is_number(b):
        xa = a._data
        category = a._backend.ours[xa.dtype].category
        if (category == 2 and type(b) is not bool) or (category == 1 and type(b) is int):
            if category == 1:
                b = dtypes.wrap_int(b, a.dtype)
            return a, None, xa, b, a._backend  # the backend keeps the tensor's dtype (weak b)
        dtype = result_dtype(a, b)
        return a, None, on_backend(a, a._backend, dtype), scalar_for(b, dtype), a._backend
    if b_is_t and _is_number(a):
        xb = b._data
        category = b._backend.ours[xb.dtype].category
        if (category == 2 and type(a) is not bool) or (category == 1 and type(a) is int):
            if category == 1:
                a = dtypes.wrap_int(a, b.dtype)
            return None, b, a, xb, b._backend
        dtype = result_dtype(a, b)
        return None, b, scalar_for(a, dtype), on_backend(b, b._backend, dtype), b._backend
    for value in (a, b):
        if isinstance(value, complex):
            raise dtypes.no_complex(value)
    left = "Tensor" if a_is_t else type(a).__name__
    right = "Tensor" if b_is_t else type(b).__name__
    raise operand_error(name, left, right)


# The ops whose named forms PyTorch refuses a non-tensor `other` with its argument error (the
# operators keep Python's "unsupported operand" text): operand symbol -> the op's name
_TENSOR_OTHER = {
    "+": "add",
    "-": "sub",
    "*": "mul",
    "/": "div",
    "@": "matmul",
    "logical_and": "logical_and",
    "logical_or": "logical_or",
    "logical_xor": "logical_xor",
}


# The ops with a Number overload, whose named forms PyTorch refuses a non-number `other` with its
# overload list: operand symbol -> (name, the argument's name, how the function form lists a
# number first operand: "" not at all, "out" with out=, "refused" as a non-match; "plain": the
# number second operand without out=, a non-match)
_NUMBER_OVERLOADS = {
    "%": ("remainder", "other", "refused"),
    "fmod": ("fmod", "other", ""),
    "xlogy": ("xlogy", "other", "out"),
    "**": ("pow", "exponent", "out"),
    "//": ("floor_divide", "other", "plain"),
    "bitwise_and": ("bitwise_and", "other", "refused"),
    "bitwise_or": ("bitwise_or", "other", "refused"),
    "bitwise_xor": ("bitwise_xor", "other", "refused"),
    "==": ("eq", "other", ""),
    "!=": ("ne", "other", ""),
    "<": ("lt", "other", ""),
    "<=": ("le", "other", ""),
    ">": ("gt", "other", ""),
    ">=": ("ge", "other", ""),
}


def overload_error(name: str, arg: str, kind: str, right: str, method: str = "") -> TypeError:
    """PyTorch's "invalid combination of arguments" for a Tensor/Number op given a `right`
    operand, as a method or as a function (`method`: how it was entered, if known)."""
    if not method:
        form, called = call_form()
        method = called if form == "method" else ""
    name = method or name
    if method:
        text = msg.OVERLOAD_HEAD.format(name=name, got=right)
        for first in ("Tensor", "Number"):
            text += msg.OVERLOAD_MISMATCH.format(signature=f"{first} {arg}", marked=f"!{right}!")
        return TypeError(text)
    text = msg.OVERLOAD_HEAD.format(name=name, got=f"Tensor, {right}")
    text += msg.OVERLOAD_LINE.format(signature=f"Tensor input, Tensor {arg}, *, Tensor out = None")
    if kind == "out":
        text += msg.OVERLOAD_LINE.format(
            signature=f"Number self, Tensor {arg}, *, Tensor out = None"
        )
    if kind == "refused":
        text += msg.OVERLOAD_MISMATCH.format(
            signature=f"Number self, Tensor {arg}", marked=f"!Tensor!, !{right}!"
        )
    if kind == "plain":
        text += msg.OVERLOAD_MISMATCH.format(
            signature=f"Tensor input, Number {arg}", marked=f"Tensor, !{right}!"
        )
    else:
        text += msg.OVERLOAD_LINE.format(
            signature=f"Tensor input, Number {arg}, *, Tensor out = None"
        )
    return TypeError(text)


# The Python types PyTorch's error text counts as matching a parameter type beyond the type's
# own name (its parser compares names: nothing is a "Number" there)
_MATCHING = {"float": ("float", "int"), "int": ("int",)}


def invalid_combination(name: str, given: tuple, signatures: tuple) -> TypeError:
    """PyTorch's "invalid combination of arguments" for the positional values `given` (after
    self for a method), as its parser prints it: each signature (a tuple of "Type name = default"
    parameters, "*" included) and, under one with as many parameters as values were given, which
    of them it refuses: "(Tensor, !str!)"."""
    kinds = ["Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in given]
    text = msg.OVERLOAD_HEAD.format(name=name, got=", ".join(kinds))
    for params in signatures:
        shown = ", ".join(params)
        counted = params or ("",)  # its parser counts "*", out, and "()" as one argument
        if len(counted) != len(given):
            text += msg.OVERLOAD_LINE.format(signature=shown)
            continue
        marks = []
        for kind, param in zip(kinds, counted):
            wanted = param.split(" ")[0]
            marks.append(kind if kind in _MATCHING.get(wanted, (wanted,)) else f"!{kind}!")
        text += msg.OVERLOAD_MISMATCH.format(signature=shown, marked=", ".join(marks))
    return TypeError(text)


def refused_overloads(name: str, signatures: tuple, input, *given) -> TypeError:
    """invalid_combination for `name` called as a method (`signatures[0]`, the values after
    self) or as a function (`signatures[1]`, `input` first)."""
    form, method = call_form()
    if form == "method":
        return invalid_combination(method, given, signatures[0])
    return invalid_combination(name, (input, *given), signatures[1])


def operand_error(symbol: str, left: str, right: str) -> TypeError:
    """The error for operands no op takes: PyTorch's argument error for `x.add("a")` and
    `torch.add(x, "a")`, its overload list for `x.pow("a")`, Python's "unsupported operand"
    for `x + "a"`."""
    form, method = call_form()
    if left == "Tensor" and symbol in _NUMBER_OVERLOADS and form != "operator":
        name, arg, kind = _NUMBER_OVERLOADS[symbol]
        return overload_error(name, arg, kind, right, method if form == "method" else "")
    if left == "Tensor" and symbol in _TENSOR_OTHER and form != "operator":
        in_place = method.endswith("_")  # `x.add_("a")` names add_
        return TypeError(
            msg.NOT_A_TENSOR.format(
                name=method if in_place else _TENSOR_OTHER[symbol],
                arg="other",
                position=1 if form == "method" else 2,
                type=right,
            )
        )
    operator = _OPERATOR_TEXT.get(symbol, symbol)
    return TypeError(msg.UNSUPPORTED_OPERAND.format(op=operator, left=left, right=right))


# How Python names an operator in its "unsupported operand" text, where the op's symbol differs
_OPERATOR_TEXT = {"**": "** or pow()", "bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^"}


def input_meta(inputs, out_data, backend) -> tuple | None:
    """(shape, dtype) per input whose gradient must be summed or cast back; None if none must."""
    meta = None
    out_shape = out_data.shape
    out_dtype = out_data.dtype
    for i, t in enumerate(inputs):
        if t is None or not t._requires_grad:
            continue
        x = t._data
        same_backend = t._backend is backend
        if x.shape != out_shape or not same_backend or x.dtype != out_dtype:
            if meta is None:
                meta = [None] * len(inputs)
            # arrays of two backends (a CPU leaf beside a cuda tensor) compare dtypes as ours
            other_dtype = (
                x.dtype != out_dtype if same_backend else t.dtype is not backend.ours[out_dtype]
            )
            meta[i] = (
                tuple(x.shape) if x.shape != out_shape else None,
                t.dtype if other_dtype else None,
            )
    return None if meta is None else tuple(meta)


def record(
    cls,
    inputs: tuple,
    out_data,
    backend,
    save: tuple = (),
    save_result: bool | int = False,
    broadcasts: bool = False,
    view_fn=None,
    state: dict | None = None,
    differentiable: tuple | None = None,
    **saved,
):
    """An op's result, wired to a new `cls` node when the graph is recorded (else a plain tensor).

    The one place where an op's output meets its node. The node's edges point at `inputs` (None
    for a Python number). `out_data` is one array, or a list of arrays for an op with several
    outputs (a list of tensors comes back; `differentiable` flags those that carry a gradient,
    by default all). With `view_fn` the result is a view of `inputs[0]` that `view_fn(base)`
    rebuilds (see make_view). The node saves the tensors in `save`, then its own result when
    `save_result` (an int n: its first n outputs); each keyword becomes the attribute
    `_saved_<name>` (the names PyTorch shows) and each entry of `state` the private attribute
    `_<name>`; `broadcasts` notes which inputs' gradients must be summed or cast back to their
    shape and dtype.
    """
    node = new_node(cls, inputs)
    several = type(out_data) is list
    if several:
        out = _outputs(node, inputs[0], out_data, backend, view_fn, differentiable)
    elif view_fn is not None:
        out = make_view(inputs[0], out_data, node, view_fn)
    elif node is None:
        return make_tensor(out_data, backend)
    else:
        out = make_tensor(out_data, backend, True, node, 0)
    if node is None:
        return out
    if several:
        node._n_outputs = len(out_data)
    if save_result and not several:
        node.save_output(out)
        if save:
            node._saved = (*map(saved_entry, save), *node._saved)
    elif save_result:
        results = out if save_result is True else out[:save_result]
        node._saved = (
            *map(saved_entry, save),
            *(_output_entry(r) for r in results if r._grad_fn is node),
        )
    elif save:
        node.save(*save)
    if saved or state or broadcasts:
        _note(node, inputs, out_data, backend, saved, state, broadcasts)
    return out


def _note(node, inputs: tuple, out_data, backend, saved: dict, state: dict | None, broadcasts):
    """The node's `_saved_<name>` attributes, its private `_<name>` state, and what it must
    know to sum or cast gradients back to broadcast inputs' shapes and dtypes."""
    for name, value in saved.items():
        setattr(node, "_saved_" + name, value)
    if state:
        for name, value in state.items():
            setattr(node, "_" + name, value)
    if broadcasts:
        node._in_meta = input_meta(inputs, out_data, backend)


def _outputs(node, base: Tensor, arrays: list, backend, view_fn, differentiable) -> list:
    """The tensors of a multi-output op: output i of `node` where `differentiable` (a flag per
    output, None for all) allows, or, with `view_fn`, pieces viewing `base` that PyTorch refuses
    to change in place."""
    outs = []
    for i, data in enumerate(arrays):
        if view_fn is not None:
            out = make_view(base, data, node, lambda b, i=i: view_fn(b)[i], i, "multi_output")
        elif node is not None and (differentiable is None or differentiable[i]):
            out = make_tensor(data, backend, True, node, i)
        else:
            out = make_tensor(data, backend)
        outs.append(out)
    return outs


def _output_entry(out: Tensor) -> tuple:
    """What a node keeps of one of its own outputs (unpacked with that node as grad_fn)."""
    vc = version_counter(out)
    return (None, vc.value, out._data, out._output_nr, vc, out._backend)


def make_view(
    base: Tensor, data, node, view_fn, output_nr: int = 0, creation: str | None = None
) -> Tensor:
    """A tensor sharing `base`'s storage and version counter, remembering how to re-derive it.

    `view_fn(root)` rebuilds this view from the root base; in-place changes to the view use it
    to rewrite the base's history (CopySlices), as PyTorch does. `output_nr` numbers the pieces
    of one node (split, unbind), made with `creation="multi_output"`. A view made under no_grad
    or inference_mode is marked so: PyTorch refuses to rebase it (ViewMeta), as a view of it.
    """
    out = make_tensor(data, base._backend, node is not None, node, output_nr)
    vc = out._vc = version_counter(base)
    if not STATE.enabled:
        creation = "inference" if STATE.inference else "no_grad"
    parent = base._view
    if parent is None:
        out._view = ViewMeta(base, view_fn, vc.value, creation)
    else:  # PyTorch's propagate_creation_meta: a view is as restricted as its base, or more
        if creation is None or parent.creation == "inference":
            creation = parent.creation
        parent_fn = parent.view_fn
        out._view = ViewMeta(parent.base, lambda r: view_fn(parent_fn(r)), vc.value, creation)
    return out


def short_name(dtype: dtypes.dtype) -> str:
    """'Float', 'Long', ...: the scalar type name PyTorch's messages use."""
    return dtype.legacy_name[: -len("Tensor")]


def float_data(t: Tensor):
    """The array of `t` as a floating dtype (ints and bools become the default float)."""
    data = t._data
    if t._backend.ours[data.dtype].is_floating_point:
        return data
    return t._backend.xp.astype(data, t._backend.native[dtypes.get_default_dtype()])


# what a NumPy or CuPy float16 array's `.dtype` is, and a NumPy bfloat16 array's
HALF, BFLOAT16 = np.dtype(np.float16), cpu_backend.native[dtypes.bfloat16]


def is_half(array_dtype) -> bool:
    """Whether an array's dtype is float16 or bfloat16 (by identity: NumPy's and CuPy's dtypes
    are singletons, and array-api-strict's warn when compared with NumPy's)."""
    return array_dtype is HALF or array_dtype is BFLOAT16


def in_float32(kernel, xp, *arrays):
    """`kernel(xp, *arrays)`, computed in float32 and rounded once when the first array is
    float16 or bfloat16: PyTorch's CPU kernels compute them in float32 (their "opmath" type)."""
    half = arrays[0].dtype
    if half is not HALF and half is not BFLOAT16:  # is_half without a call: a hot path
        return kernel(xp, *arrays)
    return xp.astype(kernel(xp, *(xp.astype(a, xp.float32) for a in arrays)), half)


FLOAT32 = np.dtype(np.float32)


def weak_number_result(out, xa, xb):
    """A kernel's result on a bfloat16 array and a Python number, in bfloat16: ml_dtypes does
    not keep Python numbers weak (NumPy's rule for its own dtypes), so the kernel computed in
    float32 with the number unrounded; rounding once here gives PyTorch's CPU result (its
    kernels take the number in float32, their "opmath" type)."""
    if out.dtype is FLOAT32 and (
        getattr(xa, "dtype", None) is BFLOAT16 or getattr(xb, "dtype", None) is BFLOAT16
    ):
        return out.astype(BFLOAT16)
    return out


def opmath_arrays(xp, *arrays) -> tuple:
    """The arrays to compute with: in float32 when the first is float16 or bfloat16 (PyTorch's
    CPU kernels compute those in float32, their "opmath" type), else as they are."""
    if not is_half(arrays[0].dtype):
        return arrays
    return tuple(xp.astype(a, xp.float32) for a in arrays)


def _matmul(xp, a, b):
    return xp.matmul(a, b)


def matmul_data(xp, a, b):
    """`xp.matmul(a, b)`; float16 and bfloat16 multiply in float32 and round once, as PyTorch's
    CPU kernels add up (and through BLAS: ml_dtypes' own bfloat16 loop is ~1000x slower)."""
    return in_float32(_matmul, xp, a, b)


def floating_dtype(*values) -> dtypes.dtype:
    """The promoted dtype of the operands, integers and bools giving the default float."""
    dtype = result_dtype(*values)
    return dtype if dtype.is_floating_point else dtypes.get_default_dtype()


def as_floating(t: Tensor) -> Tensor:
    """`t` itself when floating, else a copy in the default float dtype (no graph: ints)."""
    return t if t.dtype.is_floating_point else t.to(dtypes.get_default_dtype())


def as_tensor_like(value, like: Tensor, arg: str = "other") -> Tensor:
    """A Python number as a tensor on `like`'s device (for ops that need tensors); PyTorch's
    TypeError naming `arg` for anything else."""
    if isinstance(value, Tensor):
        return value
    dtype = result_dtype(like, check_number(value, arg))
    backend = like._backend
    return make_tensor(backend.asarray(value, dtype), backend)


_RETURN_TYPES = {}


def return_type(name: str, fields: tuple = ("values", "indices")):
    """PyTorch's torch.return_types.<name>: a named tuple (values, indices), or of `fields`."""
    cls = _RETURN_TYPES.get(name)
    if cls is None:
        cls = collections.namedtuple(name, fields)
        cls.__module__ = "torch.return_types"
        cls.__qualname__ = name
        cls.__repr__ = _return_type_repr
        _RETURN_TYPES[name] = cls
    return cls


def _return_type_repr(self) -> str:
    parts = ",\n".join(f"{field}={value!r}" for field, value in zip(self._fields, self))
    return f"torch.return_types.{type(self).__name__}(\n{parts})"


WARNED_ONCE: set = set()  # the texts warn_once has warned


def warn_once(text: str) -> None:
    """A UserWarning the first time in this process only (PyTorch's TORCH_WARN_ONCE)."""
    if text not in WARNED_ONCE:
        WARNED_ONCE.add(text)
        warnings.warn(text, UserWarning, stacklevel=3)
