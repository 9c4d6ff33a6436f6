"""Element-wise ops: one input (with their domains), two inputs (with broadcasting), and the
element-wise special functions and activations."""

from __future__ import annotations

import math

import numpy as np

from .core import Const, OpEntry, Sample
from .samples import binary, rand, unary

INF = math.inf

# name: (low, high, boundary values, extremes, aliases, twice differentiable)
UNARY = {
    "abs": (-1, 1, (0.0, -0.0, 1.0), (-INF, INF), ("absolute",), True),
    "acos": (-0.9, 0.9, (), (), ("arccos",), True),
    "acosh": (1.2, 3, (), (INF,), ("arccosh",), True),
    "asin": (-0.9, 0.9, (), (), ("arcsin",), True),
    "asinh": (-2, 2, (0.0,), (-INF, INF), ("arcsinh",), True),
    "atan": (-2, 2, (0.0,), (-INF, INF), ("arctan",), True),
    "atanh": (-0.9, 0.9, (), (), ("arctanh",), True),
    "ceil": (-2, 2, (-1.0, 0.0, 1.5), (-INF, INF), (), True),
    "cos": (-2, 2, (0.0,), (), (), True),
    "cosh": (-2, 2, (0.0,), (-INF, INF), (), True),
    "deg2rad": (-2, 2, (), (-INF, INF), (), True),
    "digamma": (0.3, 3, (), (), ("special.digamma", "special.psi"), True),
    "erf": (-2, 2, (0.0,), (-INF, INF), ("special.erf",), True),
    "erfc": (-2, 2, (0.0,), (-INF, INF), ("special.erfc",), True),
    "erfinv": (-0.9, 0.9, (0.0,), (), ("special.erfinv",), True),
    "exp": (-2, 2, (0.0,), (-INF, INF), (), True),
    "exp2": (-2, 2, (0.0,), (-INF, INF), ("special.exp2",), True),
    "expm1": (-2, 2, (0.0,), (-INF, INF), ("special.expm1",), True),
    "floor": (-2, 2, (-1.0, 0.0, 1.5), (-INF, INF), (), True),
    "frac": (-2, 2, (-1.0, 0.0, 1.5), (), (), True),
    "i0": (-2, 2, (0.0,), (), ("special.i0",), True),
    "lgamma": (0.3, 3, (1.0, 2.0), (), ("special.gammaln",), True),
    "log": (0.1, 2, (1.0,), (0.0, INF), (), True),
    "log10": (0.1, 2, (1.0,), (0.0, INF), (), True),
    "log1p": (-0.5, 2, (0.0,), (-1.0, INF), ("special.log1p",), True),
    "log2": (0.1, 2, (1.0,), (0.0, INF), (), True),
    "logit": (0.1, 0.9, (0.5,), (0.0, 1.0), ("special.logit",), True),
    "nan_to_num": (-2, 2, (0.0,), (-INF, INF), (), True),
    "neg": (-2, 2, (0.0,), (-INF, INF), ("negative",), True),
    "positive": (-2, 2, (0.0,), (), (), True),
    "rad2deg": (-2, 2, (), (-INF, INF), (), True),
    "reciprocal": (0.5, 2, (-1.0, 1.0), (-INF, INF), (), True),
    "relu": (-2, 2, (0.0, 1.0), (-INF, INF), ("nn.functional.relu",), True),
    "round": (-2, 2, (0.5, 1.5, -2.5), (-INF, INF), ("special.round",), True),
    "rsqrt": (0.5, 2, (1.0,), (0.0, INF), (), True),
    "sgn": (-2, 2, (0.0, -0.0), (-INF, INF), (), True),
    "sigmoid": (-2, 2, (0.0,), (-INF, INF), ("special.expit", "nn.functional.sigmoid"), True),
    "sign": (-2, 2, (0.0, -0.0), (-INF, INF), (), True),
    "sin": (-2, 2, (0.0,), (), (), True),
    "sinc": (-2, 2, (0.0, 1.0), (), ("special.sinc",), True),
    "sinh": (-2, 2, (0.0,), (-INF, INF), (), True),
    "sqrt": (0.1, 2, (1.0,), (0.0, INF), (), True),
    "square": (-2, 2, (0.0,), (-INF, INF), (), True),
    "tan": (-1.2, 1.2, (0.0,), (), (), True),
    "tanh": (-2, 2, (0.0,), (-INF, INF), ("nn.functional.tanh",), True),
    "trunc": (-2, 2, (-1.5, 0.0, 1.5), (-INF, INF), ("fix",), True),
    "angle": (-2, 2, (0.0, -1.0), (), (), True),
    "conj_physical": (-2, 2, (), (), (), True),
    "conj": (-2, 2, (), (), (), True),
    "resolve_conj": (-2, 2, (), (), (), True),
    "resolve_neg": (-2, 2, (), (), (), True),
}

