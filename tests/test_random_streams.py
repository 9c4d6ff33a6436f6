"""PyTorch's CPU random numbers, bit for bit: every sampler against values recorded from PyTorch 2.13.

tests/data/random_streams.json holds snippets and what they gave under PyTorch 2.13 (CPU, recorded
by tests/data/record_random_streams.py); each runs here unchanged with `torch` meaning autograd_nb.
"exact" cases must match to the last bit; "close" ones (float64 samples past 4096 values, whose
log / log1p NumPy computes with a last-bit difference now and then, and LAPACK's QR) to a few ulps.
"""

from __future__ import annotations

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
