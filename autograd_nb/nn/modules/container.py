"""Containers: `Sequential`, `ModuleList`, `ModuleDict`, `ParameterList`, `ParameterDict`.

They are Modules whose children (or parameters) are named "0", "1", ... or by key, so that
registration, `parameters()`, `state_dict()` keys ('0.weight') and the nested repr come from
`Module` unchanged. Ported from PyTorch 2.13's `torch/nn/modules/container.py`.
"""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections import abc as container_abcs
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain, islice
from typing import Any

from ... import _messages as msg
from ..._tensor import Tensor
from ..parameter import Parameter
from .module import Module, _addindent, typename

__all__ = ["Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"]


def _abs_string_index(container, idx) -> str:
    """'2' for idx 2 or -1 of a 3-element container; IndexError outside."""
    idx = operator.index(idx)
    if not (-len(container) <= idx < len(container)):
        raise IndexError(msg.CONTAINER_INDEX_OUT_OF_RANGE.format(idx=idx))
    if idx < 0:
        idx += len(container)
    return str(idx)


def _renumber(module: Module) -> None:
    """After a deletion, name the children 0..n-1 again (as PyTorch does)."""
    module._modules = OrderedDict((str(i), m) for i, m in enumerate(module._modules.values()))


def _without_digits(module: Module) -> list[str]:
    return [key for key in Module.__dir__(module) if not key.isdigit()]


def _tensor_lines(items) -> str:
    """The extra_repr of ParameterList/ParameterDict: one '(k): Parameter containing: [...]'."""
    child_lines = []
    for k, p, type_str in items:
        if isinstance(p, Tensor):
            size_str = "x".join(str(size) for size in p.size())
            device_str = f" ({p.device})" if p.device.type == "cuda" else ""
            kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
            child_lines.append(
                f"  ({k}): {kind} containing: [{type_str} of size {size_str}{device_str}]"
            )
        else:
            child_lines.append(f"  ({k}): Object of type: {type(p).__name__}")
    return "\n".join(child_lines)


