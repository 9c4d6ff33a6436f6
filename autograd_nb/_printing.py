"""Tensor printing: a port of PyTorch 2.13's `torch/_tensor_str.py` (dense tensors).

The rules are PyTorch's, line for line where it matters: one `_Formatter` decides the mode
(integer-valued floats `1.`, fixed precision 4, or scientific) and the common width from the
values that will be shown, `_tensor_str_with_formatter` nests brackets and wraps rows at 80
columns, and `_add_suffixes` appends `device=`, `size=`, `dtype=`, `grad_fn=` /
`requires_grad=True`. Large tensors are summarised with `...` before anything is copied to the
host, so printing a huge (or GPU) tensor only moves the few edge items it shows.

nn.Parameter reuses this: its class sets `_prints_as_tensor = True` (keeping the `tensor(`
prefix, as PyTorch does for Parameter) and its `__repr__` returns
`"Parameter containing:\n" + tensor_repr(self)`.
"""

from __future__ import annotations

import math
from typing import Any

from . import dtypes

__all__ = ["tensor_repr", "values_str", "set_printoptions", "get_printoptions", "printoptions"]


class _PrinterOptions:
    """The current print options (PyTorch's PRINT_OPTS), changed by `set_printoptions`."""

    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self):
        self.precision, self.threshold, self.edgeitems, self.linewidth = 4, 1000, 3, 80
        self.sci_mode: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


PRINT_OPTS = _PrinterOptions()

_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """Set how tensors print, as torch.set_printoptions (a profile first, then the overrides)."""
    for name, value in _PROFILES.get(profile, {}).items():  # unknown profiles do nothing
        setattr(PRINT_OPTS, name, value)
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode  # as PyTorch: always reset, None means "choose automatically"


def get_printoptions() -> dict[str, Any]:
    """The current print options as a dict that `set_printoptions(**opts)` accepts."""
    return PRINT_OPTS.as_dict()


class printoptions:  # noqa: N801 - PyTorch's name (torch._tensor_str.printoptions)
    """Context manager that sets print options and restores the previous ones on exit."""

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def __enter__(self):
        self.old = get_printoptions()
        set_printoptions(**self.kwargs)

    def __exit__(self, *exc):
        set_printoptions(**self.old)
        return False


# --- the formatter -------------------------------------------------------------------------------
class _Formatter:
    """Chooses int/fixed/scientific mode and a common width from the values that will be shown."""

    def __init__(self, values: list, floating: bool):
        self.floating_dtype = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        if not floating:
            for value in values:
                self.max_width = max(self.max_width, len(f"{value}"))
            return
        nonzero_finite = [v for v in values if math.isfinite(v) and v != 0]
        if not nonzero_finite:
            return  # no valid number, do nothing
        absolute = [abs(v) for v in nonzero_finite]
        lo, hi = min(absolute), max(absolute)
        self.int_mode = all(v == math.ceil(v) for v in nonzero_finite)
        self.sci_mode = (
            hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4
            if PRINT_OPTS.sci_mode is None
            else PRINT_OPTS.sci_mode
        )
        precision = PRINT_OPTS.precision
        if self.sci_mode:
            widths = (len(f"{v:.{precision}e}") for v in nonzero_finite)
        elif self.int_mode:  # the "." appended to integer-valued floats takes one more column
            widths = (len(f"{v:.0f}") + 1 for v in nonzero_finite)
        else:
            widths = (len(f"{v:.{precision}f}") for v in nonzero_finite)
        self.max_width = max(self.max_width, *widths)

    def width(self) -> int:
        return self.max_width

    def format(self, value) -> str:
        if self.floating_dtype:
            if self.sci_mode:
                ret = f"{value:{self.max_width}.{PRINT_OPTS.precision}e}"
            elif self.int_mode:
                ret = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    ret += "."
            else:
                ret = f"{value:.{PRINT_OPTS.precision}f}"
        else:
            ret = f"{value}"
        return (self.max_width - len(ret)) * " " + ret


