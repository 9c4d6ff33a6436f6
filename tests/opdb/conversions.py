"""Dtype conversions, in-place writers (through a clone, so the leaf is not written) and the
remaining layer variants: pooling with indices, unpooling, dropout in eval mode, resampling
shorthands, triangular solves and orthogonal polynomials."""

from __future__ import annotations

import numpy as np

from .core import Const, DType, OpEntry, Sample, View
from .samples import rand


def cloned(rng, shape, low=-1.0, high=1.0):
    """A clone of a leaf: an input an in-place op may write."""
    return View(rand(rng, shape, low, high), "clone")


def _g(*makers):
    return lambda rng: [m(rng) for m in makers]


ENTRIES = {
    "Tensor.float": _g(lambda rng: Sample("matrix", (rand(rng, (2, 3)),))),
    "Tensor.double": _g(lambda rng: Sample("matrix", (rand(rng, (2, 3)),))),
    "Tensor.to": _g(
        lambda rng: Sample("dtype", (rand(rng, (2, 3)), DType("float32"))),
        lambda rng: Sample("same", (rand(rng, (2, 3)), DType("float64"))),
    ),
    "Tensor.type": _g(lambda rng: Sample("dtype", (rand(rng, (2, 3)), DType("float32")))),
    "Tensor.type_as": _g(
        lambda rng: Sample("like", (rand(rng, (2, 3)), Const(np.zeros(2, dtype=np.float32))))
    ),
    "Tensor.sum_to_size": _g(
        lambda rng: Sample("rows", (rand(rng, (2, 3)), 1, 3)),
        lambda rng: Sample("tuple", (rand(rng, (2, 3)), (2, 1))),
    ),
    "Tensor.copy_": _g(
        lambda rng: Sample("broadcast", (cloned(rng, (2, 3)), rand(rng, (3,)))),
        lambda rng: Sample("cast", (cloned(rng, (2, 3)), Const(np.ones((2, 3), dtype=np.float32)))),
    ),
    "Tensor.fill_": _g(
        lambda rng: Sample("number", (cloned(rng, (2, 3)), 0.5)),
        lambda rng: Sample("0-d-tensor", (cloned(rng, (2, 3)), rand(rng, ()))),
    ),
    "fill": _g(lambda rng: Sample("number", (rand(rng, (2, 3)), 0.5))),
    "Tensor.zero_": _g(lambda rng: Sample("matrix", (cloned(rng, (2, 3)),))),
    "Tensor.fill_diagonal_": _g(
        lambda rng: Sample("square", (cloned(rng, (3, 3)), 0.5)),
        lambda rng: Sample("wrap", (cloned(rng, (5, 2)), -1.0, True)),
    ),
    "Tensor.index_put_": _g(
        lambda rng: Sample(
            "accumulate", (cloned(rng, (3,)), (Const(np.array([1, 1])),), rand(rng, (2,)), True)
        )
    ),
    "Tensor.masked_fill_": _g(
        lambda rng: Sample(
            "broadcast-mask", (cloned(rng, (2, 3)), Const(np.array([True, False, True])), 0.5)
        )
    ),
    "Tensor.scatter_": _g(
        lambda rng: Sample(
            "src", (cloned(rng, (3, 3)), 0, Const(np.array([[0, 1], [2, 0]])), rand(rng, (2, 2)))
        )
    ),
    "linalg.solve_triangular": _g(
        lambda rng: Sample(
            "upper",
            (np.triu(rand(rng, (3, 3))) + 2 * np.eye(3), rand(rng, (3, 2))),
            {"upper": True},
        ),
        lambda rng: Sample(
            "lower-left-false",
            (np.tril(rand(rng, (2, 2))) + 2 * np.eye(2), rand(rng, (3, 2))),
            {"upper": False, "left": False},
        ),
        lambda rng: Sample(
            "unitriangular",
            (np.triu(rand(rng, (3, 3))), rand(rng, (3, 1))),
            {"upper": True, "unitriangular": True},
        ),
    ),
    "nn.functional.max_pool1d_with_indices": _g(
        lambda rng: Sample("default", (rand(rng, (1, 2, 5)), 2))
    ),
    "nn.functional.max_pool2d_with_indices": _g(
        lambda rng: Sample("default", (rand(rng, (1, 1, 4, 4)), 2))
    ),
    "nn.functional.max_pool3d_with_indices": _g(
        lambda rng: Sample("default", (rand(rng, (1, 1, 4, 4, 4)), 2))
    ),
    "nn.functional.max_unpool1d": _g(
        lambda rng: Sample("default", (rand(rng, (1, 1, 2)), Const(np.array([[[1, 2]]])), 2))
    ),
    "nn.functional.max_unpool2d": _g(
        lambda rng: Sample(
            "default", (rand(rng, (1, 1, 2, 2)), Const(np.array([[[[1, 3], [8, 14]]]])), 2)
        )
    ),
    "nn.functional.dropout1d": _g(
        lambda rng: Sample("eval", (rand(rng, (2, 3, 4)),), {"training": False})
    ),
    "nn.functional.dropout2d": _g(
        lambda rng: Sample("eval", (rand(rng, (2, 3, 2, 2)),), {"training": False})
    ),
    "nn.functional.dropout3d": _g(
        lambda rng: Sample("eval", (rand(rng, (1, 2, 2, 2, 2)),), {"training": False})
    ),
    "nn.functional.upsample_nearest": _g(
        lambda rng: Sample("scale", (rand(rng, (1, 1, 2, 3)),), {"scale_factor": 2})
    ),
    "nn.functional.upsample_bilinear": _g(
        lambda rng: Sample("size", (rand(rng, (1, 1, 2, 3)),), {"size": (3, 4)})
    ),
    "nn.functional.triplet_margin_with_distance_loss": _g(
        lambda rng: Sample(
            "default", (rand(rng, (3, 2)), rand(rng, (3, 2)), rand(rng, (3, 2))), {"margin": 0.5}
        )
    ),
    "dropout": _g(lambda rng: Sample("eval", (rand(rng, (2, 3)), 0.5, False))),
    "alpha_dropout": _g(lambda rng: Sample("eval", (rand(rng, (2, 3)), 0.5, False))),
    "feature_alpha_dropout": _g(lambda rng: Sample("eval", (rand(rng, (2, 3)), 0.5, False))),
    "batch_norm": _g(
        lambda rng: Sample(
            "train",
            (
                rand(rng, (3, 2)),
                rand(rng, (2,)),
                rand(rng, (2,)),
                Const(rand(rng, (2,))),
                Const(rand(rng, (2,), 0.5, 1.5)),
                True,
                0.1,
                1e-5,
                False,
            ),
        )
    ),
    "layer_norm": _g(
        lambda rng: Sample("last", (rand(rng, (2, 3)), (3,), rand(rng, (3,)), rand(rng, (3,))))
    ),
    "rms_norm": _g(lambda rng: Sample("last", (rand(rng, (2, 3)), (3,), rand(rng, (3,))))),
    "embedding": _g(
        lambda rng: Sample("repeated", (rand(rng, (3, 2)), Const(np.array([1, 0, 1]))))
    ),
    "constant_pad_nd": _g(lambda rng: Sample("pad", (rand(rng, (2, 3)), (1, 2), 0.5))),
}

