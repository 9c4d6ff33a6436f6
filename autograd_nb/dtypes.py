"""dtype objects and PyTorch's type-promotion rules (Python scalars are "weak")."""

from __future__ import annotations

from . import _messages as msg

__all__ = [
    "dtype",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "half",
    "float",
    "double",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "short",
    "int",
    "long",
    "bool",
    "get_default_dtype",
    "set_default_dtype",
    "promote_types",
    "result_type_of",
]

_builtin_bool, _builtin_int, _builtin_float = bool, int, float

_BOOL, _INT, _FLOAT, _COMPLEX = 0, 1, 2, 3  # categories, in promotion order


class dtype:  # noqa: N801 - PyTorch's name
    """A tensor element type: `autograd_nb.float32` prints as `torch.float32`, like PyTorch."""

    __slots__ = (
        "name",
        "itemsize",
        "category",
        "is_signed",
        "is_floating_point",
        "is_complex",
        "legacy_name",
        "_rank",
    )

    def __init__(
        self, name: str, itemsize: int, category: int, is_signed: bool, legacy_name: str, rank: int
    ):
        init = super().__setattr__  # dtypes are read-only afterwards, as PyTorch's
        init("name", name)
        init("itemsize", itemsize)
        init("category", category)
        init("is_signed", is_signed)
        init("is_floating_point", category == _FLOAT)  # plain attributes: read in every op
        init("is_complex", category == _COMPLEX)
        init("legacy_name", legacy_name)  # FloatTensor, LongTensor, ...
        init("_rank", rank)

    def __setattr__(self, name: str, value) -> None:
        if name in dtype.__slots__:
            raise AttributeError(msg.DTYPE_READ_ONLY_ATTRIBUTE.format(name=name))
        raise AttributeError(msg.DTYPE_NO_ATTRIBUTE.format(name=name))

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self):
        return (_dtype_named, (self.name,))


def _dtype_named(name: str) -> dtype:
    """Unpickling a dtype: the module's one object of that name."""
    return globals()[name]


dtype.__module__ = "torch"  # `type(torch.float32)` prints <class 'torch.dtype'>, as in PyTorch

bool = dtype("bool", 1, _BOOL, False, "BoolTensor", 0)  # noqa: A001
uint8 = dtype("uint8", 1, _INT, False, "ByteTensor", 1)
int8 = dtype("int8", 1, _INT, True, "CharTensor", 2)
int16 = dtype("int16", 2, _INT, True, "ShortTensor", 3)
int32 = dtype("int32", 4, _INT, True, "IntTensor", 4)
int64 = dtype("int64", 8, _INT, True, "LongTensor", 5)
float16 = dtype("float16", 2, _FLOAT, True, "HalfTensor", 6)
bfloat16 = dtype("bfloat16", 2, _FLOAT, True, "BFloat16Tensor", 7)
float32 = dtype("float32", 4, _FLOAT, True, "FloatTensor", 8)
float64 = dtype("float64", 8, _FLOAT, True, "DoubleTensor", 9)
half, float, double = float16, float32, float64  # noqa: A001
short, int, long = int16, int32, int64  # noqa: A001

ALL_DTYPES = (bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64)
# the 16-bit floats PyTorch's CPU kernels compute in float32 (their "opmath" type), rounding
# each result once
HALF_FLOATS = (float16, bfloat16)
BY_NAME = {d.name: d for d in ALL_DTYPES}
BY_NAME.update(half=float16, float=float32, double=float64, short=int16, int=int32, long=int64)
# The C++ type names some of PyTorch's messages print ("long int", "c10::Half").
CPP_NAMES = {
    bool: "bool",
    uint8: "unsigned char",
    int8: "signed char",
    int16: "short int",
    int32: "int",
    int64: "long int",
    float16: "c10::Half",
    bfloat16: "c10::BFloat16",
    float32: "float",
    float64: "double",
}

_default_float = float32


def get_default_dtype() -> dtype:
    """The dtype of float tensors made from Python floats (float32 unless changed)."""
    return _default_float


def set_default_dtype(d: dtype) -> None:
    """Make `d` (a floating dtype) the default floating-point dtype, as torch.set_default_dtype."""
    global _default_float
    if not isinstance(d, dtype) or d.category != _FLOAT:
        from ._messages import SET_DEFAULT_DTYPE

        raise TypeError(SET_DEFAULT_DTYPE)
    _default_float = d
    _RESULT_CACHE.clear()


def _promote_ints(a: dtype, b: dtype) -> dtype:
    if a.is_signed == b.is_signed:
        return a if a.itemsize >= b.itemsize else b
    signed, unsigned = (a, b) if a.is_signed else (b, a)
    if signed.itemsize > unsigned.itemsize:
        return signed
    return {1: int16, 2: int32, 4: int64}.get(unsigned.itemsize, int64)


