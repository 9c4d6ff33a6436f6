"""Reductions, scans, sorting and statistics: over everything, over one dim (kept or not), over
a negative dim, of 0-d, empty and transposed inputs, and with ties."""

from __future__ import annotations

import numpy as np

from .core import OpEntry, Sample, View
from .samples import rand, reduction

# name: (dims allowed, whole-tensor call allowed on an empty input, aliases, twice differentiable)
REDUCTIONS = {
    "sum": (True, True, (), True),
    "mean": (True, True, (), True),
    "nansum": (True, True, (), True),
    "nanmean": (True, True, (), True),
    "prod": (True, True, (), True),
    "amax": (True, False, (), True),
    "amin": (True, False, (), True),
    "logsumexp": (True, False, ("special.logsumexp",), True),
    "std": (True, True, (), True),
    "var": (True, True, (), True),
    "norm": (True, True, (), True),
}
VALUE_REDUCTIONS = "argmax argmin count_nonzero all any".split()


def _dim_only(gen):
    """Samples of a reduction that needs `dim` (logsumexp): the whole-tensor ones list all dims."""

    def wrapped(rng):
        out = gen(rng)
        for s in out:
            if "dim" not in s.kwargs:
                s.kwargs["dim"] = tuple(range(s.args[0].ndim))
        return out

    return wrapped


def _without_keepdim(gen):
    def wrapped(rng):
        out = gen(rng)
        for s in out:
            s.kwargs.pop("keepdim", None)
        return out

    return wrapped


def _reduction_entries() -> list:
    out = []
    for name, (dims, empty, aliases, gg) in REDUCTIONS.items():
        gen = reduction(dims=dims, empty_all=empty)
        if name == "logsumexp":
            gen = _dim_only(gen)
        out.append(OpEntry(name, gen, aliases=aliases, gradgrad=gg))
    for name in VALUE_REDUCTIONS:
        gen = reduction(empty_all=name not in ("argmax", "argmin"))
        if name == "count_nonzero":  # no keepdim
            gen = _without_keepdim(gen)
        out.append(OpEntry(name, gen, differentiable=False))
    out.append(OpEntry("std", reduction(extra={"correction": 0}), variant="correction"))
    out.append(OpEntry("var", reduction(extra={"correction": 2}), variant="correction"))
    out.append(OpEntry("std_mean", reduction(extra={"correction": 0})))
    out.append(OpEntry("var_mean", reduction(extra={"correction": 0})))
    out.append(OpEntry("var_mean", _unbiased_by_position, variant="unbiased"))
    out.append(OpEntry("std_mean", _unbiased_by_position, variant="unbiased"))
    out.append(OpEntry("norm", reduction(extra={"p": 3}), variant="p3"))
    out.append(
        OpEntry("norm", reduction(empty_all=False, ties=False, extra={"p": 1}), variant="p1")
    )
    out.append(OpEntry("norm", _nuclear, variant="nuc"))
    out.append(OpEntry("prod", _prod_zeros, variant="zeros"))
    out.append(OpEntry("max", _extreme_dim, variant="dim"))
    out.append(OpEntry("min", _extreme_dim, variant="dim"))
    out.append(OpEntry("max", reduction(dims=False, empty_all=False), variant="all"))
    out.append(OpEntry("min", reduction(dims=False, empty_all=False), variant="all"))
    out.append(OpEntry("median", _extreme_dim, variant="dim"))
    out.append(OpEntry("nanmedian", _extreme_dim, variant="dim"))
    out.append(OpEntry("median", reduction(dims=False, empty_all=False), variant="all"))
    out.append(OpEntry("nanmedian", reduction(dims=False, empty_all=False), variant="all"))
    out.append(OpEntry("mode", _extreme_dim))
    out.append(OpEntry("aminmax", _aminmax))
    out.append(OpEntry("kthvalue", _kthvalue))
    out.append(OpEntry("quantile", _quantile))
    out.append(OpEntry("nanquantile", _quantile))
    out.append(OpEntry("dist", _dist))
    out.append(OpEntry("renorm", _renorm))
    out.append(OpEntry("trace", _trace))
    return out


