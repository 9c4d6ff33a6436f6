"""Shared fixtures: every op test runs on the CPU and on a simulated CUDA device; every
autograd test runs on both backward engines.

The simulated device is array-api-strict on a non-CPU device: it refuses implicit NumPy
conversion and mixing devices, as CuPy does, so it proves op code only uses the backend
interface. With a real GPU (`--real-cuda`, or AUTOGRAD_NB_REAL_CUDA=1), the `cuda` parameter runs
on CuPy instead; where CuPy finds no device, the suite says why and falls back to the simulation.

The test modules in BOTH_ENGINES run twice: once as they are (`backward_engine` "fast": the
fast pass wherever nothing watches backward) and once inside `engine.use_reference_only()`
("reference"), so the fast pass can never drift from the reference engine.
"""

from __future__ import annotations

import os

import pytest

from autograd_nb import backends
from autograd_nb.autograd import engine

# The modules whose tests exercise backward: each of their tests runs on both engines.
BOTH_ENGINES = {
    "test_autograd.py",
    "test_autograd_functional.py",
    "test_autograd_user_gradients.py",
    "test_binary_table.py",
    "test_gradcheck.py",
    "test_inplace.py",
    "test_view_history.py",
    "test_inplace_out.py",
    "test_seed_000.py",
    "test_seed_001.py",
    "test_seed_002.py",
    "test_seed_003.py",
    "test_seed_004.py",
    "test_indexing.py",
    "test_shape.py",
    "test_reduction.py",
    "test_signed_zeros.py",
    "test_scatter_variants.py",
    "test_opdb_gradients.py",
    # the destinations of test_missing_apis.py / test_missing_functions.py's tests (issue #26's fold)
    "test_argument_types.py",
    "test_distances.py",
    "test_linalg_decompositions.py",
    "test_more_tensor_ops.py",
    "test_special_fns.py",
    "test_tensorops.py",
    "test_unary_table.py",
    "test_bfloat16.py",
}


@pytest.fixture(autouse=True, scope="module")
def backward_engine(request):
    """ "fast" (the default) or "reference": which engine runs backward in this module's tests."""
    kind = getattr(request, "param", "fast")
    if kind == "reference":
        with engine.use_reference_only():
            yield kind
    else:
        yield kind


REAL_CUDA_ENV = "AUTOGRAD_NB_REAL_CUDA"
REAL_CUDA_FALLBACK = (
    "--real-cuda: no real CUDA device ({why}); the cuda half of the suite runs on the "
    "simulated device instead"
)


def pytest_addoption(parser):
    parser.addoption(
        "--no-simulated-cuda", action="store_true", help="run op tests on the CPU only"
    )
    parser.addoption(
        "--real-cuda",
        action="store_true",
        help=f"run the cuda half on the real GPU through CuPy (also {REAL_CUDA_ENV}=1)",
    )


def cuda_mode(config) -> tuple[str, str]:
    """('cpu-only' | 'simulated' | 'real', a line saying so) for the options given."""
    if config.getoption("--no-simulated-cuda"):
        return "cpu-only", "cuda parameter: off (--no-simulated-cuda)"
    if config.getoption("--real-cuda") or os.environ.get(REAL_CUDA_ENV) == "1":
        count, why = backends._probe_cupy()  # the real probe, whatever the simulation says
        if count:
            return "real", f"cuda parameter: the real GPU through CuPy ({count} device(s))"
        return "simulated", REAL_CUDA_FALLBACK.format(why=why.split(" To use")[0].strip())
    return "simulated", "cuda parameter: the simulated device (array-api-strict)"


def pytest_configure(config):
    mode, line = cuda_mode(config)
    config._cuda_mode = mode, line
    if mode != "cpu-only":
        backends.use_simulated_cuda(mode == "simulated")
    if line.startswith("--real-cuda"):
        config.issue_config_time_warning(pytest.PytestConfigWarning(line), stacklevel=2)


def pytest_report_header(config):
    return config._cuda_mode[1]


def pytest_collection_modifyitems(config, items):
    """Skip `gpu` tests, saying why, unless CuPy finds a real CUDA device."""
    gpu_items = [item for item in items if "gpu" in item.keywords]
    if not gpu_items:
        return
    count, why = backends._probe_cupy()  # the real probe, whatever the simulation says
    if count:
        return
    skip = pytest.mark.skip(reason=f"no real CUDA device: {why.split(' To use')[0]}")
    for item in gpu_items:
        item.add_marker(skip)


def pytest_generate_tests(metafunc):
    if os.path.basename(metafunc.module.__file__) in BOTH_ENGINES:
        metafunc.parametrize(
            "backward_engine", ["fast", "reference"], indirect=True, scope="module"
        )
    if "device" in metafunc.fixturenames:
        devices = ["cpu"]
        if not metafunc.config.getoption("--no-simulated-cuda"):
            devices.append("cuda")
        metafunc.parametrize("device", devices)


@pytest.fixture
def portable_bernoulli(monkeypatch):
    """Random values recorded on an AMD CPU, where PyTorch's bernoulli_(p) skips MKL: the same
    stream here on any CPU (on an Intel CPU our draws follow MKL's, as PyTorch's do)."""
    from autograd_nb.backends import host_random

    monkeypatch.setattr(host_random, "MKL_BERNOULLI", False)
