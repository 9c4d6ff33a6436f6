"""The table of two-input element-wise ops (ops/binary.py): its entries, the forms it makes
(method, operators, in-place, `out=`), their gradients by central differences in float64 (first
and second order, with broadcasting and number operands) on both engines, and the names,
saved values and gradients PyTorch 2.13 gives."""

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import Tensor
from autograd_nb.autograd.node import Node
from autograd_nb.ops import binary, binary_functions
from autograd_nb.ops.binary import BinaryBackward
from tests import _op_fixes as op_fixes
from tests._finite_differences import numeric_gradients

# name -> (op, a's range, b's range): each op where it is smooth, two tensors
TENSOR_OPS = {
    "add": (torch.add, (-1, 1), (-1, 1)),
    "add_alpha": (lambda a, b: torch.add(a, b, alpha=2.5), (-1, 1), (-1, 1)),
    "sub": (torch.sub, (-1, 1), (-1, 1)),
    "sub_alpha": (lambda a, b: torch.sub(a, b, alpha=-1.5), (-1, 1), (-1, 1)),
    "rsub": (torch.rsub, (-1, 1), (-1, 1)),
    "mul": (torch.mul, (-1, 1), (-1, 1)),
    "div": (torch.div, (-1, 1), (0.5, 2)),
    "remainder": (torch.remainder, (2.3, 2.7), (1.05, 1.1)),
    "fmod": (torch.fmod, (2.3, 2.7), (1.05, 1.1)),
    "pow": (torch.pow, (0.5, 2), (0.5, 2)),
    "atan2": (torch.atan2, (-1, 1), (0.5, 2)),
    "hypot": (torch.hypot, (0.5, 2), (-2, -0.5)),
    "logaddexp": (torch.logaddexp, (-1, 1), (-1, 1)),
    "maximum": (torch.maximum, (-1, 0), (0.1, 1)),
    "minimum": (torch.minimum, (-1, 0), (0.1, 1)),
    "fmax": (torch.fmax, (0.1, 1), (-1, 0)),
    "fmin": (torch.fmin, (0.1, 1), (-1, 0)),
    "xlogy": (torch.xlogy, (-1, 1), (0.5, 2)),
    "xlog1py": (torch.special.xlog1py, (-1, 1), (-0.5, 2)),
    "logaddexp2": (torch.logaddexp2, (-1, 1), (-1, 1)),
    "copysign": (torch.copysign, (-1, -0.1), (-2, -0.5)),
    "copysign_flip": (torch.copysign, (0.1, 1), (-2, -0.5)),
    "nextafter": (torch.nextafter, (-1, 1), (2, 3)),
    "ldexp": (torch.ldexp, (-1, 1), (-2, 2)),
}

# name -> (op of one tensor and a Python number, the tensor's range)
NUMBER_OPS = {
    "add": (lambda a: a + 2.5, (-1, 1)),
    "radd": (lambda a: 2.5 + a, (-1, 1)),
    "add_alpha": (lambda a: torch.add(a, 2.5, alpha=3), (-1, 1)),
    "sub": (lambda a: a - 2.5, (-1, 1)),
    "rsub": (lambda a: 2.5 - a, (-1, 1)),
    "mul": (lambda a: a * 2.5, (-1, 1)),
    "rmul": (lambda a: 2.5 * a, (-1, 1)),
    "div": (lambda a: a / 2.5, (-1, 1)),
    "rdiv": (lambda a: 2.5 / a, (0.5, 2)),
    "remainder": (lambda a: a % 1.5, (0.1, 1.4)),
    "fmod": (lambda a: torch.fmod(a, 1.5), (0.1, 1.4)),
    "pow": (lambda a: a**3, (0.5, 2)),
    "pow_square": (lambda a: a**2, (-1, 1)),
    "pow_fraction": (lambda a: a**0.5, (0.5, 2)),
    "rpow": (lambda a: 2.5**a, (-1, 1)),
    "xlogy": (lambda a: torch.xlogy(a, 2.5), (-1, 1)),
    "rxlogy": (lambda a: torch.xlogy(2.5, a), (0.5, 2)),
    "xlog1py": (lambda a: torch.special.xlog1py(a, 2.5), (-1, 1)),
    "rxlog1py": (lambda a: torch.special.xlog1py(2.5, a), (0.5, 2)),
    "copysign": (lambda a: torch.copysign(a, -2.5), (0.1, 1)),
}


def _values(low, high, shape, seed):
    rng = np.random.default_rng(seed)
    return rng.uniform(low, high, size=shape)


def _on_arrays(op):
    """The op as a function of float64 arrays (no graph)."""
    return lambda *xs: op(*(torch.tensor(x) for x in xs)).numpy()


SHAPES = [((3,), (3,)), ((3, 1), (4,)), ((), (2, 3))]


