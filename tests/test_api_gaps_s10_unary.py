"""PyTorch APIs a learner pastes that autograd_nb lacked (s10): the one-input element-wise ops
(atanh/asinh/acosh with aliases, in-place and out=, angle, positive, frexp), isposinf/isneginf/
isreal, logical_not_, isin and is_nonzero. Values and texts recorded from PyTorch 2.13; gradients
by finite differences in float64."""

import pytest

from tests._recorded import INF, NAN, check_recorded

# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES = [
    (
        "atanh",
        "torch.atanh(torch.tensor([0.5, -0.25, 0.0, 1.0, 2.0]))",
        ("tensor", [0.5493061542510986, -0.2554128170013428, 0.0, INF, NAN], "float32", None),
    ),
    (
        "asinh",
        "torch.asinh(torch.tensor([0.5, -3.0, 0.0]))",
        ("tensor", [0.4812118411064148, -1.8184465169906616, 0.0], "float32", None),
    ),
    (
        "acosh",
        "torch.acosh(torch.tensor([1.0, 2.5, 0.5]))",
        ("tensor", [0.0, 1.566799283027649, NAN], "float32", None),
    ),
    ("atanh_int", "torch.atanh(torch.tensor([0, 1]))", ("tensor", [0.0, INF], "float32", None)),
    (
        "asinh_bool",
        "torch.asinh(torch.tensor([True, False]))",
        ("tensor", [0.8813735842704773, 0.0], "float32", None),
    ),
    (
        "acosh_f64",
        "torch.acosh(torch.tensor([1.5, 3.0], dtype=torch.float64))",
        ("tensor", [0.9624236501192069, 1.762747174039086], "float64", None),
    ),
    (
        "atanh_int_inplace",
        "torch.tensor([1, 2]).atanh_()",
        (
            "raises",
            "RuntimeError",
            "result type Float can't be cast to the desired output type Long",
        ),
    ),
    (
        "asinh_out_long",
        "torch.asinh(torch.tensor([1.0]), out=torch.empty(1, dtype=torch.long))",
        (
            "raises",
            "RuntimeError",
            "result type Float can't be cast to the desired output type Long",
        ),
    ),
    (
        "angle",
        "torch.angle(torch.tensor([-1.0, 0.0, 2.0, float('nan'), -0.0]))",
        ("tensor", [3.1415927410125732, 0.0, 0.0, NAN, 0.0], "float32", None),
    ),
    (
        "angle_int",
        "torch.angle(torch.tensor([-1, 0, 2]))",
        ("tensor", [3.1415927410125732, 0.0, 0.0], "float32", None),
    ),
    (
        "angle_bool",
        "torch.angle(torch.tensor([True, False]))",
        ("tensor", [0.0, 0.0], "float32", None),
    ),
    (
        "positive_bool",
        "torch.positive(torch.tensor([True]))",
        ("raises", "RuntimeError", "The `+` operator, on a bool tensor is not supported."),
    ),
    (
        "frexp",
        "torch.frexp(torch.tensor([8.0, 0.3, -5.0, 0.0, float('inf'), float('nan')]))",
        (
            ("tensor", [0.5, 0.6000000238418579, -0.625, 0.0, INF, NAN], "float32", None),
            ("tensor", [4, -1, 3, 0, 0, 0], "int32", None),
        ),
    ),
    (
        "frexp_f64",
        "torch.frexp(torch.tensor([1.5, -1e-300], dtype=torch.float64))",
        (
            ("tensor", [0.75, -0.6696928794914171], "float64", None),
            ("tensor", [1, -996], "int32", None),
        ),
    ),
    (
        "frexp_int",
        "torch.frexp(torch.tensor([1, 2]))",
        ("raises", "RuntimeError", "torch.frexp() only supports floating-point dtypes"),
    ),
    (
        "isposinf",
        "torch.isposinf(torch.tensor([-float('inf'), float('inf'), 1.0, float('nan')]))",
        ("tensor", [False, True, False, False], "bool", None),
    ),
    (
        "isneginf",
        "torch.isneginf(torch.tensor([-float('inf'), float('inf'), 1.0]))",
        ("tensor", [True, False, False], "bool", None),
    ),
    (
        "isposinf_int",
        "torch.isposinf(torch.tensor([1, 2]))",
        ("tensor", [False, False], "bool", None),
    ),
    (
        "isreal",
        "torch.isreal(torch.tensor([1.0, float('nan')]))",
        ("tensor", [True, True], "bool", None),
    ),
    (
        "logical_not_float",
        "torch.tensor([1.0, 0.0, -2.0]).logical_not_()",
        ("tensor", [0.0, 1.0, 0.0], "float32", None),
    ),
    ("logical_not_int", "torch.tensor([3, 0]).logical_not_()", ("tensor", [0, 1], "int64", None)),
    (
        "isin",
        "torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3]))",
        ("tensor", [[False, True], [True, False]], "bool", None),
    ),
    (
        "isin_mixed",
        "torch.isin(torch.tensor([1.0, 2.5]), torch.tensor([1, 3]))",
        ("tensor", [True, False], "bool", None),
    ),
    (
        "isin_scalar_test",
        "torch.isin(torch.tensor([1, 2]), 2, invert=True)",
        ("tensor", [True, False], "bool", None),
    ),
    ("isin_scalar_element", "torch.isin(2, torch.tensor([1, 2]))", ("tensor", True, "bool", None)),
    (
        "isin_nan",
        "torch.isin(torch.tensor([1.0, float('nan')]), torch.tensor([float('nan'), 1.0]))",
        ("tensor", [True, False], "bool", None),
    ),
    (
        "isin_bool",
        "torch.isin(torch.tensor([True]), torch.tensor([1]))",
        ("raises", "RuntimeError", "Unsupported input type encountered for isin(): Bool"),
    ),
    (
        "isin_numbers",
        "torch.isin(2, 3)",
        (
            "raises",
            "TypeError",
            "isin() received an invalid combination of arguments - got (int, int), but expected one "
            "of:\n"
            " * (Tensor elements, Tensor test_elements, *, bool assume_unique = False, bool invert = "
            "False, Tensor out = None)\n"
            " * (Number element, Tensor test_elements, *, bool assume_unique = False, bool invert = "
            "False, Tensor out = None)\n"
            " * (Tensor elements, Number test_element, *, bool assume_unique = False, bool invert = "
            "False, Tensor out = None)\n",
        ),
    ),
    (
        "is_nonzero",
        "(torch.is_nonzero(torch.tensor([1.5])), torch.is_nonzero(torch.tensor(0)), "
        "torch.is_nonzero(torch.tensor(float('nan'))))",
        (True, False, True),
    ),
    (
        "is_nonzero_many",
        "torch.is_nonzero(torch.tensor([1, 2]))",
        ("raises", "RuntimeError", "Boolean value of Tensor with more than one value is ambiguous"),
    ),
    (
        "is_nonzero_empty",
        "torch.is_nonzero(torch.tensor([]))",
        ("raises", "RuntimeError", "Boolean value of Tensor with no values is ambiguous"),
    ),
    (
        "atanh_grad_fn",
        "torch.atanh(torch.tensor([0.5], requires_grad=True))",
        ("tensor", [0.5493061542510986], "float32", "AtanhBackward0"),
    ),
    (
        "asinh_grad_fn",
        "torch.arcsinh(torch.tensor([0.5], requires_grad=True))",
        ("tensor", [0.4812118411064148], "float32", "AsinhBackward0"),
    ),
    (
        "acosh_grad_fn",
        "torch.tensor([1.5], requires_grad=True).arccosh()",
        ("tensor", [0.9624236822128296], "float32", "AcoshBackward0"),
    ),
    (
        "angle_grad_fn",
        "torch.angle(torch.tensor([-0.5, 2.0], requires_grad=True))",
        ("tensor", [3.1415927410125732, 0.0], "float32", "AngleBackward0"),
    ),
    (
        "frexp_grad_fn",
        "torch.frexp(torch.tensor([3.0, -0.1], requires_grad=True))",
        (
            ("tensor", [0.75, -0.800000011920929], "float32", "FrexpBackward0"),
            ("tensor", [2, -3], "int32", None),
        ),
    ),
    (
        "arctanh_inplace",
        "torch.tensor([0.5, -0.5]).arctanh_()",
        ("tensor", [0.5493061542510986, -0.5493061542510986], "float32", None),
    ),
    (
        "asinh_inplace_fn",
        "torch.asinh_(torch.tensor([1.0]))",
        ("tensor", [0.8813735842704773], "float32", None),
    ),
    (
        "acosh_out",
        "torch.acosh(torch.tensor([2.0]), out=torch.empty(1, dtype=torch.float64))",
        ("tensor", [1.316957950592041], "float64", None),
    ),
    (
        "angle_out",
        "torch.angle(torch.tensor([-2.0]), out=torch.empty(1))",
        ("tensor", [3.1415927410125732], "float32", None),
    ),
    (
        "isposinf_out",
        "torch.isposinf(torch.tensor([float('inf')]), out=torch.empty(1, dtype=torch.bool))",
        ("tensor", [True], "bool", None),
    ),
    (
        "isin_out",
        "torch.isin(torch.tensor([1, 5]), torch.tensor([5]), out=torch.empty(2, dtype=torch.bool))",
        ("tensor", [False, True], "bool", None),
    ),
    (
        "frexp_out",
        "torch.frexp(torch.tensor([3.0, 0.3]), out=(torch.empty(2), torch.empty(2, "
        "dtype=torch.int32)))",
        (
            ("tensor", [0.75, 0.6000000238418579], "float32", None),
            ("tensor", [2, -1], "int32", None),
        ),
    ),
    (
        "frexp_out_exponent",
        "torch.frexp(torch.tensor([3.0]), out=(torch.empty(1), torch.empty(1, dtype=torch.long)))",
        (
            "raises",
            "RuntimeError",
            "torch.frexp() expects exponent to have int dtype but got long int",
        ),
    ),
    (
        "frexp_out_mantissa",
        "torch.frexp(torch.tensor([3.0]), out=(torch.empty(1, dtype=torch.float64), torch.empty(1, "
        "dtype=torch.int32)))",
        (
            "raises",
            "RuntimeError",
            "torch.frexp() expects mantissa to have dtype float but got double",
        ),
    ),
    (
        "frexp_out_not_tuple",
        "torch.frexp(torch.tensor([3.0]), out=torch.empty(1))",
        ("raises", "TypeError", "frexp(): argument 'out' must be tuple of Tensors, not Tensor"),
    ),
    (
        "frexp_out_requires_grad",
        "torch.frexp(torch.ones(1, requires_grad=True), out=(torch.empty(1), torch.empty(1, "
        "dtype=torch.int32)))",
        (
            "raises",
            "RuntimeError",
            "frexp(): functions with out=... arguments don't support automatic differentiation, but one "
            "of the arguments requires grad.",
        ),
    ),
]