# torch.special functions of one input that have no torch.* twin
SPECIAL_UNARY = {
    "special.entr": (0.1, 2, (0.0,), ()),
    "special.erfcx": (-1, 2, (0.0,), ()),
    "special.i0e": (-2, 2, (0.0,), ()),
    "special.i1": (-2, 2, (0.0,), ()),
    "special.i1e": (-2, 2, (0.0,), ()),
    "special.log_ndtr": (-2, 2, (0.0,), ()),
    "special.ndtr": (-2, 2, (0.0,), ()),
    "special.ndtri": (0.1, 0.9, (0.5,), ()),
    "special.modified_bessel_i0": (-2, 2, (0.0,), ()),
    "special.modified_bessel_i1": (-2, 2, (0.0,), ()),
}

# not differentiable: values only (the outputs are booleans or integers)
PREDICATES = "isfinite isinf isnan isneginf isposinf isreal signbit logical_not".split()

# nn.functional activations: name -> (kwargs, boundary values)
ACTIVATIONS = {
    "relu6": ({}, (0.0, 6.0)),
    "elu": ({"alpha": 0.7}, (0.0,)),
    "selu": ({}, (0.0,)),
    "celu": ({"alpha": 1.3}, (0.0,)),
    "gelu": ({}, (0.0,)),
    "silu": ({}, (0.0,)),
    "mish": ({}, (0.0,)),
    "softplus": ({"beta": 2.0, "threshold": 1.5}, (0.75,)),
    "softsign": ({}, (0.0,)),
    "tanhshrink": ({}, (0.0,)),
    "hardtanh": ({"min_val": -0.5, "max_val": 0.8}, (-0.5, 0.8)),
    "hardsigmoid": ({}, (-3.0, 3.0)),
    "hardswish": ({}, (-3.0, 3.0)),
    "hardshrink": ({"lambd": 0.3}, (0.3, -0.3)),
    "softshrink": ({"lambd": 0.3}, (0.3, -0.3)),
    "leaky_relu": ({"negative_slope": 0.2}, (0.0,)),
    "logsigmoid": ({}, (0.0,)),
    "threshold": ({"threshold": 0.1, "value": -2.0}, (0.1,)),
}

# torch.* and Tensor twins of the activations
ACTIVATION_TWINS = {
    "celu": ("celu",),
    "selu": ("selu",),
    "threshold": ("threshold",),
    "hardshrink": ("hardshrink", "Tensor.hardshrink"),
}

# two inputs: name -> (domain of a, domain of b, ties, aliases, twice differentiable)
BINARY = {
    "add": ((-2, 2), (-2, 2), False, (), True),
    "sub": ((-2, 2), (-2, 2), False, ("subtract",), True),
    "mul": ((-2, 2), (-2, 2), False, ("multiply",), True),
    "div": ((-2, 2), (0.5, 2), False, ("divide", "true_divide"), True),
    "pow": ((0.5, 2), (-2, 2), False, (), True),
    "atan2": ((-2, 2), (0.5, 2), False, ("arctan2",), True),
    "hypot": ((0.5, 2), (0.5, 2), False, (), True),
    "maximum": ((-2, 2), (-2, 2), True, (), True),
    "minimum": ((-2, 2), (-2, 2), True, (), True),
    "fmax": ((-2, 2), (-2, 2), True, (), True),
    "fmin": ((-2, 2), (-2, 2), True, (), True),
    "fmod": ((-3, 3), (0.7, 1.3), False, (), True),
    "remainder": ((-3, 3), (0.7, 1.3), False, (), True),
    "copysign": ((-2, 2), (-2, 2), False, (), True),
    "xlogy": ((-2, 2), (0.3, 2), False, ("special.xlogy",), True),
    "logaddexp": ((-2, 2), (-2, 2), True, (), True),
    "logaddexp2": ((-2, 2), (-2, 2), True, (), True),
    "float_power": ((0.5, 2), (-2, 2), False, (), True),
    "rsub": ((-2, 2), (-2, 2), False, (), True),
    "special.xlog1py": ((-2, 2), (0.3, 2), False, (), True),
}