@pytest.mark.parametrize("shapes", SHAPES, ids=["same", "broadcast", "zero_dim"])
@pytest.mark.parametrize("name", sorted(TENSOR_OPS))
def test_first_order_gradients_by_finite_differences(name, shapes):
    op, range_a, range_b = TENSOR_OPS[name]
    xa, xb = _values(*range_a, shapes[0], 1), _values(*range_b, shapes[1], 2)
    a = torch.tensor(xa, requires_grad=True)
    b = torch.tensor(xb, requires_grad=True)
    out = op(a, b)
    weights = _values(0.5, 1.5, tuple(out.shape), 3)
    (out * torch.tensor(weights)).sum().backward()
    expected = numeric_gradients(_on_arrays(op), [xa, xb], weights)
    assert a.grad.shape == a.shape and b.grad.shape == b.shape  # broadcasting undone
    np.testing.assert_allclose(a.grad.numpy(), expected[0], rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(b.grad.numpy(), expected[1], rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name", sorted(NUMBER_OPS))
def test_gradients_with_a_number_operand_by_finite_differences(name):
    op, bounds = NUMBER_OPS[name]
    x = _values(*bounds, (2, 3), 4)
    a = torch.tensor(x, requires_grad=True)
    out = op(a)
    assert out.dtype is torch.float64  # a Python number keeps the tensor's dtype
    weights = _values(0.5, 1.5, (2, 3), 5)
    (out * torch.tensor(weights)).sum().backward()
    (expected,) = numeric_gradients(_on_arrays(op), [x], weights)
    np.testing.assert_allclose(a.grad.numpy(), expected, rtol=1e-6, atol=1e-8)


def _first_order(op, xa, xb, wa, wb):
    """sum(grad_a * wa) + sum(grad_b * wb) of sum(op(a, b)), from autograd (no graph kept)."""
    a, b = torch.tensor(xa, requires_grad=True), torch.tensor(xb, requires_grad=True)
    ga, gb = torch.autograd.grad(op(a, b).sum(), (a, b), allow_unused=True)
    total = 0.0
    for g, w in ((ga, wa), (gb, wb)):
        if g is not None:
            total += float((g.numpy() * w).sum())
    return total


@pytest.mark.parametrize("shapes", SHAPES[:2], ids=["same", "broadcast"])
@pytest.mark.parametrize("name", sorted(TENSOR_OPS))
def test_second_order_gradients_by_finite_differences(name, shapes):
    op, range_a, range_b = TENSOR_OPS[name]
    xa, xb = _values(*range_a, shapes[0], 6), _values(*range_b, shapes[1], 7)
    wa, wb = _values(0.5, 1.5, shapes[0], 8), _values(0.5, 1.5, shapes[1], 9)
    a = torch.tensor(xa, requires_grad=True)
    b = torch.tensor(xb, requires_grad=True)
    ga, gb = torch.autograd.grad(op(a, b).sum(), (a, b), create_graph=True)
    terms = [(g * torch.tensor(w)).sum() for g, w in ((ga, wa), (gb, wb)) if g.requires_grad]
    if not terms:  # a linear op: its gradients do not depend on the inputs
        return
    second = torch.autograd.grad(sum(terms), (a, b), allow_unused=True)
    expected = numeric_gradients(
        lambda pa, pb: np.float64(_first_order(op, pa, pb, wa, wb)), [xa, xb], 1.0
    )
    for got, want in zip(second, expected):
        got = np.zeros_like(want) if got is None else got.numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


# --- the entries ----------------------------------------------------------------------------------


def _table_nodes():
    return [
        cls
        for cls in vars(binary).values()
        if isinstance(cls, type)
        and issubclass(cls, Node)
        and cls.__name__.endswith(("0", "1", "2"))
    ]


@pytest.mark.parametrize("cls", _table_nodes(), ids=lambda c: c.__name__)
def test_each_node_is_a_module_level_class_with_its_formula(cls):
    assert getattr(binary, cls.__name__) is cls  # found by its PyTorch name
    assert isinstance(cls.formula, str) and cls.formula
    if issubclass(cls, BinaryBackward):
        assert set(cls.reads) <= set(cls.inputs)
        for names in cls.reads.values():
            assert set(names.split()) <= set(cls.inputs)


# expression -> grad_fn name, recorded from PyTorch 2.13
GRAD_FN_NAMES = {
    "a + b": ("AddBackward0", lambda a, b: a + b),
    "2 + a": ("AddBackward0", lambda a, b: 2 + a),
    "a - b": ("SubBackward0", lambda a, b: a - b),
    "2 - a": ("RsubBackward1", lambda a, b: 2 - a),
    "a * b": ("MulBackward0", lambda a, b: a * b),
    "2 * a": ("MulBackward0", lambda a, b: 2 * a),
    "a / b": ("DivBackward0", lambda a, b: a / b),
    "2 / a": ("MulBackward0", lambda a, b: 2 / a),
    "a % b": ("RemainderBackward1", lambda a, b: a % b),
    "a % 2": ("RemainderBackward0", lambda a, b: a % 2),
    "fmod(a, b)": ("FmodBackward1", lambda a, b: torch.fmod(a, b)),
    "fmod(a, 2)": ("FmodBackward0", lambda a, b: torch.fmod(a, 2)),
    "a ** b": ("PowBackward1", lambda a, b: a**b),
    "a ** 2": ("PowBackward0", lambda a, b: a**2),
    "2 ** a": ("PowBackward2", lambda a, b: 2**a),
    "atan2": ("Atan2Backward0", torch.atan2),
    "arctan2": ("Atan2Backward0", torch.arctan2),
    "hypot": ("HypotBackward0", torch.hypot),
    "logaddexp": ("LogaddexpBackward0", torch.logaddexp),
    "maximum": ("MaximumBackward0", torch.maximum),
    "minimum": ("MinimumBackward0", torch.minimum),
    "fmax": ("FmaxBackward0", torch.fmax),
    "fmin": ("FminBackward0", torch.fmin),
    "true_divide": ("DivBackward0", torch.true_divide),
    "float_power": ("PowBackward1", torch.float_power),
    "xlogy(a, b)": ("XlogyBackward0", torch.xlogy),
    "xlogy(2, a)": ("XlogyBackward1", lambda a, b: torch.xlogy(2, a)),
    "xlogy(a, 2)": ("XlogyBackward2", lambda a, b: torch.xlogy(a, 2)),
    "xlog1py(a, b)": ("SpecialXlog1PyBackward0", torch.special.xlog1py),
    "xlog1py(2, a)": ("SpecialXlog1PyBackward1", lambda a, b: torch.special.xlog1py(2, a)),
    "xlog1py(a, 2)": ("SpecialXlog1PyBackward2", lambda a, b: torch.special.xlog1py(a, 2)),
}


@pytest.mark.parametrize("expression", sorted(GRAD_FN_NAMES))
def test_grad_fn_names_are_pytorchs(expression):
    name, op = GRAD_FN_NAMES[expression]
    a = torch.tensor([1.5, 2.0], requires_grad=True)
    b = torch.tensor([0.5, 3.0], requires_grad=True)
    fn = op(a, b).grad_fn
    assert fn.name() == name
    assert str(type(fn)) == f"<class '{name}'>"


def test_saved_values_are_what_pytorch_saves():
    a = torch.tensor([1.5, 2.0], requires_grad=True)
    b = torch.tensor([0.5, 3.0], requires_grad=True)
    both = (a * b).grad_fn
    assert both._saved_self is a and both._saved_other is b
    by_number = (a * 2).grad_fn  # PyTorch 2.13: _saved_self None, _saved_other tensor(2)
    assert by_number._saved_self is None
    assert str(by_number._saved_other) == "tensor(2)"
    only_a = (a / b.detach()).grad_fn  # a's partial reads only other: self is not saved
    assert only_a._saved_self is None and torch.equal(only_a._saved_other, b)
    assert torch.add(a, b, alpha=2).grad_fn._saved_alpha == 2
    assert (a**2).grad_fn._saved_exponent == 2
    # a Scalar overload shows its number as a number: PyTorch 2.13 gives 2 and 2
    assert torch.xlogy(2, b).grad_fn._saved_self == 2
    assert type(torch.xlogy(a, 2).grad_fn._saved_other) is int


def test_add_and_sub_scale_a_number_by_alpha_once():
    # PyTorch 2.13: tensor([7.]) and tensor([-5.])
    t = torch.tensor([1.0])
    assert torch.add(t, 2, alpha=3).tolist() == [7.0]
    assert torch.sub(t, 2, alpha=3).tolist() == [-5.0]
    assert torch.rsub(t, 2, alpha=3).tolist() == [-1.0]


def test_extremes_route_gradients_at_ties_and_nan_as_pytorch():
    nan = float("nan")
    # recorded from PyTorch 2.13 (grad of .sum() for a = [1, nan, 2, 3], b = [1, 1, nan, 1])
    expected = {
        "maximum": ([0.5, 1, 1, 1], [0.5, 1, 1, 0]),
        "minimum": ([0.5, 1, 1, 0], [0.5, 1, 1, 1]),
        "fmax": ([1, 0, 1, 1], [0, 1, 0, 0]),
        "fmin": ([1, 0, 1, 0], [0, 1, 0, 1]),
    }
    for name, (want_a, want_b) in expected.items():
        a = torch.tensor([1.0, nan, 2.0, 3.0], requires_grad=True)
        b = torch.tensor([1.0, 1.0, nan, 1.0], requires_grad=True)
        ga, gb = torch.autograd.grad(getattr(torch, name)(a, b).sum(), (a, b))
        assert ga.tolist() == want_a and gb.tolist() == want_b, name


@pytest.mark.parametrize("name", ["maximum", "minimum", "fmax", "fmin", "atan2", "hypot"])
def test_tensor_only_ops_name_the_first_bad_argument_as_pytorch(name):
    fn = getattr(torch, name)
    with pytest.raises(TypeError) as info:
        fn(1, 2)
    assert str(info.value) == f"{name}(): argument 'input' (position 1) must be Tensor, not int"
    with pytest.raises(TypeError) as info:
        fn(1, torch.ones(1))
    assert str(info.value) == f"{name}(): argument 'input' (position 1) must be Tensor, not int"
    with pytest.raises(TypeError) as info:
        fn(torch.ones(1), 2)
    assert str(info.value) == f"{name}(): argument 'other' (position 2) must be Tensor, not int"


# --- the forms each entry makes -------------------------------------------------------------------

# the in-place methods PyTorch 2.13's Tensor has for these ops (no torch.* form: `torch.add_`
# does not exist), and the ops that have none
INPLACE_METHODS = (
    "add_ sub_ subtract_ mul_ multiply_ div_ divide_ true_divide_ remainder_ fmod_ pow_ "
    "atan2_ arctan2_ hypot_"
).split()
TORCH_INPLACE = ["xlogy_"]  # torch.xlogy_ exists as well
NO_INPLACE = "logaddexp_ maximum_ minimum_ fmax_ fmin_".split()


@pytest.mark.parametrize("name", INPLACE_METHODS)
def test_the_inplace_methods_exist_as_in_pytorch(name):
    assert callable(getattr(Tensor, name))
    assert not hasattr(torch, name)


@pytest.mark.parametrize("name", TORCH_INPLACE)
def test_torch_has_the_inplace_function_and_method(name):
    assert callable(getattr(Tensor, name)) and callable(getattr(torch, name))


@pytest.mark.parametrize("name", NO_INPLACE)
def test_no_inplace_form_where_pytorch_has_none(name):
    assert not hasattr(Tensor, name) and not hasattr(torch, name)


@pytest.mark.parametrize(
    "name", ["add", "sub", "mul", "div", "remainder", "fmod", "pow", "atan2", "hypot", "xlogy"]
)
def test_inplace_equals_the_op_and_records_its_node(name):
    xa, xb = np.array([2.3, 2.5, 2.7]), np.array([1.05, 1.08, 1.1])
    weights = np.array([1.0, 2.0, 3.0])
    a = torch.tensor(xa, requires_grad=True)
    b = torch.tensor(xb, requires_grad=True)
    expected = getattr(torch, name)(a, b)
    y = a * 1
    assert getattr(y, name + "_")(b) is y
    assert y.grad_fn.name() == expected.grad_fn.name()
    np.testing.assert_array_equal(y.detach().numpy(), expected.detach().numpy())
    (y * torch.tensor(weights)).sum().backward()
    op = getattr(torch, name)
    want_a, want_b = numeric_gradients(_on_arrays(op), [xa, xb], weights)
    np.testing.assert_allclose(a.grad.numpy(), want_a, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(b.grad.numpy(), want_b, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize(
    "name",
    ["add", "sub", "mul", "div", "remainder", "fmod", "pow", "atan2", "hypot", "logaddexp"]
    + ["maximum", "minimum", "fmax", "fmin", "xlogy"],
)
def test_out_writes_the_result_and_refuses_a_graph(name):
    a, b = torch.tensor([2.5, 0.5]), torch.tensor([1.5, 2.0])
    out = torch.empty(2)
    fn = getattr(torch, name)
    assert fn(a, b, out=out) is out
    assert out.tolist() == fn(a, b).tolist()
    with pytest.raises(RuntimeError) as info:
        fn(a.requires_grad_(), b, out=out)
    assert "functions with out=... arguments don't support automatic differentiation" in str(
        info.value
    )
    with pytest.raises(TypeError):
        getattr(a, name)(b, out=out)  # methods take no out=, as in PyTorch


def test_the_stepper_reads_the_formula_from_the_node():
    from autograd_nb.notebook import widgets

    a = torch.tensor([3.0], requires_grad=True)
    text = widgets.local_derivative((a * 2).grad_fn)
    assert text == "∂(a·b)/∂a = b,  ∂(a·b)/∂b = a  (saved: other = 2)"
    assert widgets.local_derivative(torch.atan2(a, a).grad_fn).startswith(
        binary_functions.Atan2Backward0.formula
    )
    assert not {"Add", "Sub", "Rsub", "Mul", "Div", "Pow"} & {
        key.removesuffix("Backward") for key in widgets._LOCAL
    }


# --- one module: a new op from one entry ----------------------------------------------------------


@pytest.fixture
def throwaway_names():
    """Tensor methods the throwaway op adds, removed afterwards."""
    names = ["squared_difference", "squared_difference_", "sqdiff", "sqdiff_"]
    assert not any(hasattr(Tensor, n) for n in names)
    yield
    for n in names:
        if n in vars(Tensor):
            delattr(Tensor, n)


def test_a_new_binary_op_is_one_entry(throwaway_names):
    class SquaredDifferenceBackward0(BinaryBackward):
        __slots__ = ()
        formula = "∂(a − b)²/∂a = 2(a − b),  ∂(a − b)²/∂b = −2(a − b)"
        reads = {"self": "self other", "other": "self other"}

        def grad_self(self, grad, a, b):
            return grad * 2 * (a - b)

        def grad_other(self, grad, a, b):
            return grad * -2 * (a - b)

    fn, fn_ = binary.binary(
        "squared_difference",
        SquaredDifferenceBackward0,
        lambda xp, x, y: (x - y) ** 2,
        doc="(input - other) ** 2, element-wise.",
        aliases=("sqdiff",),
    )
    xa, xb = np.array([[0.5], [1.5]]), np.array([0.25, -1.0, 2.0])
    a, b = torch.tensor(xa, requires_grad=True), torch.tensor(xb, requires_grad=True)
    # forward, as a function, a method and its alias, with a number operand
    y = fn(a, b)
    np.testing.assert_allclose(y.detach().numpy(), (xa - xb) ** 2)
    assert torch.equal(a.squared_difference(b), y) and torch.equal(a.sqdiff(b), y)
    assert fn(a, 2.0).dtype is torch.float64
    # backward, broadcasting undone, second order through create_graph
    assert y.grad_fn.name() == "SquaredDifferenceBackward0"
    ga, gb = torch.autograd.grad(y.sum(), (a, b), create_graph=True)
    np.testing.assert_allclose(ga.detach().numpy(), (2 * (xa - xb)).sum(1, keepdims=True))
    np.testing.assert_allclose(gb.detach().numpy(), (-2 * (xa - xb)).sum(0))
    (h,) = torch.autograd.grad(ga.sum(), a)
    np.testing.assert_allclose(h.numpy(), [[6.0], [6.0]])
    # in place, as a method and its alias
    z = torch.tensor([3.0, 1.0])
    assert z.squared_difference_(torch.tensor([1.0, 1.0])) is z and z.tolist() == [4.0, 0.0]
    assert z.sqdiff_(1.0) is z and z.tolist() == [9.0, 1.0]
    assert Tensor.squared_difference_.__wrapped__ is fn_  # the method: a copy that knows it is one
    # out=
    out = torch.empty(2)
    assert fn(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 0.0]), out=out) is out
    assert out.tolist() == [1.0, 4.0]
    # the stepper's formula
    from autograd_nb.notebook.widgets import local_derivative

    assert local_derivative(y.grad_fn).startswith(SquaredDifferenceBackward0.formula)


# --- div with a rounding mode: zero gradients (DivBackward2), recorded from PyTorch 2.13 ----------
@pytest.mark.parametrize("case", op_fixes.cases("binary"))
def test_rounded_division_matches_pytorch(case):
    op_fixes.check_case(case)


# --- copysign, logaddexp2, nextafter, ldexp, float_power_, comparison aliases and in-place forms, in-place logical/bitwise ops, floor_divide_, argument errors: recorded from PyTorch 2.13 ---
def _x(**kwargs):
    return torch.tensor([-1.5, 0.0, 2.0], **kwargs)


INTS = [1, -2, 3]


# --- values and dtypes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, values, dtype",
    [
        (lambda: torch.copysign(_x(), -1.0), [-1.5, -0.0, -2.0], torch.float32),
        (lambda: torch.copysign(_x(), torch.tensor(INTS)), [1.5, -0.0, 2.0], torch.float32),
        (lambda: torch.copysign(torch.tensor(INTS), torch.tensor(INTS)), [1, -2, 3], torch.float32),
        (lambda: torch.copysign(torch.tensor(INTS), -1), [-1, -2, -3], torch.float32),
        (
            lambda: torch.copysign(torch.tensor([True, False]), torch.tensor([True, False])),
            [1, 0],
            torch.float32,
        ),
        (lambda: torch.copysign(_x().half(), _x()), [-1.5, 0.0, 2.0], torch.float32),
        (lambda: torch.logaddexp2(_x(), _x()), [-0.5, 1.0, 3.0], torch.float32),
        (
            lambda: torch.logaddexp2(_x(), torch.tensor(INTS)),
            [1.2348, 0.3219, 3.5850],
            torch.float32,
        ),
        (lambda: torch.nextafter(_x(), torch.tensor(3.0)), [-1.5, 1.4013e-45, 2.0], torch.float32),
        (
            lambda: torch.nextafter(_x(dtype=torch.float64), _x(dtype=torch.float64) + 1),
            [-1.5, 4.9407e-324, 2.0],
            torch.float64,
        ),
        (
            lambda: torch.nextafter(_x().half(), _x().half() + 1),
            [-1.4990, 5.9605e-08, 2.0020],
            torch.float16,
        ),
        (lambda: torch.ldexp(_x(), torch.tensor(INTS)), [-3.0, 0.0, 16.0], torch.float32),
        (
            lambda: torch.ldexp(torch.tensor(INTS), torch.tensor(INTS)),
            [2.0, -0.5, 24.0],
            torch.float32,
        ),
        (lambda: torch.ldexp(_x(), torch.tensor(2.5)), [-8.4853, 0.0, 11.3137], torch.float32),
        (lambda: torch.ldexp(_x(), _x(dtype=torch.float64)), [-0.5303, 0.0, 8.0], torch.float64),
        (lambda: torch.ldexp(torch.tensor([True]), torch.tensor([2])), [4.0], torch.float32),
        (lambda: torch.float_power(2, torch.tensor([1.0, 2.0])), [2.0, 4.0], torch.float64),
    ],
)
def test_values_and_dtypes(make, values, dtype):
    out = make()
    assert out.dtype is dtype
    np.testing.assert_allclose(out.numpy().astype(np.float64), values, rtol=2e-4, atol=0)


def test_copysign_keeps_the_sign_of_a_negative_zero():
    out = torch.copysign(_x(), torch.tensor([-0.0, -0.0, 1.0]))
    assert np.signbit(out.numpy()).tolist() == [True, True, False]


def test_out_argument():
    x, i = torch.tensor([1.5, 2.5, -3.0]), torch.tensor(INTS)
    assert torch.copysign(x, -1.0, out=torch.empty(3)).tolist() == [-1.5, -2.5, -3.0]
    assert torch.logaddexp2(x, x, out=torch.empty(3)).tolist() == [2.5, 3.5, -2.0]
    assert torch.ldexp(x, i, out=torch.empty(3)).tolist() == [3.0, 0.625, -24.0]
    out = torch.empty(3)
    assert torch.nextafter(x, x + 1, out=out) is out
    np.testing.assert_allclose(out.numpy(), [1.50000012, 2.50000024, -2.99999976], rtol=1e-8)


# --- in-place forms -------------------------------------------------------------------------------


def test_inplace_forms():
    assert _x().copysign_(torch.tensor(INTS)).tolist() == [1.5, -0.0, 2.0]
    assert _x().ldexp_(torch.tensor(INTS)).tolist() == [-3.0, 0.0, 16.0]
    torch.ldexp_(y := _x(), torch.tensor(INTS))
    assert y.tolist() == [-3.0, 0.0, 16.0]
    np.testing.assert_allclose(
        _x().nextafter_(torch.ones(3)).numpy(), [-1.5, 1.4013e-45, 2.0], rtol=1e-4
    )
    d = _x(dtype=torch.float64)
    assert d.float_power_(2) is d and d.tolist() == [2.25, 0.0, 4.0]
    assert not hasattr(torch.Tensor, "logaddexp2_")


@pytest.mark.parametrize(
    "call, text",
    [
        (
            lambda: torch.tensor(INTS).copysign_(torch.tensor(INTS)),
            "result type Float can't be cast to the desired output type Long",
        ),
        (
            lambda: _x().float_power_(2),
            "the base given to float_power_ has dtype Float but the operation's result requires "
            "dtype Double",
        ),
        (
            lambda: torch.tensor([1]).float_power_(2),
            "the base given to float_power_ has dtype Long but the operation's result requires "
            "dtype Double",
        ),
        (
            lambda: _x(requires_grad=True).copysign_(1.0),
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ),
    ],
)
def test_inplace_errors(call, text):
    with pytest.raises(RuntimeError) as info:
        call()
    assert str(info.value) == text


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: torch.logaddexp2(torch.tensor(INTS), torch.tensor(INTS)),
            NotImplementedError,
            "\"logaddexp2_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: torch.nextafter(torch.tensor(INTS), torch.tensor(INTS)),
            NotImplementedError,
            "\"nextafter_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: torch.logaddexp2(_x(), 1.0),
            TypeError,
            "logaddexp2(): argument 'other' (position 2) must be Tensor, not float",
        ),
        (
            lambda: torch.nextafter(_x(), 1.0),
            TypeError,
            "nextafter(): argument 'other' (position 2) must be Tensor, not float",
        ),
        (
            lambda: torch.ldexp(_x(), 2),
            TypeError,
            "ldexp(): argument 'other' (position 2) must be Tensor, not int",
        ),
        (
            lambda: torch.ldexp(2.0, _x()),
            TypeError,
            "ldexp(): argument 'input' (position 1) must be Tensor, not float",
        ),
        (
            lambda: torch.copysign(2.0, _x()),
            TypeError,
            "copysign() received an invalid combination of arguments - got (float, Tensor), but "
            "expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor "
            "input, Number other, *, Tensor out = None)\n",
        ),
        (
            lambda: torch.copysign(_x(), "a"),
            TypeError,
            "copysign() received an invalid combination of arguments - got (Tensor, str), but "
            "expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor "
            "input, Number other, *, Tensor out = None)\n",
        ),
        (
            lambda: torch.copysign(_x(), torch.ones(2)),
            RuntimeError,
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
            "dimension 0",
        ),
        (
            lambda: torch.nextafter(_x(), torch.ones(2)),
            RuntimeError,
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
            "dimension 0",
        ),
    ],
)
def test_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


