"""The table of one-input element-wise ops (ops/unary.py): its entries, and the in-place and
`out=` forms it makes, checked against PyTorch 2.13's behaviour and by finite differences."""

import math

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from autograd_nb.ops import pointwise, special_fns, unary
from autograd_nb.ops.unary import UnaryBackward
from tests._recorded import INF, NAN, check_recorded

# The in-place unary functions torch.* has in PyTorch 2.13 (`hasattr(torch, name)`), for the
# ops autograd_nb has.
TORCH_INPLACE_UNARY = (
    "abs_ acos_ arccos_ arcsin_ arctan_ asin_ atan_ ceil_ cos_ cosh_ deg2rad_ erf_ erfc_ exp2_ "
    "exp_ expm1_ fix_ floor_ frac_ i0_ log10_ log1p_ log2_ log_ nan_to_num_ neg_ negative_ "
    "rad2deg_ reciprocal_ relu_ round_ rsqrt_ sigmoid_ sin_ sinc_ sinh_ sqrt_ square_ tan_ tanh_ "
    "trunc_"
).split()
# ... and the in-place unary methods PyTorch's Tensor has (besides those above: no torch.* form).
METHOD_ONLY_INPLACE_UNARY = "absolute_ digamma_ erfinv_ lgamma_ sgn_ sign_".split()

# op name -> a domain where it is smooth, for the finite-difference checks
SMOOTH = {
    "exp": (-1, 1),
    "exp2": (-1, 1),
    "expm1": (-1, 1),
    "log": (0.5, 2),
    "log1p": (0.5, 2),
    "log2": (0.5, 2),
    "log10": (0.5, 2),
    "sqrt": (0.5, 2),
    "rsqrt": (0.5, 2),
    "reciprocal": (0.5, 2),
    "sin": (-1, 1),
    "cos": (-1, 1),
    "tan": (-1, 1),
    "asin": (-0.8, 0.8),
    "acos": (-0.8, 0.8),
    "atan": (-1, 1),
    "sinh": (-1, 1),
    "cosh": (-1, 1),
    "tanh": (-1, 1),
    "sigmoid": (-2, 2),
    "relu": (0.5, 2),
    "erf": (-1, 1),
    "abs": (0.5, 2),
    "neg": (-1, 1),
    "deg2rad": (-1, 1),
    "rad2deg": (-1, 1),
    "erfc": (-1, 1),
    "sinc": (0.2, 0.8),
    "i0": (-1, 1),
    "lgamma": (0.5, 2),
    "digamma": (0.5, 2),
    "erfinv": (-0.5, 0.5),
    "square": (-1, 1),
}


def _table_nodes():
    return [
        cls
        for module in (unary, special_fns)
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, UnaryBackward) and cls.__name__[0] != "_"
        if cls is not UnaryBackward
    ]


@pytest.mark.parametrize("cls", _table_nodes(), ids=lambda c: c.__name__)
def test_each_entry_is_a_module_level_node_class_with_its_formula(cls):
    module = unary if vars(unary).get(cls.__name__) is cls else special_fns
    assert getattr(module, cls.__name__) is cls  # a real class, found by its PyTorch name
    assert cls.__name__.endswith(("Backward0", "Backward1"))
    assert isinstance(cls.formula, str) and cls.formula
    assert cls.saves in ("self", "result", "")
    assert cls._saved_names == ((cls.saves,) if cls.saves else ())
    assert "backward" in vars(cls) or any("backward" in vars(b) for b in cls.__mro__[1:-3])


def test_the_table_is_reachable_from_pointwise():
    assert pointwise.sin is unary.sin and pointwise.exp_ is unary.exp_
    assert torch.sin is unary.sin


@pytest.mark.parametrize("name", TORCH_INPLACE_UNARY)
def test_torch_has_the_inplace_unary_function_and_method(name):
    assert callable(getattr(torch, name))
    assert callable(getattr(torch.Tensor, name))