# ops whose second argument must be a tensor (PyTorch refuses a Python number)
TENSOR_ONLY = set(
    "atan2 hypot maximum minimum fmax fmin logaddexp logaddexp2 logical_and logical_or "
    "logical_xor nextafter heaviside isclose special.zeta".split()
)

# two inputs, not differentiable (booleans, integers, or a zero gradient PyTorch refuses)
BINARY_VALUES = (
    "eq ne lt le gt ge greater greater_equal less less_equal not_equal "
    "logical_and logical_or logical_xor heaviside floor_divide isclose"
).split()


def _unary_entries() -> list:
    out = []
    for name, (low, high, boundary, extremes, aliases, gg) in UNARY.items():
        out.append(
            OpEntry(
                name,
                unary(low, high, boundary, extremes),
                aliases=aliases,
                gradgrad=gg,
                domain=f"{low} < x < {high}",
            )
        )
    for name, (low, high, boundary, extremes) in SPECIAL_UNARY.items():
        out.append(
            OpEntry(
                name,
                unary(low, high, boundary, extremes),
                domain=f"{low} < x < {high}",
                gradgrad=False,
            )
        )
    for name in PREDICATES:
        out.append(
            OpEntry(name, unary(-2, 2, (0.0, -0.0), (-INF, INF, math.nan)), differentiable=False)
        )
    for name, (kwargs, boundary) in ACTIVATIONS.items():
        out.append(
            OpEntry(
                "nn.functional." + name,
                unary(-2, 2, boundary, (-INF, INF), **kwargs),
                aliases=ACTIVATION_TWINS.get(name, ()),
                gradgrad=name
                not in (
                    "hardtanh",
                    "hardsigmoid",
                    "hardshrink",
                    "softshrink",
                    "relu6",
                    "threshold",
                ),
            )
        )
    out.append(
        OpEntry("nn.functional.gelu", unary(-2, 2, (0.0,), approximate="tanh"), variant="tanh")
    )
    out.append(
        OpEntry(
            "nn.functional.rrelu",
            unary(-2, 2, (0.0,), training=False),
            gradgrad=False,
            aliases=("rrelu",),
        )
    )
    out.append(OpEntry("nn.functional.dropout", unary(-2, 2, training=False), variant="eval"))
    out.append(OpEntry("nn.functional.alpha_dropout", unary(-2, 2, training=False), variant="eval"))
    out.append(
        OpEntry("nn.functional.feature_alpha_dropout", unary(-2, 2, training=False), variant="eval")
    )
    out.append(
        OpEntry(
            "clamp",
            unary(-2, 2, (-0.5, 0.5), (-INF, INF), min=-0.5, max=0.5),
            variant="numbers",
            aliases=("clip",),
        )
    )
    out.append(OpEntry("clamp_min", unary(-2, 2, (-0.5,), min=-0.5)))
    out.append(OpEntry("clamp_max", unary(-2, 2, (0.5,), max=0.5)))
    out.append(OpEntry("pow", unary(0.3, 2, (1.0,), exponent=2.5), variant="scalar-exponent"))
    out.append(
        OpEntry("mvlgamma", unary(1.6, 3, p=2, empty=True), aliases=("special.multigammaln",))
    )
    out.append(OpEntry("polygamma", _polygamma, aliases=("special.polygamma",), gradgrad=False))
    out.append(OpEntry("logit", unary(0.0, 1.0, (0.01, 0.99), eps=0.05), variant="eps"))
    out.append(
        OpEntry(
            "nan_to_num",
            unary(-2, 2, extremes=(-INF, INF, math.nan), nan=0.5, posinf=3.0, neginf=-3.0),
            variant="values",
        )
    )
    return out


def _polygamma(rng):
    return [
        Sample("n=1", (1, rand(rng, (2, 3), 0.5, 3))),
        Sample("n=2-0-d", (2, rand(rng, (), 0.5, 3))),
    ]


