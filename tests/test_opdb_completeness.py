"""Completeness of the op database: every public callable of the torch-like namespaces
(autograd_nb, .nn.functional, .linalg, .special and Tensor's methods) has an entry in tests/opdb
(as its function, alias, method or in-place form) or a documented exemption saying why not."""

from __future__ import annotations

import inspect

import pytest
from opdb import ENTRIES
from opdb.exemptions import EXEMPT

import autograd_nb as torch

pytestmark = pytest.mark.opdb

NAMESPACES = {
    "": torch,
    "nn.functional.": torch.nn.functional,
    "linalg.": torch.linalg,
    "special.": torch.special,
}


def public_callables() -> set:
    names = set()
    for prefix, module in NAMESPACES.items():
        for name in dir(module):
            obj = getattr(module, name)
            if name.startswith("_") or inspect.isclass(obj) or inspect.ismodule(obj):
                continue
            if callable(obj):
                names.add(prefix + name)
    for name in dir(torch.Tensor):
        if not name.startswith("_") and callable(getattr(torch.Tensor, name)):
            names.add("Tensor." + name)
    return names


def covered() -> set:
    """The names the database's entries test: function, aliases, method and in-place forms."""
    names = set()
    for entry in ENTRIES:
        for name in (entry.name, *entry.aliases):
            names |= {name, name + "_"}  # the in-place function (torch.abs_, F.relu_)
            if "." not in name:  # a torch.* function: its Tensor method and in-place method
                names |= {f"Tensor.{name}", f"Tensor.{name}_"}
    return names


def test_every_public_callable_has_an_entry_or_an_exemption():
    missing = sorted(public_callables() - covered() - set(EXEMPT))
    assert not missing, f"no op-database entry and no exemption: {missing}"


def test_every_exemption_names_a_callable_and_gives_a_reason():
    public = public_callables()
    stale = sorted(name for name in EXEMPT if name not in public)
    assert not stale, f"exemptions for names that are not public callables: {stale}"
    assert all(len(reason) > 20 for reason in EXEMPT.values())
    assert not set(EXEMPT) & {entry.name for entry in ENTRIES}, "an exempt name has an entry"


def test_the_database_is_large_and_covers_each_family():
    families = {entry.name.split(".")[0] if "." in entry.name else "torch" for entry in ENTRIES}
    assert {"torch", "nn", "linalg", "special", "Tensor"} <= families
    assert len({entry.name for entry in ENTRIES}) >= 400
