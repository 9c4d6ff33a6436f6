"""Making tensors: `tensor`, `from_numpy`, `zeros`/`ones`/..., random factories, `*_like`, `new_*`.

Python data is walked once to check its shape and infer PyTorch's dtype (bool, then int64, then
the default float); array data keeps its dtype. Host arrays go through the CPU backend.
"""

from __future__ import annotations

import math
import warnings

from . import _memory_format, dtypes
from . import _messages as msg
from ._arguments import check_bool, check_int, check_number, is_int, is_list_int
from ._generator import draw
from ._size import broadcast_shapes
from ._tensor import Tensor, make_tensor, tensor_method, typename
from .autograd.grad_mode import no_grad
from .autograd.versions import version_counter
from .backends import all_backends, backend_for, cpu_backend, is_numpy_array
from .device import device as Device

__all__ = [
    "tensor",
    "as_tensor",
    "from_numpy",
    "zeros",
    "ones",
    "empty",
    "full",
    "eye",
    "arange",
    "linspace",
    "logspace",
    "rand",
    "randn",
    "randint",
    "randperm",
    "normal",
    "zeros_like",
    "ones_like",
    "empty_like",
    "full_like",
    "rand_like",
    "randn_like",
    "randint_like",
    "manual_seed",
    "initial_seed",
    "seed",
    "scalar_tensor",
]


# --- reading Python and array data -------------------------------------------------------------


def _is_array_like(data) -> bool:
    return (
        hasattr(data, "__array_interface__")
        or hasattr(data, "__dlpack__")
        and not isinstance(data, Tensor)
    )


def _walk(data):
    """(shape, dtype inferred by PyTorch's rules, flat values) of nested Python sequences."""
    shape: list = []
    probe = data
    # A tensor inside a list is one number (PyTorch's ValueError unless it has one element);
    # a NumPy array inside a list is a nested sequence, as in PyTorch.
    while isinstance(probe, (list, tuple)) or (is_numpy_array(probe) and probe.ndim > 0):
        shape.append(len(probe))
        if len(probe) == 0:
            break
        probe = probe[0]
    if shape and isinstance(probe, str):  # PyTorch reads a str as one more nested sequence
        raise ValueError(msg.TENSOR_STR_DIMENSIONS.format(type=type(probe).__name__))
    category = None
    flat = []
    stack = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth < len(shape):
            if is_numpy_array(item):
                item = item.tolist()
            if not isinstance(item, (list, tuple)):
                raise ValueError(
                    msg.TENSOR_RAGGED.format(
                        expected=shape[depth], dim=depth, got=type(item).__name__
                    )
                )
            if len(item) != shape[depth]:
                raise ValueError(
                    msg.TENSOR_RAGGED.format(expected=shape[depth], dim=depth, got=len(item))
                )
            stack.extend((child, depth + 1) for child in reversed(item))
            continue
        if isinstance(item, Tensor):
            if item.numel() != 1:
                raise ValueError(msg.ONE_ELEMENT_SCALAR)
            kind = item.dtype
            item = item.item()
        elif isinstance(item, (list, tuple)):
            raise ValueError(msg.TENSOR_RAGGED.format(expected=0, dim=depth, got=len(item)))
        elif isinstance(item, bool) or type(item).__name__ == "bool_":
            kind = dtypes.bool
        elif (
            isinstance(item, int)
            or hasattr(item, "__index__")
            and not hasattr(item, "dtype")
            or type(item).__name__.startswith(("int", "uint"))
        ):
            kind = dtypes.int64
        elif isinstance(item, float) or type(item).__name__.startswith("float"):
            kind = dtypes.get_default_dtype()
        else:
            if isinstance(item, str):
                raise TypeError(msg.TENSOR_STR_ELEMENT.format(type=type(item).__name__))
            if isinstance(item, complex) or type(item).__name__.startswith("complex"):
                raise dtypes.no_complex(complex(item))
            raise RuntimeError(msg.TENSOR_BAD_ELEMENT.format(type=type(item).__name__))
        category = kind if category is None else dtypes.promote_types(category, kind)
        flat.append(item)
    if category is None:
        category = dtypes.get_default_dtype()
    elif category.is_floating_point:
        category = (
            dtypes.get_default_dtype()
            if category.itemsize <= dtypes.get_default_dtype().itemsize
            else category
        )
    return tuple(shape), category, flat