# --- the nested body -----------------------------------------------------------------------------
def _vector_str(
    values: list, size: int, indent: int, summarize: bool, formatter: _Formatter
) -> str:
    """One row: formatted items (edges and ' ...' when summarised) wrapped at the line width."""
    element_length = formatter.width() + 2  # includes the comma and space between elements
    elements_per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / element_length))
    edge = PRINT_OPTS.edgeitems
    if summarize and size > 2 * edge:  # `values` holds only the edge items
        data = (
            [formatter.format(v) for v in values[:edge]]
            + [" ..."]
            + [formatter.format(v) for v in values[edge:]]
        )
    else:
        data = [formatter.format(v) for v in values]
    lines = [
        ", ".join(data[i : i + elements_per_line]) for i in range(0, len(data), elements_per_line)
    ]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str_with_formatter(
    values, shape: tuple, indent: int, summarize: bool, formatter: _Formatter
) -> str:
    """PyTorch's recursive layout: one bracket level per dimension, blank lines between blocks."""
    dim = len(shape)
    if dim == 0:
        return formatter.format(values)
    if dim == 1:
        return _vector_str(values, shape[0], indent, summarize, formatter)
    edge = PRINT_OPTS.edgeitems
    slices = [
        _tensor_str_with_formatter(v, shape[1:], indent + 1, summarize, formatter) for v in values
    ]
    if summarize and shape[0] > 2 * edge:
        slices.insert(edge, "...")
    return "[" + ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices) + "]"


def _summarized(t):
    """The backend array cut to its edge items along every long axis (get_summarized_data)."""
    data, edge = t._data, PRINT_OPTS.edgeitems
    for axis, n in enumerate(data.shape):
        if n > 2 * edge:
            head = (slice(None),) * axis
            data = t._backend.xp.concat(
                (data[head + (slice(None, edge),)], data[head + (slice(n - edge, None),)]),
                axis=axis,
            )
    return data


def _flatten(values, dim: int) -> list:
    if dim == 0:
        return [values]
    for _ in range(dim - 1):
        values = [v for row in values for v in row]
    return values


def _tensor_str(t, indent: int) -> str:
    """The bracketed values of a non-empty tensor (no prefix, no suffixes)."""
    shape = tuple(t._data.shape)
    summarize = t.numel() > PRINT_OPTS.threshold
    if summarize and not PRINT_OPTS.edgeitems and shape:
        return "[...]"  # nothing but the ellipsis is shown
    data = _summarized(t) if summarize else t._data
    values = t._backend.to_host(data).tolist()
    formatter = _Formatter(_flatten(values, len(shape)), t.dtype.is_floating_point)
    return _tensor_str_with_formatter(values, shape, indent, summarize, formatter)


def values_str(t) -> str:
    """The values as `repr(t)` shows them inside `tensor(...)`, with no suffix: `-8.`,
    `[ 6., -4.]` (PyTorch's `torch._tensor_str._tensor_str(t, indent=0)`)."""
    return "[]" if t.numel() == 0 else _tensor_str(t, 0)


# --- prefix and suffixes -------------------------------------------------------------------------
def _add_suffixes(tensor_str: str, suffixes: list, indent: int) -> str:
    """Append `, suffix` items, moving one to a new indented line when the line would overflow."""
    parts = [tensor_str]
    last_line_len = len(tensor_str) - tensor_str.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > PRINT_OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


def _is_plain(t) -> bool:
    """Plain tensors (and nn.Parameter, which adds its own header) print as `tensor(`."""
    from ._tensor import Tensor

    cls = type(t)
    return cls is Tensor or cls.__dict__.get("_prints_as_tensor", False)


def tensor_repr(t, *, tensor_contents: str | None = None) -> str:
    """PyTorch's `repr(tensor)`: `tensor([...], <suffixes>)`, as torch._tensor_str._str."""
    prefix = "tensor(" if _is_plain(t) else f"{type(t).__name__}("
    indent = len(prefix)
    suffixes = []
    if t.device.type != "cpu":  # the default device is always the CPU here
        suffixes.append(f"device='{t.device}'")
    dtype, default = t.dtype, dtypes.get_default_dtype()
    if t.numel() == 0:
        if t.dim() != 1:
            suffixes.append(f"size={tuple(t._data.shape)}")
        if dtype is not default:  # no values to tell an int64 tensor apart: always show it
            suffixes.append(f"dtype={dtype}")
        tensor_str = "[]"
    else:
        if not PRINT_OPTS.edgeitems:
            suffixes.append(f"size={tuple(t._data.shape)}")
        if dtype not in (default, dtypes.int64, dtypes.bool):
            suffixes.append(f"dtype={dtype}")
        tensor_str = None
    if tensor_contents is not None:
        tensor_str = tensor_contents
    elif tensor_str is None:
        tensor_str = _tensor_str(t, indent)
    try:
        grad_fn = t.grad_fn  # (a stale view's brought up to date, as PyTorch prints it)
        name = None if grad_fn is None else type(grad_fn).__name__
    except RuntimeError:  # a view PyTorch refuses to rebase: it prints this name
        name = "Invalid"
    if name is not None:
        suffixes.append(f"grad_fn=<{name}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    return _add_suffixes(prefix + tensor_str, suffixes, indent)
