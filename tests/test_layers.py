"""The package's layers: imports only point down, and only the core reads autograd's private fields.

Layers (`.importlinter` at the repository root, checked with import-linter): backends -> core
(`_tensor`, autograd, `_creation`, ...) -> ops -> nn/optim/distributions/utils/datasets -> viz ->
notebook, and nothing but the extension entry point imports `notebook/`. Above the core and the
op definitions, code looks at a graph through `autograd.graph` (and the Tensor/Node attributes
PyTorch makes public), never through the fields the engine lays out for itself.
"""

from __future__ import annotations

import ast
import configparser
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "autograd_nb"

# The layers above the core and the op definitions.
UPPER = ("nn", "optim", "distributions", "utils", "datasets", "viz", "notebook")

# Fields of Node, AccumulateGrad and Tensor that are the engine's layout, not an interface.
PRIVATE_FIELDS = frozenset(
    {
        "_saved",
        "_saved_names",
        "_edges",
        "_seq",
        "_n_outputs",
        "_extra",
        "_extras",
        "_in_meta",
        "_conformed",
        "_unpack",
        "_release",
        "_variable",
        "_meta",
        "_autograd_meta",
        "_vc",
        "_grad_fn",
        "_output_nr",
        "_requires_grad",
        "_view",
    }
)

# Core modules that are the engine's own, not an interface for the layers above.
PRIVATE_MODULES = (
    "autograd_nb.autograd.node",
    "autograd_nb.autograd.engine",
    "autograd_nb.autograd._fast_engine",
    "autograd_nb.autograd.backward_kernels",
)


def _upper_files():
    for layer in UPPER:
        yield from sorted((PACKAGE / layer).rglob("*.py"))


def _functions(tree: ast.Module):
    """(top-level function or class name, node) for each statement of the module."""
    for stmt in tree.body:
        name = getattr(stmt, "name", "<module>")
        yield name, stmt


def test_import_layers_point_down():
    """import-linter keeps every contract in .importlinter (run as `lint-imports` would)."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='.importlinter', no_cache=True, no_logo=True))\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Contracts: 2 kept, 0 broken." in proc.stdout


def private_reads(source: str, rel: str) -> list[str]:
    """'file:line owner: field' for each private autograd field the source reads."""
    found = []
    for owner, stmt in _functions(ast.parse(source)):
        for node in ast.walk(stmt):
            name = None
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE_FIELDS:
                name = node.attr
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value in PRIVATE_FIELDS or node.value == "_saved_":  # getattr(x, "...")
                    name = node.value
            if name is not None:
                found.append(f"{rel}:{node.lineno} {owner}: {name}")
    return found


def test_layers_above_the_core_read_no_private_autograd_field():
    """nn, optim, distributions, utils, datasets, viz and notebook go through autograd.graph."""
    found = []
    for path in _upper_files():
        rel = path.relative_to(PACKAGE).as_posix()
        found += private_reads(path.read_text(encoding="utf-8"), rel)
    assert found == []


def test_private_reads_finds_reads():
    source = (
        "def show(t):\n"
        "    return t._grad_fn, t.grad_fn, getattr(t, '_meta'), t._data\n"
        "def walk(node):\n"
        "    return node._seq\n"
    )
    assert private_reads(source, "viz/x.py") == [
        "viz/x.py:2 show: _grad_fn",
        "viz/x.py:2 show: _meta",
        "viz/x.py:4 walk: _seq",
    ]


def test_layers_above_the_core_import_no_private_autograd_module():
    """The engine's modules (node, engine, ...) are imported by the core only."""
    found = []
    for path in _upper_files():
        rel = path.relative_to(PACKAGE).as_posix()
        package = "autograd_nb." + ".".join(path.relative_to(PACKAGE).parent.parts)
        for owner, stmt in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            for node in ast.walk(stmt):
                if isinstance(node, ast.ImportFrom):
                    base = package.split(".")
                    if node.level:
                        base = base[: len(base) - node.level + 1]
                        module = ".".join(base + ([node.module] if node.module else []))
                    else:
                        module = node.module or ""
                    targets = [module] + [f"{module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    targets = [a.name for a in node.names]
                else:
                    continue
                hits = [t for t in targets if t.startswith(PRIVATE_MODULES)]
                found += [f"{rel}:{node.lineno} {owner}: {t}" for t in hits]
    assert found == []


# Modules by concept: none over 1,000 lines but the texts.


def test_no_module_over_1000_lines():
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 1000 and rel != "_messages.py":
            long.append(f"{rel}: {lines} lines")
    assert long == []


def test_no_upward_import_is_ignored():
    """Every layer contract holds without exceptions: .importlinter ignores no import."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    ignored = [s for s in config.sections() if config[s].get("ignore_imports", "").strip()]
    assert ignored == []