# --- graph: names and gradients PyTorch gives -----------------------------------------------------


def test_grad_fn_names():
    x = _x(requires_grad=True)
    i = torch.tensor(INTS)
    assert type(torch.copysign(x, -1.0).grad_fn).__name__ == "CopysignBackward1"
    assert type(torch.copysign(x, i).grad_fn).__name__ == "CopysignBackward0"
    assert type(torch.logaddexp2(x, x).grad_fn).__name__ == "Logaddexp2Backward0"
    assert type(torch.nextafter(x, x).grad_fn).__name__ == "NextafterBackward0"
    assert type(torch.ldexp(x, i).grad_fn).__name__ == "LdexpBackward0"
    assert torch.ldexp(x, i).grad_fn.next_functions[1] == (None, 0)


def test_gradients_pytorch_gives():
    x = _x(dtype=torch.float64, requires_grad=True)
    e = torch.tensor([0.5, 0.0, 1.5], dtype=torch.float64, requires_grad=True)
    torch.nextafter(x, e).backward(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64))
    assert x.grad.tolist() == [1.0, 0.0, 3.0] and e.grad.tolist() == [0.0, 0.0, 0.0]
    x.grad = e.grad = None
    torch.copysign(x, e).sum().backward()
    assert x.grad.tolist() == [-1.0, 0.0, 1.0] and e.grad.tolist() == [0.0, 0.0, 0.0]
    x.grad = None
    torch.copysign(x, -2.0).sum().backward()
    assert x.grad.tolist() == [1.0, 0.0, -1.0]
    x.grad = e.grad = None
    torch.ldexp(x, torch.tensor([0.5, -1.0, 1.5], dtype=torch.float64)).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.41421356, 0.5, 2.82842712], rtol=1e-8)


