"""Products and linear algebra: matrix products with batches and broadcasting, decompositions on
well-conditioned matrices (the gradients of eigen/singular vectors need distinct values), norms,
distances and statistics of matrices."""

from __future__ import annotations

import numpy as np

from .core import OpEntry, Sample, Symmetric
from .samples import rand


def spd(rng, n, batch=()):
    """A symmetric positive definite matrix (well conditioned)."""
    a = rand(rng, (*batch, n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def wellcond(rng, n, batch=()):
    """A square matrix near a multiple of the identity: invertible, distinct singular values."""
    return rand(rng, (*batch, n, n)) * 0.5 + np.diag(np.arange(1.0, n + 1))


def _g(*makers):
    return lambda rng: [m(rng) for m in makers]


def S(label, *shapes, gradcheck=True, **kwargs):
    """A sample of random inputs of these shapes (a shape given as a callable is called)."""
    return lambda rng: Sample(
        label,
        tuple(
            s(rng) if callable(s) else rand(rng, s) if isinstance(s, tuple) else s for s in shapes
        ),
        kwargs,
        gradcheck,
    )


def sq(n, batch=()):
    return lambda rng: wellcond(rng, n, batch)


def pd(n, batch=()):
    return lambda rng: Symmetric(spd(rng, n, batch))


PRODUCTS = {
    "matmul": _g(
        S("mm", (2, 3), (3, 2)),
        S("mv", (2, 3), (3,)),
        S("vm", (3,), (3, 2)),
        S("dot", (3,), (3,)),
        S("batch-broadcast", (2, 1, 2, 3), (3, 3, 2)),
        S("empty-inner", (2, 0), (0, 3)),
    ),
    "mm": _g(S("square", (2, 3), (3, 2)), S("empty", (0, 3), (3, 2))),
    "bmm": _g(S("batch", (2, 2, 3), (2, 3, 2))),
    "mv": _g(S("matrix-vector", (2, 3), (3,))),
    "dot": _g(S("vectors", (3,), (3,))),
    "vdot": _g(S("vectors", (3,), (3,))),
    "inner": _g(S("vectors", (3,), (3,)), S("matrices", (2, 3), (4, 3)), S("0-d", (), (2, 3))),
    "outer": _g(S("vectors", (2,), (3,))),
    "ger": _g(S("vectors", (2,), (3,))),
    "addmm": _g(
        S("default", (2, 2), (2, 3), (3, 2)),
        S("broadcast-bias", (2,), (2, 3), (3, 2), beta=0.5, alpha=2.0),
    ),
    "addmv": _g(
        S("default", (2,), (2, 3), (3,)), S("scaled", (), (2, 3), (3,), beta=-1.0, alpha=0.5)
    ),
    "addbmm": _g(S("default", (2, 2), (3, 2, 3), (3, 3, 2))),
    "baddbmm": _g(
        S("default", (3, 2, 2), (3, 2, 3), (3, 3, 2)),
        S("broadcast", (2,), (3, 2, 3), (3, 3, 2), alpha=0.5),
    ),
    "addr": _g(
        S("default", (2, 3), (2,), (3,)), S("scaled", (3,), (2,), (3,), beta=2.0, alpha=-1.0)
    ),
    "chain_matmul": _g(S("three", (2, 3), (3, 3), (3, 2))),
    "linalg.multi_dot": _g(
        lambda rng: Sample("three", ([rand(rng, (2, 3)), rand(rng, (3, 3)), rand(rng, (3,))],)),
        lambda rng: Sample("empty", ([rand(rng, (0, 2)), rand(rng, (2, 2))],)),
    ),
    "einsum": _g(
        lambda rng: Sample("matmul", ("ij,jk->ik", rand(rng, (2, 3)), rand(rng, (3, 2)))),
        lambda rng: Sample("trace-repeated", ("ii->", rand(rng, (3, 3)))),
        lambda rng: Sample("batch-outer", ("bi,bj->bij", rand(rng, (2, 2)), rand(rng, (2, 3)))),
    ),
    "tensordot": _g(
        S("dims2", (2, 3, 2), (3, 2, 2), dims=2),
        S("lists", (2, 3), (3, 2), dims=([1], [0])),
        S("size-1", (1, 1, 1), (2, 1, 2), dims=((0, 1), (2, 0))),
    ),
    "cross": _g(S("dim", (2, 3), (2, 3), dim=1)),
    "linalg.cross": _g(S("default", (2, 3), (2, 3)), S("broadcast", (1, 3), (2, 3))),
    "linalg.vecdot": _g(S("default", (2, 3), (3,))),
}

DECOMPOSITIONS = {
    "det": _g(S("square", sq(3)), S("batch", sq(2, (2,))), S("0x0", (0, 0))),
    "linalg.det": _g(S("square", sq(3)), S("batch", sq(2, (2,)))),
    "logdet": _g(S("spd", pd(3))),
    "slogdet": _g(S("square", sq(3))),
    "linalg.slogdet": _g(S("square", sq(3)), S("batch", sq(2, (2,)))),
    "inverse": _g(S("square", sq(3))),
    "linalg.inv": _g(S("square", sq(3)), S("batch", sq(2, (2,))), S("empty", (0, 0))),
    "linalg.inv_ex": _g(S("square", sq(3))),
    "linalg.solve": _g(
        S("vector", sq(3), (3,)),
        S("matrix", sq(3), (3, 2)),
        S("left-false", sq(2), (3, 2), left=False),
    ),
    "linalg.solve_ex": _g(S("vector", sq(3), (3,))),
    "cholesky": _g(S("lower", pd(3)), S("upper", pd(3), upper=True)),
    "linalg.cholesky": _g(S("lower", pd(3)), S("batch-upper", pd(2, (2,)), upper=True)),
    "linalg.cholesky_ex": _g(S("lower", pd(3))),
    "linalg.matrix_exp": _g(S("square", (3, 3)), S("batch", (2, 2, 2))),
    "matrix_exp": _g(S("square", (3, 3))),
    "linalg.matrix_power": _g(S("cube", (3, 3), 3), S("inverse", sq(2), -2), S("zero", (2, 2), 0)),
    "matrix_power": _g(S("square", (3, 3), 2)),
    "linalg.pinv": _g(S("wide", (2, 3)), S("hermitian", pd(3), hermitian=True)),
    "pinverse": _g(S("tall", (3, 2))),
    "linalg.lstsq": _g(S("tall", (4, 3), (4, 2)), S("square", sq(3), (3, 1))),
    "linalg.vander": _g(S("default", (3,)), S("N", (2, 3), N=4)),
    "vander": _g(S("default", (3,)), S("increasing", (3,), N=2, increasing=True)),
    "linalg.diagonal": _g(S("batch", (2, 3, 3)), S("offset", (3, 4), offset=1)),
    "linalg.svdvals": _g(S("wide", sq(3))),
    "linalg.eigvalsh": _g(S("spd", pd(3)), S("upper", pd(3), UPLO="U")),
    "linalg.matrix_norm": _g(
        S("fro", (2, 3)),
        S("nuc", sq(3), ord="nuc"),
        S("inf", (2, 3), ord=float("inf"), gradcheck=False),
        S("2", sq(3), ord=2),
        S("-1", (3, 3), ord=-1, gradcheck=False),
    ),
    "linalg.vector_norm": _g(
        S("2", (2, 3)),
        S("dim-keepdim", (2, 3), 3, 1, True),
        S("inf", (2, 3), float("inf")),
        S("0-d", ()),
        S("zero-order", (2, 3), 0),
    ),
    "linalg.norm": _g(
        S("vector", (3,)),
        S("fro", (2, 3)),
        S("matrix-ord", sq(3), ord=1, gradcheck=False),
        S("matrix-2", sq(3), ord=2),
        S("dim", (2, 3), 1.5, 1),
    ),
    "cdist": _g(
        S("p2", (3, 2), (2, 2)),
        S("p1-batch", (2, 3, 2), (1, 2, 2), p=1.0),
        S("p3", (2, 2), (3, 2), p=3.0),
    ),
    "pdist": _g(S("p2", (4, 2)), S("p1", (3, 3), 1.0)),
    "cosine_similarity": _g(S("dim1", (2, 3), (2, 3)), S("broadcast", (2, 3), (3,), dim=-1)),
    "pairwise_distance": _g(S("default", (2, 3), (2, 3)), S("p1", (2, 3), (3,), 1.0)),
    "cov": _g(S("rows", (2, 4)), S("correction0", (3, 4), correction=0), S("vector", (4,))),
    "corrcoef": _g(S("rows", (3, 4))),
}

# decompositions whose vectors are only defined up to sign: outputs compared by shape and dtype,
# gradients through sign-invariant functions of them
SIGNED = {
    "linalg.eigh": (_g(S("spd", pd(3))), (1,)),
    "linalg.svd": (_g(S("reduced", sq(3), full_matrices=False)), (0, 2)),
    "svd": (_g(S("reduced", sq(3))), (0, 2)),
    "linalg.qr": (_g(S("tall", (3, 2))), ()),
    "qr": (_g(S("square", sq(3))), ()),
}

VALUES_ONLY = {
    "linalg.matrix_rank": _g(
        S("full", sq(3)), S("rank1", lambda rng: np.outer(np.arange(1.0, 4), np.arange(2.0, 5)))
    ),
}


def entries() -> list:
    out = [
        OpEntry(name, gen, aliases=("linalg.matmul",) * (name == "matmul"))
        for name, gen in PRODUCTS.items()
    ]
    out += [OpEntry(name, gen, rtol=1e-6) for name, gen in DECOMPOSITIONS.items()]
    out += [
        OpEntry(name, gen, rtol=1e-6, shape_only_outputs=signed)
        for name, (gen, signed) in SIGNED.items()
    ]
    out += [OpEntry(name, gen, differentiable=False) for name, gen in VALUES_ONLY.items()]
    out.append(
        OpEntry(
            "linalg.det",
            _g(
                S("rank-1", lambda rng: np.array([[1.0, 2.0], [2.0, 4.0]])),
                S("rank-2-of-3", lambda rng: np.diag([1.0, 0.0, 2.0])),
            ),
            variant="singular",
            pytorch_gradient_wrong="PyTorch 2.13 gives 0 at a singular matrix (its own gradcheck "
            "fails); ours is the cofactor matrix, as finite differences say (README)",
        )
    )
    return out
