"""The long tail of issue #31: 3-D transposed convolution, adaptive max pooling and unpooling,
grid_sample / affine_grid, the LU family and the solvers given a factor, condition numbers and
tensor solves, torch.gradient, the *_copy functions and histogramdd.

Factors read only one triangle (cholesky_solve, triangular_solve):
their samples pass well-conditioned full matrices, so that values match; gradients then follow
PyTorch's formulas, which finite differences of one triangle cannot check (gradcheck False).
unbind_copy is left to tests/test_long_tail.py: its out= form returns None, as PyTorch's.
"""

from __future__ import annotations

import numpy as np

from .core import Const, OpEntry, Sample
from .samples import P, S, g, rand


def wellcond(n, batch=()):
    """A square matrix near diag(1..n): invertible, pivots without ties."""
    return lambda rng: rand(rng, (*batch, n, n)) * 0.5 + np.diag(np.arange(1.0, n + 1))


def lower_factor(n):
    """A lower triangular factor with a dominant positive diagonal (zeros above it)."""
    return lambda rng: np.tril(rand(rng, (n, n)) * 0.5) + np.diag(np.arange(1.0, n + 1))


def grid(shape, span=1.2):
    """Sampling points in [-span, span]: inside and a little outside the input."""
    return lambda rng: rand(rng, shape, -span, span)


def pool3d_indices(rng):
    """Indices as max_pool3d(kernel 2) of a (4, 4, 4) volume gives them: one point of each
    2x2x2 window, as a flat index into the volume, for a (1, 2, 2, 2, 2) output."""
    d, h, w = np.meshgrid(np.arange(2), np.arange(2), np.arange(2), indexing="ij")
    offset = rng.integers(0, 2, size=(3, 1, 2, 2, 2, 2))
    flat = ((2 * d + offset[0]) * 4 + (2 * h + offset[1])) * 4 + (2 * w + offset[2])
    return Const(flat.astype(np.int64))


FUNCTIONAL = {
    "nn.functional.conv_transpose3d": g(
        S("default", (1, 2, 2, 3, 2), (2, 3, 2, 2, 2), (3,)),
        S(
            "stride-pad-outpad",
            (1, 2, 2, 2, 2),
            (2, 1, 2, 2, 2),
            None,
            P((2, 1, 2)),
            1,
            P((1, 0, 1)),
        ),
        S("groups-dilation", (1, 4, 2, 2, 2), (4, 1, 2, 2, 2), None, 1, 0, 0, 2, 2),
        S("unbatched", (2, 2, 2, 2), (2, 1, 2, 2, 2)),
    ),
    "nn.functional.adaptive_max_pool3d": g(
        S("uneven", (1, 2, 5, 4, 3), P((2, 3, 2))),
        S("indices", (2, 1, 3, 4, 4), 2, return_indices=True),
        S("none-size", (1, 1, 4, 3, 5), P((2, None, 1))),
    ),
    "nn.functional.max_unpool3d": g(
        S("default", (1, 2, 2, 2, 2), pool3d_indices, 2),
        S("output-size", (1, 2, 2, 2, 2), pool3d_indices, 2, output_size=P((5, 4, 5))),
    ),
    "nn.functional.grid_sample": g(
        *(
            S(
                f"{mode}-{pad}-{corners}",
                (1, 2, 3, 4),
                grid((1, 2, 3, 2)),
                mode=mode,
                padding_mode=pad,
                align_corners=corners,
                gradcheck=mode != "nearest",
            )
            for mode in ("bilinear", "nearest", "bicubic")
            for pad in ("zeros", "border", "reflection")
            for corners in (False, True)
        ),
        S("3d-trilinear", (1, 1, 2, 3, 3), grid((1, 2, 2, 1, 3)), align_corners=False),
        S(
            "3d-nearest-border",
            (1, 1, 2, 3, 3),
            grid((1, 2, 2, 1, 3)),
            mode="nearest",
            padding_mode="border",
            align_corners=True,
            gradcheck=False,
        ),
    ),
    "nn.functional.affine_grid": g(
        S("2d", (2, 2, 3), P((2, 3, 3, 4)), align_corners=False),
        S("2d-corners", (1, 2, 3), P((1, 1, 2, 3)), align_corners=True),
        S("3d", (1, 3, 4), P((1, 1, 2, 2, 3)), align_corners=False),
    ),
}