def _host_array(data, dtype):
    """A NumPy array (via the CPU backend) for any supported data, with its dtype."""
    if isinstance(data, Tensor):
        host = data._backend.to_host(data._data)
        return (
            host if dtype is None else host.astype(cpu_backend.native[dtype])
        ), dtype or data.dtype
    if _is_array_like(data) and hasattr(data, "dtype"):
        source = cpu_backend.ours.get(cpu_backend.xp.asarray(data).dtype)
        if source is None:
            raise numpy_dtype_error(data)
        target = dtype or source
        return cpu_backend.xp.asarray(data, dtype=cpu_backend.native[target]), target
    shape, inferred, flat = _walk(data)
    target = dtype or inferred
    if not (target.is_floating_point or target.is_complex or target is dtypes.bool):
        flat = [dtypes.checked_int(value, target) for value in flat]
    array = cpu_backend.asarray(flat, target).reshape(shape)
    return array, target


def _place(host, dtype, device, requires_grad: bool, copy: bool = True) -> Tensor:
    backend = backend_for(device)
    if backend is cpu_backend:
        data = host.copy() if copy else host
    else:
        data = backend.from_host(host)
    out = make_tensor(data, backend)
    if requires_grad is not False and check_bool(requires_grad, "requires_grad"):
        if not dtype.is_floating_point:
            raise RuntimeError(msg.FACTORY_REQUIRES_GRAD_DTYPE)
        out._requires_grad = True
    return out


def tensor(
    data, *, dtype=None, device=None, requires_grad: bool = False, pin_memory: bool = False
) -> Tensor:
    """A new leaf tensor that copies `data` (int64 for ints, float32 for floats, bool for bools)."""
    _check_dtype("tensor", dtype)
    if isinstance(data, Tensor):
        warnings.warn(msg.COPY_CONSTRUCT_WARNING, UserWarning, stacklevel=2)
        device = device if device is not None else data.device
    host, dtype = _host_array(data, dtype)
    return _place(host, dtype, device, requires_grad, copy=True)


