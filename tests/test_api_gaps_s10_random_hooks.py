"""PyTorch APIs a learner pastes that autograd_nb lacked (s10): the random fills cauchy_,
log_normal_, geometric_ and torch.poisson on PyTorch's CPU stream, Tensor.apply_/map_, and
register_post_accumulate_grad_hook on both backward engines. Values and texts recorded from
PyTorch 2.13."""

import pytest

from tests._recorded import INF, check_recorded

# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES = [
    (
        "cauchy_f64",
        "torch.empty(5, dtype=torch.float64).cauchy_()",
        (
            "tensor",
            [
                10.597729326682297,
                0.7647672596059,
                -0.12829934208317406,
                3.93307331099465,
                0.48998891003243533,
            ],
            "float64",
            None,
        ),
    ),
    (
        "cauchy",
        "torch.empty(20).cauchy_(1.0, 2.0)[:5]",
        (
            "tensor",
            [
                22.195459365844727,
                2.5295345783233643,
                0.743401288986206,
                8.8661470413208,
                1.9799778461456299,
            ],
            "float32",
            None,
        ),
    ),
    (
        "cauchy_transposed",
        "torch.empty(3, 2).t().cauchy_()",
        (
            "tensor",
            [
                [10.597729682922363, -0.12829934060573578, 0.48998892307281494],
                [0.7647672891616821, 3.9330732822418213, 1.2988369464874268],
            ],
            "float32",
            None,
        ),
    ),
    (
        "log_normal_f64",
        "torch.empty(5, dtype=torch.float64).log_normal_()",
        (
            "tensor",
            [
                59.26341788010752,
                1.5115599370617072,
                0.03481946309690494,
                8.472812895730142,
                0.31066358117688375,
            ],
            "float64",
            None,
        ),
    ),
    (
        "log_normal",
        "torch.empty(20).log_normal_(0.5, 0.3)[:6]",
        (
            "tensor",
            [
                2.6177072525024414,
                1.5097911357879639,
                0.8575834035873413,
                1.9552720785140991,
                1.1908214092254639,
                1.083743691444397,
            ],
            "float32",
            None,
        ),
    ),
    (
        "log_normal_cached",
        "(torch.empty(3).log_normal_(), torch.empty(1).log_normal_())",
        (
            (
                "tensor",
                [59.2634162902832, 1.5115599632263184, 0.03481946140527725],
                "float32",
                None,
            ),
            ("tensor", [8.47281265258789], "float32", None),
        ),
    ),
    (
        "geometric",
        "torch.empty(5).geometric_(0.3)",
        ("tensor", [1.0, 1.0, 3.0, 1.0, 2.0], "float32", None),
    ),
    (
        "geometric_long",
        "torch.empty(3, dtype=torch.long).geometric_(0.5)",
        ("tensor", [1, 1, 2], "int64", None),
    ),
    (
        "poisson",
        "torch.poisson(torch.tensor([0.5, 3.0, 12.0, 0.0, 100.0]))",
        ("tensor", [2.0, 4.0, 13.0, 0.0, 99.0], "float32", None),
    ),
    (
        "poisson_f64",
        "torch.poisson(torch.tensor([[2.5, 40.0], [7.0, 0.1]], dtype=torch.float64))",
        ("tensor", [[6.0, 37.0], [7.0, 0.0]], "float64", None),
    ),
    (
        "poisson_generator",
        "torch.poisson(torch.tensor([4.0, 20.0]), generator=torch.Generator().manual_seed(5))",
        ("tensor", [4.0, 25.0], "float32", None),
    ),
    (
        "geometric_generator",
        "torch.empty(4).geometric_(0.2, generator=torch.Generator().manual_seed(5))",
        ("tensor", [2.0, 7.0, 5.0, 6.0], "float32", None),
    ),
    (
        "after_fills",
        "(torch.empty(2).cauchy_(), torch.poisson(torch.tensor([30.0])), torch.rand(2))",
        (
            ("tensor", [10.597729682922363, 0.7647672891616821], "float32", None),
            ("tensor", [29.0], "float32", None),
            ("tensor", [0.455627977848053, 0.6323062777519226], "float32", None),
        ),
    ),
    (
        "cauchy_long",
        "torch.empty(3, dtype=torch.long).cauchy_()",
        (
            "raises",
            "RuntimeError",
            "Cauchy distribution is a continuous probability distribution. dtype must be a floating "
            "point but you specified long int",
        ),
    ),
    (
        "cauchy_sigma",
        "torch.empty(3).cauchy_(0, -1)",
        ("raises", "RuntimeError", "cauchy_ expects sigma > 0.0, but found sigma=-1"),
    ),
    (
        "log_normal_long",
        "torch.empty(3, dtype=torch.long).log_normal_()",
        ("raises", "NotImplementedError", "\"log_normal_cpu\" not implemented for 'Long'"),
    ),
    (
        "log_normal_std",
        "torch.empty(3).log_normal_(0, 0)",
        ("raises", "RuntimeError", "log_normal_ expects std > 0.0, but found std=0"),
    ),
    (
        "geometric_p",
        "torch.empty(3).geometric_(0)",
        ("raises", "RuntimeError", "geometric_ expects p to be in (0, 1), but got p=0"),
    ),
    (
        "geometric_p_high",
        "torch.empty(3).geometric_(1.5)",
        ("raises", "RuntimeError", "geometric_ expects p to be in (0, 1), but got p=1.5"),
    ),
    (
        "geometric_bool",
        "torch.empty(3, dtype=torch.bool).geometric_(0.5)",
        ("raises", "NotImplementedError", "\"geometric_cpu\" not implemented for 'Bool'"),
    ),
    (
        "poisson_negative",
        "torch.poisson(torch.tensor([-1.0]))",
        ("raises", "RuntimeError", "invalid Poisson rate, expected rate to be non-negative"),
    ),
    (
        "poisson_long",
        "torch.poisson(torch.tensor([1]))",
        ("raises", "NotImplementedError", "\"poisson_cpu\" not implemented for 'Long'"),
    ),
    (
        "poisson_grad_fn",
        "torch.poisson(torch.ones(2, requires_grad=True))",
        ("tensor", [2.0, 3.0], "float32", "PoissonBackward0"),
    ),
    (
        "cauchy_grad_fn",
        "(torch.ones(2, requires_grad=True) * 1).cauchy_()",
        ("tensor", [10.597729682922363, 0.7647672891616821], "float32", "CauchyBackward0"),
    ),
    (
        "geometric_grad_fn",
        "(torch.ones(2, requires_grad=True) * 1).geometric_(0.5)",
        ("tensor", [1.0, 1.0], "float32", "GeometricBackward0"),
    ),
    (
        "log_normal_grad_fn",
        "(torch.ones(2, requires_grad=True) * 1).log_normal_()",
        ("tensor", [59.2634162902832, 1.5115599632263184], "float32", "LogNormalBackward0"),
    ),
    (
        "apply",
        "torch.tensor([1.0, 2.0, 3.0]).apply_(lambda v: v * 2)",
        ("tensor", [2.0, 4.0, 6.0], "float32", None),
    ),
    (
        "apply_int",
        "torch.tensor([1, 2, 3]).apply_(lambda v: v / 2)",
        ("tensor", [0, 1, 1], "int64", None),
    ),
    (
        "apply_bool",
        "torch.tensor([True, False]).apply_(lambda v: not v)",
        ("tensor", [False, True], "bool", None),
    ),
    (
        "apply_grad",
        "torch.ones(2, requires_grad=True).apply_(lambda v: v)",
        (
            "raises",
            "RuntimeError",
            "Can't call apply_() on Variable that requires grad. Use var.detach().apply_() instead.",
        ),
    ),
    (
        "apply_not_callable",
        "torch.ones(2).apply_(5)",
        ("raises", "TypeError", "'int' object is not callable"),
    ),
    (
        "apply_str",
        "torch.ones(2).apply_(lambda v: 'a')",
        ("raises", "TypeError", "must be real number, not str"),
    ),
    (
        "apply_overflow",
        "torch.ones(1, dtype=torch.uint8).apply_(lambda v: 256)",
        ("raises", "RuntimeError", "value cannot be converted to type uint8 without overflow"),
    ),
    (
        "apply_negative_uint8",
        "torch.ones(1, dtype=torch.uint8).apply_(lambda v: -1.5)",
        ("raises", "RuntimeError", "value cannot be converted to type uint8 without overflow"),
    ),
    (
        "apply_nan_int",
        "torch.ones(1, dtype=torch.int32).apply_(lambda v: float('nan'))",
        ("raises", "RuntimeError", "value cannot be converted to type int32 without overflow"),
    ),
    (
        "apply_long_overflow",
        "torch.ones(1, dtype=torch.int32).apply_(lambda v: 2 ** 70)",
        ("raises", "ValueError", "Overflow when unpacking long long"),
    ),
    (
        "apply_half",
        "torch.ones(1, dtype=torch.float16).apply_(lambda v: 1e6)",
        ("tensor", [INF], "float16", None),
    ),
    (
        "map",
        "torch.tensor([[1.0, 2.0], [3.0, 4.0]]).map_(torch.tensor([10.0, 20.0]), lambda a, b: a + b)",
        ("tensor", [[11.0, 22.0], [13.0, 24.0]], "float32", None),
    ),
    (
        "map_shape",
        "torch.ones(2).map_(torch.ones(3), lambda a, b: a)",
        (
            "raises",
            "RuntimeError",
            "The expanded size of the tensor (2) must match the existing size (3) at non-singleton "
            "dimension 0.  Target sizes: [2].  Tensor sizes: [3]",
        ),
    ),
    (
        "map_number",
        "torch.ones(2).map_(2, lambda a, b: a)",
        ("raises", "TypeError", "map_(): argument 'other' (position 1) must be Tensor, not int"),
    ),
    (
        "map_grad",
        "torch.ones(2, requires_grad=True).map_(torch.ones(2), lambda a, b: a)",
        (
            "raises",
            "RuntimeError",
            "Can't call map_() on Variable that requires grad. Use var.detach().map_() instead.",
        ),
    ),
    (
        "map_dtype",
        "torch.ones(2).map_(torch.ones(2, dtype=torch.long), lambda a, b: a + b)",
        (
            "raises",
            "TypeError",
            "map_: expected torch.FloatTensor for 'other' (got torch.LongTensor)",
        ),
    ),
]