# --- comparisons: torch.* aliases and in-place forms ----------------------------------------------

X, I, B = [-1.5, 0.0, 2.0], [1, 0, 3], [True, False, True]


@pytest.mark.parametrize(
    "call, values, dtype",
    [
        (lambda x, i, b: x.eq_(0.0), [0.0, 1.0, 0.0], torch.float32),
        (lambda x, i, b: x.lt_(i), [1.0, 0.0, 1.0], torch.float32),
        (lambda x, i, b: i.ge_(x), [1, 1, 1], torch.int64),
        (lambda x, i, b: b.gt_(0), [True, False, True], torch.bool),
        (lambda x, i, b: x.not_equal_(0), [1.0, 0.0, 1.0], torch.float32),
        (lambda x, i, b: x.greater_equal_(0), [0.0, 1.0, 1.0], torch.float32),
        (lambda x, i, b: x.less_(0), [1.0, 0.0, 0.0], torch.float32),
        (lambda x, i, b: x.logical_and_(i), [1.0, 0.0, 1.0], torch.float32),
        (lambda x, i, b: i.logical_or_(b), [1, 0, 1], torch.int64),
        (lambda x, i, b: b.logical_xor_(b), [False, False, False], torch.bool),
        (lambda x, i, b: i.bitwise_and_(2), [0, 0, 2], torch.int64),
        (lambda x, i, b: i.bitwise_not_(), [-2, -1, -4], torch.int64),
        (lambda x, i, b: b.bitwise_or_(b), [True, False, True], torch.bool),
        (lambda x, i, b: i.floor_divide_(2), [0, 0, 1], torch.int64),
        (lambda x, i, b: torch.greater(x, 0), [False, False, True], torch.bool),
        (lambda x, i, b: torch.less_equal(x, i), [True, True, True], torch.bool),
        (lambda x, i, b: torch.not_equal(x, 0), [True, False, True], torch.bool),
        (lambda x, i, b: torch.greater_equal(i, 1), [True, False, True], torch.bool),
        (lambda x, i, b: torch.less(i, x), [False, False, False], torch.bool),
    ],
)
def test_comparison_forms(call, values, dtype):
    x, i, b = torch.tensor(X), torch.tensor(I), torch.tensor(B)
    out = call(x, i, b)
    assert out.dtype is dtype and out.tolist() == values


