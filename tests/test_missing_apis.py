"""Functions PyTorch 2.13 has that autograd_nb lacked: copysign, logaddexp2, nextafter, ldexp,
float_power_, the comparisons' torch.* aliases and in-place forms, the in-place logical and
bitwise ops, floor_divide_. Every expected value, dtype, name and text was recorded from
PyTorch 2.13 (CPU); gradients by finite differences are in test_binary_table.py."""

import numpy as np
import pytest

import autograd_nb as torch


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


def test_trapezoid_of_integers_is_a_float():
    out = torch.trapezoid(torch.tensor([1, 2]))
    assert out.dtype is torch.float32 and out.item() == 1.5
    assert torch.cumulative_trapezoid(torch.tensor([1, 2, 4])).tolist() == [1.5, 4.5]


def test_trapezoid_nodes_are_pytorchs():
    y = _leaf(4).requires_grad_()
    out = torch.trapezoid(y)
    names = [type(out.grad_fn).__name__]
    names += [type(f).__name__ for f, _ in out.grad_fn.next_functions[0][0].next_functions]
    assert names == ["MulBackward1", "SumBackward1", "MulBackward1"]
    out = torch.cumulative_trapezoid(y)
    assert type(out.grad_fn.next_functions[0][0]).__name__ == "MulBackward1"


def test_frexp_saves_its_exponent():
    x = torch.tensor([1.5, -2.0], requires_grad=True)
    mantissa, _ = torch.frexp(x)
    assert mantissa.grad_fn._saved_exponent.tolist() == [1, 2]
    mantissa.sum().backward()
    assert x.grad.tolist() == [0.5, 0.25]


# --- argument errors: a method counts its positions after self, as PyTorch's parser does --------

_ONES = torch.ones(2)