@pytest.mark.parametrize(("expr", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


# --- register_post_accumulate_grad_hook, on both backward engines ---------------------------------

import contextlib  # noqa: E402

import autograd_nb as torch  # noqa: E402
from autograd_nb.autograd import engine  # noqa: E402

ENGINES = {"fast": contextlib.nullcontext, "reference": engine.use_reference_only}


@pytest.fixture(params=sorted(ENGINES))
def backward_engine_in_use(request):
    with ENGINES[request.param]():
        yield request.param


def test_post_accumulate_hook_sees_the_accumulated_grad(backward_engine_in_use):
    x = torch.ones(2, requires_grad=True)
    seen = []
    handle = x.register_post_accumulate_grad_hook(lambda t: seen.append((t is x, t.grad.tolist())))
    (x * 2).sum().backward()
    (x * 3).sum().backward()
    assert seen == [(True, [2.0, 2.0]), (True, [5.0, 5.0])]  # PyTorch's: after each accumulation
    handle.remove()
    (x * 3).sum().backward()
    assert len(seen) == 2 and x.grad.tolist() == [8.0, 8.0]


def test_post_accumulate_hook_may_change_grad_in_place_and_runs_after_tensor_hooks(
    backward_engine_in_use,
):
    x = torch.ones(2, requires_grad=True)
    order = []

    def scale(t):
        order.append("post")
        t.grad.mul_(10)

    x.register_post_accumulate_grad_hook(scale)
    x.register_hook(lambda g: order.append("tensor hook"))
    (x * 2).sum().backward()
    assert order == ["tensor hook", "post"] and x.grad.tolist() == [20.0, 20.0]


def test_post_accumulate_hook_is_skipped_by_autograd_grad(backward_engine_in_use):
    x = torch.ones(2, requires_grad=True)
    seen = []
    x.register_post_accumulate_grad_hook(seen.append)
    (grad,) = torch.autograd.grad((x * 2).sum(), x)
    assert grad.tolist() == [2.0, 2.0] and seen == [] and x.grad is None
    (x * 5).sum().backward(inputs=[x])
    assert seen == [x]


@pytest.mark.parametrize(
    ("result", "kind", "text"),
    [
        (5, TypeError, "expected Variable, but hook returned 'int'"),
        (torch.ones(2), RuntimeError, "Tensor post accumulate grad hooks should return None."),
    ],
)
def test_post_accumulate_hook_must_return_none(backward_engine_in_use, result, kind, text):
    x = torch.ones(2, requires_grad=True)
    x.register_post_accumulate_grad_hook(lambda t: result)
    with pytest.raises(kind) as info:
        (x * 5).sum().backward()
    assert str(info.value) == text


def test_post_accumulate_hook_only_on_leaves_that_require_grad():
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        (x * 2).register_post_accumulate_grad_hook(lambda t: None)
    assert str(info.value) == "post accumulate grad hooks cannot be registered on non-leaf tensors"
    with pytest.raises(RuntimeError) as info:
        torch.ones(2).register_post_accumulate_grad_hook(lambda t: None)
    assert str(info.value) == "cannot register a hook on a tensor that doesn't require gradient"


# --- random fills elsewhere than the recorded CPU stream ------------------------------------------


def test_random_fills_on_the_device_have_the_right_dtype_and_range(device):
    torch.manual_seed(0)
    x = torch.empty(200, device=device)
    assert bool((x.geometric_(0.5) >= 1).all()) and x.device.type == device
    assert bool((x.log_normal_() > 0).all())
    assert x.cauchy_().isfinite().all()
    counts = torch.poisson(torch.full((200,), 3.0, device=device))
    assert counts.dtype is torch.float32 and bool((counts >= 0).all())
    assert counts.tolist() == [float(int(c)) for c in counts.tolist()]


def test_apply_and_map_change_storage_without_a_version_bump_as_pytorch():
    base = torch.ones(3)
    view = base[1:]
    view.apply_(lambda v: 7)
    assert base.tolist() == [1.0, 7.0, 7.0] and base._version == 0
    with pytest.raises(TypeError) as info:
        torch.ones(2, device="cuda").apply_(lambda v: v)
    assert str(info.value) == "apply_ is only implemented on CPU tensors"
