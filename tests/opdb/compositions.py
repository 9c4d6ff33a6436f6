"""Entries that reach the node classes no single call makes: the nodes of a double backward
(reached through a first derivative taken with create_graph=True), a custom Function's node, a
module's full backward hook, a view whose base changed in place, packed sequences, re-seeded
random ops (training dropout, reparameterised draws), squeeze_ of every size-1 dim, frexp's
mantissa and zeta's derivative in q. tests/test_opdb_planted.py requires every node class of
the library to be reached (or proven inert).

Each composition is `lib -> function`, written once for both libraries, so the recorder runs
the very same calls under PyTorch (tests/data/record_opdb.py).
"""

from __future__ import annotations

import functools

import numpy as np

from .core import Const, OpEntry, View, resolve
from .samples import P, S, g, index_array, rand, unary


def first_derivative(name: str):
    """`lib -> f(x, w, *rest)`: the gradient of (op(x, *rest) * w).sum() with respect to x,
    taken with create_graph=True. Its graph is the op's backward, so the database checks the
    double backward's nodes (SelectBackwardBackward0 ...) against PyTorch's second
    derivatives and finite differences."""

    def compose(lib):
        op = resolve(lib, name)

        def f(x, w, *rest):
            if not x.requires_grad:  # (a forward-only check builds plain tensors)
                x = x.detach().requires_grad_(True)
            return lib.autograd.grad(op(x, *rest), x, grad_outputs=w, create_graph=True)[0]

        return f

    return compose