def _unbiased_by_position(rng):
    return [
        Sample("unbiased-false", (rand(rng, (5,)), False)),
        Sample("dim-unbiased-true", (rand(rng, (3, 4)), 1, True)),
    ]


def _prod_zeros(rng):
    one = rand(rng, (3, 4))
    one[1, 2] = 0.0
    two = rand(rng, (3, 4))
    two[0, 1] = two[0, 3] = 0.0
    return [
        Sample("one-zero", (one,)),
        Sample("one-zero-dim", (one.copy(), 1)),
        Sample("two-zeros-dim", (two, 1), gradcheck=False),
    ]


def _extreme_dim(rng):
    tied = np.array([[0.5, 0.5, -0.25], [0.1, 0.3, 0.1]])
    return [
        Sample("dim", (rand(rng, (3, 4)), 1)),
        Sample("keepdim", (rand(rng, (2, 3, 2)), -2, True)),
        Sample("0-d", (rand(rng, ()), 0)),
        Sample("transposed", (View(rand(rng, (4, 3)), "transpose", (0, 1)), 0)),
        Sample("ties", (tied, 1), gradcheck=False),
    ]


def _aminmax(rng):
    return [
        Sample("all", (rand(rng, (3, 4)),)),
        Sample("dim", (rand(rng, (3, 4)),), {"dim": 1}),
        Sample("keepdim", (rand(rng, (2, 3)),), {"dim": 0, "keepdim": True}),
    ]


def _kthvalue(rng):
    return [
        Sample("dim", (rand(rng, (3, 4)), 2, 1)),
        Sample("keepdim", (rand(rng, (2, 3, 2)), 1, 0, True)),
        Sample("0-d", (rand(rng, ()), 1)),
    ]


def _quantile(rng):
    return [
        Sample("number", (rand(rng, (3, 4)), 0.3)),
        Sample("dim", (rand(rng, (3, 4)), 0.75), {"dim": 1}),
        Sample("tensor-q", (rand(rng, (3, 4)), rand(rng, (2,), 0, 1)), {"dim": 0, "keepdim": True}),
        Sample("nearest", (rand(rng, (5,)), 0.4), {"interpolation": "nearest"}),
        Sample("midpoint", (rand(rng, (5,)), 0.4), {"interpolation": "midpoint"}),
    ]


def _dist(rng):
    return [
        Sample("p2", (rand(rng, (2, 3)), rand(rng, (3,)))),
        Sample("p1", (rand(rng, (2, 3)), rand(rng, (2, 3)), 1)),
        Sample("p3-0-d", (rand(rng, ()), rand(rng, (2,)), 3)),
    ]


def _renorm(rng):
    return [
        Sample("p2", (rand(rng, (3, 4), -2, 2), 2, 0, 1.0)),
        Sample("p1", (rand(rng, (3, 4), -2, 2), 1, 1, 0.5)),
    ]


def _trace(rng):
    return [Sample("square", (rand(rng, (3, 3)),)), Sample("wide", (rand(rng, (2, 4)),))]


# scans: name -> (aliases, twice differentiable)
SCANS = {"cumsum": True, "cumprod": True, "logcumsumexp": True}


def _scan(rng):
    return [
        Sample("dim", (rand(rng, (3, 4)), 1)),
        Sample("negative-dim", (rand(rng, (2, 3)), -2)),
        Sample("0-d", (rand(rng, ()), 0)),
        Sample("empty", (rand(rng, (0, 3)), 0)),
        Sample("transposed", (View(rand(rng, (4, 3)), "transpose", (0, 1)), 1)),
    ]


def _scan_ties(rng):
    return [
        *_scan(rng),
        Sample("ties", (np.array([[0.5, 0.5, 0.2], [0.1, 0.1, 0.3]]), 1), gradcheck=False),
    ]