LINALG = {
    "linalg.lu_factor": g(
        S("square", wellcond(3)),
        S("batch", wellcond(2, (2,))),
        S("wide", (2, 3)),
        S("tall", (3, 2)),
    ),
    "linalg.lu_factor_ex": g(S("square", wellcond(3))),
    "linalg.lu": g(S("square", wellcond(3)), S("wide", (2, 3)), S("tall", (3, 2))),
    "linalg.lu_solve": g(
        lambda rng: Sample("left", (*_lu_of(rng, 3), rand(rng, (3, 2)))),
        lambda rng: Sample("adjoint", (*_lu_of(rng, 3), rand(rng, (3, 2))), {"adjoint": True}),
        lambda rng: Sample("right", (*_lu_of(rng, 3), rand(rng, (2, 3))), {"left": False}),
    ),
    "lu_unpack": g(lambda rng: Sample("square", tuple(_lu_of(rng, 3)))),
    "cholesky_solve": g(
        S("lower", (3, 2), lower_factor(3), gradcheck=False),
        S(
            "upper-batch",
            (2, 3, 1),
            lambda rng: lower_factor(3)(rng).T,
            upper=True,
            gradcheck=False,
        ),
    ),
    "cholesky_inverse": g(
        S("lower", lower_factor(3), gradcheck=False),
        S("upper", lambda rng: lower_factor(3)(rng).T, upper=True, gradcheck=False),
    ),
    "linalg.cond": g(
        S("2", wellcond(3)),
        S("fro", wellcond(3), "fro"),
        S("-2", wellcond(3), -2),
        S("batch-nuc", wellcond(2, (2,)), "nuc"),
    ),
    "linalg.tensorinv": g(
        S("ind1", lambda rng: wellcond(4)(rng).reshape(4, 2, 2), ind=1),
        S("ind2", lambda rng: wellcond(4)(rng).reshape(2, 2, 2, 2)),
    ),
    "linalg.tensorsolve": g(
        S("default", lambda rng: wellcond(4)(rng).reshape(2, 2, 4), (2, 2)),
        S("dims", lambda rng: wellcond(4)(rng).T.reshape(4, 2, 2), (2, 2), dims=(0,)),
    ),
}


def _lu_of(rng, n):
    """lu_factor's (LU, pivots) of a well-conditioned matrix: PyTorch's own, as a Const pivot
    vector and the packed factors (rows swapped as a partial-pivoting LU does)."""
    a = wellcond(n)(rng)
    lu = a.copy()
    pivots = []
    for j in range(n):
        p = j + int(np.argmax(np.abs(lu[j:, j])))
        pivots.append(p + 1)
        lu[[j, p]] = lu[[p, j]]
        lu[j + 1 :, j] /= lu[j, j]
        lu[j + 1 :, j + 1 :] -= np.outer(lu[j + 1 :, j], lu[j, j + 1 :])
    return lu, Const(np.array(pivots, dtype=np.int32))


OTHERS = {
    "gradient": g(
        S("1d", (5,)),
        S("none-given", (5,), spacing=None, dim=None, edge_order=1),
        S("spacing-edge2", (3, 4), spacing=2.0, edge_order=2),
        S("dim-list", (3, 4), spacing=[0.5], dim=1),
        S(
            "coordinates",
            (5,),
            spacing=lambda rng: (Const(np.array([0.0, 1.0, 1.5, 3.5, 4.0])),),
            edge_order=2,
        ),
    ),
    "t_copy": g(S("matrix", (2, 3))),
    "view_copy": g(S("matrix", (2, 3), P((3, 2)))),
    "transpose_copy": g(S("matrix", (2, 3, 2), 0, 2)),
    "permute_copy": g(S("matrix", (2, 3, 2), P((2, 0, 1)))),
    "diagonal_copy": g(S("offset", (3, 4), 1)),
    "select_copy": g(S("row", (2, 3), 1, 2)),
    "slice_copy": g(S("step", (2, 5), 1, 0, None, 2)),
    "split_copy": g(S("halves", (4, 3), 2)),
    "unsqueeze_copy": g(S("dim", (2, 3), 1)),
    "squeeze_copy": g(S("all", (1, 3, 1))),
    "expand_copy": g(S("rows", (1, 3), P((4, 3)))),
    "unfold_copy": g(S("windows", (2, 5), 1, 2, 1)),
    "alias_copy": g(S("matrix", (2, 3))),
    "as_strided_copy": g(S("window", (3, 4), P((2, 2)), P((4, 1)), 1)),
}

# torch.* names of the same functions
ALIASES = {"nn.functional.conv_transpose3d": ("conv_transpose3d",)}

VALUES_ONLY = {
    "histogramdd": g(
        S("bins-list", (10, 2), bins=[3, 4]),
        S("range-density", (10, 2), bins=2, range=[-1.0, 1.0, -0.5, 0.5], density=True),
        S("3d", (2, 5, 3), bins=(2, 3, 2)),
    ),
}


def entries() -> list:
    out = [
        OpEntry(name, gen, rtol=1e-6, atol=1e-8, aliases=ALIASES.get(name, ()))
        for name, gen in FUNCTIONAL.items()
    ]
    out += [OpEntry(name, gen, rtol=1e-6, atol=1e-8) for name, gen in LINALG.items()]
    out += [OpEntry(name, gen) for name, gen in OTHERS.items()]
    out += [OpEntry(name, gen, differentiable=False) for name, gen in VALUES_ONLY.items()]
    return out