def scalar_tensor(value, *, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    return tensor(
        value, dtype=dtype or dtypes.get_default_dtype(), device=device, requires_grad=requires_grad
    )


def as_tensor(data, dtype=None, device=None) -> Tensor:
    """Like `tensor`, but shares memory with a tensor or CPU array when no conversion is needed."""
    if isinstance(data, Tensor):
        if (dtype is None or dtype is data.dtype) and (
            device is None or Device(device) == data.device
        ):
            return data
        return data.to(device=device, dtype=dtype)
    host, target = _host_array(data, dtype)
    shares = _is_array_like(data) and (
        dtype is None or target is cpu_backend.ours.get(getattr(data, "dtype", None))
    )
    return _place(host, target, device, False, copy=not shares)


def numpy_dtype_error(array) -> Exception:
    """PyTorch's error for a NumPy array of a dtype no tensor holds (ours for complex ones)."""
    dtype = array.dtype
    if dtype.kind == "c":
        return dtypes.no_complex(array)
    if not dtype.isnative:
        return ValueError(msg.NUMPY_BYTE_ORDER)
    return TypeError(msg.FROM_NUMPY_DTYPE.format(dtype=f"numpy.{dtype.type.__name__}"))


def from_numpy(ndarray) -> Tensor:
    """A CPU tensor sharing memory with a NumPy array: a change to either shows in both."""
    if type(ndarray).__name__ != "ndarray":
        raise TypeError(msg.FROM_NUMPY_TYPE.format(type=type(ndarray).__name__))
    if ndarray.dtype not in cpu_backend.ours:
        raise numpy_dtype_error(ndarray)
    if not ndarray.flags.writeable and not _warned_not_writable:
        _warn_not_writable()
    return make_tensor(ndarray, cpu_backend)


_warned_not_writable = False


def _warn_not_writable() -> None:
    """PyTorch's from_numpy warning for a read-only array, once per program as PyTorch does."""
    global _warned_not_writable
    _warned_not_writable = True
    warnings.warn(msg.FROM_NUMPY_NOT_WRITABLE, UserWarning, stacklevel=3)


def rebuild_tensor(host, dtype_name: str, shape, strides, offset, device, requires_grad) -> Tensor:
    """Unpickling: the inverse of Tensor.__reduce_ex__ (the storage's bytes, then the view)."""
    dtype = getattr(dtypes, dtype_name)
    element = cpu_backend.native[dtype]
    if host is None:  # an empty tensor
        host, strides, offset = cpu_backend.xp.zeros(shape, element), None, 0
    out = _place(host.view(element), dtype, device, False, copy=False)
    if strides is not None:
        data = out._backend.as_strided(out._data, tuple(shape), tuple(strides), offset)
        out = make_tensor(data, out._backend)
    out._requires_grad = requires_grad
    return out


# --- sized factories ---------------------------------------------------------------------------


def _sizes(size, name: str) -> tuple:
    """A shape from a factory's `size` (ints, or one sequence of them), with the TypeErrors of
    PyTorch's argument parser naming the function."""
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    elif len(size) == 1 and not is_int(size[0]):
        raise TypeError(msg.SIZE_NOT_TUPLE.format(name=name, type=typename(type(size[0]))))
    out = []
    for i, s in enumerate(size):
        if isinstance(s, Tensor):
            s = s.item()
        if type(s) is not int and not is_list_int(s, i):
            kind = typename(type(s))
            raise TypeError(
                msg.SIZE_FIRST_ELEMENT.format(name=name, type=kind)
                if i == 0
                else msg.SIZE_ELEMENT.format(name=name, pos=i + 1, type=kind)
            )
        if s < 0:
            raise RuntimeError(
                msg.ZEROS_NEGATIVE
                if name == "zeros"
                else msg.NEW_SIZE_NEGATIVE.format(size=s, sizes=list(size))
            )
        out.append(int(s))
    return tuple(out)


def _finish(data, backend, dtype, requires_grad: bool, out=None) -> Tensor:
    result = make_tensor(data, backend)
    if out is not None:
        return write_into(out, result)
    if requires_grad is not False and check_bool(requires_grad, "requires_grad"):
        if not dtype.is_floating_point:
            raise RuntimeError(msg.FACTORY_REQUIRES_GRAD_DTYPE)
        result._requires_grad = True
    return result


def write_into(out: Tensor, result: Tensor) -> Tensor:
    """`result` copied into `out`, which is resized (with PyTorch's warning unless it was
    empty) when the shapes differ; returns `out`."""
    if tuple(out.shape) != tuple(result.shape):
        if out.numel():
            warnings.warn(
                msg.OUT_RESIZED.format(old=list(out.shape), new=list(result.shape)),
                UserWarning,
                stacklevel=4,
            )
        with no_grad():
            out.data = result.to(out.dtype)  # a new storage of the right shape, as resize_
        version_counter(out).value += 1
        return out
    with no_grad():
        out.copy_(result)
    return out


def _check_dtype(name: str, dtype) -> None:
    """PyTorch's TypeError for a `dtype=` that is not a torch.dtype (e.g. the string 'float32')."""
    if dtype is not None and not isinstance(dtype, dtypes.dtype):
        raise TypeError(msg.DTYPE_ARGUMENT.format(name=name, type=typename(type(dtype))))


def _filled(name: str, size, value, dtype, device, requires_grad, out=None) -> Tensor:
    _check_dtype(name, dtype)
    check_number(value, "fill_value")
    if out is not None:  # PyTorch's factories write into `out` (its dtype and device win)
        dtype, device = dtype or out.dtype, device or out.device
    dtype = dtype or dtypes.get_default_dtype()
    if isinstance(value, complex):
        value = dtypes.real_scalar(value, dtype)
    integer = not (dtype.is_floating_point or dtype.is_complex or dtype is dtypes.bool)
    if integer and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = dtypes.checked_int(value, dtype, dtypes.FILL_C_NAMES[dtype.name])
    backend = backend_for(device)
    data = backend.xp.full(
        _sizes(size, name), value, dtype=backend.native[dtype], device=backend.native_device
    )
    return _finish(data, backend, dtype, requires_grad, out)


def zeros(
    *sizes, size=None, out=None, dtype=None, layout=None, device=None, requires_grad=False
) -> Tensor:
    return _filled(
        "zeros", sizes if size is None else (size,), 0, dtype, device, requires_grad, out
    )


def ones(
    *sizes, size=None, out=None, dtype=None, layout=None, device=None, requires_grad=False
) -> Tensor:
    return _filled("ones", sizes if size is None else (size,), 1, dtype, device, requires_grad, out)


def empty(
    *sizes,
    size=None,
    out=None,
    dtype=None,
    layout=None,
    device=None,
    requires_grad=False,
    memory_format=_memory_format.contiguous_format,
) -> Tensor:
    """Zero-filled here: 'uninitialised' memory would make lessons print random garbage."""
    fmt = _memory_format.contiguous_format
    if memory_format is not None:
        fmt = _memory_format.checked(memory_format, "empty")
    if fmt is _memory_format.preserve_format:
        raise RuntimeError(msg.EMPTY_PRESERVE)
    t = _filled("empty", sizes if size is None else (size,), 0, dtype, device, requires_grad, out)
    return _in_format(t, fmt)


def _in_format(t: Tensor, fmt: _memory_format.memory_format) -> Tensor:
    """The new tensor `t` (no history, no views yet) with its memory laid out in `fmt`."""
    if fmt is not _memory_format.contiguous_format:
        _memory_format.check_rank(fmt, t.dim())
        t._data = _memory_format.lay_out(t._backend.xp, t._data, fmt)
    return t


def _drawn_like(fill: str, args: tuple, shape, fmt, dtype, device, generator, requires_grad):
    """A random `*_like` result in a memory format other than row-major, made as PyTorch makes
    it: an empty tensor in that layout, then the in-place `fill` (uniform_, normal_, random_),
    which draws its numbers in memory order."""
    t = _in_format(empty(shape, dtype=dtype, device=device), fmt)
    getattr(t, fill)(*args, generator=generator)
    return t.requires_grad_(requires_grad)


def _like_format(input: Tensor, memory_format, name: str) -> _memory_format.memory_format:
    """The memory format a `*_like` result takes: the given one, or for preserve_format the
    input's own (channels last where the input's memory is, as PyTorch suggests)."""
    fmt = _memory_format.checked(memory_format, name, optional=True)
    if fmt is not _memory_format.preserve_format:
        return fmt
    if not input.is_contiguous():
        for candidate in (_memory_format.channels_last, _memory_format.channels_last_3d):
            if input.is_contiguous(memory_format=candidate):
                return candidate
    return _memory_format.contiguous_format


def full(
    size, fill_value, *, out=None, dtype=None, layout=None, device=None, requires_grad=False
) -> Tensor:
    if dtype is None and out is None:
        dtype = dtypes.scalar_dtype(check_number(fill_value, "fill_value"))
    if not isinstance(size, (list, tuple)):
        raise TypeError(msg.SIZE_NOT_TUPLE.format(name="full", type=typename(type(size))))
    return _filled("full", (tuple(size),), fill_value, dtype, device, requires_grad, out)


def eye(n: int, m: int | None = None, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    n, m = check_int(n, "n"), m if m is None else check_int(m, "m")
    if n < 0:
        raise RuntimeError(msg.SQUARE_EYE.format(n=n))
    dtype = dtype or dtypes.get_default_dtype()
    host = cpu_backend.xp.eye(n, n if m is None else m, dtype=cpu_backend.native[dtype])
    return _place(host, dtype, device, requires_grad, copy=False)


def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    if end is None:
        start, end = 0, start
    given = {"start": start, "end": end, "step": step}
    values = [v.item() if isinstance(v, Tensor) else check_number(v, k) for k, v in given.items()]
    values = [
        dtypes.real_scalar(v, dtypes.float64) if isinstance(v, complex) else v for v in values
    ]
    if not (math.isfinite(values[0]) and math.isfinite(values[1])):
        raise RuntimeError(msg.ARANGE_RANGE.format(start=values[0], end=values[1]))
    if values[2] == 0:
        raise RuntimeError(msg.ARANGE_STEP)
    if (values[1] - values[0]) * values[2] < 0:
        raise RuntimeError(msg.ARANGE_BOUND)
    if dtype is None:
        dtype = (
            dtypes.int64 if all(isinstance(v, int) for v in values) else dtypes.get_default_dtype()
        )
    if dtype.is_floating_point:  # start + step * i, as PyTorch computes each (so -0.0 + 0 is 0.0)
        count = math.ceil((values[1] - values[0]) / values[2])
        host = values[0] + values[2] * cpu_backend.xp.arange(
            count, dtype=cpu_backend.native[dtypes.float64]
        )
    else:
        host = _integer_arange(*values, dtype)
    host = host.astype(cpu_backend.native[dtype])
    return _place(host, dtype, device, requires_grad, copy=False)


def deprecated_range(
    start, end=None, step=1, *, dtype=None, device=None, requires_grad=False
) -> Tensor:
    """`torch.range` (deprecated in PyTorch, still there): from `start` to `end` inclusive, in
    the default float dtype unless `dtype` says otherwise; warns as PyTorch does."""
    if end is None:
        raise TypeError(msg.RANGE_NO_END)
    warnings.warn(msg.RANGE_DEPRECATED, UserWarning, stacklevel=2)
    values = [
        v.item() if isinstance(v, Tensor) else check_number(v, k)
        for k, v in {"start": start, "end": end, "step": step}.items()
    ]
    if values[2] == 0:
        raise RuntimeError(msg.ARANGE_STEP)
    if (values[1] - values[0]) * values[2] < 0:
        raise RuntimeError(msg.ARANGE_BOUND)
    dtype = dtype or dtypes.get_default_dtype()
    count = math.floor((values[1] - values[0]) / values[2]) + 1
    index = cpu_backend.xp.arange(count, dtype=cpu_backend.native[dtypes.float64])
    host = values[0] + values[2] * index
    if not dtype.is_floating_point:
        host = int(values[0]) + int(values[2]) * index
    host = host.astype(cpu_backend.native[dtype])
    return _place(host, dtype, device, requires_grad, copy=False)


def _integer_arange(start, end, step, dtype):
    """PyTorch's arange for an integer dtype given fractional bounds or step: int64 truncates
    all three first (a step under 1 is then 0: refused); the smaller types count
    ceil((end - start) / step) values from the truncated start by the truncated step."""
    xp = cpu_backend.xp
    low, high, stride = int(start), int(end), int(step)
    if dtype is dtypes.int64:
        if stride == 0:
            raise ValueError(msg.ARANGE_STEP)
        return xp.arange(low, high, stride)
    size = max(0, math.ceil((end - start) / step))
    return low + xp.arange(size) * stride


def linspace(start, end, steps: int, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    _check_real_ends("linspace", check_number(start, "start"), check_number(end, "end"), dtype)
    dtype = dtype or dtypes.get_default_dtype()
    return _place(
        _linspace_host(start, end, check_int(steps, "steps"), dtype),
        dtype,
        device,
        requires_grad,
        copy=False,
    )


def logspace(
    start, end, steps: int, base: float = 10.0, *, dtype=None, device=None, requires_grad=False
) -> Tensor:
    """base ** linspace(start, end, steps): `steps` numbers evenly spaced on a log scale."""
    _check_real_ends("logspace", start, end, dtype)
    dtype = dtype or dtypes.get_default_dtype()
    native = cpu_backend.native[dtype]
    if not dtype.is_floating_point:  # PyTorch's integer kernel raises a float32 base
        base = cpu_backend.native[dtypes.float32].type(base)
    # PyTorch's kernel: start and end in the dtype, exponents and C's pow in double
    exponents = _linspace_host(native.type(start), native.type(end), int(steps), dtypes.float64)
    powers = [math.pow(base, e) for e in exponents.tolist()]  # NumPy's SIMD pow may differ
    host = cpu_backend.xp.asarray(powers, dtype=cpu_backend.native[dtypes.float64])
    return _place(host.astype(native), dtype, device, requires_grad, copy=False)


def _check_real_ends(name: str, start, end, dtype) -> None:
    """A complex `start`/`end` infers a complex dtype: PyTorch's cast error for a real `dtype=`,
    else ours (there are no complex dtypes)."""
    for value in (start, end):
        if isinstance(value, complex):
            if dtype is not None:
                raise RuntimeError(
                    msg.LINSPACE_COMPLEX.format(name=name, dtype=dtype.legacy_name[:-6])
                )
            raise dtypes.no_complex(value)


def _linspace_host(start, end, steps: int, dtype):
    """PyTorch's linspace kernel: the first half counts up from `start`, the second half down
    from `end`, in the float dtype itself (in float64 for integer dtypes, then truncated)."""
    np = cpu_backend.xp
    native = cpu_backend.native[dtype]
    if steps < 0:
        raise RuntimeError(msg.LINSPACE_STEPS_NEGATIVE)
    compute = (
        native
        if dtype.is_floating_point and dtype.itemsize >= 4
        else np.dtype(np.float32 if dtype.is_floating_point else np.float64)
    )
    first, last = compute.type(start), compute.type(end)
    if steps == 1:
        return np.full(1, first).astype(native)
    step = (last - first) / compute.type(max(steps - 1, 1))
    index = np.arange(steps)
    up = first + step * index.astype(compute)
    down = last - step * (steps - 1 - index).astype(compute)
    return np.where(index < steps // 2, up, down).astype(native)


# --- random factories --------------------------------------------------------------------------


def manual_seed(seed: int):
    """Seed every device's generator: the same seed gives the same numbers on each backend.

    Returns `default_generator` (the CPU generator), as PyTorch does."""
    from ._generator import _seed_value, default_generator

    value = _seed_value(int(seed))  # PyTorch's torch.manual_seed converts with int() first
    for backend in all_backends():
        backend.manual_seed(value)
    return default_generator


def initial_seed() -> int:
    """The seed the default CPU generator was last started from."""
    return cpu_backend.random.seed


def seed() -> int:
    """Seed every device non-deterministically (from the clock); returns the seed."""
    import time

    new = int(time.time_ns()) % (2**63)
    manual_seed(new)
    return new


def _random(name: str, size, dtype, device, requires_grad, generator, out, *params) -> Tensor:
    """rand/randn: a fresh tensor of `size` filled by `backend.uniform` or `.normal`."""
    if out is not None:
        dtype, device = dtype or out.dtype, device or out.device
    dtype = dtype or dtypes.get_default_dtype()
    kind = _RANDOM_KINDS[name]
    if not dtype.is_floating_point:
        raise RuntimeError(
            msg.RANDOM_NOT_IMPLEMENTED_FOR_DTYPE.format(
                kind=kind, legacy_name=dtype.legacy_name[:-6]
            )
        )
    backend = backend_for(device)
    data = draw(generator, backend, kind, _sizes(size, name), dtype, *params)
    return _finish(data, backend, dtype, requires_grad, out)


_RANDOM_KINDS = {"rand": "uniform", "randn": "normal", "normal": "normal"}


def _size_argument(name: str, sizes: tuple, size) -> tuple:
    """The factories' shape: positional sizes, or the `size=` keyword (not both)."""
    if size is None:
        return sizes
    if sizes:
        raise TypeError(msg.SIZE_TWICE.format(name=name))
    if not isinstance(size, (list, tuple)) and not isinstance(size, Tensor):
        raise TypeError(msg.SIZE_KEYWORD.format(name=name, type=typename(type(size))))
    return (size,)


def _random_factory(name: str, doc: str):
    """`rand` or `randn`: samples of `name`'s kind in the shape given by sizes or `size=`."""

    def factory(
        *sizes,
        size=None,
        generator=None,
        out=None,
        dtype=None,
        layout=None,
        device=None,
        requires_grad=False,
        pin_memory=False,
    ) -> Tensor:
        sizes = _size_argument(name, sizes, size)
        return _random(name, sizes, dtype, device, requires_grad, generator, out)

    factory.__name__ = factory.__qualname__ = name
    factory.__doc__ = doc
    return factory


rand = _random_factory(
    "rand",
    "Uniform samples from [0, 1) (PyTorch's CPU stream: `manual_seed(0)` gives its numbers).",
)
randn = _random_factory(
    "randn", "Standard normal samples (PyTorch's CPU stream and Box-Muller kernels)."
)


def randint(
    low=0, high=None, size=None, *, generator=None, dtype=None, device=None, requires_grad=False
) -> Tensor:
    """Integers from [low, high)."""
    given = "int, int, int" if size is not None else "int" if high is None else None
    if size is None:
        low, high, size = 0, low, high
    if high is None:
        low, high = 0, low
    if size is None or isinstance(size, int) and given is not None:  # PyTorch's parser
        raise TypeError(msg.RANDINT_ARGS.format(got=given))
    if isinstance(size, int):
        raise TypeError(msg.RANDINT_SIZE_INT)
    low, high = check_int(low, "low"), check_int(high, "high")
    if low >= high:
        raise RuntimeError(msg.RANDINT_RANGE.format(low=low, high=high))
    dtype = dtype or dtypes.int64
    backend = backend_for(device)
    shape = _sizes((size,) if isinstance(size, int) else (tuple(size),), "randint")
    data = draw(generator, backend, "integers", shape, dtype, int(low), int(high))
    return _finish(data, backend, dtype, requires_grad)


def randperm(n: int, *, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    """A random permutation of 0..n-1 (PyTorch's CPU shuffle)."""
    backend = backend_for(device)
    out = make_tensor(draw(generator, backend, "permutation", int(n)), backend)
    return out if dtype is None or dtype is dtypes.int64 else out.to(dtype)


def normal(
    mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False
) -> Tensor:
    """Normal samples with the given mean and std: numbers with a size (`normal_(mean, std)` on a
    new tensor), or tensors broadcast together (standard samples * std + mean, as PyTorch)."""
    if isinstance(std, Tensor):
        if std.numel() and bool((std.detach() < 0).any()):
            raise RuntimeError(msg.NORMAL_STD_ALL)
    elif std < 0:
        raise RuntimeError(msg.NORMAL_STD.format(std=f"{std:g}"))
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        like = mean if isinstance(mean, Tensor) else std
        shape = tuple(like.shape)
        if isinstance(mean, Tensor) and isinstance(std, Tensor):
            shape = _broadcast(mean, std)
        if not isinstance(std, Tensor):  # normal_(0, std) then + mean
            noise = _random(
                "normal", shape, like.dtype, like.device, False, generator, None, 0.0, std
            )
            return (noise + mean.detach()).detach()
        noise = _random("normal", shape, like.dtype, like.device, False, generator, None)
        return (noise * std.detach() + mean).detach()
    shape = _sizes((size,) if isinstance(size, int) else (tuple(size or ()),), "normal")
    return _random("normal", shape, dtype, device, requires_grad, generator, None, mean, std)


def _broadcast(a: Tensor, b: Tensor) -> tuple:
    return tuple(broadcast_shapes(tuple(a.shape), tuple(b.shape)))


# --- *_like and new_* --------------------------------------------------------------------------


def _like_args(input, dtype, device, name: str):
    """`input`'s shape, and the dtype and device given or else `input`'s, for `name`."""
    if not isinstance(input, Tensor):
        raise TypeError(
            msg.NOT_A_TENSOR.format(name=name, arg="input", position=1, type=typename(type(input)))
        )
    _check_dtype(name, dtype)
    return (input.shape, dtype or input.dtype, device if device is not None else input.device)


def _like_factory(factory):
    """`<factory>_like`: `factory`'s tensor in `input`'s shape, dtype and device unless given."""

    def like(
        input,
        *,
        dtype=None,
        layout=None,
        device=None,
        requires_grad=False,
        memory_format=_memory_format.preserve_format,
    ) -> Tensor:
        shape, dtype, device = _like_args(input, dtype, device, like.__name__)
        fmt = _like_format(input, memory_format, like.__name__)
        t = factory(shape, dtype=dtype, device=device, requires_grad=requires_grad)
        return _in_format(t, fmt)

    like.__name__ = like.__qualname__ = f"{factory.__name__}_like"
    like.__doc__ = f"`{factory.__name__}` in `input`'s shape, dtype and device unless given."
    return like


def _random_like_factory(factory):
    """`<factory>_like` of a random factory: as _like_factory, with a `generator`."""

    def like(
        input,
        *,
        generator=None,
        dtype=None,
        layout=None,
        device=None,
        requires_grad=False,
        memory_format=_memory_format.preserve_format,
    ) -> Tensor:
        shape, dtype, device = _like_args(input, dtype, device, like.__name__)
        fmt = _like_format(input, memory_format, like.__name__)
        if fmt is not _memory_format.contiguous_format:
            fill = "uniform_" if factory is rand else "normal_"
            return _drawn_like(fill, (), shape, fmt, dtype, device, generator, requires_grad)
        return factory(
            shape, generator=generator, dtype=dtype, device=device, requires_grad=requires_grad
        )

    like.__name__ = like.__qualname__ = f"{factory.__name__}_like"
    like.__doc__ = f"`{factory.__name__}` in `input`'s shape, dtype and device unless given."
    return like


zeros_like = _like_factory(zeros)
ones_like = _like_factory(ones)
empty_like = _like_factory(empty)
rand_like = _random_like_factory(rand)
randn_like = _random_like_factory(randn)


def full_like(
    input,
    fill_value,
    *,
    dtype=None,
    layout=None,
    device=None,
    requires_grad=False,
    memory_format=_memory_format.preserve_format,
) -> Tensor:
    shape, dtype, device = _like_args(input, dtype, device, "full_like")
    fmt = _like_format(input, memory_format, "full_like")
    t = full(shape, fill_value, dtype=dtype, device=device, requires_grad=requires_grad)
    return _in_format(t, fmt)


def randint_like(
    input,
    low=0,
    high=None,
    *,
    generator=None,
    dtype=None,
    layout=None,
    device=None,
    requires_grad=False,
    memory_format=_memory_format.preserve_format,
) -> Tensor:
    shape, dtype, device = _like_args(input, dtype, device, "randint_like")
    fmt = _like_format(input, memory_format, "randint_like")
    if fmt is not _memory_format.contiguous_format:
        bounds = (low,) if high is None else (low, high)
        return _drawn_like("random_", bounds, shape, fmt, dtype, device, generator, requires_grad)
    return randint(
        low,
        high,
        shape,
        generator=generator,
        dtype=dtype,
        device=device,
        requires_grad=requires_grad,
    )


@tensor_method("new_tensor")
def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    return tensor(
        data.detach() if isinstance(data, Tensor) else data,
        dtype=dtype or self.dtype,
        device=device or self.device,
        requires_grad=requires_grad,
    )


def _new_factory(factory):
    def method(self, *size, dtype=None, device=None, requires_grad=False, **kwargs) -> Tensor:
        return factory(
            *size,
            **kwargs,
            dtype=dtype or self.dtype,
            device=device if device is not None else self.device,
            requires_grad=requires_grad,
        )

    method.__name__ = f"new_{factory.__name__}"
    method.__doc__ = f"`{factory.__name__}` with this tensor's dtype and device by default."
    return method


tensor_method("new_zeros")(_new_factory(zeros))
tensor_method("new_ones")(_new_factory(ones))
tensor_method("new_empty")(_new_factory(empty))


@tensor_method("new_full")
def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    return full(
        size,
        fill_value,
        dtype=dtype or self.dtype,
        device=device if device is not None else self.device,
        requires_grad=requires_grad,
    )


@tensor_method("new")
def new(self, *args, **kwargs) -> Tensor:
    """Legacy: a tensor of this tensor's dtype and device from data or sizes (empty by default)."""
    device = kwargs.pop("device", self.device)
    return legacy_construct(self.dtype, Device(device).type, args, kwargs, device=device)


# --- legacy constructors -----------------------------------------------------------------------


def _options(dtype, device) -> str:
    """A dtype and device as PyTorch's TensorOptions print them in a legacy constructor's error."""
    return msg.TENSOR_OPTIONS.format(
        dtype=_CPP_SCALAR_NAMES.get(dtype.name, dtype.name), device=Device(device)
    )


_CPP_SCALAR_NAMES = {
    "float32": "float",
    "float64": "double",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "float16": "c10::Half",
    "bool": "bool",
}


def legacy_construct(
    dtype, device_type: str, args: tuple, kwargs: dict, device=None, base: bool = False
) -> Tensor:
    """`torch.FloatTensor(data)` / `torch.FloatTensor(2, 3)` and friends; `base` for
    `torch.Tensor(...)`, which takes a tensor of any dtype."""
    device = kwargs.pop("device", device) or (device_type if device_type != "cpu" else None)
    if kwargs:
        raise TypeError(msg.LEGACY_NEW_KWARGS.format(names=sorted(kwargs)))
    if not args:
        return empty(0, dtype=dtype, device=device)
    from ._size import Size

    if all(isinstance(a, int) and not isinstance(a, bool) for a in args) or (
        len(args) == 1 and isinstance(args[0], Size)
    ):
        return empty(*args, dtype=dtype, device=device)
    if len(args) != 1:
        raise TypeError(
            msg.LEGACY_NEW_ARGUMENT_TYPES.format(types=", ".join(type(a).__name__ for a in args))
        )
    data = args[0]
    if isinstance(data, Tensor):  # a new tensor object sharing data's memory
        if not base and data.dtype is not dtype:
            raise TypeError(
                msg.LEGACY_TENSOR_TYPE.format(
                    expected=_options(dtype, device or device_type),
                    got=_options(data.dtype, data.device),
                )
            )
        return data[...]
    if not isinstance(data, (list, tuple)) and not _is_array_like(data):
        raise TypeError(msg.TENSOR_CTOR_TYPE.format(type=type(data).__name__))
    host, _ = _host_array(data, dtype)
    return _place(host, dtype, device, False, copy=True)


def legacy_new(cls, args: tuple, kwargs: dict) -> Tensor:
    """`torch.Tensor(...)`: the default float type, from data or sizes."""
    out = legacy_construct(dtypes.get_default_dtype(), "cpu", args, dict(kwargs), base=True)
    if cls is not Tensor:
        out.__class__ = cls
    return out