@pytest.mark.parametrize(
    "call, text",
    [
        (
            lambda x: x.eq_(torch.ones(2)),
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
            "dimension 0",
        ),
        (
            lambda x: x.eq_(torch.ones(2, 3)),
            "output with shape [3] doesn't match the broadcast shape [2, 3]",
        ),
        (
            lambda x: torch.tensor(I).floor_divide_(0.5),
            "result type Float can't be cast to the desired output type Long",
        ),
        (
            lambda x: x.requires_grad_().eq_(1),
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ),
        (
            lambda x: torch.tensor(X).bitwise_xor_(torch.tensor(I)),
            "\"bitwise_xor_cpu\" not implemented for 'Float'",
        ),
    ],
)
def test_comparison_inplace_errors(call, text):
    with pytest.raises((RuntimeError, NotImplementedError)) as info:
        call(torch.tensor(X))
    assert str(info.value) == text


def test_inplace_comparison_is_a_step_in_the_graph():
    x = torch.tensor(X, requires_grad=True)
    other = torch.zeros(3, requires_grad=True)
    y = x.clone()
    y.lt_(other)
    assert type(y.grad_fn).__name__ == "LtBackward1"
    (y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0] and other.grad.tolist() == [0.0, 0.0, 0.0]
    y = torch.tensor(X, requires_grad=True).clone()
    y.ge_(1)
    assert type(y.grad_fn).__name__ == "GeBackward0" and y.tolist() == [0.0, 0.0, 1.0]


