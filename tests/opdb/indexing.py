"""Indexing, gathering and scattering ops, with repeated indices, negative indices, 0-d and
empty index tensors, and masks that broadcast."""

from __future__ import annotations

import numpy as np

from .core import Const, OpEntry, Sample
from .samples import rand


def idx(*values) -> Const:
    return Const(np.array(values, dtype=np.int64))


def mask(rows) -> Const:
    return Const(np.array(rows, dtype=bool))


def _index_select(rng):
    return [
        Sample("repeated", (rand(rng, (3, 4)), 0, idx(2, 0, 2))),
        Sample("dim1", (rand(rng, (3, 4)), 1, idx(3, 1))),
        Sample("empty-index", (rand(rng, (3, 4)), 0, Const(np.zeros(0, dtype=np.int64)))),
        Sample("0-d", (rand(rng, ()), 0, idx(0))),
    ]


def _gather(rng):
    return [
        Sample("repeated", (rand(rng, (3, 4)), 1, Const(np.array([[0, 0], [3, 1], [2, 2]])))),
        Sample("dim0", (rand(rng, (3, 4)), 0, Const(np.array([[2, 0, 1, 1]])))),
        Sample("0-d", (rand(rng, ()), 0, Const(np.array(0)))),
        Sample("empty-index", (rand(rng, (3,)), 0, Const(np.zeros(0, dtype=np.int64)))),
    ]


def _take_along_dim(rng):
    return [
        Sample("dim", (rand(rng, (3, 4)), Const(np.array([[0, 0], [3, 1], [2, 2]])), 1)),
        Sample("flat", (rand(rng, (3, 4)), idx(5, 0, 5))),
    ]


def _take(rng):
    return [
        Sample("repeated", (rand(rng, (3, 4)), idx(5, 0, 5, -1))),
        Sample("2-d-index", (rand(rng, (3,)), Const(np.array([[0, 2], [1, 1]])))),
    ]


def _scatter(rng):
    index = Const(np.array([[0, 1], [2, 0]]))
    return [
        Sample("src", (rand(rng, (3, 3)), 0, index, rand(rng, (2, 2)))),
        Sample("value", (rand(rng, (3, 3)), 1, index, 0.5)),
        Sample("0-d", (rand(rng, ()), 0, Const(np.array(0)), rand(rng, ()))),
    ]


def _scatter_add(rng):
    return [
        Sample(
            "repeated",
            (rand(rng, (3, 3)), 0, Const(np.array([[0, 1, 0], [0, 1, 2]])), rand(rng, (2, 3))),
        ),
        Sample(
            "dim1", (rand(rng, (2, 4)), 1, Const(np.array([[3, 3], [0, 1]])), rand(rng, (2, 2)))
        ),
    ]


def _scatter_reduce(reduce: str, include_self: bool):
    def gen(rng):
        return [
            Sample(
                "repeated",
                (
                    rand(rng, (3, 3)),
                    0,
                    Const(np.array([[0, 1, 0], [2, 1, 2]])),
                    rand(rng, (2, 3)),
                    reduce,
                ),
                {"include_self": include_self},
            ),
            Sample(
                "dim1",
                (
                    rand(rng, (2, 4)),
                    1,
                    Const(np.array([[3, 3, 1], [0, 1, 0]])),
                    rand(rng, (2, 3), 0.2, 1),
                    reduce,
                ),
                {"include_self": include_self},
            ),
        ]

    return gen


def _index_add(rng):
    return [
        Sample("repeated", (rand(rng, (3, 2)), 0, idx(0, 2, 0), rand(rng, (3, 2)))),
        Sample("alpha", (rand(rng, (2, 3)), 1, idx(2, 1), rand(rng, (2, 2))), {"alpha": -2.0}),
    ]


def _index_copy(rng):
    return [
        Sample("rows", (rand(rng, (3, 2)), 0, idx(2, 0), rand(rng, (2, 2)))),
        Sample(
            "cols",
            (
                rand(rng, (2, 3)),
                1,
                idx(
                    1,
                ),
                rand(rng, (2, 1)),
            ),
        ),
    ]


def _index_fill(rng):
    return [
        Sample("number", (rand(rng, (3, 2)), 0, idx(2, 0), -1.5)),
        Sample("repeated", (rand(rng, (2, 3)), 1, idx(1, 1), 0.5)),
        Sample(
            "0-d-value",
            (
                rand(rng, (2, 3)),
                1,
                idx(
                    0,
                ),
                rand(rng, ()),
            ),
        ),
    ]


def _index_put(rng):
    return [
        Sample("rows", (rand(rng, (3, 2)), (idx(2, 0),), rand(rng, (2, 2)))),
        Sample("points", (rand(rng, (3, 3)), (idx(0, 2), idx(1, 1)), rand(rng, (2,)))),
        Sample("accumulate-repeated", (rand(rng, (3,)), (idx(1, 1, 0),), rand(rng, (3,)), True)),
    ]


def _index_reduce(reduce: str):
    def gen(rng):
        return [
            Sample(
                "repeated",
                (rand(rng, (3, 2), 0.2, 1), 0, idx(0, 2, 0), rand(rng, (3, 2), 0.2, 1), reduce),
            ),
            Sample(
                "exclude-self",
                (rand(rng, (2, 3), 0.2, 1), 1, idx(2, 1), rand(rng, (2, 2), 0.2, 1), reduce),
                {"include_self": False},
            ),
        ]

    return gen


