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

EPS = 1e-6

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


def _numeric_gradients(f, arrays, weights):
    """d/dx sum(f(*arrays) * weights) for each array, by central differences."""
    grads = []
    for i, x in enumerate(arrays):
        g = np.zeros_like(x)
        for index in np.ndindex(x.shape):
            hi, lo = [a.copy() for a in arrays], [a.copy() for a in arrays]
            hi[i][index] += EPS
            lo[i][index] -= EPS
            g[index] = (np.sum(f(*hi) * weights) - np.sum(f(*lo) * weights)) / (2 * EPS)
        grads.append(g)
    return grads


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
    expected = _numeric_gradients(_on_arrays(op), [xa, xb], weights)
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
    (expected,) = _numeric_gradients(_on_arrays(op), [x], weights)
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
    expected = _numeric_gradients(
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
    want_a, want_b = _numeric_gradients(_on_arrays(op), [xa, xb], weights)
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