ARGUMENT_ERRORS = [
    (lambda: _ONES.add("a"), "add(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: torch.add(_ONES, "a"), "add(): argument 'other' (position 2) must be Tensor, not str"),
    (lambda: _ONES.mul("a"), "mul(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: _ONES.sub("a"), "sub(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: _ONES.div("a"), "div(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: _ONES.matmul("a"), "matmul(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: _ONES.add_("a"), "add_(): argument 'other' (position 1) must be Tensor, not str"),
    (lambda: _ONES.mul_("a"), "mul_(): argument 'other' (position 1) must be Tensor, not str"),
    (
        lambda: _ONES.logical_and("a"),
        "logical_and(): argument 'other' (position 1) must be Tensor, not str",
    ),
    (lambda: _ONES.atan2("a"), "atan2(): argument 'other' (position 1) must be Tensor, not str"),
    (
        lambda: torch.atan2(_ONES, "a"),
        "atan2(): argument 'other' (position 2) must be Tensor, not str",
    ),
    (lambda: _ONES.hypot(2.0), "hypot(): argument 'other' (position 1) must be Tensor, not float"),
    (
        lambda: _ONES.maximum(1.0),
        "maximum(): argument 'other' (position 1) must be Tensor, not float",
    ),
    (
        lambda: torch.maximum(_ONES, 1.0),
        "maximum(): argument 'other' (position 2) must be Tensor, not float",
    ),
    (lambda: _ONES.ldexp("a"), "ldexp(): argument 'other' (position 1) must be Tensor, not str"),
    (
        lambda: _ONES.nextafter(1.0),
        "nextafter(): argument 'other' (position 1) must be Tensor, not float",
    ),
    (lambda: _ONES.dot("a"), "dot(): argument 'tensor' (position 1) must be Tensor, not str"),
    (
        lambda: _ONES.index_select(0, "a"),
        "index_select(): argument 'index' (position 2) must be Tensor, not str",
    ),
    (
        lambda: _ONES.gather(0, "a"),
        "gather(): argument 'index' (position 2) must be Tensor, not str",
    ),
    (lambda: _ONES.outer("a"), "outer(): argument 'vec2' (position 1) must be Tensor, not str"),
    (lambda: _ONES.mm("a"), "mm(): argument 'mat2' (position 1) must be Tensor, not str"),
    (lambda: _ONES.equal("a"), "equal(): argument 'other' (position 1) must be Tensor, not str"),
    (
        lambda: _ONES.heaviside("a"),
        "heaviside(): argument 'values' (position 1) must be Tensor, not str",
    ),
    (lambda: _ONES.kron("a"), "kron(): argument 'other' (position 1) must be Tensor, not str"),
    (
        lambda: torch.index_put(torch.zeros(3, 4), [torch.tensor([0])], 5.0),
        "index_put(): argument 'values' (position 3) must be Tensor, not float",
    ),
    (
        lambda: torch.zeros(3, 4).index_put([torch.tensor([0])], 5.0),
        "index_put(): argument 'values' (position 2) must be Tensor, not float",
    ),
    (
        lambda: torch.zeros(3, 4).index_put_([torch.tensor([0])], 5.0),
        "index_put_(): argument 'values' (position 2) must be Tensor, not float",
    ),
]


@pytest.mark.parametrize("call, text", ARGUMENT_ERRORS)
def test_argument_positions_of_methods_and_functions(call, text):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == text


def test_operators_keep_pythons_text():
    with pytest.raises(TypeError) as info:
        _ONES + "a"
    assert str(info.value) == "unsupported operand type(s) for +: 'Tensor' and 'str'"
    with pytest.raises(TypeError) as info:
        _ONES @ "a"
    assert str(info.value) == "unsupported operand type(s) for @: 'Tensor' and 'str'"


# --- overload lists for ops with a Number overload; the operators keep Python's texts

OVERLOAD_ERRORS = [
    (
        "fmod",
        "method",
        "fmod() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "fmod",
        "function",
        "fmod() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "remainder",
        "method",
        "remainder() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "remainder",
        "function",
        "remainder() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !str!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "xlogy",
        "method",
        "xlogy() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "xlogy",
        "function",
        "xlogy() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "bitwise_and",
        "method",
        "bitwise_and() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "bitwise_and",
        "function",
        "bitwise_and() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !str!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "lt",
        "method",
        "lt() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "lt",
        "function",
        "lt() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "eq",
        "method",
        "eq() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "eq",
        "function",
        "eq() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
    (
        "pow",
        "method",
        "pow() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor exponent)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number exponent)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "pow",
        "function",
        "pow() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor exponent, *, Tensor out = None)\n * (Number self, Tensor exponent, *, Tensor out = None)\n * (Tensor input, Number exponent, *, Tensor out = None)\n",
    ),
    (
        "floor_divide",
        "method",
        "floor_divide() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "floor_divide",
        "function",
        "floor_divide() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n",
    ),
    (
        "copysign",
        "method",
        "copysign() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    ),
    (
        "copysign",
        "function",
        "copysign() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    ),
]
OPERATOR_ERRORS = [
    ('x < "a"', "'<' not supported between instances of 'Tensor' and 'str'"),
    ("x >= None", "'>=' not supported between instances of 'Tensor' and 'NoneType'"),
    ('x % "a"', "unsupported operand type(s) for %: 'Tensor' and 'str'"),
    ('x ** "a"', "unsupported operand type(s) for ** or pow(): 'Tensor' and 'str'"),
    ('x // "a"', "unsupported operand type(s) for //: 'Tensor' and 'str'"),
    ('x & "a"', "unsupported operand type(s) for &: 'Tensor' and 'str'"),
    ('"a" < x', "'<' not supported between instances of 'str' and 'Tensor'"),
]


@pytest.mark.parametrize("op, form, text", OVERLOAD_ERRORS)
def test_overload_errors_of_methods_and_functions(op, form, text):
    with pytest.raises(TypeError) as info:
        getattr(_ONES, op)("a") if form == "method" else getattr(torch, op)(_ONES, "a")
    assert str(info.value) == text


@pytest.mark.parametrize("expression, text", OPERATOR_ERRORS)
def test_operator_errors_are_pythons(expression, text):
    with pytest.raises(TypeError) as info:
        eval(expression, {"x": _ONES})
    assert str(info.value) == text
