"""PyTorch's CPU random numbers, bit for bit: every sampler against values recorded from PyTorch 2.13.

tests/data/random_streams.json holds snippets and what they gave under PyTorch 2.13 (CPU, recorded
by tests/data/record_random_streams.py); each runs here unchanged with `torch` meaning autograd_nb.
"exact" cases must match to the last bit; "close" ones (float64 samples past 4096 values, whose
log / log1p NumPy computes with a last-bit difference now and then, and LAPACK's QR) to a few ulps.
"""

from __future__ import annotations

# --- register_post_accumulate_grad_hook, on both backward engines ---------------------------------
import hashlib
import json
import pathlib
import timeit

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.backends import host_random
from autograd_nb.backends.host_random import STATE_BYTES, HostRandom
from autograd_nb.nn import functional as F
from tests._recorded import INF, check_recorded

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "random_streams.json").read_text())
CASES = {case["name"]: case for case in DATA["cases"]}
MKL = json.loads((pathlib.Path(__file__).parent / "data" / "mkl_bernoulli.json").read_text())


pytestmark = pytest.mark.usefixtures("portable_bernoulli")


def run(code: str) -> list:
    """The snippet's `out` under autograd_nb, as a list of tensors."""
    code = code.replace("from torch.", "from autograd_nb.").replace(
        "from torch import", "from autograd_nb import"
    )
    scope = {"torch": torch, "nn": nn, "F": F}
    exec(code, scope)
    out = scope["out"]
    return [t.detach() for t in (out if isinstance(out, list) else [out])]


def check(got, want: dict, match: str, where: str) -> None:
    assert str(got.dtype).removeprefix("torch.") == want["dtype"], where
    assert list(got.shape) == want["shape"], where
    array = np.ascontiguousarray(got.numpy())
    if "hex" in want:
        assert array.tobytes().hex() == want["hex"], where
    elif "sha256" in want:
        flat = array.reshape(-1)
        assert flat[:8].tolist() == want["head"], where
        assert flat[-8:].tolist() == want["tail"], where
        assert hashlib.sha256(array.tobytes()).hexdigest() == want["sha256"], where
    elif match == "exact":
        assert array.reshape(-1).tolist() == want["values"], where
    elif "every_97th" in want:
        expected = np.array(want["every_97th"], dtype=array.dtype)
        np.testing.assert_allclose(array.reshape(-1)[::97], expected, rtol=1e-13, atol=1e-15)
    else:
        expected = np.array(want["values"], dtype=array.dtype)
        eps = float(np.finfo(array.dtype).eps)
        np.testing.assert_allclose(array.reshape(-1), expected, rtol=64 * eps, atol=8 * eps)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    case = CASES[name]
    got = run(case["code"])
    assert len(got) == len(case["out"])
    for i, (g, want) in enumerate(zip(got, case["out"])):
        check(g, want, case["match"], f"{name}[{i}]")


def test_large_float64_samples_are_mostly_exact():
    """Past 4096 values the float64 log / log1p are NumPy's: the last bit differs now and then."""
    for name in ("large-torch.randn(20000, dtype=torch.float64)",):
        (got,) = run(CASES[name]["code"])
        sample = got.numpy()[::97]
        expected = np.array(CASES[name]["out"][0]["every_97th"])
        assert np.mean(sample == expected) > 0.95


def test_set_rng_state_takes_pytorchs_bytes():
    """A state PyTorch wrote restores its stream here: the same bytes back, PyTorch's next draws."""
    state, after = CASES["state-midblock"]["out"]
    torch.set_rng_state(torch.tensor(list(bytes.fromhex(state["hex"])), dtype=torch.uint8))
    assert torch.get_rng_state().numpy().tobytes().hex() == state["hex"]
    assert torch.rand(3).tolist() == after["values"]


def test_state_round_trip_and_errors():
    g = torch.Generator().manual_seed(5)
    torch.randn(3, generator=g)
    state = g.get_state()
    assert state.dtype is torch.uint8 and state.numel() == STATE_BYTES
    first = torch.randn(7, generator=g)
    g.set_state(state)
    assert torch.equal(torch.randn(7, generator=g), first)
    now = g.get_state()
    with pytest.raises(RuntimeError, match="of size 5056 but found the input RNG state size"):
        g.set_state(torch.zeros(10, dtype=torch.uint8))
    with pytest.raises(TypeError, match="RNG state must be a torch.ByteTensor"):
        g.set_state(torch.zeros(5056))
    bad = state.clone()
    bad[8:12] = 0  # `left` = 0 is no state PyTorch can be in
    with pytest.raises(RuntimeError, match="Invalid mt19937 state"):
        g.set_state(bad)
    assert torch.equal(g.get_state(), now)  # a refused state changes nothing