class Sequential(Module):
    """Modules called one after the other: `Sequential(a, b)(x)` is `b(a(x))`."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _get_item_by_idx(self, iterator, idx):
        size = len(self)
        idx = operator.index(idx)
        if not -size <= idx < size:
            raise IndexError(msg.CONTAINER_INDEX_OUT_OF_RANGE.format(idx=idx))
        idx %= size
        return next(islice(iterator, idx, None))

    def __getitem__(self, idx: slice | int):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return self._get_item_by_idx(self._modules.values(), idx)

    def __setitem__(self, idx: int, module: Module) -> None:
        key = self._get_item_by_idx(self._modules.keys(), idx)
        setattr(self, key, module)

    def __delitem__(self, idx: slice | int) -> None:
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                delattr(self, key)
        else:
            delattr(self, self._get_item_by_idx(self._modules.keys(), idx))
        _renumber(self)

    def __len__(self) -> int:
        return len(self._modules)

    def __add__(self, other) -> Sequential:
        if not isinstance(other, Sequential):
            raise ValueError(msg.CONTAINER_ADD_TYPE.format(type=str(type(other))))
        ret = Sequential()
        for layer in chain(self, other):
            ret.append(layer)
        return ret

    def __iadd__(self, other) -> Sequential:
        if not isinstance(other, Sequential):
            raise ValueError(msg.CONTAINER_ADD_TYPE.format(type=str(type(other))))
        offset = len(self)
        for i, module in enumerate(other):
            self.add_module(str(i + offset), module)
        return self

    def __mul__(self, other: int) -> Sequential:
        if not isinstance(other, int):
            raise TypeError(msg.CONTAINER_MUL_TYPE.format(type=type(self), type2=type(other)))
        if other <= 0:
            raise ValueError(msg.CONTAINER_MUL_NON_POSITIVE.format(other=other, type=type(self)))
        combined = Sequential()
        for offset, module in enumerate(m for _ in range(other) for m in self):
            combined.add_module(str(offset), module)
        return combined

    __rmul__ = __mul__

    def pop(self, key: int | slice) -> Module:
        """Remove and return the module at an index."""
        v = self[key]
        del self[key]
        return v

    def __dir__(self) -> list[str]:
        return _without_digits(self)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def append(self, module: Module) -> Sequential:
        """Add a module at the end."""
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index: int, module: Module) -> Sequential:
        """Insert a module before position index."""
        if not isinstance(module, Module):
            raise AssertionError(msg.CONTAINER_MODULE_TYPE.format(cls=Module))
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(msg.CONTAINER_INDEX_OUT_OF_RANGE_CAPITAL.format(index=index))
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential: Iterable[Module]) -> Sequential:
        """Append every module of an iterable."""
        for layer in sequential:
            self.append(layer)
        return self


class ModuleList(Module):
    """A list of submodules, registered (so their parameters are found) and indexable."""

    def __init__(self, modules: Iterable[Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self += modules

    def __getitem__(self, idx: int | slice):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        return self._modules[_abs_string_index(self, idx)]

    def __setitem__(self, idx: int, module: Module) -> None:
        setattr(self, _abs_string_index(self, idx), module)

    def __delitem__(self, idx: int | slice) -> None:
        if isinstance(idx, slice):
            for k in range(len(self._modules))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, _abs_string_index(self, idx))
        _renumber(self)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def __iadd__(self, modules: Iterable[Module]) -> ModuleList:
        return self.extend(modules)

    def __add__(self, other: Iterable[Module]) -> ModuleList:
        combined = ModuleList()
        for i, module in enumerate(chain(self, other)):
            combined.add_module(str(i), module)
        return combined

    def __repr__(self) -> str:
        """PyTorch's compressed repr: runs of equal reprs print once as '(0-2): 3 x ...'."""
        reprs = [repr(item) for item in self]
        if not reprs:
            return self._get_name() + "()"
        blocks = []  # [start, end, repr]
        for i, r in enumerate(reprs):
            if blocks and blocks[-1][2] == r:
                blocks[-1][1] = i
            else:
                blocks.append([i, i, r])
        lines = []
        for start, end, b in blocks:
            local = (
                f"({start}): {b}" if start == end else f"({start}-{end}): {end - start + 1} x {b}"
            )
            lines.append(_addindent(local, 2))
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"

    def __dir__(self) -> list[str]:
        return _without_digits(self)

    def insert(self, index: int, module: Module) -> None:
        """Insert a module before position index."""
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def append(self, module: Module) -> ModuleList:
        """Add a module at the end."""
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key: int | slice) -> Module:
        """Remove and return the module at an index."""
        v = self[key]
        del self[key]
        return v

    def extend(self, modules: Iterable[Module]) -> ModuleList:
        """Append every module of an iterable."""
        if not isinstance(modules, container_abcs.Iterable):
            raise TypeError(
                msg.CONTAINER_EXTEND_ITERABLE.format(cls="ModuleList", type=type(modules).__name__)
            )
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


def _update_pairs(container, items, kind: str) -> None:
    """dict.update from an iterable of (key, value) pairs, with PyTorch's error texts."""
    for j, m in enumerate(items):
        if not isinstance(m, container_abcs.Iterable):
            raise TypeError(
                msg.CONTAINER_UPDATE_ELEMENT_ITERABLE.format(kind=kind, j=j, type=type(m).__name__)
            )
        if not len(m) == 2:
            raise ValueError(msg.CONTAINER_UPDATE_ELEMENT_LENGTH.format(kind=kind, j=j, n_m=len(m)))
        container[m[0]] = m[1]