MISSING_FORMS = {
    name: {"inplace_function": f"torch.{name}_ is not provided (use F.{name}(..., inplace=True))"}
    for name in ("dropout", "alpha_dropout", "feature_alpha_dropout")
}

# orthogonal polynomials: PyTorch does not differentiate them; values, including n in (-1, 0)
POLYNOMIALS = (
    "chebyshev_polynomial_t chebyshev_polynomial_u chebyshev_polynomial_v chebyshev_polynomial_w "
    "shifted_chebyshev_polynomial_t shifted_chebyshev_polynomial_u shifted_chebyshev_polynomial_v "
    "shifted_chebyshev_polynomial_w hermite_polynomial_h hermite_polynomial_he "
    "laguerre_polynomial_l legendre_polynomial_p"
).split()


def _polynomial(rng):
    x = rand(rng, (2, 3), -0.9, 0.9)
    return [
        Sample("n-integers", (x, Const(np.array([0.0, 1.0, 3.0])))),
        Sample("n-number", (x, 4)),
        Sample("n-between-minus-1-and-0", (x, Const(np.array([-0.5, 2.0, 5.0])))),
    ]


def entries() -> list:
    out = [
        OpEntry(
            name,
            gen,
            aliases=("zero_",) * (name == "Tensor.zero_"),
            missing_forms=MISSING_FORMS.get(name, {}),
        )
        for name, gen in ENTRIES.items()
    ]
    out += [OpEntry("special." + name, _polynomial, differentiable=False) for name in POLYNOMIALS]
    return out + more_entries()


def _one(label, *makers, **kwargs):
    """A one-sample generator: `makers` are functions of the generator (or plain values)."""
    return lambda rng: [Sample(label, tuple(m(rng) if callable(m) else m for m in makers), kwargs)]


def _r(*shape, low=-1.0, high=1.0):
    return lambda rng: rand(rng, shape, low, high)


def _c(*shape, low=-1.0, high=1.0):
    return lambda rng: cloned(rng, shape, low, high)


# the in-place forms whose node differs from the out-of-place one (EluBackward1 ...), and the
# number-first forms of binary ops (PowBackward2 ...): each makes a node class of its own
MORE = {
    "nn.functional.elu_": _one("clone", _c(2, 3), alpha=0.7),
    "nn.functional.celu_": _one("clone", _c(2, 3), alpha=1.3),
    "nn.functional.leaky_relu_": _one("clone", _c(2, 3), 0.2),
    "nn.functional.threshold_": _one("clone", _c(2, 3), 0.1, -2.0),
    "nn.functional.rrelu_": _one("eval", _c(2, 3), training=False),
    "Tensor.unsqueeze_": _one("clone", _c(2, 3), 1),
    "Tensor.squeeze_": _one("clone", _c(2, 1, 3), 1),
    "Tensor.transpose_": _one("clone", _c(2, 3), 0, 1),
    "Tensor.t_": _one("clone", _c(2, 3)),
    "Tensor.polygamma_": _one("clone", _c(2, 3, low=0.5, high=2.0), 1),
    "Tensor.clamp_min_": _one("tensor", _c(2, 3), _r(3)),
    "Tensor.clamp_max_": _one("tensor", _c(2, 3), _r(3)),
}
NUMBER_FIRST = {
    "pow": _one("number-base", 1.7, _r(2, 3)),
    "xlogy": _one("number-x", 1.5, _r(2, 3, low=0.2, high=2.0)),
    "special.xlog1py": _one("number-x", 1.5, _r(2, 3, low=0.2, high=2.0)),
    "round": _one("decimals", _r(2, 3, low=-3.0, high=3.0), decimals=1),
    "nn.functional.dropout": _one("train-p0", _r(2, 3), p=0.0, training=True),
}


def more_entries() -> list:
    out = [OpEntry(name, gen) for name, gen in MORE.items()]
    out += [
        OpEntry(
            name,
            gen,
            variant="number-first" if name not in ("round", "nn.functional.dropout") else "extra",
        )
        for name, gen in NUMBER_FIRST.items()
    ]
    return out