def _cumprod_zeros(rng):
    x = rand(rng, (2, 4))
    x[0, 1] = 0.0
    return [Sample("a-zero", (x, 1))]


def _softmax(rng):
    return [
        Sample("dim", (rand(rng, (3, 4), -2, 2), 1)),
        Sample("negative-dim", (rand(rng, (2, 3, 2), -2, 2), -2)),
        Sample("0-d", (rand(rng, ()), 0)),
        Sample("empty", (rand(rng, (0, 3)), 1)),
        Sample("transposed", (View(rand(rng, (4, 3)), "transpose", (0, 1)), 0)),
    ]


def _sort(rng):
    return [
        Sample("last-dim", (rand(rng, (3, 4)),)),
        Sample("descending", (rand(rng, (3, 4)),), {"dim": 0, "descending": True}),
        Sample("0-d", (rand(rng, ()),)),
        Sample("stable-ties", (np.array([[0.5, 0.2, 0.5, 0.2]]),), {"stable": True}, False),
    ]


def _topk(rng):
    return [
        Sample("k2", (rand(rng, (3, 4)), 2)),
        Sample("smallest", (rand(rng, (3, 4)), 2), {"dim": 0, "largest": False}),
        Sample("0-d", (rand(rng, ()), 1)),
    ]


def _normalize(rng):
    return [
        Sample("default", (rand(rng, (3, 4)),)),
        Sample("p1-dim0", (rand(rng, (3, 4)),), {"p": 1.0, "dim": 0}),
        Sample("zero-row", (np.array([[0.0, 0.0], [0.3, -0.4]]),), {}, False),
    ]


def _diff(rng):
    return [
        Sample("default", (rand(rng, (3, 4)),)),
        Sample("n2-dim0", (rand(rng, (4, 3)),), {"n": 2, "dim": 0}),
        Sample(
            "prepend",
            (rand(rng, (2, 3)),),
            {"prepend": rand(rng, (2, 1)), "append": rand(rng, (2, 2))},
        ),
    ]


def _trapezoid(rng):
    return [
        Sample("dx", (rand(rng, (3, 4)),), {"dx": 0.5}),
        Sample("x", (rand(rng, (3, 4)), rand(rng, (4,), 0, 2)), {"dim": -1}),
    ]


def _scan_entries() -> list:
    out = [OpEntry(name, _scan_ties if name == "cumsum" else _scan) for name in SCANS]
    out.append(OpEntry("cumprod", _cumprod_zeros, variant="zeros"))
    out += [OpEntry(name, _scan_ties) for name in ("cummax", "cummin")]
    for name in ("softmax", "log_softmax"):
        out.append(OpEntry(name, _softmax, aliases=(f"special.{name}",)))
        out.append(OpEntry(f"nn.functional.{name}", _softmax))
    out.append(OpEntry("nn.functional.softmin", _softmax))
    out.append(OpEntry("nn.functional.normalize", _normalize))
    out.append(OpEntry("sort", _sort))
    out.append(OpEntry("argsort", _sort, differentiable=False))
    out.append(OpEntry("msort", lambda rng: _sort(rng)[:1] + [Sample("0-d", (rand(rng, (3,)),))]))
    out.append(OpEntry("topk", _topk))
    out.append(OpEntry("diff", _diff))
    out.append(OpEntry("trapezoid", _trapezoid, aliases=("trapz",)))
    out.append(OpEntry("cumulative_trapezoid", _trapezoid))
    return out


def entries() -> list:
    return _reduction_entries() + _scan_entries()


def _nuclear(rng) -> list:
    """torch.norm(A, 'nuc'): the sum of singular values (distinct ones: differentiable)."""
    return [
        Sample("matrix", (rand(rng, (3, 4)), "nuc")),
        Sample("dims-keepdim", (rand(rng, (2, 3, 3)), "nuc", (2, 0)), {"keepdim": True}),
    ]