class ModuleDict(Module):
    """A dict of submodules, registered under their keys."""

    def __init__(self, modules: Mapping[str, Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        del self._modules[key]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __contains__(self, key: str) -> bool:
        return key in self._modules

    def clear(self) -> None:
        """Remove every module."""
        self._modules.clear()

    def pop(self, key: str) -> Module:
        """Remove and return the module under key."""
        v = self[key]
        del self[key]
        return v

    def keys(self):
        """The keys, in insertion order."""
        return self._modules.keys()

    def items(self):
        """(key, module) pairs."""
        return self._modules.items()

    def values(self):
        """The modules."""
        return self._modules.values()

    def update(self, modules) -> None:
        """Add modules from a mapping or an iterable of (key, module) pairs."""
        if not isinstance(modules, container_abcs.Iterable):
            raise TypeError(
                msg.CONTAINER_UPDATE_ITERABLE.format(cls="ModuleDict", type=type(modules).__name__)
            )
        if isinstance(modules, (OrderedDict, ModuleDict, container_abcs.Mapping)):
            for key, module in modules.items():
                self[key] = module
        else:
            _update_pairs(self, modules, "ModuleDict")


class ParameterList(Module):
    """A list of parameters (tensors are wrapped in Parameter), registered as '0', '1', ..."""

    def __init__(self, values: Iterable[Any] | None = None) -> None:
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            out = self.__class__()
            for i in range(*idx.indices(len(self))):
                out.append(self[i])
            return out
        return getattr(self, _abs_string_index(self, idx))

    def __setitem__(self, idx: int, param: Any) -> None:
        idx = _abs_string_index(self, idx)
        if isinstance(param, Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, idx, param)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Any]:
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, parameters: Iterable[Any]) -> ParameterList:
        return self.extend(parameters)

    def __dir__(self) -> list[str]:
        return _without_digits(self)

    def append(self, value: Any) -> ParameterList:
        """Add a value (a tensor becomes a Parameter) at the end."""
        new_idx = len(self)
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values: Iterable[Any]) -> ParameterList:
        """Append every value of an iterable."""
        if not isinstance(values, container_abcs.Iterable) or isinstance(values, Tensor):
            raise TypeError(
                msg.CONTAINER_EXTEND_ITERABLE.format(
                    cls="ParameterList", type=type(values).__name__
                )
            )
        for value in values:
            self.append(value)
        return self

    def extra_repr(self) -> str:
        return _tensor_lines((k, p, getattr(p, "dtype", None)) for k, p in enumerate(self))

    def __call__(self, *args, **kwargs):
        raise RuntimeError(msg.CONTAINER_PARAMETERLIST_CALLED)


class ParameterDict(Module):
    """A dict of parameters (tensors are wrapped in Parameter), registered under their keys."""

    def __init__(self, parameters: Any = None) -> None:
        super().__init__()
        self._keys: dict[str, None] = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key: str) -> str:
        if not isinstance(key, str):
            raise TypeError(
                msg.CONTAINER_PARAMETERDICT_KEY_TYPE.format(key_type=type(key).__name__)
            )
        return key

    def __getitem__(self, key: str) -> Any:
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key: str, value: Any) -> None:
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key: str) -> None:
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __reversed__(self) -> Iterator[str]:
        return reversed(self._keys)

    def copy(self) -> ParameterDict:
        """A new ParameterDict holding the same parameters."""
        return ParameterDict(OrderedDict((k, self[k]) for k in self._keys))

    def __contains__(self, key: str) -> bool:
        return key in self._keys

    def setdefault(self, key: str, default: Any | None = None) -> Any:
        """self[key], set to default first if missing."""
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self) -> None:
        """Remove every parameter."""
        for k in self._keys.copy():
            del self[k]

    def pop(self, key: str) -> Any:
        """Remove and return the parameter under key."""
        v = self[key]
        del self[key]
        return v

    def popitem(self) -> tuple[str, Any]:
        """Remove and return the last (key, parameter) pair."""
        k, _ = self._keys.popitem()
        self._keys[k] = None
        val = self[k]
        del self[k]
        return k, val

    def get(self, key: str, default: Any | None = None) -> Any:
        """self[key] if present, else default."""
        return self[key] if key in self else default

    def fromkeys(self, keys: Iterable[str], default: Any | None = None) -> ParameterDict:
        """A new ParameterDict with the keys all set to default."""
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        """The keys, in insertion order."""
        return self._keys.keys()

    def items(self):
        """(key, parameter) pairs."""
        return ((k, self[k]) for k in self._keys)

    def values(self):
        """The parameters."""
        return (self[k] for k in self._keys)

    def update(self, parameters) -> None:
        """Add parameters from a mapping (a plain dict is sorted by key) or (key, value) pairs."""
        if not isinstance(parameters, container_abcs.Iterable):
            raise TypeError(
                msg.CONTAINER_UPDATE_ITERABLE.format(
                    cls="ParametersDict", type=type(parameters).__name__
                )
            )
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            for key, parameter in parameters.items():
                self[key] = parameter
        elif isinstance(parameters, container_abcs.Mapping):
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
        else:
            _update_pairs(self, parameters, "ParameterDict")

    def extra_repr(self) -> str:
        return _tensor_lines(
            (k, p, typename(p) if isinstance(p, Tensor) else None) for k, p in self.items()
        )

    def __call__(self, input):
        raise RuntimeError(msg.CONTAINER_PARAMETERDICT_CALLED)

    def __or__(self, other: ParameterDict) -> ParameterDict:
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other: ParameterDict) -> ParameterDict:
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other: ParameterDict) -> ParameterDict:
        self.update(other)
        return self
