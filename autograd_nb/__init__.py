"""autograd_nb: PyTorch's tensors and autograd on NumPy, made to be looked inside.

Use it as PyTorch: `import autograd_nb as torch`.
"""

import importlib as _importlib
import sys as _sys
from math import e, inf, nan, pi

from . import _messages, accelerator, autograd, cuda, dtypes, functional, random
from ._creation import (
    arange,
    as_tensor,
    empty,
    empty_like,
    eye,
    from_numpy,
    full,
    full_like,
    initial_seed,
    linspace,
    logspace,
    manual_seed,
    normal,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randint_like,
    randn,
    randn_like,
    randperm,
    scalar_tensor,
    seed,
    tensor,
    zeros,
    zeros_like,
)
from ._creation import deprecated_range as range  # noqa: A004 - torch.range, as PyTorch has
from ._dlpack import from_dlpack
from ._generator import Generator, default_generator, get_rng_state, set_rng_state
from ._legacy import CPU_TYPES as _CPU_TYPES
from ._legacy import set_default_tensor_type
from ._memory_format import (
    channels_last,
    channels_last_3d,
    contiguous_format,
    memory_format,
    preserve_format,
)
from ._messages import NO_COMPLEX_DTYPE as _NO_COMPLEX_DTYPE
from ._messages import NO_DTYPE as _NO_DTYPE
from ._printing import get_printoptions, set_printoptions
from ._size import Size
from ._tensor import Tensor, typename
from ._type_info import finfo, iinfo
from .autograd.anomaly_mode import (
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    set_anomaly_enabled,
)
from .autograd.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .backends import get_default_device, set_default_device
from .device import device
from .dtypes import (
    bfloat16,
    bool,
    double,
    dtype,
    float,
    float16,
    float32,
    float64,
    get_default_dtype,
    half,
    int,
    int8,
    int16,
    int32,
    int64,
    long,
    promote_types,
    set_default_dtype,
    short,
    uint8,
)
from .ops import *  # noqa: F401,F403 - the torch.* functions
from .ops import __all__ as _ops_all
from .storage import TypedStorage, UntypedStorage

# Submodules a first cell does not need load on first access (PEP 562): `torch.nn.Linear`,
# `from autograd_nb import nn` and `import autograd_nb.nn` work as if imported here.
_LAZY_SUBMODULES = frozenset(
    {
        "distributions",
        "fft",
        "linalg",
        "nn",
        "optim",
        "profiler",
        "serialization",
        "special",
        "utils",
    }
)
_LAZY_NAMES = {"load": "serialization", "save": "serialization"}


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_SUBMODULES, *_LAZY_NAMES})


# torch.autograd.profiler lives with torch.profiler (it wraps ops, a layer above autograd), so
# this package, not autograd/, makes the name, loading the module on first use as well.
class _AutogradProfilerAlias:
    """`import autograd_nb.autograd.profiler`: a finder that answers with the profiler's module."""

    NAME = __name__ + ".autograd.profiler"
    TARGET = __name__ + ".profiler.autograd_profiler"

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname != cls.NAME:
            return None
        from importlib.util import spec_from_loader

        return spec_from_loader(fullname, cls)

    @classmethod
    def create_module(cls, spec) -> None:
        """A blank module, which exec_module swaps for the profiler's own."""

    @classmethod
    def exec_module(cls, module) -> None:
        _sys.modules[cls.NAME] = _importlib.import_module(cls.TARGET)  # the import returns it


def _autograd_getattr(name: str):
    if name == "profiler":
        return _importlib.import_module(_AutogradProfilerAlias.NAME)
    raise AttributeError(_messages.PACKAGE_NO_ATTRIBUTE.format(module=autograd.__name__, name=name))


_sys.meta_path.append(_AutogradProfilerAlias)
autograd.__getattr__ = _autograd_getattr

FloatTensor = _CPU_TYPES[float32]
DoubleTensor = _CPU_TYPES[float64]
HalfTensor = _CPU_TYPES[float16]
BFloat16Tensor = _CPU_TYPES[bfloat16]
LongTensor = _CPU_TYPES[int64]
IntTensor = _CPU_TYPES[int32]
ShortTensor = _CPU_TYPES[int16]
CharTensor = _CPU_TYPES[int8]
ByteTensor = _CPU_TYPES[uint8]
BoolTensor = _CPU_TYPES[bool]

__version__ = "0.1.0"
newaxis = None  # torch.newaxis, as NumPy's: `x[:, torch.newaxis]` adds a dim


def is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


def numel(input: Tensor) -> int:
    """The number of elements of `input`."""
    if not isinstance(input, Tensor):
        raise TypeError(
            _messages.NOT_A_TENSOR.format(
                name="numel", arg="input", position=1, type=typename(type(input))
            )
        )
    return input.numel()


_COMPLEX_DTYPES = ("complex32", "complex64", "complex128", "chalf", "cfloat", "cdouble")
_OTHER_DTYPES = ("float8_e4m3fn", "float8_e5m2", "uint16", "uint32", "uint64")


def __getattr__(name: str):
    """The submodules a first cell does not need, loaded on first use (PEP 562), and
    torch.complex64, torch.float8_e4m3fn and friends: not here, with an error that says what is
    supported."""
    if name in _LAZY_SUBMODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(f"{__name__}.{_LAZY_NAMES[name]}"), name)
        globals()[name] = value
        return value
    if name in _COMPLEX_DTYPES:
        raise AttributeError(_NO_COMPLEX_DTYPE.format(name=name))
    if name in _OTHER_DTYPES:
        raise AttributeError(_NO_DTYPE.format(name=name))
    raise AttributeError(_messages.PACKAGE_NO_ATTRIBUTE.format(module=__name__, name=name))


def load_ipython_extension(ipython) -> None:
    """`%load_ext autograd_nb`: magics and widgets, imported only now (never by `import`)."""
    from .notebook import load_ipython_extension as _load

    _load(ipython)


def unload_ipython_extension(ipython) -> None:
    """`%unload_ext autograd_nb`: remove the magics and formatters again."""
    from .notebook import unload_ipython_extension as _unload

    _unload(ipython)