@pytest.mark.parametrize(("expr", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


# --- gradients: central differences in float64 (gradcheck), second order for element-wise ops --

import autograd_nb as torch  # noqa: E402
from autograd_nb.autograd import gradcheck, gradgradcheck  # noqa: E402


def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("atanh", [-0.7, -0.2, 0.3, 0.8]),
        ("arctanh", [0.1, -0.5]),
        ("asinh", [-2.0, -0.3, 0.4, 3.0]),
        ("arcsinh", [0.5, 1.5]),
        ("acosh", [1.2, 2.0, 5.0]),
        ("arccosh", [1.5, 3.0]),
    ],
)
def test_inverse_hyperbolic_gradients_first_and_second_order(name, values):
    fn = getattr(torch, name)
    x = _double(values)
    assert gradcheck(fn, (x,))
    assert gradgradcheck(fn, (x,))


@pytest.mark.parametrize("name", ["atanh", "asinh", "acosh"])
def test_inverse_hyperbolic_in_place_on_a_non_leaf_keeps_the_gradient(name):
    x = _double([1.3, 1.7] if name == "acosh" else [0.3, 0.6])
    y = x * 1
    getattr(y, name + "_")()
    assert y.grad_fn.name() == name.capitalize() + "Backward0"
    y.sum().backward()
    expected = _double(x.detach().tolist())
    getattr(torch, name)(expected).sum().backward()
    assert x.grad.tolist() == pytest.approx(expected.grad.tolist())


