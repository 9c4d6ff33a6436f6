"""Every user-facing text lives in autograd_nb/_messages.py, and every text there is used.

Learners compare our errors with PyTorch's, so the words are part of the interface: one module
holds them all, where they can be read, checked against PyTorch and kept in step.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "autograd_nb"

# Where inline texts are still allowed: the op definitions and the engines (their texts sit
# next to the math they describe), and modules another branch is rewriting.
# helpers that build an error from PyTorch's kernel name (the text itself is in _messages.py)
# helpers given an op name, not a text
ERROR_BUILDERS = ("_kernel_error", "operand_error", "refused_overloads", "invalid_combination")


def _is_text(node: ast.AST) -> bool:
    """A string literal, an f-string, a literal's .format(...) or a sum involving one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and _is_text(node.func.value)
    return False


def inline_texts(source: str, rel: str) -> list[str]:
    """'file:line' for each `raise E("...")` or `warnings.warn("...")` with its text inline."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            call = node.exc
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "warn":
            call = node
        else:
            continue
        if getattr(call.func, "id", None) in ERROR_BUILDERS:
            continue
        if call.args and _is_text(call.args[0]):
            found.append(f"{rel}:{node.lineno}")
    return found


def test_raised_and_warned_texts_live_in_messages():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "_messages.py":
            continue
        found += inline_texts(path.read_text(encoding="utf-8"), rel)
    assert found == []


def test_inline_texts_finds_each_form():
    source = (
        "def f(x):\n"
        "    raise ValueError('a')\n"
        "    raise ValueError(f'{x}')\n"
        "    raise ValueError('n: ' + x)\n"
        "    raise ValueError('{}'.format(x))\n"
        "    warnings.warn('w')\n"
        "    raise ValueError(msg.TEXT.format(x=x))\n"
        "    warnings.warn(msg.TEXT, UserWarning)\n"
    )
    assert inline_texts(source, "m.py") == [f"m.py:{n}" for n in (2, 3, 4, 5, 6)]


def test_each_text_name_is_defined_once():
    tree = ast.parse((PACKAGE / "_messages.py").read_text(encoding="utf-8"))
    names = [s.targets[0].id for s in tree.body if isinstance(s, ast.Assign)]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_every_text_in_messages_is_used():
    tree = ast.parse((PACKAGE / "_messages.py").read_text(encoding="utf-8"))
    names = [s.targets[0].id for s in tree.body if isinstance(s, ast.Assign)]
    code = "\n".join(
        p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "_messages.py"
    )
    used = set(re.findall(r"\bmsg\.([A-Z][A-Z0-9_]*)", code))
    used |= set(re.findall(r"import ([A-Z][A-Z0-9_]*)", code))  # from .._messages import X
    assert [n for n in names if n not in used and not _used_in_messages(n, tree)] == []


def _used_in_messages(name: str, tree: ast.Module) -> bool:
    """True when another text is built from this one (e.g. `A = B.replace(...)`)."""
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        for n in ast.walk(tree)
    )


def _fields(template: str) -> set[str]:
    """The names a text's {placeholders} use ({0} and {} count as positional)."""
    names = set()
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field)[0])
            names |= _fields(spec or "")
    return names


def test_each_format_call_fills_the_texts_fields():
    import autograd_nb._messages as messages

    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if not (isinstance(func, ast.Attribute) and func.attr == "format"):
                continue
            text = func.value
            if not (isinstance(text, ast.Attribute) and getattr(text.value, "id", "") == "msg"):
                continue
            if node.args or any(k.arg is None for k in node.keywords):
                continue  # positional or **kwargs: not checked here
            given = {k.arg for k in node.keywords}
            fields = _fields(getattr(messages, text.attr))
            rel = path.relative_to(PACKAGE).as_posix()
            # a missing field is a KeyError; an unused one is dead
            if fields - given or given - fields:
                wrong.append(
                    f"{rel}:{node.lineno} {text.attr}: {sorted(given)} != {sorted(fields)}"
                )
    assert wrong == []