# --- a second backward without retain_graph: PyTorch raises where its node saved something -------


def _leaf(*shape):
    return (torch.arange(1.0, 1.0 + np.prod(shape), dtype=torch.float64) / 4).reshape(shape)


F = torch.nn.functional

# name -> (op of a fresh leaf, whether PyTorch 2.13 raises on the second backward)
SECOND_BACKWARD = {
    "sgn": (lambda x: x.sgn(), (3,), True),
    "angle": (lambda x: x.angle(), (3,), True),
    "frexp": (lambda x: torch.frexp(x)[0], (3,), True),
    "avg_pool1d": (lambda x: F.avg_pool1d(x, 2), (1, 1, 4), True),
    "avg_pool2d": (lambda x: F.avg_pool2d(x, 2), (1, 1, 4, 4), True),
    "avg_pool3d": (lambda x: F.avg_pool3d(x, 2), (1, 1, 4, 4, 4), True),
    "adaptive_avg_pool1d": (lambda x: F.adaptive_avg_pool1d(x, 2), (1, 1, 4), True),
    "adaptive_avg_pool2d": (lambda x: F.adaptive_avg_pool2d(x, 2), (1, 1, 4, 4), True),
    "trapezoid": (lambda x: torch.trapezoid(x), (4,), False),
    "trapezoid_dx": (lambda x: torch.trapezoid(x, dx=0.5), (4,), False),
    "trapz": (lambda x: torch.trapz(x), (4,), False),
    "cumulative_trapezoid": (lambda x: torch.cumulative_trapezoid(x), (4,), False),
    "cumulative_trapezoid_dx": (lambda x: torch.cumulative_trapezoid(x, dx=2), (4,), False),
    "trapezoid_x": (lambda x: torch.trapezoid(x, x * 1), (4,), True),
    "sign": (lambda x: x.sign(), (3,), False),
    "mul_number": (lambda x: x * 2, (3,), True),
    "sub_number": (lambda x: x - 2, (3,), False),
    "max_pool2d": (lambda x: F.max_pool2d(x, 2), (1, 1, 4, 4), True),
    "copysign": (lambda x: torch.copysign(x, -1.0), (3,), True),
    "nextafter": (lambda x: torch.nextafter(x, x), (3,), True),
    "slice_scatter": (lambda x: torch.slice_scatter(x, x[:2] * 1, 0, 0, 2), (4,), True),
    "select_scatter": (lambda x: torch.select_scatter(x, x[0] * 1, 0, 0), (2, 2), True),
}


@pytest.mark.parametrize("name", sorted(SECOND_BACKWARD))
def test_second_backward_raises_where_pytorch_does(name):
    op, shape, raises = SECOND_BACKWARD[name]
    y = op(_leaf(*shape).requires_grad_())
    y.sum().backward()
    if not raises:
        y.sum().backward()
        return
    with pytest.raises(RuntimeError) as info:
        y.sum().backward()
    assert str(info.value).startswith("Trying to backward through the graph a second time")