@pytest.mark.parametrize("name", METHOD_ONLY_INPLACE_UNARY)
def test_the_method_only_inplace_forms_are_methods(name):
    assert callable(getattr(torch.Tensor, name))
    assert not hasattr(torch, name)  # as in PyTorch: no torch.sign_, torch.sgn_, ...


@pytest.mark.parametrize(
    ("name", "form"),
    [(name, "method") for name in sorted(SMOOTH)]
    + [(name, "function") for name in sorted(SMOOTH) if name + "_" in TORCH_INPLACE_UNARY],
)
def test_gradient_through_the_inplace_form_by_finite_differences(name, form):
    low, high = SMOOTH[name]
    values = np.linspace(low, high, 5)
    x = torch.tensor(values, requires_grad=True)
    y = x * 1  # a non-leaf, so it may change in place
    out = getattr(y, name + "_")() if form == "method" else getattr(torch, name + "_")(y)
    assert out is y
    assert y.grad_fn.name() == getattr(torch, name)(x).grad_fn.name()
    weights = torch.tensor(np.arange(1.0, 6.0))
    (y * weights).sum().backward()
    fn = getattr(torch, name)
    eps = 1e-6
    expected = [
        (
            fn(torch.tensor(values + eps * (np.arange(5) == i))).numpy()[i]
            - fn(torch.tensor(values - eps * (np.arange(5) == i))).numpy()[i]
        )
        / (2 * eps)
        * (i + 1)
        for i in range(5)
    ]
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name", ["sin", "exp", "sqrt", "erfc", "lgamma", "sigmoid"])
def test_inplace_values_equal_the_out_of_place_op(name):
    x = torch.tensor([0.5, 1.25, 2.0])
    expected = getattr(torch, name)(x)
    y = x.clone()
    version = y._version
    assert getattr(y, name + "_")() is y
    assert y._version == version + 1
    np.testing.assert_array_equal(y.numpy(), expected.numpy())


def test_inplace_through_a_view_changes_the_base():
    base = torch.tensor([0.0, 1.0, 2.0])
    view = base[1:]
    view.exp_()
    np.testing.assert_allclose(base.numpy(), [0.0, math.e, math.exp(2)], rtol=1e-6)


def test_inplace_on_a_view_rebases_the_history_as_pytorch():
    x = torch.tensor([0.5, 0.25, 0.75], requires_grad=True)
    v = x.clone()
    w = v[1:]
    w.exp_()
    assert v.grad_fn.name() == "torch::autograd::CopySlices"
    assert w.grad_fn.name() == "AsStridedBackward0"
    v.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, math.exp(0.25), math.exp(0.75)], rtol=1e-6)


# texts recorded from PyTorch 2.13
LEAF_TEXT = "a leaf Variable that requires grad is being used in an in-place operation."


@pytest.mark.parametrize("call", [lambda x: x.sin_(), lambda x: torch.sin_(x), torch.relu_])
def test_inplace_on_a_leaf_that_requires_grad_raises_and_changes_nothing(call):
    x = torch.tensor([0.5, 0.25], requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        call(x)
    assert str(info.value) == LEAF_TEXT
    np.testing.assert_array_equal(x.detach().numpy(), np.float32([0.5, 0.25]))
    assert x._version == 0


def test_inplace_on_a_leaf_under_no_grad_is_allowed():
    x = torch.tensor([-1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        torch.relu_(x)
    np.testing.assert_array_equal(x.detach().numpy(), [0.0, 2.0])


def test_changing_a_saved_input_in_place_is_caught_by_backward():
    x = torch.tensor([0.5, 0.25, 0.75], dtype=torch.float64, requires_grad=True)
    y = x * 1
    z = y.sin()  # saves y
    y.cos_()
    assert y.grad_fn.name() == "CosBackward0" and y._version == 1
    with pytest.raises(RuntimeError) as info:
        z.sum().backward()
    text = str(info.value)
    assert text.startswith(
        "one of the variables needed for gradient computation has been modified by an "
        "inplace operation: [torch.DoubleTensor [3]], which is output 0 of "
    )
    assert "is at version 1; expected version 0 instead." in text


def test_an_integer_tensor_cannot_hold_a_float_result_in_place():
    t = torch.tensor([1, 2])
    with pytest.raises(RuntimeError) as info:
        t.sin_()
    assert str(info.value) == "result type Float can't be cast to the desired output type Long"
    assert t.tolist() == [1, 2]


def test_integer_ops_keep_their_dtype_in_place():
    t = torch.tensor([1, -2])
    assert t.abs_().tolist() == [1, 2]
    assert t.neg_().tolist() == [-1, -2]
    assert t.sign_().tolist() == [-1, -1]


def test_out_writes_and_refuses_a_graph():
    x = torch.tensor([0.5, 1.0])
    out = torch.empty(2)
    assert torch.sin(x, out=out) is out
    np.testing.assert_allclose(out.numpy(), np.sin([0.5, 1.0]), rtol=1e-6)
    with pytest.raises(RuntimeError) as info:
        torch.arctan(x.requires_grad_(), out=out)
    assert str(info.value) == (
        "atan(): functions with out=... arguments don't support automatic differentiation, "
        "but one of the arguments requires grad."
    )
    with pytest.raises(TypeError):
        x.sin(out=out)  # methods take no out=, as in PyTorch


def test_relu_takes_no_out_as_in_pytorch():
    with pytest.raises(TypeError):
        torch.relu(torch.ones(2), out=torch.empty(2))


def test_stepper_formula_comes_from_the_node_class():
    from autograd_nb.notebook.widgets import local_derivative

    x = torch.tensor([0.5], requires_grad=True)
    assert local_derivative(x.sin().grad_fn).startswith("∂sin a/∂a = cos a")
    assert local_derivative(x.log1p().grad_fn).startswith(unary.Log1PBackward0.formula)


@pytest.mark.parametrize("name", ["sin", "tanh", "sigmoid", "exp", "log", "erf"])
def test_second_order_gradient_by_finite_differences(name):
    values = np.array([0.3, 0.7, 1.1])
    x = torch.tensor(values, requires_grad=True)
    (g,) = torch.autograd.grad(getattr(torch, name)(x).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    eps = 1e-5

    def first(v):
        t = torch.tensor(v, requires_grad=True)
        return torch.autograd.grad(getattr(torch, name)(t).sum(), t)[0].numpy()

    expected = (first(values + eps) - first(values - eps)) / (2 * eps)
    np.testing.assert_allclose(h.numpy(), expected, rtol=1e-6, atol=1e-8)


# --- atanh/asinh/acosh (aliases, in-place, out=), angle, positive, frexp, isposinf/isneginf/isreal, logical_not_, isin, is_nonzero: recorded from PyTorch 2.13 ---
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


# --- copysign, logaddexp2, nextafter, ldexp, float_power_, comparison aliases and in-place forms, in-place logical/bitwise ops, floor_divide_, argument errors: recorded from PyTorch 2.13 ---
def test_frexp_saves_its_exponent():
    x = torch.tensor([1.5, -2.0], requires_grad=True)
    mantissa, _ = torch.frexp(x)
    assert mantissa.grad_fn._saved_exponent.tolist() == [1, 2]
    mantissa.sum().backward()
    assert x.grad.tolist() == [0.5, 0.25]


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
def test_erf_is_accurate_over_its_whole_range():
    # math.erf, and PyTorch 2.13's float32 values for the last ones
    import math

    xs = [-7.0, -3.5, -3.0, -2.9, -1e-3, 1e-4, 0.5, 2.999, 3.0, 3.001, 5.5, 30.0]
    got = torch.tensor(xs, dtype=torch.float64).erf().tolist()
    assert got == pytest.approx([math.erf(x) for x in xs], abs=2e-15)
    assert torch.erf(torch.tensor([0.5, 3.5, -4.0, 6.0])).tolist() == pytest.approx(
        [0.5204998850822449, 0.9999992847442627, -1.0, 1.0], abs=1e-7
    )
    assert str(torch.erf(torch.tensor([-0.0, float("nan")]))) == "tensor([-0., nan])"


# --- round(decimals=...): PyTorch 2.13's float32 results (x * 10**d rounded half to even, then
# scaled back, all in float32) -------------------------------------------------------------------
ROUND_X = [0.5, 1.5, 2.5, -0.5, -1.5, 1.2345, 2.675, 0.125, 1234.5678, -2.5]
ROUND_GOLDEN = {
    None: [0.0, 2.0, 2.0, -0.0, -2.0, 1.0, 3.0, 0.0, 1235.0, -2.0],
    2: [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.2300000190734863,
        2.680000066757202,
        0.11999999731779099,
        1234.5699462890625,
        -2.5,
    ],
    1: [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.2000000476837158,
        2.700000047683716,
        0.10000000149011612,
        1234.5999755859375,
        -2.5,
    ],
    -1: [0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1230.0, -0.0],
    -2: [0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1200.0, -0.0],
}


@pytest.mark.parametrize("decimals", list(ROUND_GOLDEN))
def test_round_decimals_matches_pytorch_float32(device, decimals):
    x = torch.tensor(ROUND_X, device=device)
    kw = {} if decimals is None else {"decimals": decimals}
    for out in (x.round(**kw), torch.round(x, **kw)):
        assert out.dtype is torch.float32
        assert out.tolist() == ROUND_GOLDEN[decimals]
        assert [str(v) for v in out.tolist()] == [str(v) for v in ROUND_GOLDEN[decimals]]  # -0.0


def test_round_decimals_dtypes_grad_fn_and_errors(device):
    x64 = torch.tensor(ROUND_X, dtype=torch.float64, device=device)
    assert x64.round(decimals=2).tolist() == [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        1.23,
        2.68,
        0.12,
        1234.57,
        -2.5,
    ]  # PyTorch, in float64
    assert (
        torch.tensor([1e30, 3.4e38], device=device).round(decimals=10).tolist()
        == [float("inf")] * 2
    )
    assert torch.tensor([1, 15, 25, 35], device=device).round().tolist() == [1, 15, 25, 35]
    leaf = torch.tensor([1.25, 2.5], device=device, requires_grad=True)
    out = leaf.round(decimals=1)
    assert out.grad_fn.name() == "RoundBackward1" and out.tolist() == [1.2000000476837158, 2.5]
    assert leaf.round(decimals=0).grad_fn.name() == "RoundBackward1"
    assert leaf.round().grad_fn.name() == "RoundBackward0"
    out.sum().backward()
    assert leaf.grad.tolist() == [0.0, 0.0]
    assert gradcheck(
        lambda t: t.round(decimals=2),
        (torch.tensor([0.1234, -2.3456], dtype=torch.float64, device=device, requires_grad=True),),
    )
    cases = [
        (
            lambda: torch.tensor([1, 2], device=device).round(decimals=1),
            NotImplementedError,
            "\"round_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: torch.tensor([True], device=device).round(decimals=1),
            NotImplementedError,
            "\"round_cpu\" not implemented for 'Bool'",
        ),
        (
            lambda: torch.tensor([True], device=device).round(),
            NotImplementedError,
            "\"round_vml_cpu\" not implemented for 'Bool'",
        ),
        (
            lambda: torch.tensor([1.5], device=device).round(decimals=1.5),
            TypeError,
            "round(): argument 'decimals' must be int, not float",
        ),
    ]
    for make, error, text in cases:
        with pytest.raises(error) as info:
            make()
        assert str(info.value) == text


def test_round_decimals_float16_and_repr():
    assert repr(torch.tensor([1.23456], dtype=torch.float16).round(decimals=2)) == (
        "tensor([1.2305], dtype=torch.float16)"
    )
    assert repr(torch.tensor([1.0, 2.5], requires_grad=True).round(decimals=1)) == (
        "tensor([1.0000, 2.5000], grad_fn=<RoundBackward1>)"
    )