def _binary_entries() -> list:
    out = []
    for name, (a, b, ties, aliases, gg) in BINARY.items():
        out.append(
            OpEntry(
                name,
                binary(a, b, scalar=name not in TENSOR_ONLY, ties=ties),
                aliases=aliases,
                gradgrad=gg,
            )
        )
    out.append(OpEntry("add", binary(alpha=0.5), variant="alpha"))
    out.append(OpEntry("sub", binary(alpha=-1.5), variant="alpha"))
    for mode in ("trunc", "floor"):
        out.append(OpEntry("div", binary((-3, 3), (0.5, 2), rounding_mode=mode), variant=mode))
    out.append(
        OpEntry("special.zeta", binary((1.5, 3), (0.5, 2), scalar=False), differentiable=False)
    )
    for name in BINARY_VALUES:
        gen = binary(scalar=name not in TENSOR_ONLY, ties=True)
        out.append(OpEntry(name, gen, differentiable=False))
    # nextafter passes the gradient to input where it moves (PyTorch's derivative): ties get 0
    out.append(OpEntry("nextafter", binary(scalar=False, ties=True)))
    out.append(OpEntry("lerp", _lerp))
    out.append(OpEntry("addcmul", _ternary(value=0.5)))
    out.append(OpEntry("addcdiv", _ternary(value=0.5, positive_last=True)))
    out.append(OpEntry("where", _where))
    out.append(OpEntry("clamp", _clamp_tensors, variant="tensors"))
    out.append(OpEntry("igamma", _igamma, aliases=("special.gammainc",), gradgrad=False))
    out.append(OpEntry("igammac", _igamma, aliases=("special.gammaincc",), gradgrad=False))
    out.append(OpEntry("ldexp", _ldexp))
    return out


def _lerp(rng):
    return [
        Sample("weight-number", (rand(rng, (2, 3)), rand(rng, (2, 3)), 0.3)),
        Sample("weight-tensor", (rand(rng, (2, 3)), rand(rng, (3,)), rand(rng, (2, 1), 0, 1))),
        Sample("0-d", (rand(rng, ()), rand(rng, ()), rand(rng, (), 0, 1))),
    ]


def _ternary(value, positive_last=False):
    low = 0.5 if positive_last else -1.0

    def gen(rng):
        return [
            Sample(
                "same-shape",
                (rand(rng, (2, 3)), rand(rng, (2, 3)), rand(rng, (2, 3), low, 2)),
                {"value": value},
            ),
            Sample("broadcast", (rand(rng, (3,)), rand(rng, (2, 1)), rand(rng, (2, 3), low, 2))),
            Sample("0-d", (rand(rng, ()), rand(rng, ()), rand(rng, (), low, 2)), {"value": -2.0}),
        ]

    return gen


def _where(rng):
    cond = Const(np.array([[True, False, True], [False, False, True]]))
    return [
        Sample("same-shape", (cond, rand(rng, (2, 3)), rand(rng, (2, 3)))),
        Sample("broadcast", (cond, rand(rng, (3,)), rand(rng, (2, 1)))),
        Sample("python-number", (cond, rand(rng, (2, 3)), 0.5)),
    ]


def _clamp_tensors(rng):
    x = rand(rng, (2, 3), -2, 2)
    return [
        Sample("same-shape", (x, rand(rng, (2, 3), -1.0, -0.1), rand(rng, (2, 3), 0.1, 1.0))),
        Sample("broadcast-min", (rand(rng, (2, 3), -2, 2), rand(rng, (3,), -1.0, 0.5))),
        Sample("broadcast-max", (rand(rng, (2, 3), -2, 2),), {"max": rand(rng, (2, 1), -0.5, 0.5)}),
        Sample(
            "min-above-max",
            (rand(rng, (2, 3), -2, 2), rand(rng, (2, 3), 0.5, 1.0), rand(rng, (2, 3), -1.0, 0.0)),
            gradcheck=False,
        ),
    ]


def _igamma(rng):
    # PyTorch differentiates igamma in its second argument only
    return [
        Sample("same-shape", (Const(rand(rng, (2, 3), 0.5, 3)), rand(rng, (2, 3), 0.5, 3))),
        Sample("broadcast", (Const(rand(rng, (3,), 0.5, 3)), rand(rng, (2, 3), 0.5, 3))),
    ]


def _ldexp(rng):
    # exponents >= 0: PyTorch's gradient is 0 where `other` is a negative integer (its derivative
    # computes 2 ** other in integers), a PyTorch bug finite differences reveal
    return [
        Sample("same-shape", (rand(rng, (2, 3)), Const(np.array([[1, 2, 0], [3, 1, 2]])))),
        Sample("broadcast", (rand(rng, (2, 3)), Const(np.array([2, 1, 0])))),
    ]


def entries() -> list:
    return _unary_entries() + _binary_entries()
