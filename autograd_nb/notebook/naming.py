"""What the pictures call a learner's tensors: module paths, then unambiguous variable names.

A learner reads `net.0.weight` or `fc.bias` in a graph the way torchviz's
`make_dot(y, params=dict(model.named_parameters()))` writes them, so every parameter and buffer
of a module in the namespace is named by its path (`<variable>.<path>`). Other tensors take the
variable name that points at them, but only when one name does (two names for one tensor say
nothing) and that name is not a `for` loop's variable: after `for para in model.parameters()`
the name `para` is left pointing at the last parameter, which it does not describe.
"""

from __future__ import annotations

import re

from .._tensor import Tensor
from ..nn import Module

HIDDEN = frozenset({"In", "Out", "exit", "quit", "get_ipython"})
_FOR_TARGET = re.compile(r"\bfor\s+(.+?)\s+in\b")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def user_variables(namespace: dict, kind: type = Tensor) -> dict:
    """{name: value} for the learner's own variables of `kind`, in definition order."""
    return {
        name: value
        for name, value in namespace.items()
        if isinstance(value, kind) and not name.startswith("_") and name not in HIDDEN
    }


def loop_variables(sources) -> set[str]:
    """The names that `for` loops in these cell sources bind (`for name, p in ...` gives both)."""
    names: set[str] = set()
    for source in sources:
        for target in _FOR_TARGET.findall(source):
            names.update(_IDENTIFIER.findall(target))
    return names


def module_parameter_names(modules: dict) -> dict:
    """{"net.0.weight": tensor, ...}: every parameter, then every buffer, of each named module."""
    names: dict = {}
    for prefix, module in modules.items():
        for path, tensor in [*module.named_parameters(), *module.named_buffers()]:
            names.setdefault(f"{prefix}.{path}", tensor)
    return names


def display_names(namespace: dict, params: dict | None = None) -> dict:
    """{name: tensor}, one name per tensor, in the order a picture should prefer them.

    `params` ({name: tensor}, as torchviz's `params=`) comes first, then the parameters and
    buffers of the modules in `namespace` by path, then variables that alone point at a tensor
    and were never a loop's variable (the cell sources in `namespace["In"]` tell).
    """
    chosen: dict = {}
    taken: set[int] = set()

    def offer(name: str, tensor) -> None:
        if isinstance(tensor, Tensor) and id(tensor) not in taken:
            taken.add(id(tensor))
            chosen[name] = tensor

    for name, tensor in (params or {}).items():
        offer(name, tensor)
    for name, tensor in module_parameter_names(user_variables(namespace, Module)).items():
        offer(name, tensor)
    loops = loop_variables(s for s in namespace.get("In", ()) if isinstance(s, str))
    variables = user_variables(namespace)
    count: dict[int, int] = {}
    for tensor in variables.values():
        count[id(tensor)] = count.get(id(tensor), 0) + 1
    for name, tensor in variables.items():
        if count[id(tensor)] == 1 and name not in loops:
            offer(name, tensor)
    return chosen


def name_of(tensor, namespace: dict) -> str | None:
    """The name `display_names` gives this tensor in `namespace`, if any."""
    for name, value in display_names(namespace).items():
        if value is tensor:
            return name
    return None


def shell_namespace() -> dict:
    """The running IPython's user namespace ({} outside IPython)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the notebook extra always has IPython
        return {}
    shell = get_ipython()
    return shell.user_ns if shell is not None else {}
