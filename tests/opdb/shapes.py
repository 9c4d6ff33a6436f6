"""Shape, view and joining ops: reshapes, permutations, repeats, flips, splits, joins, diagonals
and triangles, on 0-d, empty, transposed and strided inputs. Method-only ops are named
"Tensor.<method>"."""

from __future__ import annotations

from .core import OpEntry, Sample, View
from .samples import rand


def _s(label, *args, **kwargs):
    return lambda rng: Sample(label, tuple(a(rng) if callable(a) else a for a in args), kwargs)


def r(*shape):
    """A random float input of this shape (a differentiable leaf)."""
    return lambda rng: rand(rng, shape)


def tr(*shape):
    """A transposed (non-contiguous) view of a random input: shape is the view's."""
    return lambda rng: View(rand(rng, shape[::-1]), "transpose", (0, len(shape) - 1))


def gen(*makers):
    return lambda rng: [make(rng) for make in makers]


def seq(*shapes):
    """A list of random inputs (for cat, stack, ...)."""
    return lambda rng: [rand(rng, s) for s in shapes]


SHAPES = {
    "reshape": gen(
        _s("flat", r(2, 3), (6,)),
        _s("infer", tr(2, 3), (3, -1)),
        _s("0-d", r(), (1, 1)),
        _s("empty", r(0, 3), (3, 0)),
    ),
    "Tensor.view": gen(
        _s("infer", r(2, 3), (3, -1)), _s("0-d", r(), (1,)), _s("split-dim", r(4, 3), 2, 2, 3)
    ),
    "Tensor.view_as": gen(_s("same", r(2, 3), r(3, 2))),
    "Tensor.reshape_as": gen(_s("same", tr(2, 3), r(6))),
    "flatten": gen(_s("all", r(2, 3, 2)), _s("range", tr(2, 3), 0, 1), _s("0-d", r())),
    "unflatten": gen(_s("dim", r(2, 6), 1, (2, 3)), _s("infer", r(6), 0, (-1, 2))),
    "ravel": gen(_s("contiguous", r(2, 3)), _s("transposed", tr(2, 3))),
    "squeeze": gen(
        _s("all", r(2, 1, 3, 1)),
        _s("dim", r(2, 1, 3), 1),
        _s("dims", r(1, 2, 1), (0, 2)),
        _s("0-d", r()),
    ),
    "unsqueeze": gen(_s("middle", r(2, 3), 1), _s("negative", tr(2, 3), -1), _s("0-d", r(), 0)),
    "transpose": gen(_s("matrix", r(2, 3), 0, 1), _s("3-d", r(2, 3, 2), -1, 0)),
    "swapaxes": gen(_s("matrix", r(2, 3), 0, 1)),
    "swapdims": gen(_s("matrix", r(2, 3), 0, 1)),
    "t": gen(_s("matrix", r(2, 3)), _s("vector", r(3)), _s("0-d", r())),
    "adjoint": gen(_s("matrix", r(2, 3)), _s("batch", r(2, 2, 3))),
    "permute": gen(_s("3-d", r(2, 3, 2), (2, 0, 1)), _s("negative", tr(2, 3), (-1, 0))),
    "movedim": gen(_s("one", r(2, 3, 2), 0, -1), _s("many", r(2, 3, 2), (0, 1), (2, 0))),
    "moveaxis": gen(_s("one", r(2, 3, 2), 0, -1)),
    "Tensor.expand": gen(
        _s("new-dims", r(3), 2, 3), _s("size-1", r(2, 1), 2, 4), _s("keep", r(2, 1), -1, 3)
    ),
    "Tensor.expand_as": gen(_s("size-1", r(2, 1), r(2, 3))),
    "broadcast_to": gen(_s("new-dims", r(3), (2, 3)), _s("0-d", r(), (2,))),
    "broadcast_tensors": gen(_s("two", r(2, 1), r(3)), _s("three", r(), r(2, 1), r(1, 3))),
    "Tensor.repeat": gen(_s("2-d", r(2, 3), 2, 1), _s("new-dims", r(3), 2, 2), _s("0-d", r(), 3)),
    "tile": gen(_s("2-d", r(2, 3), (2, 1)), _s("short", r(2, 3), (2,))),
    "repeat_interleave": gen(_s("number", r(2, 3), 2), _s("dim", r(2, 3), 2, 1)),
    "flip": gen(
        _s("one", r(2, 3), (0,)),
        _s("both", tr(2, 3), (0, 1)),
        _s("dims-keyword", r(2, 3), dims=(1,)),
    ),
    "fliplr": gen(_s("matrix", r(2, 3))),
    "flipud": gen(_s("matrix", r(2, 3))),
    "roll": gen(
        _s("flat", r(2, 3), 2), _s("dim", r(2, 3), -1, 1), _s("dims", r(2, 3), (1, 2), (0, 1))
    ),
    "rot90": gen(_s("once", r(2, 3)), _s("twice", r(2, 3), 2), _s("back", r(2, 3, 2), -1, (1, 2))),
    "narrow": gen(_s("rows", r(4, 3), 0, 1, 2), _s("cols", tr(2, 4), 1, 2, 2)),
    "narrow_copy": gen(_s("rows", r(4, 3), 0, 1, 2)),
    "select": gen(_s("row", r(3, 2), 0, 1), _s("negative", r(2, 3), 1, -1)),
    "Tensor.unfold": gen(_s("windows", r(2, 5), 1, 2, 1), _s("step", r(6), 0, 2, 2)),
    "diagonal": gen(
        _s("main", r(3, 3)), _s("offset", r(3, 4), 1), _s("below", r(2, 3, 3), -1, 1, 2)
    ),
    "diag": gen(_s("of-vector", r(3)), _s("of-matrix", r(3, 4), 1), _s("below", r(3), -1)),
    "diag_embed": gen(_s("vector", r(3)), _s("offset", r(2, 3), 1)),
    "diagflat": gen(_s("vector", r(3)), _s("matrix", r(2, 2), -1)),
    "tril": gen(_s("main", r(3, 4)), _s("offset", r(2, 3, 3), -1)),
    "triu": gen(_s("main", r(3, 4)), _s("offset", tr(3, 3), 1)),
    "clone": gen(_s("matrix", tr(2, 3)), _s("0-d", r())),
    "Tensor.contiguous": gen(_s("transposed", tr(2, 3))),
    "atleast_1d": gen(_s("0-d", r()), _s("matrix", r(2, 3))),
    "atleast_2d": gen(_s("0-d", r()), _s("vector", r(3))),
    "atleast_3d": gen(_s("0-d", r()), _s("matrix", r(2, 3))),
    "cat": gen(
        _s("rows", seq((2, 3), (1, 3))),
        _s("cols", seq((2, 1), (2, 2)), 1),
        _s("with-empty", seq((2, 3), (0, 3))),
    ),
    "concat": gen(_s("rows", seq((2, 3), (1, 3)))),
    "concatenate": gen(_s("rows", seq((2, 3), (1, 3)))),
    "stack": gen(
        _s("new-first", seq((2, 3), (2, 3))),
        _s("last", seq((3,), (3,), (3,)), -1),
        _s("0-d", seq((), ())),
    ),
    "hstack": gen(_s("vectors", seq((2,), (3,))), _s("matrices", seq((2, 1), (2, 2)))),
    "vstack": gen(_s("vectors", seq((3,), (3,))), _s("matrices", seq((1, 2), (2, 2)))),
    "row_stack": gen(_s("vectors", seq((3,), (3,)))),
    "dstack": gen(_s("matrices", seq((2, 3), (2, 3)))),
    "column_stack": gen(_s("vectors", seq((3,), (3,))), _s("mixed", seq((3,), (3, 2)))),
    "split": gen(_s("size", r(5, 2), 2), _s("sizes", r(2, 5), [1, 4], 1)),
    "split_with_sizes": gen(_s("sizes", r(5, 2), [2, 3])),
    "chunk": gen(_s("even", r(4, 2), 2), _s("uneven", r(2, 5), 2, 1)),
    "tensor_split": gen(_s("sections", r(5, 2), 2), _s("indices", r(2, 5), [1, 3], 1)),
    "hsplit": gen(_s("sections", r(2, 4), 2)),
    "vsplit": gen(_s("sections", r(4, 2), 2)),
    "dsplit": gen(_s("sections", r(2, 2, 4), 2)),
    "unbind": gen(_s("rows", r(3, 2)), _s("cols", r(2, 3), 1)),
    "unsafe_chunk": gen(_s("even", r(4, 2), 2)),
    "unsafe_split": gen(_s("size", r(5, 2), 2)),
    "unsafe_split_with_sizes": gen(_s("sizes", r(5, 2), [2, 3])),
    "block_diag": gen(_s("two", r(2, 2), r(1, 3)), _s("with-vector", r(3), r(2, 2))),
    "cartesian_prod": gen(_s("two", r(2), r(3))),
    "combinations": gen(_s("pairs", r(4)), _s("with-replacement", r(3), 2, True)),
    "meshgrid": gen(_s("ij", r(2), r(3), indexing="ij"), _s("xy", r(2), r(3), indexing="xy")),
    "kron": gen(_s("matrices", r(2, 2), r(2, 3)), _s("vectors", r(2), r(3))),
    "as_strided": gen(
        _s("windows", r(6), (3, 2), (2, 1)), _s("offset", r(3, 3), (2, 2), (1, 3), 1)
    ),
    "Tensor.__getitem__": gen(
        _s("basic", r(3, 4), (slice(1, None), slice(None, None, 2))),
        _s("int", r(3, 4), 1),
        _s("none-ellipsis", r(2, 3), (None, Ellipsis, 0)),
    ),
    "Tensor.__neg__": gen(_s("matrix", r(2, 3))),
    "Tensor.__abs__": gen(_s("matrix", r(2, 3))),
}


MISSING_FORMS = {
    "as_strided": dict.fromkeys(
        ("inplace", "inplace_function"), "as_strided_ restrides a tensor in place: not supported"
    ),
}


def entries() -> list:
    return [
        OpEntry(name, samples, missing_forms=MISSING_FORMS.get(name, {}))
        for name, samples in SHAPES.items()
    ]
