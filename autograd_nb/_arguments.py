"""Who called, and with what: how the library was entered (`x.add(...)`, `torch.add(x, ...)`,
`x + y`) and PyTorch's argument-parser TypeErrors for arguments of the wrong type ("softmax():
argument 'dim' (position 1) must be int, not str"), with the checkers every op shares for its int,
bool and number arguments. Error texts only: the stack is walked when an error is raised, never on
the way in.
"""

from __future__ import annotations

import sys

from . import _messages as msg

# The code objects (by id) of the functions installed as named Tensor methods (_tensor's
# _as_method) and as operators (`__add__`): how an op was entered, for PyTorch's error texts.
METHOD_CODES: dict[int, str] = {}  # id -> the method's name
OPERATOR_CODES: set[int] = set()
_PACKAGE = __name__.partition(".")[0]


def call_form() -> tuple[str, str]:
    """How the library was entered by the call raising now: ("method", its name) for
    `x.add_(...)`, ("operator", "") for `x + y`, ("function", "") for `torch.add(x, y)`, from
    the code that the outermost autograd_nb frame runs. Only for error texts (it walks the
    stack)."""
    frame, entry = sys._getframe(1), None
    while frame is not None and frame.f_globals.get("__name__", "").startswith(_PACKAGE):
        entry, frame = frame, frame.f_back
    code = id(entry.f_code) if entry is not None else None
    if code in METHOD_CODES:
        return "method", METHOD_CODES[code]
    return ("operator" if code in OPERATOR_CODES else "function"), ""


_ABSENT = object()  # a parameter not bound yet, in argument_error
# The modules of the argument checkers (check_int, check_number, normalize_dim, scalar_for...):
# their parameters are never the ones a learner named
_VALIDATORS = frozenset({__name__, f"{_PACKAGE}._size", f"{_PACKAGE}.ops._helpers"})


def argument_error(value, expected: str, arg: str = "dim") -> TypeError:
    """PyTorch's argument-parser TypeError for `value` given where `expected` ("int", "Number",
    "tuple of ints"...) is wanted: "softmax(): argument 'dim' (position 1) must be int, not str".
    The function, the argument and its position are those of the outermost autograd_nb frame
    whose parameter `arg` holds `value`, else whose parameters hold it (not for None, True or
    False, which may fill several); a method or a layer's constructor counts positions after
    self, as PyTorch. With no such frame: `arg`, with no position. The checkers' own frames (in
    _VALIDATORS) never count. Only for error texts (it walks the stack)."""
    frame, named, held, entry = sys._getframe(1), None, None, None
    singleton = value is None or value is True or value is False
    while frame is not None and frame.f_globals.get("__name__", "").startswith(_PACKAGE):
        if frame.f_globals["__name__"] not in _VALIDATORS:
            code, local = frame.f_code, frame.f_locals
            names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            if arg in names and local[arg] is value:
                named = (frame, names.index(arg))
            elif not singleton:
                index = next((i for i, n in enumerate(names) if local.get(n, _ABSENT) is value), -1)
                held = (frame, index) if index >= 0 else held
            entry = frame
        frame = frame.f_back
    found = named or held
    form, method = call_form()
    frame, where = (found[0] if found else entry), ""
    name = frame.f_code.co_name if frame is not None else ""
    if name == "__init__":  # a layer's constructor: PyTorch's layers are named by their class
        name = type(frame.f_locals["self"]).__name__
    elif form == "method":
        name = method
    if found is not None:
        code, index = found[0].f_code, found[1]
        arg = code.co_varnames[index]
        if index < code.co_argcount:
            after_self = form == "method" or code.co_varnames[0] == "self"
            where = f" (position {index if after_self else index + 1})"
    return TypeError(
        msg.ARGUMENT_TYPE.format(
            name=name, arg=arg, where=where, expected=expected, type=type(value).__name__
        )
    )


def is_int(value) -> bool:
    """Whether PyTorch's argument parser takes `value` as an int (an integer, not a bool)."""
    return not isinstance(value, bool) and hasattr(value, "__index__")


def is_list_int(value, index: int) -> bool:
    """Whether PyTorch's parser takes `value` as element `index` of a list of ints: after the
    first (which picks the overload), a bool counts as 0 or 1 (`torch.zeros(2, True)`)."""
    return is_int(value) or (index > 0 and isinstance(value, bool))


def check_int(value, arg: str) -> int:
    """`value` as an int if PyTorch's argument parser takes it as one (not a bool, not a float),
    else its TypeError naming `arg` and the type given."""
    if type(value) is int:
        return value
    if not is_int(value):
        raise argument_error(value, "int", arg)
    return value.__index__()


def check_bool(value, arg: str) -> bool:
    """`value` if PyTorch's argument parser takes it as a bool (a Python or NumPy bool), else its
    TypeError naming `arg` and the type given."""
    if type(value) is bool or type(value).__name__ == "bool":  # NumPy 2's bool scalar
        return value
    raise argument_error(value, "bool", arg)


def is_number(value) -> bool:
    """Whether PyTorch's argument parser takes `value` as a Number (a Python or NumPy number, a
    one-element tensor)."""
    return isinstance(value, (int, float, complex)) or hasattr(value, "__float__")


def check_number(value, arg: str):
    """`value` if PyTorch's argument parser takes it as a Number, else its TypeError naming `arg`
    and the type given."""
    if is_number(value):
        return value
    raise argument_error(value, "Number", arg)
