"""NumPy's argument names that PyTorch's argument parser also takes: `axis=` for `dim=` and
`keepdims=` for `keepdim=` (torch.sum(x, axis=0, keepdims=True) works in PyTorch)."""

from __future__ import annotations
import __future__

import ast
import copy
import functools
import inspect

_ALIASES = (("dim", "axis"), ("keepdim", "keepdims"))


def numpy_names(fn):
    """`fn` recompiled with keyword-only `axis` / `keepdims` standing for its `dim` / `keepdim`.

    Recompiled rather than wrapped, so a call that uses neither pays no extra frame (these are
    the hot reductions); giving both names raises PyTorch's TypeError. A required `dim` (the
    last positional parameter without a default) becomes optional, so `axis=` can stand in.
    """
    params = inspect.signature(fn).parameters
    func = copy.deepcopy(_module_functions(fn.__code__.co_filename)[fn.__code__.co_firstlineno])
    func.decorator_list = []
    checks = []
    for ours, alias in _ALIASES:
        if ours not in params:
            continue
        default = params[ours].default
        if default is inspect.Parameter.empty:  # a required dim: `...` stands for "not given"
            later = list(params.values())[list(params).index(ours) + 1 :]
            if any(p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD for p in later):
                raise TypeError(
                    f"{fn.__name__}: a required {ours} must be the last positional "
                    "parameter without a default"
                )
            default = ...
            func.args.defaults.insert(0, _at_def(ast.Constant(...), func))
            checks += ast.parse(
                f"if {ours} is ... and {alias} is None:\n"
                f'    raise TypeError("{fn.__name__}() missing 1 required positional argument: '
                f"'{ours}'\")\n"
            ).body
        same = "is" if default is None or default is ... or isinstance(default, bool) else "=="
        func.args.kwonlyargs.append(_at_def(ast.arg(alias), func))
        func.args.kw_defaults.append(_at_def(ast.Constant(None), func))
        checks += ast.parse(
            f"if {alias} is not None:\n"
            f"    if not {ours} {same} {default!r}:\n"
            f'        raise TypeError("{fn.__name__}() got an unexpected keyword argument '
            f"'{alias}'\")\n"
            f"    {ours} = {alias}\n"
        ).body
    has_docstring = isinstance(func.body[0], ast.Expr) and isinstance(
        func.body[0].value, ast.Constant
    )
    func.body[int(has_docstring) : int(has_docstring)] = [_at_def(node, func) for node in checks]
    code = compile(
        ast.Module([func], []),
        fn.__code__.co_filename,
        "exec",
        dont_inherit=True,
        flags=__future__.annotations.compiler_flag,
    )
    namespace: dict = {}
    exec(code, fn.__globals__, namespace)
    return namespace[fn.__name__]


def _at_def(node, func):
    """`node` and its parts placed at `func`'s def line (where a traceback will point)."""
    for part in ast.walk(node):
        if "lineno" in part._attributes:
            ast.copy_location(part, func)
    return node


@functools.cache
def _module_functions(filename: str) -> dict:
    """The module-level function definitions of a source file by first line (decorators
    included, as code objects count it), parsed once per file."""
    with open(filename, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename)
    return {
        (node.decorator_list[0].lineno if node.decorator_list else node.lineno): node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }
