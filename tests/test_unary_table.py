"""The table of one-input element-wise ops (ops/unary.py): its entries, and the in-place and
`out=` forms it makes, checked against PyTorch 2.13's behaviour and by finite differences."""

import math

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.ops import pointwise, special_fns, unary
from autograd_nb.ops.unary import UnaryBackward

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
