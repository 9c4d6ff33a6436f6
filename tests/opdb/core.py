"""The op database's building blocks: an entry per op, its samples, and how a sample becomes
tensors of either library.

A sample is framework-neutral (NumPy arrays, Python values and a few markers), so the recorder
(tests/data/record_opdb.py, under PyTorch) and the tests (under autograd_nb) build the very same
inputs from it with `build`, passing the library module as `lib`.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class View:
    """A differentiable leaf made from `base`, passed to the op as `getattr(leaf, how)(*args)`:
    a non-contiguous input (a transpose, a strided slice, an expanded tensor)."""

    base: np.ndarray
    how: str
    args: tuple = ()


@dataclass(frozen=True)
class Symmetric:
    """A differentiable leaf made from `base`, passed as (leaf + leafᵀ) / 2: ops that read one
    triangle (cholesky, eigh) are differentiated on symmetric matrices, as PyTorch checks them."""

    base: np.ndarray


@dataclass(frozen=True)
class Const:
    """A tensor that never requires grad (an index, a mask, a target the op does not
    differentiate)."""

    value: np.ndarray


@dataclass(frozen=True)
class DType:
    """A dtype argument, by name (`torch.float32` in either library)."""

    name: str


@dataclass
class Sample:
    """One call: `op(*args, **kwargs)`. `gradcheck` False: a kink, a tie or an infinity where
    finite differences do not apply (values and recorded gradients are still compared)."""

    label: str
    args: tuple
    kwargs: dict = field(default_factory=dict)
    gradcheck: bool = True


@dataclass
class OpEntry:
    """One public op: where its forms live, what is differentiable, and its samples.

    `name` is its dotted path from the torch namespace ("sin", "nn.functional.relu",
    "linalg.norm"); `method`, `inplace` name its Tensor method and in-place method (None: none);
    `out` says whether the function takes `out=`; `aliases` are other names of the same function.
    `differentiable` False: only values are checked. `gradgrad`: twice differentiable (second
    derivatives are checked on the first sample). `domain` is the inputs' domain, in words.
    """

    name: str
    samples: Callable[[np.random.Generator], list[Sample]]
    variant: str = ""
    method: str | None = None
    inplace: str | None = None
    out: bool = False
    aliases: tuple = ()
    differentiable: bool = True
    gradgrad: bool = True
    domain: str = ""
    dtypes: tuple = ("float64",)
    rtol: float = 1e-7
    atol: float = 1e-9
    # outputs compared by shape and dtype only (eigenvectors' signs, an arbitrary tie order)
    shape_only_outputs: tuple = ()
    # where PyTorch's own gradient is knowingly wrong (its OpInfo says so): why, and then only
    # finite differences judge ours
    pytorch_gradient_wrong: str = ""
    # forms PyTorch has that autograd_nb deliberately lacks: form ("inplace") -> why
    missing_forms: dict = field(default_factory=dict)
    # a composition of public calls standing for the op, `lib -> function` (a first derivative
    # whose graph is the op's double backward, a custom Function, a view of a base changed in
    # place): its samples are passed to that function; it has no method, in-place or out= form
    compose: Callable | None = None

    def function(self, lib):
        """What a sample is passed to: `lib.<name>`, or the composition built on `lib`."""
        return self.compose(lib) if self.compose is not None else resolve(lib, self.name)

    @property
    def id(self) -> str:
        return self.name + (f".{self.variant}" if self.variant else "")

    def make_samples(self) -> list[Sample]:
        """The entry's samples, from a generator seeded by its id (the same on every run)."""
        return self.samples(np.random.default_rng(zlib.crc32(self.id.encode())))


def resolve(lib, name: str):
    """`lib.a.b.c` for name "a.b.c", or None."""
    obj = lib
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def build(
    value, lib, device: str = "cpu", grad: bool = True, leaves: list | None = None, given=None
):
    """The value of a sample's argument as `lib` (torch or autograd_nb) takes it.

    Float arrays become leaf tensors that require grad when `grad` (appended to `leaves`), or
    the next tensor of the iterator `given` (finite differences call the op on their own leaves);
    integer and boolean arrays and `Const` become plain tensors.
    """
    if isinstance(value, View):
        base = build(value.base, lib, device, grad, leaves, given)
        return getattr(base, value.how)(*value.args)
    if isinstance(value, Symmetric):
        leaf = build(value.base, lib, device, grad, leaves, given)
        return (leaf + leaf.transpose(-2, -1)) / 2
    if isinstance(value, Const):
        return lib.tensor(value.value, device=device)
    if isinstance(value, DType):
        return getattr(lib, value.name)
    if isinstance(value, np.ndarray):
        if grad and value.dtype.kind == "f":
            t = (
                next(given)
                if given is not None
                else lib.tensor(value, device=device).requires_grad_(True)
            )
            if leaves is not None:
                leaves.append(t)
            return t
        return lib.tensor(value, device=device)
    if isinstance(value, list):
        return [build(v, lib, device, grad, leaves, given) for v in value]
    if isinstance(value, tuple):
        return tuple(build(v, lib, device, grad, leaves, given) for v in value)
    return value


def build_call(sample: Sample, lib, device: str = "cpu", grad: bool = True, given=None) -> tuple:
    """(args, kwargs, leaves) for one call of the op on `sample` in `lib`."""
    leaves: list = []
    args = build(sample.args, lib, device, grad, leaves, given)
    kwargs = {k: build(v, lib, device, grad, leaves, given) for k, v in sample.kwargs.items()}
    return args, kwargs, leaves


def flat_outputs(out, lib) -> list:
    """The op's result as a flat list: tensors and Python numbers, in order."""
    if isinstance(out, lib.Tensor):
        return [out]
    if isinstance(out, list | tuple):
        return [t for v in out for t in flat_outputs(v, lib)]
    return [out]


def as_array(value) -> np.ndarray:
    """A tensor or Python number as a NumPy array (on the host)."""
    if hasattr(value, "detach"):
        return value.detach().cpu().numpy()
    return np.asarray(value)


def projection(entry_id: str, k: int, shapes: list) -> list:
    """The fixed random weights w_i: the gradient compared is that of sum_i (out_i * w_i).sum()."""
    rng = np.random.default_rng(zlib.crc32(f"{entry_id}#{k}".encode()))
    return [rng.standard_normal(shape) for shape in shapes]


def differentiable_outputs(outputs: list, lib, skip: tuple = ()) -> list:
    """The indices of the outputs a gradient flows back from (but those in `skip`: vectors
    defined up to sign, whose projection's gradient would depend on the sign chosen)."""
    return [
        i
        for i, t in enumerate(outputs)
        if isinstance(t, lib.Tensor) and t.requires_grad and t.dtype.is_floating_point
        if i not in skip
    ]