def test_angle_of_real_numbers_passes_a_zero_gradient():
    x = _double([-1.5, 0.5, 2.0])
    assert gradcheck(torch.angle, (x,))
    torch.angle(x).sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0]


def test_frexp_mantissa_gradient_is_one_over_two_to_the_exponent():
    x = _double([0.3, -3.0, 5.5, 100.0])
    assert gradcheck(lambda t: torch.frexp(t).mantissa, (x,))
    torch.frexp(x).mantissa.sum().backward()
    assert x.grad.tolist() == [2.0, 0.25, 0.125, 1 / 128]


def test_frexp_gradient_keeps_a_half_input_dtype():
    x = torch.tensor([3.0, 0.2], dtype=torch.float16, requires_grad=True)
    torch.frexp(x).mantissa.sum().backward()
    assert x.grad.dtype is torch.float16 and x.grad.tolist() == [0.25, 4.0]


def test_positive_is_the_tensor_itself():
    x = torch.tensor([1.0, -2.0], requires_grad=True)
    assert torch.positive(x) is x and x.positive() is x and +x is x


def test_logical_not_in_place_records_nothing_even_on_a_leaf():
    x = torch.tensor([1.0, 0.0], requires_grad=True)
    assert x.logical_not_() is x
    assert x._version == 1 and x.grad_fn is None and x.tolist() == [0.0, 1.0]
    y = torch.tensor([2.0, 0.0], requires_grad=True) * 1
    y.logical_not_()
    assert y.grad_fn.name() == "MulBackward0"  # the history stays as PyTorch leaves it
    assert not hasattr(torch, "logical_not_")