def _masked_fill(rng):
    m = mask([[True, False, True], [False, False, True]])
    return [
        Sample("number", (rand(rng, (2, 3)), m, -1.0)),
        Sample("broadcast-mask", (rand(rng, (2, 3)), mask([True, False, False]), 0.5)),
        Sample("0-d-value", (rand(rng, (2, 3)), m, rand(rng, ()))),
    ]


def _masked_scatter(rng):
    return [
        Sample(
            "matrix",
            (
                rand(rng, (2, 3)),
                mask([[True, False, True], [False, True, True]]),
                rand(rng, (2, 3)),
            ),
        ),
        Sample("broadcast-mask", (rand(rng, (2, 3)), mask([True, False, True]), rand(rng, (5,)))),
    ]


def _masked_select(rng):
    return [
        Sample("matrix", (rand(rng, (2, 3)), mask([[True, False, True], [False, True, True]]))),
        Sample("broadcast-mask", (rand(rng, (2, 3)), mask([False, True, True]))),
        Sample(
            "broadcast-input", (rand(rng, (3,)), mask([[True, False, True], [False, True, False]]))
        ),
    ]


def _put(rng):
    return [
        Sample("flat", (rand(rng, (2, 3)), idx(4, 0), rand(rng, (2,)))),
        Sample("accumulate-repeated", (rand(rng, (2, 3)), idx(1, 1, -1), rand(rng, (3,)), True)),
    ]


def _scatter_like(op: str):
    def gen(rng):
        if op == "select_scatter":
            return [
                Sample("row", (rand(rng, (3, 2)), rand(rng, (2,)), 0, 1)),
                Sample("col", (rand(rng, (2, 3)), rand(rng, (2,)), 1, -1)),
            ]
        if op == "slice_scatter":
            return [
                Sample("rows", (rand(rng, (4, 2)), rand(rng, (2, 2))), {"start": 1, "end": 3}),
                Sample("step", (rand(rng, (2, 4)), rand(rng, (2, 2))), {"dim": 1, "step": 2}),
            ]
        if op == "diagonal_scatter":
            return [
                Sample("main", (rand(rng, (3, 3)), rand(rng, (3,)))),
                Sample("offset", (rand(rng, (3, 4)), rand(rng, (3,)), 1)),
            ]
        return [Sample("windows", (rand(rng, (3, 3)), rand(rng, (2, 2)), (2, 2), (3, 1)))]

    return gen


def _getitem_advanced(rng):
    return [
        Sample("repeated", (rand(rng, (4, 3)), idx(0, 2, 0))),
        Sample("mask", (rand(rng, (2, 3)), mask([[True, False, True], [False, False, True]]))),
        Sample("mixed", (rand(rng, (3, 4)), (slice(None), idx(3, -1)))),
        Sample("two-lists", (rand(rng, (3, 4)), (idx(0, 2, 2), idx(1, 1, 3)))),
    ]


def _sorted_search(rng):
    edges = np.sort(rand(rng, (5,)))
    return [
        Sample("vector", (Const(edges), Const(rand(rng, (2, 3))))),
        Sample("right", (Const(edges), Const(np.array([edges[1], 0.0]))), {"right": True}),
    ]


def _bucketize(rng):
    edges = np.sort(rand(rng, (5,)))
    return [Sample("ties", (Const(np.array([edges[2], 0.0, 2.0])), Const(edges)))]


def entries() -> list:
    out = [
        OpEntry("index_select", _index_select),
        OpEntry("gather", _gather),
        OpEntry("take_along_dim", _take_along_dim),
        OpEntry("take", _take),
        OpEntry("scatter", _scatter),
        OpEntry("scatter_add", _scatter_add),
        OpEntry("index_add", _index_add),
        OpEntry("index_copy", _index_copy),
        OpEntry("index_fill", _index_fill),
        OpEntry("index_put", _index_put),
        OpEntry("masked_fill", _masked_fill),
        OpEntry("masked_scatter", _masked_scatter),
        OpEntry("masked_select", _masked_select),
        OpEntry("Tensor.put", _put, aliases=("put",)),
        OpEntry("Tensor.__getitem__", _getitem_advanced, variant="advanced"),
        OpEntry("searchsorted", _sorted_search, differentiable=False),
        OpEntry("bucketize", _bucketize, differentiable=False),
    ]
    for reduce in ("sum", "prod", "mean", "amax", "amin"):
        for include_self in (True, False):
            variant = reduce + ("" if include_self else "-exclude-self")
            out.append(
                OpEntry(
                    "scatter_reduce",
                    _scatter_reduce(reduce, include_self),
                    variant=variant,
                    gradgrad=False,
                )
            )
    for reduce in ("prod", "mean", "amax", "amin"):
        out.append(OpEntry("index_reduce", _index_reduce(reduce), variant=reduce, gradgrad=False))
    for op in ("select_scatter", "slice_scatter", "diagonal_scatter"):
        out.append(OpEntry(op, _scatter_like(op)))
    out.append(
        OpEntry(
            "as_strided_scatter",
            _scatter_like("as_strided_scatter"),
            pytorch_gradient_wrong="PyTorch's OpInfo marks its gradient as wrong (README)",
        )
    )
    return out