def test_manual_seed_and_initial_seed():
    torch.manual_seed(123)
    assert torch.initial_seed() == 123
    a = torch.rand(4)
    torch.manual_seed(123)
    assert torch.equal(torch.rand(4), a)
    assert torch.Generator().initial_seed() == 67280421310721  # PyTorch's default seed
    new = torch.seed()
    assert torch.initial_seed() == new


def test_size_keyword_errors():
    with pytest.raises(
        TypeError, match=r"rand\(\): argument 'size' must be tuple of ints, not int"
    ):
        torch.rand(size=3)
    with pytest.raises(TypeError, match="multiple values for argument 'size'"):
        torch.randn(2, size=(2, 3))
    assert torch.full(size=(2,), fill_value=3.0).tolist() == [3.0, 3.0]
    assert torch.randint(low=0, high=5, size=(3,)).shape == (3,)


def test_exponential_errors():
    with pytest.raises(
        RuntimeError, match=r"exponential_ expects lambda > 0.0, but found lambda=-1$"
    ):
        torch.empty(3).exponential_(-1.0)
    with pytest.raises(RuntimeError, match="dtype must be a floating point but you specified Long"):
        torch.empty(3, dtype=torch.int64).exponential_()
    x = torch.zeros(3, requires_grad=True).clone()
    assert type(x.exponential_().grad_fn).__name__ == "ExponentialBackward0"


@pytest.mark.parametrize("case", MKL, ids=lambda c: f"{c['seed']}-{c['n']}-{c['p']}")
def test_mcg31_bernoulli_matches_mkl(case):
    """Intel CPUs: the MCG31 stream and ICDF comparison of MKL's viRngBernoulli."""
    flips = host_random._mcg31_uniforms(case["seed"], case["n"]) < np.float32(case["p"])
    assert "".join(map(str, flips.astype(int))) == case["bits"]


def test_bernoulli_on_intel_seeds_mkl_with_one_word(monkeypatch):
    monkeypatch.setattr(host_random, "MKL_BERNOULLI", True)
    random = HostRandom(3)
    flips = random.bernoulli((1000,), np.float32, 0.3)
    after = random.uniform((2,), np.float32)
    reference = HostRandom(3)
    seed = int(reference.words(1)[0])
    assert np.array_equal(flips, host_random._mcg31_uniforms(seed, 1000) < np.float32(0.3))
    assert np.array_equal(after, reference.uniform((2,), np.float32))
    torch.manual_seed(0)
    kept = F.dropout(torch.ones(8), 0.5)
    seed = int(HostRandom(0).words(1)[0])  # the default generator's first word after seed 0
    mask = host_random._mcg31_uniforms(seed, 8) < np.float32(0.5)
    assert kept.tolist() == (mask * 2.0).tolist()


def test_host_random_is_vectorised():
    """Bulk draws are whole-array NumPy: a million normals cost tens of milliseconds."""
    random = HostRandom(0)
    seconds = min(
        timeit.repeat(lambda: random.normal((1_000_000,), np.float32), number=1, repeat=3)
    )
    assert seconds < 0.5


def test_torch_random_module_and_fork_rng():
    torch.random.manual_seed(0)
    assert torch.random.initial_seed() == 0
    with torch.random.fork_rng():
        inside = torch.randn(3)  # leaves a cached normal behind: restored too
    assert torch.equal(torch.randn(3), inside)
    with torch.random.fork_rng(enabled=False):
        torch.rand(2)
    assert torch.random.get_rng_state().numel() == STATE_BYTES


# --- cauchy_, log_normal_, geometric_, poisson on PyTorch's CPU stream; apply_/map_; register_post_accumulate_grad_hook: recorded from PyTorch 2.13 ---
# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES_S10 = [
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


@pytest.mark.parametrize(
    ("expr", "expected"), [c[1:] for c in CASES_S10], ids=[c[0] for c in CASES_S10]
)
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


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
