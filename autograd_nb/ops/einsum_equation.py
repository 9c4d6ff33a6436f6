"""einsum's arguments as PyTorch parses them: '...' (broadcast ellipsis dims) and sublists.

The parsed terms are lists of labels, one per dim; each ellipsis dim gets a label of its own
(right-aligned across operands, as broadcasting aligns dims), so the contraction in linalg.py
never sees '...'. A dim of size 1 facing a larger size of the same label is broadcast: it is
squeezed out of its operand, which is what broadcasting a constant along it means.
"""

from __future__ import annotations

from collections import Counter

from .. import _messages as msg
from .._tensor import Tensor
from ._helpers import check_tensor

_ELLIPSIS = "..."


def _sublist_label(n) -> str:
    """PyTorch's letter for a sublist subscript: 0-25 are A-Z, 26-51 are a-z."""
    if n == Ellipsis:
        return _ELLIPSIS
    if n >= 0 and n < 26:  # this order: PyTorch's TypeError for a str
        return chr(ord("A") + n)
    if n >= 26 and n < 52:
        return chr(ord("a") + n - 26)
    raise ValueError(msg.EINSUM_SUBLIST_RANGE)


def einsum_args(args: tuple) -> tuple[str, tuple]:
    """(equation, operands) from einsum(equation, *operands) or einsum(op1, sub1, ..., [out])."""
    if len(args) < 2:
        raise ValueError(msg.EINSUM_NO_OPERANDS)
    if isinstance(args[0], Tensor):
        equation = ",".join("".join(map(_sublist_label, sub)) for sub in args[1::2])
        if len(args) % 2:
            equation += "->" + "".join(map(_sublist_label, args[-1]))
        operands = args[:-1:2] if len(args) % 2 else args[::2]
    else:
        equation, operands = args[0], args[1:]
        if not isinstance(equation, str):
            raise TypeError(
                msg.ARGUMENT_TYPE.format(
                    name="einsum",
                    arg="equation",
                    where=" (position 1)",
                    expected="str",
                    type=type(equation).__name__,
                )
            )
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    for i, t in enumerate(operands):
        if not isinstance(t, Tensor):
            raise TypeError(msg.SEQUENCE_ELEMENT.format(i=i, position=1, type=type(t).__name__))
    return equation, tuple(operands)


def _scan(text: str, offset: int, on_comma=None, dot_errors: tuple = ()) -> list:
    """The labels of one side of the equation ('...' kept whole), with PyTorch's checks."""
    terms, found, i = [[]], False, 0
    while i < len(text):
        c = text[i]
        if c == ".":
            second, lone = (
                dot_errors
                if on_comma is None
                else (
                    msg.EINSUM_SECOND_ELLIPSIS.format(index=len(terms) - 1),
                    msg.EINSUM_LONE_DOT.format(index=len(terms) - 1),
                )
            )
            if found:
                raise RuntimeError(second)
            if text[i : i + 3] != _ELLIPSIS or i + 2 >= len(text):
                raise RuntimeError(lone)
            terms[-1].append(_ELLIPSIS)
            found, i = True, i + 2
        elif c == "," and on_comma is not None:
            on_comma(len(terms))
            terms.append([])
            found = False
        elif c != " ":
            if not (c.isascii() and c.isalpha()):
                raise RuntimeError(msg.EINSUM_BAD_LETTER.format(index=offset + i))
            terms[-1].append(c)
        i += 1
    return terms


def einsum_terms(equation: str, operands: tuple) -> tuple[list, list, list]:
    """(operands with broadcast size-1 dims squeezed out, their label lists, output labels)."""
    lhs, arrow, rhs = equation.partition("->")

    def enough(count: int) -> None:
        if count >= len(operands):
            raise RuntimeError(msg.EINSUM_FEWER_OPERANDS)

    terms = _scan(lhs, 0, enough)
    if len(terms) != len(operands):
        raise RuntimeError(msg.EINSUM_OPERANDS)
    ellipsis_dims = 0
    for index, (x, term) in enumerate(zip(operands, terms)):
        check_tensor(x, "einsum")
        named = len(term) - term.count(_ELLIPSIS)
        if _ELLIPSIS in term and named <= x.dim():
            ellipsis_dims = max(ellipsis_dims, x.dim() - named)
        elif _ELLIPSIS in term or named != x.dim():
            text = msg.EINSUM_DIMS_ELLIPSIS if _ELLIPSIS in term else msg.EINSUM_DIMS
            raise RuntimeError(text.format(subscripts=named, dims=x.dim(), index=index))
    counts = Counter(c for term in terms for c in term if c != _ELLIPSIS)
    slots = [chr(0x2460 + k) for k in range(ellipsis_dims)]  # labels no equation can contain
    if arrow:
        output = _scan(
            rhs, len(lhs) + 2, None, (msg.EINSUM_OUT_SECOND_ELLIPSIS, msg.EINSUM_OUT_LONE_DOT)
        )[0]
        for i, c in enumerate(output):
            if c != _ELLIPSIS and (counts[c] == 0 or c in output[:i]):
                text = msg.EINSUM_OUT_UNKNOWN if counts[c] == 0 else msg.EINSUM_OUT_REPEATED
                raise RuntimeError(text.format(letter=c))
    else:
        output = [_ELLIPSIS] + sorted(c for c, n in counts.items() if n == 1)
    terms = [_expand(term, slots, x.dim()) for x, term in zip(operands, terms)]
    sizes = _sizes(operands, terms, set(slots))
    squeezed = []
    for x, term in zip(operands, terms):
        broadcast = [i for i, c in enumerate(term) if x.shape[i] == 1 and sizes[c] != 1]
        if broadcast:
            x = x.squeeze(tuple(broadcast))
            term = [c for i, c in enumerate(term) if i not in broadcast]
        squeezed.append((x, term))
    return [x for x, _ in squeezed], [t for _, t in squeezed], _expand(output, slots, None)


def _expand(term: list, slots: list, ndim: int | None) -> list:
    """The term with '...' replaced by the labels of its dims (the last of the shared slots)."""
    if _ELLIPSIS not in term:
        return term
    j = term.index(_ELLIPSIS)
    count = len(slots) if ndim is None else ndim - (len(term) - 1)
    return term[:j] + slots[len(slots) - count :] + term[j + 1 :]


def _sizes(operands: tuple, terms: list, slots: set) -> dict:
    """Each label's size, broadcasting 1s; PyTorch's error for sizes that do not broadcast."""
    sizes: dict = {}
    for index, (x, term) in enumerate(zip(operands, terms)):
        for dim, (c, size) in enumerate(zip(term, x.shape)):
            seen = sizes.get(c, 1)
            if seen == 1:
                sizes[c] = size
            elif size not in (1, seen):
                if c in slots:
                    raise RuntimeError(
                        msg.EINSUM_ELLIPSIS_SIZE.format(dim=dim, index=index, size=size, seen=seen)
                    )
                raise RuntimeError(
                    msg.EINSUM_SIZE.format(letter=c, size=size, index=index, seen=seen)
                )
    return sizes


__all__: list[str] = []  # no torch.* functions of its own
