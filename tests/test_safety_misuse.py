"""Misuse raises (or returns) what PyTorch 2.13 does: each type, text and value below was
recorded from PyTorch 2.13 (CPU) with a differential script of misuse cases run under both."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.nn import functional as F

VIEW_FLOAT_INT = (
    "view() received an invalid combination of arguments - got (float, int), but expected one "
    "of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n"
)
VIEW_TUPLE = (
    "view() received an invalid combination of arguments - got (tuple), but expected one of:\n"
    " * (torch.dtype dtype)\n"
    "      didn't match because some of the arguments have invalid types: (!tuple of (float, "
    "int)!)\n"
    " * (tuple of ints size)\n"
    "      didn't match because some of the arguments have invalid types: (!tuple of (float, "
    "int)!)\n"
)
VIEW_FLOAT = (
    "view() received an invalid combination of arguments - got (float), but expected one of:\n"
    " * (torch.dtype dtype)\n"
    "      didn't match because some of the arguments have invalid types: (!float!)\n"
    " * (tuple of ints size)\n"
    "      didn't match because some of the arguments have invalid types: (!float!)\n"
)
GRAD_X = torch.ones(1, requires_grad=True)

RAISES = {
    "uint8 300": (
        lambda: torch.tensor([300], dtype=torch.uint8),
        RuntimeError,
        "value cannot be converted to type uint8 without overflow",
    ),
    "uint8 -256": (
        lambda: torch.tensor([-256], dtype=torch.uint8),
        RuntimeError,
        "value cannot be converted to type uint8 without overflow",
    ),
    "int8 200": (
        lambda: torch.tensor([200], dtype=torch.int8),
        RuntimeError,
        "value cannot be converted to type int8 without overflow",
    ),
    "int8 -129": (
        lambda: torch.tensor(-129, dtype=torch.int8),
        RuntimeError,
        "value cannot be converted to type int8 without overflow",
    ),
    "int16 40000": (
        lambda: torch.tensor([40000], dtype=torch.int16),
        RuntimeError,
        "value cannot be converted to type int16 without overflow",
    ),
    "int32 2**31": (
        lambda: torch.tensor([2**31], dtype=torch.int32),
        RuntimeError,
        "value cannot be converted to type int32 without overflow",
    ),
    "int64 2**63": (lambda: torch.tensor([2**63]), ValueError, "Overflow when unpacking long long"),
    "uint8 -1.5": (
        lambda: torch.tensor([-1.5], dtype=torch.uint8),
        RuntimeError,
        "value cannot be converted to type uint8 without overflow",
    ),
    "div round": (
        lambda: torch.tensor([1.0, 2.5]).div(2, rounding_mode="round"),
        RuntimeError,
        "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'",
    ),
    "view(2.0, 3)": (lambda: torch.arange(6.0).view(2.0, 3), TypeError, VIEW_FLOAT_INT),
    "view((2.0, 3))": (lambda: torch.arange(6.0).view((2.0, 3)), TypeError, VIEW_TUPLE),
    "view(6.0)": (lambda: torch.arange(6.0).view(6.0), TypeError, VIEW_FLOAT),
    "view(True, 6)": (
        lambda: torch.arange(6.0).view(True, 6),
        TypeError,
        VIEW_FLOAT_INT.replace("(float, int)", "(bool, int)"),
    ),
    "view(2, 3.5)": (
        lambda: torch.arange(6.0).view(2, 3.5),
        TypeError,
        "view(): argument 'size' failed to unpack the object at pos 2 with error \"type must "
        'be tuple of ints,but got float"',
    ),
    "reshape(2.0, 3)": (
        lambda: torch.arange(6.0).reshape(2.0, 3),
        TypeError,
        "reshape() takes 1 positional argument but 2 were given",
    ),
    "reshape((2.0, 3))": (
        lambda: torch.arange(6.0).reshape((2.0, 3)),
        TypeError,
        "reshape(): argument 'shape' (position 1) must be tuple of ints, but found element of "
        "type float at pos 0",
    ),
    "reshape(6.0)": (
        lambda: torch.arange(6.0).reshape(6.0),
        TypeError,
        "reshape(): argument 'shape' (position 1) must be tuple of ints, not float",
    ),
    "grad() empty inputs": (
        lambda: torch.autograd.grad((GRAD_X * 2).sum(), []),
        RuntimeError,
        "`inputs` argument to `grad()` cannot be empty.",
    ),
    "arange bound": (
        lambda: torch.arange(0, 10, -1),
        RuntimeError,
        "upper bound and lower bound inconsistent with step sign",
    ),
    "arange inf": (lambda: torch.arange(0, math.inf), RuntimeError, "unsupported range: 0 -> inf"),
    "arange nan": (lambda: torch.arange(0, math.nan), RuntimeError, "unsupported range: 0 -> nan"),
    "<< float": (
        lambda: torch.tensor([1.0]) << 2,
        NotImplementedError,
        "\"lshift_cpu\" not implemented for 'Float'",
    ),
    ">> float": (
        lambda: torch.tensor([1.0]) >> 1,
        NotImplementedError,
        "\"rshift_cpu\" not implemented for 'Float'",
    ),
    "fmax number": (
        lambda: torch.fmax(torch.tensor([1.0]), 2),
        TypeError,
        "fmax(): argument 'other' (position 2) must be Tensor, not int",
    ),
    "~ float": (
        lambda: ~torch.tensor([1.0]),
        TypeError,
        "~ (operator.invert) is only implemented on integer and Boolean-type tensors",
    ),
    "bitwise_not float": (
        lambda: torch.bitwise_not(torch.tensor([1.0])),
        NotImplementedError,
        "\"bitwise_not_cpu\" not implemented for 'Float'",
    ),
    "& double": (
        lambda: torch.tensor([1.0], dtype=torch.float64) & 1,
        NotImplementedError,
        "\"bitwise_and_cpu\" not implemented for 'Double'",
    ),
    "| float": (
        lambda: torch.tensor([1.0]) | torch.tensor([1.0]),
        NotImplementedError,
        "\"bitwise_or_cpu\" not implemented for 'Float'",
    ),
    # siblings found after the first round, recorded from PyTorch 2.13 the same way
    "full uint8 overflow": (
        lambda: torch.full((2,), 300, dtype=torch.uint8),
        RuntimeError,
        "value cannot be converted to type uint8_t without overflow",
    ),
    "full int32 overflow": (
        lambda: torch.full((1,), 2**40, dtype=torch.int32),
        RuntimeError,
        "value cannot be converted to type int without overflow",
    ),
    "full int64 nan": (
        lambda: torch.full((1,), float("nan"), dtype=torch.int64),
        RuntimeError,
        "value cannot be converted to type int64_t without overflow",
    ),
    "numel of an int": (
        lambda: torch.numel(1),
        TypeError,
        "numel(): argument 'input' (position 1) must be Tensor, not int",
    ),
    "normal negative std": (
        lambda: torch.normal(0.0, -1.0, size=(2,)),
        RuntimeError,
        "normal expects std >= 0.0, but found std -1",
    ),
    "normal negative std tensor": (
        lambda: torch.normal(torch.zeros(2), torch.tensor([1.0, -1.0])),
        RuntimeError,
        "normal expects all elements of std >= 0.0",
    ),
    "string dtype": (
        lambda: torch.zeros(2, dtype="float32"),
        TypeError,
        "zeros(): argument 'dtype' must be torch.dtype, not str",
    ),
    "string dtype tensor": (
        lambda: torch.tensor([1], dtype="float32"),
        TypeError,
        "tensor(): argument 'dtype' must be torch.dtype, not str",
    ),
    "grad checks the outputs before the inputs": (
        lambda: torch.autograd.grad(torch.ones(2), [torch.ones(2)]),
        RuntimeError,
        "element 0 of tensors does not require grad and does not have a grad_fn",
    ),
    "abs of bool": (
        lambda: torch.abs(torch.tensor([True, False])),
        NotImplementedError,
        "\"abs_cpu\" not implemented for 'Bool'",
    ),
}


@pytest.mark.parametrize(("call", "error", "text"), RAISES.values(), ids=RAISES.keys())
def test_misuse_raises_pytorchs_error(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text
    assert type(info.value) is error


def _nan():
    return float("nan")


VALUES = {
    "uint8 -1 wraps": (lambda: torch.tensor([-1, -255], dtype=torch.uint8), [255, 1]),
    "int8 -128": (lambda: torch.tensor([-128, 127], dtype=torch.int8), [-128, 127]),
    "== None": (lambda: torch.tensor([1.0]) == None, False),  # noqa: E711
    "!= None": (lambda: torch.tensor([1.0]) != None, True),  # noqa: E711
    "== str": (lambda: torch.tensor([1.0]) == "a", False),
    "None in list": (lambda: None in [torch.tensor([1.0]), torch.tensor([2.0])], False),
    "sign nan": (lambda: torch.tensor([_nan(), -0.0, 2.0, -3.0]).sign(), [0.0, 0.0, 1.0, -1.0]),
    "sgn nan": (lambda: torch.tensor([_nan()]).sgn(), [0.0]),
    "<<": (lambda: torch.tensor([1, 2]) << 2, [4, 8]),
    ">> tensor": (lambda: torch.tensor([8, 16]) >> torch.tensor([1, 2]), [4, 4]),
    "1 << t": (lambda: 1 << torch.tensor([1, 2]), [2, 4]),
    "<< 40 (int32)": (lambda: torch.tensor([1, -8], dtype=torch.int32) << 40, [0, 0]),
    ">> 40 (int32)": (lambda: torch.tensor([1, -8], dtype=torch.int32) >> 40, [0, -1]),
    "<< -1": (lambda: torch.tensor([1, -8], dtype=torch.int32) << -1, [0, 0]),
    "bool << 1": (lambda: torch.tensor([True, False]) << torch.tensor([1]), [2, 0]),
    "bitwise_left_shift": (lambda: torch.bitwise_left_shift(torch.tensor([1]), 3), [8]),
    "bitwise_right_shift": (lambda: torch.bitwise_right_shift(torch.tensor([-9]), 1), [-5]),
    "fmax": (
        lambda: torch.fmax(torch.tensor([1.0, _nan(), 4.0]), torch.tensor([_nan(), 2.0, 3.0])),
        [1.0, 2.0, 4.0],
    ),
    "fmin": (
        lambda: torch.fmin(torch.tensor([1.0, _nan(), 4.0]), torch.tensor([_nan(), 2.0, 3.0])),
        [1.0, 2.0, 3.0],
    ),
    "fmax int": (lambda: torch.fmax(torch.tensor([1, 5]), torch.tensor([3, 2])), [3, 5]),
    "float16 norm overflows": (
        lambda: torch.full((4,), 60000.0, dtype=torch.float16).norm(),
        math.inf,
    ),
    "mean of empty": (lambda: torch.tensor([]).mean(), _nan()),
    "mean of empty rows": (lambda: torch.zeros(0, 3).mean(0), [_nan()] * 3),
}


def _same(value, expected) -> bool:
    if isinstance(value, torch.Tensor):
        value = value.tolist()
    if isinstance(value, list):
        return len(value) == len(expected) and all(_same(v, e) for v, e in zip(value, expected))
    if isinstance(expected, float) and math.isnan(expected):
        return math.isnan(value)
    return value == expected and type(value) is type(expected)


@pytest.mark.parametrize(("call", "expected"), VALUES.values(), ids=VALUES.keys())
def test_misuse_gives_pytorchs_value_without_numpy_warnings(call, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = call()
    assert _same(value, expected)


def test_the_dof_warning_of_an_empty_var_comes_alone():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(torch.tensor([]).var().item())
    assert [str(w.message) for w in caught] == [
        "var(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "reduction factor (input numel divided by output numel)."
    ]


def test_fmax_and_fmin_gradients():
    nan = _nan()
    a = torch.tensor([1.0, nan, 3.0, 2.0], requires_grad=True)
    b = torch.tensor([nan, 2.0, 3.0, 5.0], requires_grad=True)
    out = torch.fmax(a, b)
    assert out.grad_fn.name() == "FmaxBackward0"
    out.sum().backward()
    assert (a.grad.tolist(), b.grad.tolist()) == ([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0])
    a.grad = b.grad = None
    out = torch.fmin(a, b)
    assert out.grad_fn.name() == "FminBackward0"
    out.sum().backward()
    assert (a.grad.tolist(), b.grad.tolist()) == ([1.0, 0.0, 1.0, 1.0], [0.0, 1.0, 0.0, 0.0])
    c = torch.tensor([[1.0, 4.0]], dtype=torch.float64, requires_grad=True)
    d = torch.tensor([2.0], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(torch.fmax, (c, d))  # away from ties: finite differences


def test_in_place_shifts():
    t = torch.tensor([1, 2])
    t <<= 1
    assert t.tolist() == [2, 4] and t._version == 1
    t >>= torch.tensor([1, 2])
    assert t.tolist() == [1, 1]


def test_backward_with_a_non_leaf_input_fills_its_grad():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    z = (y * 3).sum()
    z.backward(inputs=[y], retain_graph=True)
    assert y.grad.tolist() == [3.0, 3.0] and x.grad is None and y.retains_grad
    z.backward(inputs=[y, x])
    assert y.grad.tolist() == [6.0, 6.0] and x.grad.tolist() == [6.0, 6.0]


def test_where_wants_a_bool_condition():
    with pytest.raises(RuntimeError) as info:
        torch.where(torch.tensor([1, 0]), torch.zeros(2), torch.ones(2))
    assert str(info.value) == (
        "where expected condition to be a boolean tensor, but got a tensor with dtype Long"
    )
    with pytest.warns(UserWarning, match="^where received a uint8 condition tensor"):
        out = torch.where(torch.tensor([1, 0], dtype=torch.uint8), torch.zeros(2), torch.ones(2))
    assert out.tolist() == [0.0, 1.0]


def test_resize_():
    x = torch.arange(6.0)
    assert x.resize_(2, 2) is x and x.tolist() == [[0.0, 1.0], [2.0, 3.0]] and x._version == 1
    x = torch.arange(3.0)
    assert x.resize_((5,)).shape == (5,) and x[:3].tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(RuntimeError, match="^cannot resize variables that require grad$"):
        torch.ones(2, requires_grad=True).resize_(3)


def test_full_wraps_a_negative_into_an_unsigned_type_as_pytorch():
    assert torch.full((2,), -1, dtype=torch.uint8).tolist() == [255, 255]
    assert torch.full((1,), 1.5, dtype=torch.int8).tolist() == [1]


# --- siblings found against PyTorch 2.13 (session 10): autograd inputs, Function gradients, hooks


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (lambda x: (x * 2).sum().backward(inputs=[]), "`inputs` argument to `backward()` cannot be empty."),
        (lambda x: torch.autograd.backward((x * 2).sum(), inputs=()), "`inputs` argument to `backward()` cannot be empty."),
        (lambda x: (x * 2).sum().backward(inputs=[torch.ones(3)]), "can't retain_grad on Tensor that has requires_grad=False"),
        (lambda x: torch.autograd.backward((x * 2).sum(), inputs=[1]), "all inputs have to be Tensors or GradientEdges, but got int"),
        (lambda x: torch.autograd.grad((x * 2).sum(), [x, "a"]), "all inputs have to be Tensors or GradientEdges, but got str"),
    ],
)  # fmt: skip
def test_backward_and_grad_check_their_inputs_as_pytorch(call, text):
    x = torch.ones(3, requires_grad=True)
    with pytest.raises(RuntimeError) as caught:
        call(x)
    assert str(caught.value) == text
    assert x.grad is None


def test_a_function_gradient_of_another_type_is_named_as_pytorch():
    class Twice(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, grad):
            return np.ones(3)

    x = torch.ones(3, requires_grad=True)
    with pytest.raises(RuntimeError) as caught:
        Twice.apply(x).sum().backward()
    assert str(caught.value) == "expected Variable or None (got numpy.ndarray)"  # PyTorch 2.13
    assert x.grad is None


def test_post_accumulate_grad_hooks_run_after_each_accumulation_as_pytorch():
    x = torch.ones(2, requires_grad=True)
    seen = []
    x.register_hook(lambda g: seen.append("pre"))
    handle = x.register_post_accumulate_grad_hook(lambda p: seen.append(p.grad.tolist()))
    (x * 3).sum().backward()
    (x * 3).sum().backward()
    torch.autograd.grad((x * 2).sum(), x)  # no accumulation: no call (PyTorch 2.13)
    (x * 2).sum().backward(inputs=[x])  # accumulates: a call
    handle.remove()
    (x * 3).sum().backward()
    assert seen == ["pre", [3.0, 3.0], "pre", [6.0, 6.0], "pre", "pre", [8.0, 8.0], "pre"]


def test_post_accumulate_grad_hook_stepping_an_optimizer_in_backward():
    w = torch.ones(3, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)

    def step(p):
        opt.step()
        opt.zero_grad()

    w.register_post_accumulate_grad_hook(step)
    (w * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert w.tolist() == pytest.approx([0.9, 0.8, 0.7]) and w.grad is None  # PyTorch 2.13


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (lambda: torch.ones(2), "cannot register a hook on a tensor that doesn't require gradient"),
        (lambda: torch.ones(2, requires_grad=True) * 2, "post accumulate grad hooks cannot be registered on non-leaf tensors"),
    ],
)  # fmt: skip
def test_post_accumulate_grad_hook_refusals_as_pytorch(make, text):
    with pytest.raises(RuntimeError) as caught:
        make().register_post_accumulate_grad_hook(lambda p: None)
    assert str(caught.value) == text


def test_a_post_accumulate_grad_hook_must_return_none():
    x = torch.ones(2, requires_grad=True)
    x.register_post_accumulate_grad_hook(lambda p: p.grad.mul_(2))
    with pytest.raises(RuntimeError) as caught:
        (x * 2).sum().backward()
    assert str(caught.value) == "Tensor post accumulate grad hooks should return None."
    assert x.grad is None  # all or nothing (PyTorch keeps [4., 4.]: README)


# texts and values recorded from PyTorch 2.13; `a` is arange(6.).reshape(2, 3)
NEGATIVE_INDEX = {
    "gather": lambda a: a.gather(1, torch.tensor([[-1]])),
    "scatter value": lambda a: a.scatter(1, torch.tensor([[-1]]), 1.0),
    "scatter src": lambda a: a.scatter(1, torch.tensor([[-1]]), torch.ones(1, 1)),
    "scatter_add": lambda a: a.scatter_add(1, torch.tensor([[-1]]), torch.ones(1, 1)),
    "scatter_": lambda a: a.scatter_(1, torch.tensor([[-1]]), 1.0),
    "take_along_dim": lambda a: torch.take_along_dim(a, torch.tensor([[-4]]), dim=1),
}


@pytest.mark.parametrize("name", sorted(NEGATIVE_INDEX))
def test_gather_and_scatter_refuse_a_negative_index_as_pytorch(name):
    """They used to wrap it through the flattened tensor (a[0, -1] read a[1, 2])."""
    a = torch.arange(6.0).reshape(2, 3)
    with pytest.raises(RuntimeError) as caught:
        NEGATIVE_INDEX[name](a)
    text = "index -4" if name == "take_along_dim" else "index -1"
    assert str(caught.value) == f"{text} is out of bounds for dimension 1 with size 3"
    assert a.tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]


def test_take_along_dim_counts_a_negative_index_from_the_end_as_pytorch():
    a = torch.arange(6.0).reshape(2, 3)
    assert torch.take_along_dim(a, torch.tensor([[-1]]), dim=1).tolist() == [[2.0], [5.0]]
    assert torch.take_along_dim(a, torch.tensor([[-3]]), dim=1).tolist() == [[0.0], [3.0]]


def test_integer_pow_with_negative_exponents_as_pytorch():
    base = torch.tensor([0, 0, 2, -2, -1, -1, 1, 5])
    exponent = torch.tensor([-1, -2, -1, -1, -3, -2, -5, 0])
    assert base.pow(exponent).tolist() == [0, 0, 0, 0, -1, 1, 1, 1]
    assert (2 ** torch.tensor([-1, 2])).tolist() == [0, 4]
    small = torch.tensor([2, 3], dtype=torch.int8)
    out = small.pow(torch.tensor([-1, 2], dtype=torch.int8))
    assert out.tolist() == [0, 9] and out.dtype is torch.int8
    in_place = torch.tensor([2, 3])
    in_place.pow_(torch.tensor([-1, 1]))
    assert in_place.tolist() == [0, 3]


@pytest.mark.parametrize(
    ("call", "error", "text"),
    [
        (lambda: torch.arange(6.0).mean(dtype=torch.int64), RuntimeError, "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: Long"),
        (lambda: bool(torch.tensor([])), RuntimeError, "Boolean value of Tensor with no values is ambiguous"),
        (lambda: torch.randint(5, 2), TypeError, "randint(): argument 'size' (position 2) must be tuple of ints, not int"),
        (lambda: torch.randint(5), TypeError, "randint() received an invalid combination of arguments - got (int), but expected one of:\n * (int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (int low, int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"),
    ],
    ids=["mean dtype", "bool empty", "randint int size", "randint no size"],
)  # fmt: skip
def test_more_misuse_texts_as_pytorch(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text


@pytest.mark.parametrize(
    "change",
    [
        lambda x: x.add_(1),
        lambda x: x.zero_(),
        lambda x: x[0].add_(1),
        lambda x: x.t_(),
    ],
    ids=["add_", "zero_", "a view of it", "t_"],
)
def test_a_view_made_a_leaf_that_requires_grad_refuses_in_place_changes(change):
    x = torch.arange(6.0).reshape(2, 3)  # a view of arange's result
    x.requires_grad_()
    with pytest.raises(RuntimeError) as caught:
        change(x)
    assert str(caught.value) == (  # PyTorch 2.13
        "a view of a leaf Variable that requires grad is being used in an in-place operation."
    )
    assert x._version == 0 and x.shape == (2, 3)
    with torch.no_grad():
        x.add_(1)
    assert x.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]


@pytest.mark.parametrize(
    ("call", "error", "text"),
    [
        (lambda x: torch.ones(2, 2, 2).t_(), RuntimeError, "t_() expects a tensor with <= 2 dimensions, but self is 3D"),
        (lambda x: x.copy_([1, 2, 3]), TypeError, "copy_(): argument 'other' (position 1) must be Tensor, not list"),
        (lambda x: x.fill_("a"), TypeError, "fill_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor value)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number value)\n      didn't match because some of the arguments have invalid types: (!str!)\n"),
    ],
    ids=["t_", "copy_", "fill_"],
)  # fmt: skip
def test_in_place_argument_errors_as_pytorch(call, error, text):
    x = torch.arange(6.0).reshape(2, 3)
    with pytest.raises(error) as caught:
        call(x)
    assert str(caught.value) == text
    assert x._version == 0


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (lambda: torch.tensor([float("inf")], dtype=torch.int32), "value cannot be converted to type int32 without overflow"),
        (lambda: torch.full((1,), float("-inf"), dtype=torch.int64), "value cannot be converted to type int64_t without overflow"),
        (lambda: torch.zeros(1, dtype=torch.int8).fill_(300), "value cannot be converted to type int8_t without overflow"),
        (lambda: torch.zeros(1, dtype=torch.uint8).fill_(-1.0), "value cannot be converted to type uint8_t without overflow"),
        (lambda: torch.zeros(1, dtype=torch.int64).fill_(float("inf")), "value cannot be converted to type int64_t without overflow"),
        (lambda: torch.zeros(1, dtype=torch.int64).masked_fill(torch.tensor([True]), float("nan")), "value cannot be converted to type int64_t without overflow"),
        (lambda: torch.zeros(2, dtype=torch.int32).index_fill(0, torch.tensor([0]), float("inf")), "value cannot be converted to type int without overflow"),
    ],
)  # fmt: skip
def test_a_number_out_of_an_integer_dtypes_range_is_refused_as_pytorch(call, text):
    with pytest.raises(RuntimeError) as caught:
        call()
    assert str(caught.value) == text


def test_numbers_in_range_are_stored_as_pytorch():
    assert torch.zeros(1, dtype=torch.uint8).fill_(-1).tolist() == [255]  # c10's wrap-around
    assert torch.zeros(1, dtype=torch.int64).fill_(2.7).tolist() == [2]


@pytest.mark.parametrize(
    ("array", "error", "text"),
    [
        (np.arange(3, dtype=">f4"), ValueError, "given numpy array has byte order different from the native byte order. Conversion between byte orders is currently not supported."),
        (np.array([1, "a"], dtype=object), TypeError, "can't convert np.ndarray of type numpy.object_. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool."),
        (np.array(["a"]), TypeError, "can't convert np.ndarray of type numpy.str_. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool."),
    ],
    ids=["big endian", "object", "str"],
)  # fmt: skip
def test_numpy_arrays_no_tensor_holds_are_refused_as_pytorch(array, error, text):
    for convert in (torch.from_numpy, torch.tensor, torch.as_tensor):
        with pytest.raises(error) as caught:
            convert(array)
        assert str(caught.value) == text


# PyTorch 2.13: an integer arange with fractional arguments (int64 truncates all three first)
INTEGER_ARANGE = {
    (torch.int64, (0, 2.5)): [0, 1],
    (torch.int64, (-0.5, 3, 1)): [0, 1, 2],
    (torch.int64, (0, 3, 1.5)): [0, 1, 2],
    (torch.int64, (2.9,)): [0, 1],
    (torch.int32, (0, 2.5)): [0, 1, 2],
    (torch.int32, (1, 2.5, 0.5)): [1, 1, 1],
    (torch.int16, (-0.5, 3, 1)): [0, 1, 2, 3],
    (torch.uint8, (0, 3, 1.5)): [0, 1],
    (torch.int32, (0, 5, 0.9)): [0, 0, 0, 0, 0, 0],
}


@pytest.mark.parametrize("key", list(INTEGER_ARANGE), ids=str)
def test_integer_arange_with_fractional_arguments_as_pytorch(key):
    dtype, args = key
    out = torch.arange(*args, dtype=dtype)
    assert out.dtype is dtype and out.tolist() == INTEGER_ARANGE[key]


def test_an_int64_arange_whose_step_truncates_to_zero_is_refused():
    with pytest.raises(ValueError, match="^step must be nonzero$"):  # PyTorch 2.13
        torch.arange(1, 2.5, 0.5, dtype=torch.int64)


@pytest.mark.parametrize(
    ("call", "error", "text"),
    [
        (lambda: torch.tensor([True]).relu(), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: torch.tensor([True]).relu_(), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: torch.nn.functional.relu(torch.tensor([True])), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: torch.nn.functional.leaky_relu(torch.tensor([-7])), NotImplementedError, "\"leaky_relu_cpu\" not implemented for 'Long'"),
        (lambda: torch.nn.functional.leaky_relu(torch.tensor([True])), NotImplementedError, "\"leaky_relu_cpu\" not implemented for 'Bool'"),
    ],
)  # fmt: skip
def test_activations_refuse_dtypes_as_pytorch(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text


def test_narrowing_casts_are_silent_as_pytorch():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NumPy's "invalid value encountered in cast" leaked
        assert torch.tensor([70000.0]).half().tolist() == [math.inf]
        torch.tensor([math.nan]).long()  # the value is unspecified in PyTorch too
        torch.tensor([1e10]).to(torch.int32)


def test_data_of_a_tensor_that_requires_grad_stays_floating():
    x = torch.ones(3, requires_grad=True)
    with pytest.raises(RuntimeError) as caught:
        x.data = torch.ones(3, dtype=torch.int64)
    assert str(caught.value) == (  # PyTorch 2.13
        "data set to a tensor that requires gradients must be floating point or complex dtype"
    )
    assert x.dtype is torch.float32
    y = torch.ones(3)
    y.data = torch.ones(3, dtype=torch.int64)  # no grad: allowed, as in PyTorch
    assert y.dtype is torch.int64


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (lambda: F.binary_cross_entropy(torch.full((2,), 0.5), torch.tensor([2.0, 0.0])), "all elements of target should be between 0 and 1"),
        (lambda: F.binary_cross_entropy(torch.tensor([math.nan]), torch.tensor([1.0])), "all elements of input should be between 0 and 1"),
        (lambda: F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(2, 3), pos_weight=torch.ones(2)), "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"),
        (lambda: F.linear(torch.tensor(1.0), torch.ones(1, 2)), "both arguments to linear need to be at least 1D, but they are 0D and 2D"),
    ],
    ids=["bce target", "bce nan input", "pos_weight", "linear 0-d"],
)  # fmt: skip
def test_loss_and_linear_checks_as_pytorch(call, text):
    """The BCE target used to be taken as it came (a silently wrong loss)."""
    with pytest.raises(RuntimeError) as caught:
        call()
    assert str(caught.value) == text