def promote_types(a: dtype, b: dtype) -> dtype:
    """The smallest dtype both `a` and `b` convert to without losing their category."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == _INT:
        return _promote_ints(a, b)
    if a.itemsize == b.itemsize:  # float16 with bfloat16: neither holds the other
        return float32
    return a if a.itemsize >= b.itemsize else b


def _combine(higher: dtype | None, lower: dtype | None) -> dtype | None:
    """PyTorch's combine_categories: a lower-priority group only wins by category."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category >= _FLOAT:
        return higher
    if higher is bool or lower.category == _FLOAT:
        return promote_types(higher, lower)
    return higher


def wrap_int(value: _builtin_int, into: dtype) -> _builtin_int:
    """A Python int as an integer dtype holds it after PyTorch's C++ cast: wrapped modulo 2**bits
    (uint8: 300 -> 44); OverflowError beyond 64 bits, as PyTorch raises."""
    if not -(1 << 63) <= value < (1 << 64):
        raise OverflowError(msg.DTYPE_INT_OVERFLOW)
    bits = 8 * into.itemsize
    wrapped = value % (1 << bits)
    return wrapped - (1 << bits) if into.is_signed and wrapped >> (bits - 1) else wrapped


def scalar_dtype(value) -> dtype:
    """The dtype a Python number takes when it is wrapped into a tensor on its own."""
    if isinstance(value, complex):
        raise no_complex(value)
    if isinstance(value, _builtin_bool):
        return bool
    if isinstance(value, _builtin_int):
        return int64
    return _default_float


def no_complex(value) -> TypeError:
    """The error for a complex number or array: this project has no complex dtypes."""
    if hasattr(value, "dtype"):
        return TypeError(msg.NO_COMPLEX_ARRAY.format(dtype=value.dtype))
    return TypeError(msg.NO_COMPLEX.format(value=value))


# the C++ type names PyTorch's scalar conversions (torch.full, fill_) name in their overflow error
FILL_C_NAMES = {"uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int"}
FILL_C_NAMES.update(int64="int64_t", float16="c10::Half", float32="float", float64="double")
FILL_C_NAMES.update(bfloat16="c10::BFloat16")


def checked_int(value, into: dtype, name: str | None = None) -> _builtin_int:
    """A number as PyTorch stores it in the integer dtype `into`, with its overflow rule
    (c10::overflows): an unsigned type wraps a negative value whose magnitude fits (uint8:
    -1 -> 255); anything else out of range, inf and nan are refused (the error names the type
    as `name`, or as the dtype)."""
    name = name or into.name
    bits = 8 * into.itemsize
    low, high = (
        (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if into.is_signed else (0, (1 << bits) - 1)
    )
    if isinstance(value, _builtin_float) or type(value).__name__.startswith("float"):
        if not low <= value <= high:  # nan compares false too
            raise RuntimeError(msg.INT_OVERFLOW.format(dtype=name))
        return _builtin_int(value)
    value = _builtin_int(value)
    if not -(1 << 63) <= value < (1 << 63):
        raise ValueError(msg.LONG_OVERFLOW)
    if low == 0 and value < 0 and -value <= high:  # two's complement wrap-around
        return value % (high + 1)
    if not low <= value <= high:
        raise RuntimeError(msg.INT_OVERFLOW.format(dtype=name))
    return value


def real_scalar(value: complex, into: dtype, c_name: str | None = None):
    """A complex number written into a real dtype, as PyTorch converts it: its real part when
    the imaginary part is 0, else PyTorch's overflow error (naming `c_name`, or `into`'s C type)."""
    if into is bool:
        return _builtin_bool(value)
    if value.imag != 0:
        name = c_name or FILL_C_NAMES[into.name]
        raise RuntimeError(msg.INT_OVERFLOW.format(dtype=name))
    return value.real


_RESULT_CACHE: dict = {}


def result_type_of(dims: tuple, zeros: tuple, scalars: tuple) -> dtype:
    """Result dtype of an op from dimensioned-tensor, 0-dim-tensor and Python-scalar dtypes."""
    key = (dims, zeros, scalars)
    found = _RESULT_CACHE.get(key)
    if found is not None:
        return found
    groups = []
    for group in (dims, zeros, scalars):
        acc = None
        for d in group:
            acc = d if acc is None else promote_types(acc, d)
        groups.append(acc)
    result = _combine(groups[0], _combine(groups[1], groups[2]))
    _RESULT_CACHE[key] = result
    return result


def can_cast(src: dtype, dst: dtype) -> _builtin_bool:
    """PyTorch's same-kind rule for in-place results: no float into int, no int into bool."""
    return src.category <= dst.category