@functools.cache
def custom_function(lib):
    """A custom autograd.Function, 2xy with its backward written out: its node runs the
    library's Function machinery (FunctionCtx) between the user's backward and the engine."""

    class ScaledProduct(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            ctx.save_for_backward(x, y)
            return x * y * 2

        @staticmethod
        def backward(ctx, grad):
            x, y = ctx.saved_tensors
            return grad * y * 2, grad * x * 2

    return ScaledProduct.apply


def view_of_changed_base(lib):
    """A view read after its base was scaled in place: its grad_fn is rebuilt from the base's
    new history (AsStridedBackward0)."""

    def f(x, scale, view):
        base = x.clone()
        seen = view(base)
        base.mul_(scale)
        return seen

    return f


def packed_data(lib):
    """pack_padded_sequence's data (PackPaddedSequenceBackward0)."""

    def f(x, lengths, **kwargs):
        return lib.nn.utils.rnn.pack_padded_sequence(x, lengths, **kwargs).data

    return f


def padded_again(lib):
    """pad_packed_sequence(pack_padded_sequence(x)): zeros past each sequence's length."""

    def f(x, lengths, **kwargs):
        rnn = lib.nn.utils.rnn
        packed = rnn.pack_padded_sequence(x, lengths, **kwargs)
        return rnn.pad_packed_sequence(packed, batch_first=kwargs.get("batch_first", False))[0]

    return f


def hooked_module(lib):
    """Tanh with a full backward hook (BackwardHookFunctionBackward around its input and
    output): one that only watches, or one that doubles the input's gradient."""

    def f(x, double):
        module = lib.nn.Tanh()
        module.register_full_backward_hook(
            lambda m, grad_input, grad_output: (grad_input[0] * 2,) if double else None
        )
        return module(x)

    return f


def seeded_dropout(lib):
    """Dropout while training, re-seeded at every call so that finite differences see one mask
    (the random stream is put back afterwards). On the CUDA device it is PyTorch's fused kernel
    (NativeDropoutBackward0)."""

    def f(x, p):
        with lib.random.fork_rng():
            lib.manual_seed(0)
            return lib.nn.functional.dropout(x, p, training=True)

    return f


def seeded_rsample(name: str):
    """`lib -> f(*params, shape)`: a reparameterised draw of distributions.<name>, re-seeded at
    every call (PyTorch's random stream, which the library reproduces), differentiable in its
    parameters."""

    def compose(lib):
        def f(*params, shape):
            with lib.random.fork_rng():
                lib.manual_seed(0)
                return getattr(lib.distributions, name)(*params).rsample(shape)

        return f

    return compose


def _row(t):
    return t[1]


def _transposed(t):
    return t.t()


def _strided(t):
    return t[:, ::2]


MASK = Const(np.array([True, False, True, True]))


# padded batches with their lengths: sorted, unsorted, batch-first (packing and its round trip)
PACKED_SAMPLES = g(
    S("sorted", (3, 2, 2), [3, 2]),
    S("unsorted", (3, 3, 1), [2, 3, 1], enforce_sorted=False),
    S("batch-first", (2, 3, 2), [3, 1], batch_first=True),
)


def entries() -> list:
    return [
        OpEntry(
            "select",
            g(S("row", (3, 4), (4,), 0, 1), S("column", (3, 4), (3,), 1, -1)),
            variant="first-derivative",
            compose=first_derivative("select"),
            gradgrad=False,
        ),
        OpEntry(
            "Tensor.__getitem__",
            g(
                S("columns", (3, 4), (3, 2), P((slice(None), slice(1, 3)))),
                S("step", (5,), (2,), P(slice(0, 4, 2))),
            ),
            variant="first-derivative-slice",
            compose=first_derivative("Tensor.__getitem__"),
            gradgrad=False,
        ),
        OpEntry(
            "Tensor.__getitem__",
            g(
                S("repeated", (3, 4), (3, 4), lambda rng: index_array([0, 2, 0])),
                S("mask", (3, 4), (2, 4), lambda rng: Const(np.array([True, False, True]))),
            ),
            variant="first-derivative-index",
            compose=first_derivative("Tensor.__getitem__"),
            gradgrad=False,
        ),
        OpEntry(
            "masked_select",
            g(S("broadcast-mask", (3, 4), (9,), lambda rng: MASK)),
            variant="first-derivative",
            compose=first_derivative("masked_select"),
            gradgrad=False,
        ),
        OpEntry(
            "autograd.Function",
            g(S("same-shape", (2, 3), (2, 3)), S("0-d", (), ())),
            variant="custom",
            compose=custom_function,
        ),
        OpEntry(
            "nn.Module.register_full_backward_hook",
            g(S("watching", (2, 3), False), S("doubling", (3,), True, gradcheck=False)),
            compose=hooked_module,
        ),
        OpEntry(
            "nn.functional.dropout",
            g(S("p-0.4", (3, 4), 0.4), S("p-0.7", (2, 3, 2), 0.7)),
            variant="train-seeded",
            compose=seeded_dropout,
            # which elements drop follows the CPU's random stream (MKL's bernoulli on Intel CPUs,
            # not on AMD): values are compared by shape, gradients by finite differences
            shape_only_outputs=(0,),
        ),
        OpEntry(
            "distributions.Normal.rsample",
            g(
                S("matrix", (2, 3), _scale((2, 3)), shape=P((2,))),
                S("0-d", (), _scale(()), shape=P((3,))),
            ),
            compose=seeded_rsample("Normal"),
        ),
        OpEntry(
            "distributions.Uniform.rsample",
            g(S("matrix", (2, 3), _wider((2, 3)), shape=P((2,)))),
            compose=seeded_rsample("Uniform"),
        ),
        OpEntry(
            "Tensor.mul_",
            g(
                S("row", (3, 4), 2.5, P(_row)),
                S("transposed", (3, 4), -1.5, P(_transposed)),
                S("strided", (2, 4), 3.0, P(_strided)),
            ),
            variant="through-a-view",
            compose=view_of_changed_base,
        ),
        OpEntry(
            "nn.utils.rnn.pack_padded_sequence",
            PACKED_SAMPLES,
            compose=packed_data,
        ),
        OpEntry(
            "nn.utils.rnn.pad_packed_sequence",
            PACKED_SAMPLES,
            variant="round-trip",
            compose=padded_again,
        ),
        OpEntry(
            "Tensor.squeeze_",
            g(S("all-dims", lambda rng: View(rand(rng, (2, 1, 3, 1)), "clone"))),
            variant="all-dims",
        ),
        OpEntry("frexp", unary(-3.0, 3.0)),
        OpEntry(
            "special.zeta",
            g(
                S("tensor-x", lambda rng: Const(rand(rng, (2, 3), 1.5, 3)), _q((2, 3))),
                S("broadcast-x", lambda rng: Const(rand(rng, (3,), 1.5, 3)), _q((2, 3))),
                S("number-x", 2.5, _q((2, 3))),
                S("0-d-q", lambda rng: Const(rand(rng, (2,), 1.5, 3)), _q(())),
            ),
            variant="q",
        ),
    ]


def _q(shape):
    """zeta's q: differentiable (its derivative in x PyTorch does not implement)."""
    return lambda rng: rand(rng, shape, 0.5, 2.0)


def _scale(shape):
    return lambda rng: rand(rng, shape, 0.5, 2.0)


def _wider(shape):
    """Uniform's high: above any low drawn in (-1, 1)."""
    return lambda rng: rand(rng, shape, 1.5, 3.0)
